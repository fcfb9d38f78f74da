/// A tap, or a double tap, as `UITapGestureRecognizer`: the button goes down and up
/// ``numberOfTapsRequired`` times, each press within ``maximumTapInterval`` of the last release
/// and none straying more than ``allowableMovement`` cells from the first. It is discrete:
/// recognized (``GestureRecognizer/State-swift.enum/ended``) at the last release, or failed.
///
/// To tell a single tap from a double tap, make the single tap wait for the double to fail;
/// the single tap then comes ``maximumTapInterval`` after its release:
///
/// ```swift
/// let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in zoomToFit() }
/// let tap = TapGestureRecognizer { _ in bringToFront() }
/// tap.require(toFail: doubleTap)
/// ```
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// The taps that make the gesture (1 by default; 2 for a double tap).
    public var numberOfTapsRequired: Int
    /// How long after a release the next press may come, for a multiple tap.
    public var maximumTapInterval: Duration = .milliseconds(350)
    /// How far, in cells across or down, the pointer may move from the first press.
    public var allowableMovement = 1
    /// Keys that make the gesture at once, at the place the owner gives (Enter on a focused
    /// item, say); none by default.
    public var keyEquivalents: Set<Key> = []

    private var tapsSoFar = 0
    private var start = Point.zero

    /// A recognizer of `numberOfTapsRequired` taps that runs `action` when it recognizes.
    public init(numberOfTapsRequired: Int = 1, action: (@MainActor (TapGestureRecognizer) -> Void)? = nil) {
        self.numberOfTapsRequired = max(1, numberOfTapsRequired)
        super.init()
        if let action { addTarget { recognizer in (recognizer as? TapGestureRecognizer).map(action) } }
    }

    override func reset() {
        super.reset()
        tapsSoFar = 0
    }

    override func pressBegan(at point: Point, now: ContinuousClock.Instant) {
        deadline = nil
        if tapsSoFar == 0 {
            start = point
        } else if !isNear(point) {
            request(.failed)
        }
    }

    override func pressMoved(to point: Point, now: ContinuousClock.Instant) {
        if !isNear(point) { request(.failed) }
    }

    override func pressEnded(at point: Point, now: ContinuousClock.Instant) {
        guard isNear(point) else { return request(.failed) }
        tapsSoFar += 1
        if tapsSoFar >= numberOfTapsRequired {
            location = start
            request(.recognized)
        } else {
            deadline = now + maximumTapInterval
        }
    }

    override func deadlinePassed(now: ContinuousClock.Instant) {
        request(.failed)
    }

    override func takes(_ key: Key) -> Bool { keyEquivalents.contains(key) }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard keyEquivalents.contains(key) else { return false }
        request(.recognized)
        return true
    }

    private func isNear(_ point: Point) -> Bool {
        abs(point.x - start.x) <= allowableMovement && abs(point.y - start.y) <= allowableMovement
    }
}

/// A press held still, as `UILongPressGestureRecognizer`: it begins once the button has been
/// down ``minimumPressDuration`` without moving more than ``allowableMovement`` cells, follows
/// the pointer (changed) and ends at the release. Moving too far or letting go before then
/// fails it. The terminal reports the press and the release; the wait between them is the
/// arena's deadline.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the button must be held.
    public var minimumPressDuration: Duration = .milliseconds(500)
    /// How far, in cells across or down, the pointer may move before the press is long enough.
    public var allowableMovement = 1
    /// Keys that make the gesture at once (it begins and ends), at the place the owner gives.
    public var keyEquivalents: Set<Key> = []

    private var start = Point.zero

    /// A recognizer that runs `action` as the press begins, moves and ends.
    public init(action: (@MainActor (LongPressGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addTarget { recognizer in (recognizer as? LongPressGestureRecognizer).map(action) } }
    }

    override func pressBegan(at point: Point, now: ContinuousClock.Instant) {
        start = point
        // No wait at all: the press itself begins it, as UIKit's long press of duration zero
        // serves to follow a touch from the moment it lands.
        if minimumPressDuration <= .zero { return request(.began) }
        deadline = now + minimumPressDuration
    }

    override func pressMoved(to point: Point, now: ContinuousClock.Instant) {
        switch state {
        case .possible:
            if abs(point.x - start.x) > allowableMovement || abs(point.y - start.y) > allowableMovement { request(.failed) }
        case .began, .changed:
            request(.changed)
        default:
            break
        }
    }

    override func pressEnded(at point: Point, now: ContinuousClock.Instant) {
        if state == .possible { return request(.failed) }
        request(.ended)
    }

    override func deadlinePassed(now: ContinuousClock.Instant) {
        location = start
        request(.began)
    }

    override func takes(_ key: Key) -> Bool { keyEquivalents.contains(key) }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard keyEquivalents.contains(key) else { return false }
        request(.began)
        request(.ended)
        return true
    }
}

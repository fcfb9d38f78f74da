/// A speed across the screen, in cells per second (a line is a cell down).
public struct GestureVelocity: Hashable, Sendable {
    /// Across, positive to the right.
    public var x: Double
    /// Down, positive downwards.
    public var y: Double

    /// Creates a velocity.
    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// No motion.
    public static let zero = GestureVelocity(x: 0, y: 0)
}

/// The pointer's recent places, for its speed: the way it went over the last
/// ``VelocityTracker/window``, so that a drag held still and then let go has no speed left,
/// while one let go in motion flings.
struct VelocityTracker {
    /// How far back the samples reach (UIKit's pan looks back about this far).
    static let window: Duration = .milliseconds(100)

    private var samples: [(time: ContinuousClock.Instant, point: Point)] = []

    mutating func reset() { samples = [] }

    mutating func add(_ point: Point, at time: ContinuousClock.Instant) {
        samples.append((time, point))
        samples.removeAll { time - $0.time > Self.window }
    }

    /// The speed over the samples in the window (the last ``add(_:at:)`` dropped older ones);
    /// zero with fewer than two.
    func velocity() -> GestureVelocity {
        guard let first = samples.first, let last = samples.last else { return .zero }
        let seconds = Double((last.time - first.time) / .microseconds(1)) / 1_000_000
        guard seconds > 0 else { return .zero }
        return GestureVelocity(x: Double(last.point.x - first.point.x) / seconds, y: Double(last.point.y - first.point.y) / seconds)
    }
}

/// A drag, as `UIPanGestureRecognizer`: it begins once the pointer has moved
/// ``minimumDistance`` cells with the button down, changes as it moves, and ends at the
/// release, with the ``translation`` from the press and the ``velocity`` of the last tenth of
/// a second — the speed a fling glides off with (see ``Deceleration``).
@MainActor
public final class PanGestureRecognizer: GestureRecognizer {
    /// How far, in cells across or down, the pointer moves before the pan begins.
    public var minimumDistance = 1
    /// Keys that move by a step at once (the gesture begins and ends), with the step each makes:
    /// the arrows of a board that moves its photo a cell at a time, say. None by default.
    public var keyTranslations: [Key: Point] = [:]

    /// The kinds of scrolling that drive a pan, as UIKit's `UIScrollTypeMask`.
    public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates a mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The notches of a mouse wheel: each moves the pan a line (with Shift, a column).
        public static let discrete = ScrollTypeMask(rawValue: 1)
        /// Every kind a terminal reports: its wheel's notches.
        public static let all: ScrollTypeMask = [.discrete]
    }

    /// The scrolling that drives the pan besides a drag (none by default), as UIKit's
    /// `allowedScrollTypesMask`: with ``ScrollTypeMask/discrete``, each plain notch of the
    /// wheel over the recognizer's part moves the translation a line the way a drag would
    /// (the wheel turned up, away from the person, as a drag down), Shift and the wheel a
    /// column; a run of notches is one pan, which ends a quiet 0.3 s after the last.
    public var allowedScrollTypesMask: ScrollTypeMask = []

    /// How far the pointer has moved since the press (or since ``setTranslation(_:)``).
    public private(set) var translation = Point.zero
    /// How fast the pointer moves, in cells per second; at the end, the speed it was let go with.
    public private(set) var velocity = GestureVelocity.zero

    private var start = Point.zero
    private var tracker = VelocityTracker()
    /// Whether the pan under way is the wheel's, which ends after a quiet rather than at a release.
    private var isScrolling = false

    /// A recognizer that runs `action` as the pan begins, moves and ends.
    public init(action: (@MainActor (PanGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addTarget { recognizer in (recognizer as? PanGestureRecognizer).map(action) } }
    }

    /// Makes the translation `translation` from here on, as UIKit's: an action that applies
    /// each change as it comes sets it back to zero.
    public func setTranslation(_ translation: Point) {
        start = Point(x: location.x - translation.x, y: location.y - translation.y)
        self.translation = translation
    }

    override func reset() {
        super.reset()
        tracker.reset()
        translation = .zero
        velocity = .zero
        isScrolling = false
    }

    override func wheel(up: Bool, modifiers: MouseEvent.Modifiers, at point: Point, now: ContinuousClock.Instant) -> Bool {
        // Control and Alt make the wheel a pinch and a rotation.
        guard allowedScrollTypesMask.contains(.discrete), modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        guard state == .possible || isScrolling else { return false }
        isScrolling = true
        let step = up ? 1 : -1
        translation = modifiers.contains(.shift) ? Point(x: translation.x + step, y: translation.y) : Point(x: translation.x, y: translation.y + step)
        velocity = .zero
        StepTracker.step(self, now: now)
        return true
    }

    override var endsAfterQuiet: Bool { isScrolling }

    override func deadlinePassed(now: ContinuousClock.Instant) {
        if isScrolling { request(.ended) }
    }

    override func pressBegan(at point: Point, now: ContinuousClock.Instant) {
        start = point
        tracker.reset()
        tracker.add(point, at: now)
    }

    override func pressMoved(to point: Point, now: ContinuousClock.Instant) {
        tracker.add(point, at: now)
        translation = Point(x: point.x - start.x, y: point.y - start.y)
        velocity = tracker.velocity()
        switch state {
        case .possible:
            if abs(translation.x) >= minimumDistance || abs(translation.y) >= minimumDistance { request(.began) }
        case .began, .changed:
            request(.changed)
        default:
            break
        }
    }

    override func pressEnded(at point: Point, now: ContinuousClock.Instant) {
        guard state == .began || state == .changed else { return request(.failed) }
        tracker.add(point, at: now)
        translation = Point(x: point.x - start.x, y: point.y - start.y)
        velocity = tracker.velocity()
        request(.ended)
    }

    override func takes(_ key: Key) -> Bool { keyTranslations[key] != nil }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard let step = keyTranslations[key] else { return false }
        translation = step
        velocity = .zero
        request(.began)
        request(.ended)
        return true
    }
}

/// A quick stroke in one direction, as `UISwipeGestureRecognizer`: discrete, recognized as soon
/// as the pointer has gone ``minimumDistance`` along one of the allowed ``direction``s, mostly
/// along it, at ``minimumSpeed`` or more, within ``maximumDuration`` of the press. A slower or
/// crooked stroke fails, as does a release before it got there.
@MainActor
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions of a swipe.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Creates directions from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// To the right.
        public static let right = Direction(rawValue: 1)
        /// To the left.
        public static let left = Direction(rawValue: 2)
        /// Up.
        public static let up = Direction(rawValue: 4)
        /// Down.
        public static let down = Direction(rawValue: 8)
    }

    /// The directions recognized; UIKit's default is right only.
    public var direction: Direction = .right
    /// How far the stroke goes, in columns; a vertical stroke needs half as many lines, as a
    /// cell is about twice as tall as wide.
    public var minimumDistance = 4
    /// How fast, in columns per second (half that in lines).
    public var minimumSpeed = 20.0
    /// How long after the press the stroke may take.
    public var maximumDuration: Duration = .milliseconds(600)
    /// Keys that are the swipe at once, with its direction (the swipe menu's Shift-arrows).
    public var keyEquivalents: [Key: Direction] = [:]

    /// The direction of the stroke that was recognized.
    public private(set) var recognizedDirection: Direction = []

    private var start = Point.zero
    private var startTime = ContinuousClock.now
    private var tracker = VelocityTracker()

    /// A recognizer of swipes in `direction` that runs `action` when it recognizes.
    public init(direction: Direction = .right, action: (@MainActor (SwipeGestureRecognizer) -> Void)? = nil) {
        self.direction = direction
        super.init()
        if let action { addTarget { recognizer in (recognizer as? SwipeGestureRecognizer).map(action) } }
    }

    override func reset() {
        super.reset()
        tracker.reset()
        recognizedDirection = []
    }

    override func pressBegan(at point: Point, now: ContinuousClock.Instant) {
        start = point
        startTime = now
        tracker.reset()
        tracker.add(point, at: now)
    }

    override func pressMoved(to point: Point, now: ContinuousClock.Instant) {
        tracker.add(point, at: now)
        judge(point, now: now, isRelease: false)
    }

    override func pressEnded(at point: Point, now: ContinuousClock.Instant) {
        tracker.add(point, at: now)
        judge(point, now: now, isRelease: true)
    }

    override func takes(_ key: Key) -> Bool { keyEquivalents[key].map { direction.contains($0) } ?? false }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard let keyed = keyEquivalents[key], direction.contains(keyed) else { return false }
        recognizedDirection = keyed
        request(.recognized)
        return true
    }

    /// Recognizes the stroke so far if it is a swipe, fails it if it can no longer become one.
    private func judge(_ point: Point, now: ContinuousClock.Instant, isRelease: Bool) {
        if now - startTime > maximumDuration { return request(.failed) }
        // Lines count double, so that a stroke's direction is judged by its look.
        let across = Double(point.x - start.x), down = Double(point.y - start.y) * 2
        let velocity = tracker.velocity()
        let speedAcross = abs(velocity.x), speedDown = abs(velocity.y) * 2
        let stroke: Direction
        let distance: Double, speed: Double
        if abs(across) >= abs(down) {
            stroke = across >= 0 ? .right : .left
            (distance, speed) = (abs(across), speedAcross)
        } else {
            stroke = down >= 0 ? .down : .up
            (distance, speed) = (abs(down), speedDown)
        }
        let isStraight = min(abs(across), abs(down)) <= max(abs(across), abs(down)) / 2
        if distance >= Double(minimumDistance) {
            if isStraight && direction.contains(stroke) && speed >= minimumSpeed {
                recognizedDirection = stroke
                return request(.recognized)
            }
            if !isStraight || !direction.contains(stroke) { return request(.failed) }
        }
        if isRelease { request(.failed) }
    }
}

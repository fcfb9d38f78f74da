/// Turns mouse reports (and keys) into one gesture, as `UIGestureRecognizer` turns touches into
/// taps, pans and pinches. A recognizer belongs to a ``GestureArena``, which feeds it the
/// mouse, settles which recognizers may recognize together (``require(toFail:)``, the
/// ``delegate``'s simultaneous recognition) and calls each recognizer's actions as its
/// ``state`` changes.
///
/// A discrete gesture (a tap, a swipe) goes from ``State-swift.enum/possible`` straight to
/// ``State-swift.enum/ended`` (``State-swift.enum/recognized``), or to
/// ``State-swift.enum/failed``. A continuous one (a pan, a long press, a pinch, a rotation)
/// goes through ``State-swift.enum/began``, ``State-swift.enum/changed`` as it moves, and
/// ``State-swift.enum/ended`` or ``State-swift.enum/cancelled``. Its actions run on every one
/// of those changes; failing runs none.
@MainActor
public class GestureRecognizer {
    /// Where a recognizer is in its gesture, as `UIGestureRecognizer.State`.
    public enum State: Hashable, Sendable {
        /// Not recognized yet: the start of every gesture.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture moved on.
        case changed
        /// The gesture is over: a continuous one ended, or a discrete one was recognized.
        case ended
        /// A continuous gesture was cancelled (its arena was reset, say, or the screen left).
        case cancelled
        /// The input was not this gesture, or another gesture won.
        case failed

        /// A discrete gesture was recognized: the same state as ``ended``.
        public static let recognized = State.ended

        /// Whether the gesture is over: ended, cancelled or failed.
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Whether the gesture is under way or done: began, changed or ended.
        var hasRecognized: Bool { self == .began || self == .changed || self == .ended }
    }

    /// Where the recognizer is in its gesture.
    public internal(set) var state: State = .possible
    /// Whether the recognizer takes input; turning it off mid-gesture cancels the gesture.
    public var isEnabled = true {
        didSet { if !isEnabled, state == .began || state == .changed { arena?.cancel(self) } }
    }
    /// Asked whether the recognizer may begin and whether it may recognize together with another.
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// Where the gesture is, in the arena's cells: the press, or the pointer's last place.
    public internal(set) var location = Point.zero
    /// The arena the recognizer belongs to.
    weak var arena: GestureArena?

    /// The states the recognizer asked for and the arena has not granted yet, in order: a tap
    /// recognized while a double tap it must wait for is still possible; a long press by its
    /// key that begins and ends at once.
    var pendingStates: [State] = []
    /// Whether the recognizer has taken part of the input since its last reset: one that has
    /// not cannot hold up a recognizer that requires it to fail.
    var isTracking = false
    /// When the recognizer wants to hear the time again (a double tap's wait, a long press's
    /// hold, the quiet after a pinch's last step); `nil` for never.
    var deadline: ContinuousClock.Instant?

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakRecognizer] = []

    /// Creates a recognizer with no actions; add them with ``addTarget(_:)``. Only the
    /// library's recognizers are made: the input methods a subclass overrides are internal.
    init() {}

    /// Adds an action, run on every change of state except to ``State-swift.enum/failed``, as
    /// UIKit's `addTarget(_:action:)`.
    public func addTarget(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Makes this recognizer wait until `other` fails before it recognizes, and fail if `other`
    /// recognizes: a single tap that waits for a double tap to fail.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self else { return }
        failureRequirements.append(WeakRecognizer(other))
    }

    /// The recognizers this one waits on.
    var requirements: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    /// Runs the actions for the current state.
    func sendActions() {
        for action in actions { action(self) }
    }

    /// Asks the arena to move to `newState`; the arena grants it now, later, or fails the
    /// recognizer instead.
    func request(_ newState: State) {
        if newState == .failed {
            state = .failed
            pendingStates = []
            deadline = nil
            return
        }
        pendingStates.append(newState)
    }

    /// Back to the start, ready for a new gesture. Subclasses forget their gesture here.
    func reset() {
        state = .possible
        pendingStates = []
        deadline = nil
        isTracking = false
    }

    // The input, as the arena hands it out; subclasses override what they use. Positions are
    // in the arena's cells, `now` is the input's time.

    /// The button went down.
    func pressBegan(at point: Point, now: ContinuousClock.Instant) {}
    /// The pointer moved with the button down.
    func pressMoved(to point: Point, now: ContinuousClock.Instant) {}
    /// The button came up.
    func pressEnded(at point: Point, now: ContinuousClock.Instant) {}
    /// The wheel turned one notch (`up` away from the person) with `modifiers` held; whether
    /// the recognizer took it.
    func wheel(up: Bool, modifiers: MouseEvent.Modifiers, at point: Point, now: ContinuousClock.Instant) -> Bool { false }
    /// A key; whether the recognizer took it as its gesture's key equivalent.
    func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool { false }
    /// Whether `key` is one of the recognizer's own keys (asked without acting on it).
    func takes(_ key: Key) -> Bool { false }
    /// Whether the gesture goes in steps and ends after a quiet (a pinch, a rotation): another
    /// input ends it at once rather than wait for the quiet.
    var endsAfterQuiet: Bool { false }
    /// The ``deadline`` passed.
    func deadlinePassed(now: ContinuousClock.Instant) {}
}

/// A weak reference, so that two recognizers waiting on each other do not keep each other.
private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// Decides, for a recognizer, what UIKit's `UIGestureRecognizerDelegate` decides: whether it
/// may begin, and whether it may recognize while another recognizes.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `recognizer` may leave ``GestureRecognizer/State-swift.enum/possible`` (default:
    /// yes); answering no fails it.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether `recognizer` takes a press, or a notch of the wheel, at `point` (default: yes);
    /// one that does not sits the gesture out.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceivePressAt point: Point) -> Bool
    /// Whether `recognizer` and `other` may both recognize at once (default: no): a pinch
    /// and a rotation of the same photo.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Yes, by default.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Yes, by default.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceivePressAt point: Point) -> Bool { true }
    /// No, by default.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
}

/// A terminal has no two fingers, so a pinch or a rotation comes in steps: a notch of the wheel
/// with a modifier held, or a key. The first step begins the gesture, each further step changes
/// it, and a quiet ``quietInterval`` after the last one ends it — so that a run of notches is
/// one gesture, as one movement of two fingers is.
struct StepTracker {
    /// How long after the last step the gesture ends.
    static let quietInterval: Duration = .milliseconds(300)

    /// Asks `recognizer` for the state a new step brings, and waits again for the quiet.
    @MainActor
    static func step(_ recognizer: GestureRecognizer, now: ContinuousClock.Instant) {
        recognizer.request(recognizer.state == .possible ? .began : .changed)
        recognizer.deadline = now + quietInterval
    }
}

/// A pinch, as `UIPinchGestureRecognizer`: ``scale`` grows by ``stepFactor`` with each notch
/// of the wheel turned up while Control is held (or each key of ``zoomInKeys``), and shrinks
/// by it turning down (``zoomOutKeys``). Many terminals keep Ctrl-wheel to change their font
/// size; the keys always work.
@MainActor
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the gesture began (1 at the start); an action that applies each change
    /// as it comes sets it back to 1, as with UIKit's.
    public var scale = 1.0
    /// The scale's rate of change, per second, over the last step.
    public private(set) var velocity = 0.0
    /// What one step multiplies the scale by.
    public var stepFactor = 1.1
    /// The modifier the wheel needs to pinch.
    public var wheelModifiers: MouseEvent.Modifiers = .control
    /// Keys that scale up by a step.
    public var zoomInKeys: Set<Key> = []
    /// Keys that scale down by a step.
    public var zoomOutKeys: Set<Key> = []

    private var lastStep: ContinuousClock.Instant?

    /// A recognizer that runs `action` as the pinch begins, changes and ends.
    public init(action: (@MainActor (PinchGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addTarget { recognizer in (recognizer as? PinchGestureRecognizer).map(action) } }
    }

    override func reset() {
        super.reset()
        scale = 1
        velocity = 0
        lastStep = nil
    }

    override func wheel(up: Bool, modifiers: MouseEvent.Modifiers, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard modifiers.contains(wheelModifiers) else { return false }
        step(up: up, now: now)
        return true
    }

    override func takes(_ key: Key) -> Bool { zoomInKeys.contains(key) || zoomOutKeys.contains(key) }
    override var endsAfterQuiet: Bool { true }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        if zoomInKeys.contains(key) { step(up: true, now: now); return true }
        if zoomOutKeys.contains(key) { step(up: false, now: now); return true }
        return false
    }

    override func deadlinePassed(now: ContinuousClock.Instant) {
        velocity = 0
        request(.ended)
    }

    private func step(up: Bool, now: ContinuousClock.Instant) {
        let before = scale
        scale *= up ? stepFactor : 1 / stepFactor
        if let lastStep, now > lastStep {
            velocity = (scale - before) / (Double((now - lastStep) / .microseconds(1)) / 1_000_000)
        }
        lastStep = now
        StepTracker.step(self, now: now)
    }
}

/// A rotation, as `UIRotationGestureRecognizer`: ``rotation`` turns by ``stepAngle`` radians
/// clockwise with each notch of the wheel turned down while Alt is held (or each key of
/// ``clockwiseKeys``), and back turning up (``counterclockwiseKeys``).
@MainActor
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The angle turned since the gesture began, in radians, clockwise positive (as on
    /// screen, where y grows downwards).
    public var rotation = 0.0
    /// The angle of one step, in radians (15° by default).
    public var stepAngle = Double.pi / 12
    /// The modifier the wheel needs to rotate.
    public var wheelModifiers: MouseEvent.Modifiers = .alt
    /// Keys that turn clockwise by a step.
    public var clockwiseKeys: Set<Key> = []
    /// Keys that turn counterclockwise by a step.
    public var counterclockwiseKeys: Set<Key> = []

    /// A recognizer that runs `action` as the rotation begins, changes and ends.
    public init(action: (@MainActor (RotationGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addTarget { recognizer in (recognizer as? RotationGestureRecognizer).map(action) } }
    }

    override func reset() {
        super.reset()
        rotation = 0
    }

    override func wheel(up: Bool, modifiers: MouseEvent.Modifiers, at point: Point, now: ContinuousClock.Instant) -> Bool {
        guard modifiers.contains(wheelModifiers) else { return false }
        rotation += up ? -stepAngle : stepAngle
        StepTracker.step(self, now: now)
        return true
    }

    override func takes(_ key: Key) -> Bool { clockwiseKeys.contains(key) || counterclockwiseKeys.contains(key) }
    override var endsAfterQuiet: Bool { true }

    override func key(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        if clockwiseKeys.contains(key) { rotation += stepAngle } else if counterclockwiseKeys.contains(key) { rotation -= stepAngle } else { return false }
        StepTracker.step(self, now: now)
        return true
    }

    override func deadlinePassed(now: ContinuousClock.Instant) {
        request(.ended)
    }
}

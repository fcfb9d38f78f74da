/// A value that slides from one number to another over a short time, easing out: a pure
/// timeline, asked for its value at a given instant (the tab bar's indicator uses it).
///
/// Nothing here reads the clock: the owner passes the instants, so tests use fixed ones.
/// A zero (or negative) duration is instant: the value is `to` from the start (for
/// `--no-animation`).
struct SlideAnimation: Hashable, Sendable {
    /// The value at the start.
    public let from: Double
    /// The value at the end and after it.
    public let to: Double
    /// When the slide begins.
    public let start: ContinuousClock.Instant
    /// How long the slide takes.
    public let duration: Duration

    /// Creates a slide from `from` to `to` that begins at `start` and takes `duration`.
    public init(from: Double, to: Double, start: ContinuousClock.Instant, duration: Duration = .milliseconds(150)) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    /// Whether the duration is zero or less, so the slide jumps straight to `to`.
    public var isInstant: Bool { duration <= .zero }

    /// The instant the slide ends.
    public var end: ContinuousClock.Instant { isInstant ? start : start + duration }

    /// The value at `instant`: exactly `from` at (and before) the start, exactly `to` at and
    /// after the end, easing out in between (cubic: fast at first, settling gently).
    public func value(at instant: ContinuousClock.Instant) -> Double {
        if isInstant || instant >= end { return to }
        if instant <= start { return from }
        let progress = (instant - start) / duration
        let t = min(max(progress, 0), 1)
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        return from + (to - from) * eased
    }

    /// Whether the slide has reached `to` at `instant`.
    public func isFinished(at instant: ContinuousClock.Instant) -> Bool {
        isInstant || instant >= end
    }

    /// A slide to a new target that starts at `instant` from the value this one has then,
    /// with the same duration, so the motion never jumps. Retargeting to the current target
    /// keeps this slide as it is.
    public func retargeted(to target: Double, at instant: ContinuousClock.Instant) -> SlideAnimation {
        if target == to { return self }
        return SlideAnimation(from: value(at: instant), to: target, start: instant, duration: duration)
    }
}

/// The recognizers of one area of the screen (a view, in UIKit's terms), and the one path by
/// which the mouse reaches them: each report goes to every recognizer that takes part, and the
/// arena settles who recognizes — a recognizer waits for those it ``GestureRecognizer/require(toFail:)``
/// to fail, and one that begins makes the others fail unless a delegate lets them recognize
/// together.
///
/// Time comes in with the input (`now`), so a test drives the arena with a clock of its own.
/// A recognizer that waits for time (a double tap's second tap, a long press's hold) sets a
/// deadline; the arena's owner asks for ``nextDeadline`` and calls ``advance(to:)`` then
/// (a screen posts itself a letter for that moment, ``Screen/post(after:_:)``). Every input
/// advances the arena to its own time first, so a late letter changes nothing.
///
/// ```swift
/// let arena = GestureArena()
/// let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in zoom() }
/// let tap = TapGestureRecognizer { _ in bringToFront() }
/// tap.require(toFail: doubleTap)
/// arena.addGestureRecognizer(doubleTap)
/// arena.addGestureRecognizer(tap)
/// arena.handle(mouse, now: .now)
/// ```
@MainActor
public final class GestureArena {
    /// The recognizers, in the order they were added: the order they hear each input.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Whether the button is down.
    public private(set) var isPressed = false
    /// The recognizers that took the press under way.
    private var participants: [GestureRecognizer] = []

    /// Creates an arena with no recognizers.
    public init() {}

    /// Adds `recognizer`, which then hears the arena's input.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.arena = self
        gestureRecognizers.append(recognizer)
    }

    /// Adds `recognizer` for one part of the area (a button, a row, one wheel of a picker): it
    /// takes only the presses `receives` accepts, positions in the arena's cells, and begins
    /// only when `begins` allows. The arena keeps the delegate that asks them, in place of the
    /// recognizer's own; it goes when the recognizer is removed.
    ///
    /// ```swift
    /// arena.addGestureRecognizer(TapGestureRecognizer { _ in save() },
    ///                            receivingPressesWhere: { saveButton.contains($0) })
    /// ```
    public func addGestureRecognizer(_ recognizer: GestureRecognizer,
                                     receivingPressesWhere receives: @escaping @MainActor (Point) -> Bool,
                                     beginningWhen begins: @escaping @MainActor (GestureRecognizer) -> Bool = { _ in true }) {
        let gate = ClosureDelegate(receives: receives, begins: begins)
        gates[ObjectIdentifier(recognizer)] = gate
        recognizer.delegate = gate
        addGestureRecognizer(recognizer)
    }

    /// The delegates ``addGestureRecognizer(_:receivingPressesWhere:beginningWhen:)`` made,
    /// held here: a recognizer holds its delegate weakly.
    private var gates: [ObjectIdentifier: ClosureDelegate] = [:]

    /// Removes `recognizer`; a gesture it had under way is cancelled.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gates[ObjectIdentifier(recognizer)] = nil
        cancel(recognizer)
        recognizer.reset()
        recognizer.arena = nil
        gestureRecognizers.remove(at: index)
        participants.removeAll { $0 === recognizer }
    }

    /// The earliest moment a recognizer waits for, if any: call ``advance(to:)`` then.
    public var nextDeadline: ContinuousClock.Instant? {
        gestureRecognizers.compactMap(\.deadline).min()
    }

    /// Whether a gesture is under way: the button is down, or a recognizer waits for time.
    public var isTracking: Bool {
        isPressed || gestureRecognizers.contains { $0.state == .began || $0.state == .changed || $0.deadline != nil || !$0.pendingStates.isEmpty }
    }

    /// Hands a mouse report to the recognizers; positions are in the arena's cells. Returns
    /// whether a recognizer took it (a press, drag or release that some recognizer follows; a
    /// wheel notch that a pinch or rotation turned into its gesture). A wheel notch no
    /// recognizer takes is the owner's to scroll with.
    @discardableResult
    public func handle(_ mouse: MouseEvent, now: ContinuousClock.Instant) -> Bool {
        advance(to: now)
        let point = mouse.position
        var taken = false
        switch mouse.kind {
        case .press:
            // A press while one is down means the release was lost: end that press first.
            if isPressed {
                release(at: point, now: now)
                settle()
            }
            resetFinishedGestures()
            isPressed = true
            let receiving = gestureRecognizers.filter { recognizer in
                recognizer.isEnabled && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceivePressAt: point) ?? true
            }
            // A pan the wheel drives ends at a press on its part, and takes the press afresh.
            endQuietGestures(blocking: receiving, includingThemselves: true)
            resetFinishedGestures()
            participants = receiving.filter { $0.state == .possible && $0.pendingStates.isEmpty }
            for recognizer in participants {
                recognizer.isTracking = true
                recognizer.location = point
                recognizer.pressBegan(at: point, now: now)
            }
            taken = !participants.isEmpty
        case .drag:
            guard isPressed else { return false }
            for recognizer in participants where recognizer.isEnabled && !recognizer.state.isFinal && recognizer.pendingStates.isEmpty {
                recognizer.location = point
                recognizer.pressMoved(to: point, now: now)
            }
            taken = !participants.isEmpty
        case .release:
            guard isPressed else { return false }
            taken = !participants.isEmpty
            release(at: point, now: now)
        case .scrollUp, .scrollDown:
            if !isPressed { resetFinishedGestures() }
            for recognizer in gestureRecognizers where recognizer.isEnabled && !recognizer.state.isFinal && recognizer.pendingStates.isEmpty
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceivePressAt: point) ?? true {
                if recognizer.wheel(up: mouse.kind == .scrollUp, modifiers: mouse.modifiers, at: point, now: now) {
                    recognizer.isTracking = true
                    recognizer.location = point
                    taken = true
                }
            }
        }
        settle()
        return taken
    }

    /// Hands a key to the recognizers, as the keyboard's equivalent of their gesture at `point`
    /// (the focused item's place); returns whether one took it.
    @discardableResult
    public func handle(_ key: Key, at point: Point, now: ContinuousClock.Instant) -> Bool {
        advance(to: now)
        // A pinch by `+` ends when Enter comes, not a quiet later: it would keep Enter's long
        // press from beginning.
        endQuietGestures(blocking: gestureRecognizers.filter { $0.isEnabled && $0.takes(key) })
        if !isPressed { resetFinishedGestures() }
        var taken = false
        for recognizer in gestureRecognizers where recognizer.isEnabled && !recognizer.state.isFinal && recognizer.pendingStates.isEmpty {
            let previous = recognizer.location
            recognizer.location = point
            if recognizer.key(key, at: point, now: now) {
                recognizer.isTracking = true
                taken = true
            } else {
                recognizer.location = previous
            }
        }
        settle()
        return taken
    }

    /// Lets the recognizers whose deadline is at or before `now` hear the time, earliest first,
    /// and settles what follows (the single tap a failed double tap let through).
    public func advance(to now: ContinuousClock.Instant) {
        while let (recognizer, deadline) = gestureRecognizers
            .compactMap({ recognizer in recognizer.deadline.map { (recognizer, $0) } })
            .filter({ $0.1 <= now })
            .min(by: { $0.1 < $1.1 }) {
            recognizer.deadline = nil
            recognizer.deadlinePassed(now: deadline)
            settle()
        }
    }

    /// Ends at once the step gestures under way (a pinch, a rotation waiting for its quiet)
    /// that would keep one of `newcomers` from recognizing: another kind of input has come.
    /// With `includingThemselves`, a gesture that is itself one of `newcomers` ends too.
    private func endQuietGestures(blocking newcomers: [GestureRecognizer], includingThemselves: Bool = false) {
        for recognizer in gestureRecognizers
        where recognizer.endsAfterQuiet && (recognizer.state == .began || recognizer.state == .changed) && recognizer.deadline != nil
            && newcomers.contains(where: { $0 === recognizer ? includingThemselves : !simultaneous(recognizer, $0) }) {
            let deadline = recognizer.deadline ?? .now
            recognizer.deadline = nil
            recognizer.deadlinePassed(now: deadline)
        }
        settle()
    }

    /// Cancels every gesture under way and forgets the press: the screen went away, or a modal
    /// came up over it.
    public func cancelAllGestures() {
        for recognizer in gestureRecognizers { cancel(recognizer) }
        for recognizer in gestureRecognizers where recognizer.state != .cancelled { recognizer.reset() }
        isPressed = false
        participants = []
    }

    /// Cancels `recognizer`'s gesture if one is under way.
    func cancel(_ recognizer: GestureRecognizer) {
        recognizer.pendingStates = []
        recognizer.deadline = nil
        guard recognizer.state == .began || recognizer.state == .changed else { return }
        recognizer.state = .cancelled
        recognizer.sendActions()
    }

    private func release(at point: Point, now: ContinuousClock.Instant) {
        isPressed = false
        for recognizer in participants where recognizer.isEnabled && !recognizer.state.isFinal && recognizer.pendingStates.isEmpty {
            recognizer.location = point
            recognizer.pressEnded(at: point, now: now)
        }
        participants = []
    }

    /// Gestures that are over start again at the next input, unless they still wait to be let
    /// through.
    private func resetFinishedGestures() {
        for recognizer in gestureRecognizers where recognizer.state.isFinal && recognizer.pendingStates.isEmpty {
            recognizer.reset()
        }
    }

    /// Whether `a` and `b` may recognize at once, as either's delegate allows.
    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Grants the states recognizers asked for, until nothing more can move: a recognizer
    /// leaving `possible` waits while a recognizer it requires to fail is still tracking, fails
    /// if that one recognized or if another gesture not allowed with it is under way, and when
    /// it does begin, the possible gestures not allowed with it fail.
    private func settle() {
        var moved = true
        while moved {
            moved = false
            for recognizer in gestureRecognizers where !recognizer.pendingStates.isEmpty {
                if recognizer.state == .possible {
                    let requirements = recognizer.requirements
                    if requirements.contains(where: { $0.state.hasRecognized }) {
                        recognizer.request(.failed)
                        moved = true
                        continue
                    }
                    if requirements.contains(where: { $0.state == .possible && $0.isTracking }) { continue }
                    let blocked = gestureRecognizers.contains { other in
                        other !== recognizer && (other.state == .began || other.state == .changed) && !simultaneous(recognizer, other)
                    }
                    if blocked || recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
                        recognizer.request(.failed)
                        moved = true
                        continue
                    }
                    for other in gestureRecognizers
                    where other !== recognizer && other.state == .possible && other.isTracking && !simultaneous(recognizer, other) {
                        // Those that wait for this one to fail settle on their own: they fail
                        // just below, as their requirement recognized.
                        if other.requirements.contains(where: { $0 === recognizer }) { continue }
                        other.request(.failed)
                    }
                }
                while !recognizer.pendingStates.isEmpty {
                    recognizer.state = recognizer.pendingStates.removeFirst()
                    recognizer.sendActions()
                }
                moved = true
            }
        }
    }
}

/// A recognizer's delegate made of two questions, for
/// ``GestureArena/addGestureRecognizer(_:receivingPressesWhere:beginningWhen:)``.
@MainActor
private final class ClosureDelegate: GestureRecognizerDelegate {
    let receives: @MainActor (Point) -> Bool
    let begins: @MainActor (GestureRecognizer) -> Bool
    init(receives: @escaping @MainActor (Point) -> Bool, begins: @escaping @MainActor (GestureRecognizer) -> Bool) {
        self.receives = receives
        self.begins = begins
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceivePressAt point: Point) -> Bool { receives(point) }
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begins(recognizer) }
}

/// An answer a recognizer's action may leave for the event in hand: a screen's or a modal's.
protocol GestureAnswer {
    /// The answer of an event that was used and asks for nothing more.
    static var handled: Self { get }
    /// Whether this is ``handled``.
    var isHandled: Bool { get }
}

extension ScreenResponse: GestureAnswer {
    var isHandled: Bool { if case .handled = self { true } else { false } }
}

extension ModalResponse: GestureAnswer {
    var isHandled: Bool { if case .handled = self { true } else { false } }
}

/// A screen's mouse.
typealias ScreenGestures = AreaGestures<ScreenResponse>

/// One area of a screen's (or a modal's) mouse, through gesture recognizers: a
/// ``GestureArena`` and the answer its actions leave for the event in hand (a push, a modal, a
/// dismissal), since a recognizer's action returns nothing. The owner hands each mouse report
/// to ``handle(_:now:)`` and returns the answer.
@MainActor
final class AreaGestures<Response: GestureAnswer> {
    let arena = GestureArena()
    /// The answer the actions left for the event in hand.
    var response: Response?

    /// Records `answer` unless an earlier action of the same event answered more than
    /// ``GestureAnswer/handled``.
    func answer(_ answer: Response) {
        if response?.isHandled ?? true { response = answer }
    }

    /// Adds `recognizer`, letting it take only the presses `receives` accepts and begin only
    /// when `begins` allows.
    func add(_ recognizer: GestureRecognizer, receives: @escaping @MainActor (Point) -> Bool,
             begins: @escaping @MainActor (GestureRecognizer) -> Bool = { _ in true }) {
        arena.addGestureRecognizer(recognizer, receivingPressesWhere: receives, beginningWhen: begins)
    }

    /// Adds a recognizer that runs `action` the moment a press lands where `receives` accepts:
    /// a button of a bar, a segment, an alert's button (a terminal's click acts at the press).
    func addButton(receives: @escaping @MainActor (Point) -> Bool, action: @escaping @MainActor (Point) -> Response) {
        add(pressTracker { [unowned self] press in
            if press.state == .began { answer(action(press.location)) }
        }, receives: receives)
    }

    /// A mouse report through the arena: the actions' answer, `.handled` when a recognizer
    /// took the report and none answered, `nil` when none took it (a wheel notch to scroll
    /// with, say).
    func handle(_ mouse: MouseEvent, now: ContinuousClock.Instant) -> Response? {
        response = nil
        let taken = arena.handle(mouse, now: now)
        defer { response = nil }
        return response ?? (taken ? Response.handled : nil)
    }
}

/// A recognizer that follows a press from the moment it lands (`began`), as it moves
/// (`changed`) and until the release (`ended`): UIKit's long press of no duration.
@MainActor
func pressTracker(_ action: @escaping @MainActor (LongPressGestureRecognizer) -> Void) -> LongPressGestureRecognizer {
    let press = LongPressGestureRecognizer(action: action)
    press.minimumPressDuration = .zero
    return press
}

/// What the press under way belongs to: what it landed on, until the release, as UIKit keeps
/// a touch with the view it began in. A drag from the rows over the bar stays the rows'; a
/// wheel notch goes by where it is.
struct PressCapture<Target> {
    private var captured: Target?

    /// What `mouse` goes to; `hitTest` says what is at a point.
    mutating func target(for mouse: MouseEvent, hitTest: (Point) -> Target) -> Target {
        switch mouse.kind {
        case .press:
            let target = hitTest(mouse.position)
            captured = target
            return target
        case .drag:
            return captured ?? hitTest(mouse.position)
        case .release:
            let target = captured ?? hitTest(mouse.position)
            captured = nil
            return target
        case .scrollUp, .scrollDown:
            return hitTest(mouse.position)
        }
    }
}

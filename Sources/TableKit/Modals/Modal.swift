/// What a modal asks of its presenter after handling an event.
public enum ModalResponse {
    /// The modal used the event (or swallowed it: nothing behind a modal reacts).
    case handled
    /// Take the modal down, then run `completion` (UIKit dismisses first, then calls the
    /// action's handler). What it returns is the answer of the screen in front, carried out
    /// by its stack at once: `.pop` after "Discard", a push of the next step.
    case dismiss(completion: (@MainActor () -> ScreenResponse)?)

    /// Take the modal down, then run `completion`, which has nothing to ask of the stack.
    public static func dismiss(then completion: @escaping @MainActor () -> Void) -> ModalResponse {
        .dismiss(completion: {
            completion()
            return .handled
        })
    }
}

/// Something presented over everything else — an alert, an action sheet, a progress sheet,
/// the help overlay. While one is up it receives every event; nothing behind it reacts.
@MainActor
public protocol Modal: AnyObject {
    /// Draws the modal over `area` (the whole screen), on top of what is already drawn.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext)
    /// Handles an event; mouse positions are in the coordinates of `area`.
    func handle(_ event: Event, area: Rect) -> ModalResponse
    /// The few keys that matter most while the modal is up, for the one-line footer: (key, what it does).
    var keyHints: [KeyHint] { get }
    /// Whether the modal needs `.tick` events now (a progress sheet polling its work).
    var wantsTicks: Bool { get }
}

extension Modal {
    /// No ticks, by default.
    public var wantsTicks: Bool { false }
}

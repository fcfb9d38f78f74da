/// What a screen asks of the navigation stack after handling an event.
public enum ScreenResponse {
    /// The screen used the event.
    case handled
    /// The screen did not use the event; the stack or the app may.
    case ignored
    /// Show this screen on top (UIKit's push).
    case push(any Screen)
    /// Go back to the previous screen.
    case pop
    /// Leave the app.
    case quit
}

/// One screen of an app: a title for the navigation bar, a way to draw itself and a way to
/// handle events. Screens compose TableKit views; the navigation stack owns the bar.
public protocol Screen: AnyObject {
    /// The title in the navigation bar.
    var title: String { get }
    /// The back button title for screens pushed on this one (default: the title).
    var backButtonTitle: String? { get }
    /// Draws the screen in `area` (below the navigation bar). Must not change state.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext)
    /// Handles an event; mouse positions are relative to `area`'s origin.
    func handle(_ event: Event, area: Rect) -> ScreenResponse
    /// A key-hint footer for this screen: pairs of key label and what it does.
    var keyHints: [(key: String, help: String)] { get }
}

extension Screen {
    /// The title, by default.
    public var backButtonTitle: String? { nil }
    /// No hints, by default.
    public var keyHints: [(key: String, help: String)] { [] }
}

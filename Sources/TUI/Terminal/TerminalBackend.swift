import TableKit

/// What a terminal can show; decided once by the backend at start-up.
struct TerminalCapabilities: Equatable, Sendable {
    /// How many colours the terminal shows.
    enum ColorDepth: Int, Comparable, Sendable {
        case none = 0, ansi16 = 16, indexed256 = 256, trueColor = 16_777_216
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    var colorDepth: ColorDepth
    /// Unicode glyphs when the locale is UTF-8 and the terminal can draw them, else ASCII.
    var glyphs: Glyphs
    /// Whether mouse events are reported.
    var hasMouse: Bool

    static let headless = TerminalCapabilities(colorDepth: .trueColor, glyphs: .unicode, hasMouse: true)
}

/// Where frames go and events come from: curses for a person, text for tests and `snapshot`.
protocol TerminalBackend: AnyObject {
    /// The current size of the screen in cells.
    var size: Size { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }
    /// Shows a whole frame; the backend works out what changed.
    func present(_ canvas: Canvas)
    /// The next event, waiting at most `timeout` (forever when nil); nil when the time ran out.
    func nextEvent(timeout: Duration?) -> Event?
}

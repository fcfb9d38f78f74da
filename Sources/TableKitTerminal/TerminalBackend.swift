import TableKit

/// What a terminal can show; decided once by the backend at start-up.
public struct TerminalCapabilities: Equatable, Sendable {
    /// How many colours are shown; the event loop hands it to drawing in
    /// `RenderContext.colorDepth`.
    public var colorDepth: ColorDepth
    /// Unicode glyphs when the locale is UTF-8 and the terminal can draw them, else ASCII.
    public var glyphs: Glyphs
    /// Whether mouse events are reported.
    public var hasMouse: Bool
    /// Whether the terminal announces 24-bit colour (`COLORTERM=truecolor`) that its terminfo
    /// entry gives no way to send, so that ``colorDepth`` is less: a settings screen says so
    /// ("256 (true colour not in terminfo)") rather than claim true colour.
    public var withholdsTrueColor: Bool

    /// Creates a description of a terminal.
    public init(colorDepth: ColorDepth, glyphs: Glyphs, hasMouse: Bool, withholdsTrueColor: Bool = false) {
        self.colorDepth = colorDepth
        self.glyphs = glyphs
        self.hasMouse = hasMouse
        self.withholdsTrueColor = withholdsTrueColor
    }

    /// What the headless backend offers: everything.
    public static let headless = TerminalCapabilities(colorDepth: .trueColor, glyphs: .unicode, hasMouse: true)

    /// The glyphs a terminal under the locale of `environment` can show, read as the C library
    /// reads it — `LC_ALL`, else `LC_CTYPE`, else `LANG`, the first that is set and not empty:
    /// Unicode when its character set is UTF-8 (`C.UTF-8`, `en_GB.utf8`), ASCII otherwise
    /// (`C`, `POSIX`, none). A headless run that stands for a terminal (a snapshot) draws what
    /// that terminal would.
    public static func glyphs(forLocaleIn environment: [String: String]) -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let codeset = locale.split(separator: ".", maxSplits: 1).dropFirst().first?.split(separator: "@").first ?? ""
        let name = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return name == "utf8" ? .unicode : .ascii
    }
}

/// Where frames go and events come from: curses for a person, text for tests and snapshots.
@MainActor
package protocol TerminalBackend: AnyObject {
    /// The current size of the screen in cells.
    var size: Size { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }
    /// Shows a whole frame; the backend works out what changed.
    func present(_ canvas: Canvas)
    /// The next event, waiting at most `timeout` (forever when nil); nil when the time ran out.
    func nextEvent(timeout: Duration?) -> Event?
    /// Whether no event will ever come again (a headless script ran out); a terminal's input
    /// never ends this way.
    var isInputExhausted: Bool { get }
    /// Turns mouse reporting on or off (a setting changed while the app runs).
    func setMouseReporting(_ isOn: Bool)
    /// Ends a wait in ``nextEvent(timeout:)`` early, from any thread: something was posted to
    /// the app's `Mailbox`. The wait then returns `nil`.
    var wake: @Sendable () -> Void { get }
    /// Whether each event waits until the work the app has already started has delivered
    /// its answers (`RootController.isWorkInFlight`): a scripted run, so that the same
    /// script always draws the same frame. A terminal's keys never wait this way.
    var deliversWorkBeforeEachEvent: Bool { get }
    /// Waits at most `timeout` for a post to the app's mailbox (``wake``), without taking an
    /// event: how a scripted run lets work in flight finish before its next event.
    func waitForPost(timeout: Duration)
}

extension TerminalBackend {
    /// A terminal's input does not run out.
    package var isInputExhausted: Bool { false }
    /// Nothing to turn: the backend has no mouse of its own.
    package func setMouseReporting(_ isOn: Bool) {}
    /// Posts the process's ``Wakeup``, which a backend that waits on it notices.
    package var wake: @Sendable () -> Void { { Wakeup.post() } }
    /// A terminal's keys act when they come, whatever runs in the background.
    package var deliversWorkBeforeEachEvent: Bool { false }
    /// Nothing to wait for: a terminal's keys never wait for work.
    package func waitForPost(timeout: Duration) {}
}

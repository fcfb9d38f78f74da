import TableKit

/// A backend with no terminal: events come from a list, frames are kept as text. Used by
/// `table-browser snapshot` and by the app tests.
final class HeadlessTerminal: TerminalBackend {
    private(set) var size: Size
    let capabilities: TerminalCapabilities
    private var events: [Event]
    /// The last frame presented.
    private(set) var lastFrame: Canvas?

    init(size: Size, events: [Event] = [], capabilities: TerminalCapabilities = .headless) {
        self.size = size
        self.events = events
        self.capabilities = capabilities
    }

    func present(_ canvas: Canvas) {
        lastFrame = canvas
    }

    func nextEvent(timeout: Duration?) -> Event? {
        guard !events.isEmpty else { return nil }
        let event = events.removeFirst()
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// Whether every scripted event has been handed out.
    var isDrained: Bool { events.isEmpty }
}

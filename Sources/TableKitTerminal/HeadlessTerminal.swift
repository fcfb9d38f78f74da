import Foundation
import TableKit

/// A backend with no terminal: events come from a list, frames are kept. It runs an app
/// through the same ``EventLoop`` as the terminal, for tests and snapshots.
///
/// ```swift
/// let backend = HeadlessTerminal(size: Size(width: 60, height: 20),
///                                events: try Key.parseScript("j j Enter").map(Event.key))
/// _ = EventLoop(root: root, backend: backend).run()
/// print(backend.lastFrame?.styledText ?? "")
/// ```
public final class HeadlessTerminal: TerminalBackend {
    /// The screen size; a scripted `.resize` changes it.
    public private(set) var size: Size
    /// What the backend claims it can show.
    public let capabilities: TerminalCapabilities
    private var events: [Event]
    /// The last frame presented.
    public private(set) var lastFrame: Canvas?

    /// Creates a backend of `size` that hands out `events` in order.
    public init(size: Size, events: [Event] = [], capabilities: TerminalCapabilities = .headless) {
        self.size = size
        self.events = events
        self.capabilities = capabilities
    }

    /// Keeps the frame.
    public func present(_ canvas: Canvas) {
        lastFrame = canvas
    }

    /// The next scripted event, at once. When the script has run out: nil after waiting
    /// `timeout`, as a terminal with no input would (so ticks come at the terminal's pace).
    public func nextEvent(timeout: Duration?) -> Event? {
        guard !events.isEmpty else {
            if let timeout, timeout > .zero { Thread.sleep(forTimeInterval: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18) }
            return nil
        }
        let event = events.removeFirst()
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// Whether every scripted event has been handed out.
    public var isInputExhausted: Bool { events.isEmpty }
}

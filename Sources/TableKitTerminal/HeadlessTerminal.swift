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
    /// `timeout` (at most ``idleWait`` when it is `nil`), as a terminal with no input would,
    /// so ticks come at the terminal's pace; a post to the app's `Mailbox` ends the wait.
    public func nextEvent(timeout: Duration?) -> Event? {
        guard !events.isEmpty else {
            let wait = timeout.map { min($0, Self.idleWait) } ?? Self.idleWait
            if wait > .zero { _ = posted.wait(timeout: .now() + .nanoseconds(Int(wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000))) }
            return nil
        }
        let event = events.removeFirst()
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// The longest a wait lasts once the script has run out, so that the loop looks again
    /// whether anything is still to come.
    public static let idleWait: Duration = .milliseconds(100)

    /// Signalled by ``wake``: a post to the app's mailbox ends the wait of a run whose script
    /// ran out. Its own, so that runs side by side do not wake one another.
    private let posted = DispatchSemaphore(value: 0)

    /// Ends the wait for the next event when something is posted to the app's mailbox.
    public var wake: @Sendable () -> Void {
        let posted = posted
        return { posted.signal() }
    }

    /// Whether every scripted event has been handed out.
    public var isInputExhausted: Bool { events.isEmpty }
}

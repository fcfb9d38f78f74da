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
package final class HeadlessTerminal: TerminalBackend {
    /// The screen size; a scripted `.resize` changes it.
    package private(set) var size: Size
    /// What the backend claims it can show.
    package let capabilities: TerminalCapabilities
    private var events: [Event]
    /// The last frame presented.
    package private(set) var lastFrame: Canvas?

    /// Whether each event waits for the work the app has already started — decodes, loads,
    /// index builds and their posts — to be delivered first, so that a script's frame never
    /// depends on how fast the machine is (default `true`). `false` hands the events out at
    /// once, racing that work, for a test that wants a key to land mid-work.
    package let deliversWorkBeforeEachEvent: Bool

    /// Creates a backend of `size` that hands out `events` in order.
    ///
    /// - Parameters:
    ///   - size: The screen size in cells.
    ///   - events: The scripted events, in order.
    ///   - capabilities: What the backend claims it can show.
    ///   - deliversWorkBeforeEachEvent: Whether each event waits for the work in flight (see
    ///     ``deliversWorkBeforeEachEvent``).
    package init(size: Size, events: [Event] = [], capabilities: TerminalCapabilities = .headless, deliversWorkBeforeEachEvent: Bool = true) {
        self.size = size
        self.events = events
        self.capabilities = capabilities
        self.deliversWorkBeforeEachEvent = deliversWorkBeforeEachEvent
    }

    /// Keeps the frame.
    package func present(_ canvas: Canvas) {
        lastFrame = canvas
    }

    /// The next scripted event, at once. When the script has run out: nil after waiting
    /// `timeout` (at most ``idleWait`` when it is `nil`), as a terminal with no input would,
    /// so ticks come at the terminal's pace; a post to the app's `Mailbox` ends the wait.
    package func nextEvent(timeout: Duration?) -> Event? {
        guard !events.isEmpty else {
            let wait = timeout.map { min($0, Self.idleWait) } ?? Self.idleWait
            if wait > .zero { waitForPost(timeout: wait) }
            return nil
        }
        let event = events.removeFirst()
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// Waits at most `timeout` for a post to the app's mailbox, taking no event.
    package func waitForPost(timeout: Duration) {
        _ = posted.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(timeout)))
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// The longest a wait lasts once the script has run out, so that the loop looks again
    /// whether anything is still to come.
    package static let idleWait: Duration = .milliseconds(100)

    /// Signalled by ``wake``: a post to the app's mailbox ends the wait of a run whose script
    /// ran out. Its own, so that runs side by side do not wake one another.
    private let posted = DispatchSemaphore(value: 0)

    /// Ends the wait for the next event when something is posted to the app's mailbox.
    package var wake: @Sendable () -> Void {
        let posted = posted
        return { posted.signal() }
    }

    /// Whether every scripted event has been handed out.
    package var isInputExhausted: Bool { events.isEmpty }
}

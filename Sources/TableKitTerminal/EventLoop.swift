import TableKit

/// Drives a `RootController` with a backend: draw, deliver what was posted, wait for an
/// event, handle it, repeat. While something animates the wait is short and time arrives as
/// `.tick` events; otherwise the loop sleeps until a key, a resize, or a post to the root's
/// `Mailbox` (the backend's wake-up), or until the next timer falls due. The curses backend
/// and the headless one run through this same loop, so a headless run sees ticks, timers,
/// results and resizes exactly as a terminal does — with one difference a script needs: a
/// backend that ``TerminalBackend/deliversWorkBeforeEachEvent`` hands out its next event only
/// once the work already started has delivered, so the same script always draws the same frame.
@MainActor
package struct EventLoop {
    /// How the loop ended.
    package enum Ending: Equatable, Sendable {
        /// The app asked to quit.
        case quit
        /// A termination signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
        case signal(Int32)
        /// The backend has no more events, nothing is animating, and no result is still to
        /// come (a headless script ran out).
        case inputEnded
    }

    /// What the loop drives.
    package let root: RootController
    /// Where frames go and events come from.
    package let backend: any TerminalBackend
    /// Polled between events: a termination signal that arrived, if any.
    package var pendingSignal: () -> Int32? = { nil }
    /// Called for Ctrl-Z: gives the terminal back until the shell resumes the app.
    package var suspend: () -> Void = {}
    /// The longest a headless run goes on ticking after its script ran out, so that an app
    /// that animates for ever still ends.
    package var idleTickLimit: Duration = .seconds(10)

    /// About 60 frames a second while something moves.
    package static let tickInterval: Duration = .milliseconds(16)

    /// Creates a loop of `root` over `backend`.
    package init(root: RootController, backend: any TerminalBackend) {
        self.root = root
        self.backend = backend
    }

    /// Runs until the app quits, a signal arrives, or the backend's input ends while nothing
    /// moves. The root is first told the backend's size and glyphs.
    package func run() -> Ending {
        root.glyphs = backend.capabilities.glyphs
        if root.size != backend.size { _ = root.handle(.resize(backend.size)) }
        let context = RenderContext(glyphs: backend.capabilities.glyphs, colorDepth: backend.capabilities.colorDepth)
        root.mailbox.setWake(backend.wake)
        defer { root.mailbox.setWake(nil) }
        var needsDraw = true
        var drainedAt: ContinuousClock.Instant?
        var workWaitStartedAt: ContinuousClock.Instant?
        var mouseReporting = true
        while true {
            if let signal = pendingSignal() { return .signal(signal) }
            if root.reportsMouse != mouseReporting {
                mouseReporting = root.reportsMouse
                backend.setMouseReporting(mouseReporting)
            }
            if needsDraw {
                backend.present(root.render(context: context))
                needsDraw = false
            }
            // Answers posted meanwhile: after the frame is out, before the next wait.
            // One look at the mailbox an iteration: it says whether to deliver now or how long to wait.
            let nextDelivery = root.nextDelivery
            if let due = nextDelivery, due <= .now {
                needsDraw = true
                if root.deliverPosted() == .quit { return .quit }
                continue
            }
            let ticking = root.wantsTicks
            if backend.deliversWorkBeforeEachEvent, !backend.isInputExhausted {
                // A scripted run: the work already started delivers before the next event.
                // Work that outlasts the idle limit (a FIFO nobody writes) lets the script go
                // on, as a person would press the next key, until that work has ended.
                if !root.isWorkInFlight {
                    workWaitStartedAt = nil
                } else if workWaitStartedAt.map({ ContinuousClock.now - $0 <= idleTickLimit }) ?? true {
                    if workWaitStartedAt == nil { workWaitStartedAt = .now }
                    backend.waitForPost(timeout: ticking ? Self.tickInterval : HeadlessTerminal.idleWait)
                    if ticking {
                        needsDraw = true
                        if root.handle(.tick) == .quit { return .quit }
                    }
                    continue
                }
            }
            if backend.isInputExhausted {
                let since = drainedAt ?? .now
                drainedAt = since
                let waiting = ticking || root.isAwaitingDeliveries
                if !waiting || ContinuousClock.now - since > idleTickLimit { return .inputEnded }
            }
            var timeout: Duration? = ticking ? Self.tickInterval : nil
            if let due = nextDelivery {
                let untilDue = max(.zero, ContinuousClock.now.duration(to: due))
                timeout = timeout.map { min($0, untilDue) } ?? untilDue
            }
            let event = backend.nextEvent(timeout: timeout) ?? (ticking ? .tick : nil)
            guard let event else { continue }
            needsDraw = true
            switch root.handle(event) {
            case .keepGoing: continue
            case .quit: return .quit
            case .suspend:
                suspend()
                _ = root.handle(.resize(backend.size))
            }
        }
    }
}

import TableKit

/// Drives a ``BrowserApp`` with a backend: draw, wait for an event, handle it, repeat. While
/// something animates or works in the background, the wait is short and time arrives as
/// `.tick` events.
struct AppRunner {
    /// How the loop ended.
    enum Ending: Equatable {
        case quit
        case signal(Int32)
    }

    let app: BrowserApp
    let backend: any TerminalBackend
    /// Polled between events: a termination signal that arrived, if any.
    var pendingSignal: () -> Int32? = { nil }
    /// Called for Ctrl-Z: gives the terminal back until the shell resumes us.
    var suspend: () -> Void = {}

    /// About 60 frames a second while something moves.
    static let tickInterval: Duration = .milliseconds(16)

    func run() -> Ending {
        let context = RenderContext(glyphs: backend.capabilities.glyphs)
        var needsDraw = true
        while true {
            if let signal = pendingSignal() { return .signal(signal) }
            if needsDraw {
                backend.present(app.render(context: context))
                needsDraw = false
            }
            let ticking = app.wantsTicks
            let event = backend.nextEvent(timeout: ticking ? Self.tickInterval : .milliseconds(100)) ?? (ticking ? .tick : nil)
            guard let event else { continue }
            needsDraw = true
            switch app.handle(event) {
            case .keepGoing: continue
            case .quit: return .quit
            case .suspend:
                suspend()
                _ = app.handle(.resize(backend.size))
            }
        }
    }
}

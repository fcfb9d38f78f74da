import TableKit

/// Drives a ``BrowserApp`` with a backend: draw, wait for an event, handle it, repeat.
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

    func run() -> Ending {
        let context = RenderContext(glyphs: backend.capabilities.glyphs)
        var needsDraw = true
        while true {
            if let signal = pendingSignal() { return .signal(signal) }
            if needsDraw {
                backend.present(app.render(context: context))
                needsDraw = false
            }
            guard let event = backend.nextEvent(timeout: .milliseconds(100)) else { continue }
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

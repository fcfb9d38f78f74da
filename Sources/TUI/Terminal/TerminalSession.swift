import TableKit

/// Runs the app in the real terminal: takes it over, drives the app, and gives it back on
/// every way out — quit, Ctrl-C, a termination signal, or an error starting curses.
enum TerminalSession {
    /// Runs until the user quits; returns the process exit status.
    static func run(list: RecordListScreen, mouse: Bool, animates: Bool, dataDescription: String) -> Int32 {
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(options: CursesTerminal.Options(mouse: mouse))
        } catch {
            CommandFailure(message: error.description, exitCode: 1).printMessage()
            return 1
        }
        let options = AppOptions(animates: animates, capabilities: terminal.capabilities, dataDescription: dataDescription)
        let app = BrowserApp(list: list, size: terminal.size, options: options)
        let runner = AppRunner(
            app: app,
            backend: terminal,
            pendingSignal: { terminal.pendingTerminationSignal },
            suspend: { terminal.suspend() }
        )
        let ending = runner.run()
        terminal.restore()
        if case .signal(let signal) = ending {
            SignalHandling.exit(forSignal: signal)
        }
        return 0
    }
}

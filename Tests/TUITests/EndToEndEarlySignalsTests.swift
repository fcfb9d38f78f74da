import Foundation
import Testing
import TableKitTerminal

/// Issue 24, signals from the first instruction: during a load, before the terminal is taken
/// over, a signal ends the app quietly with 128 + signo (never Swift's crash report and its
/// 30-second prompt), Ctrl-\ means what it means once the list is up (nothing), and Ctrl-C
/// cancels the wait that a line on standard error announces.
@Suite("End to end in tmux: signals during a load")
struct EndToEndEarlySignalsTests {
    /// What Swift's backtracer, or a crash line of ours, would print.
    nonisolated static let crashWords = ["crashed", "Crashed", "Backtrace", "backtrace", "💣", "Press space"]

    /// The app in a tmux pane, loading a FIFO that no one writes yet: it waits in its load.
    private struct LoadingApp {
        let session: TmuxSession
        let fifo: String
        let files: TemporaryFiles

        static func launch() async throws -> LoadingApp {
            let files = TemporaryFiles()
            let fifo = files.directory.appendingPathComponent("silent.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let session = try await TableBrowserBinary.launchInTmux(arguments: ["--data", fifo], width: 200, height: 24)
            let app = LoadingApp(session: session, fifo: fifo, files: files)
            // The line the load writes past half a second: the app is waiting in its load.
            await session.waitUntil("the waiting line") { screen in
                screen.contains { $0 == "Waiting for data on \(fifo)… (Ctrl-C to cancel)" }
            }
            return app
        }

        /// The shell printed `EXIT:status`, the terminal's modes are the shell's, and nothing
        /// on the screen speaks of a crash.
        func expectEnded(status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async {
            // The terminal echoes Ctrl-C as ^C, just before the shell's EXIT line.
            let withoutEcho = { (screen: [String]) in screen.map { $0.hasPrefix("^C") ? String($0.dropFirst(2)) : $0 } }
            guard let screen = await session.waitUntil("EXIT and the TTY verdict", sourceLocation: sourceLocation, {
                withoutEcho($0).contains(where: TableBrowserBinary.isExitLine) && $0.contains { $0 == "TTY-SAME" || $0 == "TTY-CHANGED" }
            }).map(withoutEcho) else { return }
            #expect(screen.contains("EXIT:\(status)"), "\(TmuxSession.framed(screen))", sourceLocation: sourceLocation)
            #expect(screen.contains("TTY-SAME"), sourceLocation: sourceLocation)
            expectNoCrashReport(screen, sourceLocation: sourceLocation)
        }

        func expectNoCrashReport(_ screen: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            for word in EndToEndEarlySignalsTests.crashWords {
                #expect(!screen.contains { $0.contains(word) }, "'\(word)' on the screen:\n\(TmuxSession.framed(screen))",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("a signal sent during a load ends the app quietly with 128 + signo",
          arguments: [SIGQUIT, SIGSEGV, SIGBUS, SIGTERM, SIGINT])
    func signalDuringALoad(signal: Int32) async throws {
        let app = try await LoadingApp.launch()
        let pid = try #require(await app.session.childPID(named: "table-browser"))
        #expect(kill(pid, signal) == 0)
        await app.expectEnded(status: 128 + signal)
    }

    @Test func controlCCancelsTheWait() async throws {
        let app = try await LoadingApp.launch()
        app.session.send("C-c")
        await app.expectEnded(status: 130)
    }

    /// Once the list is up, Ctrl-\ is a key that means nothing (raw mode); during the load,
    /// where the terminal still makes a SIGQUIT of it, it means nothing too: the load goes on
    /// and shows what the FIFO sends afterwards.
    @Test func controlBackslashDuringTheLoadIsTheKeyItIsAfterIt() async throws {
        let app = try await LoadingApp.launch()
        app.session.send("C-\\")
        // Whatever the key did has happened by the time the echo of a key after it is drawn
        // (j: it reaches the list later, where it moves down one row).
        app.session.sendLiteral("j")
        await app.session.waitUntil("the echo of j after ^\\") { $0.contains { $0.hasSuffix("\\j") } }
        #expect(await app.session.childPID(named: "table-browser", timeout: .milliseconds(200)) != nil, "the app is still loading")
        // Non-blocking: with no reader left (the app gone), this fails instead of waiting.
        let writer = open(app.fifo, O_WRONLY | O_NONBLOCK)
        try #require(writer >= 0, "the app no longer reads the FIFO: errno \(errno)")
        let records = Array(#"[{"title": "Sent after Ctrl-Backslash"}]"#.utf8)
        #expect(records.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == records.count)
        close(writer)
        await app.session.waitUntil("the list") { $0.contains { $0.contains("Sent after Ctrl-Backslash") } }
        app.session.send("C-\\")
        app.session.send("j")
        app.session.send("q")
        await app.expectEnded(status: 0)
    }
}

/// A crash of ours, not one sent by `kill`: one line on standard error, then the signal's
/// default action — never Swift's backtracer and its prompt (unless SWIFT_BACKTRACE asks).
@Suite("A crash says so in one line")
struct CrashLineTests {
    @Test func aSegmentationFaultEndsWithOneLineAndTheSignal() async {
        let result = await #expect(processExitsWith: .signal(SIGSEGV), observing: [\.standardErrorContent]) {
            unsetenv("SWIFT_BACKTRACE")
            ProcessSignals.install(programName: "crash-test")
            let nowhere = UnsafeMutablePointer<Int>(bitPattern: 8)
            nowhere?.pointee = 1
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("crash-test: crashed: segmentation fault (SIGSEGV). This is a bug; run with SWIFT_BACKTRACE=enable=yes,interactive=no for a backtrace.\n"),
                "\(text)")
        #expect(!text.contains("Program crashed"), "\(text)")
    }
}

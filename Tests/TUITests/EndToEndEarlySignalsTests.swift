import CProcessStart
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

/// Signals in the first milliseconds of a run (issue 38): the Swift runtime installs its
/// backtracer while its library is initialised, before `main` installs the app's handlers, so
/// the app keeps the crash signals from the first instruction (`CProcessStart`). Each run is
/// sent its signal at a moment of the first 50 ms; every one must end with 128 + signo, print
/// no crash report and wait for no key, and leave the terminal's modes as they were.
///
/// Not in the portable build (`TABLEKIT_PORTABLE`): without `.preinit_array` the start hook is
/// the executable's first initialiser, which runs after the runtime's, and a signal in between
/// still reaches the backtracer (DECISIONS, "Portable by construction"). `PlatformTests` checks
/// what that hook still promises.
@Suite("End to end in tmux: signals in the first 50 ms",
       .disabled(if: tk_process_start_runs_early() == 0, "the portable start hook runs after the runtime's initialiser"))
struct EndToEndFirstMillisecondsTests {
    @Test("QUIT and SEGV at moments of the first 50 ms end the app quietly", arguments: [SIGQUIT, SIGSEGV])
    func signalsInTheFirstMilliseconds(signal: Int32) async throws {
        let files = TemporaryFiles()
        let output = files.directory.appendingPathComponent("output").path
        let statusFile = files.directory.appendingPathComponent("statuses").path
        let session = try await TmuxSession(width: 120, height: 40, environment: ["APP": try TableBrowserBinary.url().path, "STATUSES": statusFile])
        session.recordOutput(to: output)
        // Not interactive: the app runs in the terminal's foreground group, its input the
        // terminal; `env --default-signal` undoes the SIGQUIT that such a shell ignores for a
        // command it runs in the background. Each moment counts from the app's exec (a signal
        // that reached `env` before its reset would be ignored, and the app would run on).
        // Every other millisecond of the first 50, and every half of one from 3 to 12, where
        // the runtime's handlers used to be in place before the app's (about 6–7 ms here).
        let moments = Array(stride(from: 0.0, through: 50, by: 2)) + Array(stride(from: 3.0, through: 12, by: 0.5))
        let delays = moments.map { String(format: "%.5f", $0 / 1000) }.joined(separator: " ")
        session.type(commandLine: "S0=$(stty -g); bash -c 's=; for d in \(delays); do env --default-signal \"$APP\" </dev/tty & p=$!; "
            + "until [ /proc/$p/exe -ef \"$APP\" ] || ! kill -0 $p 2>/dev/null; do :; done; sleep $d; kill -\(signal) $p; wait $p; s=\"$s $?\"; done; echo \"$s\" >\"$STATUSES\"' 2>/dev/null; printf '%s-%s\\n' RUNS DONE; "
            + "if [ \"$(stty -g)\" = \"$S0\" ]; then printf '%s-%s\\n' TTY SAME; else printf '%s-%s\\n' TTY CHANGED; fi")
        // A run that reached the backtracer's prompt waits 30 s, and says so on the terminal
        // (checked below); the limit leaves room for a machine busy with other tests.
        let screen = await session.waitUntil("every run", timeout: .seconds(120)) { $0.contains("RUNS-DONE") && $0.contains { $0.hasPrefix("TTY-") } }
        let lines = screen ?? session.capture()
        let statuses = (try? String(contentsOfFile: statusFile, encoding: .utf8)) ?? ""
        let codes = statuses.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        #expect(codes.count == moments.count && codes.allSatisfy { $0 == 128 + signal }, "statuses: \(statuses)\n\(TmuxSession.framed(lines))")
        #expect(lines.contains("TTY-SAME"), "\(TmuxSession.framed(lines))")
        let written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        for word in EndToEndEarlySignalsTests.crashWords {
            #expect(!written.contains(word), "'\(word)' reached the terminal")
        }
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

    @Test("with standard error sent to a file, the wait for a pipe is said on the screen the app draws on, and Ctrl-C cancels it")
    func theWaitIsSaidOnTheScreenWhenStandardErrorIsAFile() async throws {
        let files = TemporaryFiles()
        let fifo = files.directory.appendingPathComponent("silent.fifo").path
        let log = files.directory.appendingPathComponent("errors.log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let app = try TableBrowserBinary.url().path
        let session = try await TableBrowserBinary.launchInTmux(binary: URL(fileURLWithPath: "/bin/sh"),
                                                                arguments: ["-c", #"exec "$0" --data "$1" 2>"$2""#, app, fifo, log],
                                                                width: 200, height: 24)
        let screen = await session.waitUntil("the waiting line") { screen in
            screen.contains { $0 == "Waiting for data on \(fifo)… (Ctrl-C to cancel)" }
        }
        #expect(screen != nil)
        session.send("C-c")
        let ended = await session.waitUntil("EXIT") { $0.contains { $0.hasSuffix("EXIT:130") } }
        #expect(ended != nil)
    }
}

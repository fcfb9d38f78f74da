import Foundation
import TableKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `table-browser` binary in a real terminal (tmux): the only tests that prove the
/// curses backend presents exactly the Canvas, that resizing, the mouse and signals work, and
/// that the terminal is given back on every way out.
///
/// Each test starts its own private tmux server; nothing needs a terminal or standard input.
/// Expected frames come from `table-browser snapshot` (the headless backend), run as a process.
@Suite("End to end in tmux", .timeLimit(.minutes(1)))
struct EndToEndTests {
    // MARK: 1. launch

    @Test("launch shows the Books screen, exactly the frame the headless backend renders")
    func launchShowsBooks() async throws {
        let app = try await AppUnderTest.launch()
        let expected = try App.snapshot(size: "80x24")
        await app.session.waitUntilScreen(equals: expected, "the launch frame to equal `snapshot --size 80x24`")

        let screen = app.session.capture()
        try #require(screen.count == 24)
        #expect(screen.first?.hasPrefix("Edit (E)") == true && screen.first?.contains("◖ Title │ Author") == true,
                "the title bar: Edit, and Title | Author in place of the title")
        #expect(screen[1].hasPrefix(" A "), "a section header at the top: \(screen[1])")
        #expect(screen[1].hasSuffix("A") && screen[1].displayWidth == 80, "the index's first title at the right edge: \(screen[1])")
        #expect(screen[23].contains("quit"), "the key hints on the last line: \(screen[23])")
        #expect(app.session.format("#{alternate_on}") == "1", "the app draws on the alternate screen")
        await app.quitAndExpectRestored()
    }

    // MARK: 2. move and open

    @Test("j j Enter opens the third row's detail; Esc comes back with the focus kept")
    func moveOpenAndBack() async throws {
        let app = try await AppUnderTest.launch()
        let detail = try App.snapshot(size: "80x24", keys: "j j Enter")
        let list = try App.snapshot(size: "80x24", keys: "j j")
        #expect(detail.first?.hasPrefix("‹ Books") == true, "the snapshot itself shows a detail screen: \(detail.first ?? "")")
        await app.waitForList()

        app.session.send("j", "j", "Enter")
        await app.session.waitUntilScreen(equals: detail, "the detail screen of `j j Enter`")
        let screen = app.session.capture()
        #expect(screen.first?.hasPrefix("‹ Books") == true)
        #expect(screen.first?.contains(" " + (try #require(App.detailTitle(detail))) + " ") == true)

        app.session.send("Escape")
        await app.session.waitUntilScreen(equals: list, "the list after Esc, equal to `j j` (focus kept)")
        await app.quitAndExpectRestored()
    }

    // MARK: 3. the index

    @Test("Tab then Z jumps to the Z section with the big letter; Enter gives the focus back to the rows")
    func indexJumpsToZ() async throws {
        let app = try await AppUnderTest.launch()
        let jumped = try App.snapshot(size: "80x24", keys: "Tab Z")
        let returned = try App.snapshot(size: "80x24", keys: "Tab Z Enter")
        await app.waitForList()

        app.session.send("Tab")
        // The footer changes when the index has the focus.
        await app.session.waitUntil("the index to take the focus (footer hints change)") {
            $0.last?.contains("scrub") == true
        }
        app.session.send("Z")
        await app.session.waitUntilScreen(equals: jumped, "the frame of `Tab Z`")
        let screen = app.session.capture()
        try #require(screen.count == 24)
        #expect(screen[1].hasPrefix(" Z "), "the top section header is Z: \(screen[1])")
        #expect(screen[2].hasPrefix(" Z"), "the first row starts with Z: \(screen[2])")
        #expect(screen.contains { $0.contains("╭") }, "the big overlay letter is drawn")

        app.session.send("Enter")
        await app.session.waitUntilScreen(equals: returned, "the frame of `Tab Z Enter` (rows focused, no overlay)")
        #expect(!app.session.capture().contains { $0.contains("╭") }, "the overlay is gone")
        await app.quitAndExpectRestored()
    }

    // MARK: 4. resize

    @Test("resizing re-lays the screen out, keeps the focused row visible, and says when it is too small")
    func resizeFollows() async throws {
        let app = try await AppUnderTest.launch()
        let moves = Array(repeating: "j", count: 12)
        let moved = try App.snapshot(size: "80x24", keys: moves.joined(separator: " "))
        let focusedTitle = try #require(App.detailTitle(try App.snapshot(size: "80x24", keys: (moves + ["Enter"]).joined(separator: " "))))
        await app.waitForList()

        app.session.send(keys: moves)
        await app.session.waitUntilScreen(equals: moved, "the frame after 12 × j")
        await app.expectFocusedRow(focusedTitle, "before the resize, the focused row is in reverse video")

        // 80x24 → 60x15.
        app.session.resize(width: 60, height: 15)
        let small = await app.session.waitUntil("a 60x15 layout") { screen in
            App.isListLayout(screen, width: 60, height: 15) && screen.contains { $0.contains(focusedTitle) }
        }
        if let small {
            #expect(small.allSatisfy { $0.displayWidth <= 60 })
            let title = small[0]
            #expect(App.titleColumn(title) == (60 - "◖ Title │ Author )".count) / 2,
                    "the title is centred for 60 columns: '\(title)'")
            #expect(small[1].displayWidth == 60 && small[1].hasSuffix("A"), "the index moved to column 60: '\(small[1])'")
            #expect(small[14].contains("quit"), "the key hints are on line 15: '\(small[14])'")
        }
        await app.expectFocusedRow(focusedTitle, "after the resize to 60x15, the focused row is still visible and highlighted")

        // The focus is still on the same row: Enter opens it.
        app.session.send("Enter")
        await app.session.waitUntil("the detail of \(focusedTitle) at 60 columns") { screen in
            screen.first?.hasPrefix("‹ Books") == true && App.detailTitle(screen) == focusedTitle
        }
        app.session.send("Escape")
        await app.session.waitUntil("the list again at 60x15") {
            App.isListLayout($0, width: 60, height: 15) && $0.contains { $0.contains(focusedTitle) }
        }

        // Too small for anything.
        app.session.resize(width: 10, height: 3)
        await app.session.waitUntil("a 'too small' notice at 10x3") { screen in
            screen.joined(separator: " ").lowercased().contains("too small")
        }

        // And back.
        app.session.resize(width: 80, height: 24)
        await app.session.waitUntil("the list again at 80x24") { screen in
            App.isListLayout(screen, width: 80, height: 24) && screen.contains { $0.contains(focusedTitle) }
        }
        await app.expectFocusedRow(focusedTitle, "back at 80x24, the focus survived 60x15 and 10x3")
        await app.quitAndExpectRestored()
    }

    // MARK: 5, 6. quitting

    @Test("q quits with status 0 and gives the terminal back")
    func quitWithQ() async throws {
        let app = try await AppUnderTest.launch()
        await app.waitForList()
        app.session.send("q")
        await app.expectExited(status: 0)
    }

    @Test("Ctrl-C quits with status 0 and gives the terminal back")
    func quitWithControlC() async throws {
        let app = try await AppUnderTest.launch()
        await app.waitForList()
        app.session.send("j", "j")
        await app.session.waitUntilScreen(equals: try App.snapshot(size: "80x24", keys: "j j"), "the frame after j j")
        app.session.send("C-c")
        await app.expectExited(status: 0)
    }

    // MARK: 7. signals

    @Test("a termination signal restores the terminal and exits with 128 + signo",
          arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func terminationSignal(signal: Int32, status: Int32) async throws {
        let app = try await AppUnderTest.launch()
        await app.waitForList()
        let pid = try #require(await app.session.childPID(named: "table-browser"),
                               "no table-browser process under the pane's shell")
        #expect(kill(pid, signal) == 0, "kill(\(pid), \(signal)): errno \(errno)")
        await app.expectExited(status: status)
    }

    /// Sent by `kill`, a fault signal must still end the process (nothing faulted, so nothing
    /// repeats it), and every signal whose default action ends the process must restore the
    /// terminal first: the shell sees the signal's status, its own screen and modes, no mouse.
    @Test("every other signal that ends the process restores the terminal, then ends it as the signal says",
          arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
                      SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS])
    func deadlySignal(signal: Int32) async throws {
        let app = try await AppUnderTest.launch()
        await app.waitForList()
        let pid = try #require(await app.session.childPID(named: "table-browser"),
                               "no table-browser process under the pane's shell")
        #expect(kill(pid, signal) == 0, "kill(\(pid), \(signal)): errno \(errno)")
        await app.expectExited(status: 128 + signal)
    }

    // MARK: 8. mouse

    @Test("an SGR mouse click on a row (its title or its subtitle line) opens that row")
    func mouseClickOpensRow() async throws {
        let app = try await AppUnderTest.launch()
        let list = try App.snapshot(size: "80x24")
        let secondDetail = try App.snapshot(size: "80x24", keys: "j Enter")
        let thirdDetail = try App.snapshot(size: "80x24", keys: "j j Enter")
        let second = try #require(App.detailTitle(secondDetail))
        let third = try #require(App.detailTitle(thirdDetail))
        // 1-based terminal coordinates of the rows' lines in the list.
        let secondLine = try #require(list.firstIndex { $0.hasPrefix(" " + second) }) + 1
        let thirdSubtitleLine = try #require(list.firstIndex { $0.hasPrefix(" " + third) }) + 2
        await app.waitForList()
        #expect(app.session.format("#{mouse_sgr_flag}") == "1", "the app asked for SGR (1006) mouse reports")

        app.session.sendLiteral("\u{1B}[<0;5;\(secondLine)M")
        app.session.sendLiteral("\u{1B}[<0;5;\(secondLine)m")
        await app.session.waitUntilScreen(equals: secondDetail, "the detail of \(second) after a click on line \(secondLine)")

        app.session.send("Escape")
        await app.session.waitUntil("the list after Esc") { $0.first?.contains("◖ Title │ Author") == true }
        app.session.sendLiteral("\u{1B}[<0;12;\(thirdSubtitleLine)M")
        app.session.sendLiteral("\u{1B}[<0;12;\(thirdSubtitleLine)m")
        await app.session.waitUntilScreen(equals: thirdDetail, "the detail of \(third) after a click on its subtitle, line \(thirdSubtitleLine)")
        await app.quitAndExpectRestored()
    }

    // MARK: 9. bad input

    @Test("a file that cannot be read stops with one line naming it, status 66, before the terminal is touched")
    func missingFile() async throws {
        let path = "/nonexistent-\(UUID().uuidString.prefix(8)).json"
        try await expectBadInput(arguments: ["--data", path], status: 66, mentioning: path)
    }

    @Test("malformed JSON stops with file:line:column, status 65, before the terminal is touched")
    func malformedJSON() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-e2e-json-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        // Line 3, column 17: a missing comma between two members.
        try "[\n  {\"title\": \"A\", \"author\": \"B\"},\n  {\"title\": \"C\" \"author\": \"D\"}\n]\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try await expectBadInput(arguments: ["--data", file.path], status: 65, mentioning: "\(file.path):3:17")
    }

    /// Runs the app with bad arguments both in tmux (what the user sees) and as a plain process
    /// (what exactly it writes: nothing on standard output, no escape sequence at all).
    private func expectBadInput(arguments: [String], status: Int32, mentioning text: String,
                                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // Wide enough that the message does not wrap.
        let app = try await AppUnderTest.launch(arguments: arguments, width: 200, height: 24)
        // The status line, then the shell's verdict on the terminal modes, which comes after it.
        let screen = try #require(await app.session.waitUntil("EXIT:\(status) and the TTY check", sourceLocation: sourceLocation) {
            $0.contains(where: App.isExitLine) && $0.contains(where: App.isTTYVerdict)
        })
        #expect(screen.contains("EXIT:\(status)"), sourceLocation: sourceLocation)
        let exitLine = try #require(screen.lastIndex(where: App.isExitLine))
        #expect(exitLine >= 2, sourceLocation: sourceLocation)
        if exitLine >= 2 {
            #expect(screen[exitLine - 2] == "BEFORE-MARKER", "one line between the marker and the status",
                    sourceLocation: sourceLocation)
            #expect(screen[exitLine - 1].hasPrefix("table-browser: "), sourceLocation: sourceLocation)
            #expect(screen[exitLine - 1].contains(text), "'\(screen[exitLine - 1])' names \(text)", sourceLocation: sourceLocation)
        }
        #expect(app.session.format("#{alternate_on}") == "0", sourceLocation: sourceLocation)
        #expect(screen.contains("TTY-SAME"), "the terminal modes are unchanged", sourceLocation: sourceLocation)

        let direct = try TmuxSession.run(try App.binary().path, arguments, environment: App.environment)
        #expect(direct.status == status, sourceLocation: sourceLocation)
        #expect(direct.standardOutputData.isEmpty, "nothing on standard output: \(direct.standardOutput.debugDescription)",
                sourceLocation: sourceLocation)
        let errorLines = direct.standardError.split(separator: "\n")
        #expect(errorLines.count == 1, "one line on standard error: \(direct.standardError.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(direct.standardError.contains(text), sourceLocation: sourceLocation)
        #expect(!direct.standardErrorData.contains(0x1B), "no escape sequence reaches the terminal", sourceLocation: sourceLocation)
    }
}

// MARK: - The app in a tmux pane

/// One run of `table-browser` in the pane of a fresh ``TmuxSession``, wrapped so that the test
/// can see what the shell saw: a marker before, the exit status after, and whether the
/// terminal's modes came back unchanged.
private struct AppUnderTest {
    let session: TmuxSession

    static func launch(arguments: [String] = [], width: Int = 80, height: Int = 24) async throws -> AppUnderTest {
        AppUnderTest(session: try await TableBrowserBinary.launchInTmux(arguments: arguments, width: width, height: height))
    }

    /// Waits until the list is up (on the alternate screen).
    func waitForList(sourceLocation: SourceLocation = #_sourceLocation) async {
        await session.waitUntil("the Books list", sourceLocation: sourceLocation) { screen in
            screen.first?.contains("◖ Title │ Author") == true && screen.last?.contains("quit") == true
        }
    }

    /// The text of the lines drawn in reverse video (the focused row), trimmed.
    func reversedLines() -> [String] {
        CapturedScreen.reversedText(session.capture(escapes: true)).map(\.trimmed).filter { !$0.isEmpty }
    }

    /// Waits until a reverse-video line starts with `title`: the focused row is on screen.
    func expectFocusedRow(_ title: String, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: TmuxSession.defaultTimeout)
        while clock.now < deadline {
            if reversedLines().contains(where: { $0.hasPrefix(title) }) { return }
            try? await Task.sleep(for: TmuxSession.pollInterval)
        }
        Issue.record(
            "\(comment): no line in reverse video starts with '\(title)'. Reverse-video text: \(reversedLines())\n\(TmuxSession.framed(session.capture()))",
            sourceLocation: sourceLocation)
    }

    func quitAndExpectRestored(sourceLocation: SourceLocation = #_sourceLocation) async {
        session.send("q")
        await expectExited(status: 0, sourceLocation: sourceLocation)
    }

    /// The app has ended with `status`, and the terminal is the shell's again: the primary
    /// screen (with the marker printed before the app) is back, the cursor is visible, mouse
    /// reporting is off, the termios modes are what they were, and `stty -a` says so.
    func expectExited(status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard let screen = await session.waitUntil("EXIT:\(status) and the marker after the app", sourceLocation: sourceLocation, {
            $0.contains(where: App.isExitLine) && $0.contains(where: App.isTTYVerdict)
        }) else { return }
        #expect(screen.contains("EXIT:\(status)"), "exit status \(status)", sourceLocation: sourceLocation)
        #expect(screen.contains("BEFORE-MARKER"), "the shell's screen came back (alternate screen left)", sourceLocation: sourceLocation)
        #expect(screen.contains("TTY-SAME"), "stty -g is the same before and after", sourceLocation: sourceLocation)
        #expect(!screen.contains { $0.contains("Books") && !$0.hasPrefix(TmuxSession.prompt) },
                "nothing of the app is left on the shell's screen", sourceLocation: sourceLocation)
        #expect(session.format("#{alternate_on}") == "0", "left the alternate screen", sourceLocation: sourceLocation)
        #expect(session.format("#{cursor_flag}") == "1", "the cursor is visible", sourceLocation: sourceLocation)
        #expect(session.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}") == "0000",
                "mouse reporting is off", sourceLocation: sourceLocation)

        session.type(commandLine: "stty -a; printf '%s-%s\\n' STTY DONE")
        guard let after = await session.waitForLine("STTY-DONE", sourceLocation: sourceLocation) else { return }
        let start = after.lastIndex { $0.hasPrefix(TmuxSession.prompt + "stty -a") } ?? 0
        let words = Set(after[start...].joined(separator: " ").split(separator: " ").map(String.init))
        for mode in ["icanon", "echo", "isig", "icrnl", "opost", "onlcr"] {
            #expect(words.contains(mode) && !words.contains("-" + mode), "stty -a shows \(mode)", sourceLocation: sourceLocation)
        }
    }
}

// MARK: - The binary and its snapshots

private enum App {
    static var environment: [String: String] { TableBrowserBinary.environment }
    static func binary() throws -> URL { try TableBrowserBinary.url() }
    static func snapshot(size: String, keys: String = "") throws -> [String] { try TableBrowserBinary.snapshot(size: size, keys: keys) }
    static func isExitLine(_ line: String) -> Bool { TableBrowserBinary.isExitLine(line) }

    /// The shell's verdict on the terminal modes after the app.
    static func isTTYVerdict(_ line: String) -> Bool {
        line == "TTY-SAME" || line == "TTY-CHANGED"
    }

    /// The title field of a detail screen: the line after the " title" label.
    static func detailTitle(_ screen: [String]) -> String? {
        guard screen.first?.hasPrefix("‹ ") == true,
              let label = screen.firstIndex(where: { $0.trimmed == "title" }),
              label + 1 < screen.count
        else { return nil }
        return screen[label + 1].trimmed
    }

    /// The column where the title bar's Title | Author control starts, if it shows (Edit is to
    /// its left).
    static func titleColumn(_ line: String) -> Int? {
        line.range(of: "◖ Title │ Author").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    /// The list laid out for exactly `width` × `height`: the title centred, a header whose line
    /// reaches the last column (the index), and the key hints on the last line.
    static func isListLayout(_ screen: [String], width: Int, height: Int) -> Bool {
        guard screen.count == height, let indent = titleColumn(screen[0]) else { return false }
        return abs(indent - (width - "◖ Title │ Author )".count) / 2) <= 1
            && screen[1].displayWidth == width
            && screen[height - 1].contains("quit")
            && screen.allSatisfy { $0.displayWidth <= width }
    }
}

extension StringProtocol {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
    fileprivate var trimmingLeadingSpaces: Substring {
        let text = Substring(self)
        return text.drop { $0 == " " }
    }
}

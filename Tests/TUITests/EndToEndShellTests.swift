import Foundation
import TableKit
import Testing

/// The app shell of the real `table-browser` in a real terminal (tmux): the tab bar (keys and
/// mouse), a navigation stack per tab, modals that trap input (the alert of a failed reload, the
/// help overlay), live search, and modals that survive a resize.
///
/// Like ``EndToEndTests``: each test starts its own private tmux server, everything is
/// synchronised by polling the screen with a deadline, and expected frames come from
/// `table-browser snapshot` run as a process. The app runs with `--no-animation` wherever a
/// frame is compared with a snapshot (snapshots never animate).
@Suite("End to end in tmux: the app shell", .timeLimit(.minutes(1)))
struct EndToEndShellTests {
    // MARK: 1. tabs

    @Test("keys 1–5 and F4, and clicks on the tab bar, switch tabs: each frame equals the snapshot of the same keys")
    func switchTabsWithKeysAndMouse() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let books = try ShellApp.snapshot()
        let tweets = try ShellApp.snapshot(keys: "2")
        let games = try ShellApp.snapshot(keys: "3")
        let forms = try ShellApp.snapshot(keys: "4")
        let settings = try ShellApp.snapshot(keys: "5")
        #expect(try ShellApp.snapshot(keys: "3 5 1") == books, "the snapshot itself: 3 5 1 is the Books list again")
        #expect(games.contains { $0.contains("LastStandStan") }, "the snapshot itself shows the game reviews")
        let tabLine = try #require(ShellApp.tabBarLine(books), "a tab bar in \(TmuxSession.framed(books))")
        await app.session.waitUntilScreen(equals: books, "the Books list at launch")
        app.expectSelectedTab("Books", "at launch")

        // Keys.
        app.session.send("3")
        await app.session.waitUntilScreen(equals: games, "the Games tab after 3 (equal to `snapshot --keys 3`)")
        app.expectSelectedTab("Games", "after 3")
        app.session.send("5")
        await app.waitUntilSettings(equals: settings, "the Settings tab after 5 (equal to `snapshot --keys 5`)")
        app.expectSelectedTab("Settings", "after 5")
        app.session.send("1")
        await app.session.waitUntilScreen(equals: books, "the Books list after 1")
        app.expectSelectedTab("Books", "after 1")
        app.session.send("F4")
        await app.session.waitUntilScreen(equals: forms, "the Forms tab after F4 (equal to `snapshot --keys 4`)")
        app.expectSelectedTab("Forms", "after F4")

        // Clicks: 1-based column of the label's first letter, line of the tabs.
        #expect(app.session.format("#{mouse_sgr_flag}") == "1", "the app asked for SGR (1006) mouse reports")
        for (label, expected) in [("Tweets", tweets), ("Games", games), ("Settings", settings), ("Books", books)] {
            let column = try #require(ShellApp.column(of: label, in: books[tabLine])) + 1
            app.click(x: column, y: tabLine + 1)
            if label == "Settings" {
                await app.waitUntilSettings(equals: expected, "the Settings tab after a click at \(column),\(tabLine + 1)")
            } else {
                await app.session.waitUntilScreen(equals: expected, "the \(label) tab after a click at \(column),\(tabLine + 1)")
            }
            app.expectSelectedTab(label, "after a click on \(label)")
        }
        await app.quitAndExpectExited()
    }

    @Test("without --no-animation the ▲ slides from Books towards Settings, never backwards, and settles under it")
    func indicatorSlides() async throws {
        let app = try await ShellAppUnderTest.launch()
        let books = try ShellApp.snapshot()
        let settings = try ShellApp.snapshot(keys: "5")
        let start = try #require(ShellApp.indicatorColumn(books))
        let end = try #require(ShellApp.indicatorColumn(settings))
        #expect(start < end)
        await app.session.waitUntilScreen(equals: books, "the Books list at launch")

        app.session.send("5")
        var columns: [Int] = []
        let settled = await app.session.waitUntil("the ▲ to settle under Settings") { screen in
            if let column = ShellApp.indicatorColumn(screen), columns.last != column { columns.append(column) }
            // The animation setting says On here, Off in a snapshot.
            return TmuxSession.normalised(ShellApp.maskingColours(screen, and: ["Animation"]))
                == TmuxSession.normalised(ShellApp.maskingColours(settings, and: ["Animation"]))
        }
        // The frames seen depend on the machine's load; whatever was seen went one way.
        #expect(columns == columns.sorted(), "the ▲ only moved right: columns seen \(columns)")
        #expect(columns.allSatisfy { (start...end).contains($0) }, "the ▲ stayed between the two tabs: \(columns)")
        #expect(settled != nil)
        // At the end of Settings: the Animations switch is on, and the facts say what tmux shows.
        app.session.send("G")
        let bottom = await app.session.waitUntil("the end of Settings") { screen in
            screen.compactMap(ShellApp.settingsRow).contains { $0.hasPrefix("Colours ") }
        }
        // Back up past the facts, Keyboards, Review Width, Animation Speed and Mouse to Animations.
        app.session.send(keys: Array(repeating: "k", count: 10))
        let behaviour = await app.session.waitUntil("the Animations switch") { screen in
            screen.compactMap(ShellApp.settingsRow).contains { $0.hasPrefix("Animations ") }
        }
        #expect(behaviour?.compactMap(ShellApp.settingsRow).contains { $0.hasPrefix("Animations ") && $0.hasSuffix(" [ ●]") } == true,
                "Settings says the animation is on")
        let colours = bottom?.compactMap(ShellApp.settingsRow).first { $0.hasPrefix("Colours ") } ?? ""
        #expect(["256", "16", "None"].contains { colours.hasSuffix(" " + $0) }, "Colours is what tmux shows: '\(colours)'")
        await app.quitAndExpectExited()
    }

    // MARK: 2. a stack per tab

    @Test("each tab keeps its stack: a detail survives 2 then 1; 1 again pops Books to its root, focus kept")
    func stacksPerTabAndPopToRoot() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let list = try ShellApp.snapshot(keys: "j j")
        let detail = try ShellApp.snapshot(keys: "j j Enter")
        let tweets = try ShellApp.snapshot(keys: "j j Enter 2")
        #expect(detail.first?.hasPrefix("‹ Books") == true, "the snapshot itself shows a detail: \(detail.first ?? "")")
        #expect(try ShellApp.snapshot(keys: "j j Enter 2 1") == detail, "the snapshot itself: 2 1 comes back to the detail")
        await app.session.waitUntilScreen(equals: try ShellApp.snapshot(), "the Books list at launch")

        let third = try #require(ShellApp.rowTitles(list).dropFirst(2).first)
        app.session.send("j", "j")
        await app.session.waitUntilScreen(equals: list, "the list after j j")
        await app.waitForFocusedRow(third, "the focus on the third row after j j")
        let focused = app.session.capture(escapes: true)
        app.session.send("Enter")
        await app.session.waitUntilScreen(equals: detail, "the detail after j j Enter")
        app.session.send("2")
        await app.session.waitUntilScreen(equals: tweets, "the Tweets tab over the Books detail")
        app.session.send("1")
        await app.session.waitUntilScreen(equals: detail, "back on Books: still the detail, not the list")
        #expect(app.session.capture().first?.hasPrefix("‹ Books") == true)
        app.expectSelectedTab("Books", "after 2 1")

        // The tab already in front: its stack pops to the root.
        app.session.send("1")
        await app.session.waitUntilScreen(equals: list, "the list root after 1 on the Books tab")
        #expect(app.session.capture().first?.contains("◖ Title │ Author") == true, "the title bar is the list's")
        await app.waitUntilEscaped(equals: focused, "the third row focused again, as before Enter")
        await app.quitAndExpectExited()
    }

    // MARK: 3. the alert of a failed reload

    @Test("a reload of a malformed file shows an alert that traps keys and clicks; Enter, Esc or a click on OK dismiss it, the list unchanged")
    func failedReloadAlert() async throws {
        let files = try ShellTemporaryFiles()
        // The title comes from the file's name: the live file and the copies share it.
        let live = try files.write(Self.library, in: "live")
        let original = try files.write(Self.library, in: "original")
        let malformed = "[\n  {\"title\": \"A\", \"author\": \"B\"},\n  {\"title\": \"C\" \"author\": \"D\"}\n]\n"
        let list = try ShellApp.snapshot(data: original)
        #expect(list.first?.contains("⟳ (r)") == true, "the snapshot itself has the reload button: \(list.first ?? "")")
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation", "--data", live])
        // Each stage needs the one before: after a failure the test stops instead of timing out
        // stage after stage.
        guard await app.session.waitUntilScreen(equals: list, "the list of the file at launch (equal to its snapshot)") else { return }
        let before = app.session.capture(escapes: true)

        try malformed.write(toFile: live, atomically: true, encoding: .utf8)
        let alert = try #require(await app.waitForReloadAlert(mentioning: "\(live):3:17"))

        // 2, j and clicks on the Tweets tab and on the first row go to the alert, not to the
        // tabs or the list behind it. Input is read in order: once Enter has closed the alert,
        // all of it has been read, and must have left the tab, the stack and the focus as they were.
        let tabLine = try #require(ShellApp.tabBarLine(list))
        let tweetsColumn = try #require(ShellApp.column(of: "Tweets", in: list[tabLine]))
        let firstRowLine = try #require(list.firstIndex { ShellApp.accessory(in: $0) != nil })
        app.session.send("2", "j")
        app.click(x: tweetsColumn + 1, y: tabLine + 1)
        app.click(x: 3, y: firstRowLine + 1)
        #expect(ShellApp.alertBox(app.session.capture()) != nil, "the alert is still up after 2, j and the clicks")
        app.session.send("Enter")
        guard await app.session.waitUntilScreen(equals: list, "Enter closes the alert; the list as it was, tab 1 in front") else { return }
        await app.waitUntilEscaped(equals: before, "the same focus and colours as before the reload")
        app.expectSelectedTab("Library", "after the alert")

        // Esc, across a resize: the alert stays up and is centred again.
        app.session.send("r")
        guard await app.session.waitUntilScreen(equals: alert, "the same alert after a second r") else { return }
        app.session.resize(width: 60, height: 18)
        let small = await app.session.waitUntil("the alert laid out for 60x18") { screen in
            screen.count == 18 && ShellApp.alertBox(screen) != nil && screen.allSatisfy { $0.displayWidth <= 60 }
                && screen.last?.contains("Esc") == true
        }
        if let small, let box = ShellApp.alertBox(small) {
            #expect(abs(box.left + box.right - 59) <= 1, "centred in 60 columns: \(box.left)…\(box.right)\n\(TmuxSession.framed(small))")
            #expect(box.text.contains("Could not reload") && box.text.contains("OK"))
        }
        app.session.resize(width: 80, height: 24)
        guard await app.session.waitUntilScreen(equals: alert, "the alert as it was at 80x24") else { return }
        app.session.send("Escape")
        guard await app.session.waitUntilScreen(equals: list, "Esc closes the alert; the list as it was") else { return }

        // A click on OK.
        app.session.send("r")
        guard await app.session.waitUntilScreen(equals: alert, "the same alert after a third r") else { return }
        let okLine = try #require(alert.lastIndex { $0.contains(" OK ") })
        let okColumn = try #require(ShellApp.column(of: "OK", in: alert[okLine]))
        app.click(x: okColumn + 1, y: okLine + 1)
        guard await app.session.waitUntilScreen(equals: list, "a click on OK closes the alert; the list as it was") else { return }
        await app.waitUntilEscaped(equals: before, "the same focus and colours as before the reloads")

        // And a reload that works replaces the list.
        let grown = Self.library.replacingOccurrences(
            of: "\n]", with: ",\n  {\"title\": \"Middlemarch\", \"author\": \"George Eliot\", \"year\": 1871}\n]")
        let expected = try ShellApp.snapshot(data: try files.write(grown, in: "grown"))
        #expect(expected.contains { $0.contains("Middlemarch") })
        try grown.write(toFile: live, atomically: true, encoding: .utf8)
        app.session.send("r")
        guard await app.session.waitUntilScreen(equals: expected, "the new list after a reload of a valid file") else { return }
        await app.quitAndExpectExited()
    }

    static let library = """
        [
          {"title": "Dune", "author": "Frank Herbert", "year": 1965},
          {"title": "Emma", "author": "Jane Austen", "year": 1815},
          {"title": "Beloved", "author": "Toni Morrison", "year": 1987},
          {"title": "Ulysses", "author": "James Joyce", "year": 1922}
        ]
        """

    // MARK: 3b. the row's action sheet, by mouse

    @Test("a click on ⋯ opens the row's action sheet; a click outside cancels it; clicks on its buttons hide the row and search for its author")
    func rowActionSheetByMouse() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let list = try ShellApp.snapshot()
        let sheet = try ShellApp.snapshot(keys: "a")
        let hidden = try ShellApp.snapshot(keys: "a x")
        let byAuthor = try ShellApp.snapshot(keys: "a s")
        guard await app.session.waitUntilScreen(equals: list, "the Books list at launch") else { return }

        let actionsColumn = try #require(ShellApp.column(of: "⋯", in: list[0]))
        app.click(x: actionsColumn + 1, y: 1)
        guard await app.session.waitUntilScreen(equals: sheet, "the sheet after a click on ⋯ (equal to `snapshot --keys a`)") else { return }
        #expect(sheet.last?.contains("Esc cancel") == true, "the footer, below the sheet, names its keys: \(sheet.last ?? "")")
        app.click(x: 2, y: 3)
        guard await app.session.waitUntilScreen(equals: list, "a click outside the sheet cancels it") else { return }

        app.click(x: actionsColumn + 1, y: 1)
        guard await app.session.waitUntilScreen(equals: sheet, "the sheet again") else { return }
        let hideLine = try #require(sheet.firstIndex { $0.contains("Hide from List") })
        let hideColumn = try #require(ShellApp.column(of: "Hide from List", in: sheet[hideLine]))
        app.click(x: hideColumn + 1, y: hideLine + 1)
        guard await app.session.waitUntilScreen(equals: hidden, "the first book hidden (equal to `snapshot --keys \"a x\"`)") else { return }
        #expect(!hidden.contains { $0.contains("A Brief History of Time") })

        app.session.send("g", "a")
        guard let second = await app.session.waitUntil("the sheet of the new first row", { $0.contains { $0.contains("Show 1 Hidden Record") } }) else { return }
        let searchLine = try #require(second.firstIndex { $0.contains("Search for") })
        let searchColumn = try #require(ShellApp.column(of: "Search for", in: second[searchLine]))
        app.click(x: searchColumn + 1, y: searchLine + 1)
        // The subtitle line of the first row, without the index letter at the right edge.
        let author = try #require(hidden.dropFirst(3).first?.components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces))
        guard let filtered = await app.session.waitUntil("the books by \(author)", { $0.count > 1 && $0[1].contains("⌕ \(author)") }) else { return }
        #expect(filtered.contains { $0.contains("A Clockwork Orange") })
        #expect(byAuthor[1].contains("⌕ Stephen Hawking"), "the keyboard's way (a s on the first row) searches for its author too")
        await app.quitAndExpectExited()
    }

    // MARK: 4. search

    @Test("/ war filters live to the books whose title or author holds 'war'; Enter keeps it; Esc gives the list back exactly")
    func searchBundledBooks() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let list = try ShellApp.snapshot(keys: "j j")
        let found = try ShellApp.snapshot(keys: "j j / w a r")
        let kept = try ShellApp.snapshot(keys: "j j / w a r Enter")
        await app.session.waitUntilScreen(equals: try ShellApp.snapshot(), "the Books list at launch")
        let third = try #require(ShellApp.rowTitles(list).dropFirst(2).first)
        app.session.send("j", "j")
        await app.session.waitUntilScreen(equals: list, "the list after j j")
        await app.waitForFocusedRow(third, "the focus on the third row after j j")
        let before = app.session.capture(escapes: true)

        app.session.send("/")
        await app.session.waitUntil("the search field") { $0.count > 1 && $0[1].hasPrefix(" ⌕") }
        app.session.send("w", "a", "r")
        await app.session.waitUntilScreen(equals: found, "the results of 'war' (equal to `snapshot --keys \"/ w a r\"`)")
        let screen = app.session.capture()
        let rows = ShellApp.listedRows(screen)
        #expect(!rows.isEmpty, "some books match 'war'")
        for row in rows {
            #expect(row.lowercased().contains("war"), "every row listed holds 'war': \(row)")
        }
        let tabLine = try #require(ShellApp.tabBarLine(screen))
        #expect(screen[tabLine].contains("1 Books (\(rows.count))"), "the badge counts the \(rows.count) rows: \(screen[tabLine])")

        app.session.send("Enter")
        await app.session.waitUntilScreen(equals: kept, "Enter keeps the filter (equal to `snapshot --keys \"/ w a r Enter\"`)")
        app.session.send("Escape")
        await app.session.waitUntilScreen(equals: list, "Esc clears the filter: the full list")
        await app.waitUntilEscaped(equals: before, "the list exactly as before the search, focus on the third row")
        await app.quitAndExpectExited()
    }

    // MARK: 5. resize under a modal

    @Test("the help overlay survives 80x24 → 60x18 → 80x24, laid out again each time; Esc then shows the list at 80x24")
    func resizeUnderHelp() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let list = try ShellApp.snapshot()
        let help = try ShellApp.snapshot(keys: "?")
        let smallHelp = try ShellApp.snapshot(size: "60x18", keys: "?")
        await app.session.waitUntilScreen(equals: list, "the Books list at launch")

        app.session.send("?")
        await app.session.waitUntilScreen(equals: help, "the help at 80x24")
        app.session.resize(width: 60, height: 18)
        let small = await app.session.waitUntil("the help laid out for 60x18") { screen in
            screen.count == 18 && screen.contains { $0.contains("╭─ Keys") } && screen.allSatisfy { $0.displayWidth <= 60 }
        }
        if let small, let top = small.firstIndex(where: { $0.contains("╭─ Keys") }) {
            let left = try #require(ShellApp.column(of: "╭", in: small[top]))
            let right = try #require(ShellApp.column(of: "╮", in: small[top]))
            #expect(right <= 59 && abs(left + right - 59) <= 1, "the box fits and is centred: \(left)…\(right)")
        }
        await app.session.waitUntilScreen(equals: smallHelp, "the help at 60x18 equal to `snapshot --size 60x18 --keys ?`")
        app.session.resize(width: 80, height: 24)
        await app.session.waitUntilScreen(equals: help, "the help at 80x24 again")
        app.session.send("Escape")
        await app.session.waitUntilScreen(equals: list, "Esc closes the help: the list at 80x24")
        await app.quitAndExpectExited()
    }

    // MARK: 6. help

    @Test("? lists the keys (/, Tab, ?); while it is up q closes it instead of quitting, and 2 j do nothing behind it")
    func helpListsKeysAndTrapsInput() async throws {
        let app = try await ShellAppUnderTest.launch(arguments: ["--no-animation"])
        let list = try ShellApp.snapshot()
        let help = try ShellApp.snapshot(keys: "?")
        await app.session.waitUntilScreen(equals: list, "the Books list at launch")
        let before = app.session.capture(escapes: true)

        app.session.send("?")
        await app.session.waitUntilScreen(equals: help, "the help (equal to `snapshot --keys ?`)")
        let screen = app.session.capture()
        let top = try #require(screen.firstIndex { $0.contains("╭─ Keys ") }, "a box titled Keys")
        let bottom = try #require(screen.lastIndex { $0.contains("╰") })
        let entries = screen[(top + 1)..<bottom].compactMap(ShellApp.interior)
        for (key, words) in [("/", "search"), ("Tab", "index")] {
            #expect(entries.contains { $0.hasPrefix(key + " ") && $0.contains(words) },
                    "the help has a line for \(key) (\(words)):\n\(entries.joined(separator: "\n"))")
        }
        #expect(screen.last?.contains("Esc close") == true, "the footer says how to close: \(screen.last ?? "")")
        // The last lines are further down: ↓ scrolls the help.
        app.session.send("j", "j", "j", "j", "j", "j")
        let scrolled = await app.session.waitUntil("the help scrolled to its help and quit lines") { screen in
            let entries = screen.compactMap(ShellApp.interior)
            return entries.contains { $0.hasPrefix("q ^C ") && $0.contains("quit") } && entries.contains { $0.hasPrefix("? ") && $0.contains("help") }
        }
        #expect(scrolled != nil)

        // q while the help is up: the help closes and the app stays.
        app.session.send("q")
        await app.session.waitUntilScreen(equals: list, "q closes the help")
        #expect(!app.session.capture().contains { ShellApp.isExitLine($0) }, "the app did not quit")
        #expect(app.session.format("#{alternate_on}") == "1", "still on the app's screen")
        let pid = await app.session.childPID(named: "table-browser", timeout: .seconds(1))
        #expect(pid.map(TmuxSession.isRunning) == true, "table-browser is still running")

        // 2 and j under the help do nothing; Esc, read after them, closes it.
        app.session.send("?")
        await app.session.waitUntilScreen(equals: help, "the help again")
        app.session.send("2", "j", "Escape")
        await app.session.waitUntilScreen(equals: list, "Esc closes the help; still the Books tab")
        await app.waitUntilEscaped(equals: before, "the focus on the first row, as before the help")

        // The second q, with no help up, quits: the first one was not lost.
        await app.quitAndExpectExited()
    }
}

// MARK: - The app in a tmux pane

/// One run of `table-browser` in the pane of a fresh ``TmuxSession``, with a marker before,
/// the exit status after, and the shell's verdict on the terminal modes (as in ``EndToEndTests``).
private struct ShellAppUnderTest {
    let session: TmuxSession

    static func launch(arguments: [String] = [], width: Int = 80, height: Int = 24) async throws -> ShellAppUnderTest {
        ShellAppUnderTest(session: try await TableBrowserBinary.launchInTmux(arguments: arguments, width: width, height: height))
    }

    /// An SGR (1006) press and release of the left button at 1-based `x`, `y`.
    func click(x: Int, y: Int) {
        session.sendLiteral("\u{1B}[<0;\(x);\(y)M")
        session.sendLiteral("\u{1B}[<0;\(x);\(y)m")
    }

    /// Waits until the screen equals the Settings snapshot, but for the value of "Colours":
    /// the headless backend reports true colour, tmux's terminfo entry 256 colours (or fewer).
    func waitUntilSettings(equals expected: [String], _ description: String,
                           sourceLocation: SourceLocation = #_sourceLocation) async {
        let wanted = TmuxSession.normalised(ShellApp.maskingColours(expected))
        let matched = await session.waitUntil(description, recordingIssue: false) {
            TmuxSession.normalised(ShellApp.maskingColours($0)) == wanted
        }
        guard let screen = matched else {
            Issue.record("""
                Timed out waiting for \(description) (the value of Colours left out).
                Expected:
                \(TmuxSession.framed(wanted))
                Actual:
                \(TmuxSession.framed(session.capture()))
                """, sourceLocation: sourceLocation)
            return
        }
        // Settings opens on its choices; the facts are further down, when they show.
        if let colours = screen.lazy.compactMap(ShellApp.settingsRow).first(where: { $0.hasPrefix("Colours ") }) {
            #expect(["256", "16", "None"].contains { colours.hasSuffix(" " + $0) },
                    "Settings reports what tmux's terminal can show, not the headless true colour: '\(colours)'",
                    sourceLocation: sourceLocation)
        }
    }

    /// Waits until the screen, colours and attributes included, equals `expected` (the focus is
    /// reverse video: this compares what plain text cannot).
    func waitUntilEscaped(equals expected: [String], _ description: String,
                          sourceLocation: SourceLocation = #_sourceLocation) async {
        let expected = CapturedScreen.styled(expected)
        if await session.waitUntil(description, recordingIssue: false, { _ in CapturedScreen.styled(session.capture(escapes: true)) == expected }) == nil {
            let actual = CapturedScreen.styled(session.capture(escapes: true))
            let line = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
            Issue.record("""
                Timed out waiting for \(description): colours or attributes differ, first at line \(line + 1).
                Expected: \(line < expected.count ? expected[line].debugDescription : "nothing")
                Actual:   \(line < actual.count ? actual[line].debugDescription : "nothing")
                """, sourceLocation: sourceLocation)
        }
    }

    /// Waits until the row titled `title` is the focused one (in reverse video): plain text
    /// cannot tell when a move has been made.
    func waitForFocusedRow(_ title: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        if await session.waitUntil(description, recordingIssue: false, { _ in
            CapturedScreen.reversedText(session.capture(escapes: true)).contains { $0.trimmed.hasPrefix(title) }
        }) == nil {
            Issue.record("""
                Timed out waiting for \(description): no line in reverse video starts with '\(title)'. \
                Reverse-video text: \(CapturedScreen.reversedText(session.capture(escapes: true)).map(\.trimmed).filter { !$0.isEmpty })
                """, sourceLocation: sourceLocation)
        }
    }

    /// Waits for the alert of a failed reload after `r`, checks that its message names the
    /// position of the error, and returns the screen.
    func waitForReloadAlert(mentioning position: String,
                            sourceLocation: SourceLocation = #_sourceLocation) async -> [String]? {
        session.send("r")
        guard let screen = await session.waitUntil("the alert \"Could not reload\"", sourceLocation: sourceLocation, {
            ShellApp.alertBox($0) != nil
        }) else { return nil }
        let box = ShellApp.alertBox(screen)
        // The message wraps inside the box, the path too: compare without the white space.
        let text = (box?.text ?? "").filter { !$0.isWhitespace }
        #expect(text.contains(position.filter { !$0.isWhitespace }), "the message names \(position):\n\(TmuxSession.framed(screen))",
                sourceLocation: sourceLocation)
        #expect(text.contains("OK"), "an OK button", sourceLocation: sourceLocation)
        return screen
    }

    /// The selected tab is drawn in reverse video and the ▲ is under it.
    func expectSelectedTab(_ title: String, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let plain = session.capture()
        let escaped = session.capture(escapes: true)
        guard let line = ShellApp.tabBarLine(plain), line < escaped.count else {
            Issue.record("no tab bar: \(comment)\n\(TmuxSession.framed(plain))", sourceLocation: sourceLocation)
            return
        }
        let reversed = CapturedScreen.reversedText(escaped)[line].trimmed
        #expect(reversed.hasSuffix(title) || reversed.contains(title + " "),
                "\(comment): the reverse-video tab is '\(reversed)', not \(title)", sourceLocation: sourceLocation)
        let centres = ShellApp.tabCentres(plain[line])
        if let column = ShellApp.indicatorColumn(plain),
           let nearest = centres.min(by: { abs($0.centre - column) < abs($1.centre - column) }) {
            #expect(nearest.title == title, "\(comment): the ▲ at column \(column) is under \(nearest.title)",
                    sourceLocation: sourceLocation)
        } else {
            Issue.record("\(comment): no ▲ above the tabs\n\(TmuxSession.framed(plain))", sourceLocation: sourceLocation)
        }
    }

    /// q, then the shell's status line and verdict: exit 0, the terminal as it was.
    func quitAndExpectExited(sourceLocation: SourceLocation = #_sourceLocation) async {
        session.send("q")
        guard let screen = await session.waitUntil("EXIT:0 and the marker after the app", sourceLocation: sourceLocation, {
            $0.contains(where: ShellApp.isExitLine) && $0.contains { $0 == "TTY-SAME" || $0 == "TTY-CHANGED" }
        }) else { return }
        #expect(screen.contains("EXIT:0"), "exit status 0", sourceLocation: sourceLocation)
        #expect(screen.contains("BEFORE-MARKER"), "the shell's screen came back", sourceLocation: sourceLocation)
        #expect(screen.contains("TTY-SAME"), "stty -g is the same before and after", sourceLocation: sourceLocation)
        #expect(session.format("#{alternate_on}") == "0", "left the alternate screen", sourceLocation: sourceLocation)
        #expect(session.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}") == "0000",
                "mouse reporting is off", sourceLocation: sourceLocation)
    }
}

/// JSON files in a fresh temporary folder, one subfolder each, removed when the value goes away.
private final class ShellTemporaryFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-e2e-shell-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to `subfolder/Library.json` and returns its path.
    func write(_ text: String, in subfolder: String) throws -> String {
        let folder = directory.appendingPathComponent(subfolder, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Library.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

// MARK: - The binary, its snapshots, and reading screens

private enum ShellApp {
    static var environment: [String: String] { TableBrowserBinary.environment }
    static func binary() throws -> URL { try TableBrowserBinary.url() }
    static func snapshot(size: String = "80x24", keys: String = "", data: String? = nil) throws -> [String] {
        try TableBrowserBinary.snapshot(size: size, keys: keys, data: data)
    }
    static func isExitLine(_ line: String) -> Bool { TableBrowserBinary.isExitLine(line) }

    /// The 0-based terminal column where `text` starts in `line`.
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return line[..<range.lowerBound].displayWidth
    }

    /// The line of the tab labels.
    static func tabBarLine(_ screen: [String]) -> Int? {
        screen.lastIndex { $0.contains("2 Tweets") && $0.contains("5 Settings") }
    }

    /// The column of the ▲ on the rule above the tabs.
    static func indicatorColumn(_ screen: [String]) -> Int? {
        guard let line = tabBarLine(screen), line > 0 else { return nil }
        return column(of: "▲", in: screen[line - 1])
    }

    /// Each tab's title and the column of its label's centre ("1 Books (6)" counts whole).
    static func tabCentres(_ line: String) -> [(title: String, centre: Int)] {
        let titles = ["Tweets", "Games", "Forms", "Settings"]
        var result: [(String, Int)] = []
        for (number, title) in zip(2..., titles) {
            if let start = column(of: "\(number) \(title)", in: line) {
                result.append((title, start + ("\(number) \(title)".count - 1) / 2))
            }
        }
        // The first tab's title depends on the data (the file's name, a badge).
        if let start = column(of: "1 ", in: line), let end = column(of: "2 Tweets", in: line) {
            let label = String(line.dropFirst(start).prefix(end - start)).trimmed
            let title = String(label.dropFirst(2).split(separator: " ").first ?? "")
            result.append((title, start + (label.count - 1) / 2))
        }
        return result
    }

    /// Settings with the value of "Colours" left out (and of more settings, if named).
    static func maskingColours(_ screen: [String], and labels: [String] = []) -> [String] {
        screen.map { line in
            (["Colours"] + labels).first { settingsRow(line)?.hasPrefix($0 + " ") == true }.map { " │ " + $0 } ?? line
        }
    }

    /// The text of a row in one of Settings' boxes (` │ Colours   256 │` → `Colours   256`).
    static func settingsRow(_ line: String) -> String? {
        line.hasPrefix(" │ ") ? interior(line) : nil
    }

    /// The text between the first and the last vertical bar of a box line.
    static func interior(_ line: String) -> String? {
        guard let first = line.firstIndex(where: { $0 == "│" || $0 == "├" }),
              let last = line.lastIndex(where: { $0 == "│" || $0 == "┤" }), first < last
        else { return nil }
        return line[line.index(after: first)..<last].trimmed
    }

    /// The box holding "Could not reload": its columns and its text.
    static func alertBox(_ screen: [String]) -> (left: Int, right: Int, text: String)? {
        guard let titleLine = screen.firstIndex(where: { $0.contains("│") && $0.contains("Could not reload") }),
              let top = screen[...titleLine].lastIndex(where: { $0.contains("╭") }),
              let bottom = screen[titleLine...].firstIndex(where: { $0.contains("╰") }),
              let left = column(of: "╭", in: screen[top]), let right = column(of: "╮", in: screen[top])
        else { return nil }
        let text = screen[(top + 1)..<bottom].compactMap(interior).joined(separator: "\n")
        return (left, right, text)
    }

    /// Where a row's accessory starts on a line of a list: a chevron, or the edit button of
    /// a record that may be edited.
    static func accessory(in line: String) -> Range<String.Index>? {
        line.range(of: " [✎]", options: .backwards) ?? line.range(of: " ›", options: .backwards)
    }

    /// The titles of the rows of a list screen, top to bottom: the lines with an accessory.
    static func rowTitles(_ screen: [String]) -> [String] {
        screen.dropFirst().compactMap { line in
            accessory(in: line).map { line[..<$0.lowerBound].trimmed }
        }
    }

    /// The rows of a list screen, title and subtitle joined: each line with a chevron is a
    /// title, the line under it its subtitle; the index on the right is cut off.
    static func listedRows(_ screen: [String]) -> [String] {
        let body = screen.prefix(ShellApp.tabBarLine(screen).map { $0 - 1 } ?? screen.count)
        let lines = Array(body.dropFirst(2))  // the title bar and the search field
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard let chevron = ShellApp.accessory(in: line) else { return nil }
            let subtitle = index + 1 < lines.count ? String(lines[index + 1].prefix(74)).trimmed : ""
            return line[..<chevron.lowerBound].trimmed + " — " + subtitle
        }
    }
}

extension StringProtocol {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}

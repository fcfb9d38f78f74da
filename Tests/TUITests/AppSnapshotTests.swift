import Foundation
import Testing
import TableKit
@testable import TUI

@MainActor
@Suite("The app through the headless backend: keys in, frame out")
struct AppSnapshotTests {
    @Test func listIsSectionedIndexedAndSorted() throws {
        let lines = try snapshot(fixtureBooks)
        #expect(lines == [
            // 50 columns leave no room for Columns beside the right side's buttons (c still
            // opens it), nor for six tabs: Settings and Photos are under More.
            "Edit (E)  Sort (o)     data    ⋯ (a)  + (+)  ⟳ (r)",
            " A                                               A",
            " Ångström Units                             [✎]  •",
            " Anders Å.                                       G",
            " apple pie                                  [✎]  •",
            " A. Baker                                        M",
            " B                                               •",
            " Banana Republic                            [✎]  R",
            " B. Grower                                       •",
            " E                                               Z",
            " élan vital                                 [✎]  #",
            "────▲─────────────────────────────────────────────",
            "  1 data   2 Tweets  3 Games   4 Forms    5 More",
            " ↓ move  Enter open  Tab index  / search  q quit",
        ])
    }

    @Test func enterPushesTheDetailAndEscPopsBack() throws {
        let files = TemporaryFiles()
        let detail = try snapshot(fixtureBooks, keys: "j Enter", files: files)
        #expect(detail[0].hasPrefix("‹ data"))
        #expect(detail[0].contains("apple pie"))
        #expect(detail.contains(" title"))
        #expect(detail.contains(" A. Baker"))
        #expect(detail.contains(" 1999"))
        #expect(detail.last?.contains("Esc back") == true)
        let back = try snapshot(fixtureBooks, keys: "j Enter Esc", files: files)
        #expect(back == (try snapshot(fixtureBooks, keys: "j", files: files)))
        for key in ["Left", "h", "Backspace"] {
            #expect(try snapshot(fixtureBooks, keys: "j Enter \(key)", files: files) == back)
        }
    }

    @Test func theDetailsToolbarStepsThroughTheListInItsOrder() throws {
        let files = TemporaryFiles()
        let size = Size(width: 50, height: 20)
        let first = try snapshot(fixtureBooks, size: size, keys: "Enter", files: files)
        #expect(first[0].contains("Ångström Units"))
        #expect(first[first.count - 4].contains("1 of 9"))
        // Next twice is the third row's detail, the same as opening it from the list.
        let stepped = try snapshot(fixtureBooks, size: size, keys: "Enter n n", files: files)
        #expect(stepped == (try snapshot(fixtureBooks, size: size, keys: "j j Enter", files: files)))
        // In a filtered list, the steps follow the matches.
        let filtered = try snapshot(fixtureBooks, size: size, keys: "/ b a Enter Enter n", files: files)
        #expect(filtered[filtered.count - 4].contains("2 of 2"))
        // Back from a stepped detail lands on the record last shown, filtered or not (the
        // focus shows only in the styled frame).
        let back = { (keys: String) in try styledSnapshot(fixtureBooks, size: size, keys: keys, files: files) }
        #expect(try back("Enter n n Esc") == (try back("j j")))
        #expect(try back("Enter n n p Esc") == (try back("j")))
        #expect(try back("/ b a Enter Enter n Esc") == (try back("/ b a Enter j")))
    }

    @Test func theHashSectionComesLastAndControlCharactersAreEscaped() throws {
        let lines = try snapshot(fixtureBooks, size: Size(width: 50, height: 30), keys: "G")
        // The # section's header, last, with the index's last entry beside it.
        let hash = lines.firstIndex { $0.hasPrefix(" #") }
        #expect(hash.map { lines[$0] } == " #                                               •", "\(lines.joined(separator: "\n"))")
        let z = lines.firstIndex { $0.hasPrefix(" Z ") }
        #expect(z != nil && hash != nil && z! < hash!, "# after Z")
        #expect(lines.contains(where: { $0.contains("42nd Street") }))
        let escaped = lines.first { $0.contains("in a title") }
        #expect(escaped?.contains("Esc^[[2J in a title") == true)
        #expect(!lines.joined().unicodeScalars.contains(where: ControlEscaping.isControl))
    }

    @Test func theIndexJumpsToALetterOrTheNearestSectionAfterIt() throws {
        // T holds "the Hobbit": the jump focuses it (the list is short, so the view stops at its end).
        let t = try snapshot(fixtureBooks, keys: "Tab T Enter Enter")
        #expect(t[0].contains("the Hobbit"))
        // There is no C: C jumps to the nearest section after it, E ("élan vital" sorts first).
        let c = try snapshot(fixtureBooks, keys: "Tab c Enter Enter")
        #expect(c[0].contains("élan vital"))
        // A digit has no title of its own: it goes to #.
        let digit = try snapshot(fixtureBooks, keys: "Tab 4 Enter Enter")
        #expect(digit[0].contains("42nd Street"))
    }

    @Test func scrubbingShowsTheBigLetterAndMovesLive() throws {
        let lines = try snapshot(fixtureBooks, size: Size(width: 50, height: 14), keys: "Tab Down Down")
        // Down twice from A reaches C, which has no books: the table shows the next section, E.
        #expect(lines.contains(where: { $0.contains("╭") }))
        #expect(lines.contains(where: { $0.hasPrefix(" E") }))
        #expect(lines.last?.contains("scrub") == true)
    }

    @Test func aTerminalTooSmallSaysSo() throws {
        let lines = try snapshot(fixtureBooks, size: Size(width: 18, height: 4))
        #expect(lines.joined(separator: " ").contains("Too small needs 20×8 q quits"))
        let wide = try snapshot(fixtureBooks, size: Size(width: 60, height: 5))
        #expect(wide.joined(separator: " ").contains("Terminal too small: 60×5, needs 20×8."))
    }

    @Test func qQuitsAndKeysAfterItAreIgnored() throws {
        let quitFirst = try snapshot(fixtureBooks, keys: "q j j")
        #expect(quitFirst == (try snapshot(fixtureBooks)))
    }

    @Test func bundledBooksLoadWithEverySection() throws {
        let root = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true)
        #expect(root.title == "Books")
        #expect(root.records.count >= 300)
        #expect(root.records.sections.visibleSections == Array(0...26))
        let frame = SnapshotCommand.render(list: root, size: Size(width: 80, height: 24), keys: try Key.parseScript("End"))
        #expect(frame.lines.contains(where: { $0.hasPrefix(" #") }))
    }
}

@MainActor
@Suite("Books' Title | Author in the navigation bar, in step with Settings")
struct BookOrderControlTests {
    @Test func theBarAndSettingsChooseTheSameOrder() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let list = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true, environment: environment)
        let settings = AppSettings(store: nil)
        let app = BrowserApp(list: list, options: AppOptions(searchesSynchronously: true, animates: false, settings: settings))
        func lines() -> [String] { app.render(context: RenderContext()).lines }
        #expect(lines()[0].contains("◖ Title │ Author )"))
        for key in try Key.parseScript("S-Tab Right Enter") { _ = app.handle(.key(key)) }
        #expect(settings.state.bookOrder == .author, "the bar's choice is Settings' Sort Books By")
        #expect(lines()[0].contains("( Title │ Author ◗") && list.records.sortOrder == .subtitleLastName)
        settings.update { $0.bookOrder = .title }
        #expect(lines()[0].contains("◖ Title │ Author )"), "and Settings' choice shows in the bar")
        #expect(list.records.sortOrder == .title)
    }
}

@MainActor
@Suite("Bad input: a clear error in words, before the terminal is touched")
struct BadInputTests {
    private func loadFailure(_ json: String?, path: String? = nil, arguments: [String] = []) -> CommandFailure? {
        let files = TemporaryFiles()
        let file = path ?? files.write(json ?? "")
        do {
            _ = try DataOptions.parse(["--data", file] + arguments).loadListScreen()
            return nil
        } catch let failure as CommandFailure {
            return failure
        } catch {
            return CommandFailure(message: "unexpected: \(error)", exitCode: -1)
        }
    }

    @Test func missingFileExits66() throws {
        let failure = try #require(loadFailure(nil, path: "/nonexistent/books.json"))
        #expect(failure.exitCode == 66)
        #expect(failure.message.contains("/nonexistent/books.json"))
    }

    @Test func syntaxErrorNamesLineAndColumnAndExits65() throws {
        let failure = try #require(loadFailure("[\n  {\"title\": \"a\"},\n  {\"title\" \"b\"}\n]"))
        #expect(failure.exitCode == 65)
        #expect(failure.message.hasSuffix("data.json:3:12: error: expected ':' after object key"), "\(failure.message)")
    }

    @Test(arguments: ["{\"title\": \"a\"}", "[1, 2]", "[{\"title\": \"a\"}, \"b\"]", "\"text\""])
    func notAnArrayOfObjectsExits65(_ json: String) throws {
        let failure = try #require(loadFailure(json))
        #expect(failure.exitCode == 65)
        #expect(!failure.message.isEmpty)
    }

    @Test func aKeyNoRecordHasIsAUsageErrorThatNamesTheKeysThereAre() throws {
        let json = #"[{"name": "Ann", "city": "Oslo"}, {"name": "Bo", "zip": "0150"}, {"id": 3}]"#
        let title = try #require(loadFailure(json, arguments: ["--title-key", "Nope"]))
        #expect(title.exitCode == 64)
        #expect(title.message.hasSuffix(#"data.json: --title-key "Nope" names no record's key; the records have: name, city, zip, id"#), "\(title.message)")
        let both = try #require(loadFailure(json, arguments: ["--title-key", "nam", "--subtitle-key", "City\u{1B}"]))
        #expect(both.message.contains(#"--title-key "nam" and --subtitle-key "City^[" name no record's key"#), "escaped: \(both.message)")
        #expect(loadFailure(json, arguments: ["--title-key", "zip", "--subtitle-key", "id"]) == nil, "a key one record has is enough")
        #expect(loadFailure("[]", arguments: ["--title-key", "Nope"]) == nil, "no records: nothing to check against")
    }

    @Test func anEmptyArrayShowsAnHonestEmptyList() throws {
        let lines = try snapshot("[]")
        #expect(lines.contains(where: { $0.contains("No Records") }))
        #expect(lines.last == " ? help  q quit", "no moves, no search and no actions it cannot do: \(lines.last ?? "")")
        let help = try snapshot("[]", size: Size(width: 60, height: 30), keys: "?")
        #expect(!help.contains { $0.contains("search titles") || $0.contains("actions for") })
    }

    @Test func keyScriptsRejectUnknownNames() {
        #expect(throws: KeyScriptError.self) { try Key.parseScript("j Bogus") }
    }
}

@MainActor
@Suite("Snapshots run through the terminal's event loop")
struct SnapshotLoopTests {
    /// A reload runs in the background and is polled on ticks: a snapshot that presses `r`
    /// waits for it, as the terminal would, and shows the file as it is now.
    @Test func aReloadInASnapshotIsWaitedForThroughTicks() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "Old One"}, {"title": "Old Two"}]"#)
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        _ = files.write(#"[{"title": "New Book"}]"#)
        let before = SnapshotCommand.render(list: list, size: Size(width: 40, height: 10), keys: []).text
        #expect(before.contains("Old One"))
        let after = SnapshotCommand.render(list: list, size: Size(width: 40, height: 10), keys: [.character("r")]).text
        #expect(after.contains("New Book") && !after.contains("Old One"), "the reload finished within the snapshot:\n\(after)")
    }
}

@MainActor
@Suite("The command line: options a subcommand shares with the app reach the subcommand")
struct CommandLineTests {
    @Test func snapshotTakesSeedAndNoMouseAndTheFrameSaysSo() throws {
        let command = try #require(try TableBrowser.parseAsRoot(["snapshot", "--seed", "7", "--no-mouse"]) as? SnapshotCommand)
        #expect(command.play.seed == 7 && command.mouse.noMouse)
        let list = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true)
        let frame = SnapshotCommand.render(list: list, size: Size(width: 80, height: 24), keys: try Key.parseScript("5 G"), mouse: false)
        #expect(frame.lines.contains { $0.contains("Mouse reports") && $0.contains("Not available") })
    }

    @Test func helpSaysWhatTheMouseDoes() throws {
        let list = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true)
        let frame = SnapshotCommand.render(list: list, size: Size(width: 80, height: 60), keys: try Key.parseScript("5 ?"))
        #expect(frame.lines.contains { $0.contains("Mouse") })
        #expect(frame.lines.contains { $0.contains("wheel") && $0.contains("scroll the rows") })
    }
}


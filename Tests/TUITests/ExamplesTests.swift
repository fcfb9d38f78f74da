import Foundation
import Testing
import TableKitTestSupport

/// The example apps under `Examples/`, written against the public API only, run as a
/// stranger would run them: built by the package, started as processes, headless through
/// `TABLEKIT_SNAPSHOT`, and once in a real terminal.
@Suite("Examples: small apps on the public API, built and run")
struct ExamplesTests {
    /// The frame an example prints after `keys` at `size`, through the library's own runner.
    private func printedFrame(_ example: String, size: String = "60x16", keys: String = "", styled: Bool = false) throws -> [String] {
        var environment = TableBrowserBinary.environment
        environment["TABLEKIT_SNAPSHOT"] = size
        environment["TABLEKIT_KEYS"] = keys
        if styled { environment["TABLEKIT_STYLES"] = "1" }
        let result = try TmuxSession.run(try TableBrowserBinary.example(example).path, [], environment: environment)
        #expect(result.status == 0, "\(example) exited \(result.status): \(result.standardError)")
        var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func theFruitListIsSectionedIndexedAndFootedWithItsKeys() throws {
        expectFrame(try printedFrame("fruit-list"), equals: [
            "                           Fruit",
            " A                                                         A",
            " Açaí                                                   ›  •",
            " purple                                                    E",
            " Apple                                                  ›  •",
            " red                                                       I",
            " Apricot                                                ›  •",
            " orange                                                    M",
            " Avocado                                                ›  •",
            " green                                                     Q",
            " B                                                         •",
            " Banana                                                 ›  U",
            " yellow                                                    •",
            " Blackberry                                             ›  Z",
            " black                                                     #",
            " ↓ move  Enter open  Tab index  / search  ? help  q quit",
        ])
    }

    @Test func theFocusMovesAndEnterOpensThatFruit() throws {
        let styled = try printedFrame("fruit-list", keys: "j j", styled: true)
        #expect(styled[6].hasPrefix("«rev| Apricot "), "j j focuses the third fruit:\n\(styled.joined(separator: "\n"))")
        #expect(!styled[2].contains("rev"))
        let detail = try printedFrame("fruit-list", keys: "j j Enter")
        #expect(detail[0] == "‹ Fruit                   Apricot")
        #expect(detail[3] == " │ Name                                           Apricot │")
        #expect(detail[4] == " │ Colour                                          orange │")
        expectFrame(try printedFrame("fruit-list", keys: "j j Enter Esc", styled: true), equals: styled, "Esc comes back, the focus kept")
    }

    @Test func searchFiltersIgnoringAccentsAndEscPutsTheListBack() throws {
        let found = try printedFrame("fruit-list", keys: "/ a c a i")
        #expect(found[1] == " ⌕ acai")
        #expect(found[3].hasPrefix(" Açaí"))
        #expect(!found.contains { $0.hasPrefix(" Apple") })
        let focused = try printedFrame("fruit-list", keys: "G", styled: true)
        expectFrame(try printedFrame("fruit-list", keys: "G / p e a Esc", styled: true), equals: focused)
    }

    @Test func theSettingsExampleIsGroupedWithAnInfoButtonOfItsOwn() throws {
        let settings = try printedFrame("settings-example", size: "60x18")
        #expect(settings[1] == "   GENERAL")
        #expect(settings[5] == " │ Location                               While Using   ⓘ │")
        #expect(settings[14] == "   Quiet hours silence alerts from 22:00 to 07:00.")
        let info = try printedFrame("settings-example", size: "60x18", keys: "j j i")
        #expect(info.contains { $0.contains("Apps see your location only while you use") }, "i shows the info alert")
        let enter = try printedFrame("settings-example", size: "60x18", keys: "j j Enter")
        #expect(enter == settings, "Enter on Location opens nothing: its info button has the action")
        #expect(try printedFrame("settings-example", size: "60x18", keys: "Enter")[0].hasPrefix("‹ Settings"))
    }

    @Test func theSettingsExampleKeepsItsAlarmAsTypedValues() throws {
        #expect(try printedFrame("settings-example", size: "60x18")[12] == " │ Alarm                              Volume 70, snooze › │")
        // The volume typed is a number, snooze switched off is false; an emptied volume is null.
        let saved = try printedFrame("settings-example", size: "60x18", keys: "j j j j j Enter C-u 4 0 Tab Space C-s")
        #expect(saved[12] == " │ Alarm                                      Volume 40 › │")
        let off = try printedFrame("settings-example", size: "60x18", keys: "j j j j j Enter C-u C-s")
        #expect(off[12] == " │ Alarm                                            Off › │")
        // The form opens with the cursor before the volume's first digit: Delete takes the tens.
        let tens = try printedFrame("settings-example", size: "60x18", keys: "j j j j j Enter Delete C-s")
        #expect(tens[12].contains("Volume 0, snooze"), "\(tens[12])")
    }

    @Test func theInboxSizesItsCellsAndSwipesAsideForItsActions() throws {
        let inbox = try printedFrame("inbox")
        #expect(inbox[1] == " Ada")
        #expect(inbox[2] == " Tables in a terminal")
        #expect(inbox[3] == " They slide aside now, as they did on the iPhone in 2009.")
        #expect(inbox[4] == " Grace", "each cell as tall as its three paragraphs")
        let menu = try printedFrame("inbox", keys: "s")
        #expect(menu[2].contains("⚑ Flag") && menu[2].contains("Archive") && menu[2].contains("Delete"), "the menu on the middle line: \(menu[2])")
        #expect(menu[2].range(of: "Flag")!.lowerBound < menu[2].range(of: "Delete")!.lowerBound, "Delete, the outermost, is rightmost")
        let flagged = try printedFrame("inbox", keys: "s f")
        #expect(flagged[1].hasPrefix(" Ada") && flagged[1].hasSuffix("⚑"), "f flagged the message: \(flagged[1])")
        let deleted = try printedFrame("inbox", keys: "S-Left S-Left")
        #expect(deleted[1] == " Grace", "the swipe key again is a full swipe: Delete")
        let read = try printedFrame("inbox", keys: "S-Right Enter", styled: true)
        #expect(!read[1].contains("bold"), "Mark Read: the sender is no longer bold: \(read[1])")
    }

    @Test func contactsKeepsItsModelOnTheMainActorAndAnswersAsEvents() throws {
        let list = try printedFrame("contacts")
        #expect(list[1].hasPrefix(" A ") && list[2].hasPrefix(" Ada Lovelace") && list[4].hasPrefix(" Alan Turing"), "\(list)")
        #expect(list[7].hasPrefix(" Émile Borel"), "É sections under E")
        let sheet = try printedFrame("contacts", keys: "j Enter j j Enter")
        #expect(sheet.contains { $0.contains("Delete Alan Turing?") })
        // The sheet's Delete answers .pop: the contact goes, and so does its screen.
        let deleted = try printedFrame("contacts", keys: "j Enter j j Enter d")
        #expect(deleted[0].contains("Contacts") && !deleted[0].contains("‹"), "back on the list: \(deleted[0])")
        #expect(!deleted.contains { $0.contains("Alan Turing") })
        let cancelled = try printedFrame("contacts", keys: "j Enter j j Enter Esc")
        #expect(cancelled[0].contains("Alan Turing"), "Cancel stays on the contact")
        // The import parses off the main actor; the headless run waits for its result.
        let imported = try printedFrame("contacts", keys: "r")
        #expect(imported.contains { $0.hasPrefix(" Donald Knuth") } && imported.contains { $0.hasPrefix(" D ") }, "\(imported)")
        // Edit deletes from the list itself, through IndexedSections alone (no wrapper), and
        // the book hears it: the list built again from the book leaves Alan out too.
        let edited = try printedFrame("contacts", keys: "E j Delete Enter")
        #expect(!edited.contains { $0.contains("Alan Turing") } && edited.contains { $0.contains("⊖ Ada Lovelace") }, "\(edited)")
        let rebuilt = try printedFrame("contacts", keys: "E j Delete Enter E Enter Esc")
        #expect(!rebuilt.contains { $0.contains("Alan Turing") } && rebuilt.contains { $0.contains("Ada Lovelace") }, "\(rebuilt)")
    }

    @Test func contactsAddsItsOwnPartACardOnSpaceThatFollowsTheFocus() throws {
        // The part is the example's own (a TableViewPart added with addPart): TableKit knows
        // nothing of cards.
        expectFrame(try printedFrame("contacts", keys: "Space j"), equals: [
            "                          Contacts           Edit (E)  ⟳ (r)",
            " A                                                         A",
            " Ada Lovelace                                           ›  •",
            " ada@example.org                                           E",
            " Alan Turing                                            ›  •",
            " alan@example.org   ╭──────────────────╮                   I",
            " E                  │ Alan Turing      │                   •",
            " Émile Borel        │ +44 161 496 0791 │                ›  M",
            " emile@example.org  │ alan@example.org │                   •",
            " G                  ╰──────────────────╯                   Q",
            " Grace Hopper                                           ›  •",
            " grace@example.org                                         U",
            "                                                           •",
            "                                                           Z",
            "                                                           #",
            " ↑↓ move  Space close  ? help  q quit",
        ])
        // Esc puts it away and leaves the list as ↓ alone leaves it; the footer offers it.
        let closed = try printedFrame("contacts", keys: "Space j Esc")
        expectFrame(closed, equals: try printedFrame("contacts", keys: "j"))
        #expect(closed.last == " ↓ move  Enter open  Tab index  s swipe  Space card  q quit")
        // Help lists the part's keys alone while the card shows.
        let help = try printedFrame("contacts", keys: "Space ?")
        #expect(help[2] == "│ ↑ ↓        the card of the row above or below            │", "\(help)")
        #expect(help[3] == "│ Space Esc  put the card away                             │", "\(help)")
    }

    @Test func groceriesEditsAsAnIOSListOnADiffableDataSource() throws {
        let list = try printedFrame("groceries")
        #expect(list[0].contains("Groceries") && list[0].contains("Edit"), "\(list)")
        #expect(list[1].hasPrefix(" Produce") && list[2].hasPrefix(" Apples") && list.contains { $0.hasPrefix(" Dairy") }, "\(list)")
        let editing = try printedFrame("groceries", keys: "E")
        #expect(editing[0].contains("Done") && editing[2].hasPrefix(" ⊖ Apples") && editing[2].hasSuffix("≡"), "\(editing)")
        // ⊖ alone deletes nothing; Enter on its Delete button does.
        let confirming = try printedFrame("groceries", keys: "E Delete")
        #expect(confirming[2].contains("Delete") && confirming[2].contains("Apples"), "\(confirming)")
        let deleted = try printedFrame("groceries", keys: "E Delete Enter")
        #expect(!deleted.contains { $0.contains("Apples") } && deleted[2].hasPrefix(" ⊖ Spinach"), "\(deleted)")
        // Lemons, last in Produce, moves down into Dairy's first place.
        let moved = try printedFrame("groceries", keys: "E j j A-Down")
        let dairy = try #require(moved.firstIndex { $0.hasPrefix(" Dairy") })
        #expect(moved[dairy + 1].hasPrefix(" ⊖ Lemons") && moved[dairy + 2].hasPrefix(" ⊖ Milk"), "\(moved)")
        // u puts Apples back where it was, and names the change; U deletes it again.
        let undone = try printedFrame("groceries", keys: "E Delete Enter u")
        #expect(undone[2].hasPrefix(" ⊖ Apples") && undone.last == " Undo Delete Apples", "\(undone)")
        let redone = try printedFrame("groceries", keys: "E Delete Enter u U")
        #expect(!redone.dropLast().contains { $0.contains("Apples") } && redone.last == " Redo Delete Apples", "\(redone)")
        let unmoved = try printedFrame("groceries", keys: "E j j A-Down u")
        #expect(unmoved[4].hasPrefix(" ⊖ Lemons") && unmoved.last == " Undo Move Lemons", "Lemons back last in Produce: \(unmoved)")
        // Without editing, a left swipe offers Delete.
        let swiped = try printedFrame("groceries", keys: "s S-Left")
        #expect(!swiped.contains { $0.contains("Apples") }, "a full swipe deleted Apples: \(swiped)")
    }

    @Test func theDocCArticleShowsTheExampleAsItIs() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { root.deleteLastPathComponent() }
        let example = try String(contentsOf: root.appendingPathComponent("Examples/FruitList/main.swift"), encoding: .utf8)
        let article = try String(contentsOf: root.appendingPathComponent("Sources/TableKit/TableKit.docc/YourFirstTable.md"), encoding: .utf8)
        #expect(article.contains("```swift\n" + example + "```\n"), "YourFirstTable.md must show Examples/FruitList/main.swift verbatim")
    }

    @Test func aKeyScriptThatDoesNotParseIsAnErrorInWords() throws {
        var environment = TableBrowserBinary.environment
        environment["TABLEKIT_SNAPSHOT"] = "60x16"
        environment["TABLEKIT_KEYS"] = "j Blorp"
        let result = try TmuxSession.run(try TableBrowserBinary.example("fruit-list").path, [], environment: environment)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("fruit-list: "), "one line naming the program: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("the fruit list runs in a real terminal through TerminalApp: search, open, back, quit, terminal restored")
    func fruitListInTmux() async throws {
        let session = try await TableBrowserBinary.launchInTmux(binary: try TableBrowserBinary.example("fruit-list"), arguments: [], width: 60, height: 16)
        await session.waitUntilScreen(equals: try printedFrame("fruit-list"), "the fruit list at launch")
        session.send("/", "c", "h")
        await session.waitUntilScreen(equals: try printedFrame("fruit-list", keys: "/ c h"), "the search for 'ch'")
        session.send("Enter", "Enter")
        await session.waitUntilScreen(equals: try printedFrame("fruit-list", keys: "/ c h Enter Enter"), "the first match opened")
        session.send("Escape", "q")
        guard let screen = await TableBrowserBinary.waitForTheEnd(of: session) else { return }
        #expect(screen.contains("EXIT:0"))
        #expect(screen.contains("TTY-SAME"), "the terminal's modes came back")
        #expect(session.format("#{alternate_on}") == "0", "left the alternate screen")
    }

    @Test("inbox --no-mouse asks the terminal for no mouse reports (its own selection works); without it, it asks for them")
    func inboxLeavesTheMouseToTheTerminalWhenAsked() async throws {
        for (arguments, asked) in [([String](), "1"), (["--no-mouse"], "0")] {
            let session = try await TableBrowserBinary.launchInTmux(binary: try TableBrowserBinary.example("inbox"), arguments: arguments, width: 60, height: 16)
            await session.waitUntilScreen(equals: try printedFrame("inbox"), "the inbox at launch, \(arguments)")
            #expect(session.format("#{mouse_button_flag}#{mouse_sgr_flag}") == asked + asked, "\(arguments)")
            session.send("q")
            guard let screen = await TableBrowserBinary.waitForTheEnd(of: session) else { return }
            #expect(screen.contains("EXIT:0"))
        }
    }
}

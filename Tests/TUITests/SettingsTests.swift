import Foundation
import Testing
import TableKit
@testable import TUI

/// Settings through the headless app: each choice applies at once.
@MainActor
@Suite("Settings: radio, checkmark and leading-check sections that apply at once")
struct SettingsTests {
    private func app(_ json: String = fixtureBooks, files: TemporaryFiles = TemporaryFiles()) throws -> (BrowserApp, String) {
        let path = files.write(json)
        let app = try headlessApp(["--data", path], size: Size(width: 80, height: 60))
        return (app, path)
    }



    @Test("visiting General › Keyboards leaves every check of the other sections as it was (issue 38)")
    func visitingKeyboardsChangesNoSetting() throws {
        let (app, _) = try app()
        let before = app.settings.state
        try keys(app, "5 End k k k k k k")
        let frame = text(app)
        #expect(frame.contains { $0.contains("Keyboards") } && frame.contains { $0.contains("✓") }, "\(frame.joined(separator: "\n"))")
        try keys(app, "Enter")
        #expect(text(app).prefix(2).joined().contains("Keyboards"), "the Keyboards screen is in front:\n\(text(app).joined(separator: "\n"))")
        try keys(app, "Esc")
        #expect(app.settings.state == before, "a visit changed the settings")
        #expect(text(app) == frame, "Settings draws as it did before the visit")
        try keys(app, "Esc 1")
        #expect(!text(app).joined().contains("turned off"), "Books are still on")
    }

    @Test func aThemeAppliesToTheWholeAppAtOnce() throws {
        let (app, _) = try app()
        try keys(app, "5 j j Enter")
        #expect(app.settings.state.theme == .monochrome)
        let styled = app.render(context: RenderContext()).styledText
        #expect(!styled.contains("fg=") && !styled.contains("bg="), "no colour anywhere")
        try keys(app, "k Space")
        #expect(app.settings.state.theme == .highContrast)
        #expect(app.render(context: RenderContext()).styledText.contains("«rev bold|"), "bands become reverse video")
        let checks = text(app).prefix(8).filter { $0.contains("✓") }
        #expect(checks.count == 1 && checks[0].contains("High Contrast"), "one check in the radio section")
    }

    @Test func sortingByAuthorSectionsByLastName() throws {
        let (app, _) = try app()
        try keys(app, "5 j j j j Enter 1")
        let lines = text(app)
        // Authors' last names: Å., Austen, Baker, Bergson, Grower, Ropes, Tolkien, Mallory, Zimmer.
        #expect(lines[2].hasPrefix(" Ångström Units") && lines[4].hasPrefix(" Emma"), "Å. then Austen:\n\(lines.prefix(12).joined(separator: "\n"))")
        #expect(app.render(context: RenderContext()).text.contains("Jane Austen"))
    }

    @Test func theRecordCountIsGroupedByThousands() throws {
        let files = TemporaryFiles()
        let records = (1 ... 1_234).map { #"{"title": "Book \#($0)"}"# }.joined(separator: ",")
        let (app, _) = try app("[" + records + "]", files: files)
        for _ in 0 ..< 400 where app.list.records.count != 1_234 {
            _ = app.handle(.tick)
            usleep(5_000)
        }
        try keys(app, "5 End")
        #expect(text(app).contains { $0.contains("Records") && $0.hasSuffix("1,234 │") }, "\(text(app).joined(separator: "\n"))")
        #expect(0.groupedText == "0" && 999.groupedText == "999" && 400_000.groupedText == "400,000" && 10_000_000.groupedText == "10,000,000")
    }

    @Test func untickingADataSourceTurnsItsTabOffAndTheInfoButtonExplains() throws {
        let (app, _) = try app()
        // Games, the third Data Source: after Theme 3, Sort 2, Reminder 9, Book Details 4 rows.
        try keys(app, "5 " + String(repeating: "j ", count: 20) + "i")
        #expect(text(app).joined().contains("bundled with the app (Resources/games.json)"), "ⓘ on Games explains it")
        try keys(app, "Esc Space 3")
        #expect(text(app).joined().contains("Games are turned off in Settings"))
        try keys(app, "5 Space 3")
        #expect(text(app).joined().contains("LastStandStan"))
    }

    @Test func bookDetailsShowOnlyTheChosenFieldsAndTheFactsStayTrueAfterAReload() throws {
        let files = TemporaryFiles()
        let (app, path) = try app(#"[{"title": "One", "author": "A. Writer", "year": 1999, "isbn": "123"}]"#, files: files)
        // Book Details: ISBN is the third of its rows (after 3 + 2 + 9 rows above).
        try keys(app, "5 " + String(repeating: "j ", count: 16) + "Space 1 Enter")
        let detail = text(app).joined(separator: "\n")
        #expect(detail.contains("year") && !detail.contains("isbn"), "\(detail)")
        // The facts: a reload of a longer file shows its count.
        try keys(app, "Esc")
        _ = files.write(#"[{"title": "One"}, {"title": "Two"}, {"title": "Three"}]"#)
        _ = path
        try keys(app, "r")
        for _ in 0 ..< 400 where app.list.records.count != 3 {
            _ = app.handle(.tick)
            usleep(5_000)
        }
        try keys(app, "5 End")
        #expect(text(app).contains { $0.contains("Records") && $0.hasSuffix("3 │") }, "\(text(app).joined(separator: "\n"))")
    }
    /// Settings › General › Keyboards, as iOS's: Edit removes (⊖ then Delete) and reorders
    /// (Alt-↑/↓, never below "Add New Keyboard…"), a swipe removes, Add New Keyboard… lists the
    /// others by what they are for and searches them; the Forms tab's Keyboard Types has
    /// exactly those fields, in that order, and the order is saved.
    @Test func theKeyboardListEditsAsIOSAndTheFormsTabFollows() throws {
        let (app, _) = try app()
        func rows() -> [String] {
            text(app).dropFirst().prefix { !$0.hasPrefix(" ╰") }.compactMap { line in
                guard line.hasPrefix(" │ ") else { return nil }
                let content = line.dropFirst(3).replacingOccurrences(of: "⊖ ", with: "").replacingOccurrences(of: "⊕ ", with: "")
                return content.components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces)
            }
        }
        func formFields() throws -> [String] {
            try keys(app, "4 j Enter")
            defer { _ = try? keys(app, "Esc") }
            // Each field's label, in its column of 18 (a long one ends in …).
            return text(app).compactMap { line in
                guard line.hasPrefix(" │ ") else { return nil }
                let label = String(line.dropFirst(3).prefix(18)).trimmingCharacters(in: .whitespaces)
                return KeyboardType.allCases.first { $0.name == label || (label.hasSuffix("…") && $0.name.hasPrefix(label.dropLast())) }?.name
            }
        }
        try keys(app, "5 G k k k k k k")
        #expect(text(app).contains { $0.contains("Keyboards") && $0.contains("11 ›") })
        try keys(app, "Enter")
        #expect(text(app)[0].contains("Keyboards") && text(app)[0].hasSuffix("Edit (E)"))
        #expect(rows() == KeyboardType.allCases.map(\.name) + ["Add New Keyboard…"])

        // Remove ASCII Capable (⊖ then Delete), move Default below URL, swipe Web Search away.
        try keys(app, "E j Delete")
        #expect(app.settings.state.keyboards == nil, "⊖ alone removes nothing")
        try keys(app, "Enter")
        #expect(!rows().contains("ASCII Capable"))
        try keys(app, "g A-Down A-Down")
        #expect(rows().prefix(3) == ["Numbers and Punctuation", "URL", "Default"])
        // The last keyboard goes no lower than the last keyboard's place.
        try keys(app, "End k A-Down A-Down")
        #expect(rows().suffix(2) == ["Web Search", "Add New Keyboard…"])
        try keys(app, "Esc s Enter")
        #expect(!rows().contains("Web Search"), "a swipe's Delete removes it: \(rows())")
        let kept = ["Numbers and Punctuation", "URL", "Default", "Number Pad", "Phone Pad", "Name Phone Pad", "Email Address", "Decimal Pad", "Twitter"]
        #expect(rows() == kept + ["Add New Keyboard…"])
        #expect(app.settings.state.keyboardTypes.map(\.name) == kept, "saved as it changed")

        // Add New Keyboard…: the two taken off, grouped; a search finds one; Enter adds it last.
        try keys(app, "End Enter")
        let choices = text(app).joined(separator: "\n")
        #expect(choices.contains("ASCII Capable") && choices.contains("Web Search") && !choices.contains("Twitter"), "\(choices)")
        #expect(choices.contains("TEXT"))
        try keys(app, "/ w e b Enter Enter")
        #expect(text(app)[0].contains("Keyboards"), "back on the list")
        #expect(rows() == kept + ["Web Search", "Add New Keyboard…"])

        #expect(try formFields() == kept + ["Web Search"], "Forms › Keyboard Types: those keyboards, in that order")
    }
    /// In editing mode "Add New Keyboard…" shows ⊕, and `+` on it (or a click on ⊕) opens the
    /// keyboards to add; the footer hints Esc once, for Done, not for back as well.
    @Test func addNewKeyboardShowsInsertInEditingMode() throws {
        let (app, _) = try app()
        try keys(app, "5 G k k k k k k Enter")
        #expect(footer(app).contains("Esc back"))
        try keys(app, "E End")
        let editing = text(app).joined(separator: "\n")
        #expect(editing.contains("⊕ Add New Keyboard…") && editing.contains("⊖ Default"), "\(editing)")
        #expect(footer(app).contains("Esc done") && !footer(app).contains("Esc back"), "\(footer(app))")
        try keys(app, "+")
        #expect(text(app)[0].contains("Add New Keyboard"), "\(text(app).joined(separator: "\n"))")
        #expect(app.settings.state.keyboardTypes.count == KeyboardType.allCases.count, "⊕ adds nothing by itself")
    }

    private func footer(_ app: BrowserApp) -> String { text(app).last ?? "" }

    /// iOS keeps one keyboard: the last one left has no ⊖, Delete does nothing to it, and it
    /// does not swipe away.
    @Test func theLastKeyboardStays() throws {
        let (app, _) = try app()
        app.settings.update { $0.keyboards = ["URL", "default"] }
        try keys(app, "5 G k k k k k k Enter E Delete Enter")
        #expect(app.settings.state.keyboardTypes == [.default])
        #expect(text(app)[2].hasPrefix(" │ Default"), "no ⊖ on the last keyboard: \(text(app)[2])")
        try keys(app, "Delete Enter Esc s Enter")
        #expect(app.settings.state.keyboardTypes == [.default])
        #expect(text(app).contains { $0.contains("Add New Keyboard…") })
    }
}

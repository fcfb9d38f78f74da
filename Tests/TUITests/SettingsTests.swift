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
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        let app = BrowserApp(list: list, size: Size(width: 80, height: 60), options: AppOptions(searchesSynchronously: true, animates: false))
        return (app, path)
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
}

import Foundation
import Testing
import TableKit
import TableKitTerminal
@testable import TUI

/// Under `LANG=C` curses shows `?` for what it cannot encode: the interface's own text —
/// footers, help, status lines — must be ASCII there, so that the only `?` is the help key.
@MainActor
@Suite("Plain terminals: the interface's own text has an ASCII form on every screen")
struct ASCIIInterfaceTests {
    let size = Size(width: 80, height: 24)

    private func app() throws -> BrowserApp {
        var options = AppOptions(searchesSynchronously: true, animates: false, seed: 7)
        options.capabilities = TerminalCapabilities(colorDepth: .none, glyphs: .ascii, hasMouse: true)
        return try headlessApp(json: fixtureBooks, size: size, options: options)
    }

    /// Key scripts that reach every kind of screen, modal and focus the app has.
    nonisolated static let scripts = [
        "", "Tab", "/", "/ a", "a", "p", "S-Tab", "Enter", "e", "+",
        "2", "2 s", "2 Enter", "2 r",
        "3", "3 f", "3 f Tab", "3 Enter", "3 Enter Down Down Down Enter", "3 w", "3 i",
        "4", "4 Enter", "4 Enter Tab 2 0 0 C-s", "4 Enter Tab Tab Enter", "4 Down Enter",
        "5", "5 G k k k k k k k", "5 G k k k k k k Enter E", "5 G k k k k k k Enter E Delete",
        "3 e w E", "3 e w E Space", "E", "E Space",
        "/ Tab", "/ a Down", "o", "c", "c Down Space Esc",
    ]

    @Test(arguments: scripts)
    func theFooterAndTheHelpAreASCII(script: String) throws {
        let app = try app()
        try keys(app, script)
        let frame = app.render(context: RenderContext(glyphs: .ascii))
        let footer = frame.lines.last ?? ""
        let isASCII = footer.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "\(script): \(footer)")
        #expect(!footer.contains("?") || footer.contains("? help") || footer.hasSuffix("?"), "\(script): \(footer)")
        var help = Canvas(size: Size(width: 80, height: 200))
        app.root.helpOverlay().render(into: &help, area: help.bounds, context: RenderContext(glyphs: .ascii))
        for line in help.lines where !line.unicodeScalars.allSatisfy({ $0.isASCII }) {
            Issue.record("\(script): help line \(line)")
        }
    }

    @Test func arrowsBecomeWordsAndRangesHyphens() {
        let ascii = Glyphs.ascii
        #expect(ascii.interface("↑ ↓ move") == "Up Down move")
        #expect(ascii.interface("1…5 F1…F5") == "1-5 F1-F5")
        #expect(ascii.interface("Searching…") == "Searching...")
        #expect(ascii.interface("Esc ← h Backspace") == "Esc Left h Backspace")
        #expect(ascii.interface("Page 3 of 9 · B — ok") == "Page 3 of 9 - B -- ok")
        #expect(Glyphs.unicode.interface("↑ ↓") == "↑ ↓", "Unicode terminals see the text as written")
    }

    @Test("table-browser snapshot under LANG=C prints what a C-locale terminal shows: ASCII only")
    func aSnapshotUnderTheCLocaleIsASCII() throws {
        var environment = TableBrowserBinary.environment
        environment["LANG"] = "C"
        environment["LC_ALL"] = "C"
        let result = try TmuxSession.run(try TableBrowserBinary.url().path, ["snapshot", "--size", "80x24"], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("A Brief History of Time"))
        let isASCII = result.standardOutput.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "\(result.standardOutput)")
        let unicode = try TableBrowserBinary.snapshot(size: "80x24").joined()
        let unicodeIsASCII = unicode.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(!unicodeIsASCII, "under C.UTF-8, Unicode glyphs")
    }
}

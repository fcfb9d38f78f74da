import Foundation
import TableKit
import TableKitTerminal
import TableKitTestSupport
import Testing

/// An app's "About This Terminal" screen, made once the terminal's capabilities are known.
@MainActor
private func aboutTheTerminal(_ capabilities: TerminalCapabilities) -> RootController {
    var colours = switch capabilities.colorDepth {
    case .trueColor: "millions"
    case .indexed256: "256"
    case .ansi16: "16"
    case .none: "none"
    }
    if capabilities.withholdsTrueColor { colours += " (not true)" }
    let rows = StaticTableDataSource(cells: [
        TableViewCell(style: .value1, text: "Colours", detailText: colours),
        TableViewCell(style: .value1, text: "Mouse", detailText: capabilities.hasMouse ? "on" : "off"),
        TableViewCell(style: .value1, text: "Symbols", detailText: capabilities.glyphs == .unicode ? "Unicode" : "ASCII"),
        TableViewCell(text: "Licence", accessory: .disclosureIndicator),
    ])
    return RootController(content: NavigationController(root: TableViewController(title: "Terminal", dataSource: rows)))
}

@MainActor
@Suite("Terminal: an app made for the terminal's capabilities, drawn with its glyphs; the locale's glyphs")
struct TerminalAPITests {
    static let size = Size(width: 32, height: 8)

    @Test func anAppMadeForWhatTheTerminalCanShowIsDrawnWithItsGlyphs() throws {
        let app = TerminalApp(root: aboutTheTerminal)
        let plain = TerminalCapabilities(colorDepth: .indexed256, glyphs: .ascii, hasMouse: false, withholdsTrueColor: true)
        expectFrame(try app.snapshot(size: Self.size, keys: [], capabilities: plain), equals: [
            "            Terminal",
            " Colours         256 (not true)",
            " Mouse                      off",
            " Symbols                  ASCII",
            " Licence                      >",
            "",
            "",
            " Down move  ? help  q quit",
        ], "in ASCII")
        let everything = try app.snapshot(size: Self.size, keys: [], capabilities: .headless)
        expectFrame(everything, equals: [
            "            Terminal",
            " Colours               millions",
            " Mouse                       on",
            " Symbols                Unicode",
            " Licence                      ›",
            "",
            "",
            " ↓ move  ? help  q quit",
        ])
        #expect(try app.snapshot(size: Self.size, keys: []) == everything, "a snapshot claims everything unless told")
    }

    @Test("the locale decides the glyphs as the C library reads it: LC_ALL, else LC_CTYPE, else LANG")
    func glyphsFollowTheLocale() {
        func glyphs(_ environment: [String: String]) -> Glyphs { TerminalCapabilities.glyphs(forLocaleIn: environment) }
        #expect(glyphs(["LANG": "C.UTF-8"]) == .unicode)
        #expect(glyphs(["LANG": "en_GB.utf8"]) == .unicode)
        #expect(glyphs(["LANG": "de_DE.UTF-8@euro"]) == .unicode)
        #expect(glyphs(["LANG": "C"]) == .ascii)
        #expect(glyphs([:]) == .ascii, "no locale is C")
        #expect(glyphs(["LANG": "POSIX"]) == .ascii)
        #expect(glyphs(["LANG": "en_US.ISO-8859-1"]) == .ascii)
        #expect(glyphs(["LANG": "C.UTF-8", "LC_ALL": "C"]) == .ascii, "LC_ALL wins")
        #expect(glyphs(["LANG": "C", "LC_CTYPE": "C.UTF-8"]) == .unicode, "LC_CTYPE before LANG")
        #expect(glyphs(["LANG": "C.UTF-8", "LC_ALL": ""]) == .unicode, "an empty variable is not set")
    }
}

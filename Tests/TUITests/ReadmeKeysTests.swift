import Foundation
import Testing
import TableKit
import TableKitTerminal
@testable import TUI

/// The README's key tables and the help overlays, which come from the binding tables that
/// handle the keys, agree: every key a screen's help lists is in the README's tables.
@MainActor
@Suite("README: every key of every help overlay is in its key tables")
struct ReadmeKeysTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The keys of the README's tables: the first column's cells, as tokens.
    private func readmeKeys() throws -> Set<String> {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        var keys: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") {
            // The first column: "PgUp PgDn (Space), Home End (g G)".
            let cell = String(line.dropFirst(2).prefix { $0 != "|" })
            for token in cell.split(whereSeparator: { " ,()`".contains($0) }) {
                keys.insert(Self.normalized(String(token)))
            }
        }
        // A button's key is written after its title, as in the app's bars: "Retweet (t)".
        for match in text.matches(of: /[A-Za-z…] \(([^()\s]{1,3})\)/) {
            keys.insert(Self.normalized(String(match.output.1)))
        }
        return keys
    }

    /// One spelling for a key: `^S` and `Ctrl-S`, `S-Tab` and `Shift-Tab`.
    static func normalized(_ token: String) -> String {
        if token.hasPrefix("^"), token.count == 2 { return "Ctrl-" + token.dropFirst().uppercased() }
        if token.hasPrefix("C-"), token.count == 3 { return "Ctrl-" + token.dropFirst(2).uppercased() }
        if token.hasPrefix("S-") { return "Shift-" + token.dropFirst(2) }
        if token.hasPrefix("A-") { return "Alt-" + token.dropFirst(2) }
        if token.hasPrefix("Ctrl-"), token.count == 6 { return "Ctrl-" + token.dropFirst(5).uppercased() }
        return token
    }

    /// The keys of a help entry's label: "1…6" is its two ends; "and other keys" are words,
    /// not keys (a key's name is one character or capitalised: Enter, PgDn).
    private static func tokens(of label: String) -> [String] {
        label.split(separator: " ").flatMap { $0.split(separator: "…") }.map(String.init)
            .filter { !($0.count > 1 && $0.allSatisfy(\.isLowercase)) }
    }

    @Test("every key --help names is in the README's tables")
    func everyKeyOfHelpTextIsInTheReadme() throws {
        let documented = try readmeKeys()
        let hints = TableBrowser.keysDiscussionHints
        #expect(hints.count > 20, "\(hints)")
        let missing = hints.flatMap { Self.tokens(of: $0.key) }.filter { !documented.contains(Self.normalized($0)) }
        #expect(missing.isEmpty, "keys --help names that the README's tables do not: \(missing)")
    }

    @Test func everyKeyOfEveryHelpIsInTheReadme() throws {
        let documented = try readmeKeys()
        var missing: [String: String] = [:]
        for script in ASCIIInterfaceTests.scripts {
            let files = TemporaryFiles()
            let list = try DataOptions.parse(["--data", files.write(fixtureBooks)]).loadListScreen(searchesSynchronously: true)
            let app = BrowserApp(list: list, size: Size(width: 80, height: 24), options: AppOptions(searchesSynchronously: true, animates: false, seed: 7))
            _ = try keys(app, script)
            // The mouse has its own row in the README, in words.
            for section in app.root.helpOverlay().sections where section.title != "Mouse" {
                for entry in section.entries {
                    for token in Self.tokens(of: entry.key) where !documented.contains(Self.normalized(token)) {
                        missing[token] = missing[token] ?? "\(section.title): \(entry.key) \(entry.help) (after '\(script)')"
                    }
                }
            }
        }
        let report = missing.sorted { $0.key < $1.key }.map { "\($0.key) — \($0.value)" }.joined(separator: "\n")
        #expect(missing.isEmpty, "keys the help lists that the README's tables do not:\n\(report)")
    }
}

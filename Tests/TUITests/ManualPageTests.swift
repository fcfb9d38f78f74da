import Foundation
import Testing
import TableKit
@testable import TUI

/// `man table-browser` says what `--help` says, every character of it (the keys' arrows, `…`,
/// `–`), and its synopsis shows the app without a subcommand, `snapshot` and `help` beside it.
/// Read with `man -l`, as a person reads the installed page (InstallTests reads the installed
/// one the same way).
@Suite("The man page is the text of --help, every character kept")
struct ManualPageTests {
    /// One `--help` option line: its names as the man page shows them (`--data FILE.json`,
    /// without the angle brackets) and its help.
    struct HelpEntry: Equatable {
        var names: String
        var help: String
    }

    /// The parts of a `--help` text: the overview, the discussion, the usage's forms (their
    /// command words, such as `table-browser snapshot`), and the options.
    struct HelpText {
        var overview = ""
        var discussion = ""
        var usageForms: [String] = []
        var options: [HelpEntry] = []
    }

    /// `--help` (or `help snapshot`), on lines long enough that nothing wraps, read into its parts.
    static func helpText(ofSnapshot: Bool) -> HelpText {
        let text = ofSnapshot ? TableBrowser.helpMessage(for: SnapshotCommand.self, columns: 100_000) : TableBrowser.helpMessage(columns: 100_000)
        var help = HelpText()
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("OVERVIEW: ") { section = "overview"; help.overview = String(line.dropFirst(10)); continue }
            if line.hasPrefix("USAGE: ") { section = "usage"; help.usageForms.append(Self.commandWords(String(line.dropFirst(7)))); continue }
            if line == "OPTIONS:" || line == "SUBCOMMANDS:" { section = line; continue }
            if line.isEmpty { if section == "overview" { section = "discussion" } else if section == "usage" { section = "" }; continue }
            switch section {
            case "discussion": help.discussion += (help.discussion.isEmpty ? "" : " ") + line
            case "usage": help.usageForms.append(Self.commandWords(line))
            case "OPTIONS:":
                if let match = line.wholeMatch(of: /\ \ (-\S.*?)\ \ +(\S.*)/) {
                    help.options.append(HelpEntry(names: String(match.output.1).replacing(/[<>]/, with: ""), help: String(match.output.2)))
                }
            default: break
            }
        }
        return help
    }

    /// `table-browser snapshot` of `table-browser snapshot [<options>]`: the words before the first bracket.
    static func commandWords(_ form: String) -> String {
        form.trimmingCharacters(in: .whitespaces).split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") }.joined(separator: " ")
    }

    /// A man page as `man -l` shows it in UTF-8, 100 columns wide.
    static func rendered(_ page: URL) throws -> String {
        // Scripts/install-deps.sh installs man-db and groff-base: the page is read as a person
        // reads it, so without man there is no test.
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man is not installed: run Scripts/install-deps.sh (man-db, groff-base)")
        var environment = TableBrowserBinary.environment
        environment["MANWIDTH"] = "100"
        let result = try TmuxSession.run("/usr/bin/man", ["-l", page.path], environment: environment)
        try #require(result.status == 0, "man -l \(page.path): \(result.standardError)")
        return result.standardOutput
    }

    /// Text with groff's hyphenation at line ends undone and every run of white space one space.
    static func flowed(_ text: String) -> String {
        text.replacing(/\u{2010}\n\s*/, with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Expects the page at `page`, read with `man -l`, to say everything `--help` and `help
    /// snapshot` say, and its synopsis to have the forms of `--help`'s usage.
    static func expectAgreesWithHelp(pageAt page: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try rendered(page)
        let text = flowed(shown)
        let root = helpText(ofSnapshot: false), snapshot = helpText(ofSnapshot: true)
        #expect(!root.discussion.isEmpty && root.options.count >= 10 && snapshot.options.count >= 10, "\(root) \(snapshot)", sourceLocation: sourceLocation)
        for part in [root.overview, root.discussion, snapshot.overview] {
            #expect(text.contains(flowed(part)), "the man page does not say what --help says:\n\(part)\n--- man -l shows:\n\(shown)", sourceLocation: sourceLocation)
        }
        for entry in root.options + snapshot.options {
            #expect(text.contains(flowed(entry.names + " " + entry.help)), "the man page does not give \(entry.names) as --help does: \(entry.help)", sourceLocation: sourceLocation)
        }
        // The synopsis: one form per form of --help's usage, the app's own without a subcommand.
        let synopsis = try #require(text.firstRange(of: "SYNOPSIS ").flatMap { start in
            text.range(of: " DESCRIPTION ", range: start.upperBound ..< text.endIndex).map { String(text[start.upperBound ..< $0.lowerBound]) }
        })
        let forms = synopsis.split(separator: "table-browser", omittingEmptySubsequences: true).map { "table-browser" + $0 }
        #expect(forms.map(commandWords) == root.usageForms, "man: \(synopsis); --help: \(root.usageForms)", sourceLocation: sourceLocation)
        #expect(root.usageForms == ["table-browser", "table-browser snapshot", "table-browser help"], sourceLocation: sourceLocation)
        for entry in root.options where !["-h, --help", "--version"].contains(entry.names) {
            #expect(forms.first?.contains("[" + entry.names + "]") == true, "the synopsis lacks [\(entry.names)]: \(synopsis)", sourceLocation: sourceLocation)
        }
    }

    @Test("the page man -l shows says what --help says, arrows and all; its synopsis needs no subcommand")
    func thePageIsTheHelp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-man-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("table-browser.1")
        let result = try TmuxSession.run(try TableBrowserBinary.url().path, ["man-page"], environment: TableBrowserBinary.environment)
        #expect(result.status == 0, "\(result.standardError)")
        try result.standardOutputData.write(to: page)
        // Every character outside ASCII is a roff escape: the page reads the same in any encoding.
        let written = result.standardOutput
        #expect(written.unicodeScalars.allSatisfy { $0.isASCII })
        try Self.expectAgreesWithHelp(pageAt: page)
    }

    @Test("roff text keeps every character: escapes, quotes, minus signs, a leading dot")
    func roffTextKeepsEveryCharacter() {
        #expect(Roff.text(#"a\b"#) == #"a\eb"#)
        #expect(Roff.text("--data it's ^C ~ `x`") == #"\-\-data it\(aqs \(haC \(ti \(gax\(ga"#)
        #expect(Roff.text("↑ A–Z 👍") == #"\[u2191] A\[u2013]Z \[u1F44D]"#)
        #expect(Roff.text(".Sh not a macro") == #"\&.Sh not a macro"#)
        #expect(Roff.text("bell\u{7}\u{1B}[31m") == "bell[31m", "no control character reaches the page")
    }
}

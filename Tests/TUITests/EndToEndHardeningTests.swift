import Foundation
import TableKit
import Testing

/// What a hostile file can reach: the bytes written to a real terminal.
@Suite("End to end in tmux: no bidi control from data reaches the terminal")
struct EndToEndHardeningTests {
    /// Every Bidi_Control code point and the line and paragraph separators, in UTF-8.
    static let forbidden: [[UInt8]] = ["\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                                       "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{2028}", "\u{2029}"].map { Array($0.utf8) }

    @Test func bidiControlsInDataAreDrawnByTheirCodePointAndNeverWritten() async throws {
        let files = TemporaryFiles()
        let controls = #"\u061C \u200E \u200F \u202A \u202B \u202C \u202D \u202E \u2066 \u2067 \u2068 \u2069 \u2028 \u2029"#
        let data = files.write(#"[{"title": "Evil \u202Egnp.exe", "author": "\#(controls)"}, {"title": "Plain", "author": "x"}]"#)
        let recording = files.directory.appendingPathComponent("output.bytes").path
        let session = try await TableBrowserBinary.launchInTmux(arguments: ["--data", data], width: 100, height: 20)
        await session.waitUntil("the list") { $0.contains { $0.contains("Plain") } }
        session.recordOutput(to: recording)
        // A new size makes curses draw every line again, now with the recording on.
        session.resize(width: 101, height: 20)
        let screen = await session.waitUntil("the rows at 101 columns") { screen in
            screen.contains { $0.contains("Evil <U+202E>gnp.exe") }
        }
        #expect(screen?.contains { $0.contains("<U+061C> <U+200E> <U+200F> <U+202A>") } == true)
        // Give the last bytes time to reach the file, then read every one of them.
        try await Task.sleep(for: .milliseconds(300))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recording)))
        #expect(bytes.count > 1_000, "the redraw was recorded")
        #expect(bytes.firstRange(of: Array("<U+202E>".utf8)) != nil)
        for sequence in Self.forbidden {
            #expect(bytes.firstRange(of: sequence) == nil, "\(sequence) reached the terminal")
        }
        session.send("q")
    }
}

/// Colour as it is sent: true colour through a `*-direct` terminfo entry, and Settings saying
/// so truthfully when the terminal announces more than terminfo can send.
@Suite("End to end in tmux: the colour depth Settings shows is the one sent")
struct EndToEndColourDepthTests {
    /// A direct-colour entry like ncurses' xterm-direct, compiled into `directory`: the first
    /// eight colours as palette colours, the rest as 24-bit values.
    static func compileDirectEntry(in directory: URL) throws {
        let source = directory.appendingPathComponent("tablekit-direct.src")
        try """
            tablekit-direct|xterm with direct colour for the tests,
            \tcolors#16777216, pairs#65536, RGB,
            \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
            \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
            \tuse=xterm-256color,

            """.write(to: source, atomically: true, encoding: .utf8)
        let result = try TmuxSession.run("/usr/bin/env", ["tic", "-x", "-o", directory.path, source.path])
        #expect(result.status == 0, "tic: \(result.standardError)")
    }

    /// `table-browser` run in tmux with `environment` added (the pane's shell sets TERM), through
    /// `env`: a script written for the purpose could not be run while another test's child
    /// still held it open for writing ("Text file busy").
    static func launch(environment: [String: String]) async throws -> TmuxSession {
        let assignments = environment.map { "\($0.key)=\($0.value)" }.sorted()
        return try await TableBrowserBinary.launchInTmux(binary: URL(fileURLWithPath: "/usr/bin/env"),
                                                         arguments: assignments + [try TableBrowserBinary.url().path], width: 80, height: 24)
    }

    @Test func aDirectTerminfoEntryGetsTrueColourSentAs24BitValues() async throws {
        let files = TemporaryFiles()
        try Self.compileDirectEntry(in: files.directory)
        let session = try await Self.launch(environment: ["TERMINFO": files.directory.path, "TERM": "tablekit-direct"])
        await session.waitUntil("the Books list") { $0.first?.contains("Title") == true }
        // The section header band is rgb(58, 58, 60): sent as that, not as palette colour 237.
        let styled = session.capture(escapes: true).joined(separator: "\n")
        #expect(styled.contains("48;2;58;58;60"), "\(styled.prefix(400))")
        session.send("5")
        session.send("G")
        let settings = await session.waitUntil("Settings") { $0.contains { $0.contains("Colours") } }
        #expect(settings?.contains { $0.contains("Colours") && $0.contains(" True colour ") } == true)
        session.send("q")
    }

    @Test func announcedTrueColourWithoutADirectEntryIsNamedAsWhatIsSent() async throws {
        let session = try await Self.launch(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        await session.waitUntil("the Books list") { $0.first?.contains("Title") == true }
        let styled = session.capture(escapes: true).joined(separator: "\n")
        #expect(!styled.contains("48;2;"), "no 24-bit colour is sent")
        session.send("5")
        session.send("G")
        let settings = await session.waitUntil("Settings") { $0.contains { $0.contains("Colours") } }
        #expect(settings?.contains { $0.contains("Colours") && $0.contains(" 256 (true colour not in terminfo) ") } == true,
                "\(settings ?? [])")
        session.send("q")
    }
}

/// Clusters and invisible characters from data, as a real terminal (tmux) shows them.
@Suite("End to end in tmux: emoji clusters drawn whole, format characters shown")
struct EndToEndGraphemeTests {
    /// What the row's title reads on screen: each emoji of the family side by side (the
    /// joiners left out), the flag's two letters (which tmux may join), the skin tone after
    /// its hand, and the zero-width characters by their code point.
    static let shown = "Flag 🇦🇫 family 👨👩👧 tone 👍🏽 <U+200B>zw<U+FEFF>bom<U+2060>end"

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func clustersAndFormatCharactersReachTheTerminalAsTheCanvasCountsThem(term: String) async throws {
        try #require(TmuxSession.hasTerminfo(term), "no terminfo entry for \(term)")
        let files = TemporaryFiles()
        let title = #"Flag \ud83c\udde6\ud83c\uddeb family \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67 tone \ud83d\udc4d\ud83c\udffd \u200bzw\ufeffbom\u2060end"#
        let data = files.write(#"[{"title": "\#(title)", "author": "After"}, {"title": "Plain", "author": "x"}]"#)
        let recording = files.directory.appendingPathComponent("output.bytes").path
        let session = try await TableBrowserBinary.launchInTmux(arguments: ["--data", data], width: 100, height: 20, environment: ["TERM": term])
        await session.waitUntil("the list") { $0.contains { $0.contains("Plain") } }
        session.recordOutput(to: recording)
        session.resize(width: 101, height: 20)
        // Moving the highlight over the row makes curses redraw parts of it: where tmux and
        // curses disagreed on a width, the line would come out shifted or torn.
        session.send("j")
        session.send("k")
        let screen = await session.waitUntil("the row at 101 columns") { screen in
            screen.contains { $0.contains(Self.shown) }
        }
        let row = screen?.first { $0.contains(Self.shown) } ?? ""
        #expect(row.contains(Self.shown), "\(screen ?? [])")
        try await Task.sleep(for: .milliseconds(300))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recording)))
        #expect(bytes.firstRange(of: Array("🇦🇫".utf8)) != nil, "the flag's two letters are written one after the other")
        for invisible in ["\u{200D}", "\u{200B}", "\u{FEFF}", "\u{2060}"] {
            #expect(bytes.firstRange(of: Array(invisible.utf8)) == nil, "\(invisible.unicodeScalars.first!.value) reached the terminal")
        }
        session.send("q")
    }
}

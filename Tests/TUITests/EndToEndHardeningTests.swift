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

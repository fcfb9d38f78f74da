import CNcurses
import PropertyBased
import Testing
import TableKit
@testable import TableKitTerminal

/// Clusters of several code points as a terminal shows them: each spacing code point in a
/// cell of its own, so that curses, the canvas and the terminal agree on every column.
@Suite("Grapheme clusters in the terminal: flags, ZWJ sequences and skin tones drawn whole")
struct GraphemeCellsTests {
    private func drawn(_ text: String, width: Int = 20) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: 1))
        canvas.draw(text, at: .zero, style: .plain)
        return canvas
    }

    @Test("a flag is its two regional letters, one column each; the terminal may join them in those two")
    func flags() {
        let canvas = drawn("a🇦🇫b")
        #expect(canvas.terminalText(isUTF8: true) == "a🇦🇫b")
        #expect([canvas[1, 0], canvas[2, 0]].map(\.grapheme) == ["🇦", "🇫"])
        #expect([canvas[1, 0], canvas[2, 0]].map(\.width) == [1, 1])
        #expect(canvas[3, 0].grapheme == "b")
        #expect("🇦🇫".displayWidth == 2)
    }

    @Test("a ZWJ sequence is its emoji side by side, without the joiners; a skin tone keeps its own cell")
    func joinedEmoji() {
        let family = drawn("a👨\u{200D}👩\u{200D}👧b")
        #expect(family.terminalText(isUTF8: true) == "a👨👩👧b")
        #expect(family[7, 0].grapheme == "b", "three two-column emoji")
        #expect("👨\u{200D}👩\u{200D}👧".displayWidth == 6)
        let thumb = drawn("👍🏽!")
        #expect(thumb.terminalText(isUTF8: true) == "👍🏽!")
        #expect(thumb[4, 0].grapheme == "!")
        // The tag characters of a subdivision flag are left out: its black flag shows.
        let scotland = drawn("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}x")
        #expect(scotland.terminalText(isUTF8: true) == "🏴x")
        // An emoji with U+FE0F, and one in a ZWJ sequence, keep it in their cell.
        #expect(drawn("❤\u{FE0F}\u{200D}🔥").terminalText(isUTF8: true) == "❤\u{FE0F}🔥")
        // An Indic cluster of three spacing code points takes the three columns wcwidth gives them.
        #expect(drawn("क्षि|").terminalText(isUTF8: true) == "क्षि|")
        #expect("क्षि".displayWidth == 3)
    }

    @Test("a cluster of several cells that does not fit whole at the edge is blanked, not cut")
    func clipped() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("abcd👨\u{200D}👩", at: .zero, style: .plain)
        #expect(canvas.lines == ["abcd  "])
        var flag = Canvas(size: Size(width: 4, height: 1))
        flag.draw("abc🇦🇫", at: .zero, style: .plain)
        #expect(flag.lines == ["abc "])
    }

    @Test("outside a UTF-8 locale each cell of a cluster is a question mark")
    func asciiLocale() {
        #expect(drawn("a🇦🇫b👩\u{200D}👧c").terminalText(isUTF8: false) == "a??b? ? c")
    }

    /// Pieces of text that make clusters and break them: emoji and what joins them, marks,
    /// controls, and format characters of every kind.
    static let pieces = ["a", " ", "日", "é", "e", "\u{301}", "🇦", "🇫", "👨", "👩", "👧", "🏴", "❤", "\u{FE0F}", "\u{1F3FD}",
                         "\u{200D}", "\u{200C}", "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{AD}", "\u{600}", "\u{202E}", "\u{2066}",
                         "\u{1B}", "\u{7}", "\u{85}", "\u{2028}", "\u{E0001}", "\u{E0067}", "\u{E007F}", "\u{1D173}", "\u{FFF9}",
                         "क", "\u{94D}", "ष"]

    @Test("for any text, no control or format character reaches the terminal, and drawing ends where measuring says")
    func nothingInvisibleIsWritten() async {
        let texts = Gen.element(of: Self.pieces).map { $0 ?? "a" }.array(of: 0 ... 24).map { $0.joined() }
        await propertyCheck(count: 400, input: texts) { text in
            var canvas = Canvas(size: Size(width: 200, height: 1))
            let end = canvas.draw(text, at: .zero, style: .plain)
            #expect(end == text.displayWidth, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let written = canvas.terminalText(isUTF8: true)
            let invisible = written.unicodeScalars.filter {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            }
            #expect(invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) }) written for \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // Every cell holds one spacing character and the marks after it: curses and the
            // canvas agree on its width.
            var buffer = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
            for x in 0 ..< canvas.size.width where !canvas[x, 0].isContinuation {
                let cell = canvas[x, 0]
                let columns = CursesTerminal.cellCharacters(cell.grapheme, width: Int(cell.width), isUTF8: true, into: &buffer) { value in
                    Unicode.Scalar(value).map { DisplayWidth.of($0) } ?? -1
                }
                #expect(columns == Int(cell.width), "cell \(x) of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}

import Testing
@testable import TableKit
#if canImport(Glibc)
import Glibc
#endif

@Suite("Display widths, truncation, wrapping and escaping")
struct TextTests {
    @Test(arguments: [
        ("abc", 3), ("日本語", 6), ("한국어", 6), ("e\u{301}", 1), ("😀", 2), ("👍🏽", 4),
        ("Ａ", 2), ("ｱ", 1), ("\u{200B}", 8), ("café", 4), ("", 0), ("🇦🇫", 2), ("👨\u{200D}👩\u{200D}👧", 6),
    ])
    func displayWidth(_ text: String, _ width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test func controlCharactersCountAsTheirEscapedForm() {
        #expect("a\u{1B}b".displayWidth == 4)
        #expect("\u{9B}".displayWidth == 4)
    }

    /// The tables come from glibc's wcwidth; this keeps them honest on the machine that runs
    /// the tests, for every code point ncursesw could be asked to draw.
    @Test func widthsAgreeWithTheCLibrary() {
        #if canImport(Glibc)
        // Glibc's Swift module hides wcwidth (it needs _XOPEN_SOURCE), so look it up by name.
        typealias WidthFunction = @convention(c) (Int32) -> Int32
        // The locale of this thread alone (uselocale): setlocale would change every thread's
        // while the other tests run beside this one.
        guard let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
            Issue.record("C.UTF-8 or wcwidth is not available"); return
        }
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        let wcwidth = unsafeBitCast(symbol, to: WidthFunction.self)
        var mismatches: [String] = []
        for value in UInt32(0xA0)...UInt32(0x3FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Int(wcwidth(Int32(bitPattern: value)))
            guard expected >= 0 else { continue }
            if DisplayWidth.of(scalar) != expected { mismatches.append(String(value, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "differs from wcwidth at U+\(mismatches.prefix(10).joined(separator: ", U+"))")
        #endif
    }

    @Test func truncationEndsInAnEllipsisAndFits() {
        #expect(TextLayout.truncate("Hello, world", width: 8) == "Hello,…")
        #expect(TextLayout.truncate("Hello", width: 5) == "Hello")
        #expect(TextLayout.truncate("Hello", width: 1) == "…")
        #expect(TextLayout.truncate("Hello", width: 0) == "")
        #expect(TextLayout.truncate("日本語テキスト", width: 6) == "日本…")
        for width in 0...20 {
            #expect(TextLayout.truncate("The Hitchhiker's Guide to the Galaxy", width: width).displayWidth <= width)
        }
    }

    @Test func truncationEscapesControlCharacters() {
        #expect(TextLayout.truncate("a\u{1B}[31mred", width: 40) == "a^[[31mred")
    }

    @Test func wrappingBreaksAtSpaces() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextLayout.wrap("short", width: 10) == ["short"])
        #expect(TextLayout.wrap("", width: 10) == [""])
    }

    @Test func wrappingBreaksLongWordsAndKeepsNewlines() {
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("one\ntwo three", width: 20) == ["one", "two three"])
        #expect(TextLayout.wrap("日本語テキスト", width: 5) == ["日本", "語テ", "キス", "ト"])
    }

    @Test func aLongPathBreaksAfterASlashAndAHyphenatedRunAfterAHyphen() {
        #expect(TextLayout.wrap("Could not save /home/ann/books/book-changes.json here", width: 24)
                == ["Could not save", "/home/ann/books/", "book-changes.json here"], "after the last slash that fits, not in a name")
        #expect(TextLayout.wrap("/srv/über/a-very-long-file-name.json", width: 20) == ["/srv/über/", "a-very-long-file-", "name.json"],
                "without ASCII too, and a hyphen where no slash fits")
        #expect(TextLayout.wrap("/a/abcdefghijklmnop", width: 8) == ["/a/abcde", "fghijklm", "nop"],
                "a slash too early (a line less than half full) is no place to break: cut at the width")
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"], "no slash, no hyphen: cut at the width")
    }

    @Test func wrappingWithALineLimitTruncatesTheLastLine() {
        #expect(TextLayout.wrap("the quick brown fox jumps over", width: 10, maximumLines: 2) == ["the quick", "brown fox…"])
    }

    @Test func everyWrappedLineFits() {
        let text = "Ångström's café served 日本語 and emoji 😀 to everyone who asked, repeatedly."
        // From 2 columns up: a double-width character cannot fit in one (the canvas shows a space).
        for width in 2...30 {
            for line in TextLayout.wrap(text, width: width) {
                #expect(line.displayWidth <= width, "width \(width): \(line)")
            }
        }
    }

    @Test func escapingUsesCaretAndHexForms() {
        #expect(ControlEscaping.escaped("\u{1B}") == "^[")
        #expect(ControlEscaping.escaped("tab\there") == "tab^Ihere")
        #expect(ControlEscaping.escaped("\u{7F}") == "^?")
        #expect(ControlEscaping.escaped("\u{85}") == "<85>")
        #expect(ControlEscaping.escaped("plain é") == "plain é")
    }

    @Test func keyScriptsParse() throws {
        let keys = try Key.parseScript("j j Enter / a Z ? Esc Tab S-Tab PgUp PgDn Home End Space Backspace Delete S-Left S-Right C-c Up Down Left Right")
        #expect(keys == [.character("j"), .character("j"), .enter, .character("/"), .character("a"), .character("Z"), .character("?"),
                         .escape, .tab, .backTab, .pageUp, .pageDown, .home, .end, .space, .backspace, .delete,
                         .shiftLeft, .shiftRight, .control("c"), .up, .down, .left, .right])
        #expect(throws: KeyScriptError(word: "Bogus")) { try Key.parseScript("j Bogus") }
    }
}

@Suite("Wrapping long runs")
struct LongRunWrapTests {
    @Test func aRunWithoutSpacesIsCutIntoFullLinesASCIIOrNot() {
        let ascii = TextLayout.wrap(String(repeating: "0123456789", count: 100), width: 7)
        #expect(ascii.count == 143 && ascii.dropLast().allSatisfy { $0.count == 7 } && ascii.last == "456789")
        #expect(ascii.joined() == String(repeating: "0123456789", count: 100))
        let wide = TextLayout.wrap(String(repeating: "日本", count: 50), width: 5)
        #expect(wide.count == 50 && wide.allSatisfy { $0.displayWidth == 4 }, "a wide character never straddles a line")
        let mixed = TextLayout.wrap("abc 日本語テキスト e\u{301}e\u{301}e\u{301}", width: 4)
        #expect(mixed.first == "abc" && mixed[1] == "日本")
        #expect(mixed.allSatisfy { $0.displayWidth <= 4 })
        #expect(mixed.joined().replacingOccurrences(of: " ", with: "") == "abc日本語テキストe\u{301}e\u{301}e\u{301}".replacingOccurrences(of: " ", with: ""))
    }

    @Test func stoppingAfterSomeLinesGivesTheSameFirstLines() {
        let text = String(repeating: "lorem ipsum dolor sit amet, ", count: 400) + String(repeating: "x", count: 5000)
        let all = TextLayout.wrap(text, width: 30)
        for needed in [1, 5, 200, 400] {
            let first = TextLayout.wrap(text, width: 30, maximumLines: 0, stoppingAfter: needed)
            #expect(Array(first.prefix(needed)) == Array(all.prefix(needed)))
        }
    }
}

@Suite("Bounded text: long strings cost what is shown, and bidi controls never reach the screen")
struct BoundedTextTests {
    /// 50 MB of words with accents (so that no ASCII fast path applies).
    static let huge = String(repeating: "naïve café río ", count: 3_000_000)

    /// A path that read the whole text would need minutes for these thousands of calls; the
    /// bounded ones take milliseconds even in a debug build.
    @Test func truncatingWrappingAndDrawingAHugeTextLookOnlyAtItsStart() {
        let start = ContinuousClock.now
        for _ in 0 ..< 1_000 {
            #expect(TextLayout.truncate(Self.huge, width: 12) == "naïve café…")
        }
        for _ in 0 ..< 200 {
            #expect(TextLayout.wrap(Self.huge, width: 20, maximumLines: 2) == ["naïve café río naïve", "café río naïve café…"])
        }
        var canvas = Canvas(size: Size(width: 16, height: 1))
        for _ in 0 ..< 1_000 {
            canvas.draw(Self.huge, at: .zero, style: .plain)
        }
        #expect(canvas.lines == ["naïve café río n"])
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func truncationIsUnchangedForShortText() {
        #expect(TextLayout.truncate("Hello world", width: 8) == "Hello w…")
        #expect(TextLayout.truncate("Hello world", width: 11) == "Hello world")
        #expect(TextLayout.truncate("Hello    world", width: 9) == "Hello…")
        #expect(TextLayout.truncate("日本語テキスト", width: 7) == "日本語…")
        #expect(TextLayout.truncate("a\u{1B}b", width: 4) == "a^[b")
        #expect(TextLayout.truncate("a\u{1B}bcd", width: 4) == "a^[…")
        #expect(TextLayout.truncate("abc", width: 0) == "")
        #expect(TextLayout.truncate("abc", width: 1) == "…")
    }

    @Test func aCutAtMaximumLinesEndsInAnEllipsisEvenBeforeANewParagraph() {
        #expect(TextLayout.wrap("one\ntwo\nthree", width: 10, maximumLines: 2) == ["one", "two…"])
        #expect(TextLayout.wrap("one two three four", width: 8, maximumLines: 2) == ["one two", "three f…"])
        #expect(TextLayout.wrap("one\r\ntwo", width: 10) == ["one", "two"])
    }

    static let bidiControls: [Unicode.Scalar] = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{2028}", "\u{2029}",
    ]

    @Test func bidiControlsAndLineSeparatorsAreDrawnByTheirCodePoint() {
        var canvas = Canvas(size: Size(width: 30, height: 1))
        canvas.draw("ab\u{202E}cd\u{2066}", at: .zero, style: .plain)
        #expect(canvas.lines == ["ab<U+202E>cd<U+2066>          "])
        #expect("\u{200F}".displayWidth == 8)
        #expect(ControlEscaping.escaped("x\u{061C}y") == "x<U+061C>y")
        // A joiner inside an emoji is not a control: the family stays one picture.
        #expect(ControlEscaping.escaped("👩\u{200D}👩\u{200D}👧") == "👩\u{200D}👩\u{200D}👧")
    }

    @Test("zero-width and other format characters are drawn by their code point; a joiner inside an emoji is not")
    func formatCharactersAreDrawnByTheirCodePoint() {
        var canvas = Canvas(size: Size(width: 60, height: 1))
        canvas.draw("\u{FEFF}id\u{200B}x\u{2060}y\u{AD}z\u{200C}w a\u{200D}b", at: .zero, style: .plain)
        #expect(canvas.text == "<U+FEFF>id<U+200B>x<U+2060>y<U+00AD>z<U+200C>w a<U+200D>b")
        #expect(ControlEscaping.escaped("\u{FEFF}a\u{E0001}") == "<U+FEFF>a<U+E0001>")
        #expect("\u{200B}".displayWidth == 8)
        // The joiner of an emoji ZWJ sequence, and a subdivision flag's tags, belong to the emoji.
        #expect(ControlEscaping.escaped("👨\u{200D}💻") == "👨\u{200D}💻")
        #expect(ControlEscaping.escaped("🏴\u{E0067}\u{E007F}") == "🏴\u{E0067}\u{E007F}")
        // …but a joiner with no emoji after it is shown, as is one between letters.
        #expect(ControlEscaping.escaped("👨\u{200D}") == "👨<U+200D>")
        #expect(ControlEscaping.escaped("a\u{200D}👨") == "a<U+200D>👨")
    }

    @Test func noCellOfACanvasEverHoldsABidiControl() {
        for control in Self.bidiControls {
            for text in ["\(control)", "a\(control)b", "e\u{301}\(control)", "\(control)\u{301}", "日\(control)本"] {
                var canvas = Canvas(size: Size(width: 12, height: 1))
                canvas.draw(text, at: .zero, style: .plain)
                for cell in canvas.cells {
                    #expect(!cell.grapheme.unicodeScalars.contains(where: Self.bidiControls.contains), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
                #expect(TextLayout.wrap(text, width: 5).joined().unicodeScalars.allSatisfy { !Self.bidiControls.contains($0) })
            }
        }
    }
}

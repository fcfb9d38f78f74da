import Foundation
import Testing
import TableKit
@testable import TableKitTerminal

/// A bracketed paste read from the terminal's bytes in blocks (issue 24): the text whole, the
/// end found wherever the blocks cut it, and the keys typed after it kept, in order.
@Suite("Paste reader: the text up to ESC [201~, then the keys after it")
struct PasteReaderTests {
    static let end = "\u{1B}[201~"

    /// Feeds `bytes` to a reader in blocks of `size` and decodes what followed the paste.
    static func read(_ bytes: [UInt8], blocks size: Int, limit: Int = 1 << 20) -> (text: String, finished: Bool, rest: [UInt8]) {
        var reader = PasteReader(limit: limit)
        var index = 0
        while index < bytes.count {
            reader.consume(bytes[index ..< min(bytes.count, index + size)])
            index += size
        }
        return (reader.finish(), reader.isFinished, reader.rest)
    }

    @Test("a paste, then keys, a mouse click and another paste in the same bytes: every event, in order, at every block size")
    func keysAfterAPasteKeepTheirOrder() {
        let text = "one \u{1B}[20 two\u{1B}[201 é 日\r\nthree \u{1B}\u{1B}[201"
        let after = "ab\u{1B}[A\r\u{7F}é\u{1B}[<0;3;2M\u{1B}[200~second\(Self.end)z"
        let bytes = Array((text + Self.end + after).utf8)
        for size in [1, 2, 3, 5, 7, 11, 64, bytes.count] {
            let read = Self.read(bytes, blocks: size)
            #expect(read.text == text, "blocks of \(size)")
            #expect(read.finished)
            let (events, rest) = ReadAheadInput.decode(read.rest)
            #expect(events == [.key(.character("a")), .key(.character("b")), .key(.up), .key(.enter), .key(.backspace), .key(.character("é")),
                               .mouse(MouseEvent(.press, at: Point(x: 2, y: 1)))], "blocks of \(size)")
            guard case .paste(let start) = rest else {
                Issue.record("the second paste was not found: \(rest)")
                continue
            }
            let second = Self.read(start, blocks: size)
            #expect(second.text == "second")
            #expect(ReadAheadInput.decode(second.rest).events == [.key(.character("z"))])
        }
    }

    @Test("8 MB in blocks of 64 KB: the text whole and the key after it")
    func aLargePasteIsWhole() {
        let text = String(repeating: "lorem ipsum río naïve\n", count: (8 << 20) / 24)
        let read = Self.read(Array((text + Self.end + "x").utf8), blocks: 1 << 16, limit: 32 << 20)
        #expect(read.text == text)
        #expect(ReadAheadInput.decode(read.rest).events == [.key(.character("x"))])
    }

    @Test("past the limit the paste is cut, at a character and not inside it, and read to its end")
    func aPastePastTheLimitIsCut() {
        let read = Self.read(Array(("aaé日" + Self.end + "q").utf8), blocks: 3, limit: 5)
        #expect(read.text == "aaé", "日 does not fit whole")
        #expect(read.rest == Array("q".utf8))
    }

    @Test("a paste whose end never came: what was read is the text, a marker begun included")
    func anUnfinishedPasteIsItsText() {
        let read = Self.read(Array("abc\u{1B}[20".utf8), blocks: 2)
        #expect(!read.finished)
        #expect(read.text == "abc\u{1B}[20")
    }

    @Test("a key cut short at the end of the bytes goes back whole, for curses to finish")
    func aKeyCutShortGoesBack() {
        #expect(ReadAheadInput.decode(Array("x\u{1B}[1;".utf8)) == ([.key(.character("x"))], .unfinished(Array("\u{1B}[1;".utf8))))
        #expect(ReadAheadInput.decode([0x79, 0xC3]) == ([.key(.character("y"))], .unfinished([0xC3])))
        #expect(ReadAheadInput.decode(Array("\u{1B}x".utf8)).events == [.key(.escape), .key(.character("x"))], "Alt-x: Escape, then x")
    }
}

/// The same order through the event loop: a paste and the keys after it reach a form's field
/// as they came.
@Suite("A paste and the keys after it, through the event loop")
@MainActor
struct PasteThenKeysTests {
    @Test("a 1 MB paste, then keys in the same batch: the field holds the paste, then the keys, in order")
    func keysAfterAPasteAreNotLost() {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        let form = FormEditor(title: "Paste", sections: [FormSection(fields: [FormField(key: "notes", label: "Notes", traits: traits)])])
        let root = RootController(content: NavigationController(root: form), size: Size(width: 40, height: 10))
        let pasted = String(repeating: "lorem ipsum\n", count: (1 << 20) / 12)
        let keys: [Event] = [.key(.character("x")), .key(.enter), .key(.character("y")), .key(.backspace), .key(.character("z"))]
        let backend = HeadlessTerminal(size: Size(width: 40, height: 10), events: [.paste(pasted)] + keys)
        _ = EventLoop(root: root, backend: backend).run()
        #expect(form.values["notes"] == pasted + "x\nz")
    }
}

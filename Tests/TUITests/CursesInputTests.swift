import CNcurses
import Testing
import TableKit
@testable import TUI
@testable import TableKitTerminal

/// Key, escape-sequence and mouse decoding of the curses backend, and how a cell's cluster
/// becomes the wide characters curses stores: everything that needs no terminal.
@MainActor
@Suite("Curses input")
struct CursesInputTests {
    // MARK: curses key codes

    @Test("curses key codes map to keys")
    func keyCodes() {
        let expected: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_SLEFT, .shiftLeft), (KEY_SRIGHT, .shiftRight), (KEY_SR, .up), (KEY_SF, .down),
            (KEY_ENTER, .enter), (KEY_BTAB, .backTab), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete),
            (KEY_HOME, .home), (KEY_FIND, .home), (KEY_A1, .home),
            (KEY_END, .end), (KEY_SELECT, .end), (KEY_C1, .end),
            (KEY_PPAGE, .pageUp), (KEY_A3, .pageUp), (KEY_NPAGE, .pageDown), (KEY_C3, .pageDown),
            (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)),
        ]
        for (code, key) in expected {
            #expect(CursesKeyMap.key(forCode: code) == key, "code \(code)")
        }
        #expect(CursesKeyMap.key(forCode: KEY_F0 + 13) == nil)
        #expect(CursesKeyMap.key(forCode: KEY_MOUSE) == nil)
        #expect(CursesKeyMap.key(forCode: KEY_RESIZE) == nil)
        #expect(CursesKeyMap.key(forCode: KEY_IC) == nil)
    }

    @Test("characters: controls, editing keys and text")
    func characters() {
        #expect(CursesKeyMap.key(forCharacter: 9) == .tab)
        #expect(CursesKeyMap.key(forCharacter: 13) == .enter)
        #expect(CursesKeyMap.key(forCharacter: 10) == .enter)
        #expect(CursesKeyMap.key(forCharacter: 127) == .backspace)
        #expect(CursesKeyMap.key(forCharacter: 8) == .backspace)
        #expect(CursesKeyMap.key(forCharacter: 27) == .escape)
        #expect(CursesKeyMap.key(forCharacter: 1) == .control("a"))
        #expect(CursesKeyMap.key(forCharacter: 3) == .control("c"))
        #expect(CursesKeyMap.key(forCharacter: 19) == .control("s"))
        #expect(CursesKeyMap.key(forCharacter: 21) == .control("u"))
        #expect(CursesKeyMap.key(forCharacter: 26) == .control("z"))
        #expect(CursesKeyMap.key(forCharacter: 0) == nil)
        #expect(CursesKeyMap.key(forCharacter: 28) == nil)
        #expect(CursesKeyMap.key(forCharacter: 0x9B) == nil)  // C1 CSI never becomes text
        #expect(CursesKeyMap.key(forCharacter: 0x20) == .space)
        #expect(CursesKeyMap.key(forCharacter: 0x71) == .character("q"))
        #expect(CursesKeyMap.key(forCharacter: 0xE9) == .character("é"))
        #expect(CursesKeyMap.key(forCharacter: 0x65E5) == .character("日"))
        #expect(CursesKeyMap.key(forCharacter: 0x1F600) == .character("😀"))
        #expect(CursesKeyMap.key(forCharacter: 0xD800) == nil)  // a lone surrogate is no scalar
    }

    @Test("extended terminfo key names carry xterm's modifiers")
    func extendedNames() {
        #expect(CursesKeyMap.key(forExtendedName: "kLFT5") == .left)  // Ctrl
        #expect(CursesKeyMap.key(forExtendedName: "kLFT3") == .altLeft)  // Alt: a word left in a field
        #expect(CursesKeyMap.key(forExtendedName: "kLFT6") == .shiftLeft)  // Ctrl-Shift
        #expect(CursesKeyMap.key(forExtendedName: "kRIT4") == .altRight)  // Alt-Shift: Alt wins
        #expect(CursesKeyMap.key(forExtendedName: "kRIT") == .shiftRight)
        #expect(CursesKeyMap.key(forExtendedName: "kUP3") == .altUp && CursesKeyMap.key(forExtendedName: "kDN3") == .altDown)  // Alt: move a row
        #expect(CursesKeyMap.key(forExtendedName: "kUP5") == .up && CursesKeyMap.key(forExtendedName: "kDN") == .down)
        #expect(CursesKeyMap.key(forExtendedName: "kUP5") == .up)
        #expect(CursesKeyMap.key(forExtendedName: "kDN") == .down)
        #expect(CursesKeyMap.key(forExtendedName: "kHOM5") == .home)
        #expect(CursesKeyMap.key(forExtendedName: "kEND3") == .end)
        #expect(CursesKeyMap.key(forExtendedName: "kDC5") == .delete)
        #expect(CursesKeyMap.key(forExtendedName: "kNXT5") == .pageDown)
        #expect(CursesKeyMap.key(forExtendedName: "kPRV5") == .pageUp)
        #expect(CursesKeyMap.key(forExtendedName: "kLFT9") == nil)
        #expect(CursesKeyMap.key(forExtendedName: "kxIN") == nil)
        #expect(CursesKeyMap.key(forExtendedName: "") == nil)
    }

    // MARK: curses mouse states

    @Test("curses mouse states: press, drag, release, wheel")
    func mouseStates() {
        var down = false
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_position(), buttonDown: &down) == [])
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_button1_pressed(), buttonDown: &down) == [.press])
        #expect(down)
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_position(), buttonDown: &down) == [.drag])
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_button1_released(), buttonDown: &down) == [.release])
        #expect(!down)
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_position(), buttonDown: &down) == [])
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_button4_pressed(), buttonDown: &down) == [.scrollUp])
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_button5_pressed(), buttonDown: &down) == [.scrollDown])
        #expect(CursesKeyMap.mouseKinds(for: tk_mouse_button1_clicked(), buttonDown: &down) == [.press, .release])
        #expect(CursesKeyMap.mouseKinds(for: 0, buttonDown: &down) == [])
    }

    @Test("curses mouse states keep Shift, Ctrl and Alt, each alone and together (issue 38)")
    func mouseStatesKeepTheirModifiers() {
        #expect(CursesKeyMap.mouseModifiers(for: tk_mouse_button4_pressed()) == [])
        #expect(CursesKeyMap.mouseModifiers(for: tk_mouse_button4_pressed() | tk_mouse_control()) == .control)
        #expect(CursesKeyMap.mouseModifiers(for: tk_mouse_button5_pressed() | tk_mouse_alt()) == .alt)
        #expect(CursesKeyMap.mouseModifiers(for: tk_mouse_button1_pressed() | tk_mouse_shift()) == .shift)
        #expect(CursesKeyMap.mouseModifiers(for: tk_mouse_position() | tk_mouse_shift() | tk_mouse_control() | tk_mouse_alt())
                == [.shift, .control, .alt])
    }

    // MARK: escape sequences

    static let sequences: [(String, Event?)] = [
        ("[A", .key(.up)), ("[B", .key(.down)), ("[C", .key(.right)), ("[D", .key(.left)),
        ("OA", .key(.up)), ("OD", .key(.left)), ("OH", .key(.home)), ("OF", .key(.end)),
        ("OM", .key(.enter)), ("OP", .key(.function(1))), ("OS", .key(.function(4))),
        ("[1;2D", .key(.shiftLeft)), ("[1;2C", .key(.shiftRight)), ("[1;6D", .key(.shiftLeft)),
        ("[1;5D", .key(.left)), ("[1;3C", .key(.altRight)), ("[1;3D", .key(.altLeft)), ("[1;2A", .key(.up)),
        ("[1;3A", .key(.altUp)), ("[1;3B", .key(.altDown)), ("[1;5B", .key(.down)),
        ("[H", .key(.home)), ("[F", .key(.end)), ("[1~", .key(.home)), ("[7~", .key(.home)),
        ("[4~", .key(.end)), ("[8~", .key(.end)), ("[3~", .key(.delete)), ("[3;5~", .key(.delete)),
        ("[5~", .key(.pageUp)), ("[6~", .key(.pageDown)), ("[Z", .key(.backTab)),
        ("[11~", .key(.function(1))), ("[15~", .key(.function(5))), ("[17~", .key(.function(6))),
        ("[21~", .key(.function(10))), ("[23~", .key(.function(11))), ("[24~", .key(.function(12))),
        ("[1;2P", .key(.function(1))),
        ("[2~", nil), ("[201~", nil), ("[?1;2c", nil), ("[>0;95;0c", nil), ("[I", nil), ("[O", nil),
        ("[12;40R", nil), ("OX", nil),
        ("[<0;10;5M", .mouse(MouseEvent(.press, at: Point(x: 9, y: 4)))),
        ("[<0;10;5m", .mouse(MouseEvent(.release, at: Point(x: 9, y: 4)))),
        ("[<32;12;6M", .mouse(MouseEvent(.drag, at: Point(x: 11, y: 5)))),
        ("[<64;3;3M", .mouse(MouseEvent(.scrollUp, at: Point(x: 2, y: 2)))),
        ("[<65;3;3M", .mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2)))),
        ("[<4;1;1M", .mouse(MouseEvent(.press, at: Point(x: 0, y: 0), modifiers: .shift))),  // Shift-click
        ("[<80;3;3M", .mouse(MouseEvent(.scrollUp, at: Point(x: 2, y: 2), modifiers: .control))),  // Ctrl-wheel: a pinch
        ("[<73;3;3M", .mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2), modifiers: .alt))),  // Alt-wheel: a rotation
        ("[<48;4;2M", .mouse(MouseEvent(.drag, at: Point(x: 3, y: 1), modifiers: .control))),
        // The horizontal wheel (66 left, 67 right) arrives as Shift-wheel, and keeps its own modifiers.
        ("[<66;3;3M", .mouse(MouseEvent(.scrollUp, at: Point(x: 2, y: 2), modifiers: .shift))),
        ("[<67;3;3M", .mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2), modifiers: .shift))),
        ("[<83;3;3M", .mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2), modifiers: [.shift, .control]))),
        ("[<68;3;3M", .mouse(MouseEvent(.scrollUp, at: Point(x: 2, y: 2), modifiers: .shift))),  // Shift-wheel up
        ("[<16;7;2m", .mouse(MouseEvent(.release, at: Point(x: 6, y: 1), modifiers: .control))),  // a Ctrl release
        ("[<20;7;2m", .mouse(MouseEvent(.release, at: Point(x: 6, y: 1), modifiers: [.control, .shift]))),
        ("[<12;7;2M", .mouse(MouseEvent(.press, at: Point(x: 6, y: 1), modifiers: [.shift, .alt]))),
        ("[<40;4;2M", .mouse(MouseEvent(.drag, at: Point(x: 3, y: 1), modifiers: .alt))),
        // modifyOtherKeys and CSI u: a character with its modifiers.
        ("[27;5;106~", .key(.control("j"))), ("[106;5u", .key(.control("j"))), ("[9;2u", .key(.backTab)),
        ("[27;2;9~", .key(.backTab)), ("[97;2u", .key(.character("A"))), ("[13u", .key(.enter)), ("[27u", .key(.escape)),
        ("[106;3u", nil), ("[49;5u", nil), ("[127;1u", .key(.backspace)), ("[233u", .key(.character("é"))),
        ("[<2;3;3M", nil), ("[<1;3;3M", nil), ("[<35;3;3M", nil),
        ("[<0;0;5M", nil), ("[<0;5M", nil),
        ("[M \u{2A}\u{25}", .mouse(MouseEvent(.press, at: Point(x: 9, y: 4)))),
        ("[M#\u{2A}\u{25}", .mouse(MouseEvent(.release, at: Point(x: 9, y: 4)))),
        ("[M`\u{21}\u{21}", .mouse(MouseEvent(.scrollUp, at: Point(x: 0, y: 0)))),
    ]

    @Test("escape sequences decode whole, and every proper prefix asks for more")
    func sequencesAtEveryLength() {
        for (text, event) in Self.sequences {
            let chars = text.unicodeScalars.map(\.value)
            for length in 0..<chars.count {
                #expect(InputDecoder.decode(Array(chars.prefix(length))) == .needMore, "ESC \(text) cut at \(length)")
            }
            #expect(InputDecoder.decode(chars) == .complete(event), "ESC \(text)")
        }
        // A bracketed paste's start hands the reading of its text to the terminal.
        #expect(InputDecoder.decode("[200~".unicodeScalars.map(\.value)) == .pasteBegins)
    }

    @Test("an ESC not followed by [ or O is the Escape key")
    func loneEscape() {
        #expect(InputDecoder.decode([]) == .needMore)
        #expect(InputDecoder.decode([0x78]) == .notASequence)  // Alt-x: Escape, then x
        #expect(InputDecoder.decode([27]) == .notASequence)  // Escape pressed twice
        #expect(InputDecoder.decode([0x65E5]) == .notASequence)
    }

    @Test("malformed and overlong sequences are dropped whole")
    func malformed() {
        #expect(InputDecoder.decode([0x5B, 0xE9]) == .complete(nil))  // ESC [ é
        #expect(InputDecoder.decode([0x5B, 0x31, 0x0A]) == .complete(nil))  // a control inside
        let long = [0x5B] + Array(repeating: UInt32(0x31), count: InputDecoder.maximumLength)
        #expect(InputDecoder.decode(long) == .complete(nil))
    }

    // MARK: cells to wide characters

    // wcwidth as glibc answers in a UTF-8 locale, for the scalars these tests use.
    private static func columns(_ value: UInt32) -> Int {
        if value == 0x0007 || value == 0xE0000 { return -1 }
        guard let scalar = Unicode.Scalar(value) else { return -1 }
        return DisplayWidth.of(scalar)
    }

    private func cellCharacters(_ grapheme: String, width: Int, isUTF8: Bool = true) -> ([UInt32], Int) {
        var buffer = [wchar_t](repeating: 0x7F, count: Int(CCHARW_MAX) + 1)
        let drawn = CursesTerminal.cellCharacters(
            grapheme, width: width, isUTF8: isUTF8, into: &buffer, columnsOf: Self.columns)
        let end = buffer.firstIndex(of: 0) ?? buffer.count
        return (buffer[..<end].map { UInt32(bitPattern: $0) }, drawn)
    }

    @Test("a cell keeps its first character and the zero-width ones after it")
    func cellText() {
        #expect(cellCharacters("a", width: 1) == ([0x61], 1))
        #expect(cellCharacters("日", width: 2) == ([0x65E5], 2))
        #expect(cellCharacters("e\u{301}", width: 1) == ([0x65, 0x301], 1))
        #expect(cellCharacters("", width: 1) == ([0x20], 1))
        let piled = "e" + String(repeating: "\u{301}", count: 6)
        #expect(cellCharacters(piled, width: 1).0 == [0x65] + Array(repeating: 0x301, count: Int(CCHARW_MAX) - 1))
        // A family emoji: the man only; a joiner without what it joins is dropped.
        #expect(cellCharacters("👨\u{200D}👩\u{200D}👧", width: 2) == ([0x1F468], 2))
        #expect(cellCharacters("🇯🇵", width: 1) == ([0x1F1EF], 1))
    }

    @Test("a snapshot's text is the cells as curses writes them: a flag in two cells, ASCII with ? outside UTF-8")
    func snapshotTextIsTheTerminals() {
        var canvas = Canvas(size: Size(width: 14, height: 1))
        canvas.draw("a🇦🇫b👩\u{200D}👧c日é", at: Point(x: 0, y: 0))
        #expect(canvas.line(0).hasPrefix("a🇦🇫b👩👧c日é"), "the canvas keeps every emoji, without the joiner")
        #expect(canvas.terminalText(isUTF8: true) == "a🇦🇫b👩👧c日é", "a flag's two letters, a family's every person, as curses shows them")
        #expect(canvas.terminalText(isUTF8: false) == "a??b? ? c? ?", "outside UTF-8, ? in each cell, a wide one's right half blank")
    }

    @Test("what curses and the canvas would measure differently becomes U+FFFD")
    func cellReplacement() {
        #expect(cellCharacters("\u{7}", width: 1) == ([0xFFFD], 1))  // unprintable
        #expect(cellCharacters("\u{E0000}", width: 1) == ([0xFFFD], 1))
        #expect(cellCharacters("日", width: 1) == ([0xFFFD], 1))  // wider than its cell
        #expect(cellCharacters("a", width: 2) == ([0x61], 1))  // narrower: the caller blanks the rest
    }

    @Test("outside a UTF-8 locale everything beyond ASCII is a question mark")
    func asciiLocale() {
        #expect(cellCharacters("é", width: 1, isUTF8: false) == ([0x3F], 1))
        #expect(cellCharacters("e\u{301}", width: 1, isUTF8: false) == ([0x65], 1))
        #expect(cellCharacters("日", width: 2, isUTF8: false) == ([0x3F], 1))
        #expect(cellCharacters("~", width: 1, isUTF8: false) == ([0x7E], 1))
    }

    // MARK: small helpers

    @Test("durations become whole milliseconds, rounded up")
    func milliseconds() {
        #expect(CursesTerminal.milliseconds(.milliseconds(25)) == 25)
        #expect(CursesTerminal.milliseconds(.microseconds(1_500)) == 2)
        #expect(CursesTerminal.milliseconds(.zero) == 0)
        #expect(CursesTerminal.milliseconds(.seconds(-1)) == 0)
        #expect(CursesTerminal.milliseconds(.seconds(1e12)) == Int(Int32.max))
    }

    @Test("terminfo delays are removed from the emergency leave sequence")
    func padding() {
        #expect(CursesTerminal.stripPadding("\u{1B}[?1049l$<5>") == "\u{1B}[?1049l")
        #expect(CursesTerminal.stripPadding("a$<2*/>b") == "ab")
        #expect(CursesTerminal.stripPadding("$5") == "$5")
        #expect(CursesTerminal.stripPadding("") == "")
    }

    @Test("errors say what to do")
    func errors() {
        #expect(CursesTerminalError.unknownTerminal("xyz").description
            == "cannot start the terminal: TERM=xyz is not known (try TERM=xterm-256color)")
        #expect(CursesTerminalError.unknownTerminal("").description == "cannot start the terminal: TERM is not set")
        #expect(CursesTerminalError.unknownTerminal("a\u{1B}b").description.contains("a^[b"))
        #expect(CursesTerminalError.notATerminal("standard output").description.hasPrefix(
            "cannot start the terminal: standard output is not a terminal"))
    }
}

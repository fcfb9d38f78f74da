import CNcurses
import TableKit

/// Maps what `wget_wch` returns to ``Key``s, and curses mouse states to mouse events.
///
/// Pure functions of curses' numbers, so that tests can check every mapping without a terminal.
enum CursesKeyMap {
    /// The key for a function-key code (`wget_wch` returned `KEY_CODE_YES`). `KEY_MOUSE` and
    /// `KEY_RESIZE` are not keys and give `nil`, as do keys the app has no use for.
    static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP, KEY_SR: return .up
        case KEY_DOWN, KEY_SF: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC, KEY_SDC: return .delete
        // Terminfo for vt220-style keyboards names Home and End "find" and "select"; the keypad
        // corners are Home, End, PgUp and PgDn with Num Lock off.
        case KEY_HOME, KEY_FIND, KEY_A1, KEY_BEG, KEY_SHOME: return .home
        case KEY_END, KEY_SELECT, KEY_C1, KEY_LL, KEY_SEND: return .end
        case KEY_PPAGE, KEY_A3, KEY_SPREVIOUS: return .pageUp
        case KEY_NPAGE, KEY_C3, KEY_SNEXT: return .pageDown
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// The key for a character (`wget_wch` returned `OK`). ESC (27) is not decided here: it may
    /// begin a sequence (see ``InputDecoder``).
    ///
    /// Tab (Ctrl-I), Return and Ctrl-J, and Backspace (Ctrl-H, DEL) are their own keys; the
    /// other controls 1–26 are `.control(letter)`, 31 (Ctrl-_ and Ctrl-/) is `.control("_")`; NUL,
    /// 28–30 and C1 controls mean nothing.
    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 0x60) else { return nil }
            return .control(Character(scalar))
        case 31: return .control("_")
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The key for an extended terminfo key name, as `keyname()` reports codes above `KEY_MAX`
    /// that ncurses assigns to xterm's modified keys: `kLFT5` is Ctrl-←, `kRIT4` Shift-Alt-→.
    /// The digit is xterm's modifier code (2 Shift, 3 Alt, 5 Ctrl, and their sums + 1); only
    /// Shift with ← and → changes the key, the rest give the plain key.
    static func key(forExtendedName name: String) -> Key? {
        let base = name.prefix { !$0.isNumber }
        let digits = name.dropFirst(base.count)
        let modifier: Int
        if digits.isEmpty {
            modifier = 2  // the bare names (kLFT, kRIT, kUP …) are the shifted keys
        } else if let value = Int(digits), (2...8).contains(value) {
            modifier = value
        } else {
            return nil
        }
        let shifted = (modifier - 1) & 1 != 0
        let alt = (modifier - 1) & 2 != 0
        switch base {
        case "kUP": return alt ? .altUp : .up
        case "kDN": return alt ? .altDown : .down
        case "kLFT": return alt ? .altLeft : shifted ? .shiftLeft : .left
        case "kRIT": return alt ? .altRight : shifted ? .shiftRight : .right
        case "kHOM": return .home
        case "kEND": return .end
        case "kDC": return .delete
        case "kPRV": return .pageUp
        case "kNXT": return .pageDown
        default: return nil
        }
    }

    /// The mouse events for one curses mouse state (`MEVENT.bstate`), tracking whether the left
    /// button is down so that motion can be told apart: motion with the button down is a drag,
    /// motion without it (any-event tracking) means nothing.
    static func mouseKinds(for state: mmask_t, buttonDown: inout Bool) -> [MouseEvent.Kind] {
        if state & tk_mouse_button4_pressed() != 0 { return [.scrollUp] }
        if state & tk_mouse_button5_pressed() != 0 { return [.scrollDown] }
        if state & tk_mouse_button1_pressed() != 0 {
            buttonDown = true
            return [.press]
        }
        if state & tk_mouse_button1_released() != 0 {
            buttonDown = false
            return [.release]
        }
        if state & tk_mouse_button1_clicked() != 0 {
            // Only when mouseinterval is not 0; split into the two halves the app expects.
            buttonDown = false
            return [.press, .release]
        }
        if state & tk_mouse_position() != 0 {
            return buttonDown ? [.drag] : []
        }
        return []
    }

    /// The keys held during one curses mouse state (`MEVENT.bstate`): Shift, Ctrl and Alt.
    static func mouseModifiers(for state: mmask_t) -> MouseEvent.Modifiers {
        var modifiers: MouseEvent.Modifiers = []
        if state & tk_mouse_shift() != 0 { modifiers.insert(.shift) }
        if state & tk_mouse_control() != 0 { modifiers.insert(.control) }
        if state & tk_mouse_alt() != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    /// The escape sequences of xterm-compatible terminals that terminfo entries often omit,
    /// with the curses key each should produce. Added with `define_key` where not yet known.
    static let extraSequences: [(String, Int32)] = [
        ("\u{1B}[1;2D", KEY_SLEFT), ("\u{1B}[1;2C", KEY_SRIGHT),
        ("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF),
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
        ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[Z", KEY_BTAB),
    ]
}

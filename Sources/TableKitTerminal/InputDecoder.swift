import TableKit

/// Decodes the escape sequences that ncurses hands over undecoded.
///
/// ncurses decodes every sequence that terminfo (or `define_key`) taught it; anything else
/// arrives as ESC followed by plain characters. This decoder takes those characters (the ones
/// after ESC, as wide-character values) and recognises the xterm family of CSI and SS3 keys,
/// modified arrows (`ESC [1;2D` is Shift-←), the `ESC [n~` editing keys, and mouse reports in
/// SGR (`ESC [<b;x;yM`, mode 1006) and X10 (`ESC [M bxy`) encodings. It is pure: feed it a
/// growing prefix until it says more than ``Outcome/needMore``.
enum InputDecoder {
    /// What the characters after an ESC amount to.
    enum Outcome: Equatable {
        /// A sequence has begun and is not finished: read another character.
        case needMore
        /// All the characters form one sequence; `nil` when it means nothing to the app
        /// (an unknown key, a terminal reply, a mouse button we do not use). It is dropped.
        case complete(Event?)
        /// ESC is the Escape key on its own; the characters are separate input.
        case notASequence
        /// `ESC [200~`: a bracketed paste begins; its text follows, up to `ESC [201~`.
        case pasteBegins
    }

    /// What ends a bracketed paste: `ESC [201~`.
    static let pasteEnd: [UInt32] = [27, 91, 50, 48, 49, 126]

    /// Longer sequences are garbage, and are dropped.
    static let maximumLength = 32

    /// Decodes `chars`, the characters that followed an ESC so far.
    static func decode(_ chars: [UInt32]) -> Outcome {
        guard let first = chars.first else { return .needMore }
        switch first {
        case ascii("["):
            return decodeCSI(chars)
        case ascii("O"):
            guard chars.count >= 2 else { return .needMore }
            return .complete(ss3Key(chars[1]).map(Event.key))
        default:
            return .notASequence
        }
    }

    // ESC [ parameters intermediates final, per ECMA-48; ESC [ M b x y for X10 mouse reports.
    private static func decodeCSI(_ chars: [UInt32]) -> Outcome {
        guard chars.count >= 2 else { return .needMore }
        if chars[1] == ascii("M") {
            guard chars.count >= 5 else { return .needMore }
            return .complete(x10Mouse(button: chars[2], x: chars[3], y: chars[4]))
        }
        var index = 1
        while index < chars.count {
            let c = chars[index]
            if (0x40...0x7E).contains(c) {
                guard index == chars.count - 1 else { return .complete(nil) }
                if chars == [ascii("["), ascii("2"), ascii("0"), ascii("0"), ascii("~")] { return .pasteBegins }
                return .complete(csiEvent(parameters: Array(chars[1..<index]), final: c))
            }
            guard (0x20...0x3F).contains(c) else { return .complete(nil) }
            index += 1
        }
        return chars.count >= maximumLength ? .complete(nil) : .needMore
    }

    private static func csiEvent(parameters: [UInt32], final: UInt32) -> Event? {
        let text = String(String.UnicodeScalarView(parameters.compactMap(Unicode.Scalar.init)))
        if text.hasPrefix("<") {
            guard final == ascii("M") || final == ascii("m") else { return nil }
            let numbers = numbers(in: text.dropFirst())
            guard numbers.count == 3 else { return nil }
            return sgrMouse(button: numbers[0], x: numbers[1], y: numbers[2], released: final == ascii("m"))
        }
        // Private replies (`ESC [?…`, `ESC [>…`) and intermediates are nothing a user typed.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";" || $0 == ":") }) else { return nil }
        let numbers = numbers(in: Substring(text))
        let modifier = numbers.count >= 2 ? numbers[1] : 1
        let shifted = modifier > 1 && (modifier - 1) & 1 != 0
        let alt = modifier > 1 && (modifier - 1) & 2 != 0
        let key: Key?
        switch Unicode.Scalar(final).map(Character.init) {
        case "A": key = alt ? .altUp : .up
        case "B": key = alt ? .altDown : .down
        case "C": key = alt ? .altRight : shifted ? .shiftRight : .right
        case "D": key = alt ? .altLeft : shifted ? .shiftLeft : .left
        case "H": key = .home
        case "F": key = .end
        case "Z": key = .backTab
        // With a first parameter other than 1, `R` is a cursor position report, not F3.
        case "P" where numbers.first ?? 1 == 1: key = .function(1)
        case "Q" where numbers.first ?? 1 == 1: key = .function(2)
        case "R" where numbers.first ?? 1 == 1: key = .function(3)
        case "S" where numbers.first ?? 1 == 1: key = .function(4)
        // xterm's modifyOtherKeys (`ESC [27;m;c~`) and the CSI u form (`ESC [c;mu`) of
        // tmux's extended keys and modern terminals: a character `c` with modifiers `m`.
        case "~" where numbers.first == 27 && numbers.count >= 3: key = modifiedCharacter(numbers[2], modifier: numbers[1])
        case "~": key = tildeKey(numbers.first ?? 0)
        case "u" where !numbers.isEmpty: key = modifiedCharacter(numbers[0], modifier: numbers.count >= 2 ? numbers[1] : 1)
        default: key = nil
        }
        return key.map(Event.key)
    }

    /// The key of character `code` sent with xterm's modifier code `modifier` (1 none, then
    /// 1 + Shift 1, Alt 2, Ctrl 4): Ctrl with a letter is that control key, Shift-Tab is
    /// back-tab, Shift with a letter its capital; chords the app has no key for give `nil`.
    static func modifiedCharacter(_ code: Int, modifier: Int) -> Key? {
        let bits = max(0, modifier - 1)
        let shift = bits & 1 != 0, alt = bits & 2 != 0, control = bits & 4 != 0
        guard !alt, code >= 0, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
        switch code {
        case 9: return control ? nil : shift ? .backTab : .tab
        case 13: return control || shift ? nil : .enter
        case 27: return control || shift ? nil : .escape
        case 8, 127: return control || shift ? nil : .backspace
        default: break
        }
        let character = Character(scalar)
        if control {
            guard !shift, character.isASCII, character.isLetter else { return nil }
            return .control(Character(character.lowercased()))
        }
        guard code >= 32, !(0x7F ..< 0xA0).contains(code) else { return nil }
        return .character(shift ? Character(character.uppercased()) : character)
    }

    // ESC [ n ~ : the vt220 editing keypad and function keys.
    private static func tildeKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: return .home
        case 4, 8: return .end
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(n - 10)
        case 17...21: return .function(n - 11)
        case 23, 24: return .function(n - 12)
        default: return nil
        }
    }

    // ESC O x : application-mode cursor keys, Home/End, F1–F4, keypad Enter.
    private static func ss3Key(_ c: UInt32) -> Key? {
        switch Unicode.Scalar(c).map(Character.init) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "M": return .enter
        case "P": return .function(1)
        case "Q": return .function(2)
        case "R": return .function(3)
        case "S": return .function(4)
        default: return nil
        }
    }

    /// A mouse report in SGR form: `button` as sent, 1-based `x` and `y`, and whether it ended
    /// in `m` (a release). Only the left button and the wheel mean something to the app.
    static func sgrMouse(button: Int, x: Int, y: Int, released: Bool) -> Event? {
        guard x >= 1, y >= 1 else { return nil }
        let position = Point(x: x - 1, y: y - 1)
        let kind: MouseEvent.Kind?
        var horizontal = false
        if button & 64 != 0 {
            // 64 and 65 are the wheel up and down; 66 and 67 its left and right, which arrive
            // as Shift-wheel (left as up), as GTK and Qt turn a horizontal wheel.
            switch (button & 3, released) {
            case (0, false): kind = .scrollUp
            case (1, false): kind = .scrollDown
            case (2, false): kind = .scrollUp; horizontal = true
            case (3, false): kind = .scrollDown; horizontal = true
            default: kind = nil
            }
        } else if button & 32 != 0 {
            kind = button & 3 == 0 ? .drag : nil
        } else if button & 3 == 0 {
            kind = released ? .release : .press
        } else {
            kind = nil
        }
        // Bits 4, 8 and 16 of the button are Shift, Meta and Control (xterm's ctlseqs).
        var modifiers: MouseEvent.Modifiers = []
        if button & 4 != 0 { modifiers.insert(.shift) }
        if button & 8 != 0 { modifiers.insert(.alt) }
        if button & 16 != 0 { modifiers.insert(.control) }
        if horizontal { modifiers.insert(.shift) }
        return kind.map { .mouse(MouseEvent($0, at: position, modifiers: modifiers)) }
    }

    // X10 reports carry each value + 32 in one character; a release does not say which button.
    private static func x10Mouse(button: UInt32, x: UInt32, y: UInt32) -> Event? {
        guard button >= 32, x >= 33, y >= 33 else { return nil }
        let b = Int(button) - 32
        if b & 64 == 0 && b & 32 == 0 && b & 3 == 3 {
            return .mouse(MouseEvent(.release, at: Point(x: Int(x) - 33, y: Int(y) - 33)))
        }
        return sgrMouse(button: b, x: Int(x) - 32, y: Int(y) - 32, released: false)
    }

    // "1;2" → [1, 2]; a field with sub-parameters ("1:3") keeps its first number; an empty
    // field reads as 0.
    private static func numbers(in text: Substring) -> [Int] {
        text.split(separator: ";", omittingEmptySubsequences: false).map { field in
            Int(field.split(separator: ":").first ?? "") ?? 0
        }
    }

    private static func ascii(_ c: Character) -> UInt32 {
        UInt32(c.asciiValue ?? 0)
    }
}

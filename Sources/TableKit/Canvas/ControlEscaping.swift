/// Makes control characters found in data visible instead of letting them reach the terminal.
///
/// C0 controls and DEL are shown in caret notation (`ESC` → `^[`, a tab → `^I`), C1 controls
/// as their hex value in angle brackets (`<9B>`), and the invisible characters that steer a
/// terminal's text direction or break its lines — Unicode's Bidi_Control set (U+061C,
/// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators
/// U+2028 and U+2029 — by their code point (`<U+202E>`). Every string drawn into a
/// ``Canvas`` goes through here, so no escape sequence from data is ever written to the
/// terminal and no row can be reordered by a bidi-aware terminal.
package enum ControlEscaping {
    /// Whether the code point is a C0 control, DEL or a C1 control.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// Whether the code point is an invisible format character that changes how a terminal
    /// lays out the text around it: a bidi control, or a line or paragraph separator.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether the code point is drawn escaped: a control or an invisible format character.
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isInvisibleFormat(scalar)
    }

    /// Whether the grapheme cluster holds a code point that is drawn escaped.
    static func needsEscaping(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: needsEscaping)
    }

    /// The visible form of a cluster that holds control characters; other clusters unchanged.
    static func escaped(_ character: Character) -> String {
        var result = ""
        for scalar in character.unicodeScalars {
            result += escaped(scalar)
        }
        return result
    }

    /// The visible form of one code point.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20 { return "^" + String(Unicode.Scalar(UInt8(value + 0x40))) }
        if value == 0x7F { return "^?" }
        if value < 0xA0 && value >= 0x80 {
            let hex = String(value, radix: 16, uppercase: true)
            return "<" + hex + ">"
        }
        if isInvisibleFormat(scalar) {
            let hex = String(value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
        return String(scalar)
    }

    /// The text with every control and invisible format character made visible.
    ///
    /// - Complexity: O(n); text without them is returned as it is after one scan of its bytes.
    package static func escaped(_ text: some StringProtocol) -> String {
        // Every code point escaped starts with one of these bytes in UTF-8: C0 and DEL as
        // themselves, C1 with 0xC2, U+061C with 0xD8, the rest with 0xE2.
        let needsWork = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
        guard needsWork else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar) { result += escaped(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

/// Makes control characters found in data visible instead of letting them reach the terminal.
///
/// C0 controls and DEL are shown in caret notation (`ESC` → `^[`, a tab → `^I`), C1 controls
/// as their hex value in angle brackets (`<9B>`). Every string drawn into a ``Canvas`` goes
/// through here, so no escape sequence from data is ever written to the terminal.
public enum ControlEscaping {
    /// Whether the code point is a C0 control, DEL or a C1 control.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// Whether the grapheme cluster holds a control character.
    public static func needsEscaping(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isControl)
    }

    /// The visible form of a cluster that holds control characters; other clusters unchanged.
    public static func escaped(_ character: Character) -> String {
        var result = ""
        for scalar in character.unicodeScalars {
            result += escaped(scalar)
        }
        return result
    }

    /// The visible form of one code point.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20 { return "^" + String(Unicode.Scalar(UInt8(value + 0x40))) }
        if value == 0x7F { return "^?" }
        if value < 0xA0 && value >= 0x80 {
            let hex = String(value, radix: 16, uppercase: true)
            return "<" + hex + ">"
        }
        return String(scalar)
    }

    /// The text with every control character made visible.
    ///
    /// - Complexity: O(n); text without controls is returned as it is after one scan of its bytes.
    public static func escaped(_ text: some StringProtocol) -> String {
        let needsWork = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        guard needsWork else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            result += isControl(scalar) ? escaped(scalar) : String(scalar)
        }
        return result
    }
}

/// Makes control characters found in data visible instead of letting them reach the terminal.
///
/// C0 controls and DEL are shown in caret notation (`ESC` → `^[`, a tab → `^I`), C1 controls
/// as their hex value in angle brackets (`<9B>`), and the invisible characters that steer a
/// terminal's text direction, break its lines or hide in text — Unicode's Bidi_Control set
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and paragraph separators
/// U+2028 and U+2029, and every other format character (general category Cf: the zero-width
/// space U+200B, the byte order mark U+FEFF, the word joiner U+2060, the soft hyphen…) — by
/// their code point (`<U+202E>`, `<U+FEFF>`). Every string drawn into a ``Canvas`` goes
/// through here, so no escape sequence from data is ever written to the terminal, no row can
/// be reordered by a bidi-aware terminal, and no character of the data is there unseen.
///
/// Two format characters belong to an emoji and are not escaped there: the zero-width joiner
/// between two emoji of one cluster (`👨‍👩‍👧`) and the tag characters of a subdivision flag
/// (`🏴󠁧󠁢󠁳󠁣󠁴󠁿`). Drawing leaves them out (see `DisplayWidth.cells(of:)`), so they are not written either.
package enum ControlEscaping {
    /// Whether the code point is a C0 control, DEL or a C1 control.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// Whether the code point is an invisible format character: a bidi control, a line or
    /// paragraph separator, or any other character of general category Cf.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x2028, 0x2029: return true
        // Where the Cf characters are (Unicode 15): asking for the category only there keeps
        // the common scripts off the property lookup.
        case 0xAD, 0x600 ... 0x8FF, 0x180E, 0x200B ... 0x206F, 0xFEFF ... 0xFFFB, 0x110BD ... 0x1FFFF, 0xE0000 ... 0xE0FFF:
            return scalar.properties.generalCategory == .format
        default: return false
        }
    }

    /// Whether the code point is drawn escaped wherever it is: a control or an invisible
    /// format character (a joiner inside an emoji is let through by the cluster's test).
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isInvisibleFormat(scalar)
    }

    /// Whether the grapheme cluster holds a code point that is drawn escaped: a control, or a
    /// format character that is not part of an emoji (see ``isPartOfEmoji(_:in:at:)``).
    static func needsEscaping(_ character: Character) -> Bool {
        if let byte = character.singleByte { return byte < 0x20 || byte == 0x7F }
        let scalars = character.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if needsEscaping(scalar) && !isPartOfEmoji(scalar, in: scalars, at: index) { return true }
            index = scalars.index(after: index)
        }
        return false
    }

    /// Whether the format character at `index` of a cluster belongs to an emoji: a zero-width
    /// joiner between two emoji (the one before it may carry a skin tone or U+FE0F), or a tag
    /// character in a cluster that starts with the black flag U+1F3F4.
    static func isPartOfEmoji(_ scalar: Unicode.Scalar, in scalars: Character.UnicodeScalarView, at index: String.Index) -> Bool {
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        switch scalar.value {
        case 0x200D:
            guard index != scalars.startIndex else { return false }
            let next = scalars.index(after: index)
            guard next != scalars.endIndex else { return false }
            let before = scalars[scalars.index(before: index)].properties
            return scalars[next].properties.isEmoji && (before.isEmoji || before.isVariationSelector)
        case 0xE0020 ... 0xE007F:
            return first.value == 0x1F3F4
        default:
            return false
        }
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
        // themselves, C1 and U+00AD with 0xC2, U+0600–U+08FF with 0xD8–0xE0, U+180E with 0xE1,
        // U+2000–U+206F with 0xE2, U+FEFF–U+FFFB with 0xEF, the rest with 0xF0 or 0xF3.
        let needsWork = text.utf8.contains {
            $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || (0xD8 ... 0xE2).contains($0) || $0 == 0xEF || $0 == 0xF0 || $0 == 0xF3
        }
        guard needsWork else { return String(text) }
        var result = ""
        for character in text {
            if needsEscaping(character) { result += escaped(character) } else { result.append(character) }
        }
        return result
    }
}

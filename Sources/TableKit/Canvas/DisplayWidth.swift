/// Display widths of text in terminal columns, as ncursesw measures them.
///
/// A grapheme cluster takes the width of its first code point; the marks and joiners that
/// follow it take none, which is how ncursesw stores them in one cell. A cluster that starts
/// with a zero-width mark (a combining accent with nothing to sit on) is drawn on a dotted
/// circle and takes one column.
public enum DisplayWidth {
    /// The columns one code point takes: 0, 1 or 2. Control characters report 0 here;
    /// drawing escapes them first (see `ControlEscaping`).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 {
            if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
            return 1
        }
        if contains(doubleWidthRanges, value) { return 2 }
        if contains(zeroWidthRanges, value) { return 0 }
        return 1
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        // Printable ASCII, the bulk of long values: one column, without decoding code points.
        if let byte = character.singleByte, byte >= 0x20, byte != 0x7F { return 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        let width = of(first)
        if width == 0 && !ControlEscaping.needsEscaping(first) { return 1 }
        return width
    }

    /// The columns a whole string takes, after control characters are escaped.
    ///
    /// - Complexity: O(n) in the length of the string; ASCII takes a fast path.
    public static func of(_ text: some StringProtocol) -> Int {
        var asciiOnly = true
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 || byte < 0x20 || byte == 0x7F { asciiOnly = false; break }
            count += 1
        }
        if asciiOnly { return count }
        var total = 0
        for character in text {
            if ControlEscaping.needsEscaping(character) {
                total += ControlEscaping.escaped(character).count
            } else {
                total += of(character)
            }
        }
        return total
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}

extension StringProtocol {
    /// The columns this text takes in a terminal (see ``DisplayWidth``).
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
    /// The byte of a character that is one byte of UTF-8 (ASCII, CR LF excepted); `nil` for
    /// any other. Cheaper than `asciiValue`, which compares with CR LF first.
    var singleByte: UInt8? {
        let bytes = utf8
        return bytes.count == 1 ? bytes.first : nil
    }
}

/// Display widths of text in terminal columns, as ncursesw measures them.
///
/// A grapheme cluster is drawn in one cell per spacing code point, each with the zero-width
/// marks that follow it, because that is all an ncursesw cell holds and all a terminal can be
/// relied on to agree with: a flag takes two columns, one per regional letter (a terminal that
/// joins them draws the flag in those two); an emoji ZWJ sequence takes the columns of its
/// emoji drawn side by side, without the joiners (`👨‍👩‍👧` is drawn `👨👩👧`, six columns); an emoji
/// with a skin tone takes its two emoji's four. Terminals disagree on how wide a joined
/// cluster is, and a terminal and curses that disagree on one cell misplace the rest of the
/// line. A cluster that starts with a zero-width mark (a combining accent with nothing to sit
/// on) is drawn on a dotted circle and takes one column. See `cells(of:)`.
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
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var width = of(first)
        if width == 0 && !ControlEscaping.needsEscaping(first) { width = 1 }
        // Each later spacing code point gets a cell of its own (see `cells(of:)`).
        for scalar in scalars.dropFirst() { width += of(scalar) }
        return width
    }

    /// The cells a cluster is drawn in, left to right, when it needs more than one: each
    /// spacing code point with the zero-width marks after it, and its columns. Zero-width
    /// joiners and tag characters are left out: a terminal that joined what they join would
    /// draw it narrower than curses counts. `nil` when the cluster is drawn in one cell, as
    /// nearly every cluster is; the widths add up to ``of(_:)-(Character)``.
    static func cells(of character: Character) -> [(grapheme: String, width: Int)]? {
        if character.singleByte != nil { return nil }
        let scalars = character.unicodeScalars
        guard scalars.dropFirst().contains(where: { of($0) > 0 || isLeftOut($0) }) else { return nil }
        var cells: [(grapheme: String, width: Int)] = []
        for scalar in scalars where !isLeftOut(scalar) {
            let width = of(scalar)
            if width > 0 || cells.isEmpty {
                cells.append((String(scalar), width))
            } else {
                cells[cells.count - 1].grapheme.unicodeScalars.append(scalar)
            }
        }
        if let first = cells.first, first.width == 0 { cells[0].width = 1 }
        return cells
    }

    /// Whether drawing leaves the code point out of a cluster: the zero-width joiner and the
    /// tag characters (U+E0020–U+E007F).
    static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || (0xE0020 ... 0xE007F).contains(scalar.value)
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
                // The escaped form may keep a wide character of the cluster (`🏴<U+200C>`).
                total += ControlEscaping.escaped(character).reduce(0) { $0 + of($1) }
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

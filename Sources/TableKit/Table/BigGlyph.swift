/// Large letters, 5 lines high, for the overlay a section index shows while it is scrubbed.
///
/// Glyphs exist for `A`…`Z`, `0`…`9`, `#`, `?` and the index dot (`•` or `.`). Lowercase and
/// accented letters use their base letter (`é` → E, `ß` → S, `ø` → O), as the collation reads
/// them; fullwidth forms their ASCII letter. Any other character is drawn centred in a 5-line
/// frame (a control character or a mark as `?`).
enum BigGlyph {
    /// The height of every glyph, in lines.
    public static let height = 5

    /// The rows of the glyph for `character`: 5 strings of equal display width, with `block`
    /// for each lit cell and spaces for the others (5 cells a row; 25 columns at most when
    /// `block` is one column wide). An empty `block` draws with `█`.
    public static func rows(for character: Character, block: String) -> [String] {
        let block = block.displayWidth == 0 ? "█" : block
        let cellWidth = block.displayWidth
        if let pattern = pattern(for: character) {
            let blank = String(repeating: " ", count: cellWidth)
            return pattern.map { row in row.map { $0 == "X" ? block : blank }.joined() }
        }
        return framed(character, block: block, cellWidth: cellWidth)
    }

    /// The pattern for `character`, after folding it as the collation does.
    private static func pattern(for character: Character) -> [String]? {
        if let exact = patterns[character] { return exact }
        if character == "." { return patterns["•"] }
        let folded = Collation.english.sortKey(for: String(character)).dropFirst()
        guard let first = folded.first else { return nil }
        if first >= 0x61 && first <= 0x7A {
            // A letter that folds to more than one (ß → ss, æ → ae) shows the first.
            return patterns[Character(UnicodeScalar(first - 0x20))]
        }
        guard folded.count == 1, first < 0x80 else { return nil }
        return patterns[Character(UnicodeScalar(first))]
    }

    /// A frame of `block` with `character` in its middle.
    private static func framed(_ character: Character, block: String, cellWidth: Int) -> [String] {
        var shown = String(character)
        var width = shown.displayWidth
        let inner = 3 * cellWidth
        if ControlEscaping.needsEscaping(character) || width == 0 || width > inner
            || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark {
            shown = "?"
            width = 1
        }
        let left = (inner - width) / 2
        let middle = block + String(repeating: " ", count: left) + shown
            + String(repeating: " ", count: inner - width - left) + block
        let full = String(repeating: block, count: 5)
        let empty = block + String(repeating: " ", count: inner) + block
        return [full, empty, middle, empty, full]
    }

    /// 5×5 patterns: `X` lit, space dark.
    private static let patterns: [Character: [String]] = [
        "A": [" XXX ", "X   X", "XXXXX", "X   X", "X   X"],
        "B": ["XXXX ", "X   X", "XXXX ", "X   X", "XXXX "],
        "C": [" XXXX", "X    ", "X    ", "X    ", " XXXX"],
        "D": ["XXXX ", "X   X", "X   X", "X   X", "XXXX "],
        "E": ["XXXXX", "X    ", "XXXX ", "X    ", "XXXXX"],
        "F": ["XXXXX", "X    ", "XXXX ", "X    ", "X    "],
        "G": [" XXXX", "X    ", "X  XX", "X   X", " XXXX"],
        "H": ["X   X", "X   X", "XXXXX", "X   X", "X   X"],
        "I": ["XXXXX", "  X  ", "  X  ", "  X  ", "XXXXX"],
        "J": ["  XXX", "    X", "    X", "X   X", " XXX "],
        "K": ["X   X", "X  X ", "XXX  ", "X  X ", "X   X"],
        "L": ["X    ", "X    ", "X    ", "X    ", "XXXXX"],
        "M": ["X   X", "XX XX", "X X X", "X   X", "X   X"],
        "N": ["X   X", "XX  X", "X X X", "X  XX", "X   X"],
        "O": [" XXX ", "X   X", "X   X", "X   X", " XXX "],
        "P": ["XXXX ", "X   X", "XXXX ", "X    ", "X    "],
        "Q": [" XXX ", "X   X", "X X X", "X  X ", " XX X"],
        "R": ["XXXX ", "X   X", "XXXX ", "X  X ", "X   X"],
        "S": [" XXXX", "X    ", " XXX ", "    X", "XXXX "],
        "T": ["XXXXX", "  X  ", "  X  ", "  X  ", "  X  "],
        "U": ["X   X", "X   X", "X   X", "X   X", " XXX "],
        "V": ["X   X", "X   X", "X   X", " X X ", "  X  "],
        "W": ["X   X", "X   X", "X X X", "XX XX", "X   X"],
        "X": ["X   X", " X X ", "  X  ", " X X ", "X   X"],
        "Y": ["X   X", " X X ", "  X  ", "  X  ", "  X  "],
        "Z": ["XXXXX", "   X ", "  X  ", " X   ", "XXXXX"],
        "0": [" XXX ", "X  XX", "X X X", "XX  X", " XXX "],
        "1": ["  X  ", " XX  ", "  X  ", "  X  ", " XXX "],
        "2": [" XXX ", "X   X", "  XX ", " X   ", "XXXXX"],
        "3": ["XXXX ", "    X", " XXX ", "    X", "XXXX "],
        "4": ["X   X", "X   X", "XXXXX", "    X", "    X"],
        "5": ["XXXXX", "X    ", "XXXX ", "    X", "XXXX "],
        "6": [" XXX ", "X    ", "XXXX ", "X   X", " XXX "],
        "7": ["XXXXX", "    X", "   X ", "  X  ", "  X  "],
        "8": [" XXX ", "X   X", " XXX ", "X   X", " XXX "],
        "9": [" XXX ", "X   X", " XXXX", "    X", " XXX "],
        "#": [" X X ", "XXXXX", " X X ", "XXXXX", " X X "],
        "?": [" XXX ", "X   X", "  XX ", "     ", "  X  "],
        "•": ["     ", "  X  ", " XXX ", "  X  ", "     "],
    ]
}

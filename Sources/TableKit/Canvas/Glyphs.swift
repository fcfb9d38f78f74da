/// The symbols views draw with, in a Unicode set and an ASCII fallback for terminals or
/// locales that cannot show Unicode.
public struct Glyphs: Hashable, Sendable {
    /// The chevron of a disclosure indicator and of a back button's arrow: `›` or `>`.
    public var disclosure: String
    /// The back button's arrow: `‹` or `<`.
    public var back: String
    /// The detail (info) button: `ⓘ` or `(i)`.
    public var detail: String
    /// A checkmark: `✓` or `*`.
    public var checkmark: String
    /// The dot that stands for hidden titles in a condensed section index: `•` or `.`.
    public var indexDot: String
    /// The ellipsis of truncated text: `…` or `~`.
    public var ellipsis: Character
    /// Box-drawing pieces: horizontal, vertical, and the four corners (top-left, top-right,
    /// bottom-left, bottom-right).
    public var horizontal: String, vertical: String
    /// Box corners.
    public var topLeft: String, topRight: String, bottomLeft: String, bottomRight: String
    /// The solid block that large overlay letters are drawn with.
    public var block: String

    /// Unicode glyphs, as iOS shows them.
    public static let unicode = Glyphs(
        disclosure: "›", back: "‹", detail: "ⓘ", checkmark: "✓", indexDot: "•", ellipsis: "…",
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        block: "█"
    )

    /// Plain ASCII, for terminals that cannot show more.
    public static let ascii = Glyphs(
        disclosure: ">", back: "<", detail: "(i)", checkmark: "*", indexDot: ".", ellipsis: "~",
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        block: "#"
    )
}

extension Glyphs {
    /// Text the interface itself shows — key names, hints, help, status sentences — as this
    /// glyph set can show it: unchanged in Unicode; in ASCII, arrows become words (`↑` `Up`,
    /// `→` `Right`), ranges a hyphen (`1…5` `1-5`), dashes `--`, and the few symbols the app
    /// uses their ASCII forms, so nothing the interface says turns into `?`.
    public func interface(_ text: String) -> String {
        guard self == .ascii, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == "…" {
                // Between two letters or digits a range (1…5, F1…F5, C-a…C-z); else an ellipsis.
                let before = index > 0 ? characters[index - 1] : " ", after = index + 1 < characters.count ? characters[index + 1] : " "
                result += before.isLetter || before.isNumber ? (after.isLetter || after.isNumber ? "-" : "...") : "..."
                continue
            }
            result += Self.asciiInterface[character] ?? (character.isASCII ? String(character) : "?")
        }
        return result
    }

    /// The ASCII form of each non-ASCII character the interface uses.
    private static let asciiInterface: [Character: String] = [
        "↑": "Up", "↓": "Down", "←": "Left", "→": "Right", "—": "--", "–": "-", "·": "-", "×": "x",
        "‹": "<", "›": ">", "⋯": "...", "⌕": "/", "⟳": "r", "✎": "e", "ⓘ": "(i)", "★": "*", "☆": "-",
        "●": "*", "○": "o", "◉": "(*)", "•": ".", "✓": "*", "│": "|", "◖": "(", "“": "\"", "”": "\"", "’": "'",
        "♡": "<3", "♥": "<3", "↩": "Reply", "⇄": "RT", "↗": "Share", "▲": "^",
    ]
}

extension KeyHint {
    /// The hint as `glyphs` can show it (see ``Glyphs/interface(_:)``).
    func shown(with glyphs: Glyphs) -> KeyHint {
        KeyHint(glyphs.interface(key), glyphs.interface(help))
    }
}

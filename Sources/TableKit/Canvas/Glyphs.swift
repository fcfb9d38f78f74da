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

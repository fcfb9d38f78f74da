/// A colour as the app asks for it; the backend lowers it to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 xterm colours.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The slate blue that iOS Settings uses for values that cannot be edited (81, 102, 145).
    public static let slateBlue = Color.rgb(81, 102, 145)
    /// The iOS system blue used for tint: focus, buttons, the index.
    public static let tint = Color.rgb(10, 132, 255)
    /// A mid grey for secondary text.
    public static let secondary = Color.rgb(142, 142, 147)
    /// The iOS destructive red.
    public static let destructive = Color.rgb(255, 59, 48)
}

/// Text attributes that terminals commonly support.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or bright text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dimmed text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Italic text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: Color
    /// The cell's background colour.
    public var background: Color
    /// Bold, dim, reverse and the rest.
    public var attributes: TextAttributes

    /// Creates a style; everything defaults to the terminal's own look.
    public init(
        foreground: Color = .terminalDefault,
        background: Color = .terminalDefault,
        attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }

    /// This style with another foreground colour.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }
}

/// How many colours a terminal shows: what the backend found at start-up, handed to drawing
/// in ``RenderContext/colorDepth`` so that a view can draw for it (an image dithers its
/// colours, see ``Canvas/drawHalfBlocks(_:at:clip:glyphs:colorDepth:)``).
///
/// Everything else may keep drawing in RGB: the backend lowers each colour to the nearest one
/// the terminal has.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
    /// No colour (`NO_COLOR`, or a monochrome terminal): only the terminal's own colours, and
    /// attributes such as reverse video.
    case none = 0
    /// The 16 ANSI colours (`Color.ansi(_:)`, 0–15), as xterm shows them by default.
    case ansi16 = 16
    /// The 256 xterm colours (`Color.indexed(_:)`): the 16 ANSI colours, the 6×6×6 colour
    /// cube (16–231) and a ramp of 24 greys (232–255).
    case indexed256 = 256
    /// 24-bit colour, sent as such (a `*-direct` terminfo entry such as `xterm-direct`).
    case trueColor = 16_777_216

    /// Fewer colours first.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// An image as a grid of colours, for drawing into a ``Canvas`` two pixels to a cell (see
/// ``Canvas/drawHalfBlocks(_:at:clip:glyphs:colorDepth:)``).
public struct Bitmap: Hashable, Sendable {
    /// One pixel's colour.
    public struct Pixel: Hashable, Sendable {
        /// Red, 0…255.
        public var red: UInt8
        /// Green, 0…255.
        package var green: UInt8
        /// Blue, 0…255.
        public var blue: UInt8

        /// Creates a pixel.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The pixel as a terminal colour.
        var color: Color { .rgb(red, green, blue) }

        /// Its brightness, 0…255, weighted as the eye weighs the three (Rec. 601).
        var luma: Int { (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000 }
    }

    /// The columns of pixels.
    public let width: Int
    /// The rows of pixels.
    public let height: Int
    /// The pixels, row by row from the top.
    package let pixels: [Pixel]

    /// An image of `width` × `height` pixels, row by row from the top; `nil` when the count
    /// of pixels is not `width` × `height`.
    public init?(width: Int, height: Int, pixels: [Pixel]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`; `nil` outside the image.
    public subscript(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return pixels[y * width + x]
    }
}

extension Canvas {
    /// The characters of ``drawHalfBlocks(_:at:clip:glyphs:colorDepth:)`` in ASCII, darkest first.
    static let brightnessRamp: [String] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
    /// Its characters without colours and with Unicode: the shade blocks, darkest first.
    static let shadeRamp: [String] = [" ", "░", "▒", "▓", "█"]

    /// Draws `bitmap` with its top-left pixel at `origin`, two pixels to a cell, in the
    /// colours `colorDepth` allows. Nothing is drawn outside `clip` (and the canvas).
    ///
    /// - **Half blocks** (Unicode glyphs, with colour): `▀` in the upper pixel's colour on the
    ///   lower pixel's; an odd last row leaves the lower half the terminal's own background.
    /// - **A brightness ramp** (ASCII glyphs, or no colour): each cell a character of its two
    ///   pixels' brightness (Rec. 601), darkest first ` .:-=+*#%@` in ASCII; in their mean
    ///   colour when there is colour, so that the picture survives either loss.
    /// - **Without colour** (`.none`, as under `NO_COLOR`), in the terminal's own style: the
    ///   ASCII ramp, or with Unicode the shade blocks ` ░▒▓█` (five shades read better than
    ///   ten letters, and each fills its cell). The ramps run dark to light, as on a terminal
    ///   with light text on a dark background. A ramp is not dithered: a cell is too coarse a
    ///   dot, mixed glyphs read as noise.
    ///
    /// The colours by depth: `.trueColor` draws each pixel's RGB. `.indexed256` and `.ansi16`
    /// dither (ordered, 4×4 Bayer) to palette colours sent as they are (`Color.indexed(_:)`,
    /// `Color.ansi(_:)`), rather than leave the backend to round each pixel to its nearest
    /// colour, which bands a gradient: at 256 each channel between the two levels of the
    /// 6×6×6 cube around it (a cube colour is exactly its index), a colour near grey by its
    /// brightness among the 30 greys; at 16 each pixel between its nearest ANSI colour and the
    /// one it mixes with best (an ANSI colour is exactly itself). The pattern is taken at the
    /// pixel's place in the bitmap (a ramp's cell at its column and pair of rows), not on the
    /// screen, so an image that moves keeps its look; the same image at the same depth always
    /// draws the same cells.
    ///
    /// Pass the depth of the ``RenderContext`` being drawn with (``RenderContext/colorDepth``):
    /// the terminal's.
    ///
    /// - Parameters:
    ///   - bitmap: The image.
    ///   - origin: The cell of its top-left pixels.
    ///   - clip: Where drawing may go; the whole canvas by default.
    ///   - glyphs: Unicode half blocks, or the ASCII ramp.
    ///   - colorDepth: The terminal's colours; true colour by default.
    public mutating func drawHalfBlocks(_ bitmap: Bitmap, at origin: Point, clip: Rect? = nil, glyphs: Glyphs = .unicode,
                                        colorDepth: ColorDepth = .trueColor) {
        let area = (clip ?? bounds).intersection(bounds)
        let rows = (bitmap.height + 1) / 2
        let visibleColumns = max(area.minX, origin.x) ..< min(area.maxX, origin.x + bitmap.width)
        let visibleLines = max(area.minY, origin.y) ..< min(area.maxY, origin.y + rows)
        guard !visibleColumns.isEmpty, !visibleLines.isEmpty else { return }
        let pixels = bitmap.pixels, width = bitmap.width
        let ramp: [String]? = glyphs == .ascii ? Self.brightnessRamp : colorDepth == .none ? Self.shadeRamp : nil
        for line in visibleLines {
            let row = line - origin.y
            let y = row * 2
            let hasLower = y + 1 < bitmap.height
            for column in visibleColumns {
                let x = column - origin.x
                let upper = pixels[y * width + x]
                let lower = hasLower ? pixels[(y + 1) * width + x] : upper
                if let ramp {
                    let mean = Bitmap.Pixel(red: UInt8((Int(upper.red) + Int(lower.red)) / 2), green: UInt8((Int(upper.green) + Int(lower.green)) / 2),
                                            blue: UInt8((Int(upper.blue) + Int(lower.blue)) / 2))
                    let style = Style(foreground: Dither.color(mean, x: x, y: row, depth: colorDepth))
                    setNarrowCell(x: column, y: line, grapheme: ramp[mean.luma * (ramp.count - 1) / 255], style: style)
                } else {
                    let background = hasLower ? Dither.color(lower, x: x, y: y + 1, depth: colorDepth) : .terminalDefault
                    let style = Style(foreground: Dither.color(upper, x: x, y: y, depth: colorDepth), background: background)
                    setNarrowCell(x: column, y: line, grapheme: "▀", style: style)
                }
            }
        }
    }
}

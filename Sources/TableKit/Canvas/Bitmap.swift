/// An image as a grid of colours, for drawing into a ``Canvas`` two pixels to a cell (see
/// ``Canvas/drawHalfBlocks(_:at:clip:glyphs:)``).
public struct Bitmap: Hashable, Sendable {
    /// One pixel's colour.
    public struct Pixel: Hashable, Sendable {
        /// Red, 0…255.
        public var red: UInt8
        /// Green, 0…255.
        public var green: UInt8
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
    public let pixels: [Pixel]

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
    /// The characters of ``drawHalfBlocks(_:at:clip:glyphs:)`` in ASCII, darkest first.
    static let brightnessRamp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Draws `bitmap` with its top-left pixel at `origin`, two pixels to a cell: `▀` in the
    /// upper pixel's colour on the lower pixel's (an odd last row leaves the lower half the
    /// terminal's own background). The terminal shows the colours as its colour depth allows.
    /// With ASCII glyphs each cell is a character of the pair's brightness (` .:-=+*#%@`) in
    /// their mean colour, so that the picture survives a terminal without colours. Nothing
    /// is drawn outside `clip` (and the canvas).
    ///
    /// - Parameters:
    ///   - bitmap: The image.
    ///   - origin: The cell of its top-left pixels.
    ///   - clip: Where drawing may go; the whole canvas by default.
    ///   - glyphs: Unicode half blocks, or the ASCII ramp.
    public mutating func drawHalfBlocks(_ bitmap: Bitmap, at origin: Point, clip: Rect? = nil, glyphs: Glyphs = .unicode) {
        let area = (clip ?? bounds).intersection(bounds)
        let rows = (bitmap.height + 1) / 2
        let visibleColumns = max(area.minX, origin.x) ..< min(area.maxX, origin.x + bitmap.width)
        let visibleLines = max(area.minY, origin.y) ..< min(area.maxY, origin.y + rows)
        guard !visibleColumns.isEmpty, !visibleLines.isEmpty else { return }
        for line in visibleLines {
            let y = (line - origin.y) * 2
            for column in visibleColumns {
                let x = column - origin.x
                guard let upper = bitmap[x, y] else { continue }
                let lower = bitmap[x, y + 1]
                if glyphs == .ascii {
                    let pair = lower ?? upper
                    let mean = Bitmap.Pixel(red: UInt8((Int(upper.red) + Int(pair.red)) / 2), green: UInt8((Int(upper.green) + Int(pair.green)) / 2),
                                            blue: UInt8((Int(upper.blue) + Int(pair.blue)) / 2))
                    let step = mean.luma * (Self.brightnessRamp.count - 1) / 255
                    draw(String(Self.brightnessRamp[step]), at: Point(x: column, y: line), style: Style(foreground: mean.color), clip: area)
                } else {
                    draw("▀", at: Point(x: column, y: line), style: Style(foreground: upper.color, background: lower?.color ?? .terminalDefault), clip: area)
                }
            }
        }
    }
}

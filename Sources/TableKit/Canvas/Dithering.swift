/// Ordered dithering of RGB to the palettes below true colour, for images
/// (``Canvas/drawHalfBlocks(_:at:clip:glyphs:colorDepth:)``): each pixel takes one of two
/// neighbouring palette colours, the upper one when how far the pixel lies towards it beats a
/// threshold from a 4×4 Bayer matrix, so that over any 4×4 patch the palette colours mix to
/// the pixel's colour. The result is a palette colour (`.indexed` or `.ansi`) that the backend
/// sends as it is.
///
/// - **The threshold is taken at the pixel's place in the image, not on the screen**: an image
///   that moves (a scrolled list, a dragged photo) carries its pattern with it and looks the
///   same at every place, where a pattern fixed to the screen would make it shimmer — and a
///   half-block cell is two pixels high, so a move by one line would shift the pattern by two.
///   Two images side by side do not continue each other's pattern; nobody sees that.
/// - **4×4, not 8×8**: 16 levels between two palette colours are finer than the eye tells
///   apart at 256 colours (a cube step is 40), and the images are small (96×64): an 8×8
///   pattern would show as a texture of its own.
/// - **Deterministic, no error diffusion**: a pixel's colour depends on it and its place only,
///   so a frame is the same every time, a clipped image draws the same cells, and the work is
///   a few table look-ups a pixel.
enum Dither {
    /// The 4×4 Bayer matrix, row by row: each of 0…15 once, spread so that any 2×2 block holds
    /// four thresholds far apart.
    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The threshold (0…15) at pixel (`x`, `y`) of an image (both ≥ 0).
    @inline(__always)
    static func threshold(x: Int, y: Int) -> Int { bayer[(y & 3) << 2 | (x & 3)] }

    /// Whether a value `part` of the way along a step of `whole` (0 ≤ part ≤ whole, whole > 0)
    /// takes the step's upper colour at `threshold`: when part / whole > (threshold + ½) / 16.
    /// So a value on the lower colour never moves, one on the upper colour always does, and one
    /// a quarter of the way takes the upper colour at 4 of the 16 thresholds.
    @inline(__always)
    static func takesUpper(_ part: Int, of whole: Int, threshold: Int) -> Bool {
        part * 32 > (2 * threshold + 1) * whole
    }

    /// The colour `pixel` at (`x`, `y`) of its image is drawn with at `depth`: itself in true
    /// colour, a dithered palette colour at 256 and 16, the terminal's own without colour.
    @inline(__always)
    static func color(_ pixel: Bitmap.Pixel, x: Int, y: Int, depth: ColorDepth) -> Color {
        switch depth {
        case .trueColor: return pixel.color
        case .indexed256: return .indexed(indexed256(pixel, threshold: threshold(x: x, y: y)))
        case .ansi16: return .ansi(ansi16(pixel, threshold: threshold(x: x, y: y)))
        case .none: return .terminalDefault
        }
    }

    // MARK: 256 colours

    /// The six levels of each channel in the xterm colour cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// `cubeStep[value << 4 | threshold]`: the cube level (0–5) a channel of `value` takes.
    static let cubeStep: [UInt8] = steps(between: cubeLevels.enumerated().map { (level: $0.element, value: UInt8($0.offset)) })

    /// The greys of the 256 colours, darkest first, each with its palette index: the ramp
    /// (8, 18, …, 238 at 232–255) and the cube's six greys (0, 95, …, 255).
    static let greyLadder: [(level: Int, value: UInt8)] = {
        let ramp = (0 ..< 24).map { (level: 8 + 10 * $0, value: UInt8(232 + $0)) }
        let cube = cubeLevels.enumerated().map { (level: $0.element, value: UInt8(16 + 43 * $0.offset)) }
        return (ramp + cube).sorted { $0.level < $1.level }
    }()

    /// `greyStep[value << 4 | threshold]`: the palette index a grey of `value` takes.
    static let greyStep: [UInt8] = steps(between: greyLadder)

    /// A colour whose channels lie closer together than this is dithered among the 30 greys
    /// (steps of 10 or less) rather than in the cube (steps of 40 to 95): half the cube's
    /// smallest step. A hint of tint is lost; a shadow or an overcast sky stays smooth.
    static let greySpread = 20

    /// The 256-colour index of `pixel` at `threshold`: each channel dithered between the two
    /// cube levels around it (so a cube colour is exactly its index), or, for a colour close
    /// to grey, its brightness (Rec. 601) between the two greys around it.
    @inline(__always)
    static func indexed256(_ pixel: Bitmap.Pixel, threshold: Int) -> UInt8 {
        let (r, g, b) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        if max(r, g, b) - min(r, g, b) < greySpread {
            return greyStep[pixel.luma << 4 | threshold]
        }
        return 16 + 36 * cubeStep[r << 4 | threshold] + 6 * cubeStep[g << 4 | threshold] + cubeStep[b << 4 | threshold]
    }

    /// For each value 0…255 and threshold 0…15 (`value << 4 | threshold`), the `value` of the
    /// ladder's rung it takes: the rung at or below it, or the next one up (``takesUpper(_:of:threshold:)``).
    private static func steps(between ladder: [(level: Int, value: UInt8)]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256 * 16)
        var rung = 0
        for value in 0 ... 255 {
            while rung + 1 < ladder.count, ladder[rung + 1].level <= value { rung += 1 }
            for threshold in 0 ..< 16 {
                let upper = rung + 1 < ladder.count
                    && takesUpper(value - ladder[rung].level, of: ladder[rung + 1].level - ladder[rung].level, threshold: threshold)
                table[value << 4 | threshold] = ladder[upper ? rung + 1 : rung].value
            }
        }
        return table
    }

    // MARK: 16 colours

    /// xterm's default shades of the 16 ANSI colours: what the terminal backend assumes too.
    static let ansiPalette: [(red: Int, green: Int, blue: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The 16 colours lie too far apart and too unevenly for a dither per channel, so each
    /// colour is a mix of two of them (after Yliluoma's first algorithm): the nearest one, and
    /// the partner that mixed with it comes closest, plus a little for the noise the mix makes
    /// (the mix's variance, a(1−a)·distance², times ``mixNoiseWeight``), so that of two mixes
    /// as right the quieter wins — a grey mixes black with grey, not black with white. No
    /// partner (the nearest alone) when none helps. `ansiPairs` holds the pair for each box of
    /// 8×8×8 colours, by its centre (index `r >> 3 << 10 | g >> 3 << 5 | b >> 3`), the nearest
    /// in the high four bits; how far along the pair a pixel lies is worked out for the pixel
    /// itself, so that gradients stay smooth within a box. Made on first use (32 KB).
    static let ansiPairs: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 1 << 15)
        for index in 0 ..< 1 << 15 {
            let colour = ((index >> 10) << 3 | 4, ((index >> 5) & 31) << 3 | 4, (index & 31) << 3 | 4)
            let nearest = nearestANSI(colour)
            let base = ansiPalette[nearest]
            let (wr, wg, wb) = (512 + colour.0, 1024, 767 - colour.0)
            let (er, eg, eb) = (colour.0 - base.red, colour.1 - base.green, colour.2 - base.blue)
            var partner = nearest
            var best = Double(wr * er * er + wg * eg * eg + wb * eb * eb)
            for candidate in 0 ..< 16 where candidate != nearest {
                let (dr, dg, db) = (ansiPalette[candidate].red - base.red, ansiPalette[candidate].green - base.green,
                                    ansiPalette[candidate].blue - base.blue)
                let length = Double(wr * dr * dr + wg * dg * dg + wb * db * db)
                let along = min(1, max(0, Double(wr * er * dr + wg * eg * dg + wb * eb * db) / length))
                let (mr, mg, mb) = (Double(er) - along * Double(dr), Double(eg) - along * Double(dg), Double(eb) - along * Double(db))
                let miss = Double(wr) * mr * mr + Double(wg) * mg * mg + Double(wb) * mb * mb
                let score = miss + mixNoiseWeight * along * (1 - along) * length
                if score < best {
                    best = score
                    partner = candidate
                }
            }
            table[index] = UInt8(nearest << 4 | partner)
        }
        return table
    }()

    /// How much a mix's noise counts against it when a pair is chosen, beside how far the mix
    /// misses the colour: enough to prefer near partners, little enough that greys keep their
    /// brightness (a 4×4 patch of any grey within 8 of it, where 0.1 leaves some 15 off and
    /// the nearest colour up to 63).
    static let mixNoiseWeight = 0.03

    /// The ANSI colour (0–15) of `pixel` at `threshold`: its pair's partner when the pixel lies
    /// far enough along the line from the nearest colour to the partner (the same weights as
    /// the pair's choice), else the nearest. A pixel of the palette is exactly that colour.
    @inline(__always)
    static func ansi16(_ pixel: Bitmap.Pixel, threshold: Int) -> UInt8 {
        let (r, g, b) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        let pair = ansiPairs[(r >> 3) << 10 | (g >> 3) << 5 | b >> 3]
        let nearest = Int(pair >> 4), partner = Int(pair & 15)
        let base = ansiPalette[nearest], other = ansiPalette[partner]
        let (dr, dg, db) = (other.red - base.red, other.green - base.green, other.blue - base.blue)
        let (wr, wg, wb) = (512 + r, 1024, 767 - r)
        let along = wr * (r - base.red) * dr + wg * (g - base.green) * dg + wb * (b - base.blue) * db
        let length = wr * dr * dr + wg * dg * dg + wb * db * db
        guard along > 0, length > 0 else { return UInt8(nearest) }
        return UInt8(takesUpper(min(along, length), of: length, threshold: threshold) ? partner : nearest)
    }

    /// The nearest of the 16 colours by the "redmean" distance, as the terminal backend
    /// lowers an RGB colour at 16 colours undithered.
    static func nearestANSI(_ colour: (Int, Int, Int)) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, shade) in ansiPalette.enumerated() {
            let meanRed = (colour.0 + shade.red) / 2
            let (dr, dg, db) = (colour.0 - shade.red, colour.1 - shade.green, colour.2 - shade.blue)
            let distance = (512 + meanRed) * dr * dr + 1024 * dg * dg + (767 - meanRed) * db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}

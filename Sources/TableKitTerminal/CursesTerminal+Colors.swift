import TableKit

/// Lowers the colours the app asks for to palette indices a terminal can show.
///
/// Indices are what curses' `init_pair` takes: 0–255, or -1 for the terminal's own default
/// colour. Truecolor is drawn through the xterm-256 palette: ncurses 6.4 can only address 24-bit
/// colours through a `*-direct` terminfo entry, which few systems select, so an RGB colour becomes
/// the nearest entry of the 6×6×6 cube or the grey ramp (the way tmux does it). The 16 system
/// colours are never chosen for RGB at 256 colours: themes redefine them.
enum ColorLowering {
    /// The palette index for `color` at `depth`; -1 means the terminal's default colour.
    ///
    /// - `.terminalDefault`, and every colour at `.none`: -1.
    /// - `.ansi(n)`: n (0–15) at any depth with colour.
    /// - `.indexed(n)`: n at 256 colours and up; the nearest of the 16 ANSI colours below that.
    /// - `.rgb`: the nearest xterm-256 colour at 256 colours and up (truecolor included);
    ///   the nearest of the 16 ANSI colours (xterm's default shades, by perceived distance)
    ///   at `.ansi16`.
    static func lower(_ color: Color, to depth: ColorDepth) -> Int16 {
        guard depth != .none else { return -1 }
        switch color {
        case .terminalDefault:
            return -1
        case .ansi(let n):
            return Int16(n % 16)
        case .indexed(let n):
            if depth >= .indexed256 || n < 16 { return Int16(n) }
            let (r, g, b) = rgb(ofIndexed: n)
            return nearestANSI(r, g, b, count: 16)
        case .rgb(let r, let g, let b):
            return depth >= .indexed256 ? nearestIndexed256(r, g, b) : nearestANSI(r, g, b, count: 16)
        }
    }

    /// The palette index for `color` on a terminal with `paletteSize` colours (curses' `COLORS`,
    /// capped at 256): what the backend draws with. 256 and 16 colours are ``lower(_:to:)``; with
    /// 8, RGB and indexed colours take the nearest of the 8, and a bright ANSI colour its normal
    /// shade, except bright black (a grey, often used for secondary text), which becomes white
    /// rather than vanish on a black background. Fewer than 8: -1.
    static func lower(_ color: Color, paletteSize: Int) -> Int16 {
        if paletteSize >= 256 { return lower(color, to: .indexed256) }
        if paletteSize >= 16 { return lower(color, to: .ansi16) }
        guard paletteSize >= 8 else { return -1 }
        switch color {
        case .terminalDefault:
            return -1
        case .ansi(let n):
            return normalShade(of: n % 16)
        case .indexed(let n):
            if n < 16 { return normalShade(of: n) }
            let (r, g, b) = rgb(ofIndexed: n)
            return nearestANSI(r, g, b, count: 8)
        case .rgb(let r, let g, let b):
            return nearestANSI(r, g, b, count: 8)
        }
    }

    /// The colour value for `color` on a direct-colour terminal (a `*-direct` terminfo entry,
    /// `colors#0x1000000`): -1 for the default, 0–7 for the first eight ANSI colours (which such
    /// entries still send as palette colours), and `r << 16 | g << 8 | b` for the rest. An RGB
    /// value that would fall below 8 is raised to 8, a blue one step brighter, so that it is not
    /// taken for an ANSI colour.
    static func directValue(_ color: Color) -> Int32 {
        func packed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
            max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
        switch color {
        case .terminalDefault:
            return -1
        case .ansi(let n):
            if n % 16 < 8 { return Int32(n % 16) }
            let (r, g, b) = ansiPalette[Int(n % 16)]
            return packed(UInt8(r), UInt8(g), UInt8(b))
        case .indexed(let n):
            if n < 8 { return Int32(n) }
            let (r, g, b) = rgb(ofIndexed: n)
            return packed(r, g, b)
        case .rgb(let r, let g, let b):
            return packed(r, g, b)
        }
    }

    /// The colour value `color` is drawn with on a terminal of `paletteSize` colours: a
    /// palette index (``lower(_:paletteSize:)``), or with direct colour (a palette of 2²⁴ and
    /// more) the value itself (``directValue(_:)``).
    static func value(_ color: Color, paletteSize: Int) -> Int32 {
        paletteSize >= directColorThreshold ? directValue(color) : Int32(lower(color, paletteSize: paletteSize))
    }

    /// The number of colours from which terminfo means direct colour: 2²⁴.
    static let directColorThreshold = 1 << 24

    // ANSI colour 0–15 on an 8-colour terminal.
    private static func normalShade(of n: UInt8) -> Int16 {
        n < 8 ? Int16(n) : n == 8 ? 7 : Int16(n - 8)
    }

    /// The six levels of each channel in the xterm colour cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default shades of the 16 ANSI colours.
    static let ansiPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearest colour of the cube (16–231) or the grey ramp (232–255).
    static func nearestIndexed256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int16 {
        let (r, g, b) = (Int(r), Int(g), Int(b))
        func cubeIndex(_ value: Int) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeColor = 16 + 36 * ri + 6 * gi + bi
        if cube == (r, g, b) { return Int16(cubeColor) }

        let average = (r + g + b) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        let cubeDistance = distance((r, g, b), cube)
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        return Int16(greyDistance < cubeDistance ? 232 + greyIndex : cubeColor)
    }

    /// The nearest of the first `count` (8 or 16) ANSI colours, as xterm shows them by default.
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int = 16) -> Int16 {
        let target = (Int(r), Int(g), Int(b))
        var best = 0
        var bestDistance = Int.max
        for (index, shade) in ansiPalette.prefix(count).enumerated() {
            let d = perceptualDistance(target, shade)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return Int16(best)
    }

    /// The RGB value xterm gives palette index `n`.
    static func rgb(ofIndexed n: UInt8) -> (UInt8, UInt8, UInt8) {
        let n = Int(n)
        let value: (Int, Int, Int)
        if n < 16 {
            value = ansiPalette[n]
        } else if n < 232 {
            let c = n - 16
            value = (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
        } else {
            let grey = 8 + 10 * (n - 232)
            value = (grey, grey, grey)
        }
        return (UInt8(value.0), UInt8(value.1), UInt8(value.2))
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }

    // The "redmean" weighting: close to how far apart two colours look, and much better than
    // plain RGB distance among 16 far-apart colours (iOS blue becomes blue, not cyan).
    // Scaled by 256 to stay in integers.
    private static func perceptualDistance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let meanRed = (a.0 + b.0) / 2
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return (512 + meanRed) * dr * dr + 1024 * dg * dg + (767 - meanRed) * db * db
    }
}

/// Colour pairs allocated on demand, one per (foreground, background) the app has drawn with.
///
/// Pair 0 is the terminal's default pair and is never allocated. When the terminal's pairs run
/// out, further combinations get pair 0: the text stays readable, only its colour is lost.
struct ColorPairCache {
    private struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    private var pairs: [Key: Int16] = [:]
    private var nextPair: Int16 = 1
    /// How many pairs may be allocated (pairs 1…capacity).
    let capacity: Int

    /// A cache for a terminal with `colorPairs` pairs (curses' `COLOR_PAIRS`). `init_pair` takes
    /// a `short`, so at most 32,766 are used.
    init(colorPairs: Int) {
        capacity = max(0, min(colorPairs, Int(Int16.max)) - 1)
    }

    /// The pair for `foreground` on `background` (palette indices or direct colour values, -1
    /// for default), calling `initialize(pair, foreground, background)` the first time a
    /// combination is seen. `initialize` returns whether the terminal accepted the pair; if
    /// not, pair 0 is used.
    mutating func pair(
        foreground: Int32,
        background: Int32,
        initialize: (Int16, Int32, Int32) -> Bool
    ) -> Int16 {
        if foreground == -1 && background == -1 { return 0 }
        let key = Key(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard Int(nextPair) <= capacity else {
            pairs[key] = 0
            return 0
        }
        let pair = nextPair
        let accepted = initialize(pair, foreground, background)
        if accepted { nextPair += 1 }
        pairs[key] = accepted ? pair : 0
        return accepted ? pair : 0
    }

    /// How many pairs have been allocated.
    var count: Int { Int(nextPair) - 1 }
}

import Testing
import TableKit
@testable import TUI
@testable import TableKitTerminal

/// Colour lowering, the pair cache and the colour depth chosen from the environment: the parts
/// of the curses backend's colour handling that need no terminal.
@MainActor
@Suite("Colour mapping")
struct ColorMappingTests {
    typealias Depth = ColorDepth

    @Test("the terminal's default colour is -1 at every depth")
    func terminalDefault() {
        for depth in [Depth.none, .ansi16, .indexed256, .trueColor] {
            #expect(ColorLowering.lower(.terminalDefault, to: depth) == -1)
        }
    }

    @Test("no colour lowers everything to -1")
    func noColor() {
        for color in [Color.ansi(1), .indexed(196), .rgb(255, 0, 0), .slateBlue] {
            #expect(ColorLowering.lower(color, to: .none) == -1)
        }
    }

    @Test("ANSI colours keep their index at every depth with colour")
    func ansi() {
        for depth in [Depth.ansi16, .indexed256, .trueColor] {
            for n: UInt8 in [0, 7, 8, 15] {
                #expect(ColorLowering.lower(.ansi(n), to: depth) == Int16(n))
            }
        }
    }

    @Test("indexed colours keep their index at 256 colours, and go to the nearest ANSI colour below")
    func indexed() {
        #expect(ColorLowering.lower(.indexed(196), to: .indexed256) == 196)
        #expect(ColorLowering.lower(.indexed(24), to: .trueColor) == 24)
        #expect(ColorLowering.lower(.indexed(196), to: .ansi16) == 9)  // (255, 0, 0): bright red
        #expect(ColorLowering.lower(.indexed(21), to: .ansi16) == 4)  // (0, 0, 255): xterm's blue is (0, 0, 238)
        #expect(ColorLowering.lower(.indexed(232), to: .ansi16) == 0)  // (8, 8, 8): black
        #expect(ColorLowering.lower(.indexed(5), to: .ansi16) == 5)
    }

    @Test("RGB on the cube lands exactly", arguments: [
        (UInt8(0), UInt8(0), UInt8(0), Int16(16)),
        (255, 255, 255, 231),
        (255, 0, 0, 196),
        (95, 135, 175, 67),
        (0, 95, 135, 24),
    ])
    func cubeExact(r: UInt8, g: UInt8, b: UInt8, index: Int16) {
        #expect(ColorLowering.lower(.rgb(r, g, b), to: .indexed256) == index)
        #expect(ColorLowering.lower(.rgb(r, g, b), to: .trueColor) == index)
    }

    @Test("greys go to the grey ramp when it is nearer than the cube")
    func greys() {
        #expect(ColorLowering.lower(.rgb(128, 128, 128), to: .indexed256) == 244)
        #expect(ColorLowering.lower(.rgb(8, 8, 8), to: .indexed256) == 232)
        #expect(ColorLowering.lower(.rgb(238, 238, 238), to: .indexed256) == 255)
        #expect(ColorLowering.lower(.secondary, to: .indexed256) == 246)
    }

    @Test("the iOS colours at 256 colours")
    func iosColorsAt256() {
        #expect(ColorLowering.lower(.slateBlue, to: .indexed256) == 60)
        #expect(ColorLowering.lower(.tint, to: .indexed256) == 33)
        #expect(ColorLowering.lower(.destructive, to: .indexed256) == 203)
    }

    @Test("the iOS colours at 16 colours keep their hue")
    func iosColorsAt16() {
        #expect(ColorLowering.lower(.tint, to: .ansi16) == 12)
        #expect(ColorLowering.lower(.destructive, to: .ansi16) == 9)
        #expect(ColorLowering.lower(.secondary, to: .ansi16) == 8)
        #expect(ColorLowering.lower(.rgb(0, 200, 0), to: .ansi16) == 2)
    }

    @Test("at 8 colours, bright colours take their normal shade and grey becomes white")
    func eightColors() {
        #expect(ColorLowering.lower(.ansi(9), paletteSize: 8) == 1)
        #expect(ColorLowering.lower(.ansi(8), paletteSize: 8) == 7)
        #expect(ColorLowering.lower(.ansi(3), paletteSize: 8) == 3)
        #expect(ColorLowering.lower(.indexed(12), paletteSize: 8) == 4)
        #expect(ColorLowering.lower(.destructive, paletteSize: 8) == 1)
        #expect(ColorLowering.lower(.secondary, paletteSize: 8) == 7)
        #expect(ColorLowering.lower(.terminalDefault, paletteSize: 8) == -1)
        for n in 0...255 {
            let lowered = ColorLowering.lower(.indexed(UInt8(n)), paletteSize: 8)
            #expect((0..<8).contains(lowered))
        }
    }

    @Test("palette sizes pick the matching depth; below 8 there is no colour")
    func paletteSizes() {
        #expect(ColorLowering.lower(.slateBlue, paletteSize: 256) == 60)
        #expect(ColorLowering.lower(.slateBlue, paletteSize: 16) == 8)
        #expect(ColorLowering.lower(.slateBlue, paletteSize: 0) == -1)
    }

    @Test("every palette index round-trips through its RGB value at 256 colours")
    func roundTrip() {
        for n in 16...255 {
            let (r, g, b) = ColorLowering.rgb(ofIndexed: UInt8(n))
            #expect(ColorLowering.nearestIndexed256(r, g, b) == Int16(n))
        }
    }

    @Test("colour depth from the environment and terminfo")
    func colorDepth() {
        func depth(_ env: [String: String], colors: Int = 256, has: Bool = true) -> Depth {
            CursesTerminal.colorDepth(environment: env, hasColors: has, colors: colors)
        }
        #expect(depth([:]) == .indexed256)
        // COLORTERM cannot send what terminfo cannot: 256 colours, and Settings says why.
        #expect(depth(["COLORTERM": "truecolor"]) == .indexed256)
        #expect(CursesTerminal.withholdsTrueColor(environment: ["COLORTERM": "truecolor"], depth: .indexed256))
        #expect(CursesTerminal.withholdsTrueColor(environment: ["COLORTERM": "24bit"], depth: .ansi16))
        #expect(!CursesTerminal.withholdsTrueColor(environment: [:], depth: .indexed256))
        #expect(!CursesTerminal.withholdsTrueColor(environment: ["COLORTERM": "truecolor"], depth: .trueColor))
        // A -direct entry: true colour, sent as 24-bit values.
        #expect(depth([:], colors: 1 << 24) == .trueColor)
        #expect(ColorLowering.directValue(.rgb(10, 20, 30)) == 10 << 16 | 20 << 8 | 30)
        #expect(ColorLowering.directValue(.ansi(3)) == 3)
        #expect(ColorLowering.directValue(.ansi(9)) == 255 << 16)
        #expect(ColorLowering.directValue(.rgb(0, 0, 2)) == 8)
        #expect(ColorLowering.directValue(.terminalDefault) == -1)
        #expect(depth(["COLORTERM": "truecolor"], colors: 8) == .ansi16)
        #expect(depth(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(depth(["NO_COLOR": ""]) == .indexed256)  // set but empty: ignored, per no-color.org
        #expect(depth([:], colors: 16) == .ansi16)
        #expect(depth([:], colors: 8) == .ansi16)
        #expect(depth([:], colors: 2) == .none)
        #expect(depth([:], has: false) == .none)
        #expect(depth([:], colors: -1) == .none)  // terminfo has no colors capability
    }

    @Test("pairs are allocated once per combination, from 1")
    func pairAllocation() {
        var cache = ColorPairCache(colorPairs: 256)
        var calls: [(Int16, Int32, Int32)] = []
        let record: (Int16, Int32, Int32) -> Bool = { calls.append(($0, $1, $2)); return true }
        #expect(cache.pair(foreground: -1, background: -1, initialize: record) == 0)
        #expect(cache.pair(foreground: 60, background: -1, initialize: record) == 1)
        #expect(cache.pair(foreground: -1, background: 24, initialize: record) == 2)
        #expect(cache.pair(foreground: 60, background: -1, initialize: record) == 1)
        #expect(calls.count == 2)
        #expect(calls.first.map { [Int32($0.0), $0.1, $0.2] } == [1, 60, -1])
        #expect(cache.count == 2)
    }

    @Test("when pairs run out, or the terminal refuses one, pair 0 is used")
    func pairExhaustion() {
        var cache = ColorPairCache(colorPairs: 3)  // pairs 1 and 2
        #expect(cache.capacity == 2)
        #expect(cache.pair(foreground: 1, background: -1) { _, _, _ in true } == 1)
        #expect(cache.pair(foreground: 2, background: -1) { _, _, _ in false } == 0)
        #expect(cache.pair(foreground: 3, background: -1) { _, _, _ in true } == 2)
        #expect(cache.pair(foreground: 4, background: -1) { _, _, _ in true } == 0)
        #expect(cache.pair(foreground: 1, background: -1) { _, _, _ in true } == 1)

        var none = ColorPairCache(colorPairs: 0)
        #expect(none.pair(foreground: 1, background: 2) { _, _, _ in true } == 0)
        #expect(ColorPairCache(colorPairs: 65_536).capacity == 32_766)
    }
}

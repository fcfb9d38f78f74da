import TableKit
import TableKitTestSupport
import Testing

/// Images in cells, two pixels to a cell: the frames of a small known image, in half blocks
/// and in the ASCII brightness ramp, clipped; and in each colour depth, dithered at 256 and 16
/// colours and in shades without colour.
@Suite("Half blocks: a bitmap drawn two pixels to a cell")
struct HalfBlockTests {
    private static func pixel(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bitmap.Pixel { Bitmap.Pixel(red: red, green: green, blue: blue) }

    /// Red green blue / white black grey / yellow cyan magenta.
    static let image = Bitmap(width: 3, height: 3, pixels: [
        pixel(255, 0, 0), pixel(0, 255, 0), pixel(0, 0, 255),
        pixel(255, 255, 255), pixel(0, 0, 0), pixel(128, 128, 128),
        pixel(255, 255, 0), pixel(0, 255, 255), pixel(255, 0, 255),
    ])!

    @Test func eachCellIsTheUpperPixelOnTheLower() {
        var canvas = Canvas(size: Size(width: 6, height: 4))
        canvas.drawHalfBlocks(Self.image, at: Point(x: 1, y: 1))
        #expect(canvas.lines == ["      ", " ▀▀▀  ", " ▀▀▀  ", "      "])
        #expect(canvas[1, 1].style == Style(foreground: .rgb(255, 0, 0), background: .rgb(255, 255, 255)))
        #expect(canvas[2, 1].style == Style(foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 0)))
        #expect(canvas[3, 1].style == Style(foreground: .rgb(0, 0, 255), background: .rgb(128, 128, 128)))
        #expect(canvas[1, 2].style == Style(foreground: .rgb(255, 255, 0)), "an odd last row: the lower half is the terminal's own")
        #expect(canvas[3, 2].style == Style(foreground: .rgb(255, 0, 255)))
    }

    @Test func asciiDrawsTheBrightnessOfEachPairInItsMeanColour() {
        var canvas = Canvas(size: Size(width: 6, height: 4))
        canvas.drawHalfBlocks(Self.image, at: Point(x: 1, y: 1), glyphs: .ascii)
        #expect(canvas.lines == ["      ", " +::  ", " #*-  ", "      "])
        #expect(canvas[1, 1].style == Style(foreground: .rgb(255, 127, 127)))
    }

    @Test(arguments: [Rect(x: 0, y: 0, width: 3, height: 4), Rect(x: 2, y: 2, width: 4, height: 2)])
    func nothingIsDrawnOutsideTheClip(clip: Rect) {
        var canvas = Canvas(size: Size(width: 6, height: 4))
        canvas.drawHalfBlocks(Self.image, at: Point(x: 1, y: 1), clip: clip)
        for y in 0 ..< 4 {
            for x in 0 ..< 6 {
                let inside = clip.contains(Point(x: x, y: y)) && (1 ... 3).contains(x) && (1 ... 2).contains(y)
                #expect((canvas[x, y].grapheme == "▀") == inside, "(\(x), \(y))")
            }
        }
        // Partly off the canvas: no crash, only what shows.
        var small = Canvas(size: Size(width: 2, height: 1))
        small.drawHalfBlocks(Self.image, at: Point(x: -1, y: 0))
        #expect(small.lines == ["▀▀"] && small[0, 0].style.foreground == .rgb(0, 255, 0))
    }

    // MARK: Colour depths

    /// A `width` × `height` image of one colour.
    private static func plain(_ pixel: Bitmap.Pixel, width: Int = 4, height: Int = 4) -> Bitmap {
        Bitmap(width: width, height: height, pixels: Array(repeating: pixel, count: width * height))!
    }

    /// `bitmap` drawn at the top left of a canvas its size.
    private static func halfBlocks(_ bitmap: Bitmap, glyphs: Glyphs = .unicode, depth: ColorDepth) -> Canvas {
        var canvas = Canvas(size: Size(width: bitmap.width, height: (bitmap.height + 1) / 2))
        canvas.drawHalfBlocks(bitmap, at: .zero, glyphs: glyphs, colorDepth: depth)
        return canvas
    }

    /// Every colour drawn for `bitmap` (foregrounds and backgrounds of its half blocks).
    private static func colours(_ bitmap: Bitmap, depth: ColorDepth) -> [Color] {
        var canvas = Canvas(size: Size(width: bitmap.width, height: (bitmap.height + 1) / 2))
        canvas.drawHalfBlocks(bitmap, at: .zero, colorDepth: depth)
        return canvas.cells.flatMap { [$0.style.foreground, $0.style.background] }
    }

    /// xterm's RGB for a 256-colour index of the cube or the grey ramp.
    private static func rgb(ofIndexed n: Int) -> (Int, Int, Int) {
        let levels = [0, 95, 135, 175, 215, 255]
        if n >= 232 { return (8 + 10 * (n - 232), 8 + 10 * (n - 232), 8 + 10 * (n - 232)) }
        return (levels[(n - 16) / 36], levels[(n - 16) / 6 % 6], levels[(n - 16) % 6])
    }

    /// xterm's 16 ANSI colours.
    private static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    @Test func trueColourIsTheDefaultAndDrawsEachPixelAsItIs() {
        var byDefault = Canvas(size: Size(width: 3, height: 2)), explicit = byDefault
        byDefault.drawHalfBlocks(Self.image, at: .zero)
        explicit.drawHalfBlocks(Self.image, at: .zero, colorDepth: .trueColor)
        #expect(byDefault == explicit)
        expectFrame(Self.halfBlocks(Self.image, depth: .trueColor), equals: [
            "«fg=#ff0000 bg=#ffffff|▀»«fg=#00ff00 bg=#000000|▀»«fg=#0000ff bg=#808080|▀»",
            "«fg=#ffff00|▀»«fg=#00ffff|▀»«fg=#ff00ff|▀»",
        ], styled: true)
        #expect(RenderContext().colorDepth == .trueColor)
    }

    @Test func at256ColoursAColourOfThePaletteIsExactlyItsIndex() {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for (r, red) in levels.enumerated() {
            for (g, green) in levels.enumerated() {
                for (b, blue) in levels.enumerated() {
                    let index = UInt8(16 + 36 * r + 6 * g + b)
                    #expect(Self.colours(Self.plain(Self.pixel(red, green, blue)), depth: .indexed256).allSatisfy { $0 == .indexed(index) },
                            "no dither noise on cube colour \(index)")
                }
            }
        }
        for step in 0 ..< 24 {
            let grey = UInt8(8 + 10 * step)
            #expect(Self.colours(Self.plain(Self.pixel(grey, grey, grey)), depth: .indexed256).allSatisfy { $0 == .indexed(UInt8(232 + step)) })
        }
    }

    /// A patch of one colour between two that a depth has, and the frame it dithers to: the
    /// nearer colour at as many of the 16 places of the Bayer pattern as it is near, each row
    /// of the pattern a pixel row.
    struct Dither: Sendable, CustomTestStringConvertible {
        var why: String
        var pixel: Bitmap.Pixel
        var height = 4
        var depth: ColorDepth
        var frame: [String]
        var testDescription: String { why }
    }

    static let dithers: [Dither] = [
        Dither(why: "256 colours: grey 121 lies 3/10 of the way from 118 (243) to 128 (244): the upper grey at the 5 of 16 places whose threshold is 0…4",
               pixel: pixel(121, 121, 121), depth: .indexed256, frame: [
                   "«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx244|▀»«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx243|▀»",
                   "«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx243|▀»«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx243|▀»",
               ]),
        Dither(why: "256 colours, an odd last row: its lower halves the terminal's own, its pattern the image's",
               pixel: pixel(121, 121, 121), height: 3, depth: .indexed256, frame: [
                   "«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx244|▀»«fg=idx244 bg=idx243|▀»«fg=idx243 bg=idx243|▀»",
                   "«fg=idx244|▀»«fg=idx243|▀»«fg=idx244|▀»«fg=idx243|▀»",
               ]),
        Dither(why: "256 colours: green 115 is half way from 95 to 135, (5, 2, 0) = 208 at thresholds 0…7, else (5, 1, 0) = 202; red and blue are cube levels and stay",
               pixel: pixel(255, 115, 0), depth: .indexed256, frame: [
                   "«fg=idx208 bg=idx202|▀»«fg=idx202 bg=idx208|▀»«fg=idx208 bg=idx202|▀»«fg=idx202 bg=idx208|▀»",
                   "«fg=idx208 bg=idx202|▀»«fg=idx202 bg=idx208|▀»«fg=idx208 bg=idx202|▀»«fg=idx202 bg=idx208|▀»",
               ]),
        Dither(why: "16 colours: grey 64 is half way from black to bright black (127), black at thresholds 0…7",
               pixel: pixel(64, 64, 64), depth: .ansi16, frame: [
                   "«fg=ansi0 bg=ansi8|▀»«fg=ansi8 bg=ansi0|▀»«fg=ansi0 bg=ansi8|▀»«fg=ansi8 bg=ansi0|▀»",
                   "«fg=ansi0 bg=ansi8|▀»«fg=ansi8 bg=ansi0|▀»«fg=ansi0 bg=ansi8|▀»«fg=ansi8 bg=ansi0|▀»",
               ]),
        Dither(why: "16 colours: dark red (128, 0, 0) is 77/205 of the way from red (205, 0, 0) to black, black at the 6 thresholds 0…5 and red elsewhere, not the nearest colour everywhere",
               pixel: pixel(128, 0, 0), depth: .ansi16, frame: [
                   "«fg=ansi0 bg=ansi1|▀»«fg=ansi1 bg=ansi0|▀»«fg=ansi0 bg=ansi1|▀»«fg=ansi1 bg=ansi1|▀»",
                   "«fg=ansi0 bg=ansi1|▀»«fg=ansi1 bg=ansi1|▀»«fg=ansi0 bg=ansi1|▀»«fg=ansi1 bg=ansi0|▀»",
               ]),
    ]

    @Test("a colour between two of the depth's dithers in the Bayer pattern", arguments: dithers)
    func aColourBetweenTwoDithersInTheBayerPattern(_ dither: Dither) {
        expectFrame(Self.halfBlocks(Self.plain(dither.pixel, height: dither.height), depth: dither.depth), equals: dither.frame, styled: true)
    }

    @Test func at256ColoursA4x4PatchMixesToTheColourItDraws() {
        // Every value of a channel, and every grey: the 16 pixels of a 4×4 patch average to
        // the colour within a sixteenth of the step around it (95 in the cube, 17 among the
        // greys); rounding to the nearest would miss by up to half a step.
        for value in 0 ... 255 {
            let channel = Self.colours(Self.plain(Self.pixel(UInt8(value), 0, 255)), depth: .indexed256)
            let grey = Self.colours(Self.plain(Self.pixel(UInt8(value), UInt8(value), UInt8(value))), depth: .indexed256)
            func mean(_ colours: [Color]) -> Double {
                let reds = colours.map { colour -> Int in
                    guard case .indexed(let n) = colour else { return -1000 }
                    return Self.rgb(ofIndexed: Int(n)).0
                }
                return Double(reds.reduce(0, +)) / Double(reds.count)
            }
            #expect(abs(mean(channel) - Double(value)) <= 95.0 / 16, "red \(value)")
            #expect(abs(mean(grey) - Double(value)) <= 17.0 / 16, "grey \(value)")
        }
    }

    @Test func at16ColoursEachANSIColourIsExactlyItself() {
        for (n, (r, g, b)) in Self.ansi.enumerated() {
            #expect(Self.colours(Self.plain(Self.pixel(UInt8(r), UInt8(g), UInt8(b))), depth: .ansi16).allSatisfy { $0 == .ansi(UInt8(n)) },
                    "ANSI \(n)")
        }
    }

    @Test func at16ColoursA4x4PatchOfGreyMixesToItsBrightness() {
        // The four greys of the 16 (0, 127, 229, 255) are up to 127 apart: a patch's mean
        // brightness is within a sixteenth of that of the grey it draws.
        for value in 0 ... 255 {
            let colours = Self.colours(Self.plain(Self.pixel(UInt8(value), UInt8(value), UInt8(value))), depth: .ansi16)
            let lumas = colours.map { colour -> Int in
                guard case .ansi(let n) = colour else { return -1000 }
                let (r, g, b) = Self.ansi[Int(n)]
                return (299 * r + 587 * g + 114 * b) / 1000
            }
            #expect(abs(Double(lumas.reduce(0, +)) / Double(lumas.count) - Double(value)) <= 127.0 / 16, "grey \(value)")
        }
    }

    /// Black to white in five steps over two rows, then a row of red (brightness 76) alone.
    static let shades = Bitmap(width: 5, height: 3, pixels: [0, 64, 128, 192, 255, 0, 64, 128, 192, 255].map { pixel($0, $0, $0) }
        + Array(repeating: pixel(255, 0, 0), count: 5))!

    @Test func withoutColourTheShadeBlocksInTheTerminalsOwnStyle() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.drawHalfBlocks(Self.shades, at: Point(x: 1, y: 1), colorDepth: .none)
        #expect(canvas.lines == ["      ", "  ░▒▓█", " ░░░░░"])
        #expect(canvas.cells.allSatisfy { $0.style == .plain }, "no colour at all")
    }

    @Test(arguments: [ColorDepth.none, .ansi16, .indexed256, .trueColor])
    func asciiDrawsTheBrightnessRampAtEveryDepth(depth: ColorDepth) {
        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.drawHalfBlocks(Self.shades, at: .zero, glyphs: .ascii, colorDepth: depth)
        #expect(canvas.lines == [" :=*@", ":::::"])
        let red = canvas[0, 1].style.foreground
        switch depth {
        case .none: #expect(canvas.cells.allSatisfy { $0.style == .plain })
        case .ansi16: #expect(red == .ansi(9))
        case .indexed256: #expect(red == .indexed(196))
        case .trueColor: #expect(red == .rgb(255, 0, 0))
        }
    }

    @Test func asciiDithersEachCellAtItsColumnAndPairOfRows() {
        // Eight rows of grey 121 are four lines of cells, each the pattern's row of its line.
        expectFrame(Self.halfBlocks(Self.plain(Self.pixel(121, 121, 121), height: 8), glyphs: .ascii, depth: .indexed256), equals: [
            "«fg=idx244|=»«fg=idx243|=»«fg=idx244|=»«fg=idx243|=»",
            "«fg=idx243|=»«fg=idx244|=»«fg=idx243|==»",
            "«fg=idx244|=»«fg=idx243|=»«fg=idx244|=»«fg=idx243|=»",
            "«fg=idx243|====»",
        ], styled: true)
        expectFrame(Self.halfBlocks(Self.plain(Self.pixel(64, 64, 64), height: 4), glyphs: .ascii, depth: .ansi16), equals: [
            "«fg=ansi0|:»«fg=ansi8|:»«fg=ansi0|:»«fg=ansi8|:»",
            "«fg=ansi8|:»«fg=ansi0|:»«fg=ansi8|:»«fg=ansi0|:»",
        ], styled: true)
    }

    @Test func thePatternBelongsToTheImageNotToTheScreen() {
        // Moved by a cell and partly clipped, the image draws the same cells where it shows.
        let image = Self.plain(Self.pixel(121, 121, 121), width: 6, height: 6)
        var still = Canvas(size: Size(width: 8, height: 4)), moved = still
        still.drawHalfBlocks(image, at: .zero, colorDepth: .indexed256)
        moved.drawHalfBlocks(image, at: Point(x: 1, y: 1), clip: Rect(x: 2, y: 1, width: 6, height: 3), colorDepth: .indexed256)
        for y in 1 ..< 4 {
            for x in 2 ..< 7 {
                #expect(moved[x, y] == still[x - 1, y - 1], "(\(x), \(y))")
            }
        }
        #expect(moved[1, 1] == .blank, "clipped")
    }

    @Test(arguments: [(ColorDepth.trueColor, "▀", Color.rgb(255, 255, 255)), (.indexed256, "▀", .indexed(231)), (.ansi16, "▀", .ansi(15)),
                      (.none, "█", .terminalDefault)])
    @MainActor
    func theRootHandsItsColourDepthToTheScreens(depth: ColorDepth, glyph: String, colour: Color) {
        let root = RootController(content: NavigationController(root: WhitePhotoScreen()), size: Size(width: 30, height: 8))
        let frame = root.render(context: RenderContext(colorDepth: depth))
        let photo = frame.cells.filter { $0.grapheme == glyph }
        #expect(photo.count == 2, "the header's two cells of white")
        #expect(photo.allSatisfy { $0.style.foreground == colour })
    }

    @Test func aBitmapNeedsAPixelForEachPlace() {
        #expect(Bitmap(width: 2, height: 2, pixels: [Self.pixel(0, 0, 0)]) == nil)
        #expect(Bitmap(width: 0, height: 0, pixels: []) != nil)
        #expect(Self.image[3, 0] == nil && Self.image[2, 2] == Self.pixel(255, 0, 255))
    }
}

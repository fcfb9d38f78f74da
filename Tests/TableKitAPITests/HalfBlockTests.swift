import TableKit
import Testing

/// Images in cells, two pixels to a cell: the frames of a small known image, in half blocks
/// and in the ASCII brightness ramp, clipped.
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

    @Test func aBitmapNeedsAPixelForEachPlace() {
        #expect(Bitmap(width: 2, height: 2, pixels: [Self.pixel(0, 0, 0)]) == nil)
        #expect(Bitmap(width: 0, height: 0, pixels: []) != nil)
        #expect(Self.image[3, 0] == nil && Self.image[2, 2] == Self.pixel(255, 0, 255))
    }
}

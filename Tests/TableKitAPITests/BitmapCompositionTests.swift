import Foundation
import TableKit
import Testing

/// Bitmaps placed, scaled and turned on a composition: the photo board's frame.
@Suite("BitmapComposition: placing, scaling and turning bitmaps")
struct BitmapCompositionTests {
    static let red = Bitmap.Pixel(red: 255, green: 0, blue: 0)
    static let blue = Bitmap.Pixel(red: 0, green: 0, blue: 255)
    static let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
    static let ground = Bitmap.Pixel(red: 10, green: 10, blue: 10)

    /// `width` × `height`, red on the left half and blue on the right.
    static func halves(width: Int, height: Int) -> Bitmap {
        Bitmap(width: width, height: height, pixels: (0 ..< width * height).map { $0 % width < width / 2 ? red : blue })!
    }

    /// The composition as rows of letters: R red, B blue, W white, . the ground, ? anything else.
    static func letters(_ bitmap: Bitmap) -> [String] {
        (0 ..< bitmap.height).map { y in
            String((0 ..< bitmap.width).map { x -> Character in
                switch bitmap[x, y] {
                case red?: "R"
                case blue?: "B"
                case white?: "W"
                case ground?: "."
                default: "?"
                }
            })
        }
    }

    @Test func anUnturnedBitmapAtScaleOneIsCopiedPixelForPixelWithItsBorder() {
        var composition = BitmapComposition(width: 8, height: 6, background: Self.ground)
        composition.draw(Self.halves(width: 4, height: 2), at: BitmapPlacement(centerX: 4, centerY: 2), border: 1)
        #expect(Self.letters(composition.bitmap) == [
            ".WWWWWW.",
            ".WRRBBW.",
            ".WRRBBW.",
            ".WWWWWW.",
            "........",
            "........",
        ])
    }

    @Test func aQuarterTurnClockwiseTakesTheLeftToTheTopAndTheOtherWayTheBottom() {
        var clockwise = BitmapComposition(width: 6, height: 6, background: Self.ground)
        clockwise.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 3, centerY: 3, rotation: .pi / 2))
        #expect(Self.letters(clockwise.bitmap) == ["......", ".RRRR.", ".RRRR.", ".BBBB.", ".BBBB.", "......"])
        var counter = BitmapComposition(width: 6, height: 6, background: Self.ground)
        counter.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 3, centerY: 3, rotation: -.pi / 2))
        #expect(Self.letters(counter.bitmap) == ["......", ".BBBB.", ".BBBB.", ".RRRR.", ".RRRR.", "......"])
        var half = BitmapComposition(width: 6, height: 6, background: Self.ground)
        half.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 3, centerY: 3, rotation: .pi))
        #expect(Self.letters(half.bitmap) == ["......", ".BBRR.", ".BBRR.", ".BBRR.", ".BBRR.", "......"])
    }

    @Test func scalingGrowsAndShrinksAboutTheCentreAndTheBorderStaysOnePixel() {
        var doubled = BitmapComposition(width: 10, height: 6, background: Self.ground)
        doubled.draw(Self.halves(width: 4, height: 2), at: BitmapPlacement(centerX: 5, centerY: 3, scale: 2), border: 1)
        #expect(Self.letters(doubled.bitmap) == [
            "WWWWWWWWWW",
            "WRRR??BBBW",
            "WRRR??BBBW",
            "WRRR??BBBW",
            "WRRR??BBBW",
            "WWWWWWWWWW",
        ], "the two pixels at the seam mix red and blue (bilinear)")
        var halved = BitmapComposition(width: 6, height: 4, background: Self.ground)
        halved.draw(Self.halves(width: 8, height: 4), at: BitmapPlacement(centerX: 3, centerY: 2, scale: 0.5))
        #expect(Self.letters(halved.bitmap) == ["......", ".RRBB.", ".RRBB.", "......"])
    }

    @Test func aTurnByAnyAngleMixesNeighbouringPixelsAndCoversWhatItsPlacementSays() {
        var composition = BitmapComposition(width: 20, height: 20, background: Self.ground)
        let placement = BitmapPlacement(centerX: 10, centerY: 10, scale: 1.5, rotation: 0.4)
        composition.draw(Self.halves(width: 8, height: 8), at: placement, border: 1)
        let bitmap = composition.bitmap
        var mixed = 0
        let box = placement.bounds(width: 8, height: 8, border: 1)
        for y in 0 ..< 20 {
            for x in 0 ..< 20 {
                let covered = placement.covers(x: x, y: y, width: 8, height: 8, border: 1)
                #expect((bitmap[x, y] != Self.ground) == covered, "(\(x), \(y))")
                if covered { #expect(x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY, "(\(x), \(y)) in its bounds") }
                if let pixel = bitmap[x, y], pixel.red > 0, pixel.blue > 0, pixel != Self.white { mixed += 1 }
            }
        }
        #expect(mixed > 0, "the seam between red and blue is resampled, not cut")
    }

    @Test func aPlacementOffTheCompositionOrNotFiniteDrawsNothing() {
        var composition = BitmapComposition(width: 4, height: 4, background: Self.ground)
        composition.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: -20, centerY: 2))
        composition.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: .nan, centerY: 2))
        composition.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 2, centerY: 2, scale: 0))
        #expect(BitmapPlacement(centerX: .infinity, centerY: .nan).bounds(width: 4, height: 4).minX == 1_000_000_000)
        #expect(Self.letters(composition.bitmap) == ["....", "....", "....", "...."])
        // A placement from a hand-edited file, absurd but finite: drawn as it says, no trap.
        var huge = BitmapComposition(width: 4, height: 4, background: Self.ground)
        huge.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 1e300, centerY: -1e300, scale: 1e300))
        huge.draw(Self.halves(width: 4, height: 4), at: BitmapPlacement(centerX: 2, centerY: 2, scale: 1e-300))
    }
}

import Foundation
import TableKit
import Testing
@testable import TUI

/// The photo board through its screen: mouse gestures and their keys, under a clock of the
/// test's own, and the layout kept in the state.
@MainActor
@Suite("Photo board: drag, fling, tap, double tap, long press, pinch and turn; keys; the layout kept")
struct PhotoBoardTests {
    /// A solid photo of 12 × 8 pixels.
    static func photo(_ name: String, _ colour: Bitmap.Pixel, latitude: Double, longitude: Double) -> DecodedPhoto {
        var facts = PhotoFacts.none
        facts.coordinate = PhotoCoordinate(latitude: latitude, longitude: longitude)
        facts.make = "Test"
        facts.model = "Test \(name)"
        return DecodedPhoto(name: name, title: name.capitalized, bitmap: Bitmap(width: 12, height: 8, pixels: Array(repeating: colour, count: 96))!,
                            facts: facts, exifProblem: nil)
    }

    static let photos = [
        photo("apple", Bitmap.Pixel(red: 200, green: 0, blue: 0), latitude: 46.02, longitude: 7.75),
        photo("berry", Bitmap.Pixel(red: 0, green: 0, blue: 200), latitude: 45.98, longitude: 7.66),
        photo("cherry", Bitmap.Pixel(red: 0, green: 200, blue: 0), latitude: -24.5, longitude: -69.25),
    ]

    /// A board of 60 × 20 cells with the three photos at scale 3 (12 × 8 pixels on the board,
    /// 12 columns by 4 lines), apart: apple at (10, 5), berry at (30, 5), cherry at (50, 12),
    /// cherry in front.
    @MainActor final class Harness {
        var clock = ContinuousClock.now
        let screen: PhotoBoardScreen
        let settings = AppSettings(store: nil)
        let area = Rect(origin: .zero, size: Size(width: 60, height: 20))

        init(layout: [String: PhotoPlacement]? = nil) {
            var state = AppState()
            state.photoLayout = layout ?? [
                "apple": PhotoPlacement(column: 10, line: 5, scale: 3, degrees: 0),
                "berry": PhotoPlacement(column: 30, line: 5, scale: 3, degrees: 0),
                "cherry": PhotoPlacement(column: 50, line: 12, scale: 3, degrees: 0),
            ]
            settings.update { $0 = state }
            screen = PhotoBoardScreen(settings: settings, load: { PhotoLoad(photos: [], errors: []) })
            screen.now = { [unowned self] in self.clock }
            screen.layout(for: area.size)
            screen.receive(PhotoLoad(photos: PhotoBoardTests.photos, errors: []))
        }

        func wait(_ milliseconds: Int) { clock += .milliseconds(milliseconds) }

        @discardableResult
        func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, modifiers: MouseEvent.Modifiers = [], after milliseconds: Int = 20) -> ScreenResponse {
            wait(milliseconds)
            return screen.handle(.mouse(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers)), area: area)
        }

        @discardableResult
        func key(_ key: Key, after milliseconds: Int = 20) -> ScreenResponse {
            wait(milliseconds)
            return screen.handle(.key(key), area: area)
        }

        /// Lets the arena hear the time, as the letter it posted would.
        @discardableResult
        func settle(after milliseconds: Int) -> ScreenResponse {
            wait(milliseconds)
            return screen.advanceGestures(to: clock)
        }

        func placement(_ name: String) -> BitmapPlacement? { screen.board?.item(named: name)?.placement }
        var order: [String] { screen.board?.items.map(\.photo.name) ?? [] }
        var saved: [String: PhotoPlacement] { settings.state.photoLayout ?? [:] }
    }

    @Test func aSlowDragMovesThePhotoByTheCellsDraggedAndKeepsItThere() {
        let board = Harness()
        board.mouse(.press, 10, 5)
        for step in 1 ... 5 { board.mouse(.drag, 10 + 2 * step, 5 + (step == 5 ? 2 : 0), after: 200) }
        board.mouse(.release, 20, 7, after: 300)
        #expect(board.placement("apple")?.centerX == 20, "ten columns across")
        #expect(board.placement("apple")?.centerY == 14, "two lines down: four pixels")
        #expect(board.order.last == "apple", "the dragged photo comes to the front")
        #expect(!board.screen.isGliding, "let go still: no glide")
        #expect(board.saved["apple"] == PhotoPlacement(column: 20, line: 7, scale: 3, degrees: 0))
        #expect(board.settings.state.photoOrder == ["berry", "cherry", "apple"])
        // The other photos did not move.
        #expect(board.placement("berry")?.centerX == 30 && board.placement("cherry")?.centerY == 24)
    }

    @Test func aDragThatStartsOffEveryPhotoMovesNothing() {
        let board = Harness()
        board.mouse(.press, 2, 18)
        board.mouse(.drag, 10, 18)
        board.mouse(.release, 10, 18)
        #expect(board.placement("apple")?.centerX == 10 && board.order == ["apple", "berry", "cherry"])
    }

    @Test func aFlingGlidesOnSlowingAndRestsWhereTheGlideEndsOrAtTheEdge() {
        let board = Harness()
        board.mouse(.press, 30, 5)
        board.mouse(.drag, 31, 5, after: 20)
        board.mouse(.drag, 32, 5, after: 20)
        board.mouse(.release, 32, 5, after: 10)
        #expect(board.screen.isGliding && board.screen.wantsTicks)
        let letGo = board.placement("berry")?.centerX ?? 0
        #expect(letGo == 32)
        var positions: [Double] = [letGo]
        for _ in 0 ..< 8 {
            board.wait(50)
            _ = board.screen.handle(.tick, area: board.area)
            positions.append(board.placement("berry")?.centerX ?? 0)
        }
        let steps = zip(positions, positions.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 > 0 }, "it glides on to the right: \(positions)")
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 < $0 }, "ever slower: \(steps)")
        board.wait(10_000)
        _ = board.screen.handle(.tick, area: board.area)
        #expect(!board.screen.isGliding)
        let rest = board.placement("berry")?.centerX ?? 0
        // 2 cells in the 50 ms from the press to the release: 40 cells a second. A glide at
        // 0.998 a millisecond goes v / ln(1/0.998) / 1000 ≈ 0.4995 v on, less the last half
        // cell below the resting speed: some 19.5 cells.
        #expect(rest > 32 + 19 && rest < 32 + 20, "\(rest)")
        #expect(board.saved["berry"]?.column == rest, "kept where it came to rest")
        // Twice as fast, it would go past the board's right edge: it stops there.
        board.mouse(.press, Int(rest), 5, after: 100)
        board.mouse(.drag, Int(rest) + 2, 5, after: 20)
        board.mouse(.drag, Int(rest) + 4, 5, after: 20)
        board.mouse(.release, Int(rest) + 4, 5, after: 10)
        board.wait(10_000)
        _ = board.screen.handle(.tick, area: board.area)
        #expect(board.placement("berry")?.centerX == 59)
        // A new press catches a glide where it is.
        board.mouse(.press, 10, 5, after: 100)
        board.mouse(.drag, 8, 5, after: 20)
        board.mouse(.drag, 6, 5, after: 20)
        board.mouse(.release, 6, 5, after: 10)
        board.wait(100)
        _ = board.screen.handle(.tick, area: board.area)
        let caught = board.placement("apple")?.centerX ?? 0
        #expect(caught < 6, "gliding left")
        board.mouse(.press, 0, 19, after: 1)
        #expect(!board.screen.isGliding && board.saved["apple"]?.column == caught, "caught and kept")
    }

    @Test func aTapBringsTheTappedPhotoToTheFrontOnceNoSecondTapCame() {
        let board = Harness(layout: [
            "apple": PhotoPlacement(column: 20, line: 8, scale: 3, degrees: 0),
            "berry": PhotoPlacement(column: 26, line: 8, scale: 3, degrees: 0),
            "cherry": PhotoPlacement(column: 50, line: 12, scale: 3, degrees: 0),
        ])
        board.mouse(.press, 16, 8)
        board.mouse(.release, 16, 8)
        #expect(board.order.last == "cherry", "waiting: it may be a double tap")
        board.settle(after: 400)
        #expect(board.order.last == "apple" && board.screen.board?.chosen == "apple")
        #expect(board.settings.state.photoOrder?.last == "apple")
        // Apple now covers berry's left edge: a tap there is apple's.
        board.mouse(.press, 22, 8)
        board.mouse(.release, 22, 8)
        board.settle(after: 400)
        #expect(board.order.last == "apple")
        board.mouse(.press, 30, 8)
        board.mouse(.release, 30, 8)
        board.settle(after: 400)
        #expect(board.order.last == "berry")
    }

    @Test func aDoubleTapZoomsThePhotoToFitAndAnotherPutsItBack() {
        let board = Harness()
        board.mouse(.press, 30, 5)
        board.mouse(.release, 30, 5)
        board.mouse(.press, 30, 5, after: 100)
        board.mouse(.release, 30, 5)
        let zoomed = board.placement("berry")
        // 60 × 40 pixels less the border: 58 / 12 across, 38 / 8 down; the lesser wins.
        #expect(zoomed == BitmapPlacement(centerX: 30, centerY: 20, scale: 38.0 / 8, rotation: 0))
        #expect(board.order.last == "berry")
        board.settle(after: 1000)
        #expect(board.placement("berry") == zoomed, "no single tap after the double")
        board.mouse(.press, 30, 10)
        board.mouse(.release, 30, 10)
        board.mouse(.press, 30, 10, after: 100)
        board.mouse(.release, 30, 10)
        #expect(board.placement("berry") == BitmapPlacement(centerX: 30, centerY: 10, scale: 1, rotation: 0))
    }

    @Test func aLongPressOpensTheFactsOfThePhotoUnderIt() throws {
        let board = Harness()
        board.mouse(.press, 10, 5)
        if case .push = board.settle(after: 300) { Issue.record("not yet: the press is 300 ms old") }
        let answer = board.settle(after: 250)
        guard case .push(let screen) = answer, let facts = screen as? PhotoFactsScreen else {
            Issue.record("expected the facts, got \(answer)")
            return
        }
        #expect(facts.photo.name == "apple")
        #expect(facts.nearby.map(\.photo.name) == ["berry"], "berry was taken 8 km away; cherry in another hemisphere")
        board.mouse(.release, 10, 5)
        #expect(board.placement("apple")?.centerX == 10, "a long press does not move the photo")
    }

    @Test func theKeysChooseMoveScaleTurnZoomAndOpenTheFacts() {
        let board = Harness()
        #expect(board.screen.board?.chosen == "cherry")
        board.key(.tab)
        #expect(board.screen.board?.chosen == "apple" && board.order.last == "apple", "Tab: the next by name, wrapping")
        board.key(.backTab)
        #expect(board.screen.board?.chosen == "cherry")
        board.key(.tab)
        board.key(.right)
        board.key(.down)
        #expect(board.placement("apple")?.centerX == 11 && board.placement("apple")?.centerY == 12)
        board.key(.left)
        board.key(.up)
        #expect(board.placement("apple")?.centerX == 10 && board.placement("apple")?.centerY == 10)
        #expect(board.saved["apple"]?.column == 10)
        for _ in 0 ..< 20 { board.key(.character("+")) }
        #expect(abs((board.placement("apple")?.scale ?? 0) - 3 * PhotoBoard.naturalScale) < 1e-9, "+ stops at 3×")
        board.settle(after: 400)
        for _ in 0 ..< 40 { board.key(.character("-")) }
        #expect(abs((board.placement("apple")?.scale ?? 0) - 0.5 * PhotoBoard.naturalScale) < 1e-9, "− stops at 0.5×")
        board.key(.character("]"))
        #expect(abs((board.placement("apple")?.rotation ?? 0) - .pi / 12) < 1e-9)
        board.key(.character("["))
        board.key(.character("["))
        #expect(abs((board.placement("apple")?.rotation ?? 0) + .pi / 12) < 1e-9)
        board.settle(after: 400)
        #expect(abs((board.saved["apple"]?.degrees ?? 0) + 15) < 1e-9, "the turn is kept when the gesture ends")
        board.key(.character("z"))
        #expect(board.screen.board?.isZoomed("apple") == true)
        board.key(.character("z"))
        #expect(board.screen.board?.isZoomed("apple") == false)
        guard case .push(let screen) = board.key(.enter), let facts = screen as? PhotoFactsScreen else {
            Issue.record("Enter should open the facts")
            return
        }
        #expect(facts.photo.name == "apple")
    }

    @Test func theWheelPinchesWithControlTurnsWithAltAndOtherwiseIsLeftAlone() {
        let board = Harness(layout: [
            "apple": PhotoPlacement(column: 10, line: 5, scale: 3, degrees: 0),
            "berry": PhotoPlacement(column: 30, line: 5, scale: 1, degrees: 0),
        ])
        board.mouse(.scrollUp, 30, 5, modifiers: .control)
        board.mouse(.scrollUp, 30, 5, modifiers: .control)
        #expect(abs((board.placement("berry")?.scale ?? 0) - 1.21 * PhotoBoard.naturalScale) < 1e-9, "two notches of 1.1 over the photo under the pointer")
        board.mouse(.scrollDown, 30, 5, modifiers: .alt)
        #expect(abs((board.placement("berry")?.rotation ?? 0) - .pi / 12) < 1e-9, "a pinch and a turn together")
        board.settle(after: 400)
        #expect(board.saved["berry"].map { abs($0.scale - 1.21) < 1e-9 } == true)
        guard case .ignored = board.mouse(.scrollUp, 30, 5) else {
            Issue.record("the plain wheel is not the board's")
            return
        }
        #expect(board.placement("apple")?.scale == 1 && board.placement("apple")?.rotation == 0, "only the photo under the pointer")
    }

    @Test func theLayoutComesBackFromTheStateAndStaysOnASmallerBoard() {
        let board = Harness(layout: ["apple": PhotoPlacement(column: 500, line: -9, scale: 2, degrees: 30)])
        #expect(board.placement("apple")?.centerX == 59 && board.placement("apple")?.centerY == 0, "pulled back onto the board")
        #expect(abs((board.placement("apple")?.rotation ?? 0) - .pi / 6) < 1e-9)
        board.screen.layout(for: Size(width: 30, height: 10))
        #expect(board.placement("berry")?.centerX ?? 99 <= 29, "photos the board shrank from come back onto it")
    }

    @Test func theFrameShowsEachPhotoInHalfBlocksWithItsEdgeAndTheChosenOneEdgedInYellow() {
        let board = Harness()
        var canvas = Canvas(size: board.area.size)
        board.screen.render(into: &canvas, area: board.area, context: RenderContext())
        let apple = Bitmap.Pixel(red: 200, green: 0, blue: 0)
        // Apple: 12 × 8 pixels about (10, 10): columns 4…15, pixels 6…13 (lines 3…6); its
        // white edge one pixel round.
        #expect(canvas[10, 5].style.foreground == .rgb(apple.red, apple.green, apple.blue))
        #expect(canvas[10, 2].style.background == .rgb(250, 250, 245), "the edge: pixel 5 is white")
        #expect(canvas[3, 5].style.foreground == .rgb(250, 250, 245))
        let cherryEdge = canvas[50, 9].style.background
        #expect(cherryEdge == .rgb(255, 204, 0), "the chosen photo's edge is yellow")
        #expect(canvas[0, 0].style.foreground == .rgb(44, 36, 30), "the board")
    }

    @Test func theFrameFollowsTheTerminalsColourDepth() {
        let board = Harness()
        for (depth, isExpected) in [(ColorDepth.ansi16, { (colour: Color) in if case .ansi = colour { true } else { false } }),
                                    (.indexed256, { (colour: Color) in if case .indexed = colour { true } else { false } })] {
            var canvas = Canvas(size: board.area.size)
            board.screen.render(into: &canvas, area: board.area, context: RenderContext(colorDepth: depth))
            #expect(isExpected(canvas[10, 5].style.foreground), "\(depth): \(canvas[10, 5].style)")
        }
        var plain = Canvas(size: board.area.size)
        board.screen.render(into: &plain, area: board.area, context: RenderContext(colorDepth: .none))
        #expect(plain[10, 5].style.foreground == .terminalDefault && plain[10, 5].grapheme != "▀", "NO_COLOR: shades, no colour")
    }
}

import Foundation
import TableKit
import Testing

@MainActor
@Suite("Side-swipe menus: keys, clicks, drags and their timelines")
struct SwipeActionsTests {
    static let size = Size(width: 40, height: 6)
    /// Rows as wide as the table, so that any slid part of them shows.
    static let texts = (0 ..< 5).map { "Row \($0) " + String(repeating: "abcdefghij", count: 4).prefix(30) + "|" }

    /// A table of ``texts`` offering Pin on the left of every row and Delete, Share on the
    /// right but row 3's, which has nothing on its right.
    private func make(style: SwipeMenuStyle = .reveal, animates: Bool = true) -> (TableViewController, LoggedSwipes, TestClock) {
        let controller = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: Self.texts.map { TableViewCell(text: $0) }))
        let delegate = LoggedSwipes(leading: [("Pin", .normal)], trailing: [("Delete", .destructive), ("Share", .normal)], rowsWithoutTrailing: [3])
        let clock = TestClock()
        controller.delegate = delegate
        controller.now = { clock.instant }
        controller.swipeMenuStyle = style
        controller.animatesSwipeMenus = animates
        controller.layout(for: Self.size)
        return (controller, delegate, clock)
    }

    /// The first line (row 0) as drawn now.
    private func row0(_ controller: TableViewController) -> String {
        var canvas = Canvas(size: Self.size)
        controller.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        return canvas.lines[0]
    }

    /// Columns `range` of a line of single-width characters (trimmed lines are padded back).
    private func columns(_ line: String, _ range: Range<Int>) -> String {
        let padded = Array(line) + Array(repeating: " ", count: max(0, range.upperBound - line.count))
        return String(padded[range])
    }

    private func tick(_ controller: TableViewController) {
        _ = controller.handle(.tick, area: Rect(origin: .zero, size: Self.size))
    }

    @Test(arguments: [SwipeMenuStyle.reveal, .push], [Key.shiftLeft, .shiftRight])
    func framesAtNoneHalfAndAllOfTheSlide(style: SwipeMenuStyle, key: Key) {
        let (controller, delegate, clock) = make(style: style)
        let atRest = row0(controller)
        #expect(atRest.hasPrefix(" Row 0 abc"))
        press([key], on: controller, size: Self.size)
        #expect(controller.isSwipeMenuOpen && controller.wantsTicks)
        #expect(row0(controller) == atRest, "at 0 % nothing has moved yet")
        clock.advance(200)
        let open = row0(controller)
        #expect(!open.contains("Row 0"), "at 100 % the content is out: \(open)")
        if key == .shiftLeft {
            #expect(open.contains("Share") && open.contains("Delete") && !open.contains("Pin"))
            #expect(open.range(of: "Share")!.lowerBound < open.range(of: "Delete")!.lowerBound, "Delete, the outermost, is rightmost")
        } else {
            #expect(open.contains("Pin") && !open.contains("Share"))
        }
        // Half-way in time the ease-out has gone 87.5 % of the way: 35 of 40 columns.
        clock.instant -= .milliseconds(100)
        let half = row0(controller)
        let moved = 35, width = Self.size.width
        if key == .shiftLeft {
            #expect(columns(half, 0 ..< width - moved) == columns(atRest, moved ..< width), "the content's right end, slid left")
            let menu = style == .reveal ? columns(open, width - moved ..< width) : columns(open, 0 ..< moved)
            #expect(columns(half, width - moved ..< width) == menu, style == .reveal ? "the menu stays still" : "the menu slides in with the content")
        } else {
            #expect(columns(half, moved ..< width) == columns(atRest, 0 ..< width - moved), "the content's left end, slid right")
            let menu = style == .reveal ? columns(open, 0 ..< moved) : columns(open, width - moved ..< width)
            #expect(columns(half, 0 ..< moved) == menu, style == .reveal ? "the menu stays still" : "the menu slides in with the content")
        }
        clock.advance(100)
        tick(controller)
        #expect(!controller.wantsTicks, "settled open")
        withExtendedLifetime(delegate) {}
    }

    @Test(arguments: [Key.shiftLeft, .shiftRight])
    func closingBouncesPastItsPlaceThenSettles(key: Key) {
        let (controller, delegate, clock) = make()
        let atRest = row0(controller)
        press([key], on: controller, size: Self.size)
        clock.advance(300)
        press([.escape], on: controller, size: Self.size)
        #expect(!controller.isSwipeMenuOpen && controller.wantsTicks)
        // Half-way through the bounce the content has swung 3 columns past its place.
        clock.advance(175)
        let overshoot = row0(controller)
        if key == .shiftLeft {
            #expect(columns(overshoot, 3 ..< 40) == columns(atRest, 0 ..< 37), "came back from the left and overshot to the right: \(overshoot)")
        } else {
            #expect(columns(overshoot, 0 ..< 37) == columns(atRest, 3 ..< 40), "came back from the right and overshot to the left: \(overshoot)")
        }
        // At four fifths it is back a column on the side it came from.
        clock.advance(105)
        let back = row0(controller)
        if key == .shiftLeft {
            #expect(columns(back, 0 ..< 39) == columns(atRest, 1 ..< 40))
        } else {
            #expect(columns(back, 1 ..< 40) == columns(atRest, 0 ..< 39))
        }
        clock.advance(70)
        tick(controller)
        #expect(row0(controller) == atRest)
        #expect(!controller.wantsTicks)
        withExtendedLifetime(delegate) {}
    }

    @Test func withoutAnimationsTheMenuComesAndGoesAtOnce() {
        let (controller, delegate, _) = make(animates: false)
        let atRest = row0(controller)
        press([.character("s")], on: controller, size: Self.size)
        #expect(row0(controller).contains("Share") && !controller.wantsTicks)
        press([.escape], on: controller, size: Self.size)
        #expect(row0(controller) == atRest && !controller.wantsTicks)
        #expect(delegate.log.isEmpty)
    }

    @Test func keysChooseAndActAndTheFirstChoiceIsNotDestructive() {
        let (controller, delegate, _) = make()
        press([.character("s"), .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Share 0"], "Enter at once: Share, not Delete")
        #expect(!controller.isSwipeMenuOpen, "acting closes the menu")
        press([.down, .character("s"), .right, .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Share 0", "Delete 1"])
        press([.character("s"), .character("D")], on: controller, size: Self.size)
        #expect(delegate.log.last == "Delete 1", "a button's key acts at once, in either case")
        press([.shiftRight, .character("p")], on: controller, size: Self.size)
        #expect(delegate.log.last == "Pin 1")
    }

    @Test func theSwipeKeyAgainIsAFullSwipeUnlessTurnedOff() {
        let (controller, delegate, _) = make()
        press([.shiftLeft, .shiftLeft], on: controller, size: Self.size)
        #expect(delegate.log == ["Delete 0"], "the outermost action")
        delegate.fullSwipe = false
        press([.shiftLeft, .shiftLeft], on: controller, size: Self.size)
        #expect(delegate.log == ["Delete 0"])
        #expect(controller.isSwipeMenuOpen)
        press([.shiftRight], on: controller, size: Self.size)
        #expect(!controller.isSwipeMenuOpen, "the other way closes")
    }

    @Test func aRowWithOneSideOpensThatSideWithS() {
        let (controller, delegate, clock) = make()
        press([.end, .up], on: controller, size: Self.size)
        press([.character("s")], on: controller, size: Self.size)
        clock.advance(300)
        #expect(controller.indexPathOfSwipeMenu == IndexPath(row: 3, section: 0))
        #expect(lines(of: controller, size: Self.size).contains { $0.contains("Pin") })
        press([.escape, .shiftLeft], on: controller, size: Self.size)
        #expect(!controller.isSwipeMenuOpen, "row 3 has nothing on its right")
        withExtendedLifetime(delegate) {}
    }

    @Test func movingTheFocusScrollingAResizeAndLeavingCloseTheMenu() {
        let (controller, delegate, _) = make()
        press([.character("s"), .down], on: controller, size: Self.size)
        #expect(!controller.isSwipeMenuOpen)
        #expect(controller.state.focusedRow == IndexPath(row: 1, section: 0), "the key still moves the focus")
        press([.character("s")], on: controller, size: Self.size)
        _ = controller.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 5, y: 2))), area: Rect(origin: .zero, size: Self.size))
        #expect(!controller.isSwipeMenuOpen)
        press([.character("s")], on: controller, size: Self.size)
        controller.layout(for: Size(width: 50, height: 6))
        #expect(!controller.isSwipeMenuOpen && !controller.wantsTicks, "a resize closes at once")
        press([.character("s")], on: controller, size: Size(width: 50, height: 6))
        controller.viewDidDisappear()
        #expect(!controller.isSwipeMenuOpen && !controller.wantsTicks)
        #expect(delegate.log.isEmpty)
    }

    @Test func clicksActOnButtonsAndElsewhereOnlyClose() {
        let (controller, delegate, clock) = make()
        let area = Rect(origin: .zero, size: Self.size)
        press([.character("s")], on: controller, size: Self.size)
        clock.advance(300)
        let line = row0(controller)
        let share = line.distance(from: line.startIndex, to: line.range(of: "Share")!.lowerBound)
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: share, y: 0))), area: area)
        #expect(delegate.log == ["Share 0"])
        press([.character("s")], on: controller, size: Self.size)
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 2))), area: area)
        #expect(!controller.isSwipeMenuOpen && delegate.log == ["Share 0"], "a click elsewhere closes without selecting")
    }

    /// Hands `controller` mouse reports at a column and line of the screen.
    private func mouseReports(to controller: TableViewController) -> (MouseEvent.Kind, Int, Int) -> Void {
        { kind, x, y in _ = controller.handle(.mouse(MouseEvent(kind, at: Point(x: x, y: y))), area: Rect(origin: .zero, size: Self.size)) }
    }

    @Test func aDragAcrossARowOpensItsMenuAndAClickIsStillATap() {
        let (controller, delegate, clock) = make()
        let mouse = mouseReports(to: controller)
        mouse(.press, 10, 2)
        mouse(.release, 10, 2)
        #expect(delegate.log == ["select 2"])
        mouse(.press, 30, 1)
        mouse(.drag, 25, 1)
        #expect(controller.indexPathOfSwipeMenu == IndexPath(row: 1, section: 0))
        #expect(columns(lines(of: controller, size: Self.size)[1], 0 ..< 35) == columns(Self.texts[1], 4 ..< 39), "the content follows the pointer")
        mouse(.drag, 15, 1)
        mouse(.release, 15, 1)
        clock.advance(300)
        #expect(controller.isSwipeMenuOpen && lines(of: controller, size: Self.size)[1].contains("Share"))
        #expect(controller.state.focusedRow == IndexPath(row: 1, section: 0))
        #expect(delegate.log == ["select 2"], "a drag selects nothing")
        // A short drag springs back.
        press([.escape], on: controller, size: Self.size)
        mouse(.press, 10, 2)
        mouse(.drag, 13, 2)
        mouse(.release, 13, 2)
        #expect(!controller.isSwipeMenuOpen)
    }

    /// The other side of the drag: mostly down is no swipe, and a press that wandered without
    /// going across is still a tap, at the release (the arena's pan fails, its tap wins).
    @Test func aDragMostlyDownIsNoSwipeAndStillATap() {
        let (controller, delegate, _) = make()
        let mouse = mouseReports(to: controller)
        mouse(.press, 20, 1)
        mouse(.drag, 18, 4)
        #expect(controller.indexPathOfSwipeMenu == nil, "two across and three down is no swipe")
        mouse(.drag, 10, 4)
        #expect(controller.indexPathOfSwipeMenu == nil, "nor does it become one")
        mouse(.release, 10, 4)
        #expect(delegate.log == ["select 1"], "the press's row, selected at the release")
    }

    @Test func oneOpenRowAtATimeUnderRandomKeys() {
        let keys: [Key] = [.down, .up, .character("s"), .shiftLeft, .shiftRight, .left, .right, .escape, .pageDown, .home, .end, .tab, .character("x")]
        var generator = SeededRandomNumberGenerator(seed: 20261123)
        let (controller, delegate, clock) = make()
        for step in 0 ..< 2_000 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            press([key], on: controller, size: Self.size)
            clock.advance(Int(generator.next() % 400))
            tick(controller)
            if let open = controller.indexPathOfSwipeMenu {
                #expect(open == controller.state.focusedRow, "step \(step): the open menu is on the focused row")
            }
            if step % 50 == 0 {
                clock.advance(1_000)
                tick(controller)
                let menuRows = lines(of: controller, size: Self.size).indices.filter { y in
                    let line = lines(of: controller, size: Self.size)[y]
                    return line.contains("Share") || line.contains("Pin")
                }
                #expect(menuRows.count <= 1, "step \(step): \(menuRows)")
                #expect(menuRows.isEmpty == !controller.isSwipeMenuOpen)
            }
        }
        #expect(delegate.log.contains { $0.hasPrefix("Pin") } && delegate.log.contains { $0.hasPrefix("Delete") }, "the script reached both menus")
    }
}

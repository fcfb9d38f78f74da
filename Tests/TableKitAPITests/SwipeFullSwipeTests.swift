import Foundation
import TableKit
import Testing

/// The full swipe on each side, and the ends of the button row: a full swipe performs the
/// configuration's first action, which is the outermost button of its side; ← and → stop at
/// the first and last buttons.
@MainActor
@Suite("Side-swipe menus: the full swipe on each side, and the ends of the button row")
struct SwipeFullSwipeTests {
    static let size = Size(width: 40, height: 6)

    private func make(_ delegate: LoggedSwipes) -> TableViewController {
        let rows = (0 ..< 3).map { TableViewCell(text: "Row \($0)") }
        let controller = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: rows))
        controller.delegate = delegate
        controller.animatesSwipeMenus = false
        controller.layout(for: Self.size)
        return controller
    }

    /// Two buttons on each side of every row: Reply, Flag on the left; More, Archive on the right.
    private func make() -> (TableViewController, LoggedSwipes) {
        let delegate = LoggedSwipes(leading: [("Reply", .normal), ("Flag", .normal)], trailing: [("Archive", .normal), ("More", .normal)])
        return (make(delegate), delegate)
    }

    @Test("a full swipe to the right (Shift-→ twice) performs the first leading action, Reply")
    func fullSwipeOnTheLeadingSide() {
        let (controller, delegate) = make()
        press([.shiftRight, .shiftRight], on: controller, size: Self.size)
        #expect(delegate.log == ["Reply 0"])
        #expect(!controller.isSwipeMenuOpen)
    }

    @Test("a full swipe to the left (Shift-← twice) performs the first trailing action, Archive, the outermost")
    func fullSwipeOnTheTrailingSide() {
        let (controller, delegate) = make()
        press([.down, .shiftLeft, .shiftLeft], on: controller, size: Self.size)
        #expect(delegate.log == ["Archive 1"])
        #expect(!controller.isSwipeMenuOpen)
    }

    @Test("the first action is the outermost button: leftmost on the leading side, rightmost on the trailing side")
    func firstActionIsOutermost() throws {
        let (controller, delegate) = make()
        press([.shiftRight], on: controller, size: Self.size)
        let leading = lines(of: controller, size: Self.size)[0]
        let reply = try #require(leading.range(of: "Reply")), flag = try #require(leading.range(of: "Flag"))
        #expect(reply.lowerBound < flag.lowerBound, "Reply left of Flag: \(leading)")
        press([.escape, .shiftLeft], on: controller, size: Self.size)
        let trailing = lines(of: controller, size: Self.size)[0]
        let more = try #require(trailing.range(of: "More")), archive = try #require(trailing.range(of: "Archive"))
        #expect(more.lowerBound < archive.lowerBound, "Archive rightmost: \(trailing)")
        #expect(delegate.log.isEmpty)
    }

    @Test("← stops at the first button and → at the last: Enter then acts on that button")
    func arrowsStopAtTheEnds() {
        let (controller, delegate) = make()
        press([.shiftRight, .left, .left, .left, .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Reply 0"], "← past the first button stays on it")
        press([.shiftRight, .right, .right, .right, .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Reply 0", "Flag 0"], "→ past the last button stays on it")
        press([.shiftLeft, .backTab, .backTab, .backTab, .space], on: controller, size: Self.size)
        #expect(delegate.log.last == "More 0", "Shift-Tab stops at the trailing side's first (leftmost) button")
        press([.shiftLeft, .tab, .tab, .tab, .space], on: controller, size: Self.size)
        #expect(delegate.log.last == "Archive 0", "Tab stops at the last (rightmost) one")
    }

    @Test("either side opens on the first button that destroys nothing, wherever Delete sits")
    func menuOpensOnAHarmlessButton() {
        // Delete outermost on the leading side, innermost (leftmost) on the trailing side.
        let delegate = LoggedSwipes(leading: [("Delete", .destructive), ("Pin", .normal)], trailing: [("Share", .normal), ("Delete", .destructive)])
        let controller = make(delegate)
        press([.shiftLeft, .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Share 0"], "Enter at once on the trailing side: Share, not Delete")
        press([.shiftRight, .enter], on: controller, size: Self.size)
        #expect(delegate.log == ["Share 0", "Pin 0"], "Enter at once on the leading side: Pin, not Delete")
    }
}

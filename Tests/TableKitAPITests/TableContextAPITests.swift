import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A part as an app writes one: it draws the focused row's text on the last line of the
/// table's content, keeps the context of the last key it saw, and logs where presses land.
@MainActor
private final class Preview: TableViewPart {
    var lastContext: TableContext?
    var presses: [String] = []

    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        lastContext = context
        return nil
    }

    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        if mouse.kind == .press { presses.append("\(hit.location.x),\(hit.location.y) \(hit.rowPart.map { "\($0)" } ?? "-")") }
        return nil
    }

    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard let cell = context.focusedCell else { return }
        let line = context.contentArea.maxY - 1
        _ = canvas.draw("> \(cell.text) of \(context.dataSource.numberOfRows(inSection: 0))", at: Point(x: context.contentArea.minX, y: line), style: .plain)
    }
}

@MainActor
@Suite("What a part reads from its TableContext, and what the press it gets landed on")
struct TableContextAPITests {
    static let size = Size(width: 20, height: 6)

    private func list() -> (TableViewController, Preview, TestClock) {
        let cells = [TableViewCell(text: "Ann"), TableViewCell(text: "Bob", accessory: .detailButton), TableViewCell(text: "Cy")]
        let list = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: cells))
        let clock = TestClock()
        list.now = { clock.instant }
        list.searchController = SearchController()
        let part = Preview()
        list.addPart(part)
        list.layout(for: Self.size)
        return (list, part, clock)
    }

    @Test func aPartDrawsTheFocusedCellWhereTheContentIsInTheAreaItIsDrawnIn() {
        let (list, _, _) = list()
        press([.down, .character("/")], on: list, size: Self.size)
        var canvas = Canvas(size: Size(width: 22, height: 7))
        list.render(into: &canvas, area: Rect(x: 2, y: 1, width: 20, height: 6), context: RenderContext())
        expectFrame(canvas, equals: [
            "",
            "   ⌕ Search",
            "   Ann",
            "   Bob              ⓘ",
            "   Cy",
            "",
            "  > Bob of 3",
        ])
    }

    @Test func theContextIsTheTableAsTheEventFindsIt() throws {
        let (list, part, clock) = list()
        list.tableView.emptyMessage = "Nobody"
        clock.advance(1500)
        press([.character("/"), .enter, .down, .character("x")], on: list, size: Self.size)
        let context = try #require(part.lastContext)
        #expect(context.focusedCell == TableViewCell(text: "Bob", accessory: .detailButton))
        #expect(context.now == clock.instant)
        #expect(context.tableView.emptyMessage == "Nobody")
        #expect(context.dataSource.numberOfRows(inSection: 0) == 3)
        #expect(context.contentArea == Rect(x: 0, y: 1, width: 20, height: 5), "under the search field")
    }

    @Test func theScreensContextCountsFromItsCornerAndContextInFromTheAreaGiven() {
        let (list, _, _) = list()
        press([.character("/")], on: list, size: Self.size)
        #expect(list.context.bounds == Rect(x: 0, y: 0, width: 20, height: 6))
        #expect(list.context.rowsArea == Rect(x: 0, y: 1, width: 20, height: 5))
        let drawn = list.context(in: Rect(x: 3, y: 2, width: 20, height: 6))
        #expect(drawn.bounds == Rect(x: 3, y: 2, width: 20, height: 6))
        #expect(drawn.rowsArea == Rect(x: 3, y: 3, width: 20, height: 5))
        #expect(drawn.contentArea == drawn.rowsArea, "a short table: no page scrubber")
    }

    @Test func aPressComesWithWhereItLandedAndWhichPartOfTheRow() throws {
        let (list, part, _) = list()
        let area = Rect(origin: .zero, size: Self.size)
        let line = try #require(drawnLines(of: list, size: Self.size).dropFirst().first)
        let button = try #require(Array(line).firstIndex(of: "ⓘ"))
        for point in [Point(x: 3, y: 2), Point(x: button, y: 1), Point(x: 3, y: 5)] {
            _ = list.handle(.mouse(MouseEvent(.press, at: point)), area: area)
            _ = list.handle(.mouse(MouseEvent(.release, at: point)), area: area)
        }
        #expect(part.presses == ["3,2 content", "\(button),1 detailButton", "3,5 -"])
    }
}

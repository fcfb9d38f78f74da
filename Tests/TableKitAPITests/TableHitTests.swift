import Foundation
import TableKit
import Testing

/// Rows that can be deleted and moved, one with a detail button, one with a button, one with
/// a switch, one with a slider.
private struct Controls: TableViewDataSource {
    func numberOfRows(inSection section: Int) -> Int { 5 }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        switch indexPath.row {
        case 0: TableViewCell(text: "Info", accessory: .detailButton)
        case 1: TableViewCell(text: "Buy", accessory: .button("Buy"))
        case 2: TableViewCell(text: "Wi-Fi", accessory: .switch(true))
        case 3: TableViewCell(text: "Volume", valueText: "50%", slider: Slider(value: 50, in: 0 ... 100, step: 5))
        default: TableViewCell(text: "Plain")
        }
    }
    func canEditRow(at indexPath: IndexPath) -> Bool { true }
    func canMoveRow(at indexPath: IndexPath) -> Bool { true }
    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {}
}

/// A screen with a two-line header view over its rows.
@MainActor
private final class WithHeader: TableViewController {
    override var tableHeaderHeight: Int { 2 }
}

/// Every row has a Flag menu on its trailing side.
@MainActor
private final class Flags: TableViewDelegate {
    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(title: "Flag") { _ in .handled }, ContextualAction(title: "More") { _ in .handled }])
    }
}

/// The column of `text`'s first character on `line`.
private func column(of text: String, in line: String) -> Int? {
    line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
}

@MainActor
@Suite("One hit test for a table screen's presses")
struct TableHitTests {
    static let size = Size(width: 30, height: 8)

    @Test func eachPartOfARowIsNamed() throws {
        let table = TableViewController(title: "Controls", dataSource: Controls())
        table.layout(for: Self.size)
        let drawn = drawnLines(of: table, size: Self.size)
        #expect(table.hitTest(Point(x: 1, y: 0)).target == .row(IndexPath(row: 0, section: 0), .content))
        let info = try #require(column(of: "ⓘ", in: drawn[0]))
        #expect(table.hitTest(Point(x: info, y: 0)).target == .row(IndexPath(row: 0, section: 0), .detailButton))
        let buy = try #require(drawn[1].range(of: "Buy", options: .backwards).map { drawn[1].distance(from: drawn[1].startIndex, to: $0.lowerBound) })
        #expect(table.hitTest(Point(x: buy + 1, y: 1)).target == .row(IndexPath(row: 1, section: 0), .accessoryButton))
        #expect(table.hitTest(Point(x: 1, y: 1)).target == .row(IndexPath(row: 1, section: 0), .content))
        #expect(table.hitTest(Point(x: Self.size.width - 3, y: 2)).target == .row(IndexPath(row: 2, section: 0), .switch))
        #expect(table.hitTest(Point(x: 1, y: 5)).target == .nothing, "under the last row")
        #expect(table.hitTest(Point(x: 1, y: 40)).target == .nothing, "off the screen")
    }

    @Test func aSlidersTrackGivesTheValueUnderThePointAtBothEnds() throws {
        // Rows that cannot be edited: a drag across an editable row would swipe it.
        let rows = (0 ..< 4).map { Controls().cell(for: IndexPath(row: $0, section: 0)) }
        let table = TableViewController(title: "Controls", dataSource: StaticTableDataSource(cells: rows))
        table.layout(for: Self.size)
        let columns = (0 ..< Self.size.width).compactMap { x -> Double? in
            if case .row(_, .sliderTrack(let value)) = table.hitTest(Point(x: x, y: 3)).target { return value }
            return nil
        }
        #expect(columns.first == 0 && columns.last == 100, "the track's ends are the range's: \(columns)")
        #expect(columns == columns.sorted(), "and the values rise along it")
        // A press there takes the thumb: the row's slider tells its new value.
        let area = Rect(origin: .zero, size: Self.size)
        let first = try #require((0 ..< Self.size.width).first { x in
            if case .row(_, .sliderTrack) = table.hitTest(Point(x: x, y: 3)).target { return true }
            return false
        })
        final class Values: TableViewDelegate {
            var values: [Double] = []
            func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse {
                values.append(value)
                return .handled
            }
        }
        let values = Values()
        table.delegate = values
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: first, y: 3))), area: area)
        _ = table.handle(.mouse(MouseEvent(.drag, at: Point(x: first + 2, y: 6))), area: area)
        _ = table.handle(.mouse(MouseEvent(.drag, at: Point(x: Self.size.width - 1, y: 6))), area: area)
        _ = table.handle(.mouse(MouseEvent(.release, at: Point(x: Self.size.width - 1, y: 6))), area: area)
        #expect(values.values.first == 0 && values.values.last == 100, Comment(rawValue: "the press at the start, the drag past the end: \(values.values)"))
    }

    @Test func theIndexHeadersAndHeaderViewAreNamedWithTheirPlaces() {
        let fruit = WithHeader(title: "Fruit", dataSource: fruitSections())
        fruit.layout(for: Self.size)
        #expect(fruit.hitTest(Point(x: 3, y: 0)).target == .tableHeader)
        #expect(fruit.hitTest(Point(x: 3, y: 1)).target == .tableHeader)
        #expect(fruit.hitTest(Point(x: 3, y: 2)).target == .sectionHeader(0), "the first header, under the header view")
        #expect(fruit.hitTest(Point(x: 3, y: 3)).indexPath == IndexPath(row: 0, section: 0))
        let index = Self.size.width - 1
        #expect(fruit.hitTest(Point(x: index, y: 2)).target == .sectionIndex(position: 0), "the index's first title")
        let titles = (2 ..< Self.size.height).compactMap { y -> Int? in
            if case .sectionIndex(let position?) = fruit.hitTest(Point(x: index, y: y)).target { return position }
            return nil
        }
        #expect(titles.last == fruitSections().sectionIndexTitles()!.count - 1, "and its last: \(titles)")
        // Positions convert between the screen, the header view and the rows.
        #expect(fruit.convert(Point(x: 4, y: 5), from: .screen, to: .rows) == Point(x: 4, y: 3))
        #expect(fruit.convert(Point(x: 4, y: 3), from: .rows, to: .tableHeader) == Point(x: 4, y: 5))
        #expect(fruit.convert(Point(x: 4, y: 1), from: .tableHeader, to: .screen) == Point(x: 4, y: 1))
    }

    @Test func aPressOnTheIndexJumpsEvenToTheTitleItIsOnAndADragOnlyOnANewOne() {
        let fruit = TableViewController(title: "Fruit", dataSource: fruitSections())
        fruit.layout(for: Self.size)
        let area = Rect(origin: .zero, size: Self.size)
        let index = Self.size.width - 1
        // Tab puts the index on the focused row's letter; the rows then scroll away from it.
        press([.tab], on: fruit, size: Self.size)
        let onA = fruit.state
        _ = fruit.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2))), area: area)
        #expect(fruit.state.scrollPosition != onA.scrollPosition, "the wheel scrolled")
        // A press on the letter the index is on still jumps there.
        _ = fruit.handle(.mouse(MouseEvent(.press, at: Point(x: index, y: 0))), area: area)
        #expect(fruit.state.scrollPosition == onA.scrollPosition)
        // A drag within that letter does not jump again: the rows stay where the wheel puts them.
        _ = fruit.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 2))), area: area)
        let scrolled = fruit.state.scrollPosition
        _ = fruit.handle(.mouse(MouseEvent(.drag, at: Point(x: index, y: 0))), area: area)
        #expect(fruit.state.scrollPosition == scrolled)
        _ = fruit.handle(.mouse(MouseEvent(.release, at: Point(x: index, y: 0))), area: area)
    }

    @Test func theSearchFieldAndThePageScrubberAreNamed() {
        let long = TableViewController(title: "Long", dataSource: StaticTableDataSource(cells: (0 ..< 60).map { TableViewCell(text: "Row \($0)") }))
        long.showsPageScrubber = true
        long.searchController = SearchController()
        long.layout(for: Self.size)
        #expect(long.hitTest(Point(x: 3, y: Self.size.height - 1)).target == .pageScrubber)
        #expect(long.hitTest(Point(x: 3, y: Self.size.height - 2)).target == .row(IndexPath(row: 6, section: 0), .content))
        press([.character("/")], on: long, size: Self.size)
        #expect(long.hitTest(Point(x: 3, y: 0)).target == .searchBar)
        #expect(long.hitTest(Point(x: 3, y: 1)).target == .row(IndexPath(row: 0, section: 0), .content), "the rows under the field")
    }

    @Test func editingControlsAndAnOpenMenusButtonsAreNamed() throws {
        let table = TableViewController(title: "Controls", dataSource: Controls())
        table.layout(for: Self.size)
        table.setEditing(true, animated: false)
        #expect(table.hitTest(Point(x: 0, y: 4)).target == .row(IndexPath(row: 4, section: 0), .editingControl(.delete)))
        #expect(table.hitTest(Point(x: Self.size.width - 1, y: 4)).target == .row(IndexPath(row: 4, section: 0), .reorderControl))
        press([.down, .down, .down, .down, .delete], on: table, size: Self.size)
        let drawn = drawnLines(of: table, size: Self.size)
        let delete = try #require(column(of: "Delete", in: drawn[4]))
        #expect(table.hitTest(Point(x: delete + 1, y: 4)).target == .row(IndexPath(row: 4, section: 0), .deleteButton))
        table.setEditing(false, animated: false)
        #expect(table.hitTest(Point(x: 0, y: 4)).target == .row(IndexPath(row: 4, section: 0), .content), "outside editing, no controls")

        let flags = Flags()
        table.delegate = flags
        table.animatesSwipeMenus = false
        #expect(table.openSwipeMenu(.trailing, at: IndexPath(row: 4, section: 0)))
        let open = drawnLines(of: table, size: Self.size)
        let flag = try #require(column(of: "Flag", in: open[4]))
        let more = try #require(column(of: "More", in: open[4]))
        let hits = [flag, more].map { table.hitTest(Point(x: $0 + 1, y: 4)).target }
        #expect(Set(hits) == [.row(IndexPath(row: 4, section: 0), .swipeButton(index: 0)), .row(IndexPath(row: 4, section: 0), .swipeButton(index: 1))])
        #expect(table.hitTest(Point(x: 1, y: 3)).target == .row(IndexPath(row: 3, section: 0), .content), "another row's is its own")
    }
}

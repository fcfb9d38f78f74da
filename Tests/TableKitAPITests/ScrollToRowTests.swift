import Foundation
import TableKit
import Testing

/// `scrollToRow(at:at:animated:)` with UIKit's four positions, both ends of the content, and
/// the pinned header; and `indexPathsForVisibleRows`.
@MainActor
@Suite("scrollToRow: none, top, middle and bottom, clamped, never under the pinned header")
struct ScrollToRowTests {
    let size = Size(width: 20, height: 6)

    private func table(sections: [(String?, Int)] = [(nil, 30)]) -> TableViewController {
        var number = 0
        let table = TableViewController(title: "Rows", dataSource: StaticTableDataSource(sections.map { header, count in
            TableSection(header: header, cells: (0 ..< count).map { _ in
                number += 1
                return TableViewCell(text: "Row \(number)")
            })
        }))
        table.layout(for: size)
        return table
    }

    private func shown(_ table: TableViewController) -> [String] {
        lines(of: table, size: size).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: [(TableViewScrollPosition.top, 0), (.middle, 2), (.bottom, 5)])
    func theRowGoesWhereItsPositionSays(position: TableViewScrollPosition, line: Int) {
        let table = table()
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: position, animated: false)
        #expect(shown(table)[line] == "Row 11", "\(shown(table))")
        #expect(table.state.focusedRow == IndexPath(row: 10, section: 0), "the focus goes with it")
    }

    @Test func noneMovesAsLittleAsItCanAndNotAtAllForARowInView() {
        let table = table()
        table.scrollToRow(at: IndexPath(row: 3, section: 0), at: .none, animated: false)
        #expect(shown(table).first == "Row 1", "in view: no movement")
        table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .none, animated: false)
        #expect(shown(table).last == "Row 21", "below the view: as .bottom")
        table.scrollToRow(at: IndexPath(row: 5, section: 0), at: .none, animated: false)
        #expect(shown(table).first == "Row 6", "above the view: as .top")
    }

    @Test func bothEndsAreClamped() {
        let table = table()
        table.scrollToRow(at: IndexPath(row: 29, section: 0), at: .top, animated: false)
        #expect(shown(table).first == "Row 25" && shown(table).last == "Row 30", "the last row cannot be on the top line: \(shown(table))")
        #expect(table.state.scrollPosition == ScrollPosition(item: .row(IndexPath(row: 24, section: 0))), "the state says so too")
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom, animated: false)
        #expect(shown(table).first == "Row 1", "nor the first on the bottom line")
        #expect(table.indexPathsForVisibleRows == (0 ..< 6).map { IndexPath(row: $0, section: 0) })
    }

    @Test func topKeepsTheRowOutFromUnderThePinnedHeader() {
        let table = table(sections: [("A", 20), ("B", 10)])
        table.scrollToRow(at: IndexPath(row: 8, section: 0), at: .top, animated: false)
        #expect(shown(table)[0] == "A" && shown(table)[1] == "Row 9", "\(shown(table))")
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 7, section: 0), "the row under the pinned header counts as visible")
    }

    @Test func aRowThatDoesNotExistChangesNothing() {
        let table = table()
        let before = table.state
        table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: false)
        table.scrollToRow(at: IndexPath(row: 0, section: 1), at: .top, animated: false)
        #expect(table.state == before)
    }
}

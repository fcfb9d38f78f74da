import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// `performBatchUpdates` as a person sees it: the rows change, and the focus, the selection
/// and the top row stay on the rows they were on.
@MainActor
@Suite("Batch updates: the focus, the selection and the top row follow their rows")
struct BatchUpdateTests {
    let size = Size(width: 30, height: 6)

    private func table(_ names: [String]) -> TableViewController {
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: names.map { TableViewCell(text: $0) }))
        table.layout(for: size)
        return table
    }

    private func rows(_ table: TableViewController) -> [String] {
        lines(of: table, size: size).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func aDeletionAboveTheFocusKeepsTheFocusOnItsRow() {
        let table = table(["Apple", "Banana", "Cherry", "Damson"])
        table.focusRow(at: IndexPath(row: 2, section: 0))
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple", "Cherry", "Damson"].map { TableViewCell(text: $0) })
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(rows(table) == ["Apple", "Cherry", "Damson"])
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "still on Cherry")
    }

    @Test func theFocusedRowDeletedHandsTheFocusToTheNextOrAtTheEndThePrevious() {
        let table = table(["Apple", "Banana", "Cherry"])
        table.focusRow(at: IndexPath(row: 1, section: 0))
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple", "Cherry"].map { TableViewCell(text: $0) })
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "Cherry, the row after Banana")
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple"].map { TableViewCell(text: $0) })
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(table.state.focusedRow == IndexPath(row: 0, section: 0), "the last row gone: Apple, the row before it")
    }

    @Test func insertionsAndMovesCarryTheSelectionAndReloadedRowsLoseIt() {
        let table = table(["Apple", "Banana", "Cherry", "Damson"])
        table.state.selectedRows = [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)]
        table.performBatchUpdates { update in
            // Fig inserted first; Damson moved before Apple; Cherry reloaded.
            table.dataSource = StaticTableDataSource(cells: ["Fig", "Damson", "Apple", "Banana", "Cherry"].map { TableViewCell(text: $0) })
            update.insertRows(at: [IndexPath(row: 0, section: 0)])
            update.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
            update.reloadRows(at: [IndexPath(row: 2, section: 0)])
        }
        #expect(rows(table) == ["Fig", "Damson", "Apple", "Banana", "Cherry"])
        #expect(table.state.selectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)], "Damson and Apple; Cherry was reloaded")
    }

    @Test func theTopRowStaysTheSameRowWhenRowsAboveItGo() {
        let names = (1 ... 20).map { "Row \($0)" }
        let table = table(names)
        table.focusRow(at: IndexPath(row: 15, section: 0))
        let top = rows(table).first
        #expect(top != "Row 1", "scrolled down")
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: names.dropFirst(3).map { TableViewCell(text: $0) })
            update.deleteRows(at: (0 ..< 3).map { IndexPath(row: $0, section: 0) })
        }
        #expect(rows(table).first == top, "the same row on the top line")
        #expect(table.state.focusedRow == IndexPath(row: 12, section: 0), "Row 16 still focused")
    }

    /// UIKit stops the app on an update whose counts do not match the new rows; here the
    /// table shows the new rows as reloadData would and goes on.
    @Test func anUpdateThatDoesNotMatchTheRowsIsShownAsAReload() {
        let table = table(["Apple", "Banana", "Cherry"])
        table.focusRow(at: IndexPath(row: 2, section: 0))
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple"].map { TableViewCell(text: $0) })
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(rows(table) == ["Apple"])
        #expect(table.state.focusedRow == IndexPath(row: 0, section: 0))
    }

    // MARK: Animation

    /// The time, moved by hand.
    final class Clock: @unchecked Sendable {
        var now = ContinuousClock.now
    }

    /// Rows two lines tall (a title and a subtitle), on a clock moved by hand.
    private func animatedTable(_ names: [String], clock: Clock) -> TableViewController {
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: names.map { TableViewCell(style: .subtitle, text: $0, detailText: "\($0) tree") }))
        table.now = { clock.now }
        table.layout(for: Size(width: 20, height: 8))
        _ = lines(of: table, size: Size(width: 20, height: 8))
        return table
    }

    /// The table drawn at 20×8, each line trimmed at both ends.
    private func shownLines(_ table: TableViewController) -> [String] {
        lines(of: table, size: Size(width: 20, height: 8)).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func aDeletedRowCollapsesLineByLineAndTheRowsBelowCloseUp() {
        let clock = Clock()
        let table = animatedTable(["Apple", "Banana", "Cherry"], clock: clock)
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple", "Cherry"].map { TableViewCell(style: .subtitle, text: $0, detailText: "\($0) tree") })
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(table.wantsTicks)
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Banana", "Banana tree", "Cherry", "Cherry tree", "", ""], "at the start, as before")
        clock.now += .milliseconds(125)
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Banana", "Cherry", "Cherry tree", "", "", ""], "half way: Banana's first line is left")
        clock.now += .milliseconds(125)
        _ = table.handle(.tick, area: Rect(x: 0, y: 0, width: 20, height: 8))
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Cherry", "Cherry tree", "", "", "", ""], "a quarter second on: gone")
        #expect(!table.wantsTicks)
    }

    @Test func anInsertedRowOpensLineByLine() {
        let clock = Clock()
        let table = animatedTable(["Apple", "Cherry"], clock: clock)
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Apple", "Banana", "Cherry"].map { TableViewCell(style: .subtitle, text: $0, detailText: "\($0) tree") })
            update.insertRows(at: [IndexPath(row: 1, section: 0)])
        }
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Cherry", "Cherry tree", "", "", "", ""], "at the start, as before")
        clock.now += .milliseconds(125)
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Banana", "Cherry", "Cherry tree", "", "", ""], "half way: Banana's first line")
        clock.now += .milliseconds(125)
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Banana", "Banana tree", "Cherry", "Cherry tree", "", ""])
    }

    /// A moved row travels, drawn whole, from its old lines to its new ones, over the rows it
    /// passes; the places it leaves and takes close and open as space.
    @Test func aMovedRowTravelsFromItsOldPlaceToItsNewOne() {
        let clock = Clock()
        let table = animatedTable(["Apple", "Banana", "Cherry"], clock: clock)
        table.performBatchUpdates { update in
            table.dataSource = StaticTableDataSource(cells: ["Banana", "Cherry", "Apple"].map { TableViewCell(style: .subtitle, text: $0, detailText: "\($0) tree") })
            update.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        }
        expectFrame(shownLines(table), equals: ["Apple", "Apple tree", "Banana", "Banana tree", "Cherry", "Cherry tree", "", ""], "at the start, as before")
        clock.now += .milliseconds(125)
        expectFrame(shownLines(table), equals: ["", "Banana", "Apple", "Apple tree", "Cherry tree", "", "", ""],
                "half way: Apple half way down, over Banana's second line and Cherry's first")
        clock.now += .milliseconds(125)
        _ = table.handle(.tick, area: Rect(x: 0, y: 0, width: 20, height: 8))
        expectFrame(shownLines(table), equals: ["Banana", "Banana tree", "Cherry", "Cherry tree", "Apple", "Apple tree", "", ""])
    }

    /// Off for the table (`--no-animation`), or not asked for by the update.
    @Test(arguments: [true, false])
    func withoutAnimationTheChangeIsThereAtOnce(offForTheTable: Bool) {
        let clock = Clock()
        let table = animatedTable(["Apple", "Banana"], clock: clock)
        if offForTheTable { table.animatesRowChanges = false }
        table.performBatchUpdates(animated: offForTheTable) { update in
            table.dataSource = StaticTableDataSource(cells: [TableViewCell(style: .subtitle, text: "Apple", detailText: "Apple tree")])
            update.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(!table.wantsTicks)
        #expect(shownLines(table).prefix(3) == ["Apple", "Apple tree", ""])
    }
}

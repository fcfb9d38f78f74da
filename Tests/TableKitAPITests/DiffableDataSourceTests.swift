import Foundation
import TableKit
import Testing

/// The diffable data source as a person sees it: the rows of a snapshot on screen, and after
/// an apply the new rows, with the focus and the selection still on their items.
@MainActor
@Suite("Diffable data source: snapshots on screen, applied row by row")
struct DiffableDataSourceTests {
    let size = Size(width: 30, height: 8)

    /// Section titles from the section identifiers, as a UIKit subclass gives them.
    final class Shelves: TableViewDiffableDataSource<String, String> {
        override func titleForHeader(inSection section: Int) -> String? { sectionIdentifier(for: section) }
    }

    /// Shelves whose rows a person deletes: a commit applies a snapshot without the item.
    final class EditableShelves: TableViewDiffableDataSource<String, String> {
        override func titleForHeader(inSection section: Int) -> String? { sectionIdentifier(for: section) }
        override func canEditRow(at indexPath: IndexPath) -> Bool { true }
        override func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            guard let item = itemIdentifier(at: indexPath) else { return }
            var next = snapshot()
            if editingStyle == .delete { next.deleteItems([item]) }
            // An insert adds a fig at the end of the row's section, not at the row.
            if editingStyle == .insert, let section = sectionIdentifier(for: indexPath.section) { next.appendItems(["Fig"], toSection: section) }
            apply(next)
        }
    }

    /// Every row inserts.
    @MainActor
    final class Inserting: TableViewDelegate {
        func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .insert }
    }

    /// The commit's apply describes the change, not the table's guess ("a row at the row"):
    /// the fig goes to the end of the section and the focus stays on Apple.
    @Test func aCommitsOwnApplyDescribesTheChange() {
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
        let shelves = EditableShelves(tableViewController: table) { _, name in TableViewCell(text: name) }
        let inserting = Inserting()
        table.delegate = inserting
        var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Red"])
        snapshot.appendItems(["Apple", "Cherry"], toSection: "Red")
        shelves.apply(snapshot, animatingDifferences: false)
        table.layout(for: size)
        table.animatesRowChanges = false
        table.isEditing = true
        press([.character("+")], on: table, size: size)
        #expect(shelves.snapshot().itemIdentifiers == ["Apple", "Cherry", "Fig"])
        #expect(table.state.focusedRow == IndexPath(row: 0, section: 0), "still on Apple")
    }

    /// A delete in editing mode goes through the subclass's commit, whose apply is the
    /// change: one row goes, and the focus moves to the row after it, once.
    @Test func aCommitThatAppliesASnapshotDeletesOneRow() {
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
        let shelves = EditableShelves(tableViewController: table) { _, name in TableViewCell(text: name) }
        var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Red", "Yellow"])
        snapshot.appendItems(["Apple", "Cherry", "Plum"], toSection: "Red")
        snapshot.appendItems(["Banana", "Lemon"], toSection: "Yellow")
        shelves.apply(snapshot, animatingDifferences: false)
        table.layout(for: size)
        table.animatesRowChanges = false
        table.isEditing = true
        press([.down, .delete, .enter], on: table, size: size)
        #expect(rows(table) == ["Red", "⊖ Apple", "⊖ Plum", "Yellow", "⊖ Banana", "⊖ Lemon"], "\(rows(table))")
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "on Plum, the row after Cherry")
        #expect(shelves.snapshot().itemIdentifiers == ["Apple", "Plum", "Banana", "Lemon"])
    }

    private func fruitTable() -> (TableViewController, Shelves) {
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
        let shelves = Shelves(tableViewController: table) { _, name in TableViewCell(text: name) }
        var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Red", "Yellow"])
        snapshot.appendItems(["Apple", "Cherry"], toSection: "Red")
        snapshot.appendItems(["Banana", "Lemon"], toSection: "Yellow")
        shelves.apply(snapshot, animatingDifferences: false)
        table.layout(for: size)
        // The frames checked are each apply's end; the animation has tests of its own.
        table.animatesRowChanges = false
        return (table, shelves)
    }

    private func rows(_ table: TableViewController) -> [String] {
        lines(of: table, size: size).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func theSnapshotIsDrawnWithItsSectionTitles() {
        let (table, shelves) = fruitTable()
        #expect(rows(table) == ["Red", "Apple", "Cherry", "Yellow", "Banana", "Lemon"])
        let installed = table.dataSource as? Shelves
        #expect(installed === shelves, "installed as the controller's data source")
    }

    @Test func anItemMovedToAnotherSectionIsDrawnThereAndTheFocusFollowsAnItemBelowADeletion() {
        let (table, shelves) = fruitTable()
        table.focusRow(at: IndexPath(row: 1, section: 1))
        var next = shelves.snapshot()
        next.deleteItems(["Banana"])
        next.moveItem("Apple", afterItem: "Lemon")
        next.appendItems(["Plum"], toSection: "Red")
        shelves.apply(next)
        #expect(rows(table) == ["Red", "Cherry", "Plum", "Yellow", "Lemon", "Apple"])
        #expect(table.state.focusedRow == IndexPath(row: 0, section: 1), "still on Lemon")
        #expect(shelves.indexPath(for: "Apple") == IndexPath(row: 1, section: 1))
        #expect(shelves.itemIdentifier(at: IndexPath(row: 1, section: 0)) == "Plum")
        #expect(shelves.itemIdentifier(for: IndexPath(row: 1, section: 0)) == AnyHashable("Plum"))
        #expect(shelves.indexPath(for: "Banana") == nil)
    }

    /// `animatingDifferences` reaches the table: the deleted item collapses over a quarter
    /// second, and without it the rows change at once.
    @Test(arguments: [true, false])
    func applyAnimatesWhenAsked(animating: Bool) {
        final class Time: @unchecked Sendable { var now = ContinuousClock.now }
        let time = Time()
        let (table, shelves) = fruitTable()
        table.animatesRowChanges = true
        table.now = { time.now }
        _ = rows(table)
        var next = shelves.snapshot()
        next.deleteItems(["Cherry"])
        shelves.apply(next, animatingDifferences: animating)
        #expect(rows(table).contains("Cherry") == animating, "\(rows(table))")
        time.now += .milliseconds(250)
        _ = table.handle(.tick, area: Rect(origin: .zero, size: size))
        #expect(rows(table) == ["Red", "Apple", "Yellow", "Banana", "Lemon"])
    }

    @Test func sectionsMovedAndDeletedAreDrawnInTheirNewOrder() {
        let (table, shelves) = fruitTable()
        var next = shelves.snapshot()
        next.moveSection("Yellow", beforeSection: "Red")
        next.insertSections(["Green"], afterSection: "Red")
        next.appendItems(["Lime"], toSection: "Green")
        shelves.apply(next)
        #expect(rows(table) == ["Yellow", "Banana", "Lemon", "Red", "Apple", "Cherry", "Green", "Lime"])
        var fewer = shelves.snapshot()
        fewer.deleteSections(["Red", "Yellow"])
        shelves.apply(fewer)
        #expect(rows(table) == ["Green", "Lime"])
    }

    @Test func reloadedItemsLoseTheirSelectionAndReconfiguredOnesKeepIt() {
        let (table, shelves) = fruitTable()
        table.state.selectedRows = [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]
        var next = shelves.snapshot()
        next.reloadItems(["Apple"])
        next.reconfigureItems(["Cherry"])
        next.insertItems(["Apricot"], beforeItem: "Apple")
        shelves.apply(next)
        #expect(rows(table) == ["Red", "Apricot", "Apple", "Cherry", "Yellow", "Banana", "Lemon"])
        #expect(table.state.selectedRows == [IndexPath(row: 2, section: 0)], "Cherry, moved down one row by Apricot")
    }

    @Test func withoutATableApplyOnlyChangesTheSnapshot() {
        let source = TableViewDiffableDataSource<Int, Int>(cellProvider: { _, number in TableViewCell(text: "\(number)") })
        var snapshot = source.snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems([3, 1, 2])
        source.apply(snapshot)
        #expect(source.numberOfRows(inSection: 0) == 3)
        #expect(source.cell(for: IndexPath(row: 1, section: 0)).text == "1")
        #expect(source.cell(for: IndexPath(row: 9, section: 0)).text == "", "outside the snapshot: an empty cell")
        #expect(source.tableViewController == nil)
    }

    @Test func theDataSourceHoldsItsTableWeakly() {
        var table: TableViewController? = TableViewController(title: "Gone", dataSource: StaticTableDataSource(cells: []))
        let source = TableViewDiffableDataSource<Int, Int>(tableViewController: table!) { _, number in TableViewCell(text: "\(number)") }
        weak let watched = table
        // The controller holds the source; drop the controller and apply again.
        table?.dataSource = StaticTableDataSource(cells: [])
        table = nil
        #expect(watched == nil)
        var snapshot = source.snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems([1])
        source.apply(snapshot)
        #expect(source.numberOfRows(inSection: 0) == 1)
    }

    /// The example of ``TableViewDiffableDataSource``'s documentation, as written there.
    @Test func theDocumentationExample() {
        let list = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
        let fruits = TableViewDiffableDataSource<String, String>(tableViewController: list) { _, name in
            TableViewCell(text: name)
        }
        var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Fruit"])
        snapshot.appendItems(["Apple", "Banana", "Cherry"])
        fruits.apply(snapshot)

        var next = fruits.snapshot()
        next.deleteItems(["Banana"])
        fruits.apply(next)
        list.layout(for: size)
        #expect(rows(list) == ["Apple", "Cherry"])
    }
}

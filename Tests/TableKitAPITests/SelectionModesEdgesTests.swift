import Foundation
import TableKit
import Testing

/// Two sections of radio rows (a theme and a text size) and, under them, a list with single
/// selection.
@MainActor
private struct TwoRadioSections: TableViewDataSource {
    func numberOfSections() -> Int { 2 }
    func numberOfRows(inSection section: Int) -> Int { 3 }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: "Row \(indexPath.section).\(indexPath.row)") }
    func titleForHeader(inSection section: Int) -> String? { ["Theme", "Text Size"][section] }
    func selectionMode(forSection section: Int) -> SelectionMode? { .radio(.trailing) }
}

/// A radio section (a theme) above a section of checkmarks (the fields to show).
@MainActor
private struct RadioAboveChecks: TableViewDataSource {
    func numberOfSections() -> Int { 2 }
    func numberOfRows(inSection section: Int) -> Int { 3 }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: "Row \(indexPath.section).\(indexPath.row)") }
    func selectionMode(forSection section: Int) -> SelectionMode? { section == 0 ? .radio(.trailing) : .multiple(.trailing) }
}

/// The second case of each selection mode: single selection moves (it does not add), and a
/// radio choice in one section leaves the other sections' choices alone.
@MainActor
@Suite("Selection modes: single selection moves, radio sections are independent")
struct SelectionModesEdgesTests {
    let size = Size(width: 36, height: 14)

    @Test("in single selection, selecting another row deselects the first")
    func singleSelectionMoves() {
        var table = TableView()
        table.selectionMode = .single
        let screen = TableViewController(title: "L", tableView: table, dataSource: StaticTableDataSource(cells: (0 ..< 3).map { TableViewCell(text: "Row \($0)") }))
        screen.layout(for: size)
        screen.selectRow(at: IndexPath(row: 0, section: 0))
        screen.selectRow(at: IndexPath(row: 2, section: 0))
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    }

    @Test("choosing in one radio section keeps the choice of the other")
    func radioSectionsAreIndependent() {
        let screen = TableViewController(title: "Settings", style: .grouped, dataSource: TwoRadioSections())
        screen.layout(for: size)
        screen.selectRow(at: IndexPath(row: 1, section: 0))
        screen.selectRow(at: IndexPath(row: 2, section: 1))
        #expect(Set(screen.indexPathsForSelectedRows) == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 1)])
        screen.selectRow(at: IndexPath(row: 0, section: 1))
        #expect(Set(screen.indexPathsForSelectedRows) == [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1)],
                "the check moves within its section only")
    }

    @Test("Select None unchecks the checkmark rows and keeps the radio choice")
    func selectNoneKeepsTheRadioChoice() {
        let screen = TableViewController(title: "Settings", style: .grouped, dataSource: RadioAboveChecks())
        screen.layout(for: size)
        screen.selectRow(at: IndexPath(row: 2, section: 0))
        screen.selectRow(at: IndexPath(row: 0, section: 1))
        screen.selectRow(at: IndexPath(row: 1, section: 1))
        screen.deselectAllRows()
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        screen.selectAllRows()
        #expect(Set(screen.indexPathsForSelectedRows) == Set([IndexPath(row: 2, section: 0)] + (0 ..< 3).map { IndexPath(row: $0, section: 1) }),
                "Select All checks the checkmark rows and leaves the radio section with its one choice")
    }
}

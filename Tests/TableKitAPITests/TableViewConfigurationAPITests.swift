import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A table made with a setting, and the same table reached by changing that setting after
/// the screen was made, as an app's settings screen changes its own table.
private struct ChangedTable: Sendable, CustomTestStringConvertible {
    let setting: String
    /// The table configuration and rows the initializers make.
    let made: @MainActor @Sendable () -> TableViewController
    /// A screen drawn differently from `made`'s until `change` runs on it.
    let start: @MainActor @Sendable () -> TableViewController
    let change: @MainActor @Sendable (TableViewController) -> Void

    var testDescription: String { setting }
}

private let fruit: [TableSection] = [
    TableSection(header: "A", cells: [TableViewCell(text: "Apple"), TableViewCell(text: "Apricot")]),
    TableSection(header: "B", cells: [TableViewCell(text: "Banana")]),
]

/// A screen showing `sections` in a table configured as `tableView`.
@MainActor
private func screen(_ tableView: TableView = TableView(), _ sections: [TableSection] = fruit) -> TableViewController {
    TableViewController(title: "Fruit", tableView: tableView, dataSource: StaticTableDataSource(sections))
}

/// A screen of fruit under an index, in a table configured as `tableView`.
@MainActor
private func indexed(_ tableView: TableView = TableView()) -> TableViewController {
    TableViewController(title: "Fruit", tableView: tableView, dataSource: fruitSections())
}

/// Changes the static rows of `list` with `change`, and gives them back to it.
@MainActor
private func changeSections(of list: TableViewController, _ change: (inout [TableSection]) -> Void) {
    guard var rows = list.dataSource as? StaticTableDataSource else { return }
    change(&rows.sections)
    list.dataSource = rows
}

private let changes: [ChangedTable] = [
    ChangedTable(setting: "TableView.emptyMessage", made: { screen(TableView(emptyMessage: "No Fruit"), []) },
                 start: { screen(TableView(), []) }) { $0.tableView.emptyMessage = "No Fruit" },
    ChangedTable(setting: "TableView.showsSectionIndex", made: { indexed(TableView(showsSectionIndex: false)) },
                 start: { indexed() }) { $0.tableView.showsSectionIndex = false },
    ChangedTable(setting: "TableView.sectionHeaderHeight", made: { screen(TableView(sectionHeaderHeight: 2)) },
                 start: { screen() }) { $0.tableView.sectionHeaderHeight = 2 },
    ChangedTable(setting: "TableSection.headerTitle", made: { screen(TableView(), [TableSection(header: "Red", cells: fruit[0].cells)]) },
                 start: { screen(TableView(), [TableSection(cells: fruit[0].cells)]) }) { changeSections(of: $0) { $0[0].headerTitle = "Red" } },
    ChangedTable(setting: "TableSection.footerTitle", made: { screen(TableView(), [TableSection(header: "A", footer: "2 kinds", cells: fruit[0].cells)]) },
                 start: { screen(TableView(), [fruit[0]]) }) { changeSections(of: $0) { $0[0].footerTitle = "2 kinds" } },
    ChangedTable(setting: "TableSection.cells", made: { screen(TableView(), [TableSection(header: "A", cells: [TableViewCell(text: "Avocado")])]) },
                 start: { screen(TableView(), [fruit[0]]) }) { changeSections(of: $0) { $0[0].cells = [TableViewCell(text: "Avocado")] } },
    ChangedTable(setting: "TableSection.selectionMode",
                 made: { screen(TableView(), [TableSection(header: "A", selectionMode: .multiple(.leading), cells: fruit[0].cells)]) },
                 start: { screen(TableView(), [fruit[0]]) }) { changeSections(of: $0) { $0[0].selectionMode = .multiple(.leading) } },
    ChangedTable(setting: "StaticTableDataSource.sections", made: { screen(TableView(), [fruit[1]]) },
                 start: { screen() }) { changeSections(of: $0) { $0.removeFirst() } },
]

@MainActor
@Suite("A table's settings and static sections, changed after the screen is made, draw as the initializers' do")
struct TableViewConfigurationAPITests {
    static let size = Size(width: 24, height: 8)

    private func drawn(_ list: TableViewController) -> [String] {
        list.layout(for: Self.size)
        return styledLines(of: list, size: Self.size)
    }

    @Test(arguments: changes)
    fileprivate func aChangedSettingDrawsAsTheInitializersArgument(_ change: ChangedTable) {
        let made = drawn(change.made())
        let list = change.start()
        #expect(drawn(list) != made, "the change must show, or this case proves nothing")
        change.change(list)
        expectFrame(drawn(list), equals: made)
    }

    // MARK: Search

    /// A screen whose search offers two scopes.
    private func searchable() -> TableViewController {
        let list = screen()
        let search = SearchController()
        search.scopeButtonTitles = ["Names", "All"]
        list.searchController = search
        list.layout(for: Self.size)
        return list
    }

    @Test func thePlaceholderSetAfterwardsIsWhatTheEmptyFieldSays() throws {
        let list = searchable()
        let search = try #require(list.searchController)
        search.placeholder = "Find fruit"
        press([.character("/")], on: list, size: Self.size)
        #expect(lines(of: list, size: Self.size)[0] == " ⌕ Find fruit")
    }

    @Test func theScopeBarShowsWhileASearchWithScopesIsActive() throws {
        let list = searchable()
        let search = try #require(list.searchController)
        #expect(!search.showsScopeBar)
        press([.character("/")], on: list, size: Self.size)
        #expect(search.showsScopeBar)
        #expect(lines(of: list, size: Self.size)[1].contains("Names │ All"))
        press([.escape], on: list, size: Self.size)
        #expect(!search.showsScopeBar, "the search ended")
        search.scopeButtonTitles = ["Names"]
        press([.character("/")], on: list, size: Self.size)
        #expect(!search.showsScopeBar, "one scope is no choice: no bar")
        #expect(!lines(of: list, size: Self.size)[1].contains("Names"))
    }

    // MARK: Diffable data source

    @Test func theCellProviderAndSnapshotTypesAreWhatTheDataSourceTakes() {
        typealias Shelves = TableViewDiffableDataSource<String, String>
        let table = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
        let provider: Shelves.CellProvider = { indexPath, name in TableViewCell(text: "\(indexPath.row + 1). \(name)") }
        let shelves = Shelves(tableViewController: table, cellProvider: provider)
        var snapshot = Shelves.Snapshot()
        snapshot.appendSections(["Red"])
        snapshot.appendItems(["Apple", "Cherry"], toSection: "Red")
        shelves.apply(snapshot, animatingDifferences: false)
        table.layout(for: Size(width: 12, height: 3))
        expectFrame(table, size: Size(width: 12, height: 3), equals: [
            " 1. Apple",
            " 2. Cherry",
            "",
        ])
    }
}

/// Sections whose changes a batch update describes.
private struct SectionChange: Sendable, CustomTestStringConvertible {
    let name: String
    /// The sections after the change (of the sections named "A", "B", "C").
    let after: [String]
    let record: @Sendable (inout TableViewBatchUpdate) -> Void
    /// Where the focus (on B's second row) and the selection (on C's row) are after it.
    let focus: IndexPath
    let selection: [IndexPath]

    var testDescription: String { name }
}

private let sectionChanges: [SectionChange] = [
    SectionChange(name: "deleteSections", after: ["B", "C"], record: { $0.deleteSections([0]) },
                  focus: IndexPath(row: 1, section: 0), selection: [IndexPath(row: 0, section: 1)]),
    SectionChange(name: "insertSections", after: ["N", "A", "B", "C"], record: { $0.insertSections([0]) },
                  focus: IndexPath(row: 1, section: 2), selection: [IndexPath(row: 0, section: 3)]),
    SectionChange(name: "moveSection", after: ["C", "A", "B"], record: { $0.moveSection(2, toSection: 0) },
                  focus: IndexPath(row: 1, section: 2), selection: [IndexPath(row: 0, section: 0)]),
    SectionChange(name: "reloadSections", after: ["A", "B", "C"], record: { $0.reloadSections([2]) },
                  focus: IndexPath(row: 1, section: 1), selection: []),
]

@MainActor
@Suite("A batch update's section changes carry the focus and the selection to where their rows went")
struct BatchUpdateSectionsAPITests {
    /// Section `name`: its header, and two rows (one for C).
    private func section(_ name: String) -> TableSection {
        TableSection(header: name, cells: (1 ... (name == "C" ? 1 : 2)).map { TableViewCell(text: "\(name)\($0)") })
    }

    @Test(arguments: sectionChanges)
    fileprivate func theFocusAndSelectionFollowTheirSections(_ change: SectionChange) {
        let list = TableViewController(title: "T", dataSource: StaticTableDataSource(["A", "B", "C"].map(section)))
        list.animatesRowChanges = false
        list.layout(for: Size(width: 20, height: 12))
        list.focusRow(at: IndexPath(row: 1, section: 1))
        list.selectRow(at: IndexPath(row: 0, section: 2))
        list.performBatchUpdates { update in
            list.dataSource = StaticTableDataSource(change.after.map(section))
            change.record(&update)
        }
        #expect(list.state.focusedRow == change.focus)
        #expect(list.indexPathsForSelectedRows == change.selection)
    }
}

import Foundation

/// What a table's selection needs beyond the rows checked on screen: the items a search
/// hides, carried by identity through a change of data source; the "3 Selected" title; and
/// the single selection cleared when the screen comes back to the front.
@MainActor
final class SelectionPart: TableViewControllerPart {
    /// Selected items the data source does not show now (a search hides them), by identity:
    /// they are selected again when they come back.
    var outOfSight: Set<AnyHashable> = []
    /// The screen's ``TableViewController/clearsSelectionOnViewWillAppear``.
    var clearsOnWillAppear = true
    /// The screen's ``TableViewController/showsSelectionCount``.
    var showsCount = false

    func willAppear(in table: TableViewController) {
        if clearsOnWillAppear { clearSingleSelection(in: table) }
    }

    /// Clears the selection of the rows of single-selection sections (checks stay).
    func clearSingleSelection(in table: TableViewController) {
        table.state.selectedRows = table.state.selectedRows.filter {
            table.tableView.selectionMode(forSection: $0.section, dataSource: table.dataSource) != .single
        }
    }

    /// How many items are selected: the rows on the table and the items a search hides.
    func count(in table: TableViewController) -> Int { table.state.selectedRows.count + outOfSight.count }

    /// The navigation bar's title while items are checked and the count shows, else `nil`.
    func title(in table: TableViewController) -> String? {
        let count = count(in: table)
        return showsCount && count > 0 ? "\(count) Selected" : nil
    }

    /// The data source of `table` changed from `old`: with identities, the selection follows
    /// its items to their new rows, and the items no longer shown wait out of sight. Without,
    /// it stays as it was.
    func carry(from old: any TableViewDataSource, in table: TableViewController) {
        guard !table.state.selectedRows.isEmpty || !outOfSight.isEmpty else { return }
        let dataSource = table.dataSource
        var wanted = outOfSight
        for indexPath in table.state.selectedRows {
            guard let identifier = old.itemIdentifier(for: indexPath) else { return }
            wanted.insert(identifier)
        }
        var selected = Set<IndexPath>()
        // One pass over the rows: a selection costs what the table's length costs, once.
        for section in 0 ..< dataSource.numberOfSections() where !wanted.isEmpty {
            for row in 0 ..< dataSource.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                guard let identifier = dataSource.itemIdentifier(for: indexPath) else { break }
                if wanted.remove(identifier) != nil { selected.insert(indexPath) }
            }
        }
        table.state.selectedRows = selected
        outOfSight = wanted
    }

    /// Keeps the selection through a change of the whole table state (a search's results
    /// shown, the search ended): with item identities the selection made meanwhile stays;
    /// without, `replacement`'s own selection is taken.
    func replaceState(of table: TableViewController, with replacement: TableViewState) {
        let selected = table.state.selectedRows
        table.state = replacement
        if identifiesItems(table.dataSource) { table.state.selectedRows = selected }
    }

    /// Whether the data source identifies its items, judged by its first row.
    private func identifiesItems(_ dataSource: any TableViewDataSource) -> Bool {
        guard let section = (0 ..< dataSource.numberOfSections()).first(where: { dataSource.numberOfRows(inSection: $0) > 0 }) else {
            return false
        }
        return dataSource.itemIdentifier(for: IndexPath(row: 0, section: section)) != nil
    }
}

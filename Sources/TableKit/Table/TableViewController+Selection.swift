import Foundation

/// Selection beyond the rows on screen: the items a search hides, carried by identity through
/// a change of data source; selecting in code.
extension TableViewController {
    /// The selected rows on the table, in order.
    public var indexPathsForSelectedRows: [IndexPath] { state.selectedRows.sorted() }

    /// The identities of the selected items, shown or not, when the data source identifies
    /// its items (``TableViewDataSource/itemIdentifier(for:)``); otherwise empty.
    public var identifiersOfSelectedItems: Set<AnyHashable> {
        selectionOutOfSight.union(state.selectedRows.compactMap(dataSource.itemIdentifier(for:)))
    }

    /// How many items are selected: the rows on the table and the items a search hides.
    public var numberOfSelectedItems: Int { state.selectedRows.count + selectionOutOfSight.count }

    /// Select All and Select None, for the navigation bar or the toolbar of a screen with
    /// checkmark sections; each is dimmed while it would change nothing. The base
    /// ``barButtonTapped(_:area:)`` handles them.
    ///
    /// - Parameters:
    ///   - selectAllKey: The key of Select All (`a` by default).
    ///   - selectNoneKey: The key of Select None (`n` by default).
    public func selectionBarButtonItems(selectAllKey: Key = .character("a"), selectNoneKey: Key = .character("n")) -> [BarButtonItem] {
        // Counted, not listed: the bars are drawn every frame, and a list may be long.
        let checkable = checkableSections.reduce(0) { $0 + dataSource.numberOfRows(inSection: $1) }
        let checked = state.selectedRows.count { isCheckable($0.section) }
        return [
            BarButtonItem(id: .selectAll, title: "Select All", key: selectAllKey, isEnabled: checked < checkable,
                          help: "check every row"),
            BarButtonItem(id: .selectNone, title: "Select None", key: selectNoneKey, isEnabled: numberOfSelectedItems > 0,
                          help: "uncheck every row"),
        ]
    }

    /// Whether `section` is a checkmark (`.multiple`) section.
    func isCheckable(_ section: Int) -> Bool {
        if case .multiple = tableView.selectionMode(forSection: section, dataSource: dataSource) { return true }
        return false
    }

    /// The table's checkmark sections.
    var checkableSections: [Int] { (0 ..< dataSource.numberOfSections()).filter(isCheckable) }

    /// Checks every row of the checkmark (`.multiple`) sections, telling no delegate.
    public func selectAllRows() {
        for section in checkableSections {
            state.selectedRows.formUnion((0 ..< dataSource.numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) })
        }
    }

    /// Unchecks every row of the checkmark sections, and the items a search hides, telling no
    /// delegate. Radio checks stay: a radio section always keeps its one choice.
    public func deselectAllRows() {
        selectionOutOfSight.removeAll()
        state.selectedRows = state.selectedRows.filter { !isCheckable($0.section) }
    }

    /// Selects `indexPath` by its section's rules, telling no delegate (as UIKit's
    /// programmatic `selectRow`): a radio section's check moves there.
    public func selectRow(at indexPath: IndexPath) {
        _ = tableView.select(indexPath, in: &state, toggles: false, dataSource: dataSource)
    }

    /// Removes `indexPath` from the selection, telling no delegate.
    public func deselectRow(at indexPath: IndexPath) {
        state.selectedRows.remove(indexPath)
    }

    /// Removes the item identified as `identifier` from the selection, shown or hidden by a
    /// search, telling no delegate: before the item itself goes away.
    public func deselectItem(_ identifier: AnyHashable) {
        selectionOutOfSight.remove(identifier)
        state.selectedRows = state.selectedRows.filter { dataSource.itemIdentifier(for: $0) != identifier }
    }

    /// Moves the focus to `indexPath` and scrolls the least that shows it, telling no delegate
    /// (as UIKit's programmatic `selectRow(at:animated:scrollPosition:)`).
    public func focusRow(at indexPath: IndexPath) {
        state.focusedRow = indexPath
        _ = tableView.update(&state, action: .refresh, dataSource: dataSource, size: tableSize, heightCache: heightCache)
    }

    /// Clears the selection of the rows of single-selection sections (checks stay).
    func clearSingleSelection() {
        state.selectedRows = state.selectedRows.filter { tableView.selectionMode(forSection: $0.section, dataSource: dataSource) != .single }
    }

    /// The data source changed from `old`: with identities, the selection follows its items to
    /// their new rows, and the items no longer shown wait out of sight. Without, it stays.
    func carrySelection(from old: any TableViewDataSource) {
        guard let carried = TableView.selection(state.selectedRows, outOfSight: selectionOutOfSight, carriedFrom: old, to: dataSource) else { return }
        (state.selectedRows, selectionOutOfSight) = carried
    }
}

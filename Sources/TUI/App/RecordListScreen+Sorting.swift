import Foundation
import TableKit

/// The list in another order: chosen in Settings, in the bar (Title | Author) or from Sort (o).
extension RecordListScreen {
    /// Sections and sorts the records again by `order` (Settings › Sort Books By); the focus
    /// stays on the record it was on, at the top, unless `keepsFocus` is false (at start the
    /// list opens at its top).
    func setSortOrder(_ order: IndexedRecords.SortOrder, keepsFocus: Bool = true) {
        sorting.chosenOrder = order
        // The bar's Title | Author follows, whoever chose (it or Settings).
        if let segment = RecordSorting.segment(of: order) { titleSegmentedControl?.selectedSegmentIndex = segment }
        guard order != records.sortOrder, records.isSorted else { return }
        adoptSorted(IndexedRecords(store: records.store, collation: records.collation, sortOrder: order), keepsFocus: keepsFocus)
    }

    /// Shows the same records in another order; the record that had the focus keeps it, at
    /// the top of the list, unless `keepsFocus` is false.
    func adoptSorted(_ sorted: IndexedRecords, keepsFocus: Bool = true) {
        let focused = keepsFocus ? state.focusedRow.flatMap(dataSourceOfRecords.recordIndex(at:)) : nil
        let search = adopt(sorted)
        state = TableViewState()
        if let indexPath = focused.flatMap(dataSourceOfRecords.indexPath(of:)) {
            state.focusedRow = indexPath
            state.scrollPosition = ScrollPosition(item: .row(indexPath))
        }
        reloadData()
        resume(search)
    }

    /// Sorts the list by `key` (the title key sorts by title): at once for a short list, in the
    /// background for a long one.
    func sort(byField key: String) {
        let order = RecordSorting.order(byField: key, of: records.store)
        guard records.count >= RecordSorting.backgroundSortMinimum else {
            setSortOrder(order)
            return
        }
        sorting.chosenOrder = order
        let store = records.store, collation = records.collation
        backgroundWorkTitle = "Sorting \(records.count.groupedText) records…"
        startReload(BackgroundTask { _ in .success(IndexedRecords(store: store, collation: collation, sortOrder: order)) })
    }
}

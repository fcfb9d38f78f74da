import Foundation
import TableKit
import TableKitTerminal

/// Work in the background: a reload, another of the file's arrays, a sort by a field;
/// the records it brings replace the list's.
extension RecordListScreen {
    func pollReload() -> ScreenResponse {
        guard let task = reloadTask else { return .handled }
        if task.isFinished {
            reloadTask = nil
            switch task.takeResult() {
            case .success(let newRecords) where backgroundWorkTitle != nil:
                // A sort: the same records, in the order chosen.
                isReloadSheetShown = false
                adoptSorted(newRecords)
            case .success(let newRecords):
                editable?.adopt(newRecords.store)
                replaceRecords(newRecords)
            case .failure(let failure):
                var alert = Alert(title: "Could not reload", message: failure.message)
                alert.addAction(AlertAction(title: "OK", style: .cancel))
                return .present(AlertController(alert: alert))
            case nil:
                break
            }
        } else if task.isSlow, !isReloadSheetShown {
            isReloadSheetShown = true
            return .present(ProgressModal(
                title: backgroundWorkTitle ?? "Loading \(title)…", progress: { nil },
                isFinished: { task.isFinished },
                onCancel: { [weak self] in
                    task.cancel()
                    guard let self else { return }
                    reloadTask = nil
                    // A cancelled sort leaves the order as it was.
                    if backgroundWorkTitle != nil { chosenSortOrder = records.sortOrder }
                }
            ))
        }
        return .handled
    }

    /// Shows the whole title order once `task` has sorted the rest; meanwhile the list shows
    /// its first rows (``IndexedRecords/isPreview``), and an event that comes before the rest
    /// waits for it (at a million records it is the last tenth of the load).
    func finishSorting(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        restOfSort = task
    }

    /// Takes the whole order if the rest of the sort has finished, or, if `waiting`, once it
    /// has. The first rows are the same in it, so the focus and the top row stay where they are.
    func takeRestOfSort(waiting: Bool) {
        guard let task = restOfSort else { return }
        while waiting, !task.isFinished { Wakeup.wait() }
        guard task.isFinished else { return }
        restOfSort = nil
        // Records replaced meanwhile (another order chosen at start) are kept.
        guard records.isPreview, case .success(let whole)? = task.takeResult() else { return }
        records = whole
        updateShownResult()
        reloadData()
        prepareTitleSearch()
    }

    private func replaceRecords(_ newRecords: IndexedRecords) {
        isReloadSheetShown = false
        // A reload, and the first load of a large file, take the order Settings chose.
        let sorted = newRecords.sortOrder == chosenSortOrder ? newRecords
            : IndexedRecords(store: newRecords.store, collation: newRecords.collation, sortOrder: chosenSortOrder)
        let search = adopt(sorted)
        state = TableViewState()
        reloadData()
        resume(search)
        prepareTitleSearch()
        // New content glows on the tab until the list is looked at.
        tabBarItem?.badge = isVisible ? nil : .dot
    }

    /// Takes `newRecords` in place of the records: hidden records end, and so does a search,
    /// which is returned for ``resume(_:)`` once the table shows the new records.
    func adopt(_ newRecords: IndexedRecords) -> InterruptedSearch? {
        let search = searchController?.session.map { InterruptedSearch(text: $0.field.text, isEditing: $0.isEditing) }
        if searchController?.isActive == true { endSearch() }
        records = newRecords
        if columnLayout != nil {
            columnLayout = Self.columnLayout(for: columnsChoice.fields, titleKey: newRecords.store.titleKey, store: newRecords.store)
        }
        filters.values.forEach { $0.cancel() }
        filters = [:]
        searchController?.progressTitle = "Searching \(newRecords.count) records…"
        hiddenPositions = []
        filterResult = nil
        return search
    }
}

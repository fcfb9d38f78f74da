import Foundation
import TableKit
import TableKitTerminal

/// Work in the background: a reload, another of the file's arrays, a sort by a field;
/// the records it brings replace the list's.
extension RecordListScreen {
    /// Starts showing `task`'s records once it finishes: its end arrives as an event, and a
    /// progress sheet with Cancel comes up if it is still running half a second after it
    /// started (a timer, not a poll).
    func startReload(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        reloadTask = task
        reloadSheet = nil
        task.deliver(to: self) { list in list.reloadDidFinish(task) }
        post(after: max(.zero, ContinuousClock.now.duration(to: task.slowSince))) { list in
            list.showProgressSheet(ifStillRunning: task)
        }
    }

    /// The work of a reload (or a sort, or the first load) ended: its records replace the
    /// list's, or an alert says why they could not. Its progress sheet, if up, comes down now
    /// (not at its next tick, which a key typed meanwhile would reach first).
    private func reloadDidFinish(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) -> ScreenResponse {
        guard reloadTask === task else { return .handled }
        reloadTask = nil
        let sheet = reloadSheet
        reloadSheet = nil
        switch task.takeResult() {
        case .success(let newRecords) where backgroundWorkTitle != nil:
            // A sort: the same records, in the order chosen.
            adoptSorted(newRecords)
        case .success(let newRecords):
            editable?.adopt(newRecords.store)
            replaceRecords(newRecords)
            // First rows that came after the progress sheet went up: the rest sorts behind
            // them, as when they come in time.
            if records === newRecords { sortRest(of: newRecords) }
        case .failure(let failure):
            return dismiss(sheet) { .present(AlertController.notice(title: "Could not reload", message: failure.message)) }
        case nil:
            break
        }
        return sheet.map { .dismiss($0) } ?? .handled
    }

    /// Half a second into `task`: the progress sheet, with Cancel, if it is still running.
    private func showProgressSheet(ifStillRunning task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) -> ScreenResponse {
        guard reloadTask === task, !task.isFinished, reloadSheet == nil else { return .handled }
        let sheet = ProgressModal(
            title: backgroundWorkTitle ?? "Loading \(title)…", progress: { nil },
            onCancel: { [weak self] in
                task.cancel()
                guard let self, reloadTask === task else { return }
                reloadTask = nil
                // A cancelled sort leaves the order as it was.
                if backgroundWorkTitle != nil { chosenSortOrder = records.sortOrder }
            }
        )
        reloadSheet = sheet
        return .present(sheet)
    }

    /// Shows the whole title order once `task` has sorted the rest; meanwhile the list shows
    /// its first rows (``IndexedRecords/isPreview``), and keys and clicks wait for the rest
    /// (``defersEvents``): at a million records it is the last tenth of the load.
    func finishSorting(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        restOfSort = task
        task.deliver(to: self) { list in
            list.takeRestOfSort(task)
            return .handled
        }
    }

    /// Sorts the rest of `preview` (its ``IndexedRecords/restOfSort``) behind it, as
    /// ``finishSorting(_:)`` says; nothing for records in their whole order.
    func sortRest(of preview: IndexedRecords) {
        guard let rest = preview.restOfSort else { return }
        finishSorting(BackgroundTask { _ in .success(rest()) })
    }

    /// Takes the whole order the rest of the sort brought. The first rows are the same in it,
    /// so the focus and the top row stay where they are.
    private func takeRestOfSort(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        guard restOfSort === task else { return }
        restOfSort = nil
        // Records replaced meanwhile (another order chosen at start) are kept.
        guard records.isPreview, case .success(let whole)? = task.takeResult() else { return }
        // What was made over the preview goes: its searches' filters (a search typed
        // meanwhile is searched again in the whole order).
        let search = adopt(whole)
        reloadData()
        researchesAfterTheRest = search != nil
        resume(search)
        prepareTitleSearch()
    }

    private func replaceRecords(_ newRecords: IndexedRecords) {
        // A reload, and the first load of a large file, take the order Settings chose.
        let sorted = newRecords.sortOrder == chosenSortOrder ? newRecords
            : IndexedRecords(store: newRecords.store, collation: newRecords.collation, sortOrder: chosenSortOrder)
        let search = adopt(sorted)
        state = TableViewState()
        reloadData()
        resume(search)
        prepareTitleSearch()
        prepareColumnProfiles()
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
        searchController?.progressTitle = "Searching \(newRecords.count.groupedText) records…"
        hiddenPositions = []
        filterResult = nil
        return search
    }
}

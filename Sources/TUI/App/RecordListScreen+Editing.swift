import Foundation
import TableKit

/// Adding and editing records, and showing them as saved.
extension RecordListScreen {
    /// Add Book, or Add Record with the keys of the focused record (the file's first, without
    /// focus).
    func addForm() -> ScreenResponse {
        guard let editing, isOn, records.isSorted else { return .ignored }
        let filesFirst = records.count > 0 ? RecordIndex(0) : nil
        let template = state.focusedRow.flatMap(dataSourceOfRecords.recordIndex(at:)) ?? filesFirst
        return editing.addForm(like: template, startSave: saveStarter) { [weak self] in self?.recordsDidChange(focusing: $0) }
    }

    // MARK: Saving in the background

    /// Whether a save of these records is running.
    var isSaving: Bool { editable?.saveUnderWay != nil }

    /// What the rows of the records `changes` touches say while it is saved: "Saving…",
    /// "Deleting…".
    private static func savingMarks(of changes: RecordChanges) -> [Int: String] {
        var marks = Dictionary(changes.replaced.keys.map { ($0, "Saving…") }) { first, _ in first }
        for record in changes.deleted { marks[record] = "Deleting…" }
        return marks
    }

    /// How the forms of this list save: in the background, their end delivered here (the
    /// list outlives a form, which goes as soon as its save starts).
    var saveStarter: RecordSaveStarter {
        { [weak self] (save, landed) throws(SaveFailure) in
            guard let self else { throw SaveFailure(reason: .other, message: "The list of these records is gone; nothing was saved.") }
            try startSave(save, then: landed)
        }
    }

    /// Starts `save` in the background: the rows it changes show that they are being saved,
    /// and keys, navigation and search go on meanwhile. Its end arrives as an event: the
    /// records take what was written, the marks go, and `landed` answers.
    /// - Throws: `SaveFailure` when another save is running (nothing started).
    ///
    /// Once saved, the change can be undone (``undoManager``): its inverse, worked out now from
    /// the records as they are, is registered as `actionName` ("Delete 3 Books"). A save that an
    /// undo or a redo starts registers its inverse at once, as the redo (or the undo again); if
    /// it then fails, the undo is offered again. (`inverse` is the save's, when the caller has
    /// worked it out already.)
    func startSave(_ save: RecordSave, actionName: String? = nil, inverse known: RecordChanges? = nil,
                   then landed: @escaping @MainActor (Result<RecordSaveOutcome, SaveFailure>) -> ScreenResponse) throws(SaveFailure) {
        guard let editable else { throw SaveFailure(reason: .other, message: "These records cannot be changed.") }
        let inverse = undoManager.map { _ in known ?? save.changes.inverse(in: editable.store) }
        let name = actionName ?? undoName(of: save.changes)
        let isUndoOrRedo = undoManager.map { $0.isUndoing || $0.isRedoing } ?? false
        let task = try editable.startSave(save, ordering: records)
        if isUndoOrRedo, let inverse { registerUndo(of: inverse, named: name) }
        savingRecords = Self.savingMarks(of: save.changes)
        task.deliver(to: self) { list in
            guard let result = list.editable?.finishSave(task) else { return .handled }
            switch result {
            case .success(let outcome) where outcome.broughtOtherChanges:
                // Another instance's changes came in: the records are numbered anew.
                list.undoManager?.removeAllActions(withTarget: list)
            case .success: if !isUndoOrRedo, let inverse { list.registerUndo(of: inverse, named: name) }
            case .failure: if isUndoOrRedo { list.undoManager?.restoreLastUndoOrRedo() }
            }
            list.savingRecords = [:]
            list.prepareColumnProfiles()
            list.landedOrder = try? result.get().order
            list.landedSorting = try? result.get().sorted
            defer {
                list.landedOrder = nil
                list.landedSorting = nil
            }
            list.updateShownResult()
            return landed(result)
        }
        updateShownResult()
    }

    /// Profiles the columns of the records as they are now in the background, for the forms
    /// (``EditableRecords/columnProfiles(keys:including:)``); nothing when they are made.
    func prepareColumnProfiles() {
        guard let editable, !editable.hasColumnProfiles else { return }
        let store = editable.store
        runInBackground({ ColumnProfile.profiles(of: store, keys: store.sampledKeys(), including: nil) }) { list, profiles in
            list.editable?.takeColumnProfiles(profiles, of: store)
            return .handled
        }
    }

    /// The records were saved: the list shows them as they are now, the focus on `record`
    /// (the one edited or added) or, after a deletion, on the row where the record was.
    func recordsDidChange(focusing record: RecordIndex?) {
        guard let editing else { return }
        let row = state.focusedRow
        if let newTitle = source.followSaveAs(of: editing.records, store: records.store) {
            title = newTitle
        }
        if let reordering = landedOrder, showChange(reordering, store: editing.records.store) { return }
        // One record edited in the order shown: it moves to its new place, and nothing else is
        // sorted again (at ten million records a whole sort takes seconds).
        let store = editing.records.store
        let moved = sorting.chosenOrder == records.sortOrder ? editing.records.editedRecord.flatMap { records.replacing(record: $0, in: store) } : nil
        // Sorted whole where the save ran, when it could not be updated; only a reload (or an
        // order chosen meanwhile) sorts here.
        let sortedThere = landedSorting.flatMap { $0.store === store && $0.sortOrder == sorting.chosenOrder && $0.collation == records.collation ? $0 : nil }
        let search = adopt(moved ?? sortedThere ?? IndexedRecords(store: store, collation: records.collation, sortOrder: sorting.chosenOrder))
        state = TableViewState()
        reloadData()
        if let indexPath = record.flatMap(dataSourceOfRecords.indexPath(of:)) {
            focusRow(at: indexPath)
        } else if let row, records.count > 0 {
            focusRow(at: row)
        }
        // A search typed while the save ran goes on, over the records as they are now.
        resume(search)
    }
}

extension RecordListScreen {
    /// Shows the records after a save as `reordering` has them, worked out from what the save
    /// changed: the table's rows change by a batch update (deleted, inserted, moved), the
    /// focus and the checks carried by it, with no sort and no lookup of every row. Under a
    /// search (typed while the save ran) or hidden rows, the search goes on over the new order,
    /// still unsorted. Returns false, changing nothing, where it does not apply: the list shows
    /// another order now, or the save's records are not `store`.
    fileprivate func showChange(_ reordering: RecordSaveOutcome.Reordering, store: JSONRecordStore) -> Bool {
        let update = reordering.update
        guard reordering.from === records, update.records.store === store, sorting.chosenOrder == records.sortOrder else { return false }
        guard isOn, !shown.isSearch, shown.hiddenPositions.isEmpty, searchController?.isActive != true else {
            let interrupted = adopt(update.records)
            reloadData()
            resume(interrupted)
            return true
        }
        let oldSections = dataSourceOfRecords.sections
        performBatchUpdates(animated: false) { batch in
            _ = adopt(update.records)
            updateShownResult()
            batch = update.change.batchUpdate(from: oldSections, to: dataSourceOfRecords.sections)
        }
        // The record added or moved by an edit is focused where it now is; after a deletion the
        // batch update has handed the focus on.
        if let position = update.change.inserted.last ?? update.change.moved.last?.to,
           let indexPath = dataSourceOfRecords.indexPath(of: ResultIndex(position)) {
            focusRow(at: indexPath)
        }
        return true
    }
}

/// Deleting several records at once: Edit (`E`) checks rows, Delete 3 Books (`d`) asks, then saves one
/// change that removes them all, spliced out of the file as a single deletion is.
extension RecordListScreen {
    /// The records checked, as the file numbers them.
    private var checkedRecords: [RecordIndex] {
        indexPathsForSelectedRows.compactMap(dataSourceOfRecords.recordIndex(at:))
    }

    /// Asks before deleting the checked records.
    func confirmDeletingChecked() -> ScreenResponse {
        let checked = checkedRecords
        guard editing != nil, !checked.isEmpty else { return .handled }
        let noun = isBookList ? (checked.count == 1 ? "Book" : "Books") : (checked.count == 1 ? "Record" : "Records")
        let named = checked.count == 1 ? "“\(ControlEscaping.escaped(String(records.store.title(at: checked[0]).prefix(40))))”" : nil
        let subject = named.map { $0 + " is" } ?? "They are"
        // The books speak of books: where their changes are kept is the app's business.
        let message = isBookList ? "\(subject) deleted from the books at once; the other books stay as they are."
            : "\(subject) deleted from \(editing?.records.destination ?? "the file") at once; the rest of it stays as it is."
        var alert = Alert(title: "Delete \(checked.count) \(noun)?", message: message)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction.answering(title: "Delete", style: .destructive, answer: { [weak self] in self?.deleteChecked(checked) ?? .handled }))
        return .present(AlertController(alert: alert))
    }

    /// Deletes `checked` with one save, in the background: the rows say "Deleting…" and stay
    /// checked until it lands; a save that fails keeps them, checked, and says why.
    private func deleteChecked(_ checked: [RecordIndex]) -> ScreenResponse {
        guard let editing else { return .handled }
        do {
            let save = try editing.records.prepareSave(RecordChanges(deleted: Set(checked.map(\.rawValue))))
            try startSave(save) { [weak self] result in self?.checkedDeletionDidLand(result) ?? .handled }
        } catch {
            return .present(AlertController.notice(title: "Not Deleted", message: error.message + "\nThe records are still checked."))
        }
        return .handled
    }

    /// The deletion of the checked records ended: the list shows the records left, out of
    /// editing mode; or an alert says why not, the records still checked.
    private func checkedDeletionDidLand(_ result: Result<RecordSaveOutcome, SaveFailure>) -> ScreenResponse {
        guard let editing else { return .handled }
        if case .failure(let error) = result {
            var alert = Alert(title: "Not Deleted", message: error.message + "\nThe records are still checked.")
            if error.reason == .changedOnDisk, editing.records.canReload {
                // Read again, the rows are where the other writer left them: check them again.
                alert.addAction(AlertAction.answering(title: "Reload", key: .character("r"), answer: { [weak self] in
                    guard let self else { return .handled }
                    do throws(SaveFailure) {
                        _ = try editing.records.reload(following: nil)
                    } catch {
                        return .present(AlertController.notice(title: "Not Reloaded", message: error.message))
                    }
                    recordsDidChange(focusing: nil)
                    return .handled
                }))
            }
            alert.addAction(.ok)
            return .present(AlertController(alert: alert))
        }
        setEditing(false, animated: false)
        recordsDidChange(focusing: nil)
        return .handled
    }
}

/// Undo and redo of saved changes: each is a save of the inverse, through the same atomic,
/// locked path as the change it takes back.
extension RecordListScreen {
    /// What undo calls `changes`: "Delete 3 Books", "Add Record", "Edit Book".
    func undoName(of changes: RecordChanges) -> String {
        let noun = isBookList ? "Book" : "Record"
        let count = { (n: Int) in n == 1 ? noun : "\(n.groupedText) \(noun)s" }
        let putIn = changes.added.count + changes.inserted.values.reduce(0) { $0 + $1.count }
        switch (changes.deleted.count, putIn, changes.replaced.count) {
        case (let deleted, 0, 0): return "Delete \(count(deleted))"
        case (0, let added, 0): return "Add \(count(added))"
        case (0, 0, let edited): return "Edit \(count(edited))"
        default: return "Change \(noun)s"
        }
    }

    /// Registers `inverse` (changes numbered as the records are once this save lands) as what
    /// `u` does next.
    func registerUndo(of inverse: RecordChanges, named name: String) {
        guard let undoManager else { return }
        undoManager.registerUndo(withTarget: self) { list in list.saveInverse(inverse, named: name) }
        if !undoManager.isUndoing, !undoManager.isRedoing { undoManager.setActionName(name) }
    }

    /// An undo or a redo: saves `changes` in the background; the list shows the records they
    /// put back or edited once it lands. A save that cannot start says why, and the undo is
    /// offered again.
    private func saveInverse(_ changes: RecordChanges, named name: String) {
        let isUndo = undoManager?.isUndoing ?? true
        let notDone = isUndo ? "Not Undone" : "Not Redone"
        do throws(SaveFailure) {
            guard let editing else { throw SaveFailure(reason: .other, message: "These records cannot be changed.") }
            // A form or a record's detail over the list (or another tab) holds records by
            // their numbers, which an undo would change under it.
            guard isVisible else {
                throw SaveFailure(reason: .busy, message: "Go back to the list of \(isBookList ? "books" : "records") to undo a change to them; the change is still there to undo.")
            }
            // Its own inverse (the redo, or the undo again), which also says the first record it
            // puts back or edits, as numbered once it lands: focused then.
            let inverse = changes.inverse(in: editing.records.store)
            let shown = inverse.firstRecordTheInverseShows.map(RecordIndex.init)
            let save = try editing.records.prepareSave(changes)
            try startSave(save, actionName: name, inverse: inverse) { [weak self] result in
                guard let self else { return .handled }
                switch result {
                case .success:
                    recordsDidChange(focusing: shown)
                    return .handled
                case .failure(let error):
                    return .present(AlertController.notice(title: notDone, message: "\(isUndo ? "Undo" : "Redo") \(name): \(error.message)"))
                }
            }
        } catch {
            post { list in
                list.undoManager?.restoreLastUndoOrRedo()
                return .present(AlertController.notice(title: notDone, message: "\(isUndo ? "Undo" : "Redo") \(name): \(error.message)"))
            }
        }
    }
}

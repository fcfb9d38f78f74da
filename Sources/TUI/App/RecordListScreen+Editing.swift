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
        return editing.addForm(like: template) { [weak self] in self?.recordsDidChange(focusing: $0) }
    }

    /// The records were saved: the list shows them as they are now, the focus on `record`
    /// (the one edited or added) or, after a deletion, on the row where the record was.
    func recordsDidChange(focusing record: RecordIndex?) {
        guard let editing else { return }
        let row = state.focusedRow
        if let newTitle = source.followSaveAs(of: editing.records, store: records.store) {
            title = newTitle
        }
        _ = adopt(IndexedRecords(store: editing.records.store, collation: records.collation, sortOrder: sorting.chosenOrder))
        state = TableViewState()
        reloadData()
        if let indexPath = record.flatMap(dataSourceOfRecords.indexPath(of:)) {
            focusRow(at: indexPath)
        } else if let row, records.count > 0 {
            focusRow(at: row)
        }
    }
}

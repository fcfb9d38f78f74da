import Foundation
import TableKit

/// Changing a record list's records: the form that edits a record (`[✎]`, e, Edit in the
/// detail) and the one that adds one (+). A list whose records cannot change has none.
@MainActor
struct RecordEditing {
    /// Where the changes are saved.
    let records: EditableRecords
    /// Whether the records are books, edited with the book form (else with fields inferred
    /// from each record).
    let isBook: Bool

    /// The form editing `record`; `didChange` is told the record to focus after a save (nil
    /// after a deletion).
    func editForm(_ record: RecordIndex, didChange: @escaping (RecordIndex?) -> Void) -> RecordFormScreen {
        RecordFormScreen(editing: record, of: records, isBook: isBook, didChange: didChange)
    }

    /// Add Book, or Add Record with the keys of `template`; an alert when a `--data` file has
    /// no record to take keys from.
    func addForm(like template: RecordIndex?, didChange: @escaping (RecordIndex?) -> Void) -> ScreenResponse {
        if !isBook, template == nil {
            return .present(AlertController.notice(title: "Nothing to Copy", message: "A new record takes its keys from a record of the file, and the file has none."))
        }
        return .push(RecordFormScreen(addingTo: records, likeRecord: isBook ? nil : template, didChange: didChange))
    }
}

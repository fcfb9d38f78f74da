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

    /// The form editing `record`, which saves through `startSave`; `didChange` is told the
    /// record to focus once a save has landed (nil after a deletion).
    func editForm(_ record: RecordIndex, startSave: @escaping RecordSaveStarter, didChange: @escaping (RecordIndex?) -> Void) -> RecordFormScreen {
        RecordFormScreen(editing: record, of: records, isBook: isBook, startSave: startSave, didChange: didChange)
    }

    /// Add Book, or Add Record with the keys of `template`; an alert when a `--data` file has
    /// no record to take keys from.
    func addForm(like template: RecordIndex?, startSave: @escaping RecordSaveStarter, didChange: @escaping (RecordIndex?) -> Void) -> ScreenResponse {
        if !isBook, template == nil {
            return .present(AlertController.notice(title: "Nothing to Copy", message: "A new record takes its keys from a record of the file, and the file has none."))
        }
        return .push(RecordFormScreen(addingTo: records, likeRecord: isBook ? nil : template, startSave: startSave, didChange: didChange))
    }
}

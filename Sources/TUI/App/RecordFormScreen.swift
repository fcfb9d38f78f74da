import Foundation
import TableKit

/// Starts a save in the background for a form and has its end delivered (by the list, which
/// outlives the form): `landed` runs on the main actor with what the save did, after the
/// records took it, and returns the response of the list's stack (a push of the form again,
/// after a failure). Throws when the save cannot start (another is running): nothing began.
typealias RecordSaveStarter = @MainActor (_ save: RecordSave, _ landed: @escaping @MainActor (Result<RecordSaveOutcome, SaveFailure>) -> ScreenResponse) throws(SaveFailure) -> Void

/// A record's form: Edit (its values, with Delete) or Add (empty), for a book (the book
/// form's fields) or a record of a `--data` file (fields inferred from its values). Save
/// hands the change to the background through ``EditableRecords`` and the form goes at once,
/// the list marking the row as saving; a save that fails brings the form back with the edits,
/// says why, and offers Save As… (a file) and, when another writer got there first, Reload
/// and Re-apply.
final class RecordFormScreen: FormEditor, FormEditorDelegate {
    private let records: EditableRecords
    /// Runs saves in the background (the list's).
    private let startSave: RecordSaveStarter
    /// The values the form began with: what its edits are unsaved against.
    private let initialValues: [String: FormValue]
    /// The record edited; nil when adding (or when a reload found it removed).
    private var recordIndex: RecordIndex?
    private let specs: [RecordFieldSpec]
    /// The record edited, or the one whose keys a new record takes, as it was read.
    private var original: (raw: [UInt8], members: [RecordMember])?
    /// Keys of the form that the record read again no longer has: left out of a save unless
    /// typed into since.
    private var removedKeys: [String: FormValue?] = [:]
    /// Told which record to show after a save (nil after a deletion).
    private let didChange: (_ focusing: RecordIndex?) -> Void

    /// A form editing record `index` of `records`.
    convenience init(editing index: RecordIndex, of records: EditableRecords, isBook: Bool, startSave: @escaping RecordSaveStarter,
                     didChange: @escaping (RecordIndex?) -> Void) {
        let members = records.store.members(at: index)
        let specs = isBook ? RecordForm.bookSpecs() : RecordForm.inferredSpecs(from: members, columns: Self.columns(of: records, members: members, record: index))
        let title = records.store.title(at: index)
        self.init(records: records, recordIndex: index, specs: specs, original: (records.store.rawBytes(at: index), members),
                  title: isBook ? "Edit Book" : title.isEmpty ? "Edit Record" : "Edit “\(title)”",
                  values: RecordForm.values(of: members, specs: specs), deleteTitle: isBook ? "Delete Book" : "Delete Record", startSave: startSave, didChange: didChange)
    }

    /// A form adding a record: a book, or a record with the keys (and kinds of value) of
    /// record `template` of a `--data` file.
    convenience init(addingTo records: EditableRecords, likeRecord template: RecordIndex?, startSave: @escaping RecordSaveStarter,
                     didChange: @escaping (RecordIndex?) -> Void) {
        if let template {
            let members = records.store.members(at: template)
            self.init(records: records, recordIndex: nil, specs: RecordForm.inferredSpecs(from: members, columns: Self.columns(of: records, members: members, record: template)),
                      original: (records.store.rawBytes(at: template), members), title: "Add Record", values: [:], deleteTitle: nil, startSave: startSave, didChange: didChange)
        } else {
            self.init(records: records, recordIndex: nil, specs: RecordForm.bookSpecs(), original: nil, title: "Add Book",
                      values: [:], deleteTitle: nil, startSave: startSave, didChange: didChange)
        }
    }

    /// What the columns of `members`' keys hold across the file.
    private static func columns(of records: EditableRecords, members: [RecordMember], record: RecordIndex) -> [String: ColumnProfile] {
        records.columnProfiles(keys: members.map(\.key), including: record.rawValue)
    }

    private init(records: EditableRecords, recordIndex: RecordIndex?, specs: [RecordFieldSpec], original: (raw: [UInt8], members: [RecordMember])?,
                 title: String, values: [String: FormValue], deleteTitle: String?, startSave: @escaping RecordSaveStarter,
                 didChange: @escaping (RecordIndex?) -> Void) {
        self.records = records
        self.startSave = startSave
        initialValues = values
        self.recordIndex = recordIndex
        self.specs = specs
        self.original = original
        self.didChange = didChange
        // A --data form's fields can change type (Ctrl-T); the book form's cannot.
        var footer = "Ctrl-S saves to \(records.destination)." + (specs.contains { $0.field.offersTypeChoice } ? " Ctrl-T: a value's type, or null." : "")
        if let note = original.flatMap({ RecordForm.duplicatesNote(of: $0.members) }) { footer = note + " " + footer }
        super.init(title: title, sections: [FormSection(footer: footer, fields: specs.map(\.field))], typedValues: values, deleteTitle: deleteTitle)
        formDelegate = self
    }

    // MARK: Saving

    func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult {
        let isAdding = recordIndex == nil
        var (newValues, becomingNull) = RecordForm.newValues(specs: specs, values: values, original: isAdding ? nil : original?.members)
        newValues.removeAll { change in removedKeys[change.key].map { $0 == values[change.key] } ?? false }
        guard becomingNull.isEmpty else {
            let names = becomingNull.joined(separator: ", ")
            var alert = Alert(title: "Save \(names) as null?", message: "\(names) held \(becomingNull.count == 1 ? "a number" : "numbers"); emptied, \(becomingNull.count == 1 ? "it becomes" : "they become") null.")
            alert.addAction(AlertAction(title: "Keep Editing", style: .cancel))
            alert.addAction(AlertAction(title: "Save as null") { [weak self] in
                guard let self else { return }
                self.finishSave(self.commit(newValues))
            })
            return .ask(AlertController(alert: alert))
        }
        return commit(newValues)
    }

    /// The changes that `newValues` make.
    private func changes(for newValues: [(key: String, value: JSONValue)]) -> RecordChanges {
        var changes = RecordChanges()
        if let recordIndex, let original {
            if !newValues.isEmpty { changes.replaced[recordIndex.rawValue] = RecordBytes.editing(original.raw, members: original.members, newValues: newValues) }
        } else if let original {
            changes.added = [RecordBytes.editing(original.raw, members: original.members, newValues: newValues)]
        } else {
            changes.added = [RecordBytes.object(newValues, indent: "  ")]
        }
        return changes
    }

    /// Hands the save of `newValues` to the background and goes (the list marks the row as
    /// saving); a save that cannot start says why and keeps the form.
    private func commit(_ newValues: [(key: String, value: JSONValue)]) -> FormSaveResult {
        let changes = changes(for: newValues)
        guard !changes.isEmpty else { return .saved(.pop) }
        do {
            try startSave(try records.prepareSave(changes)) { [self] result in saveDidLand(result, changes: changes) }
        } catch {
            return error.reason == .busy ? .failed(error.message) : .ask(failureAlert(error, changes: changes))
        }
        return .saved(.pop)
    }

    /// The save handed to the background ended (the records took it, if it worked): the list
    /// shows the record; a failure brings the form back, its edits unsaved, and says why.
    private func saveDidLand(_ result: Result<RecordSaveOutcome, SaveFailure>, changes: RecordChanges) -> ScreenResponse {
        switch result {
        case .success:
            didChange(recordIndex ?? lastRecord)
            return .handled
        case .failure(let failure):
            return comeBack(presenting: failureAlert(failure, changes: changes))
        }
    }

    /// The form in front again after its save failed, with its edits unsaved, and `alert`
    /// over it once it is there.
    private func comeBack(presenting alert: AlertController) -> ScreenResponse {
        markUnsaved(since: initialValues)
        post { _ in .present(alert) }
        return .push(self)
    }

    /// Says why a save failed; for a file, offers Save As…; when another writer changed the
    /// records, offers to read them again and make the edits over theirs.
    private func failureAlert(_ failure: SaveFailure, changes: RecordChanges) -> AlertController {
        var alert = Alert(title: "Not Saved", message: failure.message + "\nNothing was written over it, and your edits are still here.")
        if failure.reason == .changedOnDisk, records.canReload {
            alert.addAction(AlertAction(title: "Reload and Re-apply", key: .character("r")) { [weak self] in
                self?.reloadAndReapply()
            })
        }
        if records.canSaveAs {
            alert.addAction(AlertAction(title: "Save As…", key: .character("s")) { [weak self] in
                guard let self else { return }
                self.respondAfterModal(.push(SaveAsScreen(records: self.records, changes: changes, startSave: self.startSave) { [weak self] result in
                    guard let self else { return .handled }
                    switch result {
                    case .success:
                        self.didChange(self.recordIndex ?? self.lastRecord)
                        self.finishSave(.saved(.pop))
                    case .failure(let failure):
                        self.finishSave(.failed(failure.message))
                    }
                    return .handled
                }))
            })
        }
        alert.addAction(.ok)
        return AlertController(alert: alert)
    }

    /// Reads the records again, with the other writer's changes, and puts this form's edits
    /// over the record as it is now: the fields edited keep the person's values, the others
    /// take the record's new ones. Nothing is saved: the form says what happened, and Save
    /// (after a look) writes it. A record the other writer removed is added again on Save.
    private func reloadAndReapply() {
        let values = typedValues
        let before = original?.members
        let edited = RecordForm.newValues(specs: specs, values: values, original: recordIndex == nil ? nil : before).values.map(\.key)
        let newIndex: RecordIndex?
        do {
            newIndex = try records.reload(following: recordIndex?.rawValue).map(RecordIndex.init)
        } catch {
            respondAfterModal(.present(AlertController.notice(title: "Not Reloaded", message: error.message + "\nYour edits are still here.")))
            return
        }
        // The list behind shows the records as they are now.
        didChange(newIndex)
        var message = "\(records.destination) was read again, with the other writer's changes."
        if recordIndex != nil, let newIndex {
            let members = records.store.members(at: newIndex)
            let reloaded = RecordForm.values(of: members, specs: specs)
            let old = before.map { RecordForm.values(of: $0, specs: specs) } ?? [:]
            let edits = values.filter { edited.contains($0.key) }
            let clashes = specs.filter { spec in
                let key = spec.field.key
                return edited.contains(key) && reloaded[key] != old[key] && reloaded[key] != values[key]
            }
            original = (records.store.rawBytes(at: newIndex), members)
            recordIndex = newIndex
            let present = Set(members.map(\.key))
            let removed = specs.map(\.field.key).filter { !present.contains($0) && !edited.contains($0) }
            removedKeys = Dictionary(removed.map { ($0, values[$0]) }) { first, _ in first }
            reload(reloaded, reapplying: edits)
            let labels = specs.filter { edited.contains($0.field.key) }.map(\.field.label)
            message += labels.isEmpty ? "" : " Your changes to \(labels.joined(separator: ", ")) are made over them."
            if !clashes.isEmpty {
                message += " The other writer changed \(clashes.map { "\($0.field.label) (to \(Self.shown(reloaded[$0.field.key])))" }.joined(separator: ", ")) too: the form holds yours."
            }
        } else if recordIndex != nil {
            // Removed meanwhile: Save adds the record as edited, with the keys it had.
            recordIndex = nil
            deleteTitle = nil
            message += " The record you edited is no longer there: Save adds it again, with your changes."
        }
        respondAfterModal(.present(AlertController.notice(title: "Reloaded", message: message + " Nothing is saved until you save.")))
    }

    /// A value as the message shows it, on one line.
    private static func shown(_ value: FormValue?) -> String {
        switch value {
        case .text(let text)?: return "“\(ControlEscaping.escaped(String(text.prefix(40))))”"
        case .number(let number)?: return number.text
        case .bool(let isOn)?: return isOn ? "true" : "false"
        case .date(let date)?: return date.formatted(date: .abbreviated, time: .omitted)
        case .null?, nil: return "no value"
        }
    }

    /// The record a save added: the store's last.
    private var lastRecord: RecordIndex { RecordIndex(records.store.count - 1) }

    /// Hands the deletion to the background and goes; a deletion that fails brings the form
    /// back and says why.
    func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse {
        guard let recordIndex else { return .pop }
        do {
            try startSave(try records.prepareSave(RecordChanges(deleted: [recordIndex.rawValue]))) { [self] result in
                switch result {
                case .success:
                    didChange(nil)
                    return .handled
                case .failure(let failure):
                    return comeBack(presenting: notDeletedAlert(failure))
                }
            }
        } catch {
            return .present(notDeletedAlert(error))
        }
        return .pop
    }

    /// Says why the record was not deleted; when another writer changed the records, offers
    /// to read them again (the record shows as the other writer left it; Delete asks again).
    private func notDeletedAlert(_ refusal: SaveFailure) -> AlertController {
        var alert = Alert(title: "Not Deleted", message: refusal.message)
        if refusal.reason == .changedOnDisk, records.canReload {
            alert.addAction(AlertAction(title: "Reload", key: .character("r")) { [weak self] in self?.reloadAndReapply() })
        }
        alert.addAction(.ok)
        return AlertController(alert: alert)
    }
}

/// Where else to save: a path, checked as it is typed into (a new file, in a folder that
/// exists). Saving there takes the place of the file the records came from.
final class SaveAsScreen: FormEditor, FormEditorDelegate {
    private let records: EditableRecords
    private let changes: RecordChanges
    private let startSave: RecordSaveStarter
    private let didEnd: @MainActor (Result<RecordSaveOutcome, SaveFailure>) -> ScreenResponse

    /// A Save As of `changes` to `records`; `didEnd` hears how the save, run in the
    /// background once a path is given, ended.
    init(records: EditableRecords, changes: RecordChanges, startSave: @escaping RecordSaveStarter,
         didEnd: @escaping @MainActor (Result<RecordSaveOutcome, SaveFailure>) -> ScreenResponse) {
        self.records = records
        self.changes = changes
        self.startSave = startSave
        self.didEnd = didEnd
        var path = TextInputTraits(autocapitalizationType: .none)
        path.isRequired = true
        path.returnKeyType = .done
        let field = FormField(key: "path", label: "Path", placeholder: "/folder/new-file.json", traits: path) { path in
            DataFileRecords.problem(withSaveAsPath: path)
        }
        super.init(title: "Save As", sections: [FormSection(footer: "A new file: the records and your edits are saved there, and it is the file edited from now on.", fields: [field])])
        formDelegate = self
    }

    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult {
        do {
            try startSave(try records.prepareSaveAs(changes, to: values["path"] ?? ""), didEnd)
        } catch {
            return .failed(error.message)
        }
        return .saved(.pop)
    }
}

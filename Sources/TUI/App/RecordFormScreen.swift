import Foundation
import TableKit

/// A record's form: Edit (its values, with Delete) or Add (empty), for a book (the book
/// form's fields) or a record of a `--data` file (fields inferred from its values). Save
/// writes through ``EditableRecords``; a save that fails says why, keeps the edits, and
/// offers Save As… (a file) and, when another writer got there first, Reload and Re-apply.
final class RecordFormScreen: FormEditor, FormEditorDelegate {
    private let records: EditableRecords
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
    convenience init(editing index: RecordIndex, of records: EditableRecords, isBook: Bool, didChange: @escaping (RecordIndex?) -> Void) {
        let members = records.store.members(at: index)
        let specs = isBook ? RecordForm.bookSpecs() : RecordForm.inferredSpecs(from: members, columns: Self.columns(of: records, members: members, record: index))
        let title = records.store.title(at: index)
        self.init(records: records, recordIndex: index, specs: specs, original: (records.store.rawBytes(at: index), members),
                  title: isBook ? "Edit Book" : title.isEmpty ? "Edit Record" : "Edit “\(title)”",
                  values: RecordForm.values(of: members, specs: specs), deleteTitle: isBook ? "Delete Book" : "Delete Record", didChange: didChange)
    }

    /// A form adding a record: a book, or a record with the keys (and kinds of value) of
    /// record `template` of a `--data` file.
    convenience init(addingTo records: EditableRecords, likeRecord template: RecordIndex?, didChange: @escaping (RecordIndex?) -> Void) {
        if let template {
            let members = records.store.members(at: template)
            self.init(records: records, recordIndex: nil, specs: RecordForm.inferredSpecs(from: members, columns: Self.columns(of: records, members: members, record: template)),
                      original: (records.store.rawBytes(at: template), members), title: "Add Record", values: [:], deleteTitle: nil, didChange: didChange)
        } else {
            self.init(records: records, recordIndex: nil, specs: RecordForm.bookSpecs(), original: nil, title: "Add Book",
                      values: [:], deleteTitle: nil, didChange: didChange)
        }
    }

    /// What the columns of `members`' keys hold across the file.
    private static func columns(of records: EditableRecords, members: [RecordMember], record: RecordIndex) -> [String: ColumnProfile] {
        ColumnProfile.profiles(of: records.store, keys: members.map(\.key), including: record.rawValue)
    }

    private init(records: EditableRecords, recordIndex: RecordIndex?, specs: [RecordFieldSpec], original: (raw: [UInt8], members: [RecordMember])?,
                 title: String, values: [String: FormValue], deleteTitle: String?, didChange: @escaping (RecordIndex?) -> Void) {
        self.records = records
        self.recordIndex = recordIndex
        self.specs = specs
        self.original = original
        self.didChange = didChange
        // A --data form's fields can change type (Ctrl-T); the book form's cannot.
        let footer = "Ctrl-S saves to \(records.destination)." + (specs.contains { $0.field.offersTypeChoice } ? " Ctrl-T: a value's type, or null." : "")
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

    private func commit(_ newValues: [(key: String, value: JSONValue)]) -> FormSaveResult {
        let changes = changes(for: newValues)
        guard !changes.isEmpty else { return .saved(.pop) }
        do {
            try records.save(changes)
        } catch {
            return .ask(failureAlert(error, changes: changes))
        }
        didChange(recordIndex ?? lastRecord)
        return .saved(.pop)
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
                self.respondAfterModal(.push(SaveAsScreen(records: self.records, changes: changes) { [weak self] in
                    guard let self else { return }
                    self.didChange(self.recordIndex ?? self.lastRecord)
                    self.finishSave(.saved(.pop))
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
        case .null?, nil: return "null"
        }
    }

    /// The record a save added: the store's last.
    private var lastRecord: RecordIndex { RecordIndex(records.store.count - 1) }

    func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse {
        guard let recordIndex else { return .pop }
        do {
            try records.save(RecordChanges(deleted: [recordIndex.rawValue]))
        } catch {
            var alert = Alert(title: "Not Deleted", message: error.message)
            // Read again, the record shows as the other writer left it; Delete asks again.
            if error.reason == .changedOnDisk, records.canReload {
                alert.addAction(AlertAction(title: "Reload", key: .character("r")) { [weak self] in self?.reloadAndReapply() })
            }
            alert.addAction(.ok)
            return .present(AlertController(alert: alert))
        }
        didChange(nil)
        return .pop
    }
}

/// Where else to save: a path, checked as it is typed into (a new file, in a folder that
/// exists). Saving there takes the place of the file the records came from.
final class SaveAsScreen: FormEditor, FormEditorDelegate {
    private let records: EditableRecords
    private let changes: RecordChanges
    private let didSave: () -> Void

    init(records: EditableRecords, changes: RecordChanges, didSave: @escaping () -> Void) {
        self.records = records
        self.changes = changes
        self.didSave = didSave
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
            try records.saveAs(changes, to: values["path"] ?? "")
        } catch {
            return .failed(error.message)
        }
        didSave()
        return .saved(.pop)
    }
}

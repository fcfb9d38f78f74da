import Foundation

extension FormEditor {
    /// Puts values read again into the form, keeping the person's edits: what a document
    /// app does when the file it edits changed underneath (reload, then re-apply).
    ///
    /// Every field takes its value from `reloaded`, which becomes what the form compares
    /// with (``isDirty``); then the fields in `edits` take those values over them. A field
    /// in neither keeps its text. The field with the keyboard keeps it.
    ///
    /// - Parameters:
    ///   - reloaded: The values as they are now where they are kept.
    ///   - edits: The person's changes, made again over them.
    package func reload(_ reloaded: [String: FormValue], reapplying edits: [String: FormValue]) {
        set(reloaded)
        savedValues = typedValues
        set(edits)
        errors = [:]
        refresh()
        beginEditingFocusedField()
    }

    /// Makes the form's edits unsaved again, compared with `values` (what the form began
    /// with): a save handed to the background failed after the form had gone, and the form
    /// comes back with the edits, which leaving asks about again.
    package func markUnsaved(since values: [String: FormValue]) {
        savedValues = values
        refresh()
    }

    /// Gives the fields of `values` those values, as the initialisers do.
    func set(_ values: [String: FormValue]) {
        for (section, fieldsOfSection) in currentFields.enumerated() {
            for (row, field) in fieldsOfSection.enumerated() {
                guard let value = values[field.key] else { continue }
                let text = Self.editorText(of: value, in: field)
                if value == .null { nullFields.insert(field.key) } else { nullFields.remove(field.key) }
                if field.kind == .toggle { toggles[field.key] = text == "true" }
                fields[section][row] = TextField(text: text, placeholder: field.placeholder, traits: field.traits)
            }
        }
    }
}

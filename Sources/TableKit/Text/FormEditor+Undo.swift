import Foundation

/// Undo in a form, field by field: every change to a field's value registers the value before
/// it with the form's ``FormEditor/undoManager``; typing in one field is one change until the
/// focus moves.
extension FormEditor {
    /// What a form's undo keys do.
    enum UndoAction: Hashable, Sendable {
        case undo
        case redo
    }

    /// ⌃_ (readline's undo; Ctrl-/ sends it too) and ⌃Y, whatever the focused field.
    static let undoKeyBindings: [KeyBinding<UndoAction>] = [
        KeyBinding([.control("_")], .undo, label: "^_", help: "undo the last change to a field", footer: "undo"),
        KeyBinding([.control("y")], .redo, label: "^Y", help: "redo it", footer: "redo"),
    ]

    /// The undo action of `key`: ⌃_ and ⌃Y anywhere, `u` and `U` where the focused field
    /// takes no text (the app's `u` would otherwise take back a change behind the form).
    func undoAction(for key: Key) -> UndoAction? {
        if let action = Self.undoKeyBindings.action(for: key) { return action }
        guard focusedTextField == nil else { return nil }
        switch key {
        case .character("u"): return .undo
        case .character("U"): return .redo
        default: return nil
        }
    }

    /// The fields' values and the focus before an event, to see what it changed.
    struct FieldsBeforeChange {
        var values: [String: FormValue]
        var focus: IndexPath?
    }

    func fieldsBeforeChange() -> FieldsBeforeChange {
        FieldsBeforeChange(values: typedValues, focus: state.focusedRow)
    }

    /// Registers how to put back the fields that changed since `before`; more typing in the
    /// field being typed in adds to the change already registered.
    func registerUndo(ofChangesSince before: FieldsBeforeChange) {
        if state.focusedRow != before.focus { fieldBeingTyped = nil }
        let now = typedValues
        let changed = before.values.keys.filter { before.values[$0] != now[$0] }.sorted()
        guard !changed.isEmpty else { return }
        let typing = changed.count == 1 && changed[0] == focusedTextField.flatMap { field(at: $0)?.key }
        defer { fieldBeingTyped = typing ? changed[0] : nil }
        if typing, fieldBeingTyped == changed[0] { return }
        registerRestoring(Dictionary(uniqueKeysWithValues: changed.compactMap { key in before.values[key].map { (key, $0) } }))
    }

    /// Registers putting `values` back (by key) as the change to undo.
    private func registerRestoring(_ values: [String: FormValue]) {
        let manager = undoManager
        manager.registerUndo(withTarget: self) { form in form.restore(values) }
        let labels = values.keys.sorted().compactMap { key in indexPath(ofKey: key).flatMap(field(at:))?.label }
        if !manager.isUndoing, !manager.isRedoing { manager.setActionName(labels.joined(separator: ", ")) }
    }

    /// Puts `values` back into their fields (an undo or a redo), registering the values they
    /// replace; the focus goes to the first of them.
    private func restore(_ values: [String: FormValue]) {
        let now = typedValues
        registerRestoring(Dictionary(uniqueKeysWithValues: values.keys.compactMap { key in now[key].map { (key, $0) } }))
        set(values)
        for key in values.keys { errors[key] = nil }
        message = nil
        fieldBeingTyped = nil
        if let first = values.keys.compactMap(indexPath(ofKey:)).min() { focusRow(at: first) }
        beginEditingFocusedField()
    }

    /// Undoes or redoes, saying on the status line what, or that there is nothing.
    func undoOrRedo(_ action: UndoAction) {
        fieldBeingTyped = nil
        let manager = undoManager
        switch action {
        case .undo:
            guard manager.canUndo else { undoNotice = "Nothing to undo"; refresh(); return }
            let title = manager.undoMenuItemTitle
            manager.undo()
            undoNotice = title
        case .redo:
            guard manager.canRedo else { undoNotice = "Nothing to redo"; refresh(); return }
            let title = manager.redoMenuItemTitle
            manager.redo()
            undoNotice = title
        }
        refresh()
    }
}

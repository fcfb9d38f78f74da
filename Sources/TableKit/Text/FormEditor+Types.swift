import Foundation

extension FormField {
    /// The types ⌃T offers: the field's own first, then its ``alternativeTypes``.
    var typeChoices: [FormValueType] {
        var choices = [valueType]
        for type in alternativeTypes where !choices.contains(type) { choices.append(type) }
        return choices
    }

    /// Whether ⌃T has anything to offer: another type, or `null`.
    package var offersTypeChoice: Bool { typeChoices.count > 1 || allowsNull }
}

/// The value's type, chosen with ⌃T: another type the field allows, or `null`.
extension FormEditor {
    /// The field at `indexPath` as ``sections`` declare it, before any ⌃T.
    func declaredField(at indexPath: IndexPath) -> FormField? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].fields.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].fields[indexPath.row]
    }

    /// An action sheet of the focused field's types (and `null`, where allowed); the one it
    /// has now is marked. Nothing when the field's type is fixed.
    func chooseType() -> ScreenResponse {
        // The choices are the declared field's: a field made a number can go back to text.
        guard let focus = state.focusedRow, let field = field(at: focus), let declared = declaredField(at: focus), declared.offersTypeChoice else {
            return .handled
        }
        let current = nullFields.contains(field.key) && typedValues[field.key] == .null ? nil : field.valueType
        var sheet = Alert(title: "Value of \(field.label)", message: "Numbers are written as numbers, text as text (\"75\" stays text).",
                          style: .actionSheet)
        for type in declared.typeChoices {
            let title = type.name.prefix(1).uppercased() + type.name.dropFirst() + (type == current ? " ✓" : "")
            sheet.addAction(AlertAction(title: title) { [weak self] in self?.setType(type, at: focus) })
        }
        if field.allowsNull {
            sheet.addAction(AlertAction(title: "null" + (current == nil ? " ✓" : "")) { [weak self] in self?.setType(nil, at: focus) })
        }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: sheet))
    }

    /// Gives the field at `indexPath` values of `type` (keeping its text where it can), or
    /// makes it `null` (empty) when `type` is nil.
    func setType(_ type: FormValueType?, at indexPath: IndexPath) {
        guard let current = field(at: indexPath), let declared = declaredField(at: indexPath) else { return }
        let key = current.key
        var text = current.kind == .toggle ? ((toggles[key] ?? false) ? "true" : "false") : fields[indexPath.section][indexPath.row].text
        errors[key] = nil
        message = nil
        guard let type else {
            nullFields.insert(key)
            fields[indexPath.section][indexPath.row].setText("")
            if current.kind == .toggle { toggles[key] = false }
            refresh()
            return
        }
        nullFields.remove(key)
        let retyped = declared.retyped(as: type)
        if case .date(let configuration) = retyped.kind, configuration.date(fromValueText: text) == nil { text = "" }
        if retyped.kind == .toggle { toggles[key] = text == "true" }
        currentFields[indexPath.section][indexPath.row] = retyped
        fields[indexPath.section][indexPath.row] = TextField(text: text, placeholder: retyped.placeholder, traits: retyped.traits)
        beginEditingFocusedField()
    }
}

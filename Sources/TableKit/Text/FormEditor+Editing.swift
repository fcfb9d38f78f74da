import Foundation

/// The form's values, rows, focus, saving and keys.
extension FormEditor {
    // MARK: Values

    /// The form's values now: every field's text, toggles as "true" or "false" (a `null`
    /// field's text is empty).
    public var values: [String: String] {
        var result: [String: String] = [:]
        for (section, fieldsOfSection) in currentFields.enumerated() {
            for (row, field) in fieldsOfSection.enumerated() {
                switch field.kind {
                case .toggle: result[field.key] = (toggles[field.key] ?? false) ? "true" : "false"
                case .text, .readOnly, .date: result[field.key] = fields[section][row].text
                }
            }
        }
        return result
    }

    /// The form's values now, typed by their fields: a switch's boolean, a date field's date,
    /// a number or decimal pad's number (a text that is no number stays text, for the save's
    /// check to refuse), other fields' text. An empty number or date field is `null`, and so
    /// is an empty field that was `null` (or was set to null with ⌃T).
    ///
    /// - Complexity: O(n) in the length of the fields' texts.
    public var typedValues: [String: FormValue] {
        var result: [String: FormValue] = [:]
        for (section, fieldsOfSection) in currentFields.enumerated() {
            for (row, field) in fieldsOfSection.enumerated() {
                result[field.key] = typedValue(of: field, text: fields[section][row].text)
            }
        }
        return result
    }

    private func typedValue(of field: FormField, text: String) -> FormValue {
        let isNull = nullFields.contains(field.key)
        switch field.kind {
        case .toggle:
            return isNull ? .null : .bool(toggles[field.key] ?? false)
        case .date(let configuration):
            guard !text.isEmpty else { return .null }
            return configuration.date(fromValueText: text).map(FormValue.date) ?? .text(text)
        case .readOnly, .text:
            if text.isEmpty, isNull || field.valueType == .number { return .null }
            guard field.valueType == .number else { return .text(text) }
            return FormNumber(text, decimalSeparator: field.traits.decimalSeparator).map(FormValue.number) ?? .text(text)
        }
    }

    /// Whether the values differ from those the form started with or last saved.
    public var isDirty: Bool { typedValues != savedValues }

    /// The field at `indexPath`, as it is now (retyped, where ⌃T changed its type).
    package func field(at indexPath: IndexPath) -> FormField? {
        guard currentFields.indices.contains(indexPath.section), currentFields[indexPath.section].indices.contains(indexPath.row) else { return nil }
        return currentFields[indexPath.section][indexPath.row]
    }

    /// Where the field of `key` is.
    package func indexPath(ofKey key: String) -> IndexPath? {
        for (section, fieldsOfSection) in sections.enumerated() {
            if let row = fieldsOfSection.fields.firstIndex(where: { $0.key == key }) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    var editableRows: [IndexPath] {
        currentFields.enumerated().flatMap { section, fieldsOfSection in
            fieldsOfSection.indices.compactMap { row in
                fieldsOfSection[row].kind == .readOnly ? nil : IndexPath(row: row, section: section)
            }
        }
    }

    var firstEditable: IndexPath? { editableRows.first }

    // MARK: Rows

    /// Rebuilds the rows from the fields: labels, editors, toggles and the reasons of refusal.
    /// Each field is laid out at the width its row gives it, so that scrolling and a text
    /// view's lines (which ↑ ↓ Home End follow) are those drawn.
    func refresh() {
        let rowWidth = tableView.rowWidth(tableWidth: tableSize.width, dataSource: dataSource)
        for (section, fieldsOfSection) in currentFields.enumerated() {
            for (row, field) in fieldsOfSection.enumerated() {
                fields[section][row].placeholder = nullFields.contains(field.key) ? Self.noValueText : field.placeholder
                guard size != .zero, field.kind != .toggle else { continue }
                let columns = TableViewCell(text: showsLabels ? shownLabel(of: field) : "").fieldColumns(rowWidth: rowWidth)
                fields[section][row].layout(width: columns.field)
            }
        }
        dataSource = FormRows(form: self)
    }

    /// The field's label, with its value's type where the field asks for it or ⌃T changed it.
    func shownLabel(of field: FormField) -> String {
        let declared = indexPath(ofKey: field.key).flatMap(declaredField(at:))?.valueType
        guard field.showsValueType || declared != field.valueType else { return field.label }
        return "\(field.label) (\(field.valueType.name))"
    }

    func cell(for field: FormField, editor: TextField) -> TableViewCell {
        let label = showsLabels ? shownLabel(of: field) : ""
        switch field.kind {
        case .toggle:
            let isOn = toggles[field.key] ?? false
            guard !nullFields.contains(field.key) else {
                return TableViewCell(style: .value1, text: shownLabel(of: field), detailText: Self.noValueText, accessory: .switch(isOn))
            }
            return TableViewCell(text: shownLabel(of: field), accessory: .switch(isOn))
        case .date(let configuration):
            let shown = configuration.date(fromValueText: editor.text).map {
                configuration.displayText(date: $0, countDownDuration: $0.timeIntervalSinceReferenceDate)
            }
            var cell = TableViewCell(style: .value1, text: shownLabel(of: field), detailText: shown ?? (editor.text.isEmpty ? editor.placeholder : editor.text),
                                     accessory: .disclosureIndicator)
            cell.footnote = errors[field.key]
            return cell
        case .readOnly, .text:
            var cell = TableViewCell(text: label, isHighlightable: false)
            cell.textField = editor
            cell.footnote = errors[field.key]
            return cell
        }
    }

    var focusedTextField: IndexPath? {
        guard let focus = state.focusedRow, field(at: focus)?.kind == .text else { return nil }
        return focus
    }

    func beginEditingFocusedField() {
        for section in fields.indices {
            for row in fields[section].indices where fields[section][row].isEditing {
                fields[section][row].endEditing()
            }
        }
        if let focus = focusedTextField { fields[focus.section][focus.row].beginEditing() }
        refresh()
    }

    /// Moves the keyboard to the editable field `offset` places away (wrapping no further
    /// than the ends).
    func moveFocus(by offset: Int) {
        let rows = editableRows
        guard let focus = state.focusedRow, let index = rows.firstIndex(of: focus) ?? rows.first.map({ _ in 0 }) else { return }
        let target = max(0, min(rows.count - 1, index + offset))
        focusRow(at: rows[target])
        beginEditingFocusedField()
    }

    /// Checks every field; saves through the delegate when all are valid. Otherwise the
    /// reasons show under their fields, the focus goes to the first, and nothing is saved.
    public func save() -> ScreenResponse {
        errors = [:]
        var firstInvalid: IndexPath?
        for (section, fieldsOfSection) in currentFields.enumerated() {
            for (row, field) in fieldsOfSection.enumerated() where field.kind.isChecked {
                let text = fields[section][row].text
                let error = fields[section][row].validationError(label: field.label)
                    ?? (text.isEmpty ? nil : field.validate?(text).map { "\(field.label) \($0)" })
                if let error {
                    errors[field.key] = error
                    if firstInvalid == nil { firstInvalid = IndexPath(row: row, section: section) }
                }
            }
        }
        if let firstInvalid {
            message = "\(errors.count == 1 ? "1 field needs" : "\(errors.count) fields need") attention: nothing was saved"
            focusRow(at: firstInvalid)
            beginEditingFocusedField()
            return .handled
        }
        message = nil
        refresh()
        return response(to: formDelegate?.formEditor(self, didSave: typedValues) ?? .saved(.pop))
    }

    /// Ends a save that a modal asked about (``FormSaveResult/ask(_:)``), from one of its
    /// actions, or a save that a screen pushed above the form finished: `.saved` marks the
    /// form clean and its response reaches the stack as an event, after the event in hand
    /// (the modal gone, the screen above popped); `.failed` says why; `.ask` asks again.
    package func finishSave(_ result: FormSaveResult) {
        post { form in form.response(to: result) }
    }

    /// From a modal's action, or a screen above the form: the stack hears `response` as an
    /// event, after the event in hand (a push of a screen that goes on with the save, say).
    package func respondAfterModal(_ response: ScreenResponse) {
        post { _ in response }
    }

    private func response(to result: FormSaveResult) -> ScreenResponse {
        switch result {
        case .saved(let response):
            savedValues = typedValues
            return response
        case .failed(let reason):
            return .present(AlertController.notice(title: "Not Saved", message: reason + "\nYour edits are still here."))
        case .ask(let modal):
            return .present(modal)
        }
    }

    func cancel() -> ScreenResponse {
        guard isDirty else { return formDelegate?.formEditorDidCancel(self) ?? .pop }
        return .present(AlertController.discardChanges(answer: { [weak self] in
            guard let self else { return .handled }
            self.savedValues = self.typedValues
            return self.formDelegate?.formEditorDidCancel(self) ?? .pop
        }))
    }

    func confirmDelete() -> ScreenResponse {
        guard let deleteTitle else { return .ignored }
        var sheet = Alert(title: "\(deleteTitle)?", message: "This cannot be undone.", style: .actionSheet)
        sheet.addAction(AlertAction.answering(title: deleteTitle, style: .destructive, key: .character("d"), answer: { [weak self] in
            guard let self else { return .handled }
            self.savedValues = self.typedValues
            return self.formDelegate?.formEditorDidDelete(self) ?? .pop
        }))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: sheet))
    }

    func handleKey(_ key: Key, area: Rect) -> ScreenResponse {
        let formAction = Self.formKeyBindings.action(for: key)
        switch formAction {
        case .save: return save()
        case .chooseType: return chooseType()
        case .cancel: return cancel()
        case .moveFocus(let offset): moveFocus(by: offset); return .handled
        case .moveFocusUnlessFieldUsesKey, nil: break
        }
        guard let focus = state.focusedRow, let field = field(at: focus) else { return super.handle(.key(key), area: area) }
        switch field.kind {
        case .toggle:
            if Self.toggleKeyBindings.action(for: key) == .toggle {
                toggles[field.key] = !(toggles[field.key] ?? false)
                nullFields.remove(field.key)
                refresh()
                return .handled
            }
        case .readOnly:
            break
        case .date:
            switch Self.dateKeyBindings.action(for: key) {
            case .chooseDate: return chooseDate(at: focus)
            case .clearDate:
                setDateText("", at: focus)
                return .handled
            case .toggle, nil: break
            }
        case .text:
            let change = fields[focus.section][focus.row].handle(key, now: clock())
            if let change {
                if change == .returned {
                    if field.traits.returnKeyType.movesToNextField, focus != editableRows.last {
                        moveFocus(by: 1)
                        return .handled
                    }
                    return save()
                }
                apply(change, at: focus)
                return .handled
            }
            if key.isCharacter { return .handled }
        }
        if case .moveFocusUnlessFieldUsesKey(let offset) = formAction {
            moveFocus(by: offset)
            return .handled
        }
        switch key {
        // k and j move too, except in a text field, where they are letters.
        case .character("k") where field.kind != .text: moveFocus(by: -1); return .handled
        case .character("j") where field.kind != .text: moveFocus(by: 1); return .handled
        case .pageUp, .pageDown:
            let response = super.handle(.key(key), area: area)
            beginEditingFocusedField()
            return response
        default:
            return .ignored
        }
    }

    /// The date screen for the date field at `indexPath`, starting from its value (or now,
    /// within the limits); its Save puts the date in the field.
    func chooseDate(at indexPath: IndexPath) -> ScreenResponse {
        guard let field = field(at: indexPath), case .date(let configuration) = field.kind else { return .handled }
        let text = fields[indexPath.section][indexPath.row].text
        let stored = configuration.date(fromValueText: text)
        let start = stored ?? currentDate()
        let picker = DatePicker(configuration: configuration, date: start, countDownDuration: stored?.timeIntervalSinceReferenceDate ?? 60)
        let screen = DatePickerController(title: field.label, datePicker: picker) { [weak self] chosen in
            self?.setDateText(chosen.valueText, at: indexPath)
        }
        screen.footer = Self.rangeFooter(configuration)
        return .push(screen)
    }

    /// Puts the cursor of the text field of `key` before its character at `position` (held
    /// to its text), as a program sets a field's `selectedTextRange`; nothing else changes.
    public func moveCursor(to position: Int, inFieldWithKey key: String) {
        guard let indexPath = indexPath(ofKey: key), field(at: indexPath)?.kind == .text else { return }
        fields[indexPath.section][indexPath.row].moveCursor(to: position)
        refresh()
    }

    /// Puts `text` in the date field at `indexPath`, clearing its refusal.
    func setDateText(_ text: String, at indexPath: IndexPath) {
        guard let field = field(at: indexPath) else { return }
        let before = fieldsBeforeChange()
        defer { registerUndo(ofChangesSince: before) }
        fields[indexPath.section][indexPath.row].setText(text)
        errors[field.key] = nil
        message = nil
        refresh()
    }

    /// "Between June 1, 2007 and November 23, 2026.", or "From …", "Until …"; nil without limits.
    static func rangeFooter(_ configuration: DatePicker.Configuration) -> String? {
        let (minimum, maximum) = configuration.limits
        let text = { (date: Date) in configuration.displayText(date: date, countDownDuration: 60) }
        switch (minimum, maximum) {
        case let (minimum?, maximum?): return "Between \(text(minimum)) and \(text(maximum))."
        case let (minimum?, nil): return "From \(text(minimum)) on."
        case let (nil, maximum?): return "Until \(text(maximum))."
        case (nil, nil): return nil
        }
    }

    /// What an edit did: a change clears the field's refusal and the status; a rejection says
    /// why on the status line.
    func apply(_ change: TextField.Change, at indexPath: IndexPath) {
        guard let field = field(at: indexPath) else { return }
        switch change {
        case .changed:
            errors[field.key] = nil
            message = nil
        case .rejected(let reason):
            message = "\(field.label) \(reason)"
        case .moved, .returned:
            break
        }
        refresh()
    }

}

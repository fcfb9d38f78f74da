import Foundation

/// One field of a ``FormEditor``: the key of its value, its label and how it behaves.
public struct FormField: Sendable {
    /// What kind of row the field is.
    public enum Kind: Hashable, Sendable {
        /// A text field (or, with multi-line traits, a text view).
        case text
        /// An on/off row: Space or Enter flips it; its value is "true" or "false".
        case toggle
        /// A value shown, not edited (nested JSON, say).
        case readOnly
    }

    /// The key of the field's value in the form's data.
    public var key: String
    /// The label beside the field.
    public var label: String
    /// Shown dimmed while the field is empty.
    public var placeholder: String
    /// How the field behaves: the prototype of its traits.
    public var traits: TextInputTraits
    /// A text field, an on/off row, or a read-only value.
    public var kind: Kind
    /// A rule of the field's own, checked on save after the keyboard's: the end of a sentence
    /// that starts with the label ("is not a valid ISBN"), or `nil` when the text is valid.
    public var validate: (@Sendable (String) -> String?)?

    /// Creates a field for the value at `key`, labelled `label` (the key by default).
    public init(key: String, label: String? = nil, placeholder: String = "", traits: TextInputTraits = TextInputTraits(),
                kind: Kind = .text, validate: (@Sendable (String) -> String?)? = nil) {
        self.key = key
        self.label = label ?? key
        self.placeholder = placeholder
        self.traits = traits
        self.kind = kind
        self.validate = validate
    }
}

/// A section of a form's fields.
public struct FormSection: Sendable {
    /// The section's header title.
    public var header: String?
    /// The section's footer title.
    public var footer: String?
    /// The fields, in order.
    public var fields: [FormField]

    /// Creates a section.
    public init(header: String? = nil, footer: String? = nil, fields: [FormField]) {
        self.header = header
        self.footer = footer
        self.fields = fields
    }
}

/// What became of a save the delegate was asked to make.
public enum FormSaveResult {
    /// Saved: the form is clean, and the response (a pop, by default) follows.
    case saved(ScreenResponse)
    /// Not saved, for this reason: an alert says it, the edits stay in the form to retry.
    case failed(String)
}

/// Told what a person did with a ``FormEditor``. Every method has a default.
public protocol FormEditorDelegate: AnyObject {
    /// Save with every field valid: `values` holds a text for every field's key. Default:
    /// `.saved(.pop)`.
    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult
    /// Cancel (discarding any edits, after asking). Default: pop.
    func formEditorDidCancel(_ form: FormEditor) -> ScreenResponse
    /// Delete, confirmed in an action sheet. Default: pop.
    func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse
}

extension FormEditorDelegate {
    /// Saved; the form pops.
    public func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult { .saved(.pop) }
    /// The form pops.
    public func formEditorDidCancel(_ form: FormEditor) -> ScreenResponse { .pop }
    /// The form pops.
    public func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse { .pop }
}

extension BarButtonItem.Identifier {
    /// A form's Save.
    public static let formSave: Self = "formSave"
    /// A form's Cancel.
    public static let formCancel: Self = "formCancel"
    /// A form's Delete.
    public static let formDelete: Self = "formDelete"
}

/// A form in a grouped table: labelled fields that behave as the iOS fields their traits
/// describe, in add mode (empty, showing placeholders) or edit mode (the values given), with
/// Save and Cancel in the navigation bar and an optional Delete that asks first.
///
/// The focused field takes what is typed: Tab, ↓ and Enter (its return key permitting) move
/// to the next field, Shift-Tab and ↑ to the previous one, Ctrl-S saves from anywhere, Esc
/// cancels. Save with an invalid field says why under it, moves the focus there and saves
/// nothing. With unsaved edits, leaving by any way asks "Discard changes?" first.
///
/// ```swift
/// var age = TextInputTraits(keyboardType: .numberPad)
/// age.range = 0 ... 150
/// let form = FormEditor(title: "Profile", sections: [
///     FormSection(fields: [FormField(key: "name", label: "Name"), FormField(key: "age", label: "Age", traits: age)]),
/// ], values: ["name": "Ann", "age": "41"])
/// form.formDelegate = self
/// ```
open class FormEditor: TableViewController, TableViewDelegate {
    /// The sections of fields.
    public let sections: [FormSection]
    /// The fields' editors, section by section.
    public private(set) var fields: [[TextField]]
    /// Toggles' values, by key.
    public private(set) var toggles: [String: Bool]
    /// The values the form started with (or last saved).
    private var savedValues: [String: String]
    /// Why each invalid field was refused at the last save, by key.
    public private(set) var errors: [String: String] = [:]
    /// The status line's sentence: why a key was refused.
    public private(set) var message: String?
    /// Told about save, cancel and delete; held weakly.
    public weak var formDelegate: (any FormEditorDelegate)?
    /// The title of Save.
    public var saveTitle: String
    /// The title of Cancel.
    public var cancelTitle: String
    /// The title of Delete, or `nil` for none.
    public var deleteTitle: String?
    /// Whether labels are shown beside the fields.
    public let showsLabels: Bool
    private let clock: @Sendable () -> ContinuousClock.Instant

    /// Creates a form.
    ///
    /// - Parameters:
    ///   - title: The navigation bar's title.
    ///   - sections: The fields, in sections.
    ///   - values: The values to edit (edit mode); empty for a new record (add mode).
    ///   - showsLabels: Whether labels are shown beside the fields.
    ///   - saveTitle: The title of Save ("Save").
    ///   - cancelTitle: The title of Cancel ("Cancel").
    ///   - deleteTitle: The title of Delete, or `nil` for no Delete.
    ///   - firstFocusedField: The key of the field that has the keyboard first, or `nil` for
    ///     the first field.
    ///   - now: The clock of reveals and flashes (tests pass their own).
    public init(title: String, sections: [FormSection], values: [String: String] = [:], showsLabels: Bool = true,
                saveTitle: String = "Save", cancelTitle: String = "Cancel", deleteTitle: String? = nil,
                firstFocusedField: String? = nil, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.sections = sections
        self.showsLabels = showsLabels
        self.saveTitle = saveTitle
        self.cancelTitle = cancelTitle
        self.deleteTitle = deleteTitle
        clock = now
        fields = sections.map { section in
            section.fields.map { TextField(text: values[$0.key] ?? "", placeholder: $0.placeholder, traits: $0.traits) }
        }
        var toggles: [String: Bool] = [:]
        for field in sections.flatMap(\.fields) where field.kind == .toggle {
            toggles[field.key] = values[field.key] == "true"
        }
        self.toggles = toggles
        savedValues = [:]
        super.init(title: title, style: .grouped, dataSource: StaticTableDataSource([]))
        savedValues = self.values
        tableView.selectionMode = .single
        delegate = self
        refresh()
        let first = firstFocusedField.flatMap(indexPath(ofKey:)) ?? firstEditable
        if let first { focusRow(at: first) }
        beginEditingFocusedField()
    }

    // MARK: Values

    /// The form's values now: every field's text, toggles as "true" or "false".
    public var values: [String: String] {
        var result: [String: String] = [:]
        for (section, fieldsOfSection) in sections.enumerated() {
            for (row, field) in fieldsOfSection.fields.enumerated() {
                switch field.kind {
                case .toggle: result[field.key] = (toggles[field.key] ?? false) ? "true" : "false"
                case .text, .readOnly: result[field.key] = fields[section][row].text
                }
            }
        }
        return result
    }

    /// Whether the values differ from those the form started with or last saved.
    public var isDirty: Bool { values != savedValues }

    /// The field at `indexPath`.
    public func field(at indexPath: IndexPath) -> FormField? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].fields.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].fields[indexPath.row]
    }

    /// Where the field of `key` is.
    public func indexPath(ofKey key: String) -> IndexPath? {
        for (section, fieldsOfSection) in sections.enumerated() {
            if let row = fieldsOfSection.fields.firstIndex(where: { $0.key == key }) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    private var editableRows: [IndexPath] {
        sections.enumerated().flatMap { section, fieldsOfSection in
            fieldsOfSection.fields.indices.compactMap { row in
                fieldsOfSection.fields[row].kind == .readOnly ? nil : IndexPath(row: row, section: section)
            }
        }
    }

    private var firstEditable: IndexPath? { editableRows.first }

    // MARK: Rows

    /// Rebuilds the rows from the fields: labels, editors, toggles and the reasons of refusal.
    private func refresh() {
        let tableSections = sections.enumerated().map { section, fieldsOfSection in
            TableSection(header: fieldsOfSection.header, footer: fieldsOfSection.footer, cells: fieldsOfSection.fields.enumerated().map { row, field in
                cell(for: field, editor: fields[section][row])
            })
        }
        dataSource = StaticTableDataSource(tableSections)
    }

    private func cell(for field: FormField, editor: TextField) -> TableViewCell {
        let label = showsLabels ? field.label : ""
        switch field.kind {
        case .toggle:
            let isOn = toggles[field.key] ?? false
            return TableViewCell(style: .value1, text: field.label, detailText: isOn ? "On" : "Off", accessory: isOn ? .checkmark : .none)
        case .readOnly:
            return TableViewCell(style: .value2, text: label, detailText: editor.text, detailNumberOfLines: 0, isHighlightable: false)
        case .text:
            var cell = TableViewCell(text: label, isHighlightable: false)
            cell.textField = editor
            cell.footnote = errors[field.key]
            return cell
        }
    }

    private var focusedTextField: IndexPath? {
        guard let focus = state.focusedRow, field(at: focus)?.kind == .text else { return nil }
        return focus
    }

    private func beginEditingFocusedField() {
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
    private func moveFocus(by offset: Int) {
        let rows = editableRows
        guard let focus = state.focusedRow, let index = rows.firstIndex(of: focus) ?? rows.first.map({ _ in 0 }) else { return }
        let target = max(0, min(rows.count - 1, index + offset))
        focusRow(at: rows[target])
        beginEditingFocusedField()
    }

    // MARK: Bars

    override open var leftBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .formCancel, title: cancelTitle, key: .escape, help: "cancel; asks first when there are edits")]
    }

    override open var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .formSave, title: saveTitle, key: .control("s"), isProminent: true, help: "save the form")]
    }

    override open var toolbarItems: [BarButtonItem] {
        guard let deleteTitle else { return [] }
        return [.flexibleSpace, BarButtonItem(id: .formDelete, title: deleteTitle, key: .control("d"), help: "delete, after asking"), .flexibleSpace]
    }

    override open func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        switch id {
        case .formSave: return save()
        case .formCancel: return cancel()
        case .formDelete: return confirmDelete()
        default: return super.barButtonTapped(id, area: area)
        }
    }

    /// Checks every field; saves through the delegate when all are valid. Otherwise the
    /// reasons show under their fields, the focus goes to the first, and nothing is saved.
    public func save() -> ScreenResponse {
        errors = [:]
        var firstInvalid: IndexPath?
        for (section, fieldsOfSection) in sections.enumerated() {
            for (row, field) in fieldsOfSection.fields.enumerated() where field.kind == .text {
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
            message = errors.isEmpty ? nil : "\(errors.count == 1 ? "1 field needs" : "\(errors.count) fields need") attention: nothing was saved"
            focusRow(at: firstInvalid)
            beginEditingFocusedField()
            return .handled
        }
        message = nil
        refresh()
        let result = formDelegate?.formEditor(self, didSave: values) ?? .saved(.pop)
        switch result {
        case .saved(let response):
            savedValues = values
            return response
        case .failed(let reason):
            var alert = Alert(title: "Not Saved", message: reason + "\nYour edits are still here.")
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            return .present(AlertController(alert: alert))
        }
    }

    private func cancel() -> ScreenResponse {
        guard isDirty else { return formDelegate?.formEditorDidCancel(self) ?? .pop }
        return .present(AlertController.discardChanges { [weak self] in
            guard let self else { return }
            self.savedValues = self.values
            self.pendingResponse = self.formDelegate?.formEditorDidCancel(self) ?? .pop
        })
    }

    private func confirmDelete() -> ScreenResponse {
        guard let deleteTitle else { return .ignored }
        var sheet = Alert(title: "\(deleteTitle)?", message: "This cannot be undone.", style: .actionSheet)
        sheet.addAction(AlertAction(title: deleteTitle, style: .destructive) { [weak self] in
            guard let self else { return }
            self.savedValues = self.values
            self.pendingResponse = self.formDelegate?.formEditorDidDelete(self) ?? .pop
        })
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: sheet))
    }

    /// What an answered question asks of the stack (a pop after Discard or Delete), taken by
    /// the next event: a modal's handler cannot answer the stack itself.
    private var pendingResponse: ScreenResponse?

    override open func shouldPop(confirm: @escaping () -> Void) -> PopDecision {
        guard isDirty else { return .allow }
        return .ask(AlertController.discardChanges { [weak self] in
            self?.savedValues = self?.values ?? [:]
            confirm()
        })
    }

    override open var hasUnsavedChanges: Bool { isDirty }

    override open var statusMessage: String? { message }

    // MARK: Events

    override open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if area.size != size { layout(for: area.size) }
        if let pending = pendingResponse {
            pendingResponse = nil
            return pending
        }
        switch event {
        case .tick:
            let now = clock()
            for section in fields.indices {
                for row in fields[section].indices where fields[section][row].needsTicks {
                    fields[section][row].tick(now: now)
                }
            }
            refresh()
            return .handled
        case .paste(let text):
            guard let focus = focusedTextField else { return .ignored }
            apply(fields[focus.section][focus.row].paste(text, now: clock()), at: focus)
            return .handled
        case .mouse:
            let response = super.handle(event, area: area)
            beginEditingFocusedField()
            return response
        case .resize:
            return super.handle(event, area: area)
        case .key(let key):
            return handleKey(key, area: area)
        }
    }

    private func handleKey(_ key: Key, area: Rect) -> ScreenResponse {
        switch key {
        case .control("s"): return save()
        case .escape: return cancel()
        case .tab: moveFocus(by: 1); return .handled
        case .backTab: moveFocus(by: -1); return .handled
        default: break
        }
        guard let focus = state.focusedRow, let field = field(at: focus) else { return super.handle(.key(key), area: area) }
        switch field.kind {
        case .toggle:
            if key == .space || key == .enter {
                toggles[field.key] = !(toggles[field.key] ?? false)
                refresh()
                return .handled
            }
        case .readOnly:
            break
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
        switch key {
        case .up, .character("k") where field.kind != .text: moveFocus(by: -1); return .handled
        case .down, .character("j") where field.kind != .text: moveFocus(by: 1); return .handled
        case .up: moveFocus(by: -1); return .handled
        case .down: moveFocus(by: 1); return .handled
        case .pageUp, .pageDown:
            let response = super.handle(.key(key), area: area)
            beginEditingFocusedField()
            return response
        default:
            return .ignored
        }
    }

    /// What an edit did: a change clears the field's refusal and the status; a rejection says
    /// why on the status line.
    private func apply(_ change: TextField.Change, at indexPath: IndexPath) {
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

    // MARK: Keys and help

    override open var capturesTextInput: Bool { focusedTextField != nil || super.capturesTextInput }

    override open var wantsTicks: Bool { fields.joined().contains(where: \.needsTicks) || pendingResponse != nil }

    override open var keyHelp: [KeyHint] {
        var hints = [
            KeyHint("Tab ↓", "next field"),
            KeyHint("S-Tab ↑", "previous field"),
            KeyHint("^S", "save"),
            KeyHint("Esc", "cancel (asks first when there are edits)"),
        ]
        if let focus = state.focusedRow, let field = field(at: focus) {
            switch field.kind {
            case .text:
                let enter = field.traits.isMultiline ? "new line" : field.traits.returnKeyType.title.lowercased()
                hints.append(KeyHint("Enter", enter))
                hints += TextField.keyHelp
            case .toggle:
                hints.append(KeyHint("Space Enter", "switch on or off"))
            case .readOnly:
                break
            }
        }
        return hints
    }

    override open var keyHints: [KeyHint] {
        var hints = [KeyHint("Tab", "next")]
        if let focus = focusedTextField, let field = field(at: focus), !field.traits.isMultiline {
            hints.append(KeyHint("Enter", field.traits.returnKeyType.title))
        }
        return hints + [KeyHint("^S", "save")]
    }

    override open func layout(for size: Size) {
        super.layout(for: size)
        refresh()
    }
}

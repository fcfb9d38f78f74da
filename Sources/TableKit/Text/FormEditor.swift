import Foundation

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
///
/// The form is its own table's ``TableViewController/delegate``: a subclass overrides the
/// `tableView(_:…)` methods it needs (calling `super` in ``tableView(_:didSelectRowAt:)`` and
/// ``tableView(_:didChangeSwitchAt:to:)``), as a `UITableViewController` subclass does.
@MainActor
open class FormEditor: TableViewController, TableViewDelegate {
    /// The sections of fields.
    private(set) var sections: [FormSection] = []
    /// The fields' editors, section by section.
    var fields: [[TextField]] = []
    /// Toggles' values, by key.
    var toggles: [String: Bool] = [:]
    /// The fields as they are now: those of ``sections``, each retyped where ⌃T changed its
    /// type.
    var currentFields: [[FormField]] = []
    /// The keys of the fields that hold `null`: until something is typed, switched or chosen.
    var nullFields: Set<String> = []
    /// What an empty field holding `null` shows, dimmed, in place of its placeholder: words,
    /// not the word `null`, which a person would read as the value "null". A field whose key
    /// the values leave out shows its own placeholder ("Not set").
    static let noValueText = "No value"
    /// The values the form started with (or last saved).
    var savedValues: [String: FormValue] = [:]
    /// Why each invalid field was refused at the last save, by key.
    public internal(set) var errors: [String: String] = [:]
    /// The status line's sentence: why a key was refused.
    var message: String?
    /// Told about save, cancel and delete; held weakly.
    public weak var formDelegate: (any FormEditorDelegate)?
    /// The title of Save.
    public var saveTitle = "Save"
    /// The title of Cancel.
    public var cancelTitle = "Cancel"
    /// The title of Delete, or `nil` for none.
    public var deleteTitle: String?
    /// Whether labels are shown beside the fields.
    private(set) var showsLabels = true
    private(set) var clock: @Sendable () -> ContinuousClock.Instant = { .now }
    /// The date an empty date field's screen starts from (held to its limits); tests fix it.
    var currentDate: () -> Date = { Date() }
    /// The form's own changes, field by field, until it goes: ⌃_ takes the last back and ⌃Y
    /// makes it again (`u` and `U` too, where the focused field takes no text). Typing in one
    /// field is one change until the focus moves, as readline's undo takes back a line's edits.
    /// (Each change is its own group: the form, not the event, says where a change ends.)
    public let undoManager: UndoManager = {
        let manager = UndoManager()
        manager.groupsByEvent = false
        return manager
    }()
    /// The field whose typing is the change now being made, until the focus moves.
    var fieldBeingTyped: String?
    /// What the last ⌃_ or ⌃Y did ("Undo Age"), on the status line until the next event.
    var undoNotice: String?

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
        super.init(title: title, style: .grouped, dataSource: StaticTableDataSource([]))
        setUp(sections: sections, start: Self.start(sections: sections, texts: values, typedValues: [:]), showsLabels: showsLabels,
              titles: (saveTitle, cancelTitle, deleteTitle), focusing: firstFocusedField, now: now)
    }

    /// Creates a form whose values are typed: a number shows as its keyboard writes it
    /// (with the locale's decimal separator on a decimal pad), a boolean as a switch, a date
    /// on its date row, `null` as an empty field (or a switch marked null) until something is
    /// typed, switched or chosen.
    ///
    /// - Parameters:
    ///   - title: The navigation bar's title.
    ///   - sections: The fields, in sections.
    ///   - typedValues: The values to edit (edit mode); empty for a new record (add mode).
    ///   - showsLabels: Whether labels are shown beside the fields.
    ///   - saveTitle: The title of Save ("Save").
    ///   - cancelTitle: The title of Cancel ("Cancel").
    ///   - deleteTitle: The title of Delete, or `nil` for no Delete.
    ///   - firstFocusedField: The key of the field that has the keyboard first, or `nil` for
    ///     the first field.
    ///   - now: The clock of reveals and flashes (tests pass their own).
    public init(title: String, sections: [FormSection], typedValues: [String: FormValue], showsLabels: Bool = true,
                saveTitle: String = "Save", cancelTitle: String = "Cancel", deleteTitle: String? = nil,
                firstFocusedField: String? = nil, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        super.init(title: title, style: .grouped, dataSource: StaticTableDataSource([]))
        setUp(sections: sections, start: Self.start(sections: sections, texts: [:], typedValues: typedValues), showsLabels: showsLabels,
              titles: (saveTitle, cancelTitle, deleteTitle), focusing: firstFocusedField, now: now)
    }

    /// What both initialisers do once the controller exists: the fields, their editors and
    /// switches, the bars' titles, the values to compare edits with, and the first focus.
    private func setUp(sections: [FormSection], start: (fields: [[TextField]], toggles: [String: Bool], nullFields: Set<String>),
                       showsLabels: Bool, titles: (save: String, cancel: String, delete: String?), focusing firstFocusedField: String?,
                       now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.sections = sections
        currentFields = sections.map(\.fields)
        (fields, toggles, nullFields) = start
        self.showsLabels = showsLabels
        (saveTitle, cancelTitle, deleteTitle) = titles
        clock = now
        savedValues = typedValues
        tableView.selectionMode = .single
        delegate = self
        refresh()
        let first = firstFocusedField.flatMap(indexPath(ofKey:)) ?? firstEditable
        if let first { focusRow(at: first) }
        beginEditingFocusedField()
    }

    /// The editors, switches and null fields a form starts with, from texts (`"true"` for a
    /// switch that is on) or typed values (which win).
    private static func start(sections: [FormSection], texts: [String: String], typedValues: [String: FormValue])
        -> (fields: [[TextField]], toggles: [String: Bool], nullFields: Set<String>) {
        var toggles: [String: Bool] = [:], nullFields = Set<String>()
        let fields = sections.map { section in
            section.fields.map { field in
                var text = texts[field.key] ?? ""
                if let value = typedValues[field.key] {
                    text = editorText(of: value, in: field)
                    if value == .null { nullFields.insert(field.key) }
                }
                if field.kind == .toggle { toggles[field.key] = text == "true" }
                return TextField(text: text, placeholder: field.placeholder, traits: field.traits)
            }
        }
        return (fields, toggles, nullFields)
    }

    /// The text `field`'s editor shows for `value`: a number as its keyboard writes it, a
    /// boolean as `"true"` or `"false"`, a date as its row writes it, `null` as nothing.
    static func editorText(of value: FormValue, in field: FormField) -> String {
        switch value {
        case .text(let text): return text
        case .number(let number): return field.traits.keyboardType == .decimalPad ? number.text(decimalSeparator: field.traits.decimalSeparator) : number.text
        case .bool(let isOn): return isOn ? "true" : "false"
        case .date(let date):
            guard case .date(let configuration) = field.kind else { return "" }
            return configuration.valueText(date: date, countDownDuration: date.timeIntervalSinceReferenceDate)
        case .null: return ""
        }
    }

    // MARK: Bars

    override open var leftBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .formCancel, title: cancelTitle, key: .escape, help: "cancel; asks first when there are edits")]
    }

    override open var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .formSave, title: saveTitle, key: .control("s"), isProminent: true, help: "\(saveTitle.lowercased()) the form")]
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

    override open func shouldPop(confirm: @escaping () -> Void) -> PopDecision {
        guard isDirty else { return .allow }
        return .ask(AlertController.discardChanges(answer: { [weak self] in
            self?.savedValues = self?.typedValues ?? [:]
            confirm()
            return .handled
        }))
    }

    override open var hasUnsavedChanges: Bool { isDirty }

    override open var statusMessage: String? { message ?? undoNotice }

    // MARK: Events

    override open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        switch event {
        case .tick, .resize:
            // Time and size change no field: no values read before and after (a tick comes
            // many times a second while a cursor blinks).
            return handleEvent(event, area: area)
        case .key, .mouse, .paste:
            undoNotice = nil
        }
        if case .key(let key) = event, let action = undoAction(for: key) {
            undoOrRedo(action)
            return .handled
        }
        let before = fieldsBeforeChange()
        let response = handleEvent(event, area: area)
        registerUndo(ofChangesSince: before)
        return response
    }

    /// What ``handle(_:area:)`` does with an event that is not an undo or a redo.
    private func handleEvent(_ event: Event, area: Rect) -> ScreenResponse {
        if area.size != size { layout(for: area.size) }
        switch event {
        case .tick:
            let now = clock()
            var changed = false
            for section in fields.indices {
                for row in fields[section].indices where fields[section][row].needsTicks {
                    changed = fields[section][row].tick(now: now) || changed
                }
            }
            if changed { refresh() }
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

    // MARK: Table delegate

    // The form is its own table's delegate, as a `UITableViewController` is. Every method of
    // `TableViewDelegate` is implemented here and `open`, so that a subclass's method is an
    // override the table calls: a method the protocol's extension implements, and the form did
    // not, would be chosen once for the form and a subclass's own never called. Override these
    // rather than setting `delegate`, which would take the form's own rows away from it.

    /// Rows may be highlighted. Subclasses may refuse some.
    open func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }

    /// Selects the row asked for. Subclasses may redirect or refuse a selection.
    open func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }

    /// A click on a date row opens its date screen. Subclasses that override this call
    /// `super` for the form's own rows.
    open func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard case .date? = field(at: indexPath)?.kind else { return .handled }
        return chooseDate(at: indexPath)
    }

    /// Does nothing.
    open func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {}

    /// Does nothing more.
    open func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse { .handled }

    /// Does nothing more.
    open func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse { .handled }

    /// Does nothing: the form begins editing the focused field itself.
    open func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) {}

    /// No primary action.
    open func tableView(_ tableView: TableViewController, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool { false }

    /// Does nothing more.
    open func tableView(_ tableView: TableViewController, performPrimaryActionForRowAt indexPath: IndexPath) -> ScreenResponse { .handled }

    /// A click on an on/off row's switch flips it, as Space does. Subclasses that override
    /// this call `super` for the form's own switches.
    open func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        guard let field = field(at: indexPath), field.kind == .toggle else { return .handled }
        toggles[field.key] = isOn
        nullFields.remove(field.key)
        refresh()
        return .handled
    }

    /// Does nothing more.
    open func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse { .handled }

    /// No menu.
    open func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }

    /// No menu.
    open func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// A form's rows are not edited as a list: `.none`.
    open func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .none }
    /// "Delete".
    open func tableView(_ tableView: TableViewController, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    /// The data source inserts (a form's rows have no ⊕).
    open func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? { nil }
    /// The place proposed.
    open func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }

    override open func clearButtonTapped(at indexPath: IndexPath) -> ScreenResponse {
        beginEditingFocusedField()
        guard field(at: indexPath)?.kind == .text else { return .handled }
        apply(fields[indexPath.section][indexPath.row].handle(.control("u"), now: clock()) ?? .moved, at: indexPath)
        return .handled
    }

    // MARK: Keys and help

    override open var capturesTextInput: Bool { focusedTextField != nil || super.capturesTextInput }

    override open var wantsTicks: Bool { fields.joined().contains(where: \.needsTicks) }

    override open var keyHelp: [KeyHint] {
        var hints = Self.formKeyBindings(where: { $0 != .chooseType }).helpHints() + Self.undoKeyBindings.helpHints()
        if let focus = state.focusedRow, let field = declaredField(at: focus), field.offersTypeChoice {
            let choices = field.typeChoices.map(\.name).joined(separator: ", ") + (field.allowsNull ? " or null" : "")
            hints += Self.formKeyBindings(where: { $0 == .chooseType }).map { KeyHint($0.label, $0.help + ": " + choices) }
        }
        if let focus = state.focusedRow, let field = field(at: focus) {
            switch field.kind {
            case .text:
                let enter = field.traits.isMultiline ? "new line" : field.traits.returnKeyType.title.lowercased()
                hints.append(KeyHint(TextField.returnKeyBinding.label, enter))
                hints += TextField.keyHelp
            case .toggle:
                hints += Self.toggleKeyBindings.helpHints()
            case .date:
                hints += Self.dateKeyBindings.helpHints()
            case .readOnly:
                break
            }
        }
        return hints
    }

    override open var keyHints: [KeyHint] {
        var hints = Self.formKeyBindings(where: { $0 == .moveFocus(by: 1) }).footerHints()
        if let focus = focusedTextField, let field = field(at: focus), !field.traits.isMultiline {
            hints.append(KeyHint(TextField.returnKeyBinding.footerLabel, field.traits.returnKeyType.title))
        }
        // Save's hint says what its button says: "send" under Send.
        hints += Self.formKeyBindings(where: { $0 == .save }).footerHints().map { KeyHint($0.key, saveTitle.lowercased()) }
        // Undo after Save: where the line is short, it gives way first.
        if undoManager.canUndo { hints += Self.undoKeyBindings.filter { $0.action == .undo }.footerHints() }
        return hints
    }

    override open func layout(for size: Size) {
        super.layout(for: size)
        refresh()
    }
}

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
        /// A date (or time, or countdown) chosen on a ``DatePickerController``: Enter, Space,
        /// → or a click open it, Backspace clears the field. The value is stored as
        /// `DatePicker.Configuration.valueText(date:countDownDuration:)` writes it.
        case date(DatePicker.Configuration)

        /// Whether a save checks the field's text (its traits and its own rule).
        var isChecked: Bool {
            switch self {
            case .text, .date: return true
            case .toggle, .readOnly: return false
            }
        }
    }

    /// The key of the field's value in the form's data.
    package var key: String
    /// The label beside the field.
    package var label: String
    /// Shown dimmed while the field is empty.
    var placeholder: String
    /// How the field behaves: the prototype of its traits.
    package var traits: TextInputTraits
    /// A text field, an on/off row, a date, or a read-only value.
    package var kind: Kind
    /// A rule of the field's own, checked on save after the keyboard's: the end of a sentence
    /// that starts with the label ("is not a valid ISBN"), or `nil` when the text is valid.
    var validate: (@Sendable (String) -> String?)?
    /// The other types a person may give the value with ⌃T (a field of a JSON record whose
    /// column holds numbers and text, say); empty for a field whose type is fixed.
    public var alternativeTypes: [FormValueType] = []
    /// Whether ⌃T offers `null`: the field then holds no value until something is typed.
    public var allowsNull = false
    /// Whether the label shows the value's type ("rating (number)"): where the column does
    /// not make it obvious. A field whose type was changed with ⌃T always shows it.
    package var showsValueType = false
    /// The configuration of a date the field takes when ⌃T makes it a date.
    package var dateConfiguration = DatePicker.Configuration(mode: .date)

    /// The type of the field's value: a switch holds a boolean, a date field a date, a number
    /// or decimal pad a number, anything else text.
    package var valueType: FormValueType {
        switch kind {
        case .toggle: return .bool
        case .date: return .date
        case .readOnly: return .text
        case .text: return traits.keyboardType == .numberPad || traits.keyboardType == .decimalPad ? .number : .text
        }
    }

    /// This field made to take a value of `type`: a number takes a decimal pad with a sign, a
    /// boolean a switch, a date the ``dateConfiguration``, text the default keyboard.
    func retyped(as type: FormValueType) -> FormField {
        guard type != valueType else { return self }
        var field = self
        switch type {
        case .text:
            field.kind = .text
            field.traits.keyboardType = .default
        case .number:
            field.kind = .text
            field.traits.keyboardType = .decimalPad
            field.traits.allowsNegativeNumbers = true
            field.traits.isMultiline = false
        case .bool:
            field.kind = .toggle
        case .date:
            field.kind = .date(dateConfiguration)
        }
        field.validate = nil
        return field
    }

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
    var header: String?
    /// The section's footer title.
    var footer: String?
    /// The fields, in order.
    var fields: [FormField]

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
    /// Not saved yet: `modal` asks first (whether a value may change its type, where else to
    /// save). Its actions end the save with `FormEditor.finishSave(_:)`; until then the
    /// edits stay in the form.
    case ask(any Modal)
}

/// Told what a person did with a ``FormEditor``. Every method has a default.
@MainActor
public protocol FormEditorDelegate: AnyObject {
    /// Save with every field valid: `values` holds a typed value for every field's key
    /// (``FormEditor/typedValues``). Default: the method with texts.
    func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult
    /// Save with every field valid: `values` holds a text for every field's key. Called only
    /// by the default of the typed method. Default: `.saved(.pop)`.
    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult
    /// Cancel (discarding any edits, after asking). Default: pop.
    func formEditorDidCancel(_ form: FormEditor) -> ScreenResponse
    /// Delete, confirmed in an action sheet. Default: pop.
    func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse
}

extension FormEditorDelegate {
    /// Asks the method with texts, with the form's ``FormEditor/values``.
    public func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult {
        formEditor(form, didSave: form.values)
    }
    /// Saved; the form pops.
    public func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult { .saved(.pop) }
    /// The form pops.
    public func formEditorDidCancel(_ form: FormEditor) -> ScreenResponse { .pop }
    /// The form pops.
    public func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse { .pop }
}

extension BarButtonItem.Identifier {
    /// A form's Save.
    package static let formSave: Self = "formSave"
    /// A form's Cancel.
    static let formCancel: Self = "formCancel"
    /// A form's Delete.
    static let formDelete: Self = "formDelete"
}

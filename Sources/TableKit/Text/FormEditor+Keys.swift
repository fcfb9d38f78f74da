extension FormEditor {
    /// What a form's own keys do, whatever field has the focus.
    enum FormKeyAction: Hashable, Sendable {
        /// Moves the focus by this many fields, before the field sees the key.
        case moveFocus(by: Int)
        /// Moves the focus by this many fields when the field does not use the key itself
        /// (↑ ↓ move the cursor in a text view).
        case moveFocusUnlessFieldUsesKey(by: Int)
        /// Saves the form.
        case save
        /// Cancels, asking first when there are edits.
        case cancel
        /// Asks which type the focused value is (text, number, null…).
        case chooseType
    }

    /// What a key does to the focused toggle or date field.
    enum FieldKeyAction: Hashable, Sendable {
        /// Switches the toggle on or off.
        case toggle
        /// Opens the date screen.
        case chooseDate
        /// Clears the date.
        case clearDate
    }

    /// The form's own keys, as data: ``handle(_:area:)`` looks keys up here, and help and the
    /// footer read it. (`k` `j` also move between fields that take no text.)
    static let formKeyBindings: [KeyBinding<FormKeyAction>] = [
        KeyBinding([.tab], .moveFocus(by: 1), label: "Tab", help: "next field", footer: "next"),
        KeyBinding([.down], .moveFocusUnlessFieldUsesKey(by: 1), label: "↓", help: "next field"),
        KeyBinding([.backTab], .moveFocus(by: -1), label: "S-Tab", help: "previous field"),
        KeyBinding([.up], .moveFocusUnlessFieldUsesKey(by: -1), label: "↑", help: "previous field"),
        KeyBinding([.control("s")], .save, label: "^S", help: "save", footer: "save"),
        KeyBinding([.escape], .cancel, label: "Esc", help: "cancel (asks first when there are edits)"),
        KeyBinding([.control("t")], .chooseType, label: "^T", help: "the value's type"),
    ]

    /// A toggle field's keys.
    static let toggleKeyBindings: [KeyBinding<FieldKeyAction>] = [
        KeyBinding([.space, .enter], .toggle, label: "Space Enter", help: "switch on or off"),
    ]

    /// A date field's keys.
    static let dateKeyBindings: [KeyBinding<FieldKeyAction>] = [
        KeyBinding([.enter, .space, .right, .character("l")], .chooseDate, label: "Enter Space → l", help: "choose the date"),
        KeyBinding([.backspace, .delete], .clearDate, label: "Backspace Delete", help: "clear it"),
    ]

    /// The keys of the form's table with `actions`, for help.
    static func formKeyBindings(where actions: (FormKeyAction) -> Bool) -> [KeyBinding<FormKeyAction>] {
        formKeyBindings.filter { actions($0.action) }
    }
}

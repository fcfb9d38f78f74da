import Foundation

extension TableViewController {
    /// The row keys that do something now, for handling and help alike: none without rows;
    /// in a checkable section Space checks (and Enter chooses a radio row), elsewhere Space
    /// pages and Enter selects when there is a delegate to tell that lets the row be
    /// highlighted (``TableViewDelegate/tableView(_:shouldHighlightRowAt:)``); Tab only with a section
    /// index; the info and edit keys only when the focused cell has such a button.
    public var availableRowKeyBindings: [KeyBinding<TableViewAction>] {
        guard let focus = state.focusedRow else { return [] }
        let mode = tableView.selectionMode(forSection: focus.section, dataSource: dataSource)
        return tableView.rowKeyBindings(rowKeyBindings, at: focus, dataSource: dataSource, isEditing: isEditing,
                                        selectsWhileEditing: allowsSelectionDuringEditing) { [unowned self] in
            switch mode {
            case .none: false
            case .multiple: delegate?.tableView(self, canPerformPrimaryActionForRowAt: focus) == true
            case .radio: true
            case .single: delegate?.tableView(self, shouldHighlightRowAt: focus) == true
            }
        }
    }
}

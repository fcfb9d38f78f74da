import Foundation

extension TableViewController {
    /// The row keys that do something now, for handling and help alike: none without rows;
    /// in a checkable section Space checks (and Enter chooses a radio row), elsewhere Space
    /// pages and Enter selects when there is a delegate to tell; Tab only with a section
    /// index; the info and edit keys only when the focused cell has such a button.
    public var availableRowKeyBindings: [KeyBinding<TableViewAction>] {
        guard let focus = state.focusedRow else { return [] }
        let accessory = dataSource.cell(for: focus).accessory
        let hasIndex = tableView.indexTitles(dataSource) != nil
        let mode = tableView.selectionMode(forSection: focus.section, dataSource: dataSource)
        var bindings = rowKeyBindings
        if accessory.switchValue != nil {
            // Space and Enter flip the switch here instead of paging and selecting.
            bindings = bindings.filter { $0.action != .select }.map { $0.removing(.space, named: "Space") }
            bindings.append(KeyBinding([.space, .enter], .toggleSwitch, label: "Space Enter", help: "switch it on or off", footer: "switch"))
        } else if mode.checkmarkPlacement != nil {
            // Space checks here instead of paging.
            bindings = bindings.map { $0.removing(.space, named: "Space") }
            let help: String
            if case .radio = mode { help = "choose this row" } else { help = "check or uncheck the row" }
            bindings.append(KeyBinding([.space], .toggleCheck, label: "Space", help: help, footer: "check"))
        }
        return bindings.filter { binding in
            switch binding.action {
            case .select:
                switch mode {
                case .none: return false
                case .multiple: return delegate?.tableView(self, canPerformPrimaryActionForRowAt: focus) == true
                case .radio: return true
                case .single: return delegate != nil
                }
            case .toggleIndexFocus: return hasIndex
            case .tapDetailButton: return accessory.hasDetailButton
            case .tapAccessoryButton: return accessory.customButtonTitle != nil
            default: return true
            }
        }
    }
}

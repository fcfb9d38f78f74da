import Foundation

@MainActor
extension TableView {
    /// The keys of `bindings` that do something on the row at `focus` now (see
    /// ``TableViewController/availableRowKeyBindings``): on a slider the arrows and the paging
    /// keys slide; on a switch Space and Enter flip it; in a checkable section Space checks
    /// (and Enter chooses a radio row); elsewhere Enter selects when `selects` says the row may
    /// be selected. Tab only with a section index; the info and edit keys only when the cell
    /// has such a button; in editing mode the accessories give way, and rows are selected
    /// only when `selectsWhileEditing`.
    func rowKeyBindings(_ bindings: [KeyBinding<TableViewAction>], at focus: IndexPath, dataSource: any TableViewDataSource, isEditing: Bool,
                        selectsWhileEditing: Bool, selects: () -> Bool) -> [KeyBinding<TableViewAction>] {
        var bindings = bindings
        let cell = dataSource.cell(for: focus)
        let accessory = cell.accessory
        let hasIndex = indexTitles(dataSource) != nil
        let mode = selectionMode(forSection: focus.section, dataSource: dataSource)
        if cell.slider != nil {
            // The arrows and the paging keys move the slider here; Enter still opens the row.
            let sliderKeys: [(Key, String)] = [(.right, "→"), (.pageUp, "PgUp"), (.pageDown, "PgDn"), (.home, "Home"), (.end, "End")]
            bindings = bindings.map { binding in
                sliderKeys.reduce(binding) { $0.removing($1.0, named: $1.1) }
            }.filter { !$0.keys.isEmpty }
            bindings += [
                KeyBinding([.left], .moveSlider(.stepDown), label: "←", help: "slide a step down", footer: "slide"),
                KeyBinding([.right], .moveSlider(.stepUp), label: "→", help: "slide a step up"),
                KeyBinding([.pageUp], .moveSlider(.pageDown), label: "PgUp", help: "slide a big step down"),
                KeyBinding([.pageDown], .moveSlider(.pageUp), label: "PgDn", help: "slide a big step up"),
                KeyBinding([.home], .moveSlider(.minimum), label: "Home", help: "slide to the lowest"),
                KeyBinding([.end], .moveSlider(.maximum), label: "End", help: "slide to the highest"),
            ]
        } else if accessory.switchValue != nil {
            // Space and Enter flip the switch here instead of paging and selecting.
            bindings = bindings.filter { $0.action != .select }.map { $0.removing(.space, named: "Space") }
            bindings.append(KeyBinding([.space, .enter], .toggleSwitch, label: "Space Enter", help: "switch it on or off", footer: "switch"))
        } else if mode.checkmarkPlacement != nil {
            // Space checks here instead of paging.
            bindings = bindings.map { $0.removing(.space, named: "Space") }
            if case .radio = mode {
                // Enter chooses a radio row rather than opening anything, and the footer says
                // so once: Space does the same.
                bindings = bindings.map { binding in
                    guard binding.action == .select else { return binding }
                    var choosing = binding
                    choosing.help = "choose this row"
                    choosing.footerHelp = "choose"
                    return choosing
                }
                bindings.append(KeyBinding([.space], .toggleCheck, label: "Space", help: "choose this row"))
            } else {
                bindings.append(KeyBinding([.space], .toggleCheck, label: "Space", help: "check or uncheck the row", footer: "check"))
            }
        }
        // In editing mode the accessories give way, and rows are selected only if allowed.
        return bindings.filter { binding in
            if isEditing {
                switch binding.action {
                case .select: if !selectsWhileEditing { return false }
                case .tapDetailButton, .tapAccessoryButton, .toggleSwitch: return false
                default: break
                }
            }
            switch binding.action {
            case .select: return selects()
            case .toggleIndexFocus: return hasIndex
            case .tapDetailButton: return accessory.hasDetailButton
            case .tapAccessoryButton: return accessory.customButtonTitle != nil
            default: return true
            }
        }
    }
}

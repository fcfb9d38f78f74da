import Foundation
import TableKit

/// What a list shows as columns: whether it does, and which fields beside the title.
struct ColumnsChoice: Equatable, Sendable {
    var isOn = false
    /// The fields shown after the title, in the records' order.
    var fields: [String] = []
}

/// The Columns screen of a `--data` list (c): a switch for the columns layout and the fields
/// it shows, checked in the records' order. Every change reaches the list at once.
final class ColumnsScreen: TableViewController, TableViewDelegate {
    private var choice: ColumnsChoice
    /// The fields that may be shown (every key but the title's).
    private let keys: [String]
    private let onChange: (ColumnsChoice) -> Void

    init(choice: ColumnsChoice, keys: [String], onChange: @escaping (ColumnsChoice) -> Void) {
        self.choice = choice
        self.keys = keys
        self.onChange = onChange
        super.init(title: "Columns", style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        show()
    }

    private func show() {
        dataSource = StaticTableDataSource([
            TableSection(footer: "Columns suit a wide terminal: the title, then each field checked below.", selectionMode: SelectionMode.none, cells: [
                TableViewCell(text: "Show as Columns", accessory: .switch(choice.isOn)),
            ]),
            TableSection(header: "Fields", selectionMode: .multiple(.trailing), cells: keys.map { TableViewCell(text: ControlEscaping.escaped($0)) }),
        ])
        let focus = state.focusedRow
        state.selectedRows = []
        for (row, key) in keys.enumerated() where choice.fields.contains(key) { selectRow(at: IndexPath(row: row, section: 1)) }
        if let focus { state.focusedRow = focus }
    }

    private func change(_ update: (inout ColumnsChoice) -> Void) {
        update(&choice)
        // Checked fields keep the records' order, whatever order they were checked in.
        choice.fields = keys.filter(choice.fields.contains)
        onChange(choice)
    }

    func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        change { $0.isOn = isOn }
        show()
        return .handled
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard indexPath.section == 1, keys.indices.contains(indexPath.row) else { return .handled }
        // Checking a field turns the columns on: that is why it was checked.
        change {
            $0.fields.append(keys[indexPath.row])
            $0.isOn = true
        }
        show()
        return .handled
    }

    func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {
        guard indexPath.section == 1, keys.indices.contains(indexPath.row) else { return }
        change { $0.fields.removeAll { $0 == keys[indexPath.row] } }
        show()
    }
}

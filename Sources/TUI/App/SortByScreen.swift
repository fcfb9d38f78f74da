import Foundation
import TableKit

/// Sort By (o) of a `--data` list: the records' fields as a radio list, the title first and
/// the current field chosen. The choice is a menu's, as the Sort By menu of iOS Files is:
/// its mark stands before the name, so the trailing side says which field titles and which
/// subtitles the rows. Choosing a field sorts the list by it and goes back; Esc goes back
/// with the order unchanged.
final class SortByScreen: TableViewController, TableViewDelegate {
    private let fields: [String]
    private let current: String
    private let sort: (String) -> Void

    /// - Parameters:
    ///   - fields: the keys to offer, in order.
    ///   - current: the key the list is sorted by now, chosen and focused.
    ///   - roles: what a key does in the rows ("title", "subtitle"), shown after it.
    ///   - sort: called with the key chosen, unless it is `current`.
    init(fields: [String], current: String, roles: [String: String], sort: @escaping (String) -> Void) {
        self.fields = fields
        self.current = current
        self.sort = sort
        let cells = fields.map { key in
            TableViewCell(style: .value1, text: ControlEscaping.escaped(key), detailText: roles[key])
        }
        super.init(title: "Sort By", style: .grouped, dataSource: StaticTableDataSource([
            TableSection(footer: "Numbers, dates and true/false sort by value; nulls come last.", selectionMode: .radio(.leading), cells: cells),
        ]))
        delegate = self
        if let row = fields.firstIndex(of: current) {
            let indexPath = IndexPath(row: row, section: 0)
            selectRow(at: indexPath)
            // The first layout scrolls the least that shows it: the box's top stays in view
            // while the chosen field is near it.
            state.focusedRow = indexPath
        }
    }

    /// The screen for `records`: its fields, the one sorted by, and which titles and
    /// subtitles the rows.
    convenience init(records: IndexedRecords, sort: @escaping (String) -> Void) {
        let store = records.store
        var roles: [String: String] = [:]
        if let subtitleKey = store.subtitleKey { roles[subtitleKey] = "subtitle" }
        roles[store.titleKey] = "title"
        self.init(fields: RecordSorting.fields(of: store), current: RecordSorting.currentField(of: records), roles: roles, sort: sort)
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard fields.indices.contains(indexPath.row) else { return .handled }
        let key = fields[indexPath.row]
        if key != current { sort(key) }
        return .pop
    }
}

import Foundation
import TableKit

/// An object or array inside a record, opened from the record's detail (or from another
/// nested value) with Enter, → or a click on its row.
///
/// - An object shows its members as `.value1` rows: the key, and the value on the right.
/// - An array of objects is a table of its elements, each titled by its first name-like or
///   textual member, with the next one under it.
/// - An array of anything else is a list of its values.
///
/// A member or element that is itself an object or array says how big it is ("3 fields",
/// "12 items") and has a disclosure indicator: it opens the same way. The screen's title is
/// the path from the record (`address.geo`, `tags[2]`), so the back buttons spell the way
/// back.
final class NestedValueScreen: TableViewController, TableViewDelegate {
    /// The value shown.
    let value: JSONTree
    /// Where it is in the record: `address`, `children[0].tags`.
    let path: String
    /// The value of each row, in row order.
    private let rows: [(label: String, value: JSONTree)]

    init(value: JSONTree, path: String) {
        self.value = value
        self.path = path
        rows = Self.rows(of: value)
        let isList: Bool
        if case .array = value { isList = true } else { isList = false }
        super.init(
            title: path,
            tableView: TableView(style: .plain, showsSectionIndex: false, emptyMessage: isList ? "This list is empty" : "This object has no fields"),
            dataSource: StaticTableDataSource(cells: Self.cells(of: value, rows: rows))
        )
        delegate = self
    }

    /// The members of an object or the elements of an array, labelled by key or position.
    private static func rows(of value: JSONTree) -> [(label: String, value: JSONTree)] {
        switch value {
        case .object(let members): return members.map { (ControlEscaping.escaped($0.key), $0.value) }
        case .array(let items): return items.enumerated().map { ("[\($0.offset)]", $0.element) }
        default: return []
        }
    }

    private static func cells(of value: JSONTree, rows: [(label: String, value: JSONTree)]) -> [TableViewCell] {
        if case .array(let items) = value, !items.isEmpty, items.allSatisfy({ if case .object = $0 { return true } else { return false } }) {
            return items.enumerated().map { objectRow(index: $0.offset, members: $0.element) }
        }
        let isArray: Bool
        if case .array = value { isArray = true } else { isArray = false }
        return rows.map { row in
            if row.value.isContainer {
                return TableViewCell(style: .value1, text: row.label, detailText: row.value.summary, accessory: .disclosureIndicator)
            }
            if isArray {
                return TableViewCell(style: .value1, text: shown(row.value), detailText: row.label)
            }
            return TableViewCell(style: .value1, text: row.label, detailText: shown(row.value))
        }
    }

    /// An element of an array of objects: its title and subtitle members, as the record list
    /// would choose them.
    private static func objectRow(index: Int, members value: JSONTree) -> TableViewCell {
        guard case .object(let members) = value else { return TableViewCell(text: "[\(index)]") }
        let textual = members.filter { if case .string(let text) = $0.value { return !text.isEmpty } else { return false } }
        let titleMember = textual.first { ["title", "name"].contains($0.key.lowercased()) }
            ?? textual.first { $0.key.lowercased().contains("name") || $0.key.lowercased().contains("title") }
            ?? textual.first
        let subtitleMember = textual.first { $0.key != titleMember?.key }
        let title = titleMember.map { shown($0.value) } ?? "[\(index)] " + value.summary
        return TableViewCell(style: subtitleMember == nil ? .default : .subtitle, text: title,
                             detailText: subtitleMember.map { shown($0.value) }, accessory: .disclosureIndicator)
    }

    /// A scalar as one line: strings as they are, `—` for null, others as written.
    static func shown(_ value: JSONTree) -> String {
        switch value {
        case .null: return "—"
        case .string(let text): return text.isEmpty ? "—" : ControlEscaping.escaped(text)
        default: return value.text
        }
    }

    /// The path of the value at `label` under `path`: `address.geo`, `tags[2]`.
    static func path(_ path: String, appending label: String) -> String {
        label.hasPrefix("[") || path.isEmpty ? path + label : path + "." + label
    }

    // MARK: Delegate

    func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        rows.indices.contains(indexPath.row) && rows[indexPath.row].value.isContainer
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard rows.indices.contains(indexPath.row) else { return .handled }
        let row = rows[indexPath.row]
        guard row.value.isContainer else { return .handled }
        return .push(NestedValueScreen(value: row.value, path: Self.path(path, appending: row.label)))
    }
}

import Foundation
import TableKit

/// The records a detail screen can step through with Previous and Next: the list it was
/// opened from, in its order (filtered or not).
struct RecordSequence {
    /// How many records the list shows.
    let count: Int
    /// The record shown at an index of the list.
    let record: (ResultIndex) -> RecordIndex?
}

extension BarButtonItem.Identifier {
    /// ‹ Previous: the record before, in the list's order.
    static let previousRecord: Self = "previous"
    /// Next ›: the record after.
    static let nextRecord: Self = "next"
    /// "n of N", not a button.
    static let recordPosition: Self = "position"
    /// Edit: the record's form.
    static let editRecord: Self = "editRecord"
}

/// Every field of one record, labelled, values wrapped; a toolbar steps to the previous
/// and next record of the list it came from. A field holding an object or an array says how
/// big it is and opens its own screen (``NestedValueScreen``) with Enter, → or a click; a
/// value longer than a few lines shows its first ``previewLines`` and opens whole in a reader
/// (``TextViewController``) the same way; selecting any other field does nothing, so ← and Esc stay free for going back. A record that may be changed has Edit (e), which opens its
/// form; after a save the detail shows the record as saved, and after a deletion it goes back.
final class RecordDetailScreen: TableViewController, TableViewDelegate {
    private var store: JSONRecordStore
    private let sequence: RecordSequence?
    /// Told the index in the list of each record stepped to, so that going back lands on
    /// the record last shown.
    var onStep: (ResultIndex) -> Void = { _ in }
    /// Where the record shown is in the list (``sequence``).
    private var position: ResultIndex
    /// The record shown.
    private var record: RecordIndex
    /// The form that edits a record, when records may be changed.
    var editForm: ((RecordIndex) -> RecordFormScreen?)?

    /// The fields left out (keys, lowercased), as Settings chose.
    private let hiddenFields: Set<String>
    /// The fields shown, in row order.
    private var shownFields: [RecordMember] = []

    init(store: JSONRecordStore, record: RecordIndex, sequence: RecordSequence? = nil, position: ResultIndex = ResultIndex(0), hiddenFields: Set<String> = []) {
        self.store = store
        self.sequence = sequence
        self.position = position
        self.hiddenFields = hiddenFields
        self.record = record
        super.init(
            title: store.title(at: record, maximumBytes: JSONRecordStore.rowTextBytes),
            tableView: TableView(style: .plain, showsSectionIndex: false, emptyMessage: "This record has no fields"),
            dataSource: StaticTableDataSource([])
        )
        delegate = self
        showFields()
    }

    /// Each field as a row: its key, and its value wrapped under it; an object or an array
    /// says how big it is, with a disclosure indicator.
    private func showFields() {
        // A long string is decoded only as far as its preview shows; Enter reads it whole.
        shownFields = store.members(at: record, valuePrefix: Self.previewBytes).filter { !hiddenFields.contains($0.key.lowercased()) }
        dataSource = StaticTableDataSource(cells: shownFields.map { field in
            switch field.kind {
            case .object, .array:
                let summary = JSONTree(parsing: field.value)?.summary ?? field.value
                return TableViewCell(style: .subtitle, text: field.key, detailText: summary, accessory: .disclosureIndicator)
            case .null:
                return TableViewCell(style: .subtitle, text: field.key, detailText: "—")
            case _ where field.isPrefix || Self.isLong(field.value):
                return TableViewCell(style: .subtitle, text: field.key, detailText: field.value, accessory: .disclosureIndicator,
                                     detailNumberOfLines: Self.previewLines)
            default:
                return TableViewCell(style: .subtitle, text: field.key, detailText: field.value.isEmpty ? "—" : field.value, detailNumberOfLines: 0)
            }
        })
    }

    // MARK: Long values

    /// The lines a long value shows before its row is cut with `…`; Enter reads it all.
    static let previewLines = 10
    /// The most of a string value's text decoded for its row: ten lines of the widest
    /// terminal, many times over. Enter decodes the rest.
    static let previewBytes = 64 << 10

    /// Whether a value is shown as a preview that opens in a reader: longer than a few lines
    /// at any width (measured in bytes and line feeds, so that a 50 MB value costs nothing).
    static func isLong(_ value: String) -> Bool {
        let utf8 = value.utf8
        if utf8.count > 1024 { return true }
        var lineFeeds = 0
        for byte in utf8 where byte == 0x0A {
            lineFeeds += 1
            if lineFeeds >= previewLines { return true }
        }
        return false
    }

    /// The long scalar value of the field on `indexPath`'s row, if it is one.
    private func longValue(at indexPath: IndexPath) -> RecordMember? {
        guard shownFields.indices.contains(indexPath.row) else { return nil }
        let field = shownFields[indexPath.row]
        switch field.kind {
        case .object, .array, .null: return nil
        default: return field.isPrefix || Self.isLong(field.value) ? field : nil
        }
    }

    // MARK: Nested values

    /// The nested value of the field on `indexPath`'s row, if it holds an object or an array.
    private func nestedValue(at indexPath: IndexPath) -> (key: String, value: JSONTree)? {
        guard shownFields.indices.contains(indexPath.row) else { return nil }
        let field = shownFields[indexPath.row]
        guard field.kind == .object || field.kind == .array, let value = JSONTree(parsing: field.value) else { return nil }
        return (field.key, value)
    }

    func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        guard shownFields.indices.contains(indexPath.row) else { return false }
        let kind = shownFields[indexPath.row].kind
        return kind == .object || kind == .array || longValue(at: indexPath) != nil
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        if let long = longValue(at: indexPath) {
            // The whole value now, if the row decoded only its start.
            let whole = long.isPrefix ? store.members(at: record).first { $0.rawValue == long.rawValue }?.value ?? long.value : long.value
            return .push(TextViewController(title: ControlEscaping.escaped(long.key), text: whole))
        }
        guard let nested = nestedValue(at: indexPath) else { return .handled }
        return .push(NestedValueScreen(value: nested.value, path: ControlEscaping.escaped(nested.key)))
    }

    override var rightBarButtonItems: [BarButtonItem] {
        guard editForm != nil else { return [] }
        return [BarButtonItem(system: .edit, id: .editRecord, key: .character("e"), help: "edit the record")]
    }

    /// The records were saved: show this one as it is now, or go back when it was deleted.
    func recordDidChange(store: JSONRecordStore, deleted: Bool) {
        self.store = store
        guard !deleted else {
            // Delivered once the form above it has gone: nothing is left to show.
            post { _ in .pop }
            return
        }
        title = store.title(at: record, maximumBytes: JSONRecordStore.rowTextBytes)
        showFields()
    }

    override var toolbarItems: [BarButtonItem] {
        guard let sequence, sequence.count > 1 else { return [] }
        return [
            BarButtonItem(id: .previousRecord, title: "‹ Previous", key: .character("p"), isEnabled: position.rawValue > 0, help: "previous record"),
            .flexibleSpace,
            BarButtonItem(id: .recordPosition, title: "\(position.rawValue + 1) of \(sequence.count)", isEnabled: false),
            .flexibleSpace,
            BarButtonItem(id: .nextRecord, title: "Next ›", key: .character("n"), isEnabled: position.rawValue + 1 < sequence.count, help: "next record"),
        ]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        if id == .editRecord { return editForm?(record).map { .push($0) } ?? .ignored }
        guard let sequence else { return .ignored }
        let target = id == .previousRecord ? position.advanced(by: -1) : id == .nextRecord ? position.advanced(by: 1) : position
        guard target != position, target.rawValue >= 0, target.rawValue < sequence.count, let record = sequence.record(target) else { return .ignored }
        position = target
        onStep(target)
        self.record = record
        title = store.title(at: record, maximumBytes: JSONRecordStore.rowTextBytes)
        state = TableViewState()
        showFields()
        return .handled
    }
}

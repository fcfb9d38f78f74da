import Foundation
import TableKit

/// The records a detail screen can step through with Previous and Next: the list it was
/// opened from, in its order (filtered or not).
struct RecordSequence {
    /// How many records the list shows.
    let count: Int
    /// The record shown at a position of the list.
    let record: (Int) -> Int?
}

extension BarButtonItem.Identifier {
    /// ‹ Previous: the record before, in the list's order.
    static let previousRecord: Self = "previous"
    /// Next ›: the record after.
    static let nextRecord: Self = "next"
    /// "n of N", not a button.
    static let recordPosition: Self = "position"
}

/// Every field of one record, labelled, long values wrapped; a toolbar steps to the previous
/// and next record of the list it came from. Selecting a field does nothing here, so ← and
/// Esc stay free for going back.
final class RecordDetailScreen: TableViewController {
    private let store: JSONRecordStore
    private let sequence: RecordSequence?
    private var position: Int

    /// The fields left out (keys, lowercased), as Settings chose.
    private let hiddenFields: Set<String>

    init(store: JSONRecordStore, record: Int, sequence: RecordSequence? = nil, position: Int = 0, hiddenFields: Set<String> = []) {
        self.store = store
        self.sequence = sequence
        self.position = position
        self.hiddenFields = hiddenFields
        super.init(
            title: store.title(at: record),
            tableView: TableView(style: .plain, showsSectionIndex: false, emptyMessage: "This record has no fields"),
            dataSource: Self.fields(of: record, in: store, hiding: hiddenFields)
        )
    }

    /// Each field as a row: its key, and its value wrapped under it.
    private static func fields(of record: Int, in store: JSONRecordStore, hiding hidden: Set<String>) -> StaticTableDataSource {
        StaticTableDataSource(cells: store.fields(at: record).filter { !hidden.contains($0.key.lowercased()) }.map { field in
            TableViewCell(style: .subtitle, text: field.key, detailText: field.value.isEmpty ? "—" : field.value, detailNumberOfLines: 0)
        })
    }

    override var toolbarItems: [BarButtonItem] {
        guard let sequence, sequence.count > 1 else { return [] }
        return [
            BarButtonItem(id: .previousRecord, title: "‹ Previous", key: .character("p"), isEnabled: position > 0, help: "previous record"),
            .flexibleSpace,
            BarButtonItem(id: .recordPosition, title: "\(position + 1) of \(sequence.count)", isEnabled: false),
            .flexibleSpace,
            BarButtonItem(id: .nextRecord, title: "Next ›", key: .character("n"), isEnabled: position + 1 < sequence.count, help: "next record"),
        ]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard let sequence else { return .ignored }
        let target = id == .previousRecord ? position - 1 : id == .nextRecord ? position + 1 : position
        guard target != position, target >= 0, target < sequence.count, let record = sequence.record(target) else { return .ignored }
        position = target
        title = store.title(at: record)
        state = TableViewState()
        dataSource = Self.fields(of: record, in: store, hiding: hiddenFields)
        return .handled
    }
}

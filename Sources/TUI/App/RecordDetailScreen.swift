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
    /// Edit: the record's form.
    static let editRecord: Self = "editRecord"
}

/// Every field of one record, labelled, long values wrapped; a toolbar steps to the previous
/// and next record of the list it came from. Selecting a field does nothing here, so ← and
/// Esc stay free for going back. A record that may be changed has Edit (e), which opens its
/// form; after a save the detail shows the record as saved, and after a deletion it goes back.
final class RecordDetailScreen: TableViewController {
    private var store: JSONRecordStore
    private let sequence: RecordSequence?
    /// Told the position in the list of each record stepped to, so that going back lands on
    /// the record last shown.
    var onStep: (Int) -> Void = { _ in }
    private var position: Int
    /// The record shown.
    private var record: Int
    /// The form that edits a record, when records may be changed.
    var editForm: ((Int) -> RecordFormScreen?)?
    /// Set when the record was deleted from its form: the detail goes back when it returns.
    private var isDeleted = false

    /// The fields left out (keys, lowercased), as Settings chose.
    private let hiddenFields: Set<String>

    init(store: JSONRecordStore, record: Int, sequence: RecordSequence? = nil, position: Int = 0, hiddenFields: Set<String> = []) {
        self.store = store
        self.sequence = sequence
        self.position = position
        self.hiddenFields = hiddenFields
        self.record = record
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

    override var rightBarButtonItems: [BarButtonItem] {
        guard editForm != nil else { return [] }
        return [BarButtonItem(system: .edit, id: .editRecord, key: .character("e"), help: "edit the record")]
    }

    /// The records were saved: show this one as it is now, or go back when it was deleted.
    func recordDidChange(store: JSONRecordStore, deleted: Bool) {
        self.store = store
        isDeleted = deleted
        guard !deleted else { return }
        title = store.title(at: record)
        dataSource = Self.fields(of: record, in: store, hiding: hiddenFields)
    }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if case .tick = event, isDeleted { return .pop }
        return super.handle(event, area: area)
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
        if id == .editRecord { return editForm?(record).map { .push($0) } ?? .ignored }
        guard let sequence else { return .ignored }
        let target = id == .previousRecord ? position - 1 : id == .nextRecord ? position + 1 : position
        guard target != position, target >= 0, target < sequence.count, let record = sequence.record(target) else { return .ignored }
        position = target
        onStep(target)
        self.record = record
        title = store.title(at: record)
        state = TableViewState()
        dataSource = Self.fields(of: record, in: store, hiding: hiddenFields)
        return .handled
    }
}

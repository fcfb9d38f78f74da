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

/// Every field of one record, labelled, long values wrapped; a toolbar steps to the previous
/// and next record of the list it came from.
final class RecordDetailScreen: Screen {
    private(set) var title: String
    private var fields: [(key: String, value: String)]
    private let table = TableView(style: .plain, showsSectionIndex: false, emptyMessage: "This record has no fields")
    private var state = TableViewState()
    private let store: JSONRecordStore
    private let sequence: RecordSequence?
    private var position: Int

    init(store: JSONRecordStore, record: Int, sequence: RecordSequence? = nil, position: Int = 0) {
        self.store = store
        self.sequence = sequence
        self.position = position
        title = store.title(at: record)
        fields = store.fields(at: record)
    }

    var toolbarItems: [BarButtonItem] {
        guard let sequence, sequence.count > 1 else { return [] }
        return [
            BarButtonItem(id: "previous", title: "‹ Previous", key: .character("p"), isEnabled: position > 0),
            .flexibleSpace,
            BarButtonItem(id: "position", title: "\(position + 1) of \(sequence.count)", isEnabled: false),
            .flexibleSpace,
            BarButtonItem(id: "next", title: "Next ›", key: .character("n"), isEnabled: position + 1 < sequence.count),
        ]
    }

    func barButtonTapped(_ id: String, area: Rect) -> ScreenResponse {
        guard let sequence else { return .ignored }
        let target = id == "previous" ? position - 1 : id == "next" ? position + 1 : position
        guard target != position, target >= 0, target < sequence.count, let record = sequence.record(target) else { return .ignored }
        position = target
        title = store.title(at: record)
        fields = store.fields(at: record)
        state = TableViewState()
        table.update(&state, action: .refresh, dataSource: FieldsDataSource(fields: fields), size: area.size)
        return .handled
    }

    private struct FieldsDataSource: TableViewDataSource {
        let fields: [(key: String, value: String)]
        func numberOfRows(inSection section: Int) -> Int { fields.count }
        func cell(for indexPath: IndexPath) -> TableViewCell {
            guard fields.indices.contains(indexPath.row) else { return TableViewCell(text: "") }
            let field = fields[indexPath.row]
            return TableViewCell(style: .subtitle, text: field.key, detailText: field.value.isEmpty ? "—" : field.value, detailNumberOfLines: 0)
        }
    }

    var keyHelp: [KeyHint] {
        TableView.browsingKeyBindings.helpHints()
            + (toolbarItems.isEmpty ? [] : [KeyHint("p", "previous record"), KeyHint("n", "next record")])
    }

    var keyHints: [KeyHint] { TableView.browsingKeyBindings.footerHints() }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        table.render(state, dataSource: FieldsDataSource(fields: fields), into: &canvas, area: area, context: context)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        // Selecting a field does nothing here, so ← and Esc stay free for going back.
        guard let action = TableView.browsingAction(for: event) else { return .ignored }
        table.update(&state, action: action, dataSource: FieldsDataSource(fields: fields), size: area.size)
        return .handled
    }
}

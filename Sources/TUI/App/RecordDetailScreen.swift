import TableKit

/// Every field of one record, labelled, long values wrapped.
final class RecordDetailScreen: Screen {
    let title: String
    private let fields: [(key: String, value: String)]
    private let table = TableView(style: .plain, showsSectionIndex: false, emptyMessage: "This record has no fields")
    private var state = TableViewState()

    init(store: JSONRecordStore, record: Int) {
        title = store.title(at: record)
        fields = store.fields(at: record)
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

    var keyHelp: [(key: String, help: String)] { TableView.browsingKeyBindings.map { ($0.label, $0.help) } }

    var keyHints: [(key: String, help: String)] { TableView.browsingKeyBindings.footerHints() }

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

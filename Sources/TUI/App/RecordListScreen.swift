import TableKit

/// A sectioned, indexed list of records; Enter pushes a record's detail.
final class RecordListScreen: Screen {
    let title: String
    let records: IndexedRecords
    let table = TableView(style: .plain, emptyMessage: "No Records")
    private(set) var state = TableViewState()
    private var dataSource: RecordsDataSource { RecordsDataSource(records: records) }

    init(title: String, records: IndexedRecords) {
        self.title = title
        self.records = records
    }

    var keyHints: [(key: String, help: String)] {
        state.isIndexFocused
            ? TableView.indexKeyBindings.footerHints() + [("A–Z", "jump")]
            : TableView.rowKeyBindings.footerHints()
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        table.render(state, dataSource: dataSource, into: &canvas, area: area, context: context)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        let action: TableViewAction
        switch event {
        case .key(let key):
            guard let bound = TableView.action(for: key, in: state) else { return .ignored }
            action = bound
        case .mouse(let mouse):
            action = .mouse(mouse)
        case .resize, .tick:
            action = .refresh
        }
        let events = table.update(&state, action: action, dataSource: dataSource, size: area.size)
        for event in events {
            switch event {
            case .didSelectRow(let indexPath), .accessoryButtonTapped(let indexPath):
                if let record = records.recordIndex(at: indexPath) {
                    return .push(RecordDetailScreen(store: records.store, record: record))
                }
            case .customAccessoryTapped, .focusChanged:
                break
            }
        }
        return .handled
    }
}

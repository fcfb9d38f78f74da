import Foundation
import TableKit

/// A tab whose content arrives with a later version: it says so plainly instead of showing
/// a made-up list.
final class EmptyStateScreen: Screen {
    let title: String
    private let table: TableView
    private var state = TableViewState()

    init(title: String, message: String) {
        self.title = title
        table = TableView(style: .plain, showsSectionIndex: false, emptyMessage: message)
    }

    private struct NoRows: TableViewDataSource {
        func numberOfRows(inSection section: Int) -> Int { 0 }
        func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: "") }
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        table.render(state, dataSource: NoRows(), into: &canvas, area: area, context: context)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse { .ignored }
}

/// Settings: what the app is showing and how the terminal was set up, read-only for now.
final class SettingsScreen: Screen {
    let title = "Settings"
    private let rows: [[(label: String, value: String)]]
    private let sectionTitles: [String]
    private let table = TableView(style: .grouped, showsSectionIndex: false)
    private var state = TableViewState()

    init(about: [(label: String, value: String)], terminal: [(label: String, value: String)]) {
        rows = [about, terminal]
        sectionTitles = ["Data", "Terminal"]
    }

    private struct Rows: TableViewDataSource {
        let rows: [[(label: String, value: String)]]
        let titles: [String]
        func numberOfSections() -> Int { rows.count }
        func numberOfRows(inSection section: Int) -> Int { rows.indices.contains(section) ? rows[section].count : 0 }
        func cell(for indexPath: IndexPath) -> TableViewCell {
            guard rows.indices.contains(indexPath.section), rows[indexPath.section].indices.contains(indexPath.row) else {
                return TableViewCell(text: "")
            }
            let row = rows[indexPath.section][indexPath.row]
            return TableViewCell(style: .value1, text: row.label, detailText: row.value)
        }
        func titleForHeader(inSection section: Int) -> String? { titles.indices.contains(section) ? titles[section] : nil }
    }

    private var dataSource: Rows { Rows(rows: rows, titles: sectionTitles) }

    var keyHelp: [KeyHint] { TableView.browsingKeyBindings.helpHints() }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        table.render(state, dataSource: dataSource, into: &canvas, area: area, context: context)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        guard let action = TableView.browsingAction(for: event) else { return .ignored }
        table.update(&state, action: action, dataSource: dataSource, size: area.size)
        return .handled
    }
}

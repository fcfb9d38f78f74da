import Foundation
import TableKit

/// The screens that show facts rather than records: a tab whose content arrives with a later
/// version says so plainly instead of showing a made-up list; Settings shows what the app is
/// showing and how the terminal was set up, read-only for now.
enum InfoScreens {
    /// A tab with no rows and a sentence in their place.
    static func emptyState(title: String, message: String) -> TableViewController {
        TableViewController(
            title: title, tableView: TableView(style: .plain, showsSectionIndex: false, emptyMessage: message),
            dataSource: StaticTableDataSource([])
        )
    }

    /// Settings: one grouped section of `.value1` rows per group of facts.
    static func settings(_ groups: [(title: String, rows: [(label: String, value: String)])]) -> TableViewController {
        let sections = groups.map { group in
            TableSection(header: group.title, cells: group.rows.map { TableViewCell(style: .value1, text: $0.label, detailText: $0.value) })
        }
        return TableViewController(title: "Settings", style: .grouped, dataSource: StaticTableDataSource(sections))
    }
}

import Foundation
import TableKit

/// A tab with nothing to show says so plainly instead of showing a made-up list.
@MainActor
enum InfoScreens {
    /// A tab with no rows and a sentence in their place.
    static func emptyState(title: String, message: String) -> TableViewController {
        TableViewController(
            title: title, tableView: TableView(style: .plain, showsSectionIndex: false, emptyMessage: message),
            dataSource: StaticTableDataSource([])
        )
    }
}

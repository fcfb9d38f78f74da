import Foundation

/// Where ``TableViewController/scrollToRow(at:at:animated:)`` puts a row, as
/// `UITableView.ScrollPosition` (`UITableViewScrollPosition`).
public enum TableViewScrollPosition: Hashable, Sendable {
    /// The least movement that shows the whole row: none if it is already in full view, as
    /// `.top` for a row above the view and as `.bottom` for one below it.
    case none
    /// The row on the top line (under its section's pinned header).
    case top
    /// The row in the middle of the view.
    case middle
    /// The row on the bottom line.
    case bottom
}

@MainActor
extension TableView {
    /// `state` with the focus on `indexPath` and the row scrolled to `position` in a table of
    /// `size` (see ``TableViewController/scrollToRow(at:at:animated:)``).
    func state<DataSource: TableViewDataSource>(
        scrolledTo indexPath: IndexPath, at position: TableViewScrollPosition, from state: TableViewState, dataSource: DataSource,
        size: Size, heightCache: RowHeightCache?
    ) -> TableViewState {
        var state = state
        let content = TableContent(table: self, dataSource: dataSource, width: contentWidth(for: size.width, dataSource: dataSource), heightCache: heightCache)
        let item = ContentItem.row(indexPath)
        let rowHeight = content.height(of: item)
        state.focusedRow = indexPath
        switch position {
        case .none:
            scrollToFocus(&state, content: content, height: size.height)
        case .top:
            state.scrollPosition = topPosition(for: indexPath, content: content, height: size.height)
        case .middle:
            state.scrollPosition = content.position(ScrollPosition(item: item), movedBy: -(size.height - rowHeight) / 2)
        case .bottom:
            state.scrollPosition = content.position(ScrollPosition(item: item), movedBy: rowHeight - size.height)
        }
        state.scrollPosition = content.clamped(state.scrollPosition, viewportHeight: size.height)
        return state
    }
}

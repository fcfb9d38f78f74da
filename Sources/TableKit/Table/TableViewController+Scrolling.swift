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

extension TableViewController {
    /// Scrolls the row at `indexPath` into view at `position`, as UIKit's
    /// `scrollToRow(at:at:animated:)`: clamped to the content, so `.top` on one of the last
    /// rows stops at the end, and never under a pinned header.
    ///
    /// The keyboard's focus goes to the row, since the focus must stay on a row in view;
    /// nothing is selected and the delegate is not told. A row that does not exist changes
    /// nothing.
    ///
    /// - Parameters:
    ///   - indexPath: the row.
    ///   - position: where in the view it goes.
    ///   - animated: ignored: the table scrolls at once.
    public func scrollToRow(at indexPath: IndexPath, at position: TableViewScrollPosition, animated: Bool) {
        guard indexPath.section >= 0, indexPath.section < dataSource.numberOfSections(), indexPath.row >= 0,
              indexPath.row < dataSource.numberOfRows(inSection: indexPath.section) else { return }
        state = tableView.state(scrolledTo: indexPath, at: position, from: state, dataSource: dataSource, size: tableSize, heightCache: heightCache)
    }

    /// The rows in view, wholly or in part, top to bottom, as UIKit's
    /// `indexPathsForVisibleRows`.
    public var indexPathsForVisibleRows: [IndexPath] {
        let size = tableSize
        return tableView.layout(state, dataSource: dataSource, width: size.width, viewportHeight: size.height, heightCache: heightCache)
            .placed.filter { $0.maxY > 0 && $0.y < size.height }.compactMap(\.item.indexPath)
    }
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

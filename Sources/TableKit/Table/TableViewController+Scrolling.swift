import Foundation

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

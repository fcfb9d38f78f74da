import Foundation

/// Remembered row heights, so that a self-sizing row (a long text wrapped to many lines) is
/// measured once rather than on every key and every frame.
///
/// A ``TableViewController`` keeps one and forgets it when its data source changes; give one
/// to `TableView.update(_:action:dataSource:size:heightCache:)` and
/// `TableView.render(_:dataSource:into:area:context:heightCache:)` when you drive a
/// ``TableView`` yourself, and call ``removeAll()`` when the rows change. Heights are kept for
/// one width at a time: a new width (a resize, the index appearing) forgets them all.
final class RowHeightCache {
    private var width: Int?
    private var heights: [IndexPath: Int] = [:]
    /// The wrapped labels of the few rows so tall that wrapping them again for every frame
    /// would show (a 1 MB value is thousands of lines).
    private var tallRows: [IndexPath: WrappedLabels] = [:]
    /// Past this many rows the cache starts afresh, so that scrolling through a million rows
    /// does not keep a million heights.
    static let capacity = 10_000
    /// Rows of at least this many lines keep their wrapped labels.
    static let tallRowLines = 200
    /// At most this many tall rows keep their wrapped labels.
    static let tallRowCapacity = 8

    /// An empty cache.
    init() {}

    /// Forgets every height (the rows changed).
    func removeAll() {
        heights.removeAll(keepingCapacity: true)
        tallRows.removeAll()
    }

    /// The height of the row at `indexPath` in a row of `width` columns: measured from `cell`
    /// the first time; a very tall row keeps its wrapped labels too.
    func height(of indexPath: IndexPath, width: Int, cell: () -> TableViewCell) -> Int {
        if width != self.width {
            self.width = width
            heights.removeAll(keepingCapacity: true)
            tallRows.removeAll()
        }
        if let known = heights[indexPath] { return known }
        if heights.count >= Self.capacity { heights.removeAll(keepingCapacity: true) }
        let measured = cell()
        let height: Int
        if let labels = measured.wrappedLabels(width: width) {
            height = labels.lineCount
            if height >= Self.tallRowLines {
                if tallRows.count >= Self.tallRowCapacity { tallRows.removeAll() }
                tallRows[indexPath] = labels
            }
        } else {
            height = measured.height(width: width)
        }
        heights[indexPath] = height
        return height
    }

    /// The wrapped labels of a very tall row measured at `width`, if they were kept.
    func wrappedLabels(of indexPath: IndexPath, width: Int) -> WrappedLabels? {
        width == self.width ? tallRows[indexPath] : nil
    }
}

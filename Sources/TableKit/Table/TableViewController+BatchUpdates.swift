import Foundation

extension TableViewController {
    /// Changes the rows as UIKit's `performBatchUpdates(_:completion:)` does: `updates`
    /// changes the model (or sets a new ``dataSource``) and records what it changed in the
    /// ``TableViewBatchUpdate`` it is given; the table then shows the new rows with the focus,
    /// the selection and the top row kept on the rows they were on.
    ///
    /// ```swift
    /// performBatchUpdates { update in
    ///     fruits.remove(at: 2)
    ///     dataSource = FruitSource(fruits)
    ///     update.deleteRows(at: [IndexPath(row: 2, section: 0)])
    /// }
    /// ```
    ///
    /// - A focused row that is deleted hands the focus to the row after it (the one before
    ///   it at the end of the table), as after a deletion in UIKit.
    /// - Rows reloaded, and rows deleted, lose their selection.
    /// - An update whose counts do not match the data source's new rows (UIKit stops the
    ///   app with "invalid update") is shown as ``reloadData()`` would show it: the focus and
    ///   the selection kept where the data source identifies its items, the rows as they are.
    ///
    /// Animated, the change takes a quarter second: a deleted row collapses line by line, an
    /// inserted one opens, a moved one travels, drawn whole, from its old place to its new
    /// one, and the rows around them close up or make room. ``animatesRowChanges`` turns it
    /// off.
    ///
    /// - Parameters:
    ///   - animated: whether the change is shown over a quarter second.
    ///   - updates: changes the model and records the changes.
    public func performBatchUpdates(animated: Bool = true, _ updates: (inout TableViewBatchUpdate) -> Void) {
        // A batch inside another (a data source that applies a snapshot in its commit) joins
        // it: its description of the change stands for the outer one's.
        if rowAnimationPart.batchDepth > 0 {
            var nested = TableViewBatchUpdate()
            updates(&nested)
            rowAnimationPart.nestedUpdate = nested
            return
        }
        let before = animated ? rowAnimationPart.snapshotBeforeUpdate(context) : nil
        let oldCounts = Self.rowCounts(of: dataSource)
        let oldState = state
        var update = TableViewBatchUpdate()
        rowAnimationPart.batchDepth += 1
        updates(&update)
        rowAnimationPart.batchDepth -= 1
        if let nested = rowAnimationPart.nestedUpdate {
            update = nested
            rowAnimationPart.nestedUpdate = nil
        }
        let newCounts = Self.rowCounts(of: dataSource)
        let mapping = BatchUpdateMapping(update: update, oldCounts: oldCounts)
        guard !update.isEmpty, mapping.fits(newCounts: newCounts) else {
            // Not a description of the change: the rows as reloadData shows them.
            reloadData()
            return
        }
        state = oldState
        state.focusedRow = oldState.focusedRow.flatMap { mapping.survivingPath(from: $0) }
        state.selectedRows = Set(oldState.selectedRows.compactMap { path in
            update.reloadedRows.contains(path) || update.reloadedSections.contains(path.section) ? nil : mapping.path(from: path)
        })
        state.scrollPosition = oldState.scrollPosition.flatMap { position in
            mapping.item(from: position.item).map { ScrollPosition(item: $0, lineOffset: $0 == position.item ? position.lineOffset : 0) }
        }
        let context = context
        parts.forEach { $0.dataDidReload(context: context) }
        heightCache.removeAll()
        perform(.refresh)
        if let before { rowAnimationPart.begin(from: before, update: update, mapping: mapping, now: now()) }
    }

    /// Whether animated batch updates (and the deletes and inserts of editing mode) take a
    /// quarter second, as UIKit's row animations do; `false` shows every change at once
    /// (`--no-animation`). Default: `true`.
    public var animatesRowChanges: Bool {
        get { rowAnimationPart.isEnabled }
        set { rowAnimationPart.isEnabled = newValue }
    }

    /// The rows of each section of `dataSource`.
    static func rowCounts(of dataSource: any TableViewDataSource) -> [Int] {
        (0 ..< max(0, dataSource.numberOfSections())).map { max(0, dataSource.numberOfRows(inSection: $0)) }
    }
}

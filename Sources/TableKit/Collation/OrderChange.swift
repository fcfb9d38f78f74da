import Foundation

/// What a change of a sorted list did to its positions, counted in the whole list (all its
/// sections one after another): the positions whose records went, the positions of the
/// records that came, and the records that stayed but moved (their titles changed).
///
/// ``CollatedOrder/updating(deleting:replacing:adding:collation:oldUTF8:newUTF8:)`` makes one;
/// ``batchUpdate(from:to:)`` turns it into the table's batch update, so that the focus and
/// the selection follow their records instead of the table starting over.
package struct OrderChange: Sendable, Equatable {
    /// A record that stayed and moved: its position before the change and after it.
    package struct Move: Sendable, Equatable {
        /// Its position before the change.
        package var from: Int
        /// Its position after the change.
        package var to: Int

        /// A record moved from position `from` (before) to `to` (after).
        package init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// The positions before the change of the records that went, ascending.
    package var removed: [Int]
    /// The positions after the change of the records that came, ascending.
    package var inserted: [Int]
    /// The records that moved, by their positions after the change, ascending.
    package var moved: [Move]

    /// A change that removed the records at `removed` (old positions), inserted records at
    /// `inserted` (new positions) and moved the records of `moved`.
    package init(removed: [Int] = [], inserted: [Int] = [], moved: [Move] = []) {
        self.removed = removed
        self.inserted = inserted
        self.moved = moved
    }

    /// Whether nothing went, came or moved.
    package var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty }

    /// The change as a table's batch update, the list shown in `old`'s sections before it and
    /// in `new`'s after it: only sections with rows are shown, so a section that loses its
    /// last row is deleted and one that gets its first is inserted, with their rows; every
    /// other row goes, comes or moves on its own. A moved record whose section is deleted or
    /// inserted goes and comes instead (a row cannot move out of a deleted section nor into
    /// an inserted one).
    ///
    /// - Complexity: O(k log s) for k changed positions and s sections.
    package func batchUpdate(from old: CollatedSections, to new: CollatedSections) -> TableViewBatchUpdate {
        var update = TableViewBatchUpdate()
        let oldShown = Set(old.visibleSections), newShown = Set(new.visibleSections)
        let deletedSections = Set(old.visibleSections.indices.filter { !newShown.contains(old.visibleSections[$0]) })
        let insertedSections = Set(new.visibleSections.indices.filter { !oldShown.contains(new.visibleSections[$0]) })
        update.deleteSections(Array(deletedSections))
        update.insertSections(Array(insertedSections))
        /// The row at old position `position`, unless its section goes with it.
        func going(_ position: Int) -> IndexPath? {
            old.indexPath(ofIndex: position).flatMap { deletedSections.contains($0.section) ? nil : $0 }
        }
        /// The row at new position `position`, unless its section comes with it.
        func coming(_ position: Int) -> IndexPath? {
            new.indexPath(ofIndex: position).flatMap { insertedSections.contains($0.section) ? nil : $0 }
        }
        update.deleteRows(at: removed.compactMap(going))
        update.insertRows(at: inserted.compactMap(coming))
        for move in moved {
            guard let from = old.indexPath(ofIndex: move.from), let to = new.indexPath(ofIndex: move.to) else { continue }
            if deletedSections.contains(from.section) || insertedSections.contains(to.section) {
                if !deletedSections.contains(from.section) { update.deleteRows(at: [from]) }
                if !insertedSections.contains(to.section) { update.insertRows(at: [to]) }
            } else {
                update.moveRow(at: from, to: to)
            }
        }
        return update
    }
}

import Foundation

extension TableViewDiffableDataSourceSnapshot {
    /// The batch update that takes a table showing `old` to this snapshot, in UIKit's terms:
    /// sections and rows deleted (at their places in `old`), inserted (at their places here)
    /// and moved, plus the reloads this snapshot records.
    ///
    /// Only sections and items whose order really changed move: of the sections both hold,
    /// and of the items a section keeps, the longest run already in order stays (a longest
    /// increasing subsequence), and only the others are moves, so that one item taken out and
    /// put elsewhere is one move, not one per row it passed. An item that changes section is
    /// a move; one that goes to or comes from a section deleted or inserted is a deletion or
    /// an insertion.
    ///
    /// When this snapshot was taken from `old` (they share a lineage), only the sections it
    /// edited are compared; the others are the same by construction, checked by their count.
    ///
    /// - Complexity: O(sections + items of the compared sections × log of their length).
    @inlinable func difference(from old: Self) -> TableViewBatchUpdate {
        let touched: Set<SectionIdentifier>? = lineage === old.lineage ? touchedSections : nil
        var update = TableViewBatchUpdate()
        // Sections: the ones both hold keep the longest run in order; the rest move.
        var survivingOld: [Int] = []
        var survivingNew: [Int] = []
        for (position, section) in sections.enumerated() {
            if let oldPosition = old.sectionPositions[section.identifier] {
                survivingOld.append(oldPosition)
                survivingNew.append(position)
            } else {
                update.insertedSections.insert(position)
            }
        }
        for (position, section) in old.sections.enumerated() where sectionPositions[section.identifier] == nil {
            update.deletedSections.insert(position)
        }
        let sectionsInOrder = Self.longestIncreasingRun(survivingOld)
        for index in survivingOld.indices where !sectionsInOrder[index] {
            update.moveSection(survivingOld[index], toSection: survivingNew[index])
        }
        // Rows of each section both hold.
        for (position, section) in sections.enumerated() {
            guard let oldPosition = old.sectionPositions[section.identifier] else { continue }
            let oldSection = old.sections[oldPosition]
            if let touched, !touched.contains(section.identifier), oldSection.items.count == section.items.count { continue }
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            for (row, item) in section.items.enumerated() {
                // Most items stay in their section: one lookup.
                if let oldRow = oldSection.rows[item] {
                    stayingOld.append(oldRow)
                    stayingNew.append(row)
                } else if let from = old.survivingPath(of: item, in: self) {
                    update.moveRow(at: from, to: IndexPath(row: row, section: position))
                } else {
                    update.insertedRows.insert(IndexPath(row: row, section: position))
                }
            }
            let rowsInOrder = Self.longestIncreasingRun(stayingOld)
            for index in stayingOld.indices where !rowsInOrder[index] {
                update.moveRow(at: IndexPath(row: stayingOld[index], section: oldPosition), to: IndexPath(row: stayingNew[index], section: position))
            }
            // Items that left for no section, or for a section that is new.
            for (row, item) in oldSection.items.enumerated() where section.rows[item] == nil {
                guard let destination = itemSections[item], old.sectionPositions[destination] != nil else {
                    update.deletedRows.insert(IndexPath(row: row, section: oldPosition))
                    continue
                }
            }
        }
        // Reloads, at their places in `old`, of what both hold.
        for item in reloadedItemIdentifiers {
            guard let from = old.survivingPath(of: item, in: self), let destination = itemSections[item],
                  old.sectionPositions[destination] != nil else { continue }
            update.reloadedRows.insert(from)
        }
        for identifier in reloadedSectionIdentifiers {
            guard let from = old.sectionPositions[identifier], sectionPositions[identifier] != nil else { continue }
            update.reloadedSections.insert(from)
        }
        return update
    }

    /// ``difference(from:)`` for the benchmarks, which time it apart from the table's update.
    ///
    /// - Parameter old: the snapshot a table shows.
    /// - Returns: the batch update that takes that table to this snapshot.
    @_spi(Benchmarks) @inlinable public func batchUpdate(from old: Self) -> TableViewBatchUpdate { difference(from: old) }

    /// The index path of `item` here, if its section here is also a section of `new`.
    @inlinable func survivingPath(of item: ItemIdentifier, in new: Self) -> IndexPath? {
        guard let section = itemSections[item], new.sectionPositions[section] != nil else { return nil }
        return indexPath(of: item)
    }

    /// Which of `values` (distinct) make up a longest increasing subsequence: the ones that
    /// keep their order. Patience sorting, O(n log n).
    @inlinable static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        // tails[k]: the index of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var kept = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            kept[index] = true
            index = previous[index]
        }
        return kept
    }
}

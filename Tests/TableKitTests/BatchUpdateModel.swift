import Foundation
@testable import TableKit

/// The plain reading of a batch update's rules, whole sections at a time: the model the
/// table's own mapping (`BatchUpdateMapping`, in time proportional to the changes) and the
/// diffable data source's differences are checked against.
extension TableViewBatchUpdate {
    /// Where each row of section `section` (before the update) is after it: `nil` for a
    /// row deleted, or in a section deleted.
    ///
    /// - Parameters:
    ///   - section: a section before the update.
    ///   - rowCount: its number of rows before the update.
    ///   - sections: ``sectionsAfterUpdate(count:)`` of this update.
    func rowsAfterUpdate(inSection section: Int, rowCount: Int, sections: [Int?]) -> [IndexPath?] {
        guard sections.indices.contains(section), let newSection = sections[section] else {
            return [IndexPath?](repeating: nil, count: max(0, rowCount))
        }
        let movedOut = Dictionary(movedRows.filter { $0.from.section == section }.map { ($0.from.row, $0.to) }, uniquingKeysWith: { first, _ in first })
        // The places in the new section that insertions and rows moved there take.
        var taken = Set(insertedRows.lazy.filter { $0.section == newSection }.map(\.row))
        for move in movedRows where move.to.section == newSection { taken.insert(move.to.row) }
        var result = [IndexPath?](repeating: nil, count: max(0, rowCount))
        var slot = 0
        for row in 0 ..< max(0, rowCount) {
            if deletedRows.contains(IndexPath(row: row, section: section)) { continue }
            if let destination = movedOut[row] {
                result[row] = destination
                continue
            }
            while taken.contains(slot) { slot += 1 }
            result[row] = IndexPath(row: slot, section: newSection)
            slot += 1
        }
        return result
    }

    /// The rows of `sections` after the update: each section's items as `before` holds them,
    /// rearranged by the update, with `inserted` supplying an item for each inserted place
    /// (a whole inserted section's, and each inserted row's). A model of what the table shows
    /// after the update, used to check an update against the data source's new rows.
    ///
    /// - Returns: `nil` when the update does not fit `before`: a place named twice, or a
    ///   section left with a gap.
    func applied<Item>(to before: [[Item]], inserted: (IndexPath) -> Item, insertedSectionRows: (Int) -> [Item]) -> [[Item]]? {
        let sections = sectionsAfterUpdate(count: before.count)
        let sectionCount = before.count - deletedSections.filter { $0 < before.count }.count + insertedSections.count
        guard sectionCount >= 0 else { return nil }
        var after = [[Item?]](repeating: [], count: sectionCount)
        var filled = [Bool](repeating: false, count: sectionCount)
        for new in sections {
            guard let new else { continue }
            guard after.indices.contains(new), !filled[new] else { return nil }
            filled[new] = true
        }
        for section in insertedSections {
            guard after.indices.contains(section), !filled[section] else { return nil }
            filled[section] = true
            after[section] = insertedSectionRows(section).map { Optional($0) }
        }
        // Rows of surviving sections, with room for insertions and rows moved in.
        var placed: [(IndexPath, Item)] = []
        for (old, rows) in before.enumerated() {
            for (row, destination) in rowsAfterUpdate(inSection: old, rowCount: rows.count, sections: sections).enumerated() {
                guard let destination else { continue }
                placed.append((destination, rows[row]))
            }
        }
        for path in insertedRows where !insertedSections.contains(path.section) { placed.append((path, inserted(path))) }
        for (path, item) in placed {
            guard after.indices.contains(path.section), path.row >= 0 else { return nil }
            if after[path.section].count <= path.row { after[path.section] += [Item?](repeating: nil, count: path.row + 1 - after[path.section].count) }
            guard after[path.section][path.row] == nil else { return nil }
            after[path.section][path.row] = item
        }
        var result: [[Item]] = []
        for rows in after {
            let items = rows.compactMap { $0 }
            guard items.count == rows.count else { return nil }
            result.append(items)
        }
        return result
    }
}

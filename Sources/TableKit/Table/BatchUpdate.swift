import Foundation

/// The changes of one batch update, as the calls inside UIKit's `performBatchUpdates(_:)`
/// describe them: sections and rows deleted, inserted, moved and reloaded.
///
/// As in UIKit, deletions and reloads name index paths **before** the update, insertions
/// name index paths **after** it, and a move goes from a path before to a path after. Rows
/// that are neither deleted nor moved keep their order and fill the places that insertions
/// and moves leave free in their section.
///
/// ```swift
/// var update = TableViewBatchUpdate()
/// update.deleteRows(at: [IndexPath(row: 2, section: 0)])
/// update.insertRows(at: [IndexPath(row: 0, section: 0)])
/// tableViewController.performBatchUpdates(update)
/// ```
public struct TableViewBatchUpdate: Hashable, Sendable {
    /// A move of a section or a row: from its place before the update to its place after.
    public struct Move<Place: Hashable & Sendable>: Hashable, Sendable {
        /// Where it was before the update.
        public var from: Place
        /// Where it is after the update.
        public var to: Place

        /// A move from `from` (before) to `to` (after).
        public init(from: Place, to: Place) {
            self.from = from
            self.to = to
        }
    }

    /// Sections removed, by their index before the update.
    public var deletedSections: Set<Int> = []
    /// Sections added, by their index after the update.
    public var insertedSections: Set<Int> = []
    /// Sections moved, with their rows.
    public var movedSections: [Move<Int>] = []
    /// Sections whose rows are all asked for again (their rows lose their selection).
    public var reloadedSections: Set<Int> = []
    /// Rows removed, by their index path before the update.
    public var deletedRows: Set<IndexPath> = []
    /// Rows added, by their index path after the update.
    public var insertedRows: Set<IndexPath> = []
    /// Rows moved, as UIKit's `moveRow(at:to:)`.
    public var movedRows: [Move<IndexPath>] = []
    /// Rows asked for again, by their index path before the update; as in UIKit they lose
    /// their selection.
    public var reloadedRows: Set<IndexPath> = []

    /// An update that changes nothing.
    public init() {}

    /// Whether the update changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && reloadedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && reloadedRows.isEmpty
    }

    /// Removes the rows at `indexPaths` (before the update), as `deleteRows(at:with:)`.
    public mutating func deleteRows(at indexPaths: [IndexPath]) { deletedRows.formUnion(indexPaths) }
    /// Adds rows at `indexPaths` (after the update), as `insertRows(at:with:)`.
    public mutating func insertRows(at indexPaths: [IndexPath]) { insertedRows.formUnion(indexPaths) }
    /// Moves the row at `indexPath` (before) to `newIndexPath` (after), as `moveRow(at:to:)`.
    public mutating func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        movedRows.append(Move(from: indexPath, to: newIndexPath))
    }
    /// Asks for the rows at `indexPaths` (before the update) again, as `reloadRows(at:with:)`.
    public mutating func reloadRows(at indexPaths: [IndexPath]) { reloadedRows.formUnion(indexPaths) }
    /// Removes the sections at `sections` (before the update), as `deleteSections(_:with:)`.
    public mutating func deleteSections(_ sections: [Int]) { deletedSections.formUnion(sections) }
    /// Adds sections at `sections` (after the update), as `insertSections(_:with:)`.
    public mutating func insertSections(_ sections: [Int]) { insertedSections.formUnion(sections) }
    /// Moves the section `section` (before) to `newSection` (after), as `moveSection(_:toSection:)`.
    public mutating func moveSection(_ section: Int, toSection newSection: Int) {
        movedSections.append(Move(from: section, to: newSection))
    }
    /// Asks for every row of `sections` (before the update) again, as `reloadSections(_:with:)`.
    public mutating func reloadSections(_ sections: [Int]) { reloadedSections.formUnion(sections) }
}

extension TableViewBatchUpdate {
    /// Where each section before the update is after it: `nil` for a deleted section.
    ///
    /// - Parameter count: the number of sections before the update.
    /// - Returns: one entry per section before the update.
    func sectionsAfterUpdate(count: Int) -> [Int?] {
        let movedTo = Dictionary(movedSections.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        let taken = insertedSections.union(movedTo.values)
        var result = [Int?](repeating: nil, count: max(0, count))
        var slot = 0
        for section in 0 ..< max(0, count) {
            if deletedSections.contains(section) { continue }
            if let destination = movedTo[section] {
                result[section] = destination
                continue
            }
            while taken.contains(slot) { slot += 1 }
            result[section] = slot
            slot += 1
        }
        return result
    }

    /// Where each row of section `section` (before the update) is after it: `nil` for a
    /// row deleted, or in a section deleted. The slow, plain reading of the rules, which the
    /// table's own mapping (`BatchUpdateMapping`, in time proportional to the changes) is
    /// checked against.
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

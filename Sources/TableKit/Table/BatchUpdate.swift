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
/// tableViewController.performBatchUpdates { update in
///     update.deleteRows(at: [IndexPath(row: 2, section: 0)])
///     update.insertRows(at: [IndexPath(row: 0, section: 0)])
/// }
/// ```
public struct TableViewBatchUpdate: Hashable, Sendable {
    /// A move of a section or a row: from its place before the update to its place after.
    @usableFromInline package struct Move<Place: Hashable & Sendable>: Hashable, Sendable {
        /// Where it was before the update.
        var from: Place
        /// Where it is after the update.
        var to: Place

        /// A move from `from` (before) to `to` (after).
        init(from: Place, to: Place) {
            self.from = from
            self.to = to
        }
    }

    /// Sections removed, by their index before the update.
    @usableFromInline var deletedSections: Set<Int> = []
    /// Sections added, by their index after the update.
    @usableFromInline var insertedSections: Set<Int> = []
    /// Sections moved, with their rows.
    @usableFromInline var movedSections: [Move<Int>] = []
    /// Sections whose rows are all asked for again (their rows lose their selection).
    @usableFromInline var reloadedSections: Set<Int> = []
    /// Rows removed, by their index path before the update.
    @usableFromInline package var deletedRows: Set<IndexPath> = []
    /// Rows added, by their index path after the update.
    @usableFromInline package var insertedRows: Set<IndexPath> = []
    /// Rows moved, as UIKit's `moveRow(at:to:)`.
    @usableFromInline package var movedRows: [Move<IndexPath>] = []
    /// Rows asked for again, by their index path before the update; as in UIKit they lose
    /// their selection.
    @usableFromInline var reloadedRows: Set<IndexPath> = []

    /// An update that changes nothing: ``TableViewController/performBatchUpdates(animated:_:)``
    /// hands one to its closure (the app's tweets screen makes its own).
    @usableFromInline package init() {}

    /// Whether the update changes nothing.
    var isEmpty: Bool {
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
}

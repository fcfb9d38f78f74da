import Foundation

/// Whether a save of the books keeps their order as a save of a `--data` file does, so that
/// the list's order can be updated (``IndexedRecords/updated(by:in:)``) instead of sorted again.
extension BookChanges {
    /// Whether the books merged with these changes and `recordChanges` made are the books
    /// merged with these changes (whose origins are `origins`) without the deleted ones, in
    /// the same order and with the same bytes except the replaced ones, then the added ones:
    /// what ``IndexedRecords/updated(deleting:replacing:adding:in:)`` takes.
    ///
    /// ``merged(over:)`` keeps the bundled books in their order and puts the added ones after
    /// them, so a save keeps that order, except when
    /// - the file of changes on disk is not these changes (`onDisk`): another instance's
    ///   changes, saved meanwhile, come into view and can take, bring or change any book;
    /// - a book deleted or replaced is known by a title and author that another bundled book
    ///   has too: the change is made to both (books are known by title and author).
    ///
    /// - Parameters:
    ///   - recordChanges: The save's changes, by the books' indices as merged with these changes.
    ///   - onDisk: The changes the save was made to (as found on disk under its lock).
    ///   - origins: Where each book comes from before the save.
    ///   - newOrigins: Where each book comes from after it.
    /// - Complexity: O(n) in the number of books.
    func keepsRecordOrder(applying recordChanges: RecordChanges, onDisk: BookChanges, origins: [Origin], newOrigins: [Origin]) -> Bool {
        guard onDisk == self, recordChanges.inserted.isEmpty else { return false }
        let touched = recordChanges.deleted.union(recordChanges.replaced.keys)
        guard touched.allSatisfy(origins.indices.contains) else { return false }
        var bundledCounts: [Key: Int] = [:]
        for origin in origins {
            if case .bundled(let key) = origin { bundledCounts[key, default: 0] += 1 }
        }
        for index in touched {
            if case .bundled(let key) = origins[index], bundledCounts[key, default: 0] > 1 { return false }
        }
        let survivors = origins.indices.lazy.filter { !recordChanges.deleted.contains($0) }.map { origins[$0] }
        guard newOrigins.count == survivors.count + recordChanges.added.count,
              newOrigins.prefix(survivors.count).elementsEqual(survivors) else { return false }
        return newOrigins.suffix(recordChanges.added.count).allSatisfy { if case .added = $0 { true } else { false } }
    }
}

import Foundation

/// Where the rows, sections and scroll items of a table are after an update, found row by
/// row in time proportional to the changes, not to the rows: a deletion in a million rows
/// maps the focus and the selection without walking them.
struct BatchUpdateMapping {
    let update: TableViewBatchUpdate
    let oldCounts: [Int]
    /// Each old section's place after the update.
    let sections: [Int?]
    /// The rows that leave each old section (deleted or moved out), in order.
    private let leaving: [Int: [Int]]
    /// The places in each new section that insertions and moves take, in order.
    private let taken: [Int: [Int]]
    /// Where each moved row goes.
    private let moves: [IndexPath: IndexPath]

    init(update: TableViewBatchUpdate, oldCounts: [Int]) {
        self.update = update
        self.oldCounts = oldCounts
        sections = update.sectionsAfterUpdate(count: oldCounts.count)
        var moves: [IndexPath: IndexPath] = [:]
        for move in update.movedRows where moves[move.from] == nil { moves[move.from] = move.to }
        self.moves = moves
        var leaving: [Int: Set<Int>] = [:]
        for path in update.deletedRows { leaving[path.section, default: []].insert(path.row) }
        for path in moves.keys { leaving[path.section, default: []].insert(path.row) }
        self.leaving = leaving.mapValues { $0.sorted() }
        var taken: [Int: Set<Int>] = [:]
        for path in update.insertedRows { taken[path.section, default: []].insert(path.row) }
        for path in moves.values { taken[path.section, default: []].insert(path.row) }
        self.taken = taken.mapValues { $0.sorted() }
    }

    /// Whether the update describes going from the old counts to `newCounts` rows a section:
    /// every place it names exists, no place is named twice, and each section after it has
    /// as many rows as it says. Time in proportion to the sections and the changes.
    func fits(newCounts: [Int]) -> Bool {
        let oldPaths = update.deletedRows.union(update.reloadedRows).union(moves.keys)
        guard oldPaths.allSatisfy({ oldCounts.indices.contains($0.section) && $0.row >= 0 && $0.row < oldCounts[$0.section] }),
              update.deletedSections.union(update.reloadedSections).union(update.movedSections.map(\.from)).allSatisfy(oldCounts.indices.contains),
              update.insertedSections.union(update.movedSections.map(\.to)).allSatisfy(newCounts.indices.contains),
              oldCounts.count - update.deletedSections.count + update.insertedSections.count == newCounts.count,
              moves.count == update.movedRows.count,
              update.movedRows.allSatisfy({ !update.deletedRows.contains($0.from) && sections[$0.from.section] != nil }),
              update.insertedRows.count + moves.count == taken.values.reduce(0, { $0 + $1.count }),
              update.movedRows.allSatisfy({ !update.insertedSections.contains($0.to.section) })
        else { return false }
        // Each old section's staying rows land in its new section; inserted sections hold only what is inserted or moved there.
        var expected = [Int](repeating: 0, count: newCounts.count)
        for (old, new) in sections.enumerated() {
            guard let new else { continue }
            guard newCounts.indices.contains(new) else { return false }
            expected[new] += oldCounts[old] - (leaving[old]?.count ?? 0)
        }
        // An inserted section comes with all its rows.
        for section in update.insertedSections { expected[section] = newCounts[section] }
        for (section, slots) in taken where !update.insertedSections.contains(section) {
            guard newCounts.indices.contains(section) else { return false }
            expected[section] += slots.count
            // A place past the end would leave a gap.
            if let last = slots.last, last >= newCounts[section] { return false }
        }
        return expected == newCounts
    }

    /// The new place of the row at `path`, or `nil` if it went.
    func path(from path: IndexPath) -> IndexPath? {
        guard oldCounts.indices.contains(path.section), path.row >= 0, path.row < oldCounts[path.section],
              let newSection = sections[path.section], !update.deletedRows.contains(path) else { return nil }
        if let moved = moves[path] { return moved }
        // Its rank among the rows that stay, then the free place of that rank.
        let leavingBefore = Self.count(in: leaving[path.section] ?? [], below: path.row)
        var place = path.row - leavingBefore
        for slot in taken[newSection] ?? [] {
            guard slot <= place else { break }
            place += 1
        }
        return IndexPath(row: place, section: newSection)
    }

    /// The new place of the row at `path`; if it went, of the first row after it that stayed
    /// (or else the last one before it), so that the focus lands on a neighbour.
    func survivingPath(from path: IndexPath) -> IndexPath? {
        if let kept = self.path(from: path) { return kept }
        var candidate = path
        while let next = next(after: candidate) {
            if let kept = self.path(from: next) { return kept }
            candidate = next
        }
        candidate = path
        while let previous = previous(before: candidate) {
            if let kept = self.path(from: previous) { return kept }
            candidate = previous
        }
        return nil
    }

    /// The new place of a scroll item: a row's, or its section's header or footer.
    func item(from item: ContentItem) -> ContentItem? {
        if let path = item.indexPath {
            return survivingPath(from: path).map { ContentItem.row($0) }
        }
        guard sections.indices.contains(item.section), let section = sections[item.section] else { return nil }
        return ContentItem(item.kind, section: section)
    }

    /// How many of the sorted `values` are below `bound`.
    private static func count(in values: [Int], below bound: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The old row after `path`, across sections.
    private func next(after path: IndexPath) -> IndexPath? {
        if path.row + 1 < oldCounts[path.section] { return IndexPath(row: path.row + 1, section: path.section) }
        var section = path.section + 1
        while section < oldCounts.count, oldCounts[section] == 0 { section += 1 }
        return section < oldCounts.count ? IndexPath(row: 0, section: section) : nil
    }

    /// The old row before `path`, across sections.
    private func previous(before path: IndexPath) -> IndexPath? {
        if path.row > 0 { return IndexPath(row: path.row - 1, section: path.section) }
        var section = path.section - 1
        while section >= 0, oldCounts[section] == 0 { section -= 1 }
        return section >= 0 ? IndexPath(row: oldCounts[section] - 1, section: section) : nil
    }
}

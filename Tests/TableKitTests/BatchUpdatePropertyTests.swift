import Foundation
import PropertyBased
import Testing
@testable import TableKit

/// A batch update's arithmetic (UIKit's: deletions and reloads before, insertions after, the
/// rows that stay filling the places left, in order) against updates built from a known
/// result: rows deleted, rows moved anywhere, rows inserted anywhere, over several sections.
@Suite("Batch updates: where every row goes, as a property")
struct BatchUpdatePropertyTests {
    /// A deterministic generator for one case, so that a failing seed replays.
    typealias SplitMix = TableKit.SeededRandomNumberGenerator

    /// Sections of distinct items before; the update; the sections after, as built.
    static func randomCase(seed: UInt64) -> (before: [[Int]], update: TableViewBatchUpdate, after: [[Int]]) {
        var random = SplitMix(seed: seed)
        let sectionCount = Int.random(in: 1 ... 4, using: &random)
        var next = 0
        let before: [[Int]] = (0 ..< sectionCount).map { _ in
            (0 ..< Int.random(in: 0 ... 7, using: &random)).map { _ in
                next += 1
                return next
            }
        }
        var update = TableViewBatchUpdate()
        var staying = [[Int]](repeating: [], count: sectionCount)
        var moving: [(item: Int, from: IndexPath)] = []
        for (section, rows) in before.enumerated() {
            for (row, item) in rows.enumerated() {
                let path = IndexPath(row: row, section: section)
                switch Int.random(in: 0 ..< 10, using: &random) {
                case 0 ..< 2: update.deleteRows(at: [path])
                case 2 ..< 4: moving.append((item, path))
                default: staying[section].append(item)
                }
            }
        }
        // Moved and inserted items go to random places among the staying ones, which keep
        // their order.
        var after = staying
        var placedMoves: [(item: Int, from: IndexPath)] = []
        for move in moving {
            let section = Int.random(in: 0 ..< sectionCount, using: &random)
            after[section].insert(move.item, at: Int.random(in: 0 ... after[section].count, using: &random))
            placedMoves.append(move)
        }
        var inserted: Set<Int> = []
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &random) {
            let section = Int.random(in: 0 ..< sectionCount, using: &random)
            next += 1
            inserted.insert(next)
            after[section].insert(next, at: Int.random(in: 0 ... after[section].count, using: &random))
        }
        for (section, rows) in after.enumerated() {
            for (row, item) in rows.enumerated() {
                let path = IndexPath(row: row, section: section)
                if inserted.contains(item) { update.insertRows(at: [path]) }
                if let move = placedMoves.first(where: { $0.item == item }) { update.moveRow(at: move.from, to: path) }
            }
        }
        return (before, update, after)
    }

    @Test("applying an update to the rows gives the rows it was built from, and each row's new place is where it went")
    func everyRowLandsWhereTheUpdateSays() async {
        await propertyCheck(count: 500, input: Gen.uint64()) { seed in
            let (before, update, after) = Self.randomCase(seed: seed)
            let place = Dictionary(uniqueKeysWithValues: after.enumerated().flatMap { section, rows in
                rows.enumerated().map { ($0.element, IndexPath(row: $0.offset, section: section)) }
            })
            let applied = update.applied(to: before, inserted: { after[$0.section][$0.row] }, insertedSectionRows: { _ in [] })
            #expect(applied == after, "seed \(seed): \(before) with \(update)")
            let mapping = BatchUpdateMapping(update: update, oldCounts: before.map(\.count))
            #expect(mapping.fits(newCounts: after.map(\.count)), "seed \(seed)")
            // One row more or fewer in any section is not what the update describes.
            for section in after.indices {
                var wrong = after.map(\.count)
                wrong[section] += 1
                #expect(!mapping.fits(newCounts: wrong), "seed \(seed): one row too many in section \(section)")
                wrong[section] -= 2
                if wrong[section] >= 0 { #expect(!mapping.fits(newCounts: wrong), "seed \(seed): one row too few in section \(section)") }
            }
            for (section, rows) in before.enumerated() {
                for (row, item) in rows.enumerated() {
                    let old = IndexPath(row: row, section: section)
                    #expect(mapping.path(from: old) == place[item], "seed \(seed): item \(item) from \(old)")
                    let slow = update.rowsAfterUpdate(inSection: section, rowCount: rows.count, sections: update.sectionsAfterUpdate(count: before.count))[row]
                    #expect(slow == place[item], "seed \(seed): item \(item) from \(old), by the plain rules")
                }
            }
        }
    }

    @Test("sections deleted, inserted and moved carry their rows; the others fill the places left in order")
    func sectionsMoveWithTheirRows() {
        var update = TableViewBatchUpdate()
        update.deleteSections([0])
        update.insertSections([1])
        update.moveSection(3, toSection: 0)
        // Before: A B C D; after: D(moved) I(inserted) B C.
        #expect(update.sectionsAfterUpdate(count: 4) == [nil, 2, 3, 0])
        let after = update.applied(to: [[1], [2], [3], [4, 5]], inserted: { _ in 0 }, insertedSectionRows: { _ in [9] })
        #expect(after == [[4, 5], [9], [2], [3]])
        let mapping = BatchUpdateMapping(update: update, oldCounts: [1, 1, 1, 2])
        #expect(mapping.path(from: IndexPath(row: 1, section: 3)) == IndexPath(row: 1, section: 0))
        #expect(mapping.path(from: IndexPath(row: 0, section: 0)) == nil)
        #expect(mapping.fits(newCounts: [2, 1, 1, 1]))
    }

    @Test("an update that names a place twice or leaves a gap does not fit")
    func anUpdateThatDoesNotFitIsRefused() {
        var twice = TableViewBatchUpdate()
        twice.insertRows(at: [IndexPath(row: 0, section: 0)])
        twice.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(twice.applied(to: [[1, 2]], inserted: { _ in 9 }, insertedSectionRows: { _ in [] }) == nil)
        var gap = TableViewBatchUpdate()
        gap.insertRows(at: [IndexPath(row: 5, section: 0)])
        #expect(gap.applied(to: [[1, 2]], inserted: { _ in 9 }, insertedSectionRows: { _ in [] }) == nil)
    }
}

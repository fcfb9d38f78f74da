import Foundation
import PropertyBased
import Testing
@testable import TableKit

/// The diffable snapshot against a plain model of it (arrays searched by hand), and the
/// difference between two snapshots against UIKit's batch-update arithmetic: applied to the
/// old rows it gives the new ones, it fits their counts, and it moves only what left its order.
@Suite("Diffable snapshots: edits as a plain model, and differences as batch updates")
struct DiffableSnapshotPropertyTests {
    typealias Snapshot = TableViewDiffableDataSourceSnapshot<Int, Int>
    typealias SplitMix = BatchUpdatePropertyTests.SplitMix

    /// Sections as arrays, every rule spelled out with linear searches.
    struct Model: Equatable {
        var sections: [(id: Int, items: [Int])] = []

        static func == (lhs: Model, rhs: Model) -> Bool {
            lhs.sections.map(\.id) == rhs.sections.map(\.id) && lhs.sections.map(\.items) == rhs.sections.map(\.items)
        }

        func section(of id: Int) -> Int? { sections.firstIndex { $0.id == id } }
        func path(of item: Int) -> (section: Int, row: Int)? {
            for (section, content) in sections.enumerated() {
                if let row = content.items.firstIndex(of: item) { return (section, row) }
            }
            return nil
        }

        mutating func insertSections(_ ids: [Int], at position: Int) {
            var fresh: [Int] = []
            for id in ids where section(of: id) == nil && !fresh.contains(id) { fresh.append(id) }
            sections.insert(contentsOf: fresh.map { (id: $0, items: [Int]()) }, at: position)
        }

        mutating func insertItems(_ items: [Int], section: Int, row: Int) {
            var fresh: [Int] = []
            for item in items where path(of: item) == nil && !fresh.contains(item) { fresh.append(item) }
            sections[section].items.insert(contentsOf: fresh, at: row)
        }

        mutating func deleteItem(_ item: Int) {
            guard let path = path(of: item) else { return }
            sections[path.section].items.remove(at: path.row)
        }
    }

    /// One random edit, made to the snapshot and to the model.
    static func randomEdit(_ snapshot: inout Snapshot, _ model: inout Model, using random: inout SplitMix) {
        let s = Int.random(in: 0 ..< 6, using: &random), t = Int.random(in: 0 ..< 6, using: &random)
        let i = Int.random(in: 0 ..< 30, using: &random), j = Int.random(in: 0 ..< 30, using: &random)
        let k = Int.random(in: 0 ..< 30, using: &random)
        switch Int.random(in: 0 ..< 32, using: &random) {
        case 0 ..< 3:
            snapshot.appendSections([s, t])
            model.insertSections([s, t], at: model.sections.count)
        case 3:
            snapshot.insertSections([s], beforeSection: t)
            if let position = model.section(of: t) { model.insertSections([s], at: position) }
        case 4:
            snapshot.insertSections([s], afterSection: t)
            if let position = model.section(of: t) { model.insertSections([s], at: position + 1) }
        case 5:
            snapshot.deleteSections([s])
            if let position = model.section(of: s) { model.sections.remove(at: position) }
        case 6, 7:
            let after = Bool.random(using: &random)
            if after { snapshot.moveSection(s, afterSection: t) } else { snapshot.moveSection(s, beforeSection: t) }
            if s != t, let from = model.section(of: s), model.section(of: t) != nil {
                let moved = model.sections.remove(at: from)
                model.sections.insert(moved, at: (model.section(of: t) ?? 0) + (after ? 1 : 0))
            }
        case 8 ..< 16:
            let toLast = Bool.random(using: &random)
            snapshot.appendItems([i, j, i], toSection: toLast ? nil : s)
            if let position = toLast ? (model.sections.isEmpty ? nil : model.sections.count - 1) : model.section(of: s) {
                model.insertItems([i, j, i], section: position, row: model.sections[position].items.count)
            }
        case 16, 17:
            let after = Bool.random(using: &random)
            if after { snapshot.insertItems([i, j], afterItem: k) } else { snapshot.insertItems([i, j], beforeItem: k) }
            if let path = model.path(of: k) { model.insertItems([i, j], section: path.section, row: path.row + (after ? 1 : 0)) }
        case 18 ..< 22:
            snapshot.deleteItems([i, j])
            model.deleteItem(i)
            model.deleteItem(j)
        case 22 ..< 29:
            let after = Bool.random(using: &random)
            if after { snapshot.moveItem(i, afterItem: k) } else { snapshot.moveItem(i, beforeItem: k) }
            if i != k, model.path(of: i) != nil, model.path(of: k) != nil {
                model.deleteItem(i)
                if let path = model.path(of: k) { model.sections[path.section].items.insert(i, at: path.row + (after ? 1 : 0)) }
            }
        case 29:
            snapshot.reloadItems([i])
            snapshot.reconfigureItems([j])
            snapshot.reloadSections([s])
        case 30:
            if Int.random(in: 0 ..< 4, using: &random) == 0 {
                snapshot.deleteAllItems()
                model.sections = []
            }
        default:
            snapshot.deleteItems([i])
            model.deleteItem(i)
        }
    }

    static func model(of snapshot: Snapshot) -> Model {
        Model(sections: snapshot.sectionIdentifiers.map { (id: $0, items: snapshot.itemIdentifiers(inSection: $0)) })
    }

    /// A snapshot built by `count` random edits from `start`.
    static func edited(_ start: Snapshot, edits count: Int, using random: inout SplitMix) -> Snapshot {
        var snapshot = start
        var model = Self.model(of: start)
        for _ in 0 ..< count { randomEdit(&snapshot, &model, using: &random) }
        return snapshot
    }

    @Test("every edit does what the plain model does, and every lookup agrees with a search")
    func editsMatchThePlainModel() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var random = SplitMix(seed: seed)
            var snapshot = Snapshot()
            var model = Model()
            for step in 0 ..< 40 {
                Self.randomEdit(&snapshot, &model, using: &random)
                #expect(Self.model(of: snapshot) == model, "seed \(seed), step \(step)")
                #expect(snapshot.numberOfSections == model.sections.count)
                #expect(snapshot.numberOfItems == model.sections.reduce(0) { $0 + $1.items.count }, "seed \(seed), step \(step)")
                #expect(snapshot.itemIdentifiers == model.sections.flatMap(\.items))
                for item in 0 ..< 30 {
                    let path = model.path(of: item)
                    #expect(snapshot.indexOfItem(item) == path?.row, "seed \(seed), step \(step): row of \(item)")
                    #expect(snapshot.sectionIdentifier(containingItem: item) == path.map { model.sections[$0.section].id }, "seed \(seed), step \(step)")
                }
                for section in 0 ..< 6 {
                    #expect(snapshot.indexOfSection(section) == model.section(of: section))
                    #expect(snapshot.numberOfItems(inSection: section) == model.section(of: section).map { model.sections[$0].items.count } ?? 0)
                }
            }
        }
    }

    /// The length of a longest increasing subsequence, by the quadratic dynamic programme.
    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0 ..< index where values[earlier] < values[index] { best[index] = max(best[index], best[earlier] + 1) }
        }
        return best.max() ?? 0
    }

    @Test("the difference applied to the old rows gives the new ones, fits their counts, is no larger than deleting and inserting everything, and moves only what left its order")
    func theDifferenceTakesTheOldRowsToTheNew() async {
        await propertyCheck(count: 500, input: Gen.uint64()) { seed in
            var random = SplitMix(seed: seed)
            let old = Self.edited(Snapshot(), edits: Int.random(in: 0 ... 40, using: &random), using: &random).applied()
            let new = Self.edited(old, edits: Int.random(in: 0 ... 8, using: &random), using: &random)
            // The same content without the record of edits: every section compared.
            var stranger = new
            stranger.lineage = Snapshot.Lineage()
            stranger.touchedSections = nil
            let update = stranger.difference(from: old)
            #expect(new.difference(from: old) == update, "seed \(seed): comparing the edited sections alone gives the same update")
            let oldItems = old.sections.map(\.items), newItems = new.sections.map(\.items)
            let applied = update.applied(to: oldItems, inserted: { newItems[$0.section][$0.row] }, insertedSectionRows: { newItems[$0] })
            #expect(applied == newItems, "seed \(seed): \(oldItems) → \(newItems) by \(update)")
            #expect(BatchUpdateMapping(update: update, oldCounts: oldItems.map(\.count)).fits(newCounts: newItems.map(\.count)), "seed \(seed)")
            let size = update.deletedRows.count + update.insertedRows.count + update.movedRows.count
                + update.deletedSections.count + update.insertedSections.count + update.movedSections.count
            #expect(size <= oldItems.joined().count + newItems.joined().count + oldItems.count + newItems.count, "seed \(seed)")
            // The oracle: a section or a row moves only if it is outside a longest run in order.
            let survivors = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
            #expect(update.movedSections.count == survivors.count - Self.lisLength(survivors), "seed \(seed): section moves")
            var expectedMoves = 0
            for id in new.sectionIdentifiers where old.indexOfSection(id) != nil {
                let items = new.itemIdentifiers(inSection: id)
                let kept = items.filter { old.sectionIdentifier(containingItem: $0) == id }.compactMap { old.indexOfItem($0) }
                let crossing = items.filter { old.sectionIdentifier(containingItem: $0).map { $0 != id && new.indexOfSection($0) != nil } ?? false }
                expectedMoves += crossing.count + kept.count - Self.lisLength(kept)
            }
            #expect(update.movedRows.count == expectedMoves, "seed \(seed): row moves")
        }
    }

    @Test("a longest increasing run, against every subset of short lists")
    func longestIncreasingRunIsLongestAndIncreasing() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var random = SplitMix(seed: seed)
            let values = Array((0 ..< 20).shuffled(using: &random).prefix(Int.random(in: 0 ... 10, using: &random)))
            let kept = Snapshot.longestIncreasingRun(values)
            let chosen = values.indices.filter { kept[$0] }.map { values[$0] }
            #expect(chosen == chosen.sorted(), "seed \(seed): \(values)")
            var longest = 0
            for mask in 0 ..< (1 << values.count) {
                let subset = values.indices.filter { mask & (1 << $0) != 0 }.map { values[$0] }
                if subset == subset.sorted() { longest = max(longest, subset.count) }
            }
            #expect(chosen.count == longest, "seed \(seed): \(values)")
        }
    }

    @Test("one item taken out and put back elsewhere is one move, not one per row it passed")
    func oneItemMovedIsOneMove() {
        var old = Snapshot()
        old.appendSections([0, 1])
        old.appendItems(Array(0 ..< 10), toSection: 0)
        old.appendItems(Array(10 ..< 15), toSection: 1)
        old = old.applied()
        var new = old
        new.moveItem(0, afterItem: 9)
        let update = new.difference(from: old)
        #expect(update.movedRows == [.init(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 9, section: 0))])
        #expect(update.deletedRows.isEmpty && update.insertedRows.isEmpty)
        var across = old
        across.moveItem(3, beforeItem: 10)
        #expect(across.difference(from: old).movedRows == [.init(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 1))])
        var sections = old
        sections.moveSection(0, afterSection: 1)
        let sectionUpdate = sections.difference(from: old)
        #expect(sectionUpdate.movedSections.count == 1 && sectionUpdate.movedRows.isEmpty, "one section moved with its rows")
    }

    @Test("reloads name old places; reconfigurations change no row; items of deleted sections are not deleted twice")
    func reloadsAndDeletedSections() {
        var old = Snapshot()
        old.appendSections([1, 2])
        old.appendItems([1, 2, 3], toSection: 1)
        old.appendItems([4, 5], toSection: 2)
        old = old.applied()
        var new = old
        new.deleteItems([1])
        new.reloadItems([3, 99])
        new.reconfigureItems([2])
        new.reloadSections([2])
        let update = new.difference(from: old)
        #expect(update.reloadedRows == [IndexPath(row: 2, section: 0)], "item 3 at its old place")
        #expect(update.reloadedSections == [1])
        #expect(update.deletedRows == [IndexPath(row: 0, section: 0)])
        #expect(new.reconfiguredItemIdentifiers == [2] && new.applied().reconfiguredItemIdentifiers.isEmpty)
        var gone = old
        gone.deleteSections([1])
        let sectionGone = gone.difference(from: old)
        #expect(sectionGone.deletedSections == [0] && sectionGone.deletedRows.isEmpty)
    }

    @Test("duplicates are refused: the first stays where it is, and nothing stops the program")
    func duplicatesAreRefused() {
        var snapshot = Snapshot()
        snapshot.appendSections([7, 7, 8])
        snapshot.appendSections([8])
        #expect(snapshot.sectionIdentifiers == [7, 8])
        snapshot.appendItems([1, 2, 1], toSection: 7)
        snapshot.appendItems([2, 3], toSection: 8)
        snapshot.insertItems([3], beforeItem: 1)
        snapshot.insertItems([4], afterItem: 42)
        snapshot.appendItems([5], toSection: 99)
        #expect(snapshot.itemIdentifiers(inSection: 7) == [1, 2])
        #expect(snapshot.itemIdentifiers(inSection: 8) == [3])
        #expect(snapshot.numberOfItems == 3)
    }

    @Test("a snapshot taken before another one was applied is compared whole, not by its record of edits")
    func aStaleSnapshotIsComparedWhole() {
        var shown = Snapshot()
        shown.appendSections([0, 1])
        shown.appendItems([1, 2, 3, 4], toSection: 0)
        shown.appendItems([5, 6, 7], toSection: 1)
        shown = shown.applied()
        var first = shown
        first.moveItem(5, afterItem: 7)
        var second = shown
        second.deleteItems([4])
        // `first` is shown now; `second` remembers editing section 0 alone, but against `shown`:
        // its section 1 is not what the table shows, though it has as many rows.
        let reordered = first.applied()
        let update = second.difference(from: reordered)
        var stranger = second
        stranger.lineage = Snapshot.Lineage()
        #expect(update == stranger.difference(from: reordered))
        let applied = update.applied(to: reordered.sections.map(\.items), inserted: { second.sections[$0.section].items[$0.row] },
                                     insertedSectionRows: { second.sections[$0].items })
        #expect(applied == [[1, 2, 3], [5, 6, 7]])
    }

    @Test("an item that moves into a new section is deleted from its old one; the new section brings it")
    func anItemMovedIntoANewSection() {
        var old = Snapshot()
        old.appendSections([0])
        old.appendItems([1, 2, 3], toSection: 0)
        old = old.applied()
        var new = old
        new.appendSections([1])
        new.appendItems([9], toSection: 1)
        new.moveItem(2, beforeItem: 9)
        let update = new.difference(from: old)
        #expect(update.insertedSections == [1])
        #expect(update.deletedRows == [IndexPath(row: 1, section: 0)])
        #expect(update.movedRows.isEmpty && update.insertedRows.isEmpty)
        let applied = update.applied(to: old.sections.map(\.items), inserted: { new.sections[$0.section].items[$0.row] },
                                     insertedSectionRows: { new.sections[$0].items })
        #expect(applied == [[1, 3], [2, 9]])
    }
}

import Foundation
import PropertyBased
@testable import TableKit
import Testing
@testable import TUI

/// An add, a delete or an edit updates the list's sorted order without sorting every record
/// again (issue 40): over random records and random changes, in every order the list sorts
/// by, the order updated equals the order built whole from the records saved — position for
/// position, with the same sections — and what it says changed, made into the table's batch
/// update, takes every row that stays to where its record is now.
@Suite("An add, a delete or an edit updates the sorted order as a whole sort would")
struct OrderUpdatePropertyTests {
    /// TableKit's (PropertyBased has one of the same name).
    typealias Random = TableKit.SeededRandomNumberGenerator

    /// Title values as a file writes them (nil: no title member): ties, case, accents, an
    /// escape, empty, null, punctuation, digits, other scripts, a number.
    static let titles: [String?] = [
        #""apple""#, #""Apple""#, #""apple""#, #""Äpfel""#, #""éclair""#, #""Eclair""#, #""caf\u00e9""#, #""zebra""#,
        #""Zoë""#, #""""#, "null", nil, #""42""#, #""7 Wonders""#, ##""#hash""##, #""!""#, #""日本""#, #""Ωmega""#,
        #""ß""#, #""  spaced""#, #""b""#, #""B""#, #""bb""#, #""Ba""#, #""Quiet""#, #""x""#, "17",
    ]
    /// Author values: last names to sort by, ties, none.
    static let authors: [String?] = [
        #""Jane Austen""#, #""J. R. R. Tolkien""#, #""Austen Jane""#, #""Émile Zola""#, #""zola""#, #""""#, "null", nil,
        #""Zadie Smith""#, #""Ann""#,
    ]
    static let codes = Gen.int(in: 0 ... titles.count * authors.count - 1)
    static let sortOrders: [IndexedRecords.SortOrder] = [.title, .subtitleLastName, .field("title"), .field("author")]

    /// Record number `code`: a title and an author from the lists above.
    static func record(_ code: Int) -> [UInt8] {
        let title = titles[code % titles.count], author = authors[code / titles.count % authors.count]
        let members = [title.map { #""title": \#($0)"# }, author.map { #""author": \#($0)"# }].compactMap { $0 }
        return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }

    static func store(_ bytes: [UInt8]) throws -> JSONRecordStore {
        try JSONRecordStore.load(data: bytes, name: "records", titleKey: "title", subtitleKey: "author")
    }

    static func file(_ codes: [Int]) -> [UInt8] {
        Array("[\n  ".utf8) + codes.map(record).joined(separator: Array(",\n  ".utf8)) + Array("\n]\n".utf8)
    }

    /// Random changes to `count` records: some deleted, some replaced, some added.
    static func changes(count: Int, using random: inout Random) -> RecordChanges {
        var changes = RecordChanges()
        let code = { (random: inout Random) in Int.random(in: 0 ..< titles.count * authors.count, using: &random) }
        if count > 0 {
            for _ in 0 ..< Int.random(in: 0 ... min(count, 4), using: &random) { changes.deleted.insert(Int.random(in: 0 ..< count, using: &random)) }
            for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) { changes.replaced[Int.random(in: 0 ..< count, using: &random)] = record(code(&random)) }
        }
        for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) { changes.added.append(record(code(&random))) }
        // A deleted record is not also replaced, as a save never names one twice.
        for record in changes.deleted { changes.replaced[record] = nil }
        return changes
    }

    /// Checks the update of `old` by `changes` against the records of `store` sorted whole,
    /// and returns the records sorted whole.
    @discardableResult
    static func expectUpdate(of old: IndexedRecords, by changes: RecordChanges, to store: JSONRecordStore,
                             sourceLocation: SourceLocation = #_sourceLocation) -> IndexedRecords {
        let whole = IndexedRecords(store: store, collation: old.collation, sortOrder: old.sortOrder)
        guard let update = old.updated(by: changes, in: store) else {
            // Only an order by value is sorted again whole.
            let byValue: Bool
            switch old.sortOrder {
            case .field: byValue = true
            case .title: byValue = old.sectionTitles != nil || IndexedRecords.sortsTitlesByValue(store)
            case .subtitleLastName: byValue = false
            }
            #expect(byValue, "no update of \(old.sortOrder) by \(changes)", sourceLocation: sourceLocation)
            return whole
        }
        let new = update.records
        #expect(new.order == whole.order, "\(old.sortOrder) after \(changes)", sourceLocation: sourceLocation)
        #expect(new.sections == whole.sections, sourceLocation: sourceLocation)
        #expect(new.sortOrder == old.sortOrder && new.store === store && !new.isPreview && new.isSorted, sourceLocation: sourceLocation)

        // What changed, position by position: the deleted records' old places, the added ones'
        // new places, each replaced record from its old place to its new one.
        let oldCount = old.count
        let sortedDeleted = changes.deleted.sorted()
        let renumbered = { (record: Int) in record - sortedDeleted.prefix { $0 < record }.count }
        var newPosition = [Int](repeating: -1, count: whole.count)
        for (position, record) in whole.order.order.enumerated() { newPosition[Int(record)] = position }
        let oldPositions = old.order.order.enumerated()
        let firstAdded = oldCount - changes.deleted.count
        #expect(update.change.removed == oldPositions.filter { changes.deleted.contains(Int($0.element)) }.map(\.offset), sourceLocation: sourceLocation)
        #expect(update.change.inserted == (firstAdded ..< whole.count).map { newPosition[$0] }.sorted(), sourceLocation: sourceLocation)
        let moves = oldPositions.filter { changes.replaced[Int($0.element)] != nil }
            .map { OrderChange.Move(from: $0.offset, to: newPosition[renumbered(Int($0.element))]) }
        #expect(update.change.moved == moves.sorted { $0.to < $1.to }, sourceLocation: sourceLocation)

        // The table's batch update describes the change, and takes each row that stays to its
        // record's new row: the focus and the selection follow their records.
        let batch = update.change.batchUpdate(from: old.sections, to: new.sections)
        let oldCounts = (0 ..< old.sections.numberOfSections).map(old.sections.numberOfRows(inSection:))
        let newCounts = (0 ..< new.sections.numberOfSections).map(new.sections.numberOfRows(inSection:))
        let mapping = BatchUpdateMapping(update: batch, oldCounts: oldCounts)
        #expect(batch.isEmpty == update.change.isEmpty, sourceLocation: sourceLocation)
        #expect(update.change.isEmpty || mapping.fits(newCounts: newCounts), "batch \(batch) from \(oldCounts) to \(newCounts)", sourceLocation: sourceLocation)
        for (position, record) in oldPositions where !changes.deleted.contains(Int(record)) {
            guard let path = old.sections.indexPath(ofIndex: position) else { continue }
            let target = new.sections.indexPath(ofIndex: newPosition[renumbered(Int(record))])
            let mapped = mapping.path(from: path)
            // A replaced record that leaves a section that goes, or comes into one that comes, is deleted and inserted.
            if changes.replaced[Int(record)] != nil, mapped == nil { continue }
            #expect(mapped == target, "record \(record) at \(path)", sourceLocation: sourceLocation)
        }
        return whole
    }

    @Test("a random walk of deletes, adds and edits: each update equals the whole sort, in every order")
    func randomWalk() async throws {
        await propertyCheck(count: 150, input: Self.codes.array(of: 0 ... 40), Gen.int(in: 0 ... Int(Int32.max)), Gen.int(in: 0 ... 3)) { codes, seed, orderChoice in
            var random = Random(seed: UInt64(seed))
            var bytes = Self.file(codes)
            var store = try Self.store(bytes)
            var records = IndexedRecords(store: store, sortOrder: Self.sortOrders[orderChoice])
            for _ in 0 ..< 4 {
                let changes = Self.changes(count: store.count, using: &random)
                // The records saved, as a save of a `--data` file writes them.
                bytes = store.splicing(changes)
                let saved = try Self.store(bytes)
                try #require(saved.count == store.count - changes.deleted.count + changes.added.count, "\(changes)")
                let whole = Self.expectUpdate(of: records, by: changes, to: saved)
                // The next change starts from the update when there is one, else from the whole sort.
                records = records.updated(by: changes, in: saved)?.records ?? whole
                store = saved
            }
        }
    }

    @Test("three thousand records, many tied: one add, one delete, a hundred deletes and edits, by title and by author")
    func manyRecords() throws {
        var random = Random(seed: 40)
        let codes = (0 ..< 3_000).map { _ in Int.random(in: 0 ..< Self.titles.count * Self.authors.count, using: &random) }
        let store = try Self.store(Self.file(codes))
        for sortOrder in [IndexedRecords.SortOrder.title, .subtitleLastName] {
            let records = IndexedRecords(store: store, sortOrder: sortOrder)
            let batches = [
                RecordChanges(added: [Self.record(codes[3])]),
                RecordChanges(deleted: [500]),
                RecordChanges(deleted: Set((0 ..< 100).map { $0 * 10 + 3 })),
                RecordChanges(replaced: [0: Self.record(7), 2_999: Self.record(codes[0])], deleted: [1, 2_998], added: [Self.record(codes[2_999])]),
                // Records numbered past the blocks that lose any (1,024 records a block).
                RecordChanges(replaced: [2_500: Self.record(codes[10])], deleted: [5]),
            ]
            for changes in batches {
                let saved = try Self.store(store.splicing(changes))
                #expect(records.updated(by: changes, in: saved) != nil)
                Self.expectUpdate(of: records, by: changes, to: saved)
            }
        }
    }
}

import Foundation
@testable import TableKit
import Testing
@testable import TUI

/// The ends of an order updated instead of sorted again (issue 40): the first and last
/// positions and sections, a section that loses its last record and one that gets its first,
/// ties, what is sorted whole instead, and when the bundled books keep their order.
@Suite("Updating the sorted order at its ends")
struct OrderUpdateTests {
    /// Records with these titles, by "Author n".
    static func store(_ titles: [String]) throws -> JSONRecordStore {
        let records = titles.enumerated().map { #"{"title": "\#($0.element)", "author": "Author \#($0.offset)"}"# }
        return try JSONRecordStore.load(data: Array(("[" + records.joined(separator: ",\n") + "]").utf8), name: "records", titleKey: "title", subtitleKey: "author")
    }

    static func record(_ title: String) -> [UInt8] { Array(#"{"title": "\#(title)", "author": "Someone"}"#.utf8) }

    /// A–Z and `#`: Apple (5), apple (1) · Banana (0) · Cherry (2) · Zulu (3) · 42 (4).
    static let titles = ["Banana", "apple", "Cherry", "Zulu", "42", "Apple"]

    /// The records after `changes`, updated; checked against the whole sort.
    static func update(_ changes: RecordChanges, titles: [String] = titles, sortOrder: IndexedRecords.SortOrder = .title,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> (old: IndexedRecords, update: IndexedRecords.OrderUpdate) {
        let store = try store(titles)
        let old = IndexedRecords(store: store, sortOrder: sortOrder)
        let saved = try JSONRecordStore.load(data: store.splicing(changes), name: "records", titleKey: "title", subtitleKey: "author")
        OrderUpdatePropertyTests.expectUpdate(of: old, by: changes, to: saved, sourceLocation: sourceLocation)
        let update = try #require(old.updated(by: changes, in: saved), sourceLocation: sourceLocation)
        return (old, update)
    }

    static func titles(of records: IndexedRecords) -> [String] {
        records.order.order.map { records.store.title(at: Int($0)) }
    }

    @Test("the order is the one sorted whole")
    func theBase() throws {
        #expect(Self.titles(of: IndexedRecords(store: try Self.store(Self.titles))) == ["Apple", "apple", "Banana", "Cherry", "Zulu", "42"])
    }

    @Test("an added record that sorts first takes the first position, of the first section")
    func addFirst() throws {
        let (old, update) = try Self.update(RecordChanges(added: [Self.record("Aardvark")]))
        #expect(Self.titles(of: update.records) == ["Aardvark", "Apple", "apple", "Banana", "Cherry", "Zulu", "42"])
        #expect(update.change == OrderChange(inserted: [0]))
        let batch = update.change.batchUpdate(from: old.sections, to: update.records.sections)
        #expect(batch.insertedRows == [IndexPath(row: 0, section: 0)] && batch.deletedRows.isEmpty && batch.insertedSections.isEmpty)
    }

    @Test("an added record that sorts last takes the last position, of the last section (#)")
    func addLast() throws {
        let (_, update) = try Self.update(RecordChanges(added: [Self.record("99")]))
        #expect(Self.titles(of: update.records).last == "99")
        #expect(update.change == OrderChange(inserted: [6]))
        #expect(update.records.sections.indexPath(ofIndex: 6) == IndexPath(row: 1, section: 4))
    }

    @Test("a record with the title of another goes after it: ties go by record number, and added records come last")
    func addTie() throws {
        let (_, update) = try Self.update(RecordChanges(added: [Self.record("apple"), Self.record("Apple")]))
        // Apple (5), Apple (7, added second), apple (1), apple (6, added first).
        #expect(update.records.order.order.prefix(4) == [5, 7, 1, 6])
        #expect(update.change == OrderChange(inserted: [1, 3]))
    }

    @Test("deleting the first and the last record: the last section (#) loses its only row and goes")
    func deleteBothEnds() throws {
        let (old, update) = try Self.update(RecordChanges(deleted: [5, 4]))
        #expect(Self.titles(of: update.records) == ["apple", "Banana", "Cherry", "Zulu"])
        #expect(update.records.order.order == [1, 0, 2, 3], "renumbered: nothing deleted below them")
        #expect(update.change == OrderChange(removed: [0, 5]))
        let batch = update.change.batchUpdate(from: old.sections, to: update.records.sections)
        #expect(batch.deletedSections == [4], "# had only 42")
        #expect(batch.deletedRows == [IndexPath(row: 0, section: 0)], "the section's own rows go with it")
        #expect(update.records.sections.numberOfSections == 4)
    }

    @Test("deleting records renumbers the rest: each loses one for every deleted record below it")
    func deleteRenumbers() throws {
        let (_, update) = try Self.update(RecordChanges(deleted: [0, 2]))
        // Apple (5 → 3), apple (1 → 0), Zulu (3 → 1), 42 (4 → 2).
        #expect(update.records.order.order == [3, 0, 1, 2])
        #expect(update.records.order.sectionStarts.prefix(4) == [0, 2, 2, 2], "A keeps two rows, B and C none")
    }

    @Test("a record whose section had none inserts that section")
    func newSection() throws {
        let (old, update) = try Self.update(RecordChanges(added: [Self.record("Mango")]))
        let batch = update.change.batchUpdate(from: old.sections, to: update.records.sections)
        #expect(batch.insertedSections == [3], "A B C M Z #")
        #expect(batch.insertedRows.isEmpty, "the section's rows come with it")
        #expect(update.records.sections.numberOfSections == 6)
    }

    @Test("an edit moves a record from the last letter to the first position; its section goes")
    func editMovesAcross() throws {
        let (old, update) = try Self.update(RecordChanges(replaced: [3: Self.record("Aaron")]))
        #expect(Self.titles(of: update.records) == ["Aaron", "Apple", "apple", "Banana", "Cherry", "42"])
        #expect(update.change == OrderChange(moved: [OrderChange.Move(from: 4, to: 0)]))
        let batch = update.change.batchUpdate(from: old.sections, to: update.records.sections)
        #expect(batch.deletedSections == [3] && batch.insertedRows == [IndexPath(row: 0, section: 0)] && batch.movedRows.isEmpty)
    }

    @Test("an edit within a section is a move of its row, which the focus follows")
    func editMovesWithin() throws {
        let (old, update) = try Self.update(RecordChanges(replaced: [5: Self.record("Azure")]))
        #expect(Self.titles(of: update.records).prefix(2) == ["apple", "Azure"])
        let batch = update.change.batchUpdate(from: old.sections, to: update.records.sections)
        #expect(batch.movedRows.map { [$0.from, $0.to] } == [[IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]])
    }

    @Test("by author's last name, an added record goes where its last name sorts")
    func byLastName() throws {
        let (_, update) = try Self.update(RecordChanges(added: [Array(#"{"title": "Persuasion", "author": "Jane Austen"}"#.utf8)]), sortOrder: .subtitleLastName)
        #expect(update.records.store.title(at: Int(update.records.order.order[0])) == "Persuasion", "Austen before Author 0…5")
    }

    @Test("orders by value are sorted whole: a field's, and titles of numbers")
    func byValueIsSortedWhole() throws {
        let store = try Self.store(Self.titles)
        let saved = try JSONRecordStore.load(data: store.splicing(RecordChanges(deleted: [0])), name: "records", titleKey: "title", subtitleKey: "author")
        #expect(IndexedRecords(store: store, sortOrder: .field("author")).updated(deleting: [0], in: saved) == nil)
        let numbers = try JSONRecordStore.load(data: Array(#"[{"title": 3}, {"title": 1}, {"title": 2}]"#.utf8), name: "n", titleKey: "title")
        let fewer = try JSONRecordStore.load(data: Array(#"[{"title": 3}, {"title": 1}]"#.utf8), name: "n", titleKey: "title")
        #expect(IndexedRecords(store: numbers).updated(deleting: [2], in: fewer) == nil)
    }

    @Test("a count that does not add up, an index out of range, or a preview is sorted whole")
    func refusals() throws {
        let store = try Self.store(Self.titles)
        let records = IndexedRecords(store: store)
        #expect(records.updated(deleting: [0], in: store) == nil, "one deleted, but as many records")
        #expect(records.updated(deleting: [], adding: 0, in: store) != nil, "no change is an update too")
        let fewer = try Self.store(Array(Self.titles.dropFirst()))
        #expect(records.updated(deleting: [99], in: fewer) == nil)
        let preview = IndexedRecords.firstRowsFirst(store: store, rows: 1)
        if preview.isPreview { #expect(preview.updated(deleting: [0], in: fewer) == nil) }
    }

    // MARK: The bundled books

    /// Books by title and author; `Emma` twice when `twins`.
    static func bundled(twins: Bool = false) throws -> JSONRecordStore {
        let books = [("Persuasion", "Jane Austen"), ("Emma", "Jane Austen"), ("Ulysses", "James Joyce"), ("Dubliners", "James Joyce")]
            + (twins ? [("Emma", "Jane Austen")] : [])
        let records = books.map { #"{"title": "\#($0.0)", "author": "\#($0.1)"}"# }
        return try JSONRecordStore.load(data: Array(("[" + records.joined(separator: ",") + "]").utf8), name: "books", titleKey: "title", subtitleKey: "author")
    }

    @Test("a save of the books keeps their order: the update equals the books merged and sorted whole")
    func booksKeepTheirOrder() throws {
        let bundled = try Self.bundled()
        var changes = BookChanges()
        changes.add(Self.record("Middlemarch"))
        let before = changes.merged(over: bundled)
        let store = try JSONRecordStore.load(data: before.bytes, name: "books", titleKey: "title", subtitleKey: "author")
        let edit = RecordChanges(replaced: [2: Array(#"{"title": "Ulysses (annotated)", "author": "James Joyce"}"#.utf8)],
                                 deleted: [1, 4], added: [Self.record("Adam Bede"), Self.record("Romola")])
        let after = changes.applying(edit, origins: before.origins).changes
        let merged = after.merged(over: bundled)
        #expect(changes.keepsRecordOrder(applying: edit, onDisk: changes, origins: before.origins, newOrigins: merged.origins))
        let saved = try JSONRecordStore.load(data: merged.bytes, name: "books", titleKey: "title", subtitleKey: "author")
        for sortOrder in [IndexedRecords.SortOrder.title, .subtitleLastName] {
            OrderUpdatePropertyTests.expectUpdate(of: IndexedRecords(store: store, sortOrder: sortOrder), by: edit, to: saved)
            #expect(IndexedRecords(store: store, sortOrder: sortOrder).updated(by: edit, in: saved) != nil)
        }
    }

    @Test("the books do not keep their order when another instance saved meanwhile, or a book changed has a twin")
    func booksThatMove() throws {
        let bundled = try Self.bundled()
        let changes = BookChanges()
        let before = changes.merged(over: bundled)
        let delete = RecordChanges(deleted: [0])
        var other = BookChanges()
        other.add(Self.record("Walden"))
        let merged = other.applying(delete, origins: before.origins).changes.merged(over: bundled)
        #expect(!changes.keepsRecordOrder(applying: delete, onDisk: other, origins: before.origins, newOrigins: merged.origins),
                "another instance's book came into view")

        let twins = try Self.bundled(twins: true)
        let withTwins = changes.merged(over: twins)
        let deleteEmma = RecordChanges(deleted: [1])
        let afterTwins = changes.applying(deleteEmma, origins: withTwins.origins).changes.merged(over: twins)
        #expect(afterTwins.origins.count == withTwins.origins.count - 2, "both Emmas go: books are known by title and author")
        #expect(!changes.keepsRecordOrder(applying: deleteEmma, onDisk: changes, origins: withTwins.origins, newOrigins: afterTwins.origins))
        let editEmma = RecordChanges(replaced: [1: Self.record("Emma (annotated)")])
        let editedTwins = changes.applying(editEmma, origins: withTwins.origins).changes.merged(over: twins)
        #expect(!changes.keepsRecordOrder(applying: editEmma, onDisk: changes, origins: withTwins.origins, newOrigins: editedTwins.origins),
                "both Emmas change")
    }
}

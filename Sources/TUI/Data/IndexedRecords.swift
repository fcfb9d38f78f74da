import Foundation
@_spi(Benchmarks) import TableKit

/// Loaded records in collation order: sections A–Z and `#`, rows sorted within them, as the
/// table shows them. Only the non-empty sections are shown; the index keeps all 27 titles and
/// maps a letter with no records to the nearest section after it.
// Safe to send: every stored property is a `let` of a Sendable type but `buildTimings`, a `var`
// only so that the initializers can fill it through `inout`; nothing writes it after init.
final class IndexedRecords: @unchecked Sendable {
    /// What the records are sectioned and sorted by.
    enum SortOrder: Equatable, Sendable {
        /// The title.
        case title
        /// The subtitle read as a person's name: last name, then the rest (`Tolkien J. R. R.`);
        /// a record without one goes by its title.
        case subtitleLastName
        /// The value of a field, by its type (``FieldOrder``).
        case field(String)
    }

    let store: JSONRecordStore
    let order: CollatedOrder
    let collation: Collation
    let sortOrder: SortOrder
    /// How the sorted records map onto the table's sections.
    let sections: CollatedSections
    /// The sections' titles when they are ranges of a field's values (``SortOrder/field(_:)``),
    /// nil for the collation's letters.
    let sectionTitles: [String]?
    /// The index's titles of those sections, where they are shorter (``FieldOrder/indexTitles``).
    let indexTitles: [String]?

    /// How long sectioning and sorting by title took, by phase (zero for other orders).
    private(set) var buildTimings = CollatedOrder.BuildTimings()
    /// Whether only the first rows are in place, the rest still being sorted
    /// (``firstRowsFirst(store:collation:rows:)``): the sections and the first screen are
    /// right, but nothing may read further into the order.
    var isPreview: Bool { restOfSort != nil }
    /// A preview's way to the whole order: sorts the rest, on any thread, once. Nil for
    /// records in their whole order.
    let restOfSort: (@Sendable () -> IndexedRecords)?
    /// How many positions from the start of ``order`` are the whole order's: a preview's
    /// first rows, or every position.
    let positionsInPlace: Int

    init(store: JSONRecordStore, collation: Collation = .english, sortOrder: SortOrder = .title) {
        self.store = store
        self.collation = collation
        self.sortOrder = sortOrder
        let order: CollatedOrder
        var titles: [String]?
        var shortTitles: [String]?
        switch sortOrder {
        case .field(let key):
            let byField = FieldOrder.build(store: store, key: key, collation: collation)
            order = byField.order
            titles = byField.sectionTitles
            shortTitles = byField.indexTitles
        case .title where Self.sortsTitlesByValue(store):
            let byValue = FieldOrder.build(store: store, key: store.titleKey, collation: collation)
            order = byValue.order
            titles = byValue.sectionTitles
            shortTitles = byValue.indexTitles
        case .title:
            // Keys on every core: the store is read-only, and reading a title is safe anywhere.
            order = CollatedOrder.build(count: store.count, collation: collation, timings: &buildTimings, concurrentUTF8: Self.titleUTF8(of: store))
        case .subtitleLastName:
            order = CollatedOrder.build(count: store.count, collation: collation, utf8: Self.lastNameUTF8(of: store))
        }
        self.order = order
        sectionTitles = titles
        indexTitles = shortTitles
        sections = Self.sections(collation: collation, sectionStarts: order.sectionStarts, titles: titles, indexTitles: shortTitles, isSearch: false)
        restOfSort = nil
        positionsInPlace = order.count
    }

    /// Records in title order (or `sortOrder`, one the collation sorts) given their order.
    private init(store: JSONRecordStore, collation: Collation, order: CollatedOrder, timings: CollatedOrder.BuildTimings,
                 positionsInPlace: Int? = nil, sortOrder: SortOrder = .title, restOfSort: (@Sendable () -> IndexedRecords)? = nil) {
        self.restOfSort = restOfSort
        self.positionsInPlace = positionsInPlace ?? order.count
        self.store = store
        self.collation = collation
        self.sortOrder = sortOrder
        self.order = order
        sectionTitles = nil
        indexTitles = nil
        sections = Self.sections(collation: collation, sectionStarts: order.sectionStarts, titles: nil, isSearch: false)
        buildTimings = timings
    }

    /// The records in title order in two steps, so that the list shows before the whole sort
    /// is done: the preview returned has every section and the first `rows` rows in place
    /// (``isPreview``), and its ``restOfSort`` (for any thread, once) sorts the rest and
    /// returns the records in their whole order, the same in those rows.
    static func firstRowsFirst(store: JSONRecordStore, collation: Collation = .english, rows: Int) -> IndexedRecords {
        // A title read whole sorts as titleUTF8 gives it ("—" for a missing one); the leading
        // bytes are 0 for every title that is not a plain string, which it reads.
        let build = CollatedOrder.buildFirstRows(rows, count: store.count, collation: collation, concurrentUTF8: titleUTF8(of: store)) { records, leads in
            store.titleLeads(records, into: leads)
        }
        return IndexedRecords(store: store, collation: collation, order: build.firstRows, timings: build.timings,
                              positionsInPlace: build.sortedRows) {
            IndexedRecords(store: store, collation: collation, order: build.finish(), timings: build.timings)
        }
    }

    /// Puts `positions` of this preview's order, all of one section, in the order the whole
    /// sort gives their records: by key, then title bytes, then record index, as
    /// ``CollatedOrder`` orders every record.
    func putInWholeOrder(_ positions: inout ArraySlice<Int32>) {
        guard positions.count > 1 else { return }
        // By record index first, so that a build over these alone breaks ties as the whole does.
        let byRecord = positions.map { (record: order.order[Int($0)], position: $0) }.sorted { $0.record < $1.record }
        let utf8 = Self.titleUTF8(of: store)
        let sorted = CollatedOrder.build(count: byRecord.count, collation: collation) { index, body in utf8(Int(byRecord[index].record), body) }
        for (offset, index) in sorted.order.enumerated() { positions[positions.startIndex + offset] = byRecord[Int(index)].position }
    }

    /// These records' order for `store`, in which only record `record` differs from this
    /// one's (a save of one edit): the record moves to where its new title sorts, every other
    /// record keeps its place, and nothing is sorted again. Nil where that is not this
    /// order's way: another count, a preview, or an order by value (a field's, or titles of
    /// numbers or dates), which are built again whole.
    func replacing(record: Int, in store: JSONRecordStore) -> IndexedRecords? {
        guard store.count == self.store.count, isSorted, !isPreview, sectionTitles == nil else { return nil }
        let moved: CollatedOrder?
        switch sortOrder {
        case .title:
            guard !Self.sortsTitlesByValue(store) else { return nil }
            moved = order.movingRecord(record, collation: collation, utf8: Self.titleUTF8(of: store))
        case .subtitleLastName:
            moved = order.movingRecord(record, collation: collation, utf8: Self.lastNameUTF8(of: store))
        case .field:
            return nil
        }
        guard let moved else { return nil }
        return IndexedRecords(store: store, collation: collation, order: moved, timings: CollatedOrder.BuildTimings(), sortOrder: sortOrder)
    }

    /// Records in a new order after a change, and what the change did to the order's
    /// positions (``updated(deleting:replacing:adding:in:)``).
    struct OrderUpdate: Sendable {
        /// The records of the new store, in their order.
        let records: IndexedRecords
        /// The positions of the whole order (every section one after another) removed,
        /// inserted and moved: ``OrderChange/batchUpdate(from:to:)`` of this order's
        /// ``IndexedRecords/sections`` and the new one's is the table's batch update.
        let change: OrderChange
    }

    /// These records' order for `store`, the records after a save that deleted records
    /// `deleted`, replaced records `replaced` and added `added` records after the last, the
    /// indices this store's: without sorting again. The records left keep their order and
    /// are renumbered, and each replaced or added record is placed by a binary search, so
    /// the result equals `IndexedRecords(store: store, collation:, sortOrder:)` built whole.
    ///
    /// `store` must number its records as such a save does: this store's records but the
    /// deleted ones, in the same order and with the same titles (and subtitles) except the
    /// replaced ones, then the added ones. A `--data` file's save does
    /// (``JSONRecordStore/spliceEdits(_:in:)``); the bundled books' do when
    /// ``BookChanges/keepsRecordOrder(applying:onDisk:origins:newOrigins:)`` says so. Only the
    /// count is checked here.
    ///
    /// Safe to call off the main actor: it reads both stores, and changes nothing.
    ///
    /// - Returns: The new records and what changed; nil where that is not this order's way,
    ///   and the records are to be sorted whole: a preview or records not yet sorted, an index
    ///   out of range, a count that does not add up, another title or subtitle key, or an
    ///   order by value (a field's, or titles of numbers or dates) — its sections are ranges
    ///   of the values that one record can change (the type most values have, the smallest
    ///   and largest value), so ``FieldOrder`` is built again whole.
    /// - Complexity: O(n) for one pass over the order (about 1 ms at a million records,
    ///   15–40 ms at ten million), O(k log n) titles read for the k records replaced or added.
    func updated(deleting deleted: Set<Int>, replacing replaced: Set<Int> = [], adding added: Int = 0,
                 in store: JSONRecordStore) -> OrderUpdate? {
        guard isSorted, !isPreview, sectionTitles == nil, added >= 0, store.count == self.store.count - deleted.count + added,
              store.titleKey == self.store.titleKey, store.subtitleKey == self.store.subtitleKey else { return nil }
        let replaced = replaced.subtracting(deleted)
        let update: CollatedOrder.Update?
        switch sortOrder {
        case .title:
            guard !Self.sortsTitlesByValue(store) else { return nil }
            update = order.updating(deleting: deleted, replacing: replaced, adding: added, collation: collation,
                                    oldUTF8: Self.titleUTF8(of: self.store), newUTF8: Self.titleUTF8(of: store))
        case .subtitleLastName:
            update = order.updating(deleting: deleted, replacing: replaced, adding: added, collation: collation,
                                    oldUTF8: Self.lastNameUTF8(of: self.store), newUTF8: Self.lastNameUTF8(of: store))
        case .field:
            return nil
        }
        guard let update else { return nil }
        let records = IndexedRecords(store: store, collation: collation, order: update.order, timings: CollatedOrder.BuildTimings(), sortOrder: sortOrder)
        return OrderUpdate(records: records, change: update.change)
    }

    /// ``updated(deleting:replacing:adding:in:)`` for the changes a save made: its deleted,
    /// replaced and added records. Records put back in the middle (an undone deletion) renumber
    /// the ones after them, which this does not follow: nil, and the list is sorted again.
    func updated(by changes: RecordChanges, in store: JSONRecordStore) -> OrderUpdate? {
        guard changes.inserted.isEmpty else { return nil }
        return updated(deleting: changes.deleted, replacing: Set(changes.replaced.keys), adding: changes.added.count, in: store)
    }

    /// Whether the titles of `store` are mostly numbers or dates (in a sample across the
    /// file): they then sort by value, in sections of ranges (`0 · 100 · 200 …`, years), as
    /// Sort (o) sorts any such field — not as text, which put `100` before `46`.
    static func sortsTitlesByValue(_ store: JSONRecordStore) -> Bool {
        guard !store.titleKey.isEmpty else { return false }
        let kind = FieldOrder.sampledKind(store: store, key: store.titleKey)
        return kind == .number || kind == .date
    }

    /// What a record of `store` sorts by under Author: its subtitle read as a person's name,
    /// last name first, or its title when it has none.
    private static func lastNameUTF8(of store: JSONRecordStore) -> (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void {
        { index, body in
            var key = lastNameFirst(store.subtitle(at: index) ?? store.title(at: index))
            key.withUTF8 { body($0) }
        }
    }

    /// Reads the title of a record of `store` for sorting, from any thread: a null or missing
    /// title sorts as "—", under # at the end.
    private static func titleUTF8(of store: JSONRecordStore) -> @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void {
        { index, body in
            store.withTitleUTF8(at: index) { title in
                title.isEmpty || JSONRecordStore.isNullText(title) && store.lacksTitle(at: index)
                    ? Self.missingTitleUTF8.withUnsafeBufferPointer(body) : body(title)
            }
        }
    }

    /// The table's sections over `sectionStarts`: the collation's letters (every letter in
    /// the index, unless `isSearch`), or `titles`.
    static func sections(collation: Collation, sectionStarts: [Int], titles: [String]?, indexTitles: [String]? = nil, isSearch: Bool) -> CollatedSections {
        if let titles { return CollatedSections(sectionTitles: titles, indexTitles: indexTitles, sectionStarts: sectionStarts) }
        return CollatedSections(collation: collation, sectionStarts: sectionStarts, indexTitles: isSearch ? .visibleSections : .all(.nextAvailable))
    }

    /// The records of `store` before they are sectioned and sorted: the table shows none of
    /// them yet (``isSorted`` is false).
    init(unsortedStore store: JSONRecordStore, collation: Collation = .english) {
        self.store = store
        self.collation = collation
        sortOrder = .title
        sectionTitles = nil
        indexTitles = nil
        order = CollatedOrder.build(count: 0, collation: collation) { _, _ in }
        sections = CollatedSections(collation: collation, sectionStarts: order.sectionStarts)
        restOfSort = nil
        positionsInPlace = 0
    }

    var count: Int { store.count }

    /// Whether every record has its place in collation order (false while a load sorts).
    var isSorted: Bool { order.count == store.count }

    /// The key the records are sorted by, in words: `title`, or `author (last name)`.
    var sortKeyDescription: String {
        switch sortOrder {
        case .title: return store.titleKey
        case .subtitleLastName: return (store.subtitleKey ?? store.titleKey) + " (last name)"
        case .field(let key): return key
        }
    }

    /// What a record without a title (null or missing) shows, and sorts by.
    static let missingTitle = FieldOrder.missingTitle
    private static let missingTitleUTF8 = Array(missingTitle.utf8)

    /// Record `record`'s title as a row shows it: "—" when it is null, missing or empty.
    func shownTitle(at record: RecordIndex) -> String {
        let title = store.title(at: record, maximumBytes: JSONRecordStore.rowTextBytes)
        return title.isEmpty || title == "null" && store.lacksTitle(at: record.rawValue) ? Self.missingTitle : title
    }

    /// `Jane Austen` → `Austen Jane`, `J. R. R. Tolkien` → `Tolkien J. R. R.`.
    static func lastNameFirst(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard let last = words.last, words.count > 1 else { return name }
        return ([last] + words.dropLast()).joined(separator: " ")
    }
}

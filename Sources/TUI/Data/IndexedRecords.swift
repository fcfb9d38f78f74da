import Foundation
import TableKit

/// Loaded records in collation order: sections A–Z and `#`, rows sorted within them, as the
/// table shows them. Only the non-empty sections are shown; the index keeps all 27 titles and
/// maps a letter with no records to the nearest section after it.
final class IndexedRecords: @unchecked Sendable {
    let store: JSONRecordStore
    let order: CollatedOrder
    let collation: Collation
    /// How the sorted records map onto the table's sections.
    let sections: CollatedSections

    init(store: JSONRecordStore, collation: Collation = .english) {
        self.store = store
        self.collation = collation
        let order = CollatedOrder.build(count: store.count, collation: collation) { index, body in
            store.withTitleUTF8(at: index, body)
        }
        self.order = order
        sections = CollatedSections(collation: collation, sectionStarts: order.sectionStarts)
    }

    /// The records of `store` before they are sectioned and sorted: the table shows none of
    /// them yet (``isSorted`` is false).
    init(unsortedStore store: JSONRecordStore, collation: Collation = .english) {
        self.store = store
        self.collation = collation
        order = CollatedOrder.build(count: 0, collation: collation) { _, _ in }
        sections = CollatedSections(collation: collation, sectionStarts: order.sectionStarts)
    }

    var count: Int { store.count }

    /// Whether every record has its place in collation order (false while a load sorts).
    var isSorted: Bool { order.count == store.count }
}

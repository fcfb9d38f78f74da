import Foundation
import TableKit

/// Loaded records in collation order: sections A–Z and `#`, rows sorted within them, as the
/// table shows them. Only the non-empty sections are shown; the index keeps all 27 titles and
/// maps a letter with no records to the nearest section after it.
final class IndexedRecords: @unchecked Sendable {
    let store: JSONRecordStore
    let order: CollatedOrder
    let collation: Collation
    /// The collation sections that have records, in order: table section → collation section.
    let visibleSections: [Int]

    init(store: JSONRecordStore, collation: Collation = .english) {
        self.store = store
        self.collation = collation
        let order = CollatedOrder.build(count: store.count, collation: collation) { index, body in
            store.withTitleUTF8(at: index, body)
        }
        self.order = order
        visibleSections = collation.sectionTitles.indices.filter { order.rows(inSection: $0) > 0 }
    }

    /// The records of `store` before they are sectioned and sorted: the table shows none of
    /// them yet (``isSorted`` is false).
    init(unsortedStore store: JSONRecordStore, collation: Collation = .english) {
        self.store = store
        self.collation = collation
        order = CollatedOrder.build(count: 0, collation: collation) { _, _ in }
        visibleSections = []
    }

    var count: Int { store.count }

    /// Whether every record has its place in collation order (false while a load sorts).
    var isSorted: Bool { order.count == store.count }

    /// The record shown at `indexPath`.
    func recordIndex(at indexPath: IndexPath) -> Int? {
        guard visibleSections.indices.contains(indexPath.section) else { return nil }
        let section = visibleSections[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < order.rows(inSection: section) else { return nil }
        return order.record(section: section, row: indexPath.row)
    }
}

/// The table's view of ``IndexedRecords``: title and subtitle per row, a disclosure chevron,
/// section headers A–Z and `#`, and the full A–Z `#` index.
struct RecordsDataSource: TableViewDataSource {
    let records: IndexedRecords

    func numberOfSections() -> Int { records.visibleSections.count }

    func numberOfRows(inSection section: Int) -> Int {
        guard records.visibleSections.indices.contains(section) else { return 0 }
        return records.order.rows(inSection: records.visibleSections[section])
    }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        guard let record = records.recordIndex(at: indexPath) else { return TableViewCell(text: "") }
        return Self.cell(forRecord: record, in: records)
    }

    /// The cell of one record, shared by the full and the filtered lists.
    static func cell(forRecord record: Int, in records: IndexedRecords) -> TableViewCell {
        let subtitle = records.store.subtitle(at: record)
        return TableViewCell(
            style: subtitle == nil ? .default : .subtitle,
            text: records.store.title(at: record),
            detailText: subtitle,
            accessory: .disclosureIndicator
        )
    }

    func titleForHeader(inSection section: Int) -> String? {
        guard records.visibleSections.indices.contains(section) else { return nil }
        return records.collation.sectionTitles[records.visibleSections[section]]
    }

    func sectionIndexTitles() -> [String]? {
        records.visibleSections.isEmpty ? nil : records.collation.sectionIndexTitles
    }

    func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        records.collation.section(forSectionIndexTitleAt: index, availableSections: records.visibleSections)
    }
}

import Foundation
import TableKit

/// The table's view of the records that match a search: the same cells, headers and order as
/// ``RecordsDataSource``, with only the sections that have matches, and an index of just their
/// titles. Index paths are those of the filtered list.
///
/// Without a search query (every record, or every record but the hidden ones) the index keeps
/// all titles, as ``RecordsDataSource`` does: the list still reads as the whole list.
struct FilteredRecordsDataSource: TableViewDataSource {
    /// The records filtered.
    let records: IndexedRecords
    /// The matches shown.
    let result: FilterResult
    /// The collation sections with matches, in order: table section → collation section.
    let visibleSections: [Int]

    /// A data source showing `result`, which must come from a filter over `records`.
    init(records: IndexedRecords, result: FilterResult) {
        self.records = records
        self.result = result
        visibleSections = result.nonEmptySections
    }

    /// Whether nothing matches (the table shows "No Results").
    var isEmpty: Bool { result.isEmpty }

    /// The record (an index into the store) shown at `indexPath`, or nil outside the list.
    func recordIndex(at indexPath: IndexPath) -> Int? {
        guard visibleSections.indices.contains(indexPath.section) else { return nil }
        let section = visibleSections[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < result.rows(inSection: section) else { return nil }
        let position = result.position(at: result.sectionStarts[section] + indexPath.row)
        guard position >= 0, position < records.order.count else { return nil }
        return Int(records.order.order[position])
    }

    func numberOfSections() -> Int { visibleSections.count }

    func numberOfRows(inSection section: Int) -> Int {
        guard visibleSections.indices.contains(section) else { return 0 }
        return result.rows(inSection: visibleSections[section])
    }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        guard let record = recordIndex(at: indexPath) else { return TableViewCell(text: "") }
        return RecordsDataSource.cell(forRecord: record, in: records)
    }

    func titleForHeader(inSection section: Int) -> String? {
        guard visibleSections.indices.contains(section) else { return nil }
        return records.collation.sectionTitles[visibleSections[section]]
    }

    func sectionIndexTitles() -> [String]? {
        guard !result.isEmpty else { return nil }
        if !result.isSearch { return records.collation.sectionIndexTitles }
        return visibleSections.map { records.collation.sectionTitles[$0] }
    }

    func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        if !result.isSearch {
            return records.collation.section(forSectionIndexTitleAt: index, availableSections: visibleSections)
        }
        return max(0, min(index, visibleSections.count - 1))
    }
}

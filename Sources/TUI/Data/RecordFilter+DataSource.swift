import Foundation
import TableKit

/// The table's view of the records shown — every record, or a search's matches, less any
/// hidden ones: title and subtitle per row, a disclosure chevron, section headers A–Z and `#`.
///
/// Without a search query the index keeps all 27 titles (a letter without records jumps to
/// the nearest section after it): the list still reads as the whole list. With a query it
/// lists only the sections that have matches. Index paths are those of the list shown.
struct RecordsDataSource: CollatedDataSource {
    /// The records.
    let records: IndexedRecords
    /// What is shown of them.
    let result: FilterResult
    /// How the records shown map onto the table's sections.
    let sections: CollatedSections
    /// Whether each row has `[✎]`, which edits its record, in place of the chevron.
    let isEditable: Bool
    /// The columns each row shows (the title, then ``columnKeys``' values), or nil for the
    /// title and subtitle.
    var columns: ColumnLayout?
    /// The fields of the columns after the title.
    var columnKeys: [[UInt8]] = []

    /// A data source showing `result`, which must come from a filter over `records`; every
    /// record by default.
    init(records: IndexedRecords, result: FilterResult? = nil, isEditable: Bool = false) {
        let result = result ?? .all(records.order)
        self.records = records
        self.isEditable = isEditable
        self.result = result
        sections = IndexedRecords.sections(collation: records.collation, sectionStarts: result.sectionStarts,
                                           titles: records.sectionTitles, isSearch: result.isSearch)
    }

    /// The position in `records.order` of the row at `indexPath`; nil outside the list.
    func position(at indexPath: IndexPath) -> Int? {
        guard let index = sections.index(of: indexPath) else { return nil }
        let position = result.position(at: index)
        return position >= 0 && position < records.order.count ? position : nil
    }

    /// The record (an index into the store) shown at `indexPath`; nil outside the list.
    func recordIndex(at indexPath: IndexPath) -> Int? {
        position(at: indexPath).map { Int(records.order.order[$0]) }
    }

    /// The row's accessory.
    var accessory: Accessory { isEditable ? .button("[✎]") : .disclosureIndicator }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        guard let record = recordIndex(at: indexPath) else { return TableViewCell(text: "") }
        if let columns {
            let values = [records.shownTitle(at: record)] + columnKeys.map { FieldOrder.fieldText(store: records.store, record: record, key: $0) }
            return TableViewCell(columns: columns, values: values, accessory: accessory)
        }
        // Sorted by a field: the field's value stands under the title.
        var subtitle = records.store.subtitle(at: record, maximumBytes: JSONRecordStore.rowTextBytes)
        if case .field(let key) = records.sortOrder, key != records.store.titleKey {
            subtitle = key + ": " + FieldOrder.fieldText(store: records.store, record: record, key: Array(key.utf8))
        }
        return TableViewCell(
            style: subtitle == nil ? .default : .subtitle,
            text: records.shownTitle(at: record),
            detailText: subtitle,
            accessory: accessory
        )
    }
}

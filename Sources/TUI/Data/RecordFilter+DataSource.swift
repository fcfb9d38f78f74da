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
    /// Records a save running in the background changes, by index, with what their rows say
    /// meanwhile ("Saving…", "Deleting…"), before the title's line's subtitle.
    var savingRecords: [Int: String] = [:]
    /// In editing mode, the title of the ⊕ row after the records ("Add Book…"), alone in a
    /// last section that is not checked; nil: no such row. The records' index paths are the
    /// same with it and without it.
    var addRowTitle: String?

    /// A data source showing `result`, which must come from a filter over `records`; every
    /// record by default.
    init(records: IndexedRecords, result: FilterResult? = nil, isEditable: Bool = false) {
        let result = result ?? .all(records.order)
        self.records = records
        self.isEditable = isEditable
        self.result = result
        sections = IndexedRecords.sections(collation: records.collation, sectionStarts: result.sectionStarts,
                                           titles: records.sectionTitles, indexTitles: records.indexTitles, isSearch: result.isSearch)
    }

    // The conversions between the coordinate systems (RecordCoordinates.swift), for the list
    // shown: index path ⇄ result index ⇄ order position ⇄ record.

    /// The place among the records shown of the row at `indexPath`; nil outside the list.
    func resultIndex(at indexPath: IndexPath) -> ResultIndex? {
        guard let index = sections.index(of: indexPath).map(ResultIndex.init), result.contains(index) else { return nil }
        return index
    }

    /// The row of the `index`-th record shown; nil outside the list.
    func indexPath(of index: ResultIndex) -> IndexPath? {
        sections.indexPath(ofIndex: index.rawValue)
    }

    /// The position in the sorted order of the row at `indexPath`; nil outside the list.
    func position(at indexPath: IndexPath) -> OrderPosition? {
        guard let index = resultIndex(at: indexPath) else { return nil }
        let position = result.position(at: index)
        return records.contains(position) ? position : nil
    }

    /// The record shown at `indexPath`; nil outside the list.
    func recordIndex(at indexPath: IndexPath) -> RecordIndex? {
        position(at: indexPath).map(records.record(at:))
    }

    /// The row showing `record`; nil when the list does not show it (hidden, or not found by
    /// the search).
    ///
    /// - Complexity: O(n) (``IndexedRecords/position(of:)``).
    func indexPath(of record: RecordIndex) -> IndexPath? {
        records.position(of: record).flatMap(result.index(of:)).flatMap(indexPath(of:))
    }

    /// The row's accessory.
    var accessory: Accessory { isEditable ? .button("[✎]") : .disclosureIndicator }

    // The ⊕ row: one more section, past the collation's.

    /// Whether `indexPath` is the ⊕ row (``addRowTitle``).
    func isAddRow(_ indexPath: IndexPath) -> Bool {
        addRowTitle != nil && indexPath.section == sections.numberOfSections && indexPath.row == 0
    }

    func numberOfSections() -> Int { sections.numberOfSections + (addRowTitle == nil ? 0 : 1) }

    func numberOfRows(inSection section: Int) -> Int {
        section == sections.numberOfSections ? (addRowTitle == nil ? 0 : 1) : sections.numberOfRows(inSection: section)
    }

    func titleForHeader(inSection section: Int) -> String? {
        section == sections.numberOfSections ? nil : sections.titleForHeader(inSection: section)
    }

    /// The ⊕ row is not checked with the records.
    func selectionMode(forSection section: Int) -> SelectionMode? {
        section == sections.numberOfSections && addRowTitle != nil ? SelectionMode.none : nil
    }

    /// Only the ⊕ row has a control of its own (the records are checked).
    func canEditRow(at indexPath: IndexPath) -> Bool { isAddRow(indexPath) }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        if isAddRow(indexPath), let addRowTitle { return TableViewCell(text: addRowTitle) }
        guard let record = recordIndex(at: indexPath) else { return TableViewCell(text: "") }
        let mark = savingRecords[record.rawValue]
        if let columns {
            let title = mark.map { "\($0) " } ?? ""
            let values = [title + records.shownTitle(at: record)] + columnKeys.map { FieldOrder.fieldText(store: records.store, record: record, key: $0) }
            return TableViewCell(columns: columns, values: values, accessory: accessory)
        }
        // Sorted by a field: the field's value stands under the title.
        var subtitle = records.store.subtitle(at: record, maximumBytes: JSONRecordStore.rowTextBytes)
        if case .field(let key) = records.sortOrder, key != records.store.titleKey {
            subtitle = key + ": " + FieldOrder.fieldText(store: records.store, record: record, key: Array(key.utf8))
        }
        if let mark { subtitle = subtitle.map { "\(mark) \($0)" } ?? mark }
        return TableViewCell(
            style: subtitle == nil ? .default : .subtitle,
            text: records.shownTitle(at: record),
            detailText: subtitle,
            accessory: accessory
        )
    }
}

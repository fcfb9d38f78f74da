import Foundation
import TableKit

/// Which fields a record list shows: as columns beside the title (c), with their header;
/// and which a record's detail leaves out (Settings).
@MainActor
struct RecordFields {
    /// The fields a record's detail leaves out (keys, lowercased).
    var hiddenInDetail: Set<String> = []
    /// Whether the list shows columns, and which fields.
    private(set) var columnsChoice = ColumnsChoice()
    /// The layout of the columns, worked out from the records when the choice changes; nil
    /// when the rows show a title and a subtitle.
    var columnLayout: ColumnLayout?

    /// Shows columns as `choice` says, their widths from `store`'s records.
    mutating func showColumns(_ choice: ColumnsChoice, of store: JSONRecordStore) {
        columnsChoice = choice
        columnLayout = choice.isOn && !choice.fields.isEmpty ? Self.columnLayout(for: choice.fields, of: store) : nil
    }

    /// Works the columns' widths out again for new records.
    mutating func relayout(for store: JSONRecordStore) {
        if columnLayout != nil { columnLayout = Self.columnLayout(for: columnsChoice.fields, of: store) }
    }

    /// The height of the column header over the rows: one line when there are columns.
    var headerHeight: Int { columnLayout == nil ? 0 : 1 }

    /// Makes `source`'s rows show the columns, if there are any.
    func apply(to source: inout RecordsDataSource) {
        guard let columnLayout else { return }
        source.columns = columnLayout
        source.columnKeys = columnsChoice.fields.map { Array($0.utf8) }
    }

    /// Columns for `fields`: each as wide as its widest value among up to 200 records spread
    /// across the store (its title at least, 24 at most), right-aligned when most are numbers.
    static func columnLayout(for fields: [String], of store: JSONRecordStore) -> ColumnLayout {
        let stride = max(1, store.count / 200)
        let sample = Swift.stride(from: 0, to: store.count, by: stride).map(RecordIndex.init)
        let columns = fields.map { field -> ColumnLayout.Column in
            let key = Array(field.utf8)
            let values = sample.map { FieldOrder.fieldText(store: store, record: $0, key: key) }
            let widest = values.map(\.displayWidth).max() ?? 0
            let numbers = values.filter { Double($0) != nil }.count
            return ColumnLayout.Column(title: field, width: min(24, max(field.displayWidth, widest, 1)),
                                       alignment: numbers * 2 > values.count ? .right : .left)
        }
        let titleKey = store.titleKey
        return ColumnLayout(columns: [ColumnLayout.Column(title: titleKey.isEmpty ? "Title" : titleKey, width: 12)] + columns)
    }
}

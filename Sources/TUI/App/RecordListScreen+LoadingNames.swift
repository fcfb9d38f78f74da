import Foundation
import TableKit

/// The names by which the loading machinery (RecordListScreen+Loading.swift and DataOptions,
/// being rebuilt on events) reads and resets the parts' state, as it did when the list kept
/// that state itself. Setting one shows the result at once, as before. Once loading speaks
/// to the parts, these go.
extension RecordListScreen {
    var reload: Load? {
        get { source.reload }
        set { source.reload = newValue }
    }

    var loadArray: ((String) -> Load)? {
        get { source.loadArray }
        set { source.loadArray = newValue }
    }

    var chosenSortOrder: IndexedRecords.SortOrder {
        get { sorting.chosenOrder }
        set { sorting.chosenOrder = newValue }
    }

    var columnsChoice: ColumnsChoice { fields.columnsChoice }

    var columnLayout: ColumnLayout? {
        get { fields.columnLayout }
        set { fields.columnLayout = newValue }
    }

    /// `titleKey` is `store`'s, as it always was.
    static func columnLayout(for fields: [String], titleKey: String, store: JSONRecordStore) -> ColumnLayout {
        RecordFields.columnLayout(for: fields, of: store)
    }

    var filters: [FilterHaystack.Scope: RecordFilter] {
        get { searching.filters }
        set { searching.filters = newValue }
    }

    var filterResult: FilterResult? {
        get { shown.searchResult }
        set {
            shown.searchResult = newValue
            updateShownResult()
        }
    }

    var hiddenPositions: [Int32] {
        get { shown.hiddenPositions }
        set {
            shown.hiddenPositions = newValue
            updateShownResult()
        }
    }
}

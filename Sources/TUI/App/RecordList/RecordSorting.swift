import Foundation
import TableKit

/// A record list's order: the one chosen (in Settings, the bar's Title | Author, or Sort),
/// and the fields the Sort By screen offers.
@MainActor
struct RecordSorting {
    /// Lists of this many records or more are sorted in the background, behind the progress
    /// sheet after half a second; shorter ones at once.
    static let backgroundSortMinimum = 50_000

    /// The order chosen. A first load still sorting in the background takes it when it
    /// arrives, as a reload does.
    var chosenOrder = IndexedRecords.SortOrder.title
    /// Told when a person chooses Title or Author in the bar: the app saves the choice (as
    /// Settings' Sort Books By) and applies it back through the list's `setSortOrder`.
    var onSortOrderChosen: (IndexedRecords.SortOrder) -> Void = { _ in }

    /// The bar's segment (Title | Author) that shows `order`; nil for a field.
    static func segment(of order: IndexedRecords.SortOrder) -> Int? {
        switch order {
        case .title: return 0
        case .subtitleLastName: return 1
        case .field: return nil
        }
    }

    /// The order the bar's segment `index` chooses.
    static func order(ofSegment index: Int) -> IndexedRecords.SortOrder {
        index == 0 ? .title : .subtitleLastName
    }

    /// The order of sorting by `key`: the title key sorts by title.
    static func order(byField key: String, of store: JSONRecordStore) -> IndexedRecords.SortOrder {
        key == store.titleKey ? .title : .field(key)
    }

    /// The fields to sort by: the title first, then every key of the records (from 200 spread
    /// across the file).
    static func fields(of store: JSONRecordStore) -> [String] {
        let titleKey = store.titleKey
        var keys = store.sampledKeys()
        keys.removeAll { $0 == titleKey }
        if !titleKey.isEmpty { keys.insert(titleKey, at: 0) }
        return keys
    }

    /// The field the list is sorted by now: the title's key, or the subtitle's under Author.
    static func currentField(of records: IndexedRecords) -> String {
        let titleKey = records.store.titleKey
        switch records.sortOrder {
        case .title: return titleKey
        case .subtitleLastName: return records.store.subtitleKey ?? titleKey
        case .field(let key): return key
        }
    }
}

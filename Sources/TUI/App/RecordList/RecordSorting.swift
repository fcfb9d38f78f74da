import Foundation
import TableKit

/// A record list's order: the one chosen (in Settings, the bar's Title | Author, or Sort),
/// and the Sort By sheet of the fields to sort by.
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

    /// The action sheet of the fields to sort by: the title first, then every key of the
    /// records (from 200 spread across the file), the current one marked "(current)";
    /// choosing one calls `sort` with its key.
    static func sheet(for records: IndexedRecords, sort: @escaping (String) -> Void) -> AlertController {
        var alert = Alert(title: "Sort By", message: "Numbers, dates and true/false sort by value; nulls come last.", style: .actionSheet)
        let titleKey = records.store.titleKey
        let current: String
        switch records.sortOrder {
        case .title: current = titleKey
        case .subtitleLastName: current = records.store.subtitleKey ?? titleKey
        case .field(let key): current = key
        }
        var keys = records.store.sampledKeys()
        keys.removeAll { $0 == titleKey }
        if !titleKey.isEmpty { keys.insert(titleKey, at: 0) }
        for key in keys.prefix(20) {
            // Plain words, not a ✓: an ASCII terminal shows them as they are.
            let notes = (key == titleKey ? ["title"] : []) + (key == current ? ["current"] : [])
            let shown = ControlEscaping.escaped(key) + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            alert.addAction(AlertAction(title: shown) { sort(key) })
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        return AlertController(alert: alert)
    }
}

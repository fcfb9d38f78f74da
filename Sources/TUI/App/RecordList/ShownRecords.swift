import Foundation
import TableKit

/// What a record list shows of its records: a search's result, or every record, less the
/// records hidden this session (Hide from List) — or nothing while the list is turned off.
@MainActor
struct ShownRecords {
    /// Whether the list is turned on in Settings; off, it says so instead of its rows.
    var isOn = true
    /// The search's result on display; nil without a search.
    var searchResult: FilterResult?
    /// The records hidden this session, as ascending positions in the sorted order (plain
    /// Int32s: ``FilterResult/excluding(_:order:)`` walks them beside a million positions).
    var hiddenPositions: [Int32] = []
    /// What the table shows, as ``update(order:)`` last worked it out.
    private(set) var result: FilterResult

    init(order: CollatedOrder) {
        result = .all(order)
    }

    /// Works out ``result`` again from the search's result and the hidden records.
    ///
    /// - Complexity: O(records shown) when records are hidden, else O(1).
    mutating func update(order: CollatedOrder) {
        result = (searchResult ?? .all(order)).excluding(hiddenPositions, order: order)
    }

    /// Hides the record at `position`; false when it is hidden already. Call
    /// ``update(order:)`` after.
    mutating func hide(_ position: OrderPosition) -> Bool {
        let insertion = hiddenPositions.firstIndex { Int($0) >= position.rawValue } ?? hiddenPositions.count
        guard insertion == hiddenPositions.count || Int(hiddenPositions[insertion]) != position.rawValue else { return false }
        hiddenPositions.insert(Int32(position.rawValue), at: insertion)
        return true
    }

    /// Whether a search query narrows the records shown (the tab's badge counts them).
    var isSearch: Bool { searchResult?.isSearch == true }
}

import Foundation
import TableKit

/// The records that match a search, as positions in collation order.
///
/// A record matches when its title or its subtitle contains the query, ignoring case, accents
/// and width, with letters spelled out as the collation spells them (`elan` finds `Élan`,
/// `strasse` finds `Straße`, `odegaard` finds `Ødegaard`).
struct FilterResult: Sendable, Equatable {
    /// The query as typed.
    var query: String
    /// The folded query the records were matched against; empty for no filter.
    let key: [UInt8]
    /// The matching positions in `CollatedOrder.order`, ascending; nil when every record is
    /// shown (an empty query).
    let matches: [Int32]?
    /// Where each collation section starts among the matches, plus the end (one more entry
    /// than sections), like `CollatedOrder.sectionStarts`.
    let sectionStarts: [Int]

    /// No filter: every record of `order`.
    static func all(_ order: CollatedOrder, query: String = "") -> FilterResult {
        FilterResult(query: query, key: [], matches: nil, sectionStarts: order.sectionStarts)
    }

    /// The matches of `key` among `order`, sectioned like it.
    init(query: String, key: [UInt8], matches: [Int32], order: CollatedOrder) {
        var starts = [Int](repeating: 0, count: order.sectionStarts.count)
        var low = 0
        for (section, start) in order.sectionStarts.enumerated() {
            low = Self.firstIndex(atOrAfter: start, in: matches, from: low)
            starts[section] = low
        }
        if let last = starts.indices.last { starts[last] = matches.count }
        self.init(query: query, key: key, matches: matches, sectionStarts: starts)
    }

    private init(query: String, key: [UInt8], matches: [Int32]?, sectionStarts: [Int]) {
        self.query = query
        self.key = key
        self.matches = matches
        self.sectionStarts = sectionStarts
    }

    /// Whether this is no filter at all (every record shown).
    var isUnfiltered: Bool { matches == nil }

    /// The number of records shown.
    var count: Int { sectionStarts.last ?? 0 }

    /// Whether no record matches (the table shows "No Results").
    var isEmpty: Bool { count == 0 }

    /// This result without the records at `hidden` (ascending positions in `order.order`),
    /// sectioned like `order`. The query is kept, so a result with hidden records but no
    /// query still reads as "no search" (``isSearch``).
    func excluding(_ hidden: [Int32], order: CollatedOrder) -> FilterResult {
        guard !hidden.isEmpty else { return self }
        var kept: [Int32] = []
        kept.reserveCapacity(count)
        var nextHidden = 0
        func keep(_ position: Int32) {
            while nextHidden < hidden.count, hidden[nextHidden] < position { nextHidden += 1 }
            if nextHidden == hidden.count || hidden[nextHidden] != position { kept.append(position) }
        }
        if let matches {
            for position in matches { keep(position) }
        } else {
            for position in 0 ..< Int32(order.count) { keep(position) }
        }
        return FilterResult(query: query, key: key, matches: kept, order: order)
    }

    /// Whether a search query narrows the records (rather than no query, with or without
    /// hidden records).
    var isSearch: Bool { !key.isEmpty }

    /// The index among the records shown of the first one at or after `position`; ``count``
    /// when there is none.
    func index(atOrAfter position: OrderPosition) -> ResultIndex {
        guard let matches else { return ResultIndex(min(max(0, position.rawValue), count)) }
        return ResultIndex(Self.firstIndex(atOrAfter: position.rawValue, in: matches, from: 0))
    }

    /// The index among the records shown of the one at `position`; nil when it is not shown.
    func index(of position: OrderPosition) -> ResultIndex? {
        let index = index(atOrAfter: position)
        return index.rawValue < count && self.position(at: index) == position ? index : nil
    }

    /// Binary search in ascending `matches`, from index `start`.
    private static func firstIndex(atOrAfter position: Int, in matches: [Int32], from start: Int) -> Int {
        var low = start, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if Int(matches[mid]) < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The position in the sorted order of the `index`-th record shown.
    ///
    /// - Precondition: `index` is in `0 ..< count`.
    func position(at index: ResultIndex) -> OrderPosition {
        guard let matches else { return OrderPosition(index.rawValue) }
        return OrderPosition(Int(matches[index.rawValue]))
    }

    /// Whether `index` is one of the records shown.
    func contains(_ index: ResultIndex) -> Bool { index.rawValue >= 0 && index.rawValue < count }
}

import Foundation

// A record of a list is found through four coordinate systems, outermost first:
//
//   IndexPath      the table's section and row (Foundation's; TableKit's sections map it)
//   ResultIndex    the record's place among those shown: a search's matches less the hidden
//                  records, counted across sections (``RecordsDataSource/resultIndex(at:)``)
//   OrderPosition  the record's place in the sorted order, `CollatedOrder.order`
//                  (``FilterResult/position(at:)``)
//   RecordIndex    the record itself, its index in the ``JSONRecordStore`` (file order)
//                  (``IndexedRecords/record(at:)``)
//
// Without a search or hidden records a result index equals its order position, and before a
// sort an order position may equal its record index: bare Ints mixed up go unnoticed until
// a search or a sort. Each system has its own type, so a conversion can only be skipped on
// purpose. The types guard the boundaries; the loops inside (sorting, filtering, hidden
// records) keep plain Int32 arrays.

/// An index in one of the record coordinate systems: an Int that only compares, counts and
/// steps with indexes of its own system.
protocol RecordCoordinate: Hashable, Strideable, Sendable, CustomStringConvertible where Stride == Int {
    var rawValue: Int { get }
    init(_ rawValue: Int)
}

extension RecordCoordinate {
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    func distance(to other: Self) -> Int { other.rawValue - rawValue }
    func advanced(by n: Int) -> Self { Self(rawValue + n) }
    var description: String { String(rawValue) }
}

/// A record's place among the records a list shows (a search's matches, less the hidden
/// ones), counted from the top across sections: what a detail screen's "n of N" counts.
struct ResultIndex: RecordCoordinate {
    var rawValue: Int
    init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// A record's place in the sorted order (an index into `CollatedOrder.order`).
struct OrderPosition: RecordCoordinate {
    var rawValue: Int
    init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// A record of a ``JSONRecordStore``: its index in the file's order.
struct RecordIndex: RecordCoordinate {
    var rawValue: Int
    init(_ rawValue: Int) { self.rawValue = rawValue }
}

extension IndexedRecords {
    /// The record at `position` of the sorted order.
    ///
    /// - Precondition: `position` is in the order (`0 ..< order.count`).
    func record(at position: OrderPosition) -> RecordIndex {
        RecordIndex(Int(order.order[position.rawValue]))
    }

    /// Where `record` is in the sorted order; nil before the sort has placed it.
    ///
    /// - Complexity: O(n): a search of the order (a save or a new order, not a key).
    func position(of record: RecordIndex) -> OrderPosition? {
        let wanted = Int32(truncatingIfNeeded: record.rawValue)
        return order.order.firstIndex(of: wanted).map(OrderPosition.init)
    }

    /// Whether `position` is a place in the sorted order.
    func contains(_ position: OrderPosition) -> Bool {
        position.rawValue >= 0 && position.rawValue < order.count
    }
}

/// The store's reads that screens make, by a record's index.
extension JSONRecordStore {
    func title(at record: RecordIndex) -> String { title(at: record.rawValue) }
    func title(at record: RecordIndex, maximumBytes: Int) -> String { title(at: record.rawValue, maximumBytes: maximumBytes) }
    func subtitle(at record: RecordIndex) -> String? { subtitle(at: record.rawValue) }
    func subtitle(at record: RecordIndex, maximumBytes: Int) -> String? { subtitle(at: record.rawValue, maximumBytes: maximumBytes) }
    func members(at record: RecordIndex) -> [RecordMember] { members(at: record.rawValue) }
    func members(at record: RecordIndex, valuePrefix: Int) -> [RecordMember] { members(at: record.rawValue, valuePrefix: valuePrefix) }
    func rawBytes(at record: RecordIndex) -> [UInt8] { rawBytes(at: record.rawValue) }
}

extension FieldOrder {
    /// The value of `key` in record `record` as a column shows it.
    static func fieldText(store: JSONRecordStore, record: RecordIndex, key: [UInt8]) -> String {
        fieldText(store: store, record: record.rawValue, key: key)
    }
}

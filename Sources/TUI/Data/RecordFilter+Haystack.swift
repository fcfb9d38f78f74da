import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TableKit

/// Every record's title and subtitle folded for matching, in collation order, in one arena.
///
/// Position `p` (an index into `CollatedOrder.order`) owns `bytes[starts[p] ..< starts[p + 1]]`:
/// a record separator (0x1E), the folded title, then — when the record has a subtitle — a unit
/// separator (0x1F) and the folded subtitle. Folding is the collation's sort-key folding
/// (``Collation/appendSortKey(utf8:to:)`` without its section byte): lowercase, accents and
/// width removed, `ß` → `ss`, `æ` → `ae`, `ø` → `o`, leading whitespace dropped. A match may not
/// cross from one record into the next, so one `memmem` can scan many records at once.
///
/// With the ``Scope/allFields`` scope, every value of the record follows, each behind a unit
/// separator: strings unescaped and numbers as written, at any depth; keys, `true`, `false`
/// and `null` are left out.
///
/// Immutable after ``build(records:scope:progress:)``; shared between threads.
final class FilterHaystack: Sendable {
    /// What of each record is searched: UISearchBar's scope buttons.
    enum Scope: Int, Sendable, CaseIterable {
        /// The title and the subtitle.
        case titles
        /// Every value of the record, at any depth.
        case allFields

        /// The scope bar's titles, in order.
        static let buttonTitles = ["Title", "All Fields"]
    }

    /// The folded bytes of all records, position by position.
    let bytes: [UInt8]
    /// Where each position's bytes start (at its 0x1E), plus the end: `count + 1` entries.
    let starts: [Int]

    /// The byte that starts each record's bytes.
    static let recordSeparator: UInt8 = 0x1E
    /// The byte between a record's folded title and its folded subtitle.
    static let fieldSeparator: UInt8 = 0x1F

    private init(bytes: [UInt8], starts: [Int]) {
        self.bytes = bytes
        self.starts = starts
    }

    /// The number of positions (records).
    var count: Int { starts.count - 1 }

    /// The heap memory the haystack holds, in bytes.
    var memoryBytes: Int { bytes.capacity + starts.capacity * MemoryLayout<Int>.stride }

    /// Folds every record of `records`, in collation order, on two threads for large sets;
    /// `progress` is called now and then with the fraction done (0…1), from any thread.
    static func build(records: IndexedRecords, scope: Scope = .titles, progress: @escaping @Sendable (Double) -> Void = { _ in }) -> FilterHaystack {
        let count = records.order.count
        let workers = count >= 100_000 ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        let bounds = (0...workers).map { count * $0 / max(workers, 1) }
        let parts = UnsafeMutableBufferPointer<(bytes: [UInt8], starts: [Int])>.allocate(capacity: workers)
        parts.initialize(repeating: ([], []))
        defer { parts.deinitialize().deallocate() }
        let shared = PartSlots(slots: parts)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let report: (@Sendable (Double) -> Void)? = worker == 0 ? progress : nil
            shared.slots[worker] = Self.foldRecords(records, scope: scope, positions: bounds[worker] ..< bounds[worker + 1], progress: report)
        }
        guard workers > 1 else {
            var starts = parts[0].starts
            starts.append(parts[0].bytes.count)
            return FilterHaystack(bytes: parts[0].bytes, starts: starts)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        for index in parts.indices {
            let shift = bytes.count
            bytes.append(contentsOf: parts[index].bytes)
            starts.append(contentsOf: parts[index].starts.lazy.map { $0 + shift })
            parts[index] = ([], [])
        }
        starts.append(bytes.count)
        progress(1)
        return FilterHaystack(bytes: bytes, starts: starts)
    }

    /// The folded bytes and starts of the records at `positions` of the collated order.
    private static func foldRecords(
        _ records: IndexedRecords, scope: Scope, positions: Range<Int>, progress: (@Sendable (Double) -> Void)?
    ) -> (bytes: [UInt8], starts: [Int]) {
        let store = records.store, collation = records.collation
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(positions.count)
        // Room for the sampled average, grown by doubling only if the sample misled.
        let sample = positions.prefix(256)
        var sampled = 0
        for position in sample {
            let record = Int(records.order.order[position])
            sampled += store.withTitleUTF8(at: record) { $0.count } + 2
            sampled += store.withSubtitleUTF8(at: record) { $0.count } ?? 0
            if scope == .allFields { sampled += store.withRawUTF8(at: record) { $0.count } }
        }
        bytes.reserveCapacity(sampled * positions.count / max(sample.count, 1) * 9 / 8 + 64)
        for position in positions {
            starts.append(bytes.count)
            appendFolded(record: Int(records.order.order[position]), of: store, scope: scope, collation: collation, to: &bytes)
            if let progress, (position - positions.lowerBound) & 0xFFFF == 0xFFFF {
                progress(Double(position - positions.lowerBound) / Double(positions.count))
            }
        }
        return (bytes, starts)
    }

    /// Appends what of record `record` the search matches, folded, as the haystack holds it:
    /// a record separator, the title, then a unit separator and the subtitle, and with
    /// ``Scope/allFields`` every value. The haystack and the search that runs before it is
    /// built (``RecordFilter``) both fold through here, so they match the same records.
    static func appendFolded(record: Int, of store: JSONRecordStore, scope: Scope, collation: Collation, to bytes: inout [UInt8]) {
        let start = bytes.count
        _ = store.withTitleUTF8(at: record) { collation.appendSortKey(utf8: $0, to: &bytes) }
        bytes[start] = recordSeparator
        store.withSubtitleUTF8(at: record) { subtitle in
            let mark = bytes.count
            collation.appendSortKey(utf8: subtitle, to: &bytes)
            bytes[mark] = fieldSeparator
        }
        if scope == .allFields {
            store.withRawUTF8(at: record) { appendFoldedValues(ofJSON: $0, collation: collation, to: &bytes) }
        }
    }

    /// Appends every value in `json` (one valid JSON value) folded, each behind a unit
    /// separator: strings (unescaped when they hold escapes) and numbers as written, at any
    /// depth; object keys, `true`, `false` and `null` are skipped.
    ///
    /// - Complexity: O(n) in the length of `json`.
    static func appendFoldedValues(ofJSON json: UnsafeBufferPointer<UInt8>, collation: Collation, to bytes: inout [UInt8]) {
        var index = 0
        let end = json.count
        func appendField(_ value: UnsafeBufferPointer<UInt8>) {
            guard !value.isEmpty else { return }
            let mark = bytes.count
            collation.appendSortKey(utf8: value, to: &bytes)
            if bytes.count > mark { bytes[mark] = fieldSeparator }
        }
        while index < end {
            let byte = json[index]
            if byte == UInt8(ascii: "\"") {
                let string = JSONText.string(in: json, openingAt: index)
                var next = string.body.upperBound + 1
                while next < end, JSONText.isSpace(json[next]) { next += 1 }
                // A key is followed by a colon; only values are searched.
                if next >= end || json[next] != UInt8(ascii: ":") {
                    let body = UnsafeBufferPointer(rebasing: json[string.body])
                    if string.hasEscape {
                        var text = JSONText.unescaped(body)
                        text.withUTF8 { appendField($0) }
                    } else {
                        appendField(body)
                    }
                }
                index = next
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                var stop = index + 1
                while stop < end, !JSONText.endsScalar(json[stop]) { stop += 1 }
                appendField(UnsafeBufferPointer(rebasing: json[index ..< stop]))
                index = stop
            } else {
                index += 1
            }
        }
    }

    /// The key a query is matched by: the query folded like the haystack, nil when nothing is
    /// left to match (an empty or all-whitespace query).
    static func key(for query: String, collation: Collation) -> [UInt8]? {
        let key = collation.sortKey(for: query).dropFirst()
        return key.isEmpty ? nil : Array(key)
    }

    // MARK: Matching

    /// Appends to `matches` the positions in `positions` whose bytes contain `needle`,
    /// ascending, scanning the positions' bytes with one `memmem` per match.
    func scan(_ needle: UnsafeRawBufferPointer, positions: Range<Int>, into matches: inout [Int32]) {
        guard let needleBase = needle.baseAddress, !needle.isEmpty, !positions.isEmpty else { return }
        bytes.withUnsafeBytes { hay in
            starts.withUnsafeBufferPointer { starts in
                guard let hay = hay.baseAddress, let starts = starts.baseAddress else { return }
                let last = positions.upperBound
                let end = starts[last]
                var position = positions.lowerBound
                var from = starts[position]
                while end - from >= needle.count {
                    guard let hit = findBytes(needleBase, needle.count, in: hay + from, end - from) else { return }
                    let at = from + hit
                    position = Self.position(containing: at, starts: starts, from: position, below: last)
                    let contentEnd = starts[position + 1]
                    if at > starts[position], at + needle.count <= contentEnd {
                        matches.append(Int32(truncatingIfNeeded: position))
                        position += 1
                        from = contentEnd
                    } else {
                        from = at + 1
                    }
                }
            }
        }
    }

    /// Appends to `matches` those of `candidates` (ascending positions) whose bytes contain
    /// `needle`, one `memmem` per candidate.
    func check(_ needle: UnsafeRawBufferPointer, candidates: UnsafeBufferPointer<Int32>, into matches: inout [Int32]) {
        guard let needleBase = needle.baseAddress, !needle.isEmpty else { return }
        bytes.withUnsafeBytes { hay in
            starts.withUnsafeBufferPointer { starts in
                guard let hay = hay.baseAddress, let starts = starts.baseAddress else { return }
                for candidate in candidates {
                    let start = starts[Int(candidate)] + 1, end = starts[Int(candidate) + 1]
                    if end - start >= needle.count, findBytes(needleBase, needle.count, in: hay + start, end - start) != nil {
                        matches.append(candidate)
                    }
                }
            }
        }
    }

    /// The last position `p` in `from ..< below` with `starts[p] <= offset` (galloping from
    /// `from`, since matches move forward).
    @inline(__always)
    private static func position(containing offset: Int, starts: UnsafePointer<Int>, from: Int, below: Int) -> Int {
        var low = from, step = 1
        var high = from + 1
        while high < below, starts[high] <= offset {
            low = high
            step &*= 2
            high = min(from + step, below)
        }
        // starts[low] <= offset < starts[high] (or high == below).
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }
}

/// One result slot per worker of ``FilterHaystack/build(records:progress:)``.
// Safe to send: the slots are allocated and initialized before DispatchQueue.concurrentPerform
// and read and freed after it returns; worker w writes only slot w.
private struct PartSlots: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<(bytes: [UInt8], starts: [Int])>
}

/// glibc's `memmem` (not exported by Swift's Glibc module), found once at run time.
private let systemMemmem: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?)? = {
    #if canImport(Glibc)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memmem") else { return nil }
    return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?).self
    )
    #else
    return nil
    #endif
}()

/// The offset of the first occurrence of the `count` bytes at `needle` in the `length` bytes
/// at `haystack`, or nil: `memmem`, or `memchr` + `memcmp` where `memmem` is missing.
@inline(__always)
func findBytes(_ needle: UnsafeRawPointer, _ count: Int, in haystack: UnsafeRawPointer, _ length: Int) -> Int? {
    if let systemMemmem {
        guard let hit = systemMemmem(haystack, length, needle, count) else { return nil }
        return UnsafeRawPointer(hit) - haystack
    }
    guard count > 0 else { return 0 }
    let first = Int32(needle.load(as: UInt8.self))
    var offset = 0
    while length - offset >= count {
        guard let hit = memchr(haystack + offset, first, length - offset - count + 1) else { return nil }
        let at = UnsafeRawPointer(hit) - haystack
        if memcmp(haystack + at, needle, count) == 0 { return at }
        offset = at + 1
    }
    return nil
}

import Foundation

/// Records sectioned and sorted by a ``Collation``: the order a table shows them in.
///
/// `order` lists record indices section by section ("A" … "Z", then "#"), sorted within each
/// section by ``Collation/sortKey(for:)``, then by the titles' UTF-8 bytes, then by record
/// index, so the order is total and the same on every run. `sectionStarts` has one offset
/// into `order` per section and a last one at the end, so section `s` is
/// `order[sectionStarts[s] ..< sectionStarts[s + 1]]`.
public struct CollatedOrder: Sendable, Equatable {
    /// Record indices in display order.
    public var order: [Int32]
    /// Where each section starts in ``order``, plus the end: one more entry than sections.
    public var sectionStarts: [Int]

    /// An order from its parts; `sectionStarts` must be ascending and end at `order.count`.
    public init(order: [Int32], sectionStarts: [Int]) {
        self.order = order
        self.sectionStarts = sectionStarts
    }

    /// The number of records.
    public var count: Int { order.count }

    /// The number of sections (27 in English).
    public var sectionCount: Int { max(0, sectionStarts.count - 1) }

    /// The sections that have at least one record, ascending.
    public var nonEmptySections: [Int] {
        (0..<sectionCount).filter { rows(inSection: $0) > 0 }
    }

    /// The number of records in `section`; 0 for a section out of range.
    public func rows(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        return sectionStarts[section + 1] - sectionStarts[section]
    }

    /// The record shown at `row` of `section`.
    ///
    /// - Precondition: `row` is in `0 ..< rows(inSection: section)`.
    public func record(section: Int, row: Int) -> Int {
        Int(order[sectionStarts[section] + row])
    }

    /// The section that the record at `position` of ``order`` belongs to.
    ///
    /// - Complexity: O(log s) in the number of sections.
    public func section(ofPosition position: Int) -> Int {
        // The last section whose start is ≤ position (skipping empty sections).
        var low = 0, high = sectionCount
        while high - low > 1 {
            let mid = (low + high) / 2
            if sectionStarts[mid] <= position { low = mid } else { high = mid }
        }
        return low
    }

    /// Sections and sorts titles given as strings.
    ///
    /// - Complexity: O(n log n) in the number of titles.
    public static func build(titles: [String], collation: Collation = .english) -> CollatedOrder {
        build(count: titles.count, collation: collation) { index, body in
            let title = titles[index]
            if title.utf8.withContiguousStorageIfAvailable(body) == nil {
                Array(title.utf8).withUnsafeBufferPointer(body)
            }
        }
    }

    /// Sections and sorts `count` records whose titles are read as UTF-8 without creating
    /// strings.
    ///
    /// Each record's title is read once, into one shared buffer holding its sort key and its
    /// own bytes (about two bytes per title byte): equal keys are ordered by those bytes
    /// within the sort, so no title is read twice.
    ///
    /// - Parameters:
    ///   - count: The number of records, at most `Int32.max`.
    ///   - collation: The collation that sections and sorts.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of the record
    ///     whose index is its first argument (for example a store's `withTitleUTF8(at:_:)`).
    /// - Complexity: O(n log n) in the number of records; titles in Latin script are folded
    ///   without creating strings.
    public static func build(
        count: Int, collation: Collation = .english, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        var timings = BuildTimings()
        return build(count: count, collation: collation, timings: &timings, utf8: utf8)
    }

    /// How long ``build(count:collation:timings:utf8:)`` spent in each phase, for benchmarks.
    public struct BuildTimings: Sendable, Equatable {
        /// Making the sort keys: every title folded once.
        public var keys: Duration = .zero
        /// Bucketing by section and sorting the sections (for ``buildFirstRows(_:count:collation:concurrentUTF8:)``:
        /// only the first rows).
        public var sort: Duration = .zero
        /// Sorting the rest after the first rows (``FirstRowsBuild/finish(threads:)``); zero otherwise.
        public var sortRest: Duration = .zero

        /// Zero timings.
        public init() {}
    }

    /// ``build(count:collation:utf8:)``, saying in `timings` how long each phase took.
    ///
    /// - Parameters:
    ///   - count: The number of records, at most `Int32.max`.
    ///   - collation: The collation that sections and sorts.
    ///   - timings: Set to the time spent making keys and sorting.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of record
    ///     number its first argument.
    public static func build(
        count: Int, collation: Collation = .english, timings: inout BuildTimings,
        utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        var arena = KeyArena(capacity: min(count * 64, 1 << 29) + 64)
        var offsets = [Int](repeating: 0, count: count)
        offsets.withUnsafeMutableBufferPointer { offsets in
            appendKeys(of: 0 ..< count, to: &arena, offsets: offsets, utf8: utf8)
        }
        return sort(count: count, collation: collation, arena: arena, offsets: offsets, keysStarted: started, timings: &timings)
    }

    /// ``build(count:collation:timings:utf8:)`` with the keys made on every core: `utf8` is
    /// called from several threads at once, each with records of its own.
    ///
    /// - Parameters:
    ///   - count: The number of records, at most `Int32.max`.
    ///   - collation: The collation that sections and sorts.
    ///   - timings: Set to the time spent making keys and sorting.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of record
    ///     number its first argument; safe to call from any thread.
    public static func build(
        count: Int, collation: Collation = .english, timings: inout BuildTimings,
        concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        let (arena, offsets) = makeKeys(count: count, concurrentUTF8: utf8)
        return sort(count: count, collation: collation, arena: arena, offsets: offsets, keysStarted: started, timings: &timings)
    }

    /// Sections and sorts in two steps, so that a table can show its first rows before the
    /// rest are sorted: the keys are made on every core and bucketed by section, and the first
    /// `rows` positions are chosen by a partial selection (linear time) and sorted; the build's
    /// ``FirstRowsBuild/finish(threads:)`` then sorts the rest, on any thread.
    ///
    /// - Parameters:
    ///   - rows: How many positions from the start to put in place now (a screenful or more).
    ///   - count: The number of records, at most `Int32.max`.
    ///   - collation: The collation that sections and sorts.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of record
    ///     number its first argument; safe to call from any thread.
    /// - Returns: The build, whose ``FirstRowsBuild/firstRows`` has every section's final
    ///   start and count and the first `rows` positions of the final order.
    public static func buildFirstRows(
        _ rows: Int, count: Int, collation: Collation = .english,
        concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> FirstRowsBuild {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        let (arena, offsets) = makeKeys(count: count, concurrentUTF8: utf8)
        let keysMade = ContinuousClock.now
        let buckets = BucketedKeys(count: count, sections: collation.sectionTitles.count, arena: arena, offsets: offsets)
        let rows = max(0, min(rows, count))
        buckets.sortFirst(rows)
        var timings = BuildTimings()
        timings.keys = keysMade - started
        timings.sort = ContinuousClock.now - keysMade
        return FirstRowsBuild(buckets: buckets, sortedRows: rows, timings: timings)
    }

    /// An order built in two steps by ``buildFirstRows(_:count:collation:concurrentUTF8:)``.
    public final class FirstRowsBuild: @unchecked Sendable {
        /// The order as far as it is known: every section's start and count are final, and so
        /// are the first ``sortedRows`` positions; later positions hold their sections'
        /// records in no particular order.
        public let firstRows: CollatedOrder
        /// How many positions from the start of ``firstRows`` are final.
        public let sortedRows: Int
        /// The time spent so far; ``finish(threads:)`` adds ``BuildTimings/sortRest``.
        public private(set) var timings: BuildTimings
        private var buckets: BucketedKeys?
        private var finished: CollatedOrder?

        fileprivate init(buckets: BucketedKeys, sortedRows: Int, timings: BuildTimings) {
            self.buckets = buckets
            self.sortedRows = sortedRows
            self.timings = timings
            firstRows = buckets.order
        }

        /// Sorts the rest and returns the whole order: the same as a one-step build's, and
        /// the same as ``firstRows`` in its first ``sortedRows`` positions. Call it from any
        /// thread (not from two at once); later calls return the same order. The keys' memory
        /// is freed.
        ///
        /// - Parameter threads: How many threads may sort at once. One (the default) leaves
        ///   the other cores to the thread that shows the first rows meanwhile.
        public func finish(threads: Int = 1) -> CollatedOrder {
            if let finished { return finished }
            guard let buckets else { return firstRows }
            let started = ContinuousClock.now
            buckets.sortSections(from: sortedRows, threads: threads)
            let order = buckets.order
            timings.sortRest = ContinuousClock.now - started
            finished = order
            self.buckets = nil
            return order
        }
    }

    /// The key records of `count` records made on every core (for 100,000 records or more):
    /// the arena, and each record's offset in it.
    private static func makeKeys(
        count: Int, concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> (KeyArena, [Int]) {
        let workers = count >= 100_000 ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        var offsets = [Int](repeating: 0, count: count)
        guard workers > 1 else {
            var arena = KeyArena(capacity: min(count * 64, 1 << 29) + 64)
            offsets.withUnsafeMutableBufferPointer { offsets in
                appendKeys(of: 0 ..< count, to: &arena, offsets: offsets, utf8: utf8)
            }
            return (arena, offsets)
        }
        // Each worker keys a consecutive share into an arena of its own; the arenas are then
        // joined in order and the later shares' offsets moved by what comes before them.
        let shares = (0 ..< workers).map { worker in count * worker / workers ..< count * (worker + 1) / workers }
        let arenas = UnsafeMutableBufferPointer<KeyArena>.allocate(capacity: workers)
        defer { arenas.deallocate() }
        offsets.withUnsafeMutableBufferPointer { offsets in
            let job = KeyJob(offsets: offsets, arenas: arenas)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let share = shares[worker]
                var arena = KeyArena(capacity: min(share.count * 64, 1 << 29) + 64)
                appendKeys(of: share, to: &arena, offsets: job.offsets, utf8: utf8)
                job.arenas.initializeElement(at: worker, to: arena)
            }
        }
        var arena = arenas[0]
        for worker in 1 ..< workers {
            let shift = arena.count
            arena.append(contentsOf: arenas[worker])
            arenas[worker].deallocate()
            for index in shares[worker] { offsets[index] += shift }
        }
        return (arena, offsets)
    }

    /// Appends the key records of `records` to `arena`, each record's offset in the arena
    /// to `offsets` at its index.
    private static func appendKeys(
        of records: Range<Int>, to arena: inout KeyArena, offsets: UnsafeMutableBufferPointer<Int>,
        utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        for index in records {
            let record = arena.count
            offsets[index] = record
            utf8(index) { buffer in
                guard arena.count == record else { return }
                // The key, then 0 and the title's own bytes: equal keys are then ordered by
                // the bytes within the sort, in the title's place in memory, instead of by
                // reading the titles again afterwards at random places.
                let written = arena.appendRecord(capacity: 2 * CollationFolding.maxFastKeyLength(buffer.count) + 1 + buffer.count) { out in
                    guard let length = CollationFolding.writeFastKey(utf8: buffer, to: out) else { return nil }
                    return Self.appendTitleBytes(buffer, toKeyOf: length, at: out)
                }
                if !written {
                    let key = CollationFolding.referenceKey(for: String(decoding: buffer, as: UTF8.self))
                    _ = arena.appendRecord(capacity: 2 * key.count + 1 + buffer.count) { out in
                        out.update(from: key, count: key.count)
                        return Self.appendTitleBytes(buffer, toKeyOf: key.count, at: out)
                    }
                }
            }
            if arena.count == record { arena.appendRecord([UInt8(Collation.otherSection)]) }
        }
    }

    /// Sections and sorts records whose keys are in `arena` (freed here) at `offsets`.
    private static func sort(
        count: Int, collation: Collation, arena: KeyArena, offsets: [Int], keysStarted started: ContinuousClock.Instant,
        timings: inout BuildTimings
    ) -> CollatedOrder {
        let keysMade = ContinuousClock.now
        timings.keys = keysMade - started
        let buckets = BucketedKeys(count: count, sections: collation.sectionTitles.count, arena: arena, offsets: offsets)
        buckets.sortSections(from: 0)
        timings.sort = ContinuousClock.now - keysMade
        return buckets.order
    }

    /// Ends the key of `length` bytes at `key` (section byte first) with a 0 and the title's
    /// bytes, and returns the new length. Bytes 0 and 1 of the key after its section byte are
    /// first written as 1 1 and 1 2, so that the 0 sorts below everything the key can hold:
    /// the order of the keys is kept, and among equal keys the titles' bytes decide. The room
    /// at `key` must hold twice the key, one byte and the title.
    fileprivate static func appendTitleBytes(_ title: UnsafeBufferPointer<UInt8>, toKeyOf length: Int, at key: UnsafeMutablePointer<UInt8>) -> Int {
        var end = length
        var low = 0
        for position in 1 ..< max(1, length) where key[position] < 2 { low += 1 }
        if low > 0 {
            // From the end, so that nothing is overwritten before it is read.
            var from = length - 1
            end = length + low
            var to = end - 1
            while from >= 1 {
                let byte = key[from]
                if byte < 2 {
                    key[to] = byte + 1
                    key[to - 1] = 1
                    to -= 2
                } else {
                    key[to] = byte
                    to -= 1
                }
                from -= 1
            }
        }
        key[end] = 0
        if let base = title.baseAddress { (key + end + 1).update(from: base, count: title.count) }
        return end + 1 + title.count
    }
}

extension CollatedOrder {
    /// Splits section ranges among `workers` so each gets about as many records (largest
    /// first, each to the least loaded).
    fileprivate static func share(_ ranges: [Range<Int>], among workers: Int) -> [[Range<Int>]] {
        guard workers > 1 else { return [ranges] }
        var shares = [[Range<Int>]](repeating: [], count: workers)
        var loads = [Int](repeating: 0, count: workers)
        for range in ranges.sorted(by: { $0.count > $1.count }) {
            let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            shares[lightest].append(range)
            loads[lightest] += range.count
        }
        return shares.filter { !$0.isEmpty }
    }
}

/// Keys bucketed by section, the sections not yet sorted: the arena, each record's entry
/// (its first 8 key bytes, index and key offset) in section order, and where sections start.
/// Frees the arena and entries when it goes.
private final class BucketedKeys: @unchecked Sendable {
    let count: Int
    let starts: [Int]
    private let arena: KeyArena
    /// Where each record's key starts, kept only when the entries cannot hold it (an arena
    /// over 4 GiB).
    private let wideOffsets: UnsafeMutablePointer<Int>?
    private let entries: UnsafeMutablePointer<SortEntry>

    /// Buckets `count` records by section (a counting sort) with the first 8 key bytes after
    /// the section byte; takes `arena`.
    init(count: Int, sections: Int, arena: KeyArena, offsets: [Int]) {
        self.count = count
        self.arena = arena
        let narrow = arena.count <= Int(UInt32.max)
        if narrow {
            wideOffsets = nil
        } else {
            let copy = UnsafeMutablePointer<Int>.allocate(capacity: max(count, 1))
            offsets.withUnsafeBufferPointer { if let base = $0.baseAddress { copy.initialize(from: base, count: count) } }
            wideOffsets = copy
        }
        entries = .allocate(capacity: max(count, 1))
        let keys = UnsafePointer(arena.base)
        var starts = [Int](repeating: 0, count: sections + 1)
        for index in 0..<count { starts[min(Int(keys[offsets[index] + 4]), sections - 1) + 1] += 1 }
        for section in 0..<sections { starts[section + 1] += starts[section] }
        var cursor = Array(starts.dropLast())
        for index in 0..<count {
            let record = offsets[index]
            let key = record + 4
            let section = min(Int(keys[key]), sections - 1)
            (entries + cursor[section]).initialize(to: SortEntry(
                prefix: prefix(keys, from: key + 1, to: key + KeyArena.length(keys, record: record)),
                index: Int32(index), record: narrow ? UInt32(record) : 0
            ))
            cursor[section] += 1
        }
        self.starts = starts
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
        wideOffsets?.deallocate()
    }

    /// The record indices in their order now, with the section starts.
    var order: CollatedOrder {
        CollatedOrder(order: (0..<count).map { entries[$0].index }, sectionStarts: starts)
    }

    /// Sorts every section that has records at or after `position`, on up to `threads`
    /// threads when there are many records.
    func sortSections(from position: Int, threads: Int = 2) {
        let ranges = (0 ..< starts.count - 1).map { starts[$0] ..< starts[$0 + 1] }
            .filter { $0.count > 1 && $0.upperBound > position }
        // A section partly sorted already holds deeper key bytes where ties were broken.
        for range in ranges where range.lowerBound < position { loadFirstBytes(range) }
        let workers = ranges.reduce(0) { $0 + $1.count } >= 100_000 ? max(1, min(threads, ProcessInfo.processInfo.activeProcessorCount)) : 1
        let shares = CollatedOrder.share(ranges, among: workers)
        DispatchQueue.concurrentPerform(iterations: shares.count) { worker in
            let share = shares[worker]
            var sorter = sorter(room: share.map(\.count).max() ?? 0)
            defer { sorter.deallocate() }
            for range in share { sorter.sort(range) }
        }
    }

    /// Puts the first `rows` positions where the whole sort puts them: each section before
    /// that is sorted; in the section it ends in, the entries whose first 8 bytes are among
    /// the smallest are gathered by a partial selection (linear time) and only they are sorted.
    /// Later positions hold their sections' records in no particular order.
    func sortFirst(_ rows: Int) {
        for section in 0 ..< starts.count - 1 {
            let range = starts[section] ..< starts[section + 1]
            guard range.lowerBound < rows else { break }
            guard range.count > 1 else { continue }
            let end = range.upperBound <= rows ? range.upperBound : gatherSmallest(range, wanted: rows - range.lowerBound)
            var sorter = sorter(room: end - range.lowerBound)
            defer { sorter.deallocate() }
            sorter.sort(range.lowerBound ..< end)
        }
    }

    /// Sets the entries of `range` to the first 8 key bytes after the section byte again.
    private func loadFirstBytes(_ range: Range<Int>) {
        let keys = UnsafePointer(arena.base)
        for position in range {
            let record = wideOffsets.map { $0[Int(entries[position].index)] } ?? Int(entries[position].record)
            entries[position].prefix = prefix(keys, from: record + 5, to: record + 4 + KeyArena.length(keys, record: record))
        }
    }

    private func sorter(room: Int) -> ChunkSorter {
        ChunkSorter(keys: UnsafePointer(arena.base), offsets: wideOffsets.map { UnsafePointer($0) }, entries: entries, count: room)
    }

    /// Moves the `wanted` entries of `range` with the smallest first 8 bytes, and every entry
    /// whose first 8 bytes equal the largest of theirs, to the front of `range` (a
    /// three-way quickselect); returns where they end. Every entry after them has larger
    /// first 8 bytes, so sorting just them puts the first `wanted` in their final places.
    private func gatherSmallest(_ range: Range<Int>, wanted: Int) -> Int {
        let target = range.lowerBound + wanted
        // Invariant: entries before `low` < entries in low..<high < entries from `high` on,
        // and low < target ≤ high.
        var low = range.lowerBound, high = range.upperBound
        while high - low > 1 {
            let pivot = median(entries[low].prefix, entries[(low + high) / 2].prefix, entries[high - 1].prefix)
            // Three-way partition: [low, less) < pivot, [less, greater) == pivot, [greater, high) > pivot.
            var less = low, scan = low, greater = high
            while scan < greater {
                let value = entries[scan].prefix
                if value < pivot {
                    (entries[less], entries[scan]) = (entries[scan], entries[less])
                    less += 1
                    scan += 1
                } else if value > pivot {
                    greater -= 1
                    (entries[greater], entries[scan]) = (entries[scan], entries[greater])
                } else {
                    scan += 1
                }
            }
            if target <= less {
                high = less
            } else if target <= greater {
                return greater
            } else {
                low = greater
            }
        }
        return high
    }

    private func median(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        max(min(a, b), min(max(a, b), c))
    }
}

/// What the key-making workers share: the offsets (each writes its own records') and a slot
/// per worker for its arena.
private struct KeyJob: @unchecked Sendable {
    let offsets: UnsafeMutableBufferPointer<Int>
    let arenas: UnsafeMutableBufferPointer<KeyArena>
}

/// A record being sorted: 8 bytes of its key as a number, the record index, and where its
/// key record starts in the arena (when the arena is under 4 GiB).
private struct SortEntry {
    var prefix: UInt64
    var index: Int32
    var record: UInt32
}

/// The first 8 key bytes from `start`, big-endian, zero-padded past `end`.
@inline(__always)
private func prefix(_ keys: UnsafePointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
    if end - start >= 8 {
        return UInt64(bigEndian: UnsafeRawPointer(keys + start).loadUnaligned(as: UInt64.self))
    }
    var value: UInt64 = 0
    var index = start
    while index < end {
        value = value << 8 | UInt64(keys[index])
        index += 1
    }
    return end <= start ? 0 : value << (8 * UInt64(8 - (end - start)))
}

/// Whether any of the 8 bytes is zero (a key that may end within them).
@inline(__always)
private func hasZeroByte(_ value: UInt64) -> Bool {
    (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080 != 0
}

/// Sorts entries by their keys in the arena, 8 bytes at a time: sort a range by the 8 bytes
/// at one depth (a radix sort for large ranges); each group that ties moves on to the next 8
/// bytes, except for the keys that end within the group, which come first, shortest first
/// (they are prefixes of the others). Bytes compare unsigned, as `memcmp` does. Equal keys
/// end up in index order.
private struct ChunkSorter {
    let keys: UnsafePointer<UInt8>
    /// Where each record starts, when the entries cannot hold it (an arena over 4 GiB).
    let offsets: UnsafePointer<Int>?
    let entries: UnsafeMutablePointer<SortEntry>
    /// Room for a radix sort pass of the largest range.
    private let temporary: UnsafeMutablePointer<SortEntry>
    init(keys: UnsafePointer<UInt8>, offsets: UnsafePointer<Int>?, entries: UnsafeMutablePointer<SortEntry>, count: Int) {
        self.keys = keys
        self.offsets = offsets
        self.entries = entries
        temporary = .allocate(capacity: max(count, 1))
    }

    func deallocate() { temporary.deallocate() }

    @inline(__always)
    private func record(_ entry: SortEntry) -> Int {
        if let offsets { return offsets[Int(entry.index)] }
        return Int(entry.record)
    }

    @inline(__always)
    private func length(_ entry: SortEntry) -> Int {
        KeyArena.length(keys, record: record(entry))
    }

    /// Sorts `range`, whose entries hold the first 8 key bytes after the section byte.
    mutating func sort(_ range: Range<Int>) {
        var pending: [(range: Range<Int>, depth: Int)] = [(range, 0)]
        while let (range, depth) = pending.popLast() {
            sortByPrefix(range)
            var groupStart = range.lowerBound
            while groupStart < range.upperBound {
                let value = entries[groupStart].prefix
                var groupEnd = groupStart + 1
                while groupEnd < range.upperBound, entries[groupEnd].prefix == value { groupEnd += 1 }
                if groupEnd - groupStart > 1, let next = resolve(groupStart ..< groupEnd, depth: depth) {
                    pending.append((next, depth + 1))
                }
                groupStart = groupEnd
            }
        }
    }

    /// Sorts `range` by prefix: a comparison sort when short, else an LSD radix sort on bytes.
    private func sortByPrefix(_ range: Range<Int>) {
        let count = range.count
        let start = entries + range.lowerBound
        if count <= 64 {
            var short = UnsafeMutableBufferPointer(start: start, count: count)
            short.sort { $0.prefix < $1.prefix }
            return
        }
        var histograms = [Int](repeating: 0, count: 8 * 256)
        histograms.withUnsafeMutableBufferPointer { histograms in
            guard let counts = histograms.baseAddress else { return }
            for position in 0..<count {
                let value = start[position].prefix
                for digit in 0..<8 { counts[digit << 8 | Int(truncatingIfNeeded: value >> (8 * UInt64(digit))) & 0xFF] += 1 }
            }
            var source = start, target = temporary
            for digit in 0..<8 {
                let digitCounts = counts + digit << 8
                // A digit that is the same for every entry orders nothing.
                if (0..<256).contains(where: { digitCounts[$0] == count }) { continue }
                var total = 0
                for bucket in 0..<256 {
                    let size = digitCounts[bucket]
                    digitCounts[bucket] = total
                    total += size
                }
                let shift = 8 * UInt64(digit)
                for position in 0..<count {
                    let entry = source[position]
                    let bucket = Int(truncatingIfNeeded: entry.prefix >> shift) & 0xFF
                    target[digitCounts[bucket]] = entry
                    digitCounts[bucket] += 1
                }
                swap(&source, &target)
            }
            if source != start { start.update(from: source, count: count) }
        }
    }

    /// Orders the keys of a tied group that end within it; returns the rest, loaded with
    /// their next 8 bytes, when more than one is left.
    private mutating func resolve(_ group: Range<Int>, depth: Int) -> Range<Int>? {
        let consumed = 1 + (depth + 1) * 8
        var ended = group.lowerBound
        // Only a key shorter than `consumed` leaves zero bytes of padding in its prefix; keys
        // that end exactly there get the prefix 0 at the next depth and end there.
        if hasZeroByte(entries[group.lowerBound].prefix) {
            for position in group where length(entries[position]) <= consumed {
                (entries[position], entries[ended]) = (entries[ended], entries[position])
                ended += 1
            }
        }
        if ended - group.lowerBound > 1 {
            var done = UnsafeMutableBufferPointer(start: entries + group.lowerBound, count: ended - group.lowerBound)
            done.sort { (length($0), $0.index) < (length($1), $1.index) }
        }
        guard group.upperBound - ended > 1 else { return nil }
        for position in ended ..< group.upperBound {
            let record = record(entries[position])
            let key = record + 4
            entries[position].prefix = prefix(keys, from: key + consumed, to: key + KeyArena.length(keys, record: record))
        }
        return ended ..< group.upperBound
    }
}

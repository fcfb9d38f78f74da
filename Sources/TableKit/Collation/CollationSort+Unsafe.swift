import Foundation

// Sorting CollatedOrder's key records: bucketed by section, then each section sorted 8 key
// bytes at a time (all of it, or first the rows a screen shows). Raw memory throughout (issue
// 39 fences it here): the sort is the hot loop of a million-row load.

/// Keys bucketed by section, the sections not yet sorted: the arena, each record's entry
/// (its first 8 key bytes, index and key offset) in section order, and where sections start.
/// Frees the arena and entries when it goes.
// Safe to send: it is made on one thread and then handed over whole; every later use
// (FirstRowsBuild.finish) runs under that build's Mutex, and the workers of sortSections
// sort disjoint ranges of the entries, reading the arena only.
final class BucketedKeys: @unchecked Sendable {
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
        let shares = Self.share(ranges, among: workers)
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

    /// Splits section ranges among `workers` so each gets about as many records (largest
    /// first, each to the least loaded).
    private static func share(_ ranges: [Range<Int>], among workers: Int) -> [[Range<Int>]] {
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

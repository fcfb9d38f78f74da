import Foundation

// The one pass of an order's update (Collation+OrderUpdate.swift): the records left renumbered
// and moved along, the ones that leave taken out, the incoming ones put in. Raw memory (issue
// 39 fences it here): it is the update's only O(n) part, ten million positions read and
// written as a memmove would, so it runs without bounds checks or per-element appends.

/// The records' numbers after a change that deleted some: each record left loses one for
/// every deleted record numbered below it. The records that leave the order (deleted or
/// replaced) are one bit each, in words interleaved with how many leave before the word, so
/// a new number costs one cache line and a population count. Above that, a block of 1,024
/// records says in 4 bytes how many leave before it and whether any of its own does: the
/// order reads its records in no order of number, and the blocks (40 KB at ten million
/// records) stay in the cache where the bits (2.5 MB) do not, so a record of a block that no
/// record leaves is renumbered from its block alone.
struct Renumbering {
    /// For word w, at 2w: one bit a record that leaves; at 2w + 1: how many records leave
    /// before the word. Empty when none leaves.
    private let table: [UInt64]
    /// For each block of 1,024 records: how many records leave before it, shifted left by
    /// one, and 1 when one of its own leaves.
    private let blocks: [UInt32]
    /// The replaced records, ascending: they leave but keep their numbers' worth.
    private let replaced: [Int]
    private let replacedSet: Set<Int>

    init(count: Int, deleted: Set<Int>, replaced: Set<Int>) {
        self.replaced = replaced.sorted()
        replacedSet = replaced
        guard !deleted.isEmpty || !replaced.isEmpty else {
            table = []
            blocks = []
            return
        }
        let words = count / 64 + 1
        var table = [UInt64](repeating: 0, count: 2 * words)
        for record in deleted.union(replaced) { table[2 * (record >> 6)] |= 1 << UInt64(record & 63) }
        var total: UInt64 = 0
        for word in 0 ..< words {
            table[2 * word + 1] = total
            total += UInt64(table[2 * word].nonzeroBitCount)
        }
        self.table = table
        var blocks = [UInt32](repeating: 0, count: count >> 10 + 1)
        for block in blocks.indices {
            let firstWord = block << 4
            let leaving = (firstWord ..< min(firstWord + 16, words)).contains { table[2 * $0] != 0 }
            blocks[block] = UInt32(truncatingIfNeeded: table[2 * min(firstWord, words - 1) + 1]) << 1 | (leaving ? 1 : 0)
        }
        self.blocks = blocks
    }

    /// The new number of record `record`, which was not deleted.
    func newIndex(of record: Int) -> Int {
        table.withUnsafeBufferPointer { newIndex(of: record, table: $0) }
    }

    /// The new number of `record`: less the records that leave below it, plus the replaced
    /// ones among them (which stay).
    @inline(__always)
    private func newIndex(of record: Int, table: UnsafeBufferPointer<UInt64>) -> Int {
        guard let base = table.baseAddress else { return record }
        let word = record >> 6
        let leavingBelow = Int(base[2 * word + 1]) + (base[2 * word] & ((1 << UInt64(record & 63)) - 1)).nonzeroBitCount
        return record - leavingBelow + replacedBelow(record)
    }

    /// How many replaced records are numbered below `record`.
    @inline(__always)
    private func replacedBelow(_ record: Int) -> Int {
        switch replaced.count {
        case 0: return 0
        case 1: return replaced[0] < record ? 1 : 0
        default:
            var low = 0, high = replaced.count
            while low < high {
                let mid = (low + high) / 2
                if replaced[mid] < record { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// What one pass over an order made.
    struct Pass {
        /// The new order.
        var order: [Int32]
        /// The old positions of the deleted records, ascending.
        var removed: [Int] = []
        /// The new positions of the added records, ascending.
        var inserted: [Int] = []
        /// The replaced records' old and new positions, by new position.
        var moved: [OrderChange.Move] = []
    }

    /// `old` with the records that leave taken out, the others renumbered, and `incoming`
    /// (sorted by where they go) put in, in one pass: the positions between two incoming
    /// records are moved together (copied as they are when nothing leaves).
    func pass(over old: [Int32], incoming: [IncomingRecord]) -> Pass {
        let count = old.count
        var removed: [Int] = [], inserted: [Int] = []
        var oldPlaces: [Int: Int] = [:]
        var arrivals: [(record: Int, to: Int)] = []
        // Never more than the old positions and the incoming ones.
        let capacity = count + incoming.count
        let order = [Int32](unsafeUninitializedCapacity: capacity) { out, written in
            guard let target = out.baseAddress else { return }
            old.withUnsafeBufferPointer { old in
                table.withUnsafeBufferPointer { table in
                    blocks.withUnsafeBufferPointer { blocks in
                        var length = 0
                        var next = 0
                        var position = 0
                        while true {
                            let stop = next < incoming.count ? incoming[next].position : count
                            if table.isEmpty {
                                // Nothing leaves and nothing is renumbered: the positions move as they are.
                                if stop > position, let source = old.baseAddress {
                                    (target + length).update(from: source + position, count: stop - position)
                                    length += stop - position
                                }
                            } else {
                                for place in position ..< stop {
                                    let record = Int(old[place])
                                    let block = blocks[record >> 10]
                                    if block & 1 == 0 {
                                        // No record of its block leaves: the block says how many do before it.
                                        target[length] = Int32(truncatingIfNeeded: record - Int(block >> 1) + replacedBelow(record))
                                        length += 1
                                    } else if table[2 * (record >> 6)] & (1 << UInt64(record & 63)) == 0 {
                                        target[length] = Int32(truncatingIfNeeded: newIndex(of: record, table: table))
                                        length += 1
                                    } else if replacedSet.contains(record) {
                                        oldPlaces[record] = place
                                    } else {
                                        removed.append(place)
                                    }
                                }
                            }
                            position = stop
                            guard next < incoming.count else { break }
                            while next < incoming.count, incoming[next].position == position {
                                let record = incoming[next]
                                if replacedSet.contains(record.old) { arrivals.append((record.old, length)) } else { inserted.append(length) }
                                target[length] = Int32(truncatingIfNeeded: record.new)
                                length += 1
                                next += 1
                            }
                        }
                        written = length
                    }
                }
            }
        }
        let moved = arrivals.compactMap { arrival in oldPlaces[arrival.record].map { OrderChange.Move(from: $0, to: arrival.to) } }
        return Pass(order: order, removed: removed, inserted: inserted, moved: moved)
    }
}

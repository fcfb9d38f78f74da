import Foundation

/// Making the sort keys of ``CollatedOrder``: each title folded once into one arena of key
/// records (the key, a 0, then the title's own bytes), on one thread or on every core.
extension CollatedOrder {
    /// The key records of `count` records made on this thread: the arena, and each record's
    /// offset in it.
    static func makeKeys(count: Int, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> (KeyArena, [Int]) {
        var arena = KeyArena(capacity: min(count * 64, 1 << 29) + 64)
        var offsets = [Int](repeating: 0, count: count)
        offsets.withUnsafeMutableBufferPointer { offsets in
            appendKeys(of: 0 ..< count, to: &arena, offsets: offsets, utf8: utf8)
        }
        return (arena, offsets)
    }

    /// The key records of `count` records made on every core (for 100,000 records or more):
    /// the arena, and each record's offset in it.
    static func makeKeys(
        count: Int, concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> (KeyArena, [Int]) {
        let workers = count >= 100_000 ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        guard workers > 1 else { return makeKeys(count: count, utf8: utf8) }
        var offsets = [Int](repeating: 0, count: count)
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

    /// Ends the key of `length` bytes at `key` (section byte first) with a 0 and the title's
    /// bytes, and returns the new length. Bytes 0 and 1 of the key after its section byte are
    /// first written as 1 1 and 1 2, so that the 0 sorts below everything the key can hold:
    /// the order of the keys is kept, and among equal keys the titles' bytes decide. The room
    /// at `key` must hold twice the key, one byte and the title.
    private static func appendTitleBytes(_ title: UnsafeBufferPointer<UInt8>, toKeyOf length: Int, at key: UnsafeMutablePointer<UInt8>) -> Int {
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

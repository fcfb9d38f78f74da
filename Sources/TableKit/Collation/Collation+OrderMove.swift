import Foundation

// Moving one record of a CollatedOrder after its title changed, instead of sorting them all
// again: a search for its old place, then a binary search of its new section with the keys of
// the records compared made on the way (about twenty at a million records).

extension CollatedOrder {
    /// The order after the title of `record` changed: `record` moves to where its new title
    /// sorts, and every other record keeps its order. The result is the order
    /// ``build(count:collation:utf8:)`` would make from the titles `utf8` now gives, without
    /// making every key again.
    ///
    /// - Parameters:
    ///   - record: The record whose title changed; nil is returned when it is not in the order.
    ///   - collation: The collation the order was built with.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of record
    ///     number its first argument, as it is now.
    /// - Complexity: O(n) to find the record and move the positions between its old and
    ///   new places, and O(log n) keys made.
    package func movingRecord(
        _ record: Int, collation: Collation = .english, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder? {
        guard let old = order.firstIndex(of: Int32(truncatingIfNeeded: record)), record <= Int(Int32.max) else { return nil }
        var moved = self
        let oldSection = section(ofPosition: old)
        moved.order.remove(at: old)
        for boundary in (oldSection + 1) ..< moved.sectionStarts.count { moved.sectionStarts[boundary] -= 1 }

        let key = Self.keyRecord(of: record, utf8: utf8)
        // As the whole sort buckets a key: by its section byte, the last section for any past it.
        let sections = max(1, min(collation.sectionTitles.count, sectionCount))
        let section = min(Int(key.first ?? UInt8(Collation.otherSection)), sections - 1)
        // The first position of the section whose record sorts after the moved one: keys
        // compared byte by byte (a key that is a prefix of another sorts first), then indices,
        // as the whole sort orders them.
        var low = moved.sectionStarts[section], high = moved.sectionStarts[section + 1]
        while low < high {
            let mid = (low + high) / 2
            let other = Int(moved.order[mid])
            let otherKey = Self.keyRecord(of: other, utf8: utf8)
            let isAfter = otherKey.lexicographicallyPrecedes(key) ? false : (otherKey == key ? other > record : true)
            if isAfter { high = mid } else { low = mid + 1 }
        }
        moved.order.insert(Int32(record), at: low)
        for boundary in (section + 1) ..< moved.sectionStarts.count { moved.sectionStarts[boundary] += 1 }
        return moved
    }

    /// The key record of one title as the whole sort makes it: the section byte, the
    /// collation key, a 0, and the title's own bytes.
    static func keyRecord(of record: Int, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> [UInt8] {
        // The title's bytes first (the closure lends them only for its call), then its key.
        var title: [UInt8]?
        utf8(record) { title = Array($0) }
        let (arena, offsets) = (title ?? []).withUnsafeBufferPointer { bytes in
            makeKeys(count: 1, utf8: { _, body in if title != nil { body(bytes) } })
        }
        defer { arena.deallocate() }
        let keys = UnsafePointer(arena.base)
        let length = KeyArena.length(keys, record: offsets[0])
        return Array(UnsafeBufferPointer(start: keys + offsets[0] + 4, count: length))
    }
}

import Foundation

// Updating a CollatedOrder after a save deleted, replaced and added records, instead of
// sorting every record again (issue 40): the records that stay keep their order, so one pass
// drops the ones that went and renumbers the rest, and each record that comes in is placed by
// a binary search of the old order, the keys of the records compared made on the way (about
// twenty-five at ten million records).

extension CollatedOrder {
    /// An order after records were deleted, replaced and added
    /// (``updating(deleting:replacing:adding:collation:oldUTF8:newUTF8:)``), and what that did
    /// to its positions.
    package struct Update: Sendable, Equatable {
        /// The order of the records as they are now: the order
        /// ``build(count:collation:utf8:)`` makes of them.
        package var order: CollatedOrder
        /// The positions removed, inserted and moved.
        package var change: OrderChange
    }

    /// The order after a change of the records that keeps the order of the others: records
    /// `deleted` went, records `replaced` have new titles, and `added` records came after the
    /// last. The records are numbered as such a change numbers them (a save of a JSON file
    /// does): the ones left keep their order and are numbered again from 0 without gaps, and
    /// the added ones follow. The result is the order ``build(count:collation:utf8:)`` would
    /// make from the titles `newUTF8` gives, position for position, without sorting again.
    ///
    /// - Parameters:
    ///   - deleted: The records removed, as this order numbers them.
    ///   - replaced: The records whose titles changed, as this order numbers them; none of
    ///     them deleted.
    ///   - added: How many records follow the last one now.
    ///   - collation: The collation the order was built with.
    ///   - oldUTF8: The titles this order was built from, by the old numbers.
    ///   - newUTF8: The titles as they are now, by the new numbers.
    /// - Returns: The new order and what changed, or nil when a record named is not in the
    ///   order, a record is both deleted and replaced, or the order's sections are not the
    ///   collation's.
    /// - Complexity: O(n) for one pass over the order, moving and renumbering its
    ///   positions as `memmove` would (about 1 ms at a million records, 15–40 ms at ten
    ///   million, most of it the new array's memory), and O(k log n) keys made for the k
    ///   records that come in; nothing is sorted.
    package func updating(
        deleting deleted: Set<Int>, replacing replaced: Set<Int> = [], adding added: Int = 0, collation: Collation = .english,
        oldUTF8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void,
        newUTF8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> Update? {
        let count = order.count
        let sections = collation.sectionTitles.count
        guard sections > 0, sectionStarts.count == sections + 1, sectionStarts.last == count, added >= 0,
              deleted.allSatisfy({ $0 >= 0 && $0 < count }), replaced.allSatisfy({ $0 >= 0 && $0 < count }),
              replaced.isDisjoint(with: deleted), count - deleted.count + added <= Int(Int32.max) else { return nil }
        let numbering = Renumbering(count: count, deleted: deleted, replaced: replaced)
        // The records that come in: the replaced ones under their new numbers, then the added
        // ones. In the old numbering an added record comes after every old one, as it does in
        // the new, so the old order's ties (equal keys, by number) place it as a build would.
        var incoming = replaced.sorted().map { IncomingRecord(old: $0, new: numbering.newIndex(of: $0)) }
        incoming += (0 ..< added).map { IncomingRecord(old: count + $0, new: count - deleted.count + $0) }
        for index in incoming.indices {
            let key = Self.keyRecord(of: incoming[index].new, utf8: newUTF8)
            // As the whole sort buckets a key: by its section byte, the last section for any past it.
            let section = min(Int(key.first ?? UInt8(Collation.otherSection)), sections - 1)
            incoming[index].key = key
            incoming[index].section = section
            incoming[index].position = insertionPoint(of: incoming[index], in: section, utf8: oldUTF8)
        }
        // In the order they take their places; two at one place by section, then as the sort
        // orders them.
        incoming.sort { a, b in a.position != b.position ? a.position < b.position : a.precedes(b) }
        return Self.apply(numbering, to: self, incoming: incoming, sections: sections)
    }

    /// `order` with the records that leave taken out, the others renumbered and `incoming`
    /// (sorted by where they go) put in, in one pass; and the sections' new starts.
    private static func apply(_ numbering: Renumbering, to order: CollatedOrder, incoming: [IncomingRecord], sections: Int) -> Update {
        let pass = numbering.pass(over: order.order, incoming: incoming)
        let removed = pass.removed
        // Each section's count: its old one, less what left it, plus what came in.
        var counts = (0 ..< sections).map { order.rows(inSection: $0) }
        for place in removed { counts[order.section(ofPosition: place)] -= 1 }
        for move in pass.moved { counts[order.section(ofPosition: move.from)] -= 1 }
        for record in incoming { counts[record.section] += 1 }
        var starts = [0]
        starts.reserveCapacity(sections + 1)
        for section in 0 ..< sections { starts.append(starts[section] + counts[section]) }
        return Update(order: CollatedOrder(order: pass.order, sectionStarts: starts),
                      change: OrderChange(removed: removed, inserted: pass.inserted, moved: pass.moved))
    }

    /// Where `record` goes in this order: the first position of `section` whose record sorts
    /// after it — keys compared byte by byte after the section byte (a key that is a prefix
    /// of another sorts first), then record numbers, as the whole sort orders them.
    private func insertionPoint(of record: IncomingRecord, in section: Int, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Int {
        var low = sectionStarts[section], high = sectionStarts[section + 1]
        while low < high {
            let mid = (low + high) / 2
            let other = Int(order[mid])
            let otherKey = Self.keyRecord(of: other, utf8: utf8)
            let isBefore = IncomingRecord.keyPrecedes(otherKey, record.key) || otherKey.dropFirst().elementsEqual(record.key.dropFirst()) && other < record.old
            if isBefore { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A record that comes into the order: its number before and after the change, its key record
/// and section, and the position of the old order it goes before (``CollatedOrder/updating(deleting:replacing:adding:collation:oldUTF8:newUTF8:)``).
struct IncomingRecord {
    var old: Int
    var new: Int
    var key: [UInt8] = []
    var section = 0
    var position = 0

    /// Whether this record sorts before `other`, as the whole sort orders them.
    func precedes(_ other: IncomingRecord) -> Bool {
        if section != other.section { return section < other.section }
        if Self.keyPrecedes(key, other.key) { return true }
        return key.dropFirst().elementsEqual(other.key.dropFirst()) && old < other.old
    }

    /// Whether key record `a` sorts before `b` within a section: their bytes after the
    /// section byte, unsigned, a prefix first.
    static func keyPrecedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.dropFirst().lexicographicallyPrecedes(b.dropFirst())
    }
}

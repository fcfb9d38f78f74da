import Foundation

// The raw memory of collation (issue 39: unsafe code fenced in `+Unsafe` files): the arena the
// sort keys are written into, and what the workers that make and section them share. The
// radix sort over the arena is in CollationSort+Unsafe.swift.

/// A growable byte buffer of sort-key records, written in place: each record is the key's
/// length (4 bytes, native order, unaligned), then the key. Not a copy-on-write value: one
/// owner appends and finally calls ``deallocate()`` (a copy shares the bytes).
struct KeyArena {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// The length of the key of the record at `record`.
    @inline(__always)
    static func length(_ keys: UnsafePointer<UInt8>, record: Int) -> Int {
        Int(UnsafeRawPointer(keys + record).loadUnaligned(as: UInt32.self))
    }

    /// Makes room for `extra` more bytes after ``count``.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Appends a record whose key `write` writes into room for `capacity` bytes, returning its
    /// length; false (and nothing appended) when `write` returns nil.
    @inline(__always)
    mutating func appendRecord(capacity keyCapacity: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        reserve(4 + keyCapacity)
        guard let length = write(base + count + 4) else { return false }
        UnsafeMutableRawPointer(base + count).storeBytes(of: UInt32(truncatingIfNeeded: length), as: UInt32.self)
        count += 4 + length
        return true
    }

    /// Appends a record holding `key`.
    mutating func appendRecord(_ key: [UInt8]) {
        _ = appendRecord(capacity: key.count) { out in
            for (offset, byte) in key.enumerated() { out[offset] = byte }
            return key.count
        }
    }

    func deallocate() { base.deallocate() }

    /// Appends every record of `other` (whose offsets then grow by this arena's old count).
    mutating func append(contentsOf other: KeyArena) {
        reserve(other.count)
        (base + count).update(from: other.base, count: other.count)
        count += other.count
    }
}

/// What the key-making workers share: the offsets (each writes its own records') and a slot
/// per worker for its arena.
// Safe to send: the buffers are allocated before DispatchQueue.concurrentPerform and freed after
// it returns; worker w writes only the offsets of its own share of records and arena slot w.
struct KeyJob: @unchecked Sendable {
    let offsets: UnsafeMutableBufferPointer<Int>
    let arenas: UnsafeMutableBufferPointer<KeyArena>
}

/// What the sectioning workers share: the leads (each worker turns its own records' into
/// sections) and each worker's count of every section.
// Safe to send: allocated before DispatchQueue.concurrentPerform and freed after it returns;
// worker w writes only the leads of its own share of records and its own row of counts.
struct SectionJob: @unchecked Sendable {
    let leads: UnsafeMutableBufferPointer<UInt32>
    let counts: UnsafeMutableBufferPointer<Int>

    func deallocate() {
        leads.deallocate()
        counts.deallocate()
    }
}

/// What the scattering workers share: the order (each writes its own positions) and each
/// worker's next position in every section.
// Safe to send: the order's positions were counted out before the workers start, so worker w
// writes only the positions its own cursors (its row of `cursors`) hand out; both outlive the
// DispatchQueue.concurrentPerform that uses them.
struct Scatter: @unchecked Sendable {
    let order: UnsafeMutableBufferPointer<Int32>
    let cursors: UnsafeMutableBufferPointer<Int>
}

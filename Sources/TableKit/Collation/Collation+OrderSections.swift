import Foundation

// Sectioning before sorting: each record's section alone, from the first letter of its title,
// so that a table can know its sections (and show its first rows) without every title's key.

extension CollatedOrder {
    /// The record indices grouped by section (in record order within each), and where each
    /// section starts, plus the end: a counting sort of the records' sections.
    struct Sectioned {
        var order: [Int32]
        var starts: [Int]
    }

    /// Reads the first bytes of the titles of a range of records into a buffer (see
    /// ``buildFirstRows(_:count:collation:concurrentUTF8:leadingBytes:)``).
    package typealias LeadingBytes = @Sendable (_ records: Range<Int>, _ into: UnsafeMutablePointer<UInt32>) -> Void

    /// Sections `count` records on every core (for 100,000 records or more): from the bytes
    /// `leadingBytes` gives where they say enough, else from the title. Each worker sections
    /// a share of the records and counts its sections; the counts give each worker where its
    /// records go in every section, and the workers put them there.
    static func sectioned(
        count: Int, sections: Int,
        concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void,
        leadingBytes: LeadingBytes?
    ) -> Sectioned {
        let workers = count >= 100_000 ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        let shares = (0 ..< workers).map { worker in count * worker / workers ..< count * (worker + 1) / workers }
        let sections = max(sections, 1)
        let job = SectionJob(leads: .allocate(capacity: max(count, 1)), counts: .allocate(capacity: workers * sections))
        defer { job.deallocate() }
        job.counts.initialize(repeating: 0)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let share = shares[worker]
            guard let base = job.leads.baseAddress, let allCounts = job.counts.baseAddress, !share.isEmpty else { return }
            let leads = base + share.lowerBound
            if let leadingBytes {
                leadingBytes(share, leads)
            } else {
                leads.initialize(repeating: 0, count: share.count)
            }
            // The section replaces the lead it came from.
            let counts = allCounts + worker * sections
            for offset in 0 ..< share.count {
                var section = UInt32(CollationFolding.section(ofLeadingBytes: leads[offset]))
                if section == UInt32(CollationFolding.unknownSection) {
                    section = UInt32(Self.section(of: share.lowerBound + offset, utf8: utf8))
                }
                section = min(section, UInt32(sections - 1))
                leads[offset] = section
                counts[Int(section)] += 1
            }
        }
        // Section by section, worker by worker: where each worker's records of a section begin.
        var starts = [Int](repeating: 0, count: sections + 1)
        let cursors = UnsafeMutableBufferPointer<Int>.allocate(capacity: workers * sections)
        defer { cursors.deallocate() }
        var position = 0
        for section in 0 ..< sections {
            starts[section] = position
            for worker in 0 ..< workers {
                cursors[worker * sections + section] = position
                position += job.counts[worker * sections + section]
            }
        }
        starts[sections] = position
        var order = [Int32](repeating: 0, count: count)
        order.withUnsafeMutableBufferPointer { order in
            let scatter = Scatter(order: order, cursors: cursors)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                guard let sectionOf = job.leads.baseAddress, let order = scatter.order.baseAddress,
                      let cursors = scatter.cursors.baseAddress else { return }
                let cursor = cursors + worker * sections
                for index in shares[worker] {
                    let section = Int(sectionOf[index])
                    order[cursor[section]] = Int32(index)
                    cursor[section] += 1
                }
            }
        }
        return Sectioned(order: order, starts: starts)
    }

    /// The section of record `index` by its title.
    private static func section(of index: Int, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> UInt8 {
        var section = UInt8(Collation.otherSection)
        utf8(index) { section = CollationFolding.section(utf8: $0) }
        return section
    }
}

extension CollationFolding {
    /// What ``section(ofLeadingBytes:)`` says of bytes that do not tell the section.
    static let unknownSection: UInt8 = 0xFF

    /// The section of a title by its first bytes after spaces (the first in the low byte),
    /// where its first character alone tells it: an ASCII letter its letter, other printable
    /// ASCII `#`, and a character of two to four bytes as the fast path folds it — kept
    /// whole (`#`), or folded to a letter (`é` → e) or to something else. Anything else — 0,
    /// control characters, a character the fast path skips at the start or leaves to the
    /// reference path — is ``unknownSection``: the title decides.
    static func section(ofLeadingBytes lead: UInt32) -> UInt8 {
        let first = UInt8(truncatingIfNeeded: lead)
        if first < 0x80 { return sectionOfASCII[Int(first)] }
        return withUnsafeBytes(of: lead.littleEndian) { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let (scalar, _) = decodeScalar(base, count: 4, at: 0), case .section(let section) = leadingFold(of: scalar)
            else { return unknownSection }
            return section
        }
    }

    /// The section of an ASCII byte first in a title: its letter, `#` for other printable
    /// ASCII (every path of the key keeps it first: neither whitespace nor a format
    /// character, and folded to itself), ``unknownSection`` for the rest.
    private static let sectionOfASCII: [UInt8] = (0 ..< 128).map { byte -> UInt8 in
        switch UInt8(byte) {
        case 0x41 ... 0x5A: UInt8(byte) - 0x41
        case 0x61 ... 0x7A: UInt8(byte) - 0x61
        case 0x21 ... 0x7E: UInt8(Collation.otherSection)
        default: unknownSection
        }
    }

    /// What the fast path makes of a character of two to four bytes at the start of a title.
    enum LeadingFold: Equatable {
        /// Skipped (whitespace, a format character, one that folds to nothing): the next decides.
        case skipped
        /// The key begins with it, in this section.
        case section(UInt8)
        /// The fast path leaves the title to the reference path.
        case unknown
    }

    /// How ``writeFastKey(utf8:to:)`` folds `scalar` (U+0080 or above) first in a title.
    static func leadingFold(of scalar: UInt32) -> LeadingFold {
        let table = FoldTable.shared
        guard let slot = FoldTable.slot(of: scalar) else {
            return table.foldsToItself(scalar) ? .section(UInt8(Collation.otherSection)) : .unknown
        }
        let entry = table.entry(slot)
        if entry.needsReference { return .unknown }
        if entry.length == 0 || entry.isIgnorable { return .skipped }
        let first = table.firstByte(slot)
        return .section(first >= letterA && first <= letterZ ? first - letterA : UInt8(Collation.otherSection))
    }

    /// The section byte of the key of the title in `utf8` (the first byte of the key the
    /// fast or the reference path makes): from the first character the key keeps, read as
    /// the fast path reads it, where the fast path can tell; else from the whole key.
    static func section(utf8: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if let section = leadingSection(utf8: utf8) { return section }
        let fast: UInt8? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFastKeyLength(utf8.count)) { buffer in
            guard let out = buffer.baseAddress, writeFastKey(utf8: utf8, to: out) != nil else { return nil }
            return out[0]
        }
        if let fast { return fast }
        return referenceKey(for: String(decoding: utf8, as: UTF8.self)).first ?? UInt8(Collation.otherSection)
    }

    /// The section of the first character the key of `utf8` keeps, as ``writeFastKey(utf8:to:)``
    /// folds it (leading whitespace and ignorable characters skipped), without reading on.
    /// A title the fast path gives up on later has the same first character by the reference
    /// path: the marks and the rest that make it give up come after that character, and
    /// folding them away leaves it as it is (a test holds the two to each other). Nil where
    /// the fast path gives up first.
    private static func leadingSection(utf8: UnsafeBufferPointer<UInt8>) -> UInt8? {
        let other = UInt8(Collation.otherSection)
        guard let base = utf8.baseAddress else { return other }
        let count = utf8.count
        var i = 0
        while i < count {
            let byte = base[i]
            if byte < 0x80 {
                i += 1
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
                return byte & 0xDF >= 0x41 && byte & 0xDF <= 0x5A ? (byte | 0x20) - letterA : other
            }
            guard let (scalar, width) = decodeScalar(base, count: count, at: i) else { return nil }
            i += width
            switch leadingFold(of: scalar) {
            case .skipped: continue
            case .section(let section): return section
            case .unknown: return nil
            }
        }
        return other
    }
}

import Foundation
import Synchronization

/// Records sectioned and sorted by a ``Collation``: the order a table shows them in.
///
/// `order` lists record indices section by section ("A" … "Z", then "#"), sorted within each
/// section by ``Collation/sortKey(for:)``, then by the titles' UTF-8 bytes, then by record
/// index, so the order is total and the same on every run. `sectionStarts` has one offset
/// into `order` per section and a last one at the end, so section `s` is
/// `order[sectionStarts[s] ..< sectionStarts[s + 1]]`.
package struct CollatedOrder: Sendable, Equatable {
    /// Record indices in display order.
    package var order: [Int32]
    /// Where each section starts in ``order``, plus the end: one more entry than sections.
    package var sectionStarts: [Int]

    /// An order from its parts; `sectionStarts` must be ascending and end at `order.count`.
    package init(order: [Int32], sectionStarts: [Int]) {
        self.order = order
        self.sectionStarts = sectionStarts
    }

    /// The number of records.
    package var count: Int { order.count }

    /// The number of sections (27 in English).
    package var sectionCount: Int { max(0, sectionStarts.count - 1) }

    /// The sections that have at least one record, ascending.
    var nonEmptySections: [Int] {
        (0..<sectionCount).filter { rows(inSection: $0) > 0 }
    }

    /// The number of records in `section`; 0 for a section out of range.
    package func rows(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        return sectionStarts[section + 1] - sectionStarts[section]
    }

    /// The record shown at `row` of `section`.
    ///
    /// - Precondition: `row` is in `0 ..< rows(inSection: section)`.
    package func record(section: Int, row: Int) -> Int {
        Int(order[sectionStarts[section] + row])
    }

    /// The section that the record at `position` of ``order`` belongs to.
    ///
    /// - Complexity: O(log s) in the number of sections.
    func section(ofPosition position: Int) -> Int {
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
    static func build(titles: [String], collation: Collation = .english) -> CollatedOrder {
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
    package static func build(
        count: Int, collation: Collation = .english, utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        var timings = BuildTimings()
        return build(count: count, collation: collation, timings: &timings, utf8: utf8)
    }

    /// How long ``build(count:collation:timings:utf8:)`` spent in each phase, for benchmarks.
    @_spi(Benchmarks) public struct BuildTimings: Sendable, Equatable {
        /// Sectioning every record by the first letter of its title before any key is made
        /// (``buildFirstRows(_:count:collation:concurrentUTF8:leadingBytes:)``); zero otherwise.
        public var sections: Duration = .zero
        /// Making the sort keys: every title folded once (for ``buildFirstRows(_:count:collation:concurrentUTF8:leadingBytes:)``:
        /// the titles of the sections that hold the first rows).
        public var keys: Duration = .zero
        /// Bucketing by section and sorting the sections (for ``buildFirstRows(_:count:collation:concurrentUTF8:leadingBytes:)``:
        /// only the first rows).
        public var sort: Duration = .zero
        /// Keying and sorting the rest after the first rows (``FirstRowsBuild/finish(threads:)``);
        /// zero otherwise.
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
    @_spi(Benchmarks) public static func build(
        count: Int, collation: Collation = .english, timings: inout BuildTimings,
        utf8: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        let (arena, offsets) = makeKeys(count: count, utf8: utf8)
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
    @_spi(Benchmarks) public static func build(
        count: Int, collation: Collation = .english, timings: inout BuildTimings,
        concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> CollatedOrder {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        let (arena, offsets) = makeKeys(count: count, concurrentUTF8: utf8)
        return sort(count: count, collation: collation, arena: arena, offsets: offsets, keysStarted: started, timings: &timings)
    }

    /// Sections and sorts in two steps, so that a table can show its first rows before the
    /// rest are sorted. First every record's section alone, from the first letter of its
    /// title, on every core: where the first character of what `leadingBytes` gives tells it
    /// (a letter, or a character the fast path keeps or folds), that says it, else the title
    /// is read up to the first character its key keeps. Then keys are made only
    /// for the sections that hold the first `rows` positions, and those positions chosen by
    /// a partial selection (linear time) and sorted. The build's
    /// ``FirstRowsBuild/finish(threads:)`` keys and sorts every record, on any thread.
    ///
    /// - Parameters:
    ///   - rows: How many positions from the start to put in place now (a screenful or more).
    ///   - count: The number of records, at most `Int32.max`.
    ///   - collation: The collation that sections and sorts.
    ///   - utf8: Calls its second argument with the UTF-8 bytes of the title of record
    ///     number its first argument; safe to call from any thread.
    ///   - leadingBytes: Writes, for each record of its range, the first four UTF-8 bytes of
    ///     its title after any spaces (U+0020), the first in the low byte and zeros past the
    ///     title's end, or 0 where it cannot say cheaply — when that is cheaper than reading
    ///     each title (a loader that can fetch ahead). Called from several threads at once,
    ///     each with records of its own. The bytes must be the title's: a wrong one puts the
    ///     record in a wrong section until the finish.
    /// - Returns: The build, whose ``FirstRowsBuild/firstRows`` has every section's final
    ///   start and count and the first `rows` positions of the final order.
    package static func buildFirstRows(
        _ rows: Int, count: Int, collation: Collation = .english,
        concurrentUTF8 utf8: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void,
        leadingBytes: LeadingBytes? = nil
    ) -> FirstRowsBuild {
        let started = ContinuousClock.now
        let count = max(0, min(count, Int(Int32.max)))
        let sections = collation.sectionTitles.count
        var sectioned = Self.sectioned(count: count, sections: sections, concurrentUTF8: utf8, leadingBytes: leadingBytes)
        let rows = max(0, min(rows, count))
        // The sections that hold the first rows, whole: only their records are keyed now.
        let firstEnd = sectioned.starts.first { $0 >= rows } ?? count
        let first = Array(sectioned.order[0 ..< firstEnd])
        let sectionsMade = ContinuousClock.now
        let (arena, offsets) = makeKeys(count: first.count, concurrentUTF8: { index, body in utf8(Int(first[index]), body) })
        let keysMade = ContinuousClock.now
        let buckets = BucketedKeys(count: first.count, sections: sections, arena: arena, offsets: offsets)
        var timings = BuildTimings()
        timings.sections = sectionsMade - started
        timings.keys = keysMade - sectionsMade
        let rest = FirstRowsBuild.Rest.everyKey(count: count, sections: sections, utf8: utf8)
        guard buckets.starts == sectioned.starts.map({ min($0, firstEnd) }) else {
            // A leading byte that was not the title's: the keys decide, for every record.
            let (arena, offsets) = makeKeys(count: count, concurrentUTF8: utf8)
            let whole = BucketedKeys(count: count, sections: sections, arena: arena, offsets: offsets)
            whole.sortFirst(rows)
            timings.sort = ContinuousClock.now - keysMade
            return FirstRowsBuild(firstRows: whole.order, sortedRows: rows, timings: timings, rest: .buckets(whole))
        }
        buckets.sortFirst(rows)
        var order = sectioned.order
        sectioned.order = []  // so that the writes below do not copy the order
        let chosen = buckets.order.order
        // The first sections as the selection left them: the first rows in place, the rest
        // of those sections after them.
        for position in 0 ..< firstEnd { order[position] = first[Int(chosen[position])] }
        timings.sort = ContinuousClock.now - keysMade
        return FirstRowsBuild(
            firstRows: CollatedOrder(order: order, sectionStarts: sectioned.starts), sortedRows: rows, timings: timings, rest: rest
        )
    }

    /// An order built in two steps by ``buildFirstRows(_:count:collation:concurrentUTF8:leadingBytes:)``.
    ///
    /// Safe to share between threads: ``finish(threads:)`` sorts under a lock, so a second
    /// call waits for the first and returns its order.
    package final class FirstRowsBuild: Sendable {
        /// The order as far as it is known: every section's start and count are final, and so
        /// are the first ``sortedRows`` positions; later positions hold their sections'
        /// records in no particular order.
        package let firstRows: CollatedOrder
        /// How many positions from the start of ``firstRows`` are final.
        package let sortedRows: Int
        /// What the rest of the build takes.
        fileprivate enum Rest: Sendable {
            /// Every record's key, then the whole sort.
            case everyKey(count: Int, sections: Int, utf8: @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void)
            /// Every key made and bucketed already: the sort of the sections after the first rows.
            case buckets(BucketedKeys)
        }
        /// What the build still holds: the rest until it is sorted, then the whole order.
        private struct State {
            var timings: BuildTimings
            var rest: Rest?
            var finished: CollatedOrder?
        }
        private let state: Mutex<State>

        /// The time spent so far; ``finish(threads:)`` adds ``BuildTimings/sortRest``.
        package var timings: BuildTimings { state.withLock { $0.timings } }

        fileprivate init(firstRows: CollatedOrder, sortedRows: Int, timings: BuildTimings, rest: Rest) {
            self.firstRows = firstRows
            self.sortedRows = sortedRows
            state = Mutex(State(timings: timings, rest: rest))
        }

        /// Sorts the rest and returns the whole order: the same as a one-step build's, and
        /// the same as ``firstRows`` in its first ``sortedRows`` positions. Call it from any
        /// thread; a call while another sorts waits for it, and later calls return the same
        /// order. The keys' memory is freed.
        ///
        /// - Parameter threads: How many threads may sort at once. One (the default) leaves
        ///   the other cores to the thread that shows the first rows meanwhile (the keys are
        ///   made on every core, as the first step made them).
        package func finish(threads: Int = 1) -> CollatedOrder {
            state.withLock { state in
                if let finished = state.finished { return finished }
                guard let rest = state.rest else { return firstRows }
                let started = ContinuousClock.now
                let order: CollatedOrder
                switch rest {
                case .everyKey(let count, let sections, let utf8):
                    let (arena, offsets) = makeKeys(count: count, concurrentUTF8: utf8)
                    let buckets = BucketedKeys(count: count, sections: sections, arena: arena, offsets: offsets)
                    buckets.sortSections(from: 0, threads: threads)
                    order = buckets.order
                case .buckets(let buckets):
                    buckets.sortSections(from: sortedRows, threads: threads)
                    order = buckets.order
                }
                state.timings.sortRest = ContinuousClock.now - started
                state.finished = order
                state.rest = nil
                return order
            }
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
}

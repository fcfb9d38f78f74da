import Foundation
import Synchronization
import TableKit

/// Live search over one ``IndexedRecords``, off the UI thread.
///
/// The UI thread calls ``submit(query:)`` on each keystroke and ``takeFinishedResult()`` when
/// told a search ended (``searchDidEnd``); both take a lock briefly and do no work in
/// proportion to the records. Searches
/// run one at a time on a background queue; a new query cancels the one running (within one
/// chunk of records). The first search folds every title and subtitle into a
/// ``FilterHaystack`` (call ``prepare()`` when the search bar opens to do it before the first
/// key); until it is built, a query also scans the records in order and shows its first
/// matches as it finds them. A query that extends an earlier one (after folding) searches only that one's
/// matches when they are few; recent results are kept, so backspacing is immediate.
final class RecordFilter: Sendable {
    /// The records searched.
    let records: IndexedRecords
    /// What of each record is searched.
    let scope: FilterHaystack.Scope

    private let queue = DispatchQueue(label: "TableKit.RecordFilter", qos: .userInitiated)
    /// Where a query scans the records while the haystack is still being built on ``queue``.
    private let scanQueue = DispatchQueue(label: "TableKit.RecordFilter.scan", qos: .userInitiated)
    /// Builds a haystack of the records in a scope, telling its progress.
    typealias HaystackBuilder = @Sendable (IndexedRecords, FilterHaystack.Scope, @escaping @Sendable (Double) -> Void) -> FilterHaystack
    /// Builds the haystack: ``FilterHaystack/build(records:scope:progress:)``, except in tests
    /// that hold it back to see the search that runs before it.
    private let buildHaystack: HaystackBuilder
    private let state = Mutex(State())
    /// Held while the haystack is built, so that it is built once.
    private let buildLock = NSLock()

    /// Records per unit of work between cancellation checks and progress reports.
    static let chunkSize = 16_384
    /// Before the haystack is built, a query's first matches are shown once this many are
    /// found (more than a screen holds), or as many as were found every ``partialInterval``.
    static let partialMatches = 256
    /// See ``partialMatches``.
    static let partialInterval = Duration.milliseconds(50)
    /// Results kept for narrowing and backspacing: at most this many, holding at most
    /// ``cacheMatchesPerRecord`` matches per record in all.
    static let cacheLimit = 12
    /// See ``cacheLimit``.
    static let cacheMatchesPerRecord = 3

    private struct State {
        /// Bumped by every submit, filterNow and cancel; a job whose number is stale stops.
        var generation = 0
        var progress: Double?
        var finished: FilterResult?
        /// Recent results, most recent last.
        var cache: [FilterResult] = []
        var haystack: FilterHaystack?
    }

    /// Called on the background queue when a search that started there ends: with its result
    /// ready for ``takeFinishedResult()``, or stopped by a later query or ``cancel()``.
    private let searchDidEnd: @Sendable () -> Void

    /// A filter over `records`; nothing is built until the first search or ``prepare()``.
    /// `searchDidEnd` is told each time a search in the background ends, and each time one
    /// made before the haystack was built has first matches to show.
    init(records: IndexedRecords, scope: FilterHaystack.Scope = .titles, searchDidEnd: @escaping @Sendable () -> Void = {},
         buildHaystack: @escaping HaystackBuilder = { FilterHaystack.build(records: $0, scope: $1, progress: $2) }) {
        self.records = records
        self.scope = scope
        self.searchDidEnd = searchDidEnd
        self.buildHaystack = buildHaystack
    }

    // MARK: UI thread

    /// Starts building the haystack in the background, if it is not built yet (never over a
    /// preview: its order changes when the rest of the sort comes).
    func prepare() {
        guard !records.isPreview, state.withLock({ $0.haystack == nil }) else { return }
        queue.async { _ = self.haystack(progress: nil) }
    }

    /// Whether the haystack is built (searches then start at once).
    var isPrepared: Bool { state.withLock { $0.haystack != nil } }

    /// The memory the haystack holds in bytes, or nil before it is built.
    var haystackMemoryBytes: Int? { state.withLock { $0.haystack?.memoryBytes } }

    /// Searches for `query` in the background, cancelling any search under way. An empty
    /// query, or one searched recently, is finished at once (``takeFinishedResult()`` has
    /// it now); any other ends with ``searchDidEnd``.
    ///
    /// - Complexity: O(length of the query) on the calling thread.
    func submit(query: String) {
        let key = FilterHaystack.key(for: query, collation: records.collation)
        let order = records.order
        let generation: Int? = state.withLock { state in
            state.generation += 1
            // A result of an earlier query not yet taken is stale now.
            state.finished = nil
            guard let key else {
                state.finished = .all(order, query: query)
                state.progress = nil
                return nil
            }
            if let cached = state.cache.last(where: { $0.key == key }) {
                var result = cached
                result.query = query
                state.finished = result
                state.progress = nil
                return nil
            }
            state.progress = 0
            return state.generation
        }
        guard let generation, let key else { return }
        if !isPrepared {
            // The haystack is being built (seconds at millions of records), or not built at
            // all over a preview: meanwhile the records are scanned in order, so the first
            // matches show at once.
            scanQueue.async { self.scanBeforeTheHaystack(generation: generation, query: query, key: key) }
        }
        // A preview's order changes when the rest of the sort comes: no haystack over it.
        if records.isPreview { return }
        queue.async {
            self.run(generation: generation, query: query, key: key)
            self.searchDidEnd()
        }
    }

    /// The fraction (0…1) of the search under way, or nil when none is.
    var progress: Double? { state.withLock { $0.progress } }

    /// The result of the latest ``submit(query:)`` once it is finished, once; nil otherwise.
    func takeFinishedResult() -> FilterResult? {
        state.withLock { state in
            defer { state.finished = nil }
            return state.finished
        }
    }

    /// Stops the search under way, if any; the last finished result stays as it is.
    func cancel() {
        state.withLock { state in
            state.generation += 1
            state.progress = nil
        }
    }

    // MARK: Synchronous

    /// Searches for `query` on the calling thread and returns the result (for the headless
    /// snapshot, which applies keys one after another, and for tests). Cancels any background
    /// search; the result is not delivered through ``takeFinishedResult()``.
    func filterNow(query: String) -> FilterResult {
        state.withLock { state in
            state.generation += 1
            state.progress = nil
            state.finished = nil
        }
        guard let key = FilterHaystack.key(for: query, collation: records.collation) else {
            return .all(records.order, query: query)
        }
        let (cached, base) = state.withLock { ($0.cache.last { $0.key == key }, Self.base(for: key, in: $0.cache)) }
        if var cached {
            cached.query = query
            return cached
        }
        if records.isPreview {
            var whole: FilterResult?
            scan(query: query, key: key, stopsEarly: false) { result, _ in
                whole = result
                return true
            }
            return whole ?? .all(records.order, query: query)
        }
        let haystack = haystack(progress: nil).haystack
        let result = search(query: query, key: key, haystack: haystack, base: base) { _ in true }
            ?? .all(records.order, query: query)
        state.withLock { Self.remember(result, in: &$0.cache, records: records.count) }
        return result
    }

    // MARK: Background

    private func run(generation: Int, query: String, key: [UInt8]) {
        guard state.withLock({ $0.generation == generation }) else { return }
        // Building the haystack is the first half of the progress of the search that builds it.
        let report: @Sendable (Double) -> Void = { fraction in
            self.state.withLock { if $0.generation == generation { $0.progress = fraction / 2 } }
        }
        let (haystack, built) = haystack(progress: report)
        let share = built ? 0.5 : 0.0
        let base: FilterResult?? = state.withLock { state in
            state.generation == generation ? .some(Self.base(for: key, in: state.cache)) : .none
        }
        guard let base else { return }
        let result = search(query: query, key: key, haystack: haystack, base: base) { fraction in
            self.state.withLock { state in
                guard state.generation == generation else { return false }
                state.progress = share + fraction * (1 - share)
                return true
            }
        }
        guard let result else { return }
        state.withLock { state in
            Self.remember(result, in: &state.cache, records: records.count)
            guard state.generation == generation else { return }
            state.finished = result
            state.progress = nil
        }
    }

    /// Scans the records in order, folding each as the haystack does, until the haystack is
    /// built or a later query comes: the matches in order so far are shown (as the latest
    /// result, the search still under way) once ``partialMatches`` are, and every
    /// ``partialInterval`` while fewer are; the scan stops at ``partialMatches``, the search
    /// on the haystack bringing the rest (or, for a preview, the search again in the whole
    /// order, ``RecordListScreen``). A scan that reaches the last record first is the whole
    /// result.
    private func scanBeforeTheHaystack(generation: Int, query: String, key: [UInt8]) {
        let proceed = { self.state.withLock { $0.generation == generation && $0.haystack == nil } }
        scan(query: query, key: key, stopsEarly: true, proceed: proceed) { result, isWhole in
            let isShown: Bool = state.withLock { state in
                // The haystack's search has the word once the haystack is built.
                guard state.generation == generation, state.haystack == nil else { return false }
                state.finished = result
                if isWhole {
                    Self.remember(result, in: &state.cache, records: records.count)
                    state.progress = nil
                }
                return true
            }
            if isShown { searchDidEnd() }
            return isShown
        }
    }

    /// Scans the records in their order for `key`, handing `publish` the matches in order so
    /// far (and whether they are all the matches) when there are new ones to show; stops
    /// when `publish` says so, at the last record, or (`stopsEarly`) once ``partialMatches``
    /// are in order, or when `proceed` (asked between chunks) says to stop.
    ///
    /// Records in their whole order give their matches in order as they are found. A preview
    /// (the rest of the sort under way) holds its first rows in place and every section's
    /// records in the right section, though not yet in order within it: the matches among
    /// the first rows are in order as found, every later match sorts after them, and each
    /// later section's matches are put in the whole order's order once its last record is
    /// scanned.
    private func scan(
        query: String, key: [UInt8], stopsEarly: Bool, proceed: () -> Bool = { true }, publish: (FilterResult, Bool) -> Bool
    ) {
        let store = records.store, collation = records.collation, order = records.order
        let starts = order.sectionStarts
        var matches: [Int32] = []
        var folded: [UInt8] = []
        var complete = 0  // matches before this are in the whole order's order
        var shown = 0
        var lastShown = ContinuousClock.now
        var section = 0
        var position = 0
        let isFull = { stopsEarly && complete >= Self.partialMatches }
        while position < order.count {
            let end = min(position + 2_048, order.count)
            while position < end, !isFull() {
                folded.removeAll(keepingCapacity: true)
                FilterHaystack.appendFolded(record: Int(order.order[position]), of: store, scope: scope, collation: collation, to: &folded)
                if Self.holds(key, folded) { matches.append(Int32(position)) }
                position += 1
                if position <= records.positionsInPlace { complete = matches.count }
                while section + 1 < starts.count, starts[section + 1] <= position {
                    records.putInWholeOrder(&matches[complete...])
                    complete = matches.count
                    section += 1
                }
            }
            let isWhole = position == order.count
            let isDue = stopsEarly && complete > shown && ContinuousClock.now - lastShown >= Self.partialInterval
            guard isWhole || isFull() || isDue else {
                if !proceed() { return }
                continue
            }
            guard publish(FilterResult(query: query, key: key, matches: Array(matches[..<complete]), order: order), isWhole) else { return }
            shown = complete
            lastShown = ContinuousClock.now
            if isWhole || isFull() { return }
        }
        if order.count == 0 { _ = publish(FilterResult(query: query, key: key, matches: [], order: order), true) }
    }

    /// Whether `folded` (one record as ``FilterHaystack/appendFolded(record:of:scope:collation:to:)``
    /// folds it) holds `key` after its record separator, where the haystack's matches start.
    private static func holds(_ key: [UInt8], _ folded: [UInt8]) -> Bool {
        guard folded.count > key.count else { return false }
        return key.withUnsafeBytes { needle in
            folded.withUnsafeBytes { bytes in
                guard let needle = needle.baseAddress, let bytes = bytes.baseAddress else { return false }
                return findBytes(needle, key.count, in: bytes + 1, folded.count - 1) != nil
            }
        }
    }

    /// The haystack, built on the calling thread (reporting to `progress`) if no other thread
    /// has built it; `built` says whether this call built it.
    private func haystack(progress: (@Sendable (Double) -> Void)?) -> (haystack: FilterHaystack, built: Bool) {
        if let ready = state.withLock({ $0.haystack }) { return (ready, false) }
        buildLock.lock()
        defer { buildLock.unlock() }
        if let ready = state.withLock({ $0.haystack }) { return (ready, false) }
        let made = buildHaystack(records, scope, progress ?? { _ in })
        state.withLock { $0.haystack = made }
        return (made, true)
    }

    /// The matches of `key`, chunk by chunk; nil when `proceed` (called between chunks with
    /// the fraction done) says to stop. Only `base`'s matches are searched when there is a base.
    private func search(
        query: String, key: [UInt8], haystack: FilterHaystack, base: FilterResult?, proceed: (Double) -> Bool
    ) -> FilterResult? {
        let count = haystack.count
        let candidates = base?.matches
        var matches: [Int32] = []
        matches.reserveCapacity(min(candidates?.count ?? count, 1 << 16))
        var cursor = 0
        let finished: Bool = key.withUnsafeBytes { needle in
            var chunkStart = 0
            while chunkStart < count {
                guard proceed(Double(chunkStart) / Double(count)) else { return false }
                let chunkEnd = min(chunkStart + Self.chunkSize, count)
                if let candidates {
                    let first = cursor
                    while cursor < candidates.count, Int(candidates[cursor]) < chunkEnd { cursor += 1 }
                    // Few candidates: test each; many: one scan of the chunk finds the same.
                    if (cursor - first) * 4 < chunkEnd - chunkStart {
                        candidates.withUnsafeBufferPointer { all in
                            let slice = UnsafeBufferPointer(rebasing: all[first ..< cursor])
                            haystack.check(needle, candidates: slice, into: &matches)
                        }
                    } else {
                        haystack.scan(needle, positions: chunkStart ..< chunkEnd, into: &matches)
                    }
                } else {
                    haystack.scan(needle, positions: chunkStart ..< chunkEnd, into: &matches)
                }
                chunkStart = chunkEnd
            }
            return true
        }
        guard finished else { return nil }
        return FilterResult(query: query, key: key, matches: matches, order: records.order)
    }

    /// The cached result with the fewest matches whose key occurs in `key`: every match of
    /// `key` is one of its matches.
    private static func base(for key: [UInt8], in cache: [FilterResult]) -> FilterResult? {
        var best: FilterResult?
        for result in cache where result.matches != nil && result.count < (best?.count ?? Int.max) {
            if contains(key, result.key) { best = result }
        }
        return best
    }

    /// Whether `part` occurs in `whole` as a run of bytes.
    private static func contains(_ whole: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= whole.count else { return false }
        guard !part.isEmpty else { return true }
        return (0 ... whole.count - part.count).contains { whole[$0 ..< $0 + part.count].elementsEqual(part) }
    }

    private static func remember(_ result: FilterResult, in cache: inout [FilterResult], records: Int) {
        cache.removeAll { $0.key == result.key }
        cache.append(result)
        if cache.count > cacheLimit { cache.removeFirst(cache.count - cacheLimit) }
        var total = cache.reduce(0) { $0 + $1.count }
        while cache.count > 1, total > cacheMatchesPerRecord * max(records, 1) {
            total -= cache.removeFirst().count
        }
    }
}

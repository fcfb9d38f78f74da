import Foundation
import TableKit

/// A record list's search over its records: one filter per scope (Title, All Fields), each
/// made when first searched, on a background queue or, for snapshots and tests, at once.
@MainActor
final class RecordSearch {
    /// Filters on the calling thread (snapshots and tests) instead of in the background.
    let searchesSynchronously: Bool
    /// The filters made so far, by scope; they search the records they were made over.
    var filters: [FilterHaystack.Scope: RecordFilter] = [:]

    /// Told, on the filter's thread, when a background search ends: the list posts itself an
    /// event. Set before the first search.
    var searchDidEnd: @Sendable () -> Void = {}
    /// How the filters made from now on build their haystacks: the haystack's own build,
    /// except in tests that hold it back to see what happens before it.
    var buildHaystack: RecordFilter.HaystackBuilder = { FilterHaystack.build(records: $0, scope: $1, progress: $2) }

    init(searchesSynchronously: Bool) {
        self.searchesSynchronously = searchesSynchronously
    }

    /// The filter of `scope` over `records`, made now if it is not made yet.
    func filter(_ scope: FilterHaystack.Scope, over records: IndexedRecords) -> RecordFilter {
        if let made = filters[scope] { return made }
        let made = RecordFilter(records: records, scope: scope, searchDidEnd: searchDidEnd, buildHaystack: buildHaystack)
        filters[scope] = made
        return made
    }

    /// Whether the title search's index is built (a first search then starts at once).
    var isTitleSearchPrepared: Bool { filters[.titles]?.isPrepared ?? false }

    /// Starts building the title search's index in the background: the first `/` then finds
    /// results as fast as the later ones, instead of waiting for the index (half a second at
    /// a million records). All Fields is still built when chosen.
    func prepareTitles(over records: IndexedRecords) {
        guard !searchesSynchronously else { return }
        filter(.titles, over: records).prepare()
    }

    /// Searches `scope` for `query`: the result now when searching synchronously; else nil,
    /// and the result comes through ``poll(_:over:)`` (at once for a query searched recently,
    /// else once ``searchDidEnd`` says so). A scope change stops the other
    /// scope's search.
    func search(for query: String, in scope: FilterHaystack.Scope, over records: IndexedRecords) -> FilterResult? {
        for (other, filter) in filters where other != scope { filter.cancel() }
        let filter = filter(scope, over: records)
        if searchesSynchronously { return filter.filterNow(query: query) }
        filter.submit(query: query)
        return nil
    }

    /// The search of `scope` under way: a result finished since the last look (once), and the
    /// progress of the one still running (nil when the filter is idle).
    func poll(_ scope: FilterHaystack.Scope, over records: IndexedRecords) -> (result: FilterResult?, progress: Double?) {
        let filter = filter(scope, over: records)
        // Idle is read before the result is taken, so a result finished in between is not
        // lost. A result that arrives while a later query still runs is shown meanwhile, but
        // the results are not complete until the filter is idle.
        let progress = filter.progress
        return (filter.takeFinishedResult(), progress)
    }

    /// Stops every search under way.
    func cancelAll() {
        filters.values.forEach { $0.cancel() }
    }
}

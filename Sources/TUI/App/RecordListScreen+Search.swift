import Foundation
import TableKit

/// Live search over the records: one filter per scope, the title index built in the
/// background once the list shows, and a search kept across a reload.
extension RecordListScreen {
    /// Whether the title search's index is built (a first search then starts at once).
    var isTitleSearchPrepared: Bool { filters[.titles]?.isPrepared ?? false }

    /// Starts building the title search's index in the background once the list can show:
    /// the first `/` then finds results as fast as the later ones, instead of waiting for the
    /// index (half a second at a million records). All Fields is still built when chosen.
    func prepareTitleSearch() {
        guard records.isSorted, !records.isPreview, !searchesSynchronously, searchController != nil else { return }
        let titles = filters[.titles] ?? RecordFilter(records: records, scope: .titles)
        filters[.titles] = titles
        titles.prepare()
    }

    func willPresentSearch(_ searchController: SearchController) {
        if !searchesSynchronously { filter.prepare() }
        updateEmptyMessage()
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        // A scope change stops the other scope's search.
        for (scope, other) in filters where scope != self.scope { other.cancel() }
        if searchesSynchronously {
            show(filter.filterNow(query: searchController.text))
            return .shown
        }
        filter.submit(query: searchController.text)
        return pollSearchResults(for: searchController)
    }

    func pollSearchResults(for searchController: SearchController) -> SearchUpdate {
        // Idle is read before the result is taken, so a result finished in between is not
        // lost. A result that arrives while a later query still runs is shown meanwhile, but
        // the results are not complete until the filter is idle.
        let progress = filter.progress
        if let result = filter.takeFinishedResult() { show(result) }
        return progress == nil ? .shown : .pending(progress: progress)
    }

    func cancelSearchUpdate(_ searchController: SearchController) {
        filters.values.forEach { $0.cancel() }
    }

    func didDismissSearch(_ searchController: SearchController) {
        filterResult = nil
        updateBadge()
    }

    private func show(_ result: FilterResult) {
        filterResult = result
        updateBadge()
    }

    /// What was searched for when the records were replaced, to search for again.
    struct InterruptedSearch {
        var text: String
        var isEditing: Bool
    }

    /// Runs an interrupted search again over the records now shown (the same text and scope;
    /// the field keeps the keyboard if it had it): a reload or a new order does not drop what
    /// was typed.
    func resume(_ search: InterruptedSearch?) {
        guard let search else { return }
        self.search(for: search.text)
        if search.isEditing { beginSearch() }
    }
}

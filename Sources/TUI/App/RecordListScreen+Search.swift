import Foundation
import TableKit

/// Live search over the records: one filter per scope, the title index built in the
/// background once the list shows, and a search kept across a reload.
extension RecordListScreen {
    /// The scope the search bar has chosen.
    var scope: FilterHaystack.Scope {
        FilterHaystack.Scope(rawValue: searchController?.selectedScopeButtonIndex ?? 0) ?? .titles
    }

    /// Whether the title search's index is built (a first search then starts at once).
    var isTitleSearchPrepared: Bool { searching.isTitleSearchPrepared }

    /// Starts building the title search's index in the background once the list can show.
    func prepareTitleSearch() {
        guard records.isSorted, !records.isPreview, searchController != nil else { return }
        searching.prepareTitles(over: records)
    }

    func willPresentSearch(_ searchController: SearchController) {
        if !searching.searchesSynchronously { searching.filter(scope, over: records).prepare() }
        updateEmptyMessage()
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        if let result = searching.search(for: searchController.text, in: scope, over: records) {
            researchesAfterTheRest = false
            showSearchResult(result)
            return .shown
        }
        // A query searched recently is finished already.
        let (result, progress) = searching.poll(scope, over: records)
        if let result { showSearchResult(result) }
        if progress == nil { researchesAfterTheRest = false }
        return progress == nil ? .shown : .pending(progress: progress)
    }

    func searchProgress(for searchController: SearchController) -> Double? {
        searching.filters[scope]?.progress
    }

    /// Tells this list, from the filter's thread, when a background search ends: the end
    /// arrives as an event (``backgroundSearchDidEnd()``). A headless run waits for it as for
    /// any pending search: the progress sheet's timer, then the sheet, keep it going.
    func listenForSearchEnds() {
        searching.searchDidEnd = { [weak self] in
            if let self { Mailbox.main.post(to: self) { [weak self] in self?.backgroundSearchDidEnd() ?? .handled } }
        }
    }

    /// A background search ended: its result, if it is the latest query's, replaces the one
    /// shown; once no search runs, the search controller is told the results are in. A
    /// result that arrives while a later query still runs is shown meanwhile; one that
    /// arrives after Esc ended the search is not.
    private func backgroundSearchDidEnd() -> ScreenResponse {
        guard searchController?.isActive == true else { return .handled }
        let (result, progress) = searching.poll(scope, over: records)
        if let result { showSearchResult(result) }
        guard progress == nil, let searchController else { return .handled }
        researchesAfterTheRest = false
        return searchController.finishPendingUpdate()
    }

    func cancelSearchUpdate(_ searchController: SearchController) {
        searching.cancelAll()
    }

    func didDismissSearch(_ searchController: SearchController) {
        researchesAfterTheRest = false
        showSearchResult(nil)
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

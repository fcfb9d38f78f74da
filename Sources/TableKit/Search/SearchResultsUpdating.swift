/// Where a search's results come from, as `UISearchResultsUpdating`: the object that filters
/// the table when the search text changes.
///
/// A filter that is quick answers at once: it filters, shows the results (say, by setting the
/// table controller's ``TableViewController/dataSource``) and returns ``SearchUpdate/shown``.
/// A filter that takes time starts the work elsewhere and returns
/// ``SearchUpdate/pending(progress:)``; the search controller then polls it every tick, shows a
/// progress sheet with Cancel after half a second, and keeps polling under the sheet until the
/// results are shown.
///
/// ```swift
/// extension FruitList: SearchResultsUpdating {
///     func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
///         dataSource = fruits.filtered(by: searchController.text)
///         return .shown
///     }
///     func didDismissSearch(_ searchController: SearchController) {
///         dataSource = fruits
///     }
/// }
/// ```
@MainActor
public protocol SearchResultsUpdating: AnyObject {
    /// The search began (`/`): a chance to prepare, such as building an index in the
    /// background. Default: nothing.
    func willPresentSearch(_ searchController: SearchController)
    /// The text changed: filter by ``SearchController/text`` and show the results, or start
    /// filtering and say the results are pending.
    func updateSearchResults(for searchController: SearchController) -> SearchUpdate
    /// Polled every tick while results are pending: `.shown` once the results are on the
    /// table. Default: `.shown`.
    func pollSearchResults(for searchController: SearchController) -> SearchUpdate
    /// A person cancelled a slow search from its progress sheet: stop the work. The results
    /// shown before stay, and the text goes back to theirs. Default: nothing.
    func cancelSearchUpdate(_ searchController: SearchController)
    /// The search ended (Esc): show everything again.
    func didDismissSearch(_ searchController: SearchController)
}

extension SearchResultsUpdating {
    /// Nothing to prepare.
    public func willPresentSearch(_ searchController: SearchController) {}
    /// Nothing was pending.
    public func pollSearchResults(for searchController: SearchController) -> SearchUpdate { .shown }
    /// Nothing to stop.
    public func cancelSearchUpdate(_ searchController: SearchController) {}
}

/// Whether a search's results are on the table yet.
public enum SearchUpdate: Hashable, Sendable {
    /// The table shows the results for the text.
    case shown
    /// The results are being worked out; `progress` is the fraction done, `nil` when unknown.
    case pending(progress: Double?)
}

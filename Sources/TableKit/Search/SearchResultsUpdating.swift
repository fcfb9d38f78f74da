/// Where a search's results come from, as `UISearchResultsUpdating`: the object that filters
/// the table when the search text changes.
///
/// A filter that is quick answers at once: it filters, shows the results (say, by setting the
/// table controller's ``TableViewController/dataSource``) and returns ``SearchUpdate/shown``.
/// A filter that takes time starts the work elsewhere and returns
/// ``SearchUpdate/pending(progress:)``. When the results arrive (an event, such as the
/// delivery of ``Screen/runInBackground(_:then:)``), it shows them and calls
/// ``SearchController/finishPendingUpdate()``. If they have not arrived half a second after
/// the first key they were owed for, a progress sheet with Cancel shows, reading
/// ``searchProgress(for:)`` as it draws.
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
    /// How far along the pending results are, 0…1, or `nil` when unknown: read by the
    /// progress sheet as it draws. Default: `nil`.
    func searchProgress(for searchController: SearchController) -> Double?
    /// A person cancelled a slow search from its progress sheet: stop the work. The results
    /// shown before stay, and the text goes back to theirs. Default: nothing.
    func cancelSearchUpdate(_ searchController: SearchController)
    /// The search ended (Esc): show everything again.
    func didDismissSearch(_ searchController: SearchController)
}

extension SearchResultsUpdating {
    /// Nothing to prepare.
    public func willPresentSearch(_ searchController: SearchController) {}
    /// Progress unknown.
    public func searchProgress(for searchController: SearchController) -> Double? { nil }
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

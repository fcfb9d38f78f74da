import TableKit

/// A screen whose search filters grouped sections, as Games and Add New Keyboard do: the text
/// narrows every item to the matches, in their sections, and the search's end shows every
/// item again. The screen shows ``shown`` (its `didSet` sets the data source).
@MainActor
protocol GroupedSectionsSearching: SearchResultsUpdating {
    associatedtype Item
    /// Every item, in its sections.
    var all: GroupedSections<Item> { get }
    /// The sections the table shows: every item, or the matches of the search.
    var shown: GroupedSections<Item> { get set }
}

extension GroupedSectionsSearching {
    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        shown = all.filtered(by: searchController.text)
        return .shown
    }

    func didDismissSearch(_ searchController: SearchController) {
        shown = all
    }
}

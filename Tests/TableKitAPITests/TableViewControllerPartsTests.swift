import Foundation
import TableKit
import Testing

/// A long list with every feature at once: a title control, a search (that shows every row
/// whatever is typed), a page scrubber, and a Flag menu on every row's trailing side.
@MainActor
private final class EveryFeatureList: TableViewController, TableViewDelegate, SearchResultsUpdating {
    var flagged: [Int] = []

    init() {
        super.init(title: "All", dataSource: StaticTableDataSource(cells: (0 ..< 60).map { TableViewCell(text: "Row \($0)") }))
        titleSegmentedControl = SegmentedControl(segments: ["Name", "Date"])
        showsPageScrubber = true
        let search = SearchController()
        search.searchResultsUpdater = self
        searchController = search
        delegate = self
    }

    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(title: "Flag") { [weak self] row in
            self?.flagged.append(row.row)
            return .handled
        }])
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate { .shown }

    func didDismissSearch(_ searchController: SearchController) {}
}

@MainActor
@Suite("A table screen's features take keys in order")
struct TableViewControllerPartsTests {
    static let size = Size(width: 40, height: 10)

    @Test func whileTheSearchFieldIsEditedItTakesEveryKeyTheOtherFeaturesUse() {
        let list = EveryFeatureList()
        _ = press([.character("/"), .character("s"), .character("p"), .backTab], on: list, size: Self.size)
        #expect(list.searchController?.text == "sp", "s and p are typed, not a swipe or the scrubber")
        #expect(!list.isSwipeMenuOpen && !list.isTitleControlFocused)
        #expect(list.keyHints.map(\.key).contains("↓"), "the field's keys are the footer's")
    }

    @Test func withAMenuOpenShiftTabStillReachesTheTitleControlAndClosesTheMenu() {
        let list = EveryFeatureList()
        _ = press([.character("s")], on: list, size: Self.size)
        #expect(list.isSwipeMenuOpen && list.keyHints.map(\.help) == ["choose", "act", "close"])
        _ = press([.backTab], on: list, size: Self.size)
        #expect(list.isTitleControlFocused && !list.isSwipeMenuOpen)
        #expect(list.keyHints.map(\.help) == ["move", "choose", "back"])
    }

    @Test func fromTheRowsHelpListsEveryFeaturesWayInAfterTheRowsKeys() {
        let list = EveryFeatureList()
        list.layout(for: Self.size)
        let help = list.keyHelp.map(\.key)
        let wayIn = Array(help.suffix(4))
        // One order for keys, help and the footer: the order the parts get keys in.
        #expect(wayIn == ["S-Tab", "p", "/", "s S-←"], "the title control, the scrubber, the search, swipe")
        #expect(list.keyHints.map(\.key).suffix(2) == ["/", "s"], "the footer: search before swipe")
    }
}

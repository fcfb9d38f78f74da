import Foundation
import TableKit
import Testing

/// Fruit to pick several of: leading checks, items identified by name, a search, the count in
/// the title, Select All / Select None in the toolbar, and Enter opening a fruit.
@MainActor
private final class FruitPicker: TableViewController, TableViewDelegate, SearchResultsUpdating {
    let all = fruitSections().identified(by: \.name)
    var opened: [String] = []

    init() {
        var table = TableView()
        table.selectionMode = .multiple(.leading)
        super.init(title: "Fruit", tableView: table, dataSource: all)
        showsSelectionCount = true
        delegate = self
        let search = SearchController(placeholder: "Search Fruit")
        search.searchResultsUpdater = self
        searchController = search
    }

    override var toolbarItems: [BarButtonItem] { selectionBarButtonItems() }

    var checkedNames: Set<String> { Set(identifiersOfSelectedItems.compactMap { $0.base as? String }) }

    func tableView(_ tableView: TableViewController, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(_ tableView: TableViewController, performPrimaryActionForRowAt indexPath: IndexPath) -> ScreenResponse {
        opened += all.filtered(by: searchController?.text ?? "").item(at: indexPath).map { [$0.name] } ?? []
        return .handled
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        dataSource = all.filtered(by: searchController.text)
        return .shown
    }

    func didDismissSearch(_ searchController: SearchController) {
        dataSource = all
    }
}

@MainActor
@Suite("Multiple selection: checks that follow their items through a search, Select All / None, the count as the title")
struct MultipleSelectionTests {
    let size = Size(width: 34, height: 10)

    private func picker() -> FruitPicker {
        let picker = FruitPicker()
        picker.layout(for: size)
        return picker
    }

    private func type(_ text: String, into picker: FruitPicker) {
        press(text.map { Key.character($0) }, on: picker, size: size)
    }

    @Test func checksFollowTheirItemsThroughASearchAndComeBackWithIt() {
        let picker = picker()
        // apple, avocado, Banana, …: check apple and Banana.
        press([.space, .down, .down, .space], on: picker, size: size)
        #expect(picker.checkedNames == ["apple", "Banana"])
        #expect(NavigationController(root: picker).navigationBar.title == "2 Selected")

        // "red" shows apple and Cherry: apple keeps its check, Banana waits out of sight.
        press([.character("/")], on: picker, size: size)
        type("red", into: picker)
        press([.enter], on: picker, size: size)
        let results = lines(of: picker, size: size)
        #expect(results.hasLine(startingWith: " ◉   apple"), "\(results.joined(separator: "\n"))")
        #expect(results.hasLine(startingWith: " ○   Cherry"))
        #expect(!results.contains { $0.contains("Banana") })
        #expect(picker.navigationTitle == "2 Selected", "the hidden check still counts")

        // Cherry is checked among the results; Esc brings all three back checked.
        press([.down, .down, .space], on: picker, size: size)
        #expect(picker.checkedNames == ["apple", "Banana", "Cherry"])
        press([.escape], on: picker, size: size)
        let full = lines(of: picker, size: size)
        #expect(full.hasLine(startingWith: " ◉   apple"), "\(full.joined(separator: "\n"))")
        #expect(full.hasLine(startingWith: " ○   avocado"))
        #expect(full.hasLine(startingWith: " ◉   Banana"))
        #expect(full.hasLine(startingWith: " ◉   Cherry"))
        #expect(picker.indexPathsForSelectedRows.count == 3)
        #expect(picker.navigationTitle == "3 Selected")
    }

    @Test func checksSurviveScrollingAndResize() {
        let picker = picker()
        press([.space, .end, .space], on: picker, size: size)
        press([.home], on: picker, size: size)
        picker.layout(for: Size(width: 24, height: 4))
        picker.layout(for: size)
        #expect(picker.checkedNames == ["apple", "7up melon"])
        let shown = lines(of: picker, size: Size(width: 34, height: 16))
        #expect(shown.hasLine(startingWith: " ◉   apple"))
        #expect(shown.hasLine(startingWith: " ◉   7up melon"))
    }

    @Test func selectAllAndSelectNoneAreDimmedWhenTheyWouldChangeNothing() {
        let picker = picker()
        let enabled = { Dictionary(uniqueKeysWithValues: picker.toolbarItems.map { ($0.id, $0.isEnabled) }) }
        #expect(enabled() == [.selectAll: true, .selectNone: false])
        _ = picker.barButtonTapped(.selectAll, area: Rect(origin: .zero, size: size))
        #expect(picker.checkedNames.count == someFruit.count)
        #expect(picker.navigationTitle == "6 Selected")
        #expect(enabled() == [.selectAll: false, .selectNone: true])

        // Select None also unchecks what a search hides.
        press([.character("/")], on: picker, size: size)
        type("red", into: picker)
        _ = picker.barButtonTapped(.selectNone, area: Rect(origin: .zero, size: size))
        #expect(picker.checkedNames.isEmpty)
        #expect(picker.navigationTitle == "Fruit")
        press([.escape, .escape], on: picker, size: size)
        #expect(picker.indexPathsForSelectedRows.isEmpty)
    }

    @Test func enterOpensTheRowWithoutTouchingTheChecks() {
        let picker = picker()
        press([.space, .down, .enter], on: picker, size: size)
        #expect(picker.opened == ["avocado"])
        #expect(picker.checkedNames == ["apple"])
        #expect(picker.keyHelp.contains { $0.key.hasPrefix("Enter") })
        picker.delegate = nil
        #expect(!picker.keyHelp.contains { $0.key.hasPrefix("Enter") }, "no primary action, no Enter")
    }
}

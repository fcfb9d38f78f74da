import Foundation
import TableKit
import TableKitTerminal

struct Fruit {
    let name: String
    let colour: String
}

let fruits = """
    Açaí purple, Apple red, Apricot orange, Avocado green, Banana yellow, Blackberry black,
    Blueberry blue, Cherry red, Coconut brown, Cranberry red, Date brown, Durian green,
    Elderberry black, Fig purple, Grape green, Guava pink, Kiwi brown, Lemon yellow, Lime green,
    Lychee pink, Mango orange, Nectarine orange, Olive green, Orange orange, Papaya orange,
    Pear green, Quince yellow, Raspberry red, Tangerine orange, Watermelon green
    """.split(separator: ",").map { entry in
        let words = entry.split(whereSeparator: \.isWhitespace)
        return Fruit(name: String(words[0]), colour: String(words[1]))
    }

/// Thirty fruits in sections A–Z with an index; `/` searches; Enter opens one.
final class FruitList: TableViewController, TableViewDelegate, SearchResultsUpdating {
    let all = IndexedSections(fruits, title: \.name) { fruit in
        TableViewCell(style: .subtitle, text: fruit.name, detailText: fruit.colour, accessory: .disclosureIndicator)
    }
    lazy var shown = all { didSet { dataSource = shown } }

    init() {
        super.init(title: "Fruit", dataSource: all)
        delegate = self
        searchController = SearchController(placeholder: "Search Fruit")
        searchController?.searchResultsUpdater = self
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard let fruit = shown.item(at: indexPath) else { return .handled }
        let facts = TableSection(header: "Fruit", cells: [
            TableViewCell(style: .value1, text: "Name", detailText: fruit.name),
            TableViewCell(style: .value1, text: "Colour", detailText: fruit.colour),
        ])
        return .push(TableViewController(title: fruit.name, style: .grouped, dataSource: StaticTableDataSource([facts])))
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        shown = all.filtered(by: searchController.text)
        return .shown
    }

    func didDismissSearch(_ searchController: SearchController) {
        shown = all
    }
}

TerminalApp(root: RootController(content: NavigationController(root: FruitList()))).main()

import Foundation
import TableKit
import TableKitTestSupport
import Testing

private struct Game: Hashable {
    let title: String
    let genre: String
    let year: Int
}

private let games = [
    Game(title: "Tetris", genre: "Puzzle", year: 1984), Game(title: "Doom", genre: "Action", year: 1993),
    Game(title: "Myst", genre: "Puzzle", year: 1993), Game(title: "Braid", genre: "Puzzle", year: 2008),
    Game(title: "Quake", genre: "Action", year: 1996), Game(title: "Élite", genre: "Space", year: 1984),
]

@MainActor
private func gameCell(_ game: Game) -> TableViewCell {
    TableViewCell(style: .value1, text: game.title, detailText: String(game.year))
}

/// Ready-made data sources of items: grouped under a key of the app's choosing, or sectioned
/// A–Z, and the ways an app finds, filters and follows its items in them.
@MainActor
@Suite("Sectioned items: groups by a key, their queries and copies; where an A–Z item's row is")
struct SectionedItemsAPITests {
    static let size = Size(width: 30, height: 10)

    @Test func itemsAreGroupedUnderTheirKeysAndSortedAsTheCollationSorts() {
        let grouped = GroupedSections(games, section: \.genre, title: \.title, cell: gameCell)
        #expect(grouped.sections.map(\.title) == ["Action", "Puzzle", "Space"])
        #expect(grouped.sections.map { $0.items.map(\.title) } == [["Doom", "Quake"], ["Braid", "Myst", "Tetris"], ["Élite"]])
        #expect(grouped.count == 6)
        #expect(grouped.item(at: IndexPath(row: 1, section: 1))?.title == "Myst")
        #expect(grouped.item(at: IndexPath(row: 3, section: 1)) == nil, "past the group's end")
        #expect(grouped.indexPath(where: { $0.title.hasPrefix("É") }) == IndexPath(row: 0, section: 2))
        expectFrame(canvas(of: TableViewController(title: "Games", dataSource: grouped), size: Self.size), equals: [
            " Action",
            " Doom                    1993",
            " Quake                   1996",
            " Puzzle",
            " Braid                   2008",
            " Myst                    1993",
            " Tetris                  1984",
            " Space",
            " Élite                   1984",
            "",
        ])
    }

    @Test func theKeyMayBeComputedAndASearchOrARemovalKeepsOnlyTheGroupsLeftWithItems() {
        let eras = GroupedSections(games, section: { $0.year < 1990 ? "Eighties" : "Nineties on" }, title: { $0.title }, cell: gameCell)
        #expect(eras.sections.map(\.title) == ["Eighties", "Nineties on"])
        let found = eras.filtered(by: "E")
        #expect(found.sections.map { $0.items.map(\.title) } == [["Élite", "Tetris"], ["Quake"]], "case and accents ignored")
        #expect(eras.filtered(by: "ELI").sections.map(\.title) == ["Eighties"])
        #expect(eras.filtered(by: "").count == 6, "an empty search keeps everything")
        let later = eras.removing { $0.year < 1990 }
        #expect(later.sections.map(\.title) == ["Nineties on"] && later.count == 4)
    }

    @Test func identifiedItemsKeepTheirChecksWhenTheRowsChange() {
        let all = GroupedSections(games, section: \.genre, title: \.title, cell: gameCell).identified(by: \.title)
        var table = TableView()
        table.selectionMode = .multiple(.leading)
        let screen = TableViewController(title: "Games", tableView: table, dataSource: all)
        screen.layout(for: Self.size)
        screen.selectRow(at: IndexPath(row: 1, section: 1))
        screen.dataSource = all.removing { $0.genre == "Action" }
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)], "Myst, now in the first group")
        #expect(screen.identifiersOfSelectedItems == [AnyHashable("Myst")])
    }

    @Test func anItemsRowIsWhereItsPlaceInTheItemsFallsInTheSections() throws {
        let names = ["Grace Hopper", "ada Lovelace", "Alan Turing", "Émile Borel", "Edsger Dijkstra"]
        let contacts = IndexedSections(names, title: { $0 }) { TableViewCell(text: $0) }
        let place = try #require(contacts.items.firstIndex(of: "Émile Borel"))
        let row = try #require(contacts.sections.indexPath(ofIndex: place))
        #expect(row == IndexPath(row: 1, section: 1), "after Edsger under E")
        let screen = TableViewController(title: "Contacts", dataSource: contacts)
        screen.layout(for: Self.size)
        screen.focusRow(at: row)
        expectFrame(canvas(of: screen, size: Self.size), equals: [
            "«bold fg=#ebebf5 bg=#3a3a3c| A                          » «fg=tint|A»",
            " ada Lovelace                «bold fg=tint|•»",
            " Alan Turing                 «fg=tint|G»",
            "«bold fg=#ebebf5 bg=#3a3a3c| E                          » «fg=tint|•»",
            " Edsger Dijkstra             «fg=tint|M»",
            "«rev| Émile Borel                » «fg=tint|•»",
            "«bold fg=#ebebf5 bg=#3a3a3c| G                          » «fg=tint|R»",
            " Grace Hopper                «fg=tint|•»",
            "                             «fg=tint|Z»",
            "                             «fg=tint|#»",
        ], styled: true, "Émile focused")
    }
}

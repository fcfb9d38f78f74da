import Foundation
import TableKit
import Testing

/// A diffable snapshot's queries and its editing calls beyond append and delete, as an app
/// that reorders a list before it applies the snapshot uses them (UIKit's
/// `NSDiffableDataSourceSnapshot`).
@Suite("Diffable snapshot: inserting and moving by neighbour, the queries, reloads recorded")
struct SnapshotQueriesTests {
    typealias Snapshot = TableViewDiffableDataSourceSnapshot<String, String>

    /// Sections "fruit" (apple, banana) and "veg" (leek).
    static func groceries() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems(["apple", "banana"], toSection: "fruit")
        snapshot.appendItems(["leek"], toSection: "veg")
        return snapshot
    }

    @Test func theQueriesAnswerWhereEachSectionAndItemIs() {
        let snapshot = Self.groceries()
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems == 3)
        #expect(snapshot.sectionIdentifiers == ["fruit", "veg"])
        #expect(snapshot.numberOfItems(inSection: "fruit") == 2)
        #expect(snapshot.numberOfItems(inSection: "veg") == 1)
        #expect(snapshot.sectionIdentifier(containingItem: "leek") == "veg")
        #expect(snapshot.sectionIdentifier(containingItem: "kale") == nil)
        #expect(snapshot.indexOfItem("banana") == 1, "its row in its section")
        #expect(snapshot.indexOfItem("leek") == 0)
        #expect(snapshot.indexOfItem("kale") == nil)
        #expect(snapshot.indexOfSection("veg") == 1)
        #expect(snapshot.indexOfSection("meat") == nil)
    }

    @Test func sectionsGoInAndMoveBesideTheirNeighbours() {
        var snapshot = Self.groceries()
        snapshot.insertSections(["bread"], beforeSection: "veg")
        #expect(snapshot.sectionIdentifiers == ["fruit", "bread", "veg"])
        snapshot.moveSection("fruit", afterSection: "veg")
        #expect(snapshot.sectionIdentifiers == ["bread", "veg", "fruit"])
        #expect(snapshot.itemIdentifiers == ["leek", "apple", "banana"], "a section moves with its items")
    }

    @Test func itemsGoInAndMoveBesideTheirNeighboursAcrossSections() {
        var snapshot = Self.groceries()
        snapshot.insertItems(["cherry"], afterItem: "apple")
        #expect(snapshot.itemIdentifiers(inSection: "fruit") == ["apple", "cherry", "banana"])
        snapshot.moveItem("banana", beforeItem: "leek")
        #expect(snapshot.itemIdentifiers(inSection: "fruit") == ["apple", "cherry"])
        #expect(snapshot.itemIdentifiers(inSection: "veg") == ["banana", "leek"], "into the neighbour's section")
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0, "sections go too")
    }

    @Test func reloadsAndReconfiguresAreRecordedForTheItemsItHolds() {
        var snapshot = Self.groceries()
        snapshot.reloadItems(["apple", "kale"])
        snapshot.reconfigureItems(["leek"])
        snapshot.reloadSections(["veg"])
        #expect(snapshot.reloadedItemIdentifiers == ["apple"], "kale is not in the snapshot")
        #expect(snapshot.reconfiguredItemIdentifiers == ["leek"])
        #expect(snapshot.reloadedSectionIdentifiers == ["veg"])
    }
}

/// Text in styled runs, as a custom screen builds a label with a bold name and a dim handle.
@Suite("Styled text: runs, widths, joining, restyling")
struct StyledTextRunsTests {
    static let bold = Style(attributes: [.bold])

    @Test func runsOfOneStyleMergeAndEmptyRunsAreDropped() {
        var text = StyledText("Ada", style: Self.bold)
        text.append(" Lovelace", style: Self.bold)
        text.append(" @ada", style: .plain)
        #expect(text.runs.map(\.text) == ["Ada Lovelace", " @ada"], "the same style extends its run")
        #expect(text.runs.map(\.style) == [Self.bold, .plain])
        let built = StyledText(runs: [.init("", style: Self.bold), .init("x")])
        #expect(built.runs.count == 1, "an empty run is dropped")
        #expect(StyledText(runs: []).isEmpty && !built.isEmpty)
    }

    @Test func widthCountsColumnsAndJoiningKeepsEachRunsStyle() {
        let name = StyledText("東京", style: Self.bold)
        #expect(name.displayWidth == 4, "two wide characters")
        let joined = name + StyledText(" 3")
        #expect(joined.string == "東京 3" && joined.displayWidth == 6)
        #expect(joined.runs.map(\.style) == [Self.bold, .plain])
        let dimmed = joined.restyled { $0 = $0.adding(.dim) }
        #expect(dimmed.runs.allSatisfy { $0.style.attributes.contains(.dim) })
        #expect(dimmed.runs[0].style.attributes.contains(.bold), "restyling keeps what was there")
    }
}

/// The glyph sets: the ASCII one shows on any terminal, and a table draws with the set it is given.
@MainActor
@Suite("Glyphs: the ASCII fallback is ASCII, the table draws with the glyphs given")
struct GlyphSetTests {
    static func pieces(_ glyphs: Glyphs) -> [String] {
        [glyphs.disclosure, glyphs.back, glyphs.detail, glyphs.checkmark, glyphs.indexDot, String(glyphs.ellipsis),
         glyphs.horizontal, glyphs.vertical, glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight, glyphs.block]
    }

    @Test func everyAsciiGlyphIsAsciiAndTheBoxPiecesAreOneColumn() {
        for piece in Self.pieces(.ascii) {
            #expect(piece.unicodeScalars.allSatisfy { $0.isASCII }, "\(piece)")
        }
        let unicode = Self.pieces(.unicode)
        #expect(!unicode.contains { $0.unicodeScalars.allSatisfy { $0.isASCII } }, "the Unicode set has no ASCII stand-in")
        for glyphs in [Glyphs.unicode, .ascii] {
            for piece in [glyphs.horizontal, glyphs.vertical, glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight, glyphs.block] {
                #expect(DisplayWidth.of(piece) == 1, "\(piece) is one column, or boxes do not close")
            }
        }
    }

    @Test func interfaceTextBecomesAsciiWordsOnlyInTheAsciiSet() {
        #expect(Glyphs.ascii.interface("↑ ↓ move · 1…5 tabs") == "Up Down move - 1-5 tabs")
        #expect(Glyphs.unicode.interface("↑ ↓ move") == "↑ ↓ move")
    }

    @Test func aTableDrawsItsChevronWithTheGlyphsItIsGiven() {
        var glyphs = Glyphs.unicode
        glyphs.disclosure = "»"
        let screen = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: [
            TableViewCell(text: "Apple", accessory: .disclosureIndicator),
        ]))
        let drawn = drawnLines(of: screen, size: Size(width: 20, height: 4), glyphs: glyphs)
        #expect(drawn.contains { $0.contains("Apple") && $0.contains("»") }, "\(drawn)")
        #expect(!drawn.joined().contains("›"))
    }
}

import Foundation
import TableKit
import Testing

@MainActor
@Suite("IndexedSections: any array, sectioned and indexed like UILocalizedIndexedCollation")
struct IndexedSectionsTests {
    @Test func itemsAreSectionedByFoldedFirstLetterAndSortedWithHashLast() {
        let sections = fruitSections()
        let headers = (0 ..< sections.numberOfSections()).compactMap { sections.titleForHeader(inSection: $0) }
        #expect(headers == ["A", "B", "C", "E", "#"])
        let names = (0 ..< sections.numberOfSections()).flatMap { section in
            (0 ..< sections.numberOfRows(inSection: section)).compactMap { sections.item(at: IndexPath(row: $0, section: section))?.name }
        }
        #expect(names == ["apple", "avocado", "Banana", "Cherry", "Élan fruit", "7up melon"])
        #expect(sections.sectionIndexTitles()?.count == 27, "the full index, A–Z and #")
        // A letter without items jumps to the nearest section after it: D → E (table section 3).
        #expect(sections.section(forSectionIndexTitle: "D", at: 3) == 3)
        #expect(sections.section(forSectionIndexTitle: "Z", at: 25) == 4)
        #expect(sections.cell(for: IndexPath(row: 0, section: 1)).text == "Banana")
        #expect(sections.item(at: IndexPath(row: 5, section: 0)) == nil)
        #expect(sections.indexPath { $0.name == "Cherry" } == IndexPath(row: 0, section: 2))
    }

    @Test func filteringIgnoresCaseAndAccentsAndKeepsOnlyTheSectionsLeft() {
        let search = fruitSections().filtered(by: "ELAN")
        #expect(search.items.map(\.name) == ["Élan fruit"])
        #expect(search.sectionIndexTitles() == ["E"])
        #expect(search.section(forSectionIndexTitle: "E", at: 0) == 0)
        let red = fruitSections().filtered(by: "red")
        #expect(red.items.map(\.name) == ["apple", "Cherry"], "the search text includes the colour")
        #expect(fruitSections().filtered(by: "  ").items.count == someFruit.count)
        #expect(fruitSections().filtered(by: "kiwi").numberOfSections() == 0)
    }

    @Test func collatedSectionsMapIndexPathsAndPositionsBothWays() {
        // 2 items under A, none under B, 3 under C.
        let starts = [0, 2, 2] + Array(repeating: 5, count: 25)
        let sections = CollatedSections(collation: .english, sectionStarts: starts)
        #expect(sections.numberOfSections == 2 && sections.count == 5)
        #expect(sections.index(of: IndexPath(row: 1, section: 1)) == 3)
        #expect(sections.indexPath(ofIndex: 3) == IndexPath(row: 1, section: 1))
        #expect(sections.indexPath(ofIndex: 1) == IndexPath(row: 1, section: 0))
        #expect(sections.index(of: IndexPath(row: 3, section: 1)) == nil)
        #expect(sections.indexPath(ofIndex: 5) == nil && sections.indexPath(ofIndex: -1) == nil)
        for index in 0 ..< 5 {
            #expect(sections.indexPath(ofIndex: index).flatMap(sections.index(of:)) == index)
        }
    }

    @Test func searchFoldingIsPublic() {
        #expect(Collation.english.text("Straße am Meer", contains: "STRASSE"))
        #expect(Collation.english.text("Ødegaard", contains: "odeg"))
        #expect(!Collation.english.text("apple", contains: "pear"))
        #expect(Collation.english.folded("Élan") == Collation.english.folded("elan"))
    }
}

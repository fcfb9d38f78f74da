import Foundation
import TableKit
import Testing

/// The index title → section mapping when only some sections are shown, under both rules: a
/// title whose own section is shown goes there, whichever rule; the others go to the nearest
/// shown section after (or before) them, and at the ends to the last (or first) one.
@MainActor
@Suite("Section index mapping: a shown section is its own target under either rule")
struct SectionIndexMappingTests {
    private let collation = Collation.english

    /// Where `title` jumps when sections B, D and Z are the only ones shown.
    private func jump(_ title: String, _ rule: Collation.MissingSectionRule) -> String {
        let shown = [1, 3, 25]
        let index = collation.sectionIndexTitles.firstIndex(of: title) ?? -1
        let section = collation.section(forSectionIndexTitleAt: index, availableSections: shown, rule: rule)
        return shown.indices.contains(section) ? collation.sectionTitles[shown[section]] : "none"
    }

    @Test("with either rule, B, D and Z jump to themselves", arguments: [Collation.MissingSectionRule.nextAvailable, .previousAvailable])
    func shownSectionsAreTheirOwnTarget(_ rule: Collation.MissingSectionRule) {
        for title in ["B", "D", "Z"] { #expect(jump(title, rule) == title, "\(title), \(rule)") }
    }

    @Test("at the ends: before the first shown section, and after the last")
    func theEnds() {
        #expect(jump("A", .nextAvailable) == "B")
        #expect(jump("A", .previousAvailable) == "B")
        #expect(jump("#", .nextAvailable) == "Z")
        #expect(jump("#", .previousAvailable) == "Z")
    }

    @Test("an index of the shown sections only (a search result) holds a position past either end to its ends")
    func visibleSectionsIndexClamps() {
        // Two rows under A, one under C, one under #.
        var counts = Array(repeating: 0, count: 27)
        counts[0] = 2
        counts[2] = 1
        counts[26] = 1
        let starts = counts.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1) }
        let sections = CollatedSections(collation: .english, sectionStarts: starts, indexTitles: .visibleSections)
        #expect(sections.sectionIndexTitles == ["A", "C", "#"])
        #expect(sections.section(forSectionIndexTitleAt: 2) == 2)
        #expect(sections.section(forSectionIndexTitleAt: 3) == 2, "past the last title: the last section")
        #expect(sections.section(forSectionIndexTitleAt: 40) == 2)
        #expect(sections.section(forSectionIndexTitleAt: -1) == 0, "before the first: the first")
    }

    @Test("a data source that shows all 27 sections, as UIKit's classic one does, maps a title by its position, held to the sections there are")
    func everySectionShownMapsAnIndexTitleToItsOwnSection() {
        #expect(collation.sectionIndexTitles == collation.sectionTitles, "in English the index is the sections")
        #expect(collation.section(forSectionIndexTitleAt: 4) == 4)
        #expect(collation.section(forSectionIndexTitleAt: 40) == Collation.otherSection, "past the end: #")
        #expect(collation.section(forSectionIndexTitleAt: -3) == 0)
    }

    @Test("typing a digit or a symbol on the focused index jumps to #")
    func typingADigitOnTheIndexJumpsToHash() {
        let size = Size(width: 34, height: 10)
        let screen = TableViewController(title: "Fruit", dataSource: fruitSections())
        screen.layout(for: size)
        press([.tab, .character("7")], on: screen, size: size)
        let sections = fruitSections()
        let last = sections.numberOfSections() - 1
        #expect(sections.titleForHeader(inSection: last) == "#")
        #expect(screen.state.focusedRow == IndexPath(row: 0, section: last), "7up melon, under #")
        press([.character("b")], on: screen, size: size)
        #expect(screen.state.focusedRow == IndexPath(row: 0, section: 1), "a letter jumps to its section: Banana")
    }
}

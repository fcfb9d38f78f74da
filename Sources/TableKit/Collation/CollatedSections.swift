import Foundation

/// How a sorted list maps onto a table's sections when it is sectioned by a ``Collation``:
/// only the collation sections with rows become table sections, and an index title whose
/// section is empty jumps to a nearby one.
///
/// This is the one place that turns an `IndexPath` into a position in the sorted list and
/// back. ``IndexedSections`` uses it for arrays; a data source over any sorted storage (a
/// million records, a filtered subset) builds one from its section starts and conforms to
/// `CollatedDataSource` to get headers and the index for free.
///
/// ```swift
/// // 5 items: 2 under A, none under B, 3 under C (and nothing else).
/// var starts = [0, 2, 2, 5] + Array(repeating: 5, count: 24)
/// let sections = CollatedSections(collation: .english, sectionStarts: starts)
/// sections.numberOfSections                      // 2 (A and C)
/// sections.index(of: IndexPath(row: 1, section: 1))   // 3
/// ```
public struct CollatedSections: Sendable, Equatable {
    /// Which index titles a table shows.
    public enum IndexTitles: Sendable, Equatable {
        /// Every title of the collation (A–Z and #), whether its section has rows or not, as a
        /// full list does; a title without rows jumps by ``Collation/MissingSectionRule``.
        case all(Collation.MissingSectionRule)
        /// Only the titles of the sections with rows, as a search result does.
        case visibleSections
    }

    /// The collation that sections the list.
    let collation: Collation
    /// Where each collation section starts in the sorted list, plus the end: one more entry
    /// than ``Collation/sectionTitles`` (as ``CollatedOrder/sectionStarts``).
    let sectionStarts: [Int]
    /// The collation sections that have rows, ascending: table section `n` shows collation
    /// section `visibleSections[n]`.
    package let visibleSections: [Int]
    /// Which index titles the table shows.
    var indexTitles: IndexTitles
    /// The sections' own titles when they are not the collation's — ranges of values such as
    /// `0`, `100`, `200` for a list sorted by a number — one per section; nil for the
    /// collation's letters. With them, the index shows the titles of the sections with rows.
    let sectionTitles: [String]?
    /// The index's titles of the sections when they are not ``sectionTitles`` themselves —
    /// shorter, to fit the index without two reading alike (`6/09` for `June 2009`) — one per
    /// section; nil to show the section titles.
    let shortIndexTitles: [String]?

    /// The sections of a sorted list whose collation section `s` runs from `sectionStarts[s]`
    /// to `sectionStarts[s + 1]`.
    public init(collation: Collation, sectionStarts: [Int], indexTitles: IndexTitles = .all(.nextAvailable)) {
        self.init(collation: collation, sectionStarts: sectionStarts, indexTitles: indexTitles, sectionTitles: nil)
    }

    /// The sections of a list sorted by something other than a collation — numbers, dates —
    /// titled `sectionTitles` (one per section; `sectionStarts` has one more entry). The index
    /// shows the titles of the sections that have rows: `0 · 100 · 200 …`.
    ///
    /// ```swift
    /// let byPrice = CollatedSections(sectionTitles: ["0", "10", "20"], sectionStarts: [0, 4, 4, 9])
    /// byPrice.sectionIndexTitles  // ["0", "20"]: the empty section is not shown
    /// ```
    ///
    /// `indexTitles`, one per section, are what the index shows in their place when the
    /// section titles are too long for it (``SectionIndexLayout/maximumTitleWidth``): cut
    /// there, `2009-06` and `2009-07` would both read `2009`.
    package init(sectionTitles: [String], indexTitles: [String]? = nil, sectionStarts: [Int]) {
        self.init(collation: .english, sectionStarts: sectionStarts, indexTitles: .visibleSections, sectionTitles: sectionTitles,
                  shortIndexTitles: indexTitles)
    }

    private init(collation: Collation, sectionStarts: [Int], indexTitles: IndexTitles, sectionTitles: [String]?, shortIndexTitles: [String]? = nil) {
        self.sectionTitles = sectionTitles
        self.shortIndexTitles = shortIndexTitles
        self.collation = collation
        self.sectionStarts = sectionStarts
        self.indexTitles = indexTitles
        visibleSections = (0 ..< max(0, sectionStarts.count - 1)).filter { sectionStarts[$0 + 1] > sectionStarts[$0] }
    }

    /// The number of rows in all sections.
    public var count: Int { sectionStarts.last ?? 0 }

    /// The number of table sections: the collation sections with rows.
    public var numberOfSections: Int { visibleSections.count }

    /// The rows in table section `section`; 0 outside the table.
    package func numberOfRows(inSection section: Int) -> Int {
        guard visibleSections.indices.contains(section) else { return 0 }
        let collationSection = visibleSections[section]
        return sectionStarts[collationSection + 1] - sectionStarts[collationSection]
    }

    /// The position in the sorted list of the row at `indexPath`; `nil` outside the table.
    public func index(of indexPath: IndexPath) -> Int? {
        guard indexPath.row >= 0, indexPath.row < numberOfRows(inSection: indexPath.section) else { return nil }
        return sectionStarts[visibleSections[indexPath.section]] + indexPath.row
    }

    /// The row that shows position `index` of the sorted list; `nil` outside it.
    ///
    /// - Complexity: O(log *s*) in the number of sections.
    public func indexPath(ofIndex index: Int) -> IndexPath? {
        guard index >= 0, index < count else { return nil }
        // The last visible section that starts at or before `index`.
        var low = 0, high = visibleSections.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if sectionStarts[visibleSections[mid]] <= index { low = mid } else { high = mid }
        }
        return IndexPath(row: index - sectionStarts[visibleSections[low]], section: low)
    }

    /// The header title of table section `section`: its collation section's title, or its
    /// own (``sectionTitles``).
    package func titleForHeader(inSection section: Int) -> String? {
        guard visibleSections.indices.contains(section) else { return nil }
        return title(ofSection: visibleSections[section])
    }

    /// The index titles the table shows; `nil` when it has no rows.
    public var sectionIndexTitles: [String]? {
        guard !visibleSections.isEmpty else { return nil }
        switch indexTitles {
        case .all where sectionTitles == nil: return collation.sectionIndexTitles
        case .all, .visibleSections: return visibleSections.map(indexTitle(ofSection:))
        }
    }

    /// The table section that the index title at `index` jumps to.
    public func section(forSectionIndexTitleAt index: Int) -> Int {
        switch indexTitles {
        case .all(let rule) where sectionTitles == nil:
            return collation.section(forSectionIndexTitleAt: index, availableSections: visibleSections, rule: rule)
        case .all, .visibleSections:
            return max(0, min(index, visibleSections.count - 1))
        }
    }

    /// The index's title of section `section`: its short one, if given, or its title.
    private func indexTitle(ofSection section: Int) -> String {
        if let shortIndexTitles, shortIndexTitles.indices.contains(section) { return shortIndexTitles[section] }
        return title(ofSection: section)
    }

    /// The title of section `section` (of all sections, shown or not).
    private func title(ofSection section: Int) -> String {
        if let sectionTitles { return sectionTitles.indices.contains(section) ? sectionTitles[section] : "" }
        return collation.sectionTitles[section]
    }
}

/// A data source over a list sectioned by a collation: conform, provide ``sections`` and
/// ``TableViewDataSource/cell(for:)``, and the counts, the section headers, the section index
/// and its jumps come from ``CollatedSections``.
package protocol CollatedDataSource: TableViewDataSource {
    /// How the sorted list maps onto the table's sections.
    var sections: CollatedSections { get }
}

extension CollatedDataSource {
    /// The collation sections that have rows.
    public func numberOfSections() -> Int { sections.numberOfSections }
    /// The rows of the section.
    public func numberOfRows(inSection section: Int) -> Int { sections.numberOfRows(inSection: section) }
    /// The collation section's title.
    public func titleForHeader(inSection section: Int) -> String? { sections.titleForHeader(inSection: section) }
    /// A–Z and #, or the titles of the sections with rows (see ``CollatedSections/IndexTitles``).
    public func sectionIndexTitles() -> [String]? { sections.sectionIndexTitles }
    /// The nearby section with rows.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        sections.section(forSectionIndexTitleAt: index)
    }
}

import Foundation

/// The sections and items of a table at one moment, by identifier, as UIKit's
/// `NSDiffableDataSourceSnapshot`: build one, give it to a ``TableViewDiffableDataSource``, and
/// the table moves from the rows it shows to these, row by row.
///
/// ```swift
/// var snapshot = TableViewDiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Odd", "Even"])
/// snapshot.appendItems([1, 3, 5], toSection: "Odd")
/// snapshot.appendItems([2, 4], toSection: "Even")
/// snapshot.deleteItems([3])
/// dataSource.apply(snapshot)
/// ```
///
/// Every identifier is unique in a snapshot: a section identifier names one section, an item
/// identifier one row. UIKit stops the app when an identifier is added twice, or when an
/// edit names an identifier the snapshot does not hold; here such an edit is **refused**: a
/// duplicate is not added (the first one stays where it is), and an edit relative to a
/// missing identifier (`insertItems(_:beforeItem:)` with an item not in the snapshot) changes
/// nothing.
///
/// Looking an identifier up costs a dictionary lookup, not a walk over the rows, and a
/// snapshot taken from a data source remembers which sections it edited, so that applying it
/// compares only those: deleting one row of a million costs the rows of its section.
public struct TableViewDiffableDataSourceSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    /// One section: its identifier, its items in order, and each item's row.
    @usableFromInline struct Section: Sendable {
        @usableFromInline var identifier: SectionIdentifier
        @usableFromInline var items: [ItemIdentifier]
        @usableFromInline var rows: [ItemIdentifier: Int]

        @inlinable init(identifier: SectionIdentifier) {
            self.identifier = identifier
            items = []
            rows = [:]
        }

        /// Renumbers the rows from `start` to the end, after items there were added or removed.
        @inlinable mutating func renumber(from start: Int) {
            guard start < items.count else { return }
            for row in max(0, start) ..< items.count { rows[items[row]] = row }
        }
    }

    /// An identity shared by a data source's current snapshot and the copies taken of it, so
    /// that applying a copy can trust its record of edited sections.
    @usableFromInline final class Lineage: Sendable {
        @inlinable init() {}
    }

    /// The sections in order.
    @usableFromInline var sections: [Section] = []
    /// Each section identifier's position in ``sections``.
    @usableFromInline var sectionPositions: [SectionIdentifier: Int] = [:]
    /// Each item's section identifier.
    @usableFromInline var itemSections = ItemSections()
    /// The sections whose items (or whose existence) changed since the snapshot was taken from
    /// its lineage's data source; `nil` when that is not known.
    @usableFromInline var touchedSections: Set<SectionIdentifier>? = nil
    /// This snapshot's lineage.
    @usableFromInline var lineage = Lineage()

    /// Items whose rows are asked for again when the snapshot is applied (they lose their
    /// selection), as `reloadItems(_:)` recorded them.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifier] = []
    /// Items whose cells are configured again when the snapshot is applied (they keep their
    /// selection), as `reconfigureItems(_:)` recorded them.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifier] = []
    /// Sections whose rows are all asked for again when the snapshot is applied, as
    /// `reloadSections(_:)` recorded them.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifier] = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Counts and identifiers

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfItems: Int { itemSections.count }

    /// The number of sections.
    @inlinable public var numberOfSections: Int { sections.count }

    /// The section identifiers, in order.
    ///
    /// - Complexity: O(number of sections).
    @inlinable public var sectionIdentifiers: [SectionIdentifier] { sections.map(\.identifier) }

    /// Every item identifier, section after section.
    ///
    /// - Complexity: O(number of items).
    @inlinable public var itemIdentifiers: [ItemIdentifier] { sections.flatMap(\.items) }

    /// The items of section `identifier` in order; empty when there is no such section.
    ///
    /// - Complexity: O(1) to find the section.
    @inlinable public func itemIdentifiers(inSection identifier: SectionIdentifier) -> [ItemIdentifier] {
        sectionPositions[identifier].map { sections[$0].items } ?? []
    }

    /// The number of items in section `identifier`; 0 when there is no such section.
    ///
    /// - Complexity: O(1).
    @inlinable public func numberOfItems(inSection identifier: SectionIdentifier) -> Int {
        sectionPositions[identifier].map { sections[$0].items.count } ?? 0
    }

    /// The section that holds `identifier`, or `nil` if no section does.
    ///
    /// - Complexity: O(1).
    @inlinable public func sectionIdentifier(containingItem identifier: ItemIdentifier) -> SectionIdentifier? {
        itemSections[identifier]
    }

    /// The row of `identifier` within its section, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    @inlinable public func indexOfItem(_ identifier: ItemIdentifier) -> Int? {
        guard let section = itemSections[identifier], let position = sectionPositions[section] else { return nil }
        return sections[position].rows[identifier]
    }

    /// The position of section `identifier`, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    @inlinable public func indexOfSection(_ identifier: SectionIdentifier) -> Int? {
        sectionPositions[identifier]
    }

    // MARK: Internal lookups

    /// The index path of `item`, or `nil` if the snapshot does not hold it.
    @inlinable func indexPath(of item: ItemIdentifier) -> IndexPath? {
        guard let section = itemSections[item], let position = sectionPositions[section],
              let row = sections[position].rows[item] else { return nil }
        return IndexPath(row: row, section: position)
    }

    /// The item at `indexPath`, or `nil` outside the snapshot.
    @inlinable func item(at indexPath: IndexPath) -> ItemIdentifier? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].items[indexPath.row]
    }

    /// The snapshot as a data source keeps it once applied: no reloads pending, no edits, and a
    /// new lineage that the copies taken of it share.
    @usableFromInline func applied() -> Self {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        copy.touchedSections = []
        copy.lineage = Lineage()
        return copy
    }

    /// Marks `section` as edited.
    @inlinable mutating func touch(_ section: SectionIdentifier) {
        touchedSections?.insert(section)
    }

    /// Records reloads and reconfigurations; used by the editing methods.
    @usableFromInline mutating func record(reloaded items: [ItemIdentifier]) { reloadedItemIdentifiers += items }
    @usableFromInline mutating func record(reconfigured items: [ItemIdentifier]) { reconfiguredItemIdentifiers += items }
    @usableFromInline mutating func record(reloaded sections: [SectionIdentifier]) { reloadedSectionIdentifiers += sections }
}

import Foundation

/// Items sorted into sections by their titles, as `UILocalizedIndexedCollation` sorts them,
/// ready to show in a table with an A–Z index: a ready-made ``TableViewDataSource``.
///
/// Titles are sectioned case- and accent-insensitively (`élan` under E, `the` under T, digits
/// and symbols under `#`, last), sorted within their section, and only the sections with
/// items are shown; the index keeps all of A–Z and #.
///
/// ```swift
/// struct Fruit { let name: String; let colour: String }
/// let fruits = [Fruit(name: "Banana", colour: "yellow"), Fruit(name: "apple", colour: "red")]
/// let sections = IndexedSections(fruits, title: \.name) { fruit in
///     TableViewCell(style: .subtitle, text: fruit.name, detailText: fruit.colour,
///                   accessory: .disclosureIndicator)
/// }
/// sections.item(at: IndexPath(row: 0, section: 0))?.name   // "apple"
/// let search = sections.filtered(by: "BAN")                  // Banana only
/// ```
///
/// - Complexity: Building sorts the items once, O(*n* log *n*); the table then asks only for
///   the rows on screen.
public struct IndexedSections<Item> {
    /// The items in table order: section by section, sorted within each.
    public internal(set) var items: [Item]
    /// How the items map onto the table's sections.
    public internal(set) var sections: CollatedSections
    /// Makes the cell of an item.
    let cellProvider: (Item) -> TableViewCell
    private let searchText: (Item) -> String
    /// The text an item is sectioned and sorted by (where an inserted item goes).
    let title: (Item) -> String
    /// The items' identities, once given by ``identified(by:)``.
    private var identity: ((Item) -> AnyHashable)?
    /// What a person's deletions, insertions and moves do, once given by
    /// ``editable(deleting:inserting:moving:)``.
    var editing = Editing()

    /// Sections `items` by `title`, showing each with `cell`.
    ///
    /// - Parameters:
    ///   - items: The items, in any order.
    ///   - collation: How titles are sectioned and sorted.
    ///   - title: The text an item is sectioned and sorted by.
    ///   - searchText: The text ``filtered(by:)`` looks in; the title by default.
    ///   - cell: The cell that shows an item.
    public init(
        _ items: [Item], collation: Collation = .english, title: @escaping (Item) -> String,
        searchText: ((Item) -> String)? = nil, cell: @escaping (Item) -> TableViewCell
    ) {
        let titles = items.map(title)
        let order = CollatedOrder.build(titles: titles, collation: collation)
        self.items = order.order.map { items[Int($0)] }
        sections = CollatedSections(collation: collation, sectionStarts: order.sectionStarts)
        cellProvider = cell
        self.searchText = searchText ?? title
        self.title = title
    }

    /// Sections `items` by the string at `title`, showing each with `cell`.
    public init(
        _ items: [Item], collation: Collation = .english, title: KeyPath<Item, String>,
        searchText: ((Item) -> String)? = nil, cell: @escaping (Item) -> TableViewCell
    ) {
        self.init(items, collation: collation, title: { $0[keyPath: title] }, searchText: searchText, cell: cell)
    }

    private init(items: [Item], sections: CollatedSections, cellProvider: @escaping (Item) -> TableViewCell,
                 searchText: @escaping (Item) -> String, title: @escaping (Item) -> String) {
        self.items = items
        self.sections = sections
        self.cellProvider = cellProvider
        self.searchText = searchText
        self.title = title
    }

    /// The item shown at `indexPath`; `nil` outside the table.
    public func item(at indexPath: IndexPath) -> Item? {
        sections.index(of: indexPath).map { items[$0] }
    }

    /// The row of the first item that satisfies `predicate`, in table order.
    public func indexPath(where predicate: (Item) -> Bool) -> IndexPath? {
        items.firstIndex(where: predicate).flatMap(sections.indexPath(ofIndex:))
    }

    /// The items whose search text contains `query`, ignoring case and accents
    /// (``Collation/text(_:contains:)``), in the same sections and order; the index then
    /// lists only the sections that remain. An empty query keeps every item.
    ///
    /// - Complexity: O(*n*) folds of the items' texts.
    public func filtered(by query: String) -> IndexedSections {
        let collation = sections.collation
        let key = collation.folded(query)
        guard !key.isEmpty else { return self }
        var kept: [Int] = []
        for index in items.indices where collation.folded(collation.folded(searchText(items[index])), contains: key) {
            kept.append(index)
        }
        // Section starts of the kept items, section by section.
        var starts = [Int](repeating: 0, count: sections.sectionStarts.count)
        var next = 0
        for section in 0 ..< starts.count {
            while next < kept.count, kept[next] < sections.sectionStarts[section] { next += 1 }
            starts[section] = next
        }
        if let last = starts.indices.last { starts[last] = kept.count }
        var result = IndexedSections(
            items: kept.map { items[$0] },
            sections: CollatedSections(collation: collation, sectionStarts: starts, indexTitles: .visibleSections),
            cellProvider: cellProvider, searchText: searchText, title: title
        )
        result.identity = identity
        result.editing = editing
        return result
    }
}

extension IndexedSections {
    /// These sections with each item identified by `id` — a stable key such as a name or a
    /// record number — so that a ``TableViewController`` keeps the selection on the items
    /// when the rows change (a search filters them). Filtered copies keep the identities.
    ///
    /// ```swift
    /// let fruits = IndexedSections(allFruits, title: \.name) { fruit in
    ///     TableViewCell(text: fruit.name)
    /// }.identified(by: \.name)
    /// ```
    public func identified<ID: Hashable>(by id: @escaping (Item) -> ID) -> IndexedSections {
        var result = self
        result.identity = { AnyHashable(id($0)) }
        return result
    }
}

extension IndexedSections: CollatedDataSource {
    /// The item's cell, from the cell provider.
    public func cell(for indexPath: IndexPath) -> TableViewCell {
        item(at: indexPath).map(cellProvider) ?? TableViewCell(text: "")
    }
    /// The item's identity, once given by ``identified(by:)``.
    public func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? {
        guard let identity else { return nil }
        return item(at: indexPath).map(identity)
    }
}

import Foundation

/// Items grouped into sections by a key — a category, a genre — with the sections and the
/// rows within them sorted as the collation sorts titles: a ready-made data source for a
/// grouped table.
///
/// ```swift
/// let games = GroupedSections(allGames, section: \.category, title: \.title) { game in
///     TableViewCell(style: .value1, text: game.title, detailText: game.priceText)
/// }
/// games.titleForHeader(inSection: 0)   // "Action"
/// ```
public struct GroupedSections<Item> {
    /// One group: its title and its items in order.
    public struct Section {
        /// The key the items share, shown as the section's header.
        public let title: String
        /// The items, sorted by their titles.
        public let items: [Item]
    }

    /// The sections, sorted by title; none is empty.
    public let sections: [Section]
    /// Makes the cell of an item.
    let cellProvider: (Item) -> TableViewCell
    private let searchText: (Item) -> String
    /// The items' identities, once given by ``identified(by:)``.
    private var identity: ((Item) -> AnyHashable)?
    private let collation: Collation

    /// Groups `items` by `section`, each group sorted by `title`, shown with `cell`.
    ///
    /// - Parameters:
    ///   - items: The items, in any order.
    ///   - collation: How section keys and titles are sorted.
    ///   - section: The key an item is grouped by, shown as its section's header.
    ///   - title: The text an item is sorted by within its section.
    ///   - searchText: The text ``filtered(by:)`` looks in; the title by default.
    ///   - cell: The cell that shows an item.
    public init(
        _ items: [Item], collation: Collation = .english, section: (Item) -> String, title: @escaping (Item) -> String,
        searchText: ((Item) -> String)? = nil, cell: @escaping (Item) -> TableViewCell
    ) {
        var groups: [String: [Item]] = [:]
        for item in items { groups[section(item), default: []].append(item) }
        let keyed = { (text: String) in collation.sortKey(for: text) }
        sections = groups.keys.sorted { keyed($0).lexicographicallyPrecedes(keyed($1)) || (keyed($0) == keyed($1) && $0 < $1) }
            .map { key in
                let sorted = (groups[key] ?? []).map { (key: keyed(title($0)), title: title($0), item: $0) }
                    .sorted { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.title < $1.title) }
                return Section(title: key, items: sorted.map(\.item))
            }
        cellProvider = cell
        self.searchText = searchText ?? title
        self.collation = collation
    }

    /// Groups `items` by the strings at `section`, sorted by the strings at `title`.
    ///
    /// - Parameters:
    ///   - items: The items, in any order.
    ///   - collation: How section keys and titles are sorted.
    ///   - section: The key path of the key an item is grouped by.
    ///   - title: The key path of the text an item is sorted by.
    ///   - searchText: The text ``filtered(by:)`` looks in; the title by default.
    ///   - cell: The cell that shows an item.
    public init(
        _ items: [Item], collation: Collation = .english, section: KeyPath<Item, String>, title: KeyPath<Item, String>,
        searchText: ((Item) -> String)? = nil, cell: @escaping (Item) -> TableViewCell
    ) {
        self.init(items, collation: collation, section: { $0[keyPath: section] }, title: { $0[keyPath: title] },
                  searchText: searchText, cell: cell)
    }

    private init(sections: [Section], cellProvider: @escaping (Item) -> TableViewCell, searchText: @escaping (Item) -> String, collation: Collation) {
        self.sections = sections
        self.cellProvider = cellProvider
        self.searchText = searchText
        self.collation = collation
    }

    /// The number of items in all sections.
    public var count: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The item shown at `indexPath`; `nil` outside the table.
    public func item(at indexPath: IndexPath) -> Item? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].items[indexPath.row]
    }

    /// The row of the first item that satisfies `predicate`, in table order.
    public func indexPath(where predicate: (Item) -> Bool) -> IndexPath? {
        for (number, section) in sections.enumerated() {
            if let row = section.items.firstIndex(where: predicate) { return IndexPath(row: row, section: number) }
        }
        return nil
    }

    /// The items whose search text contains `query`, ignoring case and accents, in the same
    /// sections and order; sections left empty are dropped. An empty query keeps everything.
    public func filtered(by query: String) -> GroupedSections {
        let key = collation.folded(query)
        guard !key.isEmpty else { return self }
        let kept = sections.compactMap { section -> Section? in
            let items = section.items.filter { collation.folded(collation.folded(searchText($0)), contains: key) }
            return items.isEmpty ? nil : Section(title: section.title, items: items)
        }
        var result = GroupedSections(sections: kept, cellProvider: cellProvider, searchText: searchText, collation: collation)
        result.identity = identity
        return result
    }

    /// These sections less the items that satisfy `predicate`; sections left empty are dropped.
    public func removing(where predicate: (Item) -> Bool) -> GroupedSections {
        let kept = sections.compactMap { section -> Section? in
            let items = section.items.filter { !predicate($0) }
            return items.isEmpty ? nil : Section(title: section.title, items: items)
        }
        var result = GroupedSections(sections: kept, cellProvider: cellProvider, searchText: searchText, collation: collation)
        result.identity = identity
        return result
    }

    /// These sections with each item identified by `id` — a stable key such as a title or a
    /// record number — so that a ``TableViewController`` keeps the selection on the items when
    /// the rows change. Filtered and reduced copies keep the identities.
    ///
    /// ```swift
    /// let games = GroupedSections(allGames, section: \.category, title: \.title) { game in
    ///     TableViewCell(text: game.title)
    /// }.identified(by: \.title)
    /// ```
    public func identified<ID: Hashable>(by id: @escaping (Item) -> ID) -> GroupedSections {
        var result = self
        result.identity = { AnyHashable(id($0)) }
        return result
    }
}

extension GroupedSections: TableViewDataSource {
    /// The groups.
    public func numberOfSections() -> Int { sections.count }
    /// The items of the group.
    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }
    /// The item's cell, from the cell provider.
    public func cell(for indexPath: IndexPath) -> TableViewCell {
        item(at: indexPath).map(cellProvider) ?? TableViewCell(text: "")
    }
    /// The group's key.
    public func titleForHeader(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].title : nil
    }
    /// The item's identity, once given by ``identified(by:)``.
    public func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? {
        guard let identity else { return nil }
        return item(at: indexPath).map(identity)
    }
}

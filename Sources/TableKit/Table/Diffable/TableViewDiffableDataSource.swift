import Foundation

/// A data source that shows a ``TableViewDiffableDataSourceSnapshot``, as UIKit's
/// `UITableViewDiffableDataSource`: a cell provider makes each row's cell from its item
/// identifier, and ``apply(_:animatingDifferences:)`` moves the table from the rows it shows
/// to a new snapshot's, with the focus, the selection and the top row kept on their items.
///
/// ```swift
/// let list = TableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
/// let fruits = TableViewDiffableDataSource<String, String>(tableViewController: list) { _, name in
///     TableViewCell(text: name)
/// }
/// var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
/// snapshot.appendSections(["Fruit"])
/// snapshot.appendItems(["Apple", "Banana", "Cherry"])
/// fruits.apply(snapshot)
///
/// var next = fruits.snapshot()
/// next.deleteItems(["Banana"])
/// fruits.apply(next)          // one row deleted; the rest stay where they are
/// ```
///
/// The table view controller holds the data source (as its ``TableViewController/dataSource``);
/// the data source holds the controller weakly. Subclass it to give sections header or footer
/// titles, a section index or their own selection modes, or to edit the rows: every
/// requirement of ``TableViewDataSource`` that a subclass may give is an `open` member here.
@MainActor
open class TableViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: TableViewDataSource {
    /// Makes the cell of the row at an index path, showing an item.
    public typealias CellProvider = @MainActor (IndexPath, ItemIdentifier) -> TableViewCell
    /// The snapshot type this data source shows.
    public typealias Snapshot = TableViewDiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>

    /// The table view controller that shows this data source, if it still exists.
    public internal(set) weak var tableViewController: TableViewController?
    /// The snapshot shown.
    @usableFromInline var current = Snapshot().applied()
    private let cellProvider: CellProvider

    /// A data source for `tableViewController`, which it installs itself in as the
    /// ``TableViewController/dataSource``; it holds the controller weakly.
    ///
    /// - Parameters:
    ///   - tableViewController: the table screen to show the rows in.
    ///   - cellProvider: makes the cell of each row from its index path and item.
    public init(tableViewController: TableViewController, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.tableViewController = tableViewController
        tableViewController.dataSource = self
    }

    /// A data source not yet shown by a table: ``apply(_:animatingDifferences:)`` only
    /// changes the snapshot.
    ///
    /// - Parameter cellProvider: makes the cell of each row from its index path and item.
    public init(cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
    }

    // MARK: Snapshots

    /// A copy of the snapshot shown, to edit and apply. It remembers the sections it edits,
    /// so that applying it compares those alone.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: the table's rows change by the difference between the snapshot shown
    /// and this one (``TableViewController/performBatchUpdates(animated:_:)``), so that the
    /// focus, the selection and the top row stay on their items. Rows the snapshot reloads
    /// lose their selection. Without a table view controller, only the snapshot changes.
    ///
    /// - Parameters:
    ///   - snapshot: the sections and items to show.
    ///   - animatingDifferences: whether the change is animated (a quarter second of rows
    ///     collapsing and opening).
    @inlinable public final func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) {
        let difference = snapshot.difference(from: current)
        let new = snapshot.applied()
        guard let controller = tableViewController, (controller.dataSource as AnyObject) === self else {
            current = new
            return
        }
        controller.performBatchUpdates(animated: animatingDifferences) { update in
            self.current = new
            update = difference
        }
    }

    // MARK: Identifiers

    /// The item shown at `indexPath`, or `nil` outside the table.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifier? {
        current.item(at: indexPath)
    }

    /// The index path of `identifier`, or `nil` when the snapshot shown does not hold it.
    ///
    /// - Complexity: O(1).
    public func indexPath(for identifier: ItemIdentifier) -> IndexPath? {
        current.indexPath(of: identifier)
    }

    /// The identifier of the section at `section`, or `nil` outside the table.
    public func sectionIdentifier(for section: Int) -> SectionIdentifier? {
        current.sections.indices.contains(section) ? current.sections[section].identifier : nil
    }

    // MARK: Editing

    /// Whether the row at `indexPath` can be deleted or inserted at; override it, with
    /// ``commit(_:forRowAt:)``, to edit the rows, as a `UITableViewDiffableDataSource`
    /// subclass does. Default: `false`.
    open func canEditRow(at indexPath: IndexPath) -> Bool { false }

    /// Carries out a person's delete or insert at `indexPath`: override it to apply a
    /// snapshot without the item (or with a new one), as a `UITableViewDiffableDataSource`
    /// subclass does. The table shows the difference of that apply. Default: nothing.
    ///
    /// ```swift
    /// override func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
    ///     guard editingStyle == .delete, let item = itemIdentifier(at: indexPath) else { return }
    ///     var next = snapshot()
    ///     next.deleteItems([item])
    ///     apply(next)
    /// }
    /// ```
    open func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// Whether the row at `indexPath` can be moved in editing mode; override it, with
    /// ``moveRow(at:to:)``, to reorder. Default: `false`.
    open func canMoveRow(at indexPath: IndexPath) -> Bool { false }

    /// Moves the item at `sourceIndexPath` to `destinationIndexPath`: override it to apply a
    /// snapshot with the item moved. Default: nothing.
    open func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    /// The item shown at `indexPath`, as the table keeps selections by it.
    public func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? {
        itemIdentifier(at: indexPath).map { AnyHashable($0) }
    }

    // MARK: TableViewDataSource

    /// The number of sections of the snapshot shown.
    public func numberOfSections() -> Int { current.numberOfSections }

    /// The number of items in `section`; 0 outside the table.
    public func numberOfRows(inSection section: Int) -> Int {
        current.sections.indices.contains(section) ? current.sections[section].items.count : 0
    }

    /// The cell provider's cell for the item at `indexPath`; an empty cell outside the table.
    public func cell(for indexPath: IndexPath) -> TableViewCell {
        guard let item = current.item(at: indexPath) else { return TableViewCell(text: "") }
        return cellProvider(indexPath, item)
    }

    /// The header title of `section`: none, unless a subclass says otherwise.
    open func titleForHeader(inSection section: Int) -> String? { nil }

    /// The footer title of `section`: none, unless a subclass says otherwise.
    open func titleForFooter(inSection section: Int) -> String? { nil }

    // The requirements below are `open` members, as every other one a subclass may give, so
    // that a subclass's own is an override the table calls: one left to the protocol's
    // extension would be chosen once for this class, and a subclass's never called.

    /// The titles of the section index down the right edge: none, unless a subclass says
    /// otherwise (the section identifiers' initials, say).
    open func sectionIndexTitles() -> [String]? { nil }

    /// The section that the index title `title`, at position `index` in the index, jumps to:
    /// by default section `index`, clamped to the sections there are, as the protocol's
    /// default does.
    ///
    /// - Parameters:
    ///   - title: the index title chosen.
    ///   - index: its position in ``sectionIndexTitles()``.
    open func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        max(0, min(index, numberOfSections() - 1))
    }

    /// How the rows of `section` are selected: `nil` by default, the table's own
    /// ``TableView/selectionMode``, unless a subclass says otherwise.
    ///
    /// - Parameter section: the section asked about.
    open func selectionMode(forSection section: Int) -> SelectionMode? { nil }
}

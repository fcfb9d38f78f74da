import Foundation

/// Supplies a table's content, in the shape of `UITableViewDataSource`.
///
/// The table asks only about what it shows: counts, and cells for the rows on screen. A data
/// source of a million rows therefore costs what a screenful costs, as long as its counts are
/// cheap.
@MainActor
public protocol TableViewDataSource {
    /// The number of sections (default 1).
    func numberOfSections() -> Int
    /// The number of rows in `section`.
    func numberOfRows(inSection section: Int) -> Int
    /// The cell for the row at `indexPath`.
    func cell(for indexPath: IndexPath) -> TableViewCell
    /// The header title of `section`, or `nil` for no header (default `nil`).
    func titleForHeader(inSection section: Int) -> String?
    /// The footer title of `section`, or `nil` for no footer (default `nil`).
    func titleForFooter(inSection section: Int) -> String?
    /// The titles of the section index down the right edge, or `nil` for none (default `nil`).
    func sectionIndexTitles() -> [String]?
    /// The section that the index title `title`, at position `index` in the index, jumps to.
    /// The default maps position `index` to section `index`, clamped.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int
    /// How the rows of `section` are selected; `nil` (the default) uses the table's
    /// ``TableView/selectionMode``. Settings mixes radio, checkmark and read-only sections.
    ///
    /// A mode given here governs this section only: selecting a row of a `.single` section
    /// deselects the other rows of the section, never a row or a check of another section.
    /// A row that opens a screen belongs in a `.single` or `.none` section, where it takes
    /// no check.
    func selectionMode(forSection section: Int) -> SelectionMode?
    /// A lasting identity of the item shown at `indexPath`, as a diffable data source's item
    /// identifier; `nil` (the default) when rows have none.
    ///
    /// With identities, a ``TableViewController`` keeps a selection on its items when the
    /// rows change — a search filters them, a new sort moves them — and keeps the choice of
    /// items a search hides until they are shown again. Without, the selection is of index
    /// paths.
    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable?
    /// Whether the row at `indexPath` can be deleted or inserted at, as UIKit's
    /// `canEditRowAt`. Default: `false` — TableKit cannot tell whether ``commit(_:forRowAt:)``
    /// is implemented, so a data source that edits says which rows it edits. A row that can
    /// be edited shows its control in editing mode, and offers Delete on a swipe to the left
    /// when the delegate gives it no buttons of its own.
    func canEditRow(at indexPath: IndexPath) -> Bool
    /// Carries out a person's delete (after they confirmed it) or insert at `indexPath`, as
    /// UIKit's `commit(_:forRowAt:)`: change the model so that the row at `indexPath` is gone
    /// (a delete) or a new row is at `indexPath` (an insert). The table then shows the change;
    /// if the rows did not change that way it shows them as ``TableViewController/reloadData()``
    /// would. Default: nothing.
    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Whether the row at `indexPath` can be moved in editing mode, as UIKit's
    /// `canMoveRowAt`: it then shows the reorder control `≡` in place of its accessory, and
    /// Alt-↑ and Alt-↓ move it. Default: `false`.
    func canMoveRow(at indexPath: IndexPath) -> Bool
    /// Moves the row at `sourceIndexPath` to `destinationIndexPath` in the model, as UIKit's
    /// `moveRowAt(_:to:)`; the table shows the move. Default: nothing.
    mutating func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
    /// No row is edited.
    public func canEditRow(at indexPath: IndexPath) -> Bool { false }
    /// Nothing to change.
    public mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// No row moves.
    public func canMoveRow(at indexPath: IndexPath) -> Bool { false }
    /// Nothing to move.
    public mutating func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// One section.
    public func numberOfSections() -> Int { 1 }
    /// No header.
    public func titleForHeader(inSection section: Int) -> String? { nil }
    /// No footer.
    public func titleForFooter(inSection section: Int) -> String? { nil }
    /// No index.
    public func sectionIndexTitles() -> [String]? { nil }
    /// The table's own selection mode.
    public func selectionMode(forSection section: Int) -> SelectionMode? { nil }
    /// No identities: the selection is of index paths.
    public func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? { nil }
    /// Position `index` jumps to section `index`, clamped to the sections there are.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        max(0, min(index, numberOfSections() - 1))
    }
}

import Foundation

/// Where a check mark is drawn in a section of checkable rows.
public enum CheckmarkPlacement: Hashable, Sendable {
    /// `✓` at the trailing edge, as UIKit's `.checkmark` accessory (ASCII `*`).
    case trailing
    /// `◉` / `○` at the leading edge (ASCII `(*)` / `( )`), leaving the trailing side to the
    /// cell's own accessory, such as a detail button with its own action.
    case leading
}

/// How the rows of a section are selected, as `allowsSelection` /
/// `allowsMultipleSelection` and the radio idiom of iOS Settings.
public enum SelectionMode: Hashable, Sendable {
    /// The rows cannot be selected (facts to read).
    case none
    /// Enter or a click selects a row, typically to push its detail; the selection clears
    /// when the screen appears again (`clearsSelectionOnViewWillAppear`).
    case single
    /// Radio rows: Enter, Space or a click chooses a row, and its check moves there; once a
    /// row is chosen, exactly one row of the section is checked.
    case radio(CheckmarkPlacement)
    /// Checkmarks: Space or a click toggles a row's check; Enter is left to the screen.
    case multiple(CheckmarkPlacement)

    /// Where checks are drawn, for the modes that draw them.
    var checkmarkPlacement: CheckmarkPlacement? {
        switch self {
        case .radio(let placement), .multiple(let placement): return placement
        case .none, .single: return nil
        }
    }
}

/// What a selection changed: the rows that lost it and the row that gained it.
struct SelectionChange: Hashable, Sendable {
    /// Rows no longer selected, in order.
    public var deselected: [IndexPath]
    /// The row now selected, if one was.
    public var selected: IndexPath?

    /// No change.
    public static let none = SelectionChange(deselected: [], selected: nil)
}

@MainActor
extension TableView {
    /// The selection mode of `section`: the data source's answer, or the table's own (in
    /// editing mode with ``TableViewController/allowsMultipleSelectionDuringEditing``, checks
    /// at the leading edge in every section but one the data source says selects nothing, such
    /// as a section that holds an ⊕ "Add…" row).
    package func selectionMode<DataSource: TableViewDataSource>(forSection section: Int, dataSource: DataSource) -> SelectionMode {
        let own = dataSource.selectionMode(forSection: section)
        if let selectionModeDuringEditing { return own == SelectionMode.none ? .none : selectionModeDuringEditing }
        return own ?? selectionMode
    }

    /// Whether the table's own ``selectionMode`` governs `section`: the data source gives the
    /// section no mode of its own, or editing mode gives every section the same one.
    func followsTableSelectionMode<DataSource: TableViewDataSource>(_ section: Int, dataSource: DataSource) -> Bool {
        selectionModeDuringEditing != nil || dataSource.selectionMode(forSection: section) == nil
    }

    /// Selects `indexPath` by its section's rules and returns what changed. `toggles` is a
    /// Space or a click: in a `.multiple` section it removes the check of a checked row.
    ///
    /// A section's mode governs that section's rows only; the rows of other sections keep
    /// their selection, whatever their modes.
    ///
    /// - `.single`: the row becomes the only selected row of its section. Where the mode is
    ///   the table's own (the data source gives the section none), the sections the table's
    ///   mode governs are one list, as a UIKit table without multiple selection: the row
    ///   becomes the only selected row among them.
    /// - `.radio`: the row becomes the only selected row of its section.
    /// - `.multiple`: the row is added (or, toggling a checked row, removed).
    /// - `.none`: nothing.
    func select<DataSource: TableViewDataSource>(
        _ indexPath: IndexPath, in state: inout TableViewState, toggles: Bool, dataSource: DataSource
    ) -> SelectionChange {
        switch selectionMode(forSection: indexPath.section, dataSource: dataSource) {
        case .none:
            return .none
        case .single:
            let tableWide = followsTableSelectionMode(indexPath.section, dataSource: dataSource)
            let others = state.selectedRows.filter { row in
                guard row != indexPath else { return false }
                if row.section == indexPath.section { return true }
                return tableWide && followsTableSelectionMode(row.section, dataSource: dataSource)
            }.sorted()
            state.selectedRows.subtract(others)
            state.selectedRows.insert(indexPath)
            return SelectionChange(deselected: others, selected: indexPath)
        case .radio:
            let others = state.selectedRows.filter { $0.section == indexPath.section && $0 != indexPath }.sorted()
            state.selectedRows.subtract(others)
            state.selectedRows.insert(indexPath)
            return SelectionChange(deselected: others, selected: indexPath)
        case .multiple:
            if toggles, state.selectedRows.contains(indexPath) {
                state.selectedRows.remove(indexPath)
                return SelectionChange(deselected: [indexPath], selected: nil)
            }
            state.selectedRows.insert(indexPath)
            return SelectionChange(deselected: [], selected: indexPath)
        }
    }

    /// The cell at `indexPath` as the table draws it: with the check its section's mode
    /// draws (room kept for it when unchecked, so checking never moves the text).
    func displayedCell<DataSource: TableViewDataSource>(at indexPath: IndexPath, dataSource: DataSource, isSelected: Bool) -> TableViewCell {
        var cell = dataSource.cell(for: indexPath)
        switch selectionMode(forSection: indexPath.section, dataSource: dataSource).checkmarkPlacement {
        case .trailing?:
            cell.accessory = isSelected ? .checkmark : .none
            cell.reservesCheckmark = true
        case .leading?:
            cell.leadingCheck = isSelected
        case nil:
            break
        }
        if let editing = editingDecoration?(indexPath) {
            cell.editingControl = editing.control
            cell.showsReorderControl = editing.showsReorderControl
            cell.deleteConfirmationTitle = editing.deleteConfirmationTitle
        }
        return cell
    }
}

@MainActor
extension TableView {
    /// `selected` rows of `old`, and the items `outOfSight` (hidden by a search), carried by
    /// identity to `new`: the rows of `new` showing them, and those it does not show. `nil`
    /// when there is nothing to carry, or `old` does not identify its items.
    static func selection(_ selected: Set<IndexPath>, outOfSight: Set<AnyHashable>, carriedFrom old: any TableViewDataSource,
                          to new: any TableViewDataSource) -> (rows: Set<IndexPath>, outOfSight: Set<AnyHashable>)? {
        guard !selected.isEmpty || !outOfSight.isEmpty else { return nil }
        var wanted = outOfSight
        for indexPath in selected {
            guard let identifier = old.itemIdentifier(for: indexPath) else { return nil }
            wanted.insert(identifier)
        }
        var rows = Set<IndexPath>()
        // One pass over the rows: a selection costs what the table's length costs, once.
        for section in 0 ..< new.numberOfSections() where !wanted.isEmpty {
            for row in 0 ..< new.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                guard let identifier = new.itemIdentifier(for: indexPath) else { break }
                if wanted.remove(identifier) != nil { rows.insert(indexPath) }
            }
        }
        return (rows, wanted)
    }

    /// Whether `dataSource` identifies its items, judged by its first row.
    static func identifiesItems(_ dataSource: some TableViewDataSource) -> Bool {
        guard let section = (0 ..< dataSource.numberOfSections()).first(where: { dataSource.numberOfRows(inSection: $0) > 0 }) else {
            return false
        }
        return dataSource.itemIdentifier(for: IndexPath(row: 0, section: section)) != nil
    }
}

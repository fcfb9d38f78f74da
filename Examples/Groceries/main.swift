import Foundation
import TableKit
import TableKitTerminal

/// Groceries: a shopping list by aisle on a diffable data source, edited as an iOS list is.
/// E (Edit) shows ⊖ and ≡ on every item: Delete then Enter removes one, Alt-↑ and Alt-↓ move
/// it (into the next aisle too). Without editing, s swipes an item aside for Delete. u undoes
/// a delete or a move, and U redoes it.
enum Aisle: String, CaseIterable, Hashable, Sendable {
    case produce = "Produce"
    case dairy = "Dairy"
    case bakery = "Bakery"
}

/// The app's changes, which `u` undoes.
let undoManager = UndoManager()

/// The list's rows: each change a person makes is a new snapshot, applied.
final class GroceryList: TableViewDiffableDataSource<Aisle, String> {
    override func titleForHeader(inSection section: Int) -> String? { sectionIdentifier(for: section)?.rawValue }

    override func canEditRow(at indexPath: IndexPath) -> Bool { true }
    override func canMoveRow(at indexPath: IndexPath) -> Bool { true }

    override func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let item = itemIdentifier(at: indexPath) else { return }
        var next = snapshot()
        next.deleteItems([item])
        change(to: next, named: "Delete \(item)")
    }

    override func moveRow(at source: IndexPath, to destination: IndexPath) {
        guard let item = itemIdentifier(at: source), let aisle = sectionIdentifier(for: destination.section) else { return }
        var next = snapshot()
        next.deleteItems([item])
        // The destination is the item's place once it has moved: before the item there now.
        let others = next.itemIdentifiers(inSection: aisle)
        if destination.row < others.count {
            next.insertItems([item], beforeItem: others[destination.row])
        } else {
            next.appendItems([item], toSection: aisle)
        }
        change(to: next, named: "Move \(item)")
    }

    /// Shows `next`, and registers going back to the rows as they were: the undo, which
    /// registers coming back here in turn (the redo).
    func change(to next: TableViewDiffableDataSourceSnapshot<Aisle, String>, named name: String) {
        let before = snapshot()
        apply(next)
        undoManager.registerUndo(withTarget: self) { list in list.change(to: before, named: name) }
        undoManager.setActionName(name)
    }
}

final class GroceriesScreen: TableViewController {
    init() {
        super.init(title: "Groceries", dataSource: StaticTableDataSource(cells: []))
        // Installed as the table's data source, which holds it.
        let groceries = GroceryList(tableViewController: self) { _, item in TableViewCell(text: item) }
        var snapshot = TableViewDiffableDataSourceSnapshot<Aisle, String>()
        snapshot.appendSections(Aisle.allCases)
        snapshot.appendItems(["Apples", "Spinach", "Lemons"], toSection: .produce)
        snapshot.appendItems(["Milk", "Butter"], toSection: .dairy)
        snapshot.appendItems(["Rye Bread", "Croissants"], toSection: .bakery)
        groceries.apply(snapshot, animatingDifferences: false)
    }

    override var rightBarButtonItems: [BarButtonItem] { [editButtonItem()] }
}

TerminalApp(root: RootController(content: NavigationController(root: GroceriesScreen()), undoManager: undoManager)).main()

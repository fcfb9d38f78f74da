import Foundation

extension TabBarController {
    /// Moves the tab at `source` to `destination`, as a person does in More › Edit: the tab in
    /// front stays in front, wherever it now is; the More list shows the new order.
    public func moveTab(from source: Int, to destination: Int) {
        guard tabs.indices.contains(source), tabs.indices.contains(destination), source != destination else { return }
        let selected = tabs[selectedIndex]
        var reordered = tabs
        reordered.insert(reordered.remove(at: source), at: destination)
        replaceTabs(reordered, selecting: selected)
    }

    /// Puts the tabs in the order of `order`, as a saved order comes back: tabs it does not
    /// hold follow in their present order, and tabs of other controllers are passed over.
    public func setTabOrder(_ order: [Tab]) {
        var rest = tabs
        var ordered: [Tab] = []
        for tab in order {
            guard let index = rest.firstIndex(where: { $0 === tab }) else { continue }
            ordered.append(rest.remove(at: index))
        }
        replaceTabs(ordered + rest, selecting: tabs[selectedIndex])
    }

    /// More › Edit ended (Done): tells ``didEndCustomizing`` whether the order changed.
    func endCustomizing(from before: [Tab]) {
        didEndCustomizing?(tabs, !tabs.elementsEqual(before, by: ===))
    }
}

/// More's list of the tabs the bar has no slot for, with Edit to choose and order the tabs the
/// bar shows, as UIKit's More list.
@MainActor
final class MoreListController: TableViewController {
    private weak var tabBarController: TabBarController?

    init(tabs: TabBarController) {
        tabBarController = tabs
        super.init(title: TabBar.moreTitle, dataSource: StaticTableDataSource([]))
        showTabs()
    }

    /// The rows: every tab from the fifth on.
    func showTabs() {
        let tabs = tabBarController?.tabs ?? []
        dataSource = StaticTableDataSource(cells: tabs.dropFirst(TabBar.maximumSlots - 1).map {
            TableViewCell(text: $0.item.title, accessory: .disclosureIndicator)
        })
    }

    override var rightBarButtonItems: [BarButtonItem] {
        tabBarController?.allowsCustomizing == false ? [] : [BarButtonItem(system: .edit, id: .edit, key: .character("E"), help: "choose and order the tabs of the bar")]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == .edit, let tabBarController, tabBarController.allowsCustomizing else { return super.barButtonTapped(id, area: area) }
        return .push(TabCustomizingController(tabs: tabBarController))
    }
}

/// More › Edit: every tab in the bar's order, the first four in the bar and the rest under
/// More. Alt-↑ and Alt-↓ (or a drag of ≡) move a tab; the bar follows at once; Done goes back.
@MainActor
final class TabCustomizingController: TableViewController, TableViewDelegate {
    private weak var tabBarController: TabBarController?
    private let before: [TabBarController.Tab]

    /// The rows: each tab, and where it shows.
    struct Rows: TableViewDataSource {
        weak var tabs: TabBarController?
        var titles: [String]

        func numberOfRows(inSection section: Int) -> Int { titles.count }

        func cell(for indexPath: IndexPath) -> TableViewCell {
            let inBar = indexPath.row < TabBar.maximumSlots - 1
            return TableViewCell(style: .value1, text: titles[indexPath.row], detailText: inBar ? "In the bar" : "Under More")
        }

        func titleForFooter(inSection section: Int) -> String? {
            "Where the terminal is too narrow for every tab, the first four show in the bar and the rest under More."
        }

        func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? { titles[indexPath.row] }
        func canMoveRow(at indexPath: IndexPath) -> Bool { true }

        mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
            titles.insert(titles.remove(at: source.row), at: destination.row)
            guard let tabs else { return }
            tabs.moveTab(from: source.row, to: destination.row)
            tabs.didMoveTab?(tabs.tabs)
        }
    }

    init(tabs: TabBarController) {
        tabBarController = tabs
        before = tabs.tabs
        super.init(title: "Configure", dataSource: Rows(tabs: tabs, titles: tabs.tabs.map(\.item.title)))
        delegate = self
        setEditing(true, animated: false)
    }

    override var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(system: .done, id: .done, key: .character("D"), help: "keep this order and go back")]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == .done else { return super.barButtonTapped(id, area: area) }
        return .pop
    }

    override func viewDidDisappear() {
        super.viewDidDisappear()
        tabBarController?.endCustomizing(from: before)
    }

    /// Rows only move: no ⊖.
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .none }
}

extension BarButtonItem.Identifier {
    /// More › Edit's Done.
    static let done: Self = "done"
}

import Foundation
import TableKit

extension KeyboardType {
    /// What the keyboard is for, as Add New Keyboard groups them.
    var group: String {
        switch self {
        case .default, .asciiCapable, .twitter, .webSearch: return "Text"
        case .URL, .emailAddress: return "Addresses"
        case .numberPad, .decimalPad, .numbersAndPunctuation, .phonePad, .namePhonePad: return "Numbers and Phones"
        }
    }
}

/// The keyboards kept, in order, then "Add New Keyboard…": a delete or a move is saved at once,
/// as a change the state file's latest list takes (another instance's changes stay).
struct KeyboardRows: TableViewDataSource {
    let settings: AppSettings
    /// The keyboards, in the person's order.
    private(set) var keyboards: [KeyboardType]

    init(settings: AppSettings) {
        self.settings = settings
        keyboards = settings.state.keyboardTypes
    }

    /// Whether `indexPath` is the "Add New Keyboard…" row, after the keyboards.
    func isAddRow(_ indexPath: IndexPath) -> Bool { indexPath.row == keyboards.count }

    func numberOfRows(inSection section: Int) -> Int { keyboards.count + 1 }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        isAddRow(indexPath) ? TableViewCell(text: "Add New Keyboard…", accessory: .disclosureIndicator)
            : TableViewCell(style: .value1, text: keyboards[indexPath.row].name, detailText: FormsScreen.example(keyboards[indexPath.row]))
    }

    func titleForFooter(inSection section: Int) -> String? {
        "Forms › Keyboard Types has a field for each, in this order. Edit (E) removes and reorders them; one always stays."
    }

    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? {
        isAddRow(indexPath) ? "add" : keyboards[indexPath.row].rawValue
    }

    /// Every keyboard but the last one left, as iOS keeps one; and "Add New Keyboard…", whose
    /// ⊕ adds one.
    func canEditRow(at indexPath: IndexPath) -> Bool { isAddRow(indexPath) || keyboards.count > 1 }

    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, !isAddRow(indexPath), canEditRow(at: indexPath) else { return }
        save(.remove([keyboards.remove(at: indexPath.row).rawValue]))
    }

    func canMoveRow(at indexPath: IndexPath) -> Bool { !isAddRow(indexPath) }

    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        let keyboard = keyboards.remove(at: source.row)
        keyboards.insert(keyboard, at: destination.row)
        let next = keyboards.indices.contains(destination.row + 1) ? keyboards[destination.row + 1].rawValue : nil
        save(.move(keyboard.rawValue, before: next))
    }

    private func save(_ edit: OrderedListEdit) {
        settings.update { $0.editKeyboards(edit) }
    }
}

/// Settings › General › Keyboards, as iOS has it: the keyboards the Forms tab offers to try,
/// in order. Edit (E) shows ⊖ and ≡: Delete then Enter removes one, Alt-↑ and Alt-↓ move it;
/// a swipe removes one too. "Add New Keyboard…", always last, opens the ones not kept (with
/// Enter, or with its ⊕ in editing mode).
final class KeyboardsScreen: TableViewController, TableViewDelegate {
    private let settings: AppSettings

    init(settings: AppSettings) {
        self.settings = settings
        super.init(title: "Keyboards", style: .grouped, dataSource: KeyboardRows(settings: settings))
        delegate = self
    }

    private var rows: KeyboardRows { dataSource as? KeyboardRows ?? KeyboardRows(settings: settings) }

    override func viewWillAppear() {
        super.viewWillAppear()
        // A keyboard added, or another instance's change.
        dataSource = KeyboardRows(settings: settings)
        // A keyboard deleted or moved and then undone, while this list is up.
        settings.watchUndo(by: self) { [weak self] _ in
            guard let self else { return }
            dataSource = KeyboardRows(settings: settings)
        }
    }

    override var rightBarButtonItems: [BarButtonItem] { [editButtonItem()] }

    /// Only "Add New Keyboard…" opens; the keyboards are facts.
    func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool { rows.isAddRow(indexPath) }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard rows.isAddRow(indexPath) else { return .handled }
        return .push(AddKeyboardScreen(settings: settings))
    }

    /// In editing mode "Add New Keyboard…" shows ⊕, as a list that can grow does in iOS; the
    /// keyboards show ⊖.
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        rows.isAddRow(indexPath) ? .insert : .delete
    }

    /// ⊕ (or `+`) on "Add New Keyboard…" opens the keyboards not kept, as Enter does outside
    /// editing mode.
    func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? {
        rows.isAddRow(indexPath) ? .push(AddKeyboardScreen(settings: settings)) : .handled
    }

    /// A keyboard moves among the keyboards: "Add New Keyboard…" stays last.
    func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt source: IndexPath,
                   toProposedIndexPath proposed: IndexPath) -> IndexPath {
        IndexPath(row: min(proposed.row, rows.keyboards.count - 1), section: 0)
    }
}

/// The keyboards not kept, grouped by what they are for, searchable (`/`): Enter adds one
/// last and goes back.
final class AddKeyboardScreen: TableViewController, TableViewDelegate, GroupedSectionsSearching {
    private let settings: AppSettings
    let all: GroupedSections<KeyboardType>
    var shown: GroupedSections<KeyboardType> {
        didSet { dataSource = shown }
    }

    init(settings: AppSettings) {
        self.settings = settings
        let kept = Set(settings.state.keyboardTypes)
        all = GroupedSections(KeyboardType.allCases.filter { !kept.contains($0) }, section: \.group, title: \.name) { keyboard in
            TableViewCell(style: .value1, text: keyboard.name, detailText: FormsScreen.example(keyboard))
        }
        shown = all
        let table = TableView(style: .grouped, emptyMessage: "Every Keyboard Is Added")
        super.init(title: "Add New Keyboard", tableView: table, dataSource: all)
        delegate = self
        let search = SearchController(placeholder: "Search Keyboards", helpText: "search the keyboards by name")
        search.searchResultsUpdater = self
        searchController = search
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard let keyboard = shown.item(at: indexPath) else { return .handled }
        settings.update { $0.editKeyboards(.add(keyboard.rawValue)) }
        return .pop
    }
}

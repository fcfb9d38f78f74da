import Foundation
import TableKit

/// Settings: the app's choices as radio and checkmark sections, applied at once and saved,
/// and the facts of what is shown and how the terminal was set up, read-only.
final class SettingsScreen: TableViewController, TableViewDelegate {
    private let settings: AppSettings
    /// The read-only facts, read each time they are drawn, so they stay true after a reload.
    let facts: () -> [(title: String, rows: [(label: String, value: String)])]

    /// The sections, in order.
    enum Group: Int, CaseIterable {
        case theme, bookOrder, reminder, bookFields, sources, swipeStyle, behaviour, reading, general
    }


    init(settings: AppSettings, facts: @escaping () -> [(title: String, rows: [(label: String, value: String)])]) {
        self.settings = settings
        self.facts = facts
        super.init(title: "Settings", style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        dataSource = makeDataSource()
        showChoices()
    }

    private func makeDataSource() -> StaticTableDataSource {
        var sections = [
            TableSection(header: "Theme", selectionMode: .radio(.trailing),
                         cells: AppState.ThemeChoice.allCases.map { TableViewCell(text: $0.title) }),
            TableSection(header: "Sort Books By", footer: "Author sorts by last name, then first name.", selectionMode: .radio(.trailing),
                         cells: AppState.BookOrder.allCases.map { TableViewCell(text: $0.title) }),
            TableSection(header: "Reminder", selectionMode: .radio(.trailing),
                         cells: AppState.Reminder.allCases.map { TableViewCell(text: $0.title) }),
            TableSection(header: "Book Details", footer: "The fields a book's detail shows.", selectionMode: .multiple(.trailing),
                         cells: AppState.BookField.allCases.map { TableViewCell(text: $0.title) }),
            TableSection(header: "Data Sources", footer: "ⓘ (i) says where each comes from.", selectionMode: .multiple(.leading),
                         cells: AppState.Source.allCases.map { TableViewCell(text: $0.title, accessory: .detailButton) }),
            TableSection(header: "Side-Swipe Menus", footer: "s, Shift-← or Shift-→ slide a row aside for its actions.", selectionMode: .radio(.trailing),
                         cells: AppState.SwipeStyle.allCases.map { TableViewCell(text: $0.title) }),
            TableSection(header: "Behaviour", selectionMode: SelectionMode.none, cells: [
                TableViewCell(text: "Animations", accessory: .switch(settings.state.animations)),
                TableViewCell(text: "Mouse", accessory: .switch(settings.state.mouse)),
                TableViewCell(text: "Animation Speed", valueText: Slider.text(of: settings.state.speed) + "×",
                              slider: Slider(value: settings.state.speed, in: AppState.animationSpeeds, step: 0.25)),
            ]),
            TableSection(header: "Reading", footer: "The most columns a game review's text takes.", selectionMode: SelectionMode.none, cells: [
                TableViewCell(text: "Review Width", valueText: settings.state.reviewColumns.map { "\($0) columns" } ?? "Full",
                              slider: Slider(value: Double(settings.state.reviewColumns ?? AppState.reviewWidths.upperBound),
                                             in: Double(AppState.reviewWidths.lowerBound) ... Double(AppState.reviewWidths.upperBound), step: 5)),
            ]),
            TableSection(header: "General", selectionMode: .single, cells: [
                TableViewCell(style: .value1, text: "Keyboards", detailText: String(settings.state.keyboardTypes.count), accessory: .disclosureIndicator),
            ]),
        ]
        for group in facts() {
            sections.append(TableSection(header: group.title, selectionMode: SelectionMode.none, cells: group.rows.map {
                TableViewCell(style: .value1, text: $0.label, detailText: $0.value)
            }))
        }
        return StaticTableDataSource(sections)
    }

    /// The checks as the state has them.
    private func showChoices() {
        let chosen = settings.state
        state.selectedRows = []
        func check(_ group: Group, _ row: Int?) {
            if let row { selectRow(at: IndexPath(row: row, section: group.rawValue)) }
        }
        check(.theme, AppState.ThemeChoice.allCases.firstIndex(of: chosen.theme))
        check(.bookOrder, AppState.BookOrder.allCases.firstIndex(of: chosen.bookOrder))
        check(.reminder, AppState.Reminder.allCases.firstIndex(of: chosen.reminder))
        for (row, field) in AppState.BookField.allCases.enumerated() where chosen.bookFields.contains(field) { check(.bookFields, row) }
        for (row, source) in AppState.Source.allCases.enumerated() where chosen.sources.contains(source) { check(.sources, row) }
        check(.swipeStyle, AppState.SwipeStyle.allCases.firstIndex(of: chosen.swipeStyle ?? .reveal))
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        // The facts may have changed meanwhile (a reload, a new setting).
        showSettings()
    }

    /// The rows and their checks as the state has them now (after an undo too).
    func showSettings() {
        dataSource = makeDataSource()
        showChoices()
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        if indexPath.section == Group.general.rawValue {
            return .push(animatingAsThis(KeyboardsScreen(settings: settings)))
        }
        change(indexPath, isOn: true)
        return .handled
    }

    /// The Behaviour switches: the state follows, and the rows show it.
    func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        guard indexPath.section == Group.behaviour.rawValue else { return .handled }
        settings.update { state in
            if indexPath.row == 0 { state.animations = isOn } else if indexPath.row == 1 { state.mouse = isOn }
        }
        dataSource = makeDataSource()
        showChoices()
        return .handled
    }

    /// The Animation Speed and Review Width sliders: the state follows, and the rows show it.
    func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse {
        settings.update { state in
            switch Group(rawValue: indexPath.section) {
            case .behaviour?: state.animationSpeed = value
            case .reading?: state.reviewWidth = Int(value)
            default: break
            }
        }
        dataSource = makeDataSource()
        showChoices()
        return .handled
    }

    func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {
        change(indexPath, isOn: false)
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        guard indexPath.section == Group.sources.rawValue, AppState.Source.allCases.indices.contains(indexPath.row) else { return .handled }
        let source = AppState.Source.allCases[indexPath.row]
        let explanation: String
        switch source {
        case .books: explanation = "The Books tab shows the books bundled with the app, or the JSON file given with --data."
        case .tweets:
            let handle = Timeline.handle(in: settings.state)
            explanation = "The Tweets tab shows a timeline bundled with the app (Resources/tweets.json); Refresh (r) brings Resources/tweets-new.json. "
                + "Yours are those by \(handle), the Twitter field of Forms › Profile."
        case .games: explanation = "The Games tab shows the iPhone game reviews bundled with the app (Resources/games.json)."
        }
        return .present(AlertController.notice(title: source.title, message: explanation + " Unticked, the tab says it is turned off."))
    }

    /// A check set or cleared: the state follows (radio rows are only ever set).
    private func change(_ indexPath: IndexPath, isOn: Bool) {
        guard let group = Group(rawValue: indexPath.section) else { return }
        let row = indexPath.row
        settings.update { state in
            switch group {
            case .theme: if isOn, let choice = Self.element(AppState.ThemeChoice.allCases, row) { state.theme = choice }
            case .bookOrder: if isOn, let choice = Self.element(AppState.BookOrder.allCases, row) { state.bookOrder = choice }
            case .reminder: if isOn, let choice = Self.element(AppState.Reminder.allCases, row) { state.reminder = choice }
            case .bookFields:
                if let field = Self.element(AppState.BookField.allCases, row) {
                    if isOn { state.bookFields.insert(field) } else { state.bookFields.remove(field) }
                }
            case .sources:
                if let source = Self.element(AppState.Source.allCases, row) {
                    if isOn { state.sources.insert(source) } else { state.sources.remove(source) }
                }
            case .behaviour, .reading, .general:
                break
            case .swipeStyle: if isOn, let choice = Self.element(AppState.SwipeStyle.allCases, row) { state.swipeStyle = choice }
            }
        }
    }

    private static func element<T>(_ all: [T], _ index: Int) -> T? {
        all.indices.contains(index) ? all[index] : nil
    }
}

import Foundation
import TableKit

/// A sectioned, indexed list of records: Enter pushes a record's detail, `/` searches live,
/// ⋯ opens the focused row's actions (search for its subtitle, hide it), and ⟳ reloads the
/// file in the background.
final class RecordListScreen: Screen {
    let title: String
    private(set) var records: IndexedRecords
    /// Filters on the calling thread (snapshots and tests) instead of in the background.
    let searchesSynchronously: Bool
    /// Loads the records on a background thread; it may stop early once its argument says
    /// the load was cancelled.
    typealias Load = @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Result<IndexedRecords, CommandFailure>

    /// Where ⟳ reloads from; `nil` for data that cannot change (the bundled books).
    let reload: Load?
    /// Tells the tab bar the badge to show: the match count while filtered, a dot for new content.
    var onBadgeChange: (TabBarItem.Badge?) -> Void = { _ in }

    private let plainTable = TableView(style: .plain, emptyMessage: "No Records")
    private let searchTable = TableView(style: .plain, emptyMessage: "No Results")
    private(set) var state = TableViewState()
    private lazy var filter = RecordFilter(records: records)
    /// The content area of the last event, for the actions a modal triggers later.
    private var lastArea = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The records hidden this session (Hide from List), as ascending positions in
    /// `records.order`; a reload shows them again.
    private(set) var hiddenPositions: [Int32] = [] {
        didSet { updateShownResult() }
    }
    /// What the table shows: the search result, or every record, less the hidden ones.
    private(set) var shownResult: FilterResult

    // Search: the field while shown, whether it is being typed in, the result shown, and the
    // state of the full list to put back when the search is cleared.
    private(set) var searchField: SearchField?
    private(set) var isEditingSearch = false
    private(set) var filterResult: FilterResult? {
        didSet { updateShownResult() }
    }
    private var stateBeforeSearch: TableViewState?
    private var searchStarted: ContinuousClock.Instant?
    private var reloadTask: BackgroundTask<Result<IndexedRecords, CommandFailure>>?
    private var isReloadSheetShown = false

    init(title: String, records: IndexedRecords, searchesSynchronously: Bool = false,
         reload: Load? = nil) {
        self.title = title
        self.records = records
        self.searchesSynchronously = searchesSynchronously
        self.reload = reload
        shownResult = .all(records.order)
    }

    // MARK: Keys as data

    enum Command: Hashable, Sendable {
        case search
        case clearSearch
    }

    static let bindings: [KeyBinding<Command>] = [
        KeyBinding([.character("/")], .search, label: "/", help: "search titles and subtitles", footer: "search"),
        KeyBinding([.escape], .clearSearch, label: "Esc", help: "clear the search"),
    ]

    var rightBarButtonItems: [BarButtonItem] {
        let actions = BarButtonItem(system: .action, id: "actions", key: .character("a"),
                                    isEnabled: state.focusedRow != nil || !hiddenPositions.isEmpty)
        guard reload != nil else { return [actions] }
        return [actions, BarButtonItem(system: .refresh, id: "reload", key: .character("r"), isEnabled: reloadTask == nil)]
    }

    var keyHelp: [KeyHint] {
        if isEditingSearch { return SearchField.keyHelp + [KeyHint("↑ ↓ PgUp PgDn", "move in the results")] }
        // Record rows have a chevron only: the info and edit keys have nothing to act on here.
        let rowBindings = TableView.rowKeyBindings.filter { $0.action != .tapDetailButton && $0.action != .tapAccessoryButton }
        var help = (state.isIndexFocused ? TableView.indexKeyBindings : rowBindings).helpHints()
        if state.isIndexFocused { help.append(KeyHint("A–Z #", "jump to that section")) }
        help += Self.bindings.filter { $0.action != .clearSearch || searchField != nil }.helpHints()
        if !state.isIndexFocused { help.append(KeyHint("a", "actions for the focused row")) }
        if reload != nil { help.append(KeyHint("r", "reload the file")) }
        return help
    }

    var keyHints: [KeyHint] {
        if !records.isSorted { return reload != nil && reloadTask == nil ? [KeyHint("r", "load")] : [] }
        if isEditingSearch { return SearchField.keyBindings.footerHints() }
        if state.isIndexFocused { return TableView.indexKeyBindings.footerHints() + [KeyHint("A–Z", "jump")] }
        let clear: [KeyHint] = searchField != nil ? [KeyHint("Esc", "clear")] : []
        // When the line is short the last hints give way first: clearing a search matters more.
        return TableView.rowKeyBindings.footerHints() + clear + Self.bindings.footerHints() + [KeyHint("a", "actions")]
    }

    var capturesTextInput: Bool { isEditingSearch || state.isIndexFocused }

    var wantsTicks: Bool { reloadTask != nil || searchStarted != nil }

    // MARK: Drawing

    private var isFiltered: Bool { !shownResult.isUnfiltered }

    private var table: TableView {
        if searchField != nil { return searchTable }
        guard records.isSorted else {
            // The first load is still sorting (its progress sheet is up), or it was cancelled.
            let message = reloadTask != nil ? "Loading \(records.count) Records…"
                : reload != nil ? "Not Loaded: ⟳ (r) Loads It" : "Loading Cancelled"
            return TableView(style: .plain, emptyMessage: message)
        }
        return plainTable
    }

    /// Shows the records `task` sorts once it finishes, with a progress sheet and Cancel while
    /// it takes longer than half a second (the first load of a large file).
    func showWhenLoaded(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        reloadTask = task
        isReloadSheetShown = false
    }

    private func updateShownResult() {
        shownResult = (filterResult ?? .all(records.order)).excluding(hiddenPositions, order: records.order)
    }

    private func tableArea(in area: Rect) -> Rect { searchField == nil ? area : area.inset(top: 1) }

    private func withDataSource<R>(_ body: (any TableViewDataSource) -> R) -> R {
        if isFiltered {
            return body(FilteredRecordsDataSource(records: records, result: shownResult))
        }
        return body(RecordsDataSource(records: records))
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        if let searchField {
            searchField.render(into: &canvas, area: area.topLines(1), isEditing: isEditingSearch, context: context)
        }
        let tableContext = RenderContext(glyphs: context.glyphs, isActive: context.isActive && !isEditingSearch)
        withDataSource { table.render(state, dataSource: $0, into: &canvas, area: tableArea(in: area), context: tableContext) }
    }

    // MARK: Events

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        lastArea = area
        switch event {
        case .tick:
            return poll(area: area)
        case .resize:
            return update(.refresh, area: area)
        case .mouse(var mouse):
            guard searchField != nil else { return update(.mouse(mouse), area: area) }
            if mouse.position.y == 0 {
                if mouse.kind == .press { isEditingSearch = true }
                return .handled
            }
            mouse.position.y -= 1
            return update(.mouse(mouse), area: area)
        case .key(let key):
            if isEditingSearch { return handleSearchKey(key, area: area) }
            if let action = TableView.action(for: key, in: state) { return update(action, area: area) }
            switch Self.bindings.action(for: key) {
            case .search where records.isSorted:
                beginSearch()
                return .handled
            case .clearSearch where searchField != nil:
                endSearch(area: area)
                return .handled
            default:
                return .ignored
            }
        }
    }

    func barButtonTapped(_ id: String, area: Rect) -> ScreenResponse {
        lastArea = area
        switch id {
        case "actions":
            return rowActionSheet().map { .present($0) } ?? .ignored
        case "reload":
            guard let reload, reloadTask == nil else { return .ignored }
            reloadTask = BackgroundTask(reload)
            isReloadSheetShown = false
            return .handled
        default:
            return .ignored
        }
    }

    private func update(_ action: TableViewAction, area: Rect) -> ScreenResponse {
        let events = withDataSource { table.update(&state, action: action, dataSource: $0, size: tableArea(in: area).size) }
        for event in events {
            switch event {
            case .didSelectRow(let indexPath), .accessoryButtonTapped(let indexPath):
                if let (sequence, position) = sequence(at: indexPath), let record = sequence.record(position) {
                    return .push(RecordDetailScreen(store: records.store, record: record, sequence: sequence, position: position))
                }
            case .customAccessoryTapped, .focusChanged:
                break
            }
        }
        return .handled
    }

    /// The list as shown (filtered or not) as a sequence, and the position of `indexPath` in it.
    private func sequence(at indexPath: IndexPath) -> (RecordSequence, Int)? {
        guard let index = shownIndex(of: indexPath) else { return nil }
        let (order, result) = (records.order, shownResult)
        let sequence = RecordSequence(count: result.count) { index in
            guard index >= 0, index < result.count else { return nil }
            let position = result.position(at: index)
            return order.order.indices.contains(position) ? Int(order.order[position]) : nil
        }
        return (sequence, index)
    }

    /// The index among the records shown of the row at `indexPath`.
    private func shownIndex(of indexPath: IndexPath) -> Int? {
        let sections = shownResult.nonEmptySections
        guard sections.indices.contains(indexPath.section),
              indexPath.row >= 0, indexPath.row < shownResult.rows(inSection: sections[indexPath.section]) else { return nil }
        return shownResult.sectionStarts[sections[indexPath.section]] + indexPath.row
    }

    // MARK: Row actions

    /// The action sheet of the focused row (as a long press shows in UIKit): search for its
    /// subtitle, show the hidden records, hide it. `nil` when there is nothing to act on.
    private func rowActionSheet() -> AlertController? {
        let index = state.focusedRow.flatMap(shownIndex(of:))
        let position = index.map(shownResult.position(at:))
        let record = position.map { Int(records.order.order[$0]) }
        var actions: [(action: AlertAction, perform: () -> Void)] = []
        if let subtitle = record.flatMap(records.store.subtitle(at:)), !subtitle.isEmpty {
            actions.append((AlertAction(title: "Search for “\(subtitle)”", key: .character("s")), { [weak self] in self?.search(for: subtitle) }))
        }
        if !hiddenPositions.isEmpty {
            actions.append((AlertAction(title: hiddenPositions.count == 1 ? "Show 1 Hidden Record" : "Show \(hiddenPositions.count) Hidden Records", key: .character("u")), { [weak self] in self?.showHidden(keepingFocusOn: position) }))
        }
        if let position {
            actions.append((AlertAction(title: "Hide from List", style: .destructive, key: .character("x")), { [weak self] in self?.hide(position: position) }))
        }
        guard !actions.isEmpty else { return nil }
        let alert = Alert(
            title: record.map(records.store.title(at:)) ?? title, message: record.flatMap(records.store.subtitle(at:)),
            style: .actionSheet, actions: actions.map(\.action) + [AlertAction(title: "Cancel", style: .cancel)]
        )
        return AlertController(alert: alert) { chosen in
            actions.first { $0.action.title == chosen.title }?.perform()
        }
    }

    /// Shows the records whose title or subtitle holds `text`, the search kept (as after Enter).
    private func search(for text: String) {
        beginSearch()
        searchField = SearchField(text: text)
        isEditingSearch = false
        submit(text, area: lastArea)
    }

    /// Hides the record at `position`; the focus goes to the record after it, as after a
    /// deletion in UIKit.
    private func hide(position: Int) {
        let index = shownResult.index(atOrAfter: position)
        let insertion = hiddenPositions.firstIndex { Int($0) >= position } ?? hiddenPositions.count
        guard insertion == hiddenPositions.count || Int(hiddenPositions[insertion]) != position else { return }
        hiddenPositions.insert(Int32(position), at: insertion)
        focus(shownIndex: index)
        updateBadge()
    }

    /// Shows every hidden record again, the focus kept on the record it was on.
    private func showHidden(keepingFocusOn position: Int?) {
        hiddenPositions = []
        focus(shownIndex: position.map(shownResult.index(atOrAfter:)) ?? 0)
        updateBadge()
    }

    private func focus(shownIndex index: Int) {
        state.focusedRow = shownResult.indexPath(ofIndex: min(index, shownResult.count - 1))
        _ = update(.refresh, area: lastArea)
    }

    /// The Books badge counts what a search shows; without a search there is none.
    private func updateBadge() {
        onBadgeChange(filterResult?.isSearch == true ? .count(shownResult.count) : nil)
    }

    // MARK: Search

    private func beginSearch() {
        if searchField == nil {
            stateBeforeSearch = state
            searchField = SearchField(text: filterResult?.query ?? "")
            if !searchesSynchronously { filter.prepare() }
        }
        isEditingSearch = true
    }

    private func handleSearchKey(_ key: Key, area: Rect) -> ScreenResponse {
        // The arrows and page keys still move in the results while the field has the keyboard.
        if [.up, .down, .pageUp, .pageDown].contains(key), let action = TableView.action(for: key, in: state) {
            return update(action, area: area)
        }
        guard var field = searchField else { return .ignored }
        let event = field.handle(key)
        searchField = field
        switch event {
        case .changed:
            submit(field.text, area: area)
        case .submitted:
            isEditingSearch = false
        case .cancelled:
            endSearch(area: area)
        case nil:
            break
        }
        return .handled
    }

    private func submit(_ query: String, area: Rect) {
        if searchesSynchronously {
            show(filter.filterNow(query: query), area: area)
        } else {
            filter.submit(query: query)
            searchStarted = searchStarted ?? ContinuousClock.now
        }
    }

    /// Shows a finished result: the focus goes to the first match.
    private func show(_ result: FilterResult, area: Rect) {
        filterResult = result
        state = TableViewState()
        _ = update(.refresh, area: area)
        updateBadge()
    }

    /// Esc: the search closes and the full list comes back exactly as it was.
    private func endSearch(area: Rect) {
        if !searchesSynchronously { filter.cancel() }
        searchField = nil
        isEditingSearch = false
        filterResult = nil
        searchStarted = nil
        state = stateBeforeSearch ?? TableViewState()
        stateBeforeSearch = nil
        _ = update(.refresh, area: area)
        updateBadge()
    }

    // MARK: Background work

    private func poll(area: Rect) -> ScreenResponse {
        if searchStarted != nil {
            if let result = filter.takeFinishedResult(), searchField != nil {
                show(result, area: area)
            }
            if filter.progress == nil {
                searchStarted = nil
            } else if let started = searchStarted, ContinuousClock.now - started > ProgressModal.delay {
                searchStarted = nil
                return .present(ProgressModal(
                    title: "Searching \(records.count) records…",
                    progress: { [filter] in filter.progress },
                    isFinished: { [filter] in filter.progress == nil },
                    onCancel: { [weak self] in self?.cancelSearch(area: area) }
                ))
            }
        }
        if let task = reloadTask {
            if task.isFinished {
                reloadTask = nil
                switch task.takeResult() {
                case .success(let newRecords):
                    replaceRecords(newRecords, area: area)
                case .failure(let failure):
                    return .present(AlertController(alert: Alert(
                        title: "Could not reload", message: failure.message,
                        actions: [AlertAction(title: "OK", style: .cancel)]
                    )))
                case nil:
                    break
                }
            } else if task.isSlow, !isReloadSheetShown {
                isReloadSheetShown = true
                return .present(ProgressModal(
                    title: "Loading \(title)…", progress: { nil },
                    isFinished: { task.isFinished },
                    onCancel: { [weak self] in
                        task.cancel()
                        self?.reloadTask = nil
                    }
                ))
            }
        }
        return .handled
    }

    /// Cancel on a slow search: the filter shown before the last keystrokes stays.
    private func cancelSearch(area: Rect) {
        filter.cancel()
        searchStarted = nil
        if var field = searchField {
            while field.handle(.backspace) != nil {}
            for character in filterResult?.query ?? "" { _ = field.handle(.character(character)) }
            searchField = field
        }
    }

    private func replaceRecords(_ newRecords: IndexedRecords, area: Rect) {
        isReloadSheetShown = false
        hiddenPositions = []
        records = newRecords
        filter = RecordFilter(records: newRecords)
        searchField = nil
        isEditingSearch = false
        filterResult = nil
        stateBeforeSearch = nil
        state = TableViewState()
        _ = update(.refresh, area: area)
        onBadgeChange(.dot)
    }
}

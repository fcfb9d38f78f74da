import TableKit

/// A sectioned, indexed list of records: Enter pushes a record's detail, `/` searches live,
/// and ⟳ reloads the file in the background.
final class RecordListScreen: Screen {
    let title: String
    private(set) var records: IndexedRecords
    /// Filters on the calling thread (snapshots and tests) instead of in the background.
    let searchesSynchronously: Bool
    /// Where ⟳ reloads from; `nil` for data that cannot change (the bundled books).
    let reload: (@Sendable () -> Result<IndexedRecords, CommandFailure>)?
    /// Tells the tab bar the badge to show: the match count while filtered, a dot for new content.
    var onBadgeChange: (TabBarItem.Badge?) -> Void = { _ in }

    private let plainTable = TableView(style: .plain, emptyMessage: "No Records")
    private let searchTable = TableView(style: .plain, emptyMessage: "No Results")
    private(set) var state = TableViewState()
    private lazy var filter = RecordFilter(records: records)

    // Search: the field while shown, whether it is being typed in, the result shown, and the
    // state of the full list to put back when the search is cleared.
    private(set) var searchField: SearchField?
    private(set) var isEditingSearch = false
    private(set) var filterResult: FilterResult?
    private var stateBeforeSearch: TableViewState?
    private var searchStarted: ContinuousClock.Instant?
    private var reloadTask: BackgroundTask<Result<IndexedRecords, CommandFailure>>?
    private var isReloadSheetShown = false

    init(title: String, records: IndexedRecords, searchesSynchronously: Bool = false,
         reload: (@Sendable () -> Result<IndexedRecords, CommandFailure>)? = nil) {
        self.title = title
        self.records = records
        self.searchesSynchronously = searchesSynchronously
        self.reload = reload
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
        guard reload != nil else { return [] }
        return [BarButtonItem(system: .refresh, id: "reload", key: .character("r"), isEnabled: reloadTask == nil)]
    }

    var keyHelp: [(key: String, help: String)] {
        if isEditingSearch { return SearchField.keyHelp + [("↑ ↓ PgUp PgDn", "move in the results")] }
        // Record rows have a chevron only: the info and edit keys have nothing to act on here.
        let rowBindings = TableView.rowKeyBindings.filter { $0.action != .tapDetailButton && $0.action != .tapAccessoryButton }
        var help = (state.isIndexFocused ? TableView.indexKeyBindings : rowBindings).map { ($0.label, $0.help) }
        if state.isIndexFocused { help.append(("A–Z #", "jump to that section")) }
        help += Self.bindings.filter { $0.action != .clearSearch || searchField != nil }.map { ($0.label, $0.help) }
        if reload != nil { help.append(("r", "reload the file")) }
        return help
    }

    var keyHints: [(key: String, help: String)] {
        if isEditingSearch { return [("Enter", "keep"), ("Esc", "clear")] }
        if state.isIndexFocused { return TableView.indexKeyBindings.footerHints() + [("A–Z", "jump")] }
        let clear: [(key: String, help: String)] = searchField != nil ? [("Esc", "clear")] : []
        return TableView.rowKeyBindings.footerHints() + Self.bindings.footerHints() + clear
    }

    var capturesTextInput: Bool { isEditingSearch || state.isIndexFocused }

    var wantsTicks: Bool { reloadTask != nil || searchStarted != nil }

    // MARK: Drawing

    private var isFiltered: Bool { filterResult.map { !$0.isUnfiltered } ?? false }

    private var table: TableView { isFiltered ? searchTable : plainTable }

    private func tableArea(in area: Rect) -> Rect { searchField == nil ? area : area.inset(top: 1) }

    private func withDataSource<R>(_ body: (any TableViewDataSource) -> R) -> R {
        if let filterResult, isFiltered {
            return body(FilteredRecordsDataSource(records: records, result: filterResult))
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
            case .search:
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
        guard id == "reload", let reload, reloadTask == nil else { return .ignored }
        reloadTask = BackgroundTask(reload)
        isReloadSheetShown = false
        return .handled
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
        let records = records
        let order = records.order
        if let result = filterResult, isFiltered {
            let sections = result.nonEmptySections
            guard sections.indices.contains(indexPath.section) else { return nil }
            let sequence = RecordSequence(count: result.count) { index in
                guard index >= 0, index < result.count else { return nil }
                let position = result.position(at: index)
                return order.order.indices.contains(position) ? Int(order.order[position]) : nil
            }
            return (sequence, result.sectionStarts[sections[indexPath.section]] + indexPath.row)
        }
        guard records.visibleSections.indices.contains(indexPath.section) else { return nil }
        let sequence = RecordSequence(count: order.count) { index in
            order.order.indices.contains(index) ? Int(order.order[index]) : nil
        }
        return (sequence, order.sectionStarts[records.visibleSections[indexPath.section]] + indexPath.row)
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
        onBadgeChange(result.isUnfiltered ? nil : .count(result.count))
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
        onBadgeChange(nil)
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

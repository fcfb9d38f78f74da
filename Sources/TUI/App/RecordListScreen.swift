import Foundation
import TableKit

extension BarButtonItem.Identifier {
    /// Sort: the fields the list can be sorted by.
    static let sortBy: Self = "sortBy"
    /// Columns: the columns layout and its fields.
    static let columns: Self = "columns"
    /// ⋯: the focused row's actions.
    static let actions: Self = "actions"
    /// ⟳: reload the `--data` file.
    static let reload: Self = "reload"
    /// +: add a record.
    static let addRecord: Self = "addRecord"
}

/// A sectioned, indexed list of records, on TableKit's table and search controllers: Enter
/// pushes a record's detail, `/` searches live (in the background, or at once in snapshots),
/// ⋯ opens the focused row's actions (search for its subtitle, hide it), and ⟳ reloads the
/// file in the background. Records that may be changed have `[✎]` (e) on each row, which
/// opens the record's form, and + adds one.
final class RecordListScreen: TableViewController, TableViewDelegate, SearchResultsUpdating {
    var records: IndexedRecords
    /// Filters on the calling thread (snapshots and tests) instead of in the background.
    let searchesSynchronously: Bool
    /// Loads the records on a background thread; it may stop early once its argument says
    /// the load was cancelled.
    typealias Load = @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Result<IndexedRecords, CommandFailure>

    /// Where ⟳ reloads from; `nil` for data that cannot change (the bundled books). A Save As
    /// points it at the new file.
    var reload: Load?
    /// Loads the file's array at a JSON Pointer instead (a top-level object with several
    /// arrays of objects); nil when the records cannot be loaded again.
    var loadArray: ((String) -> Load)?
    /// The file's arrays of objects, as first found (a load at a pointer finds no others).
    lazy var arrayCandidates = records.store.candidates
    /// The records' source for editing, or nil when they cannot be changed.
    let editable: EditableRecords?
    /// Whether the records are books, edited with the book form (else with fields inferred
    /// from each record).
    let isBookList: Bool
    /// The file the records were read from, when they were.
    private var loadedPath: String?

    /// One filter per search scope (Title, All Fields), each made when first searched.
    var filters: [FilterHaystack.Scope: RecordFilter] = [:]
    /// The scope the search bar has chosen.
    var scope: FilterHaystack.Scope {
        FilterHaystack.Scope(rawValue: searchController?.selectedScopeButtonIndex ?? 0) ?? .titles
    }
    /// The filter of the chosen scope.
    var filter: RecordFilter {
        if let made = filters[scope] { return made }
        let made = RecordFilter(records: records, scope: scope)
        filters[scope] = made
        return made
    }
    /// The search's result on display; `nil` without a search.
    var filterResult: FilterResult? {
        didSet { updateShownResult() }
    }
    /// The records hidden this session (Hide from List), as ascending positions in
    /// `records.order`; a reload shows them again.
    var hiddenPositions: [Int32] = [] {
        didSet { updateShownResult() }
    }
    /// What the table shows: the search result, or every record, less the hidden ones.
    private(set) var shownResult: FilterResult
    var reloadTask: BackgroundTask<Result<IndexedRecords, CommandFailure>>? {
        didSet { updateEmptyMessage() }
    }
    var isReloadSheetShown = false
    /// The rest of the first load's sort, while the list shows its first rows
    /// (``IndexedRecords/isPreview``).
    var restOfSort: BackgroundTask<Result<IndexedRecords, CommandFailure>>?
    /// What the progress sheet of the work under way says: loading, or sorting.
    var backgroundWorkTitle: String?
    /// Whether the list is in front (glowing new content is cleared by looking at it).
    var isVisible = false
    /// The fields a record's detail leaves out (keys, lowercased), as Settings chose.
    var hiddenFields: Set<String> = []
    /// Whether the list is turned on in Settings; off, it says so instead of its rows.
    private(set) var isOn = true
    /// The order Settings chose. A first load still sorting in the background takes it when
    /// it arrives, as a reload does.
    var chosenSortOrder = IndexedRecords.SortOrder.title

    init(title: String, records: IndexedRecords, searchesSynchronously: Bool = false, reload: Load? = nil,
         editable: EditableRecords? = nil, isBookList: Bool = false) {
        self.records = records
        self.searchesSynchronously = searchesSynchronously
        self.reload = reload
        self.editable = editable
        self.isBookList = isBookList
        loadedPath = (editable as? DataFileRecords)?.path
        shownResult = .all(records.order)
        super.init(title: title, dataSource: RecordsDataSource(records: records, isEditable: editable != nil))
        delegate = self
        // A long list gets a scrubber of pages under its rows (p).
        showsPageScrubber = true
        if isBookList { titleSegmentedControl = SegmentedControl(segments: ["Title", "Author"]) }
        let search = SearchController(helpText: "search titles and subtitles", progressTitle: "Searching \(records.count) records…")
        search.scopeButtonTitles = FilterHaystack.Scope.buttonTitles
        search.searchResultsUpdater = self
        searchController = search
        updateEmptyMessage()
    }

    /// Shows the records `task` sorts once it finishes, with a progress sheet and Cancel while
    /// it takes longer than half a second (the first load of a large file).
    func showWhenLoaded(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        startReload(task)
    }

    var dataSourceOfRecords: RecordsDataSource {
        var source = RecordsDataSource(records: records, result: shownResult, isEditable: editable != nil)
        if let layout = columnLayout {
            source.columns = layout
            source.columnKeys = columnsChoice.fields.map { Array($0.utf8) }
        }
        return source
    }

    // MARK: Columns

    /// Whether the list shows columns, and which fields (c).
    private(set) var columnsChoice = ColumnsChoice()
    /// The layout of the columns, worked out from the records when the choice changes.
    var columnLayout: ColumnLayout?

    /// Shows the list as `choice` says: columns of the title and the fields chosen, their
    /// widths from records spread across the list, numbers on the right.
    func showColumns(_ choice: ColumnsChoice) {
        columnsChoice = choice
        columnLayout = choice.isOn && !choice.fields.isEmpty ? Self.columnLayout(for: choice.fields, titleKey: records.store.titleKey, store: records.store) : nil
        updateShownResult()
    }

    /// Columns for `fields`: each as wide as its widest value among up to 200 records spread
    /// across the store (its title at least, 24 at most), right-aligned when most are numbers.
    static func columnLayout(for fields: [String], titleKey: String, store: JSONRecordStore) -> ColumnLayout {
        let stride = max(1, store.count / 200)
        let sample = Array(Swift.stride(from: 0, to: store.count, by: stride))
        let columns = fields.map { field -> ColumnLayout.Column in
            let key = Array(field.utf8)
            let values = sample.map { FieldOrder.fieldText(store: store, record: $0, key: key) }
            let widest = values.map(\.displayWidth).max() ?? 0
            let numbers = values.filter { Double($0) != nil }.count
            return ColumnLayout.Column(title: field, width: min(24, max(field.displayWidth, widest, 1)),
                                       alignment: numbers * 2 > values.count ? .right : .left)
        }
        return ColumnLayout(columns: [ColumnLayout.Column(title: titleKey.isEmpty ? "Title" : titleKey, width: 12)] + columns)
    }

    override var tableHeaderHeight: Int { columnLayout == nil ? 0 : 1 }

    override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let columnLayout else { return }
        let source = dataSourceOfRecords
        renderColumnHeader(columnLayout, alignedWith: TableViewCell(columns: columnLayout, values: [], accessory: source.accessory), into: &canvas, area: area)
    }

    /// Shows what the records, the search's result and the hidden records now say.
    func updateShownResult() {
        shownResult = (filterResult ?? .all(records.order)).excluding(hiddenPositions, order: records.order)
        dataSource = isOn ? dataSourceOfRecords : StaticTableDataSource([])
        updateEmptyMessage()
    }

    /// Turns the list on or off (Settings › Data Sources).
    func setOn(_ on: Bool) {
        guard on != isOn else { return }
        if !on, searchController?.isActive == true { endSearch() }
        isOn = on
        updateShownResult()
    }

    /// Sections and sorts the records again by `order` (Settings › Sort Books By); the focus
    /// stays on the record it was on, at the top, unless `keepsFocus` is false (at start the
    /// list opens at its top).
    func setSortOrder(_ order: IndexedRecords.SortOrder, keepsFocus: Bool = true) {
        chosenSortOrder = order
        // The bar's Title | Author follows, whoever chose (it or Settings).
        switch order {
        case .title: titleSegmentedControl?.selectedSegmentIndex = 0
        case .subtitleLastName: titleSegmentedControl?.selectedSegmentIndex = 1
        case .field: break
        }
        guard order != records.sortOrder, records.isSorted else { return }
        adoptSorted(IndexedRecords(store: records.store, collation: records.collation, sortOrder: order), keepsFocus: keepsFocus)
    }

    /// Shows the same records in another order; the record that had the focus keeps it, at
    /// the top of the list, unless `keepsFocus` is false.
    func adoptSorted(_ sorted: IndexedRecords, keepsFocus: Bool = true) {
        let focused = keepsFocus ? state.focusedRow.flatMap(dataSourceOfRecords.recordIndex(at:)) : nil
        let search = adopt(sorted)
        state = TableViewState()
        if let indexPath = focused.flatMap(indexPath(ofRecord:)) {
            state.focusedRow = indexPath
            state.scrollPosition = ScrollPosition(item: .row(indexPath))
        }
        reloadData()
        resume(search)
    }

    /// Where record `record` (an index into the store) is in the list shown, if it is there.
    private func indexPath(ofRecord record: Int) -> IndexPath? {
        records.order.order.firstIndex(of: Int32(record)).flatMap { dataSourceOfRecords.sections.indexPath(ofIndex: $0) }
    }

    /// What the table says when it has no rows.
    func updateEmptyMessage() {
        if !isOn {
            tableView.emptyMessage = "\(title) are turned off in Settings"
        } else if searchController?.isActive == true {
            tableView.emptyMessage = "No Results"
        } else if !records.isSorted {
            // The first load is still sorting (its progress sheet is up), or it was cancelled.
            tableView.emptyMessage = reloadTask != nil ? "Loading \(records.count) Records…"
                : reload != nil ? "Not Loaded: ⟳ (r) Loads It" : "Loading Cancelled"
        } else {
            tableView.emptyMessage = "No Records"
        }
    }

    // MARK: Bars and keys

    /// Records found inside the file say where, above the bar: "Records at /3166-1", and
    /// how many other arrays the row actions (a) can open instead. Text replaced on loading says so there too, and that the list is read-only.
    override var prompt: String? {
        let store = records.store
        let pointer = ControlEscaping.escaped(store.recordsPointer)
        var parts: [String] = []
        if store.recordsAreMembers {
            parts.append("Records keyed by name" + (pointer.isEmpty ? "" : " at " + pointer))
        } else if !pointer.isEmpty {
            let others = arrayCandidates.count - 1
            parts.append("Records at " + pointer + (others < 1 ? "" : others == 1 ? " · 1 other array (a)" : " · \(others) other arrays (a)"))
        }
        let replaced = store.replacementCount
        if replaced > 0 {
            parts.append((replaced == 1 ? "1 invalid character" : "\(replaced) invalid characters") + " replaced (read-only)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Sort (o), for a `--data` list: the books have Title | Author in the bar instead.
    override var leftBarButtonItems: [BarButtonItem] {
        guard !isBookList else { return [] }
        let isEnabled = isOn && records.isSorted && records.count > 0 && reloadTask == nil
        return [BarButtonItem(id: .sortBy, title: "Sort", key: .character("o"), isEnabled: isEnabled, help: "sort by a field"),
                BarButtonItem(id: .columns, title: "Columns", key: .character("c"), isEnabled: isEnabled, help: "show fields as columns")]
    }

    override var rightBarButtonItems: [BarButtonItem] {
        let actions = BarButtonItem(system: .action, id: .actions, key: .character("a"), isEnabled: hasRowActions, help: "actions for the focused row")
        var items = [actions]
        if editable != nil {
            items.append(BarButtonItem(system: .add, id: .addRecord, key: .character("+"), isEnabled: isOn && records.isSorted,
                                       help: isBookList ? "add a book" : "add a record"))
        }
        if reload != nil {
            items.append(BarButtonItem(system: .refresh, id: .reload, key: .character("r"), isEnabled: reloadTask == nil, help: "reload the file"))
        }
        return items
    }

    override var keyHints: [KeyHint] {
        if !records.isSorted { return reload != nil && reloadTask == nil ? [KeyHint("r", "load")] : [] }
        if searchController?.isEditing == true || state.isIndexFocused || isSwipeMenuOpen { return super.keyHints }
        return super.keyHints + (hasRowActions ? [KeyHint("a", "actions")] : [])
    }

    /// Whether `a` has anything to offer: a focused row, or hidden records to show again.
    private var hasRowActions: Bool { state.focusedRow != nil || !hiddenPositions.isEmpty }

    /// A list with no records has nothing to search.
    override var isSearchAvailable: Bool { isOn && records.isSorted && records.count > 0 && super.isSearchAvailable }

    /// While only the first rows are in place, keys and clicks wait for the rest of the sort
    /// (at a million records the last tenth of the load), queued, not blocked.
    override var defersEvents: Bool { restOfSort != nil }

    override func viewWillAppear() {
        // The row opened is deselected on the way back, as UIKit's table controller does.
        super.viewWillAppear()
        isVisible = true
        if tabBarItem?.badge == .dot { tabBarItem?.badge = nil }
        // Delivered once the frame is out, so that building the title search's index on
        // every core does not hold the frame back on its way to the terminal.
        post { list in
            list.prepareTitleSearch()
            return .handled
        }
    }

    override func viewDidDisappear() {
        super.viewDidDisappear()
        isVisible = false
    }


    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        switch id {
        case .actions:
            return rowActionSheet().map { .present($0) } ?? .ignored
        case .sortBy:
            return .present(sortSheet())
        case .columns:
            let keys = records.store.sampledKeys().filter { $0 != records.store.titleKey }
            return .push(ColumnsScreen(choice: columnsChoice, keys: keys) { [weak self] in self?.showColumns($0) })
        case .addRecord:
            return addForm()
        case .reload:
            guard let reload, reloadTask == nil else { return .ignored }
            backgroundWorkTitle = nil
            startReload(BackgroundTask(reload))
            return .handled
        default:
            return .ignored
        }
    }

    // MARK: Selection

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        detail(at: indexPath)
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        detail(at: indexPath)
    }

    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        guard let editable, let record = dataSourceOfRecords.recordIndex(at: indexPath) else { return .handled }
        return .push(RecordFormScreen(editing: record, of: editable, isBook: isBookList) { [weak self] in self?.recordsDidChange(focusing: $0) })
    }

    /// Told when a person chooses Title or Author in the bar: the app saves the choice (as
    /// Settings' Sort Books By) and applies it back through ``setSortOrder(_:keepsFocus:)``.
    var onSortOrderChosen: (IndexedRecords.SortOrder) -> Void = { _ in }

    override func titleSegmentedControlChanged(to index: Int) -> ScreenResponse {
        onSortOrderChosen(index == 0 ? .title : .subtitleLastName)
        return .handled
    }

    // MARK: Editing

    /// Add Book, or Add Record with the keys of the focused record (the first, without focus).
    private func addForm() -> ScreenResponse {
        guard let editable, isOn, records.isSorted else { return .ignored }
        let template = isBookList ? nil : state.focusedRow.flatMap(dataSourceOfRecords.recordIndex(at:)) ?? (records.count > 0 ? 0 : nil)
        if !isBookList, template == nil {
            var alert = Alert(title: "Nothing to Copy", message: "A new record takes its keys from a record of the file, and the file has none.")
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            return .present(AlertController(alert: alert))
        }
        return .push(RecordFormScreen(addingTo: editable, likeRecord: template) { [weak self] in self?.recordsDidChange(focusing: $0) })
    }

    /// The records were saved: the list shows them as they are now, the focus on `record`
    /// (the one edited or added) or, after a deletion, on the row where the record was.
    func recordsDidChange(focusing record: Int?) {
        guard let editable else { return }
        let row = state.focusedRow
        if let file = editable as? DataFileRecords, file.path != loadedPath {
            // Saved As: ⟳ reads the new file from now on.
            loadedPath = file.path
            let pointer = records.store.recordsPointer
            reload = DataOptions.load(path: file.path, pointer: pointer.isEmpty ? nil : pointer, titleKey: records.store.titleKey,
                                      subtitleKey: records.store.subtitleKey)
            title = URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        }
        _ = adopt(IndexedRecords(store: editable.store, collation: records.collation, sortOrder: chosenSortOrder))
        state = TableViewState()
        reloadData()
        if let indexPath = record.flatMap(indexPath(ofRecord:)) {
            focusRow(at: indexPath)
        } else if let row, records.count > 0 {
            focusRow(at: row)
        }
    }

    /// The record's detail, stepping through the list as shown (filtered or not).
    private func detail(at indexPath: IndexPath) -> ScreenResponse {
        let source = dataSourceOfRecords
        guard let index = source.sections.index(of: indexPath), let record = source.recordIndex(at: indexPath) else { return .handled }
        let (order, result) = (records.order, shownResult)
        let sequence = RecordSequence(count: result.count) { index in
            guard index >= 0, index < result.count else { return nil }
            let position = result.position(at: index)
            return order.order.indices.contains(position) ? Int(order.order[position]) : nil
        }
        let detail = RecordDetailScreen(store: records.store, record: record, sequence: sequence, position: index, hiddenFields: hiddenFields)
        detail.onStep = { [weak self] position in
            // The list shows the same records while its detail is in front.
            guard let self, let row = self.dataSourceOfRecords.sections.indexPath(ofIndex: position) else { return }
            self.focusRow(at: row)
        }
        if let editable {
            detail.editForm = { [weak self, weak detail] record in
                guard let self else { return nil }
                return RecordFormScreen(editing: record, of: editable, isBook: self.isBookList) { [weak self, weak detail] focusing in
                    self?.recordsDidChange(focusing: focusing)
                    detail?.recordDidChange(store: editable.store, deleted: focusing == nil)
                }
            }
        }
        return .push(detail)
    }

    // MARK: Sorting by a field

    /// Lists of this many records or more are sorted in the background, behind the progress
    /// sheet after half a second; shorter ones at once.
    static let backgroundSortMinimum = 50_000

    /// The action sheet of the fields to sort by: the title first, then every key of the
    /// records (from 200 spread across the file), the current one marked "(current)".
    private func sortSheet() -> AlertController {
        var alert = Alert(title: "Sort By", message: "Numbers, dates and true/false sort by value; nulls come last.", style: .actionSheet)
        let titleKey = records.store.titleKey
        let current: String
        switch records.sortOrder {
        case .title: current = titleKey
        case .subtitleLastName: current = records.store.subtitleKey ?? titleKey
        case .field(let key): current = key
        }
        var keys = records.store.sampledKeys()
        keys.removeAll { $0 == titleKey }
        if !titleKey.isEmpty { keys.insert(titleKey, at: 0) }
        for key in keys.prefix(20) {
            // Plain words, not a ✓: an ASCII terminal shows them as they are.
            let notes = (key == titleKey ? ["title"] : []) + (key == current ? ["current"] : [])
            let shown = ControlEscaping.escaped(key) + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            alert.addAction(AlertAction(title: shown) { [weak self] in
                self?.sort(byField: key)
            })
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        return AlertController(alert: alert)
    }

    /// Sorts the list by `key` (the title key sorts by title): at once for a short list, in the
    /// background for a long one.
    func sort(byField key: String) {
        let order: IndexedRecords.SortOrder = key == records.store.titleKey ? .title : .field(key)
        guard records.count >= Self.backgroundSortMinimum else {
            setSortOrder(order)
            return
        }
        chosenSortOrder = order
        let store = records.store, collation = records.collation
        backgroundWorkTitle = "Sorting \(records.count) records…"
        startReload(BackgroundTask { _ in .success(IndexedRecords(store: store, collation: collation, sortOrder: order)) })
    }

}

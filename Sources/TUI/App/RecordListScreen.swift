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
    /// Delete 3 Books (`d`): delete the records checked in editing mode.
    static let deleteChecked: Self = "deleteChecked"
}

/// A sectioned, indexed list of records, on TableKit's table and search controllers: Enter
/// pushes a record's detail, `/` searches live (in the background, or at once in snapshots),
/// ⋯ opens the focused row's actions (search for its subtitle, hide it), and ⟳ reloads the
/// file in the background. Records that may be changed have `[✎]` (e) on each row, which
/// opens the record's form, and + adds one.
final class RecordListScreen: TableViewController, TableViewDelegate, SearchResultsUpdating {
    var records: IndexedRecords
    typealias Load = RecordSource.Load

    // The features, each a part that keeps its own state (Sources/TUI/App/RecordList).
    /// Where the records come from: the file, ⟳, its other arrays, a Save As.
    let source: RecordSource
    /// The forms that change the records; nil when they cannot be changed.
    let editing: RecordEditing?
    /// The order chosen, and the Sort sheet.
    var sorting = RecordSorting()
    /// Columns (c) and the fields a record's detail leaves out.
    var fields = RecordFields()
    /// The search's filters.
    let searching: RecordSearch
    /// What the table shows: the search's result less the hidden records. Changed through
    /// ``showSearchResult(_:)``, ``hide(_:)``, ``showHidden(keepingFocusOn:)`` and
    /// ``setOn(_:)``, which show the change.
    var shown: ShownRecords

    var reloadTask: BackgroundTask<Result<IndexedRecords, CommandFailure>>? {
        didSet { updateEmptyMessage() }
    }
    /// The progress sheet over ``reloadTask``, while it is up.
    weak var reloadSheet: ProgressModal?
    /// The rest of the first load's sort, while the list shows its first rows
    /// (``IndexedRecords/isPreview``).
    var restOfSort: BackgroundTask<Result<IndexedRecords, CommandFailure>>?
    /// Whether a search typed before the rest of the sort came is being searched again in
    /// the whole order: keys wait for its results, as they waited for the order, rather than
    /// move in the unfiltered list meanwhile.
    var researchesAfterTheRest = false
    /// What the progress sheet of the work under way says: loading, or sorting.
    var backgroundWorkTitle: String?
    /// Whether the list is in front (glowing new content is cleared by looking at it).
    var isVisible = false
    /// The records a running save changes, marked on their rows ("Saving…", "Deleting…"):
    /// worked out once when the save starts, not at every draw.
    var savingRecords: [Int: String] = [:]
    /// The order after the save that just landed, worked out in the background from what it
    /// changed, until ``recordsDidChange(focusing:)`` takes it.
    var landedOrder: RecordSaveOutcome.Reordering?
    /// The records after that save sorted whole in the background, where its order could not
    /// be updated, until ``recordsDidChange(focusing:)`` takes them.
    var landedSorting: IndexedRecords?
    /// Where each save registers its inverse (`u` takes it back); what it registered goes
    /// when the records are read again (the data underneath changed).
    var undoManager: UndoManager? {
        didSet {
            editable?.didAdopt = { [weak self] in
                guard let self else { return }
                self.undoManager?.removeAllActions(withTarget: self)
            }
        }
    }

    init(title: String, records: IndexedRecords, searchesSynchronously: Bool = false, reload: Load? = nil,
         editable: EditableRecords? = nil, isBookList: Bool = false) {
        self.records = records
        source = RecordSource(isBookList: isBookList, reload: reload, store: records.store, editable: editable)
        editing = editable.map { RecordEditing(records: $0, isBook: isBookList) }
        searching = RecordSearch(searchesSynchronously: searchesSynchronously)
        shown = ShownRecords(order: records.order)
        super.init(title: title, dataSource: RecordsDataSource(records: records, isEditable: editable != nil))
        delegate = self
        allowsMultipleSelectionDuringEditing = true
        // A long list gets a scrubber of pages under its rows (p).
        showsPageScrubber = true
        if isBookList { titleSegmentedControl = SegmentedControl(segments: ["Title", "Author"]) }
        let searchController = SearchController(helpText: "search titles and subtitles", progressTitle: "Searching \(records.count.groupedText) records…")
        searchController.scopeButtonTitles = FilterHaystack.Scope.buttonTitles
        searchController.searchResultsUpdater = self
        listenForSearchEnds()
        self.searchController = searchController
        updateEmptyMessage()
    }

    /// Shows the records `task` sorts once it finishes, with a progress sheet and Cancel while
    /// it takes longer than half a second (the first load of a large file).
    func showWhenLoaded(_ task: BackgroundTask<Result<IndexedRecords, CommandFailure>>) {
        startReload(task)
    }

    var isBookList: Bool { source.isBookList }
    var editable: EditableRecords? { editing?.records }
    var isOn: Bool { shown.isOn }

    var dataSourceOfRecords: RecordsDataSource {
        var dataSource = RecordsDataSource(records: records, result: shown.result, isEditable: editing != nil)
        dataSource.savingRecords = savingRecords
        // In editing mode a list that can grow ends with ⊕ Add Book…, as iOS's lists do.
        if isEditing, editing != nil { dataSource.addRowTitle = isBookList ? "Add Book…" : "Add Record…" }
        fields.apply(to: &dataSource)
        return dataSource
    }

    // MARK: What the table shows

    /// Shows what the records, the search's result and the hidden records now say.
    func updateShownResult() {
        shown.update(order: records.order)
        dataSource = isOn ? dataSourceOfRecords : StaticTableDataSource([])
        updateEmptyMessage()
    }

    /// Shows the search's `result`; nil ends the search.
    func showSearchResult(_ result: FilterResult?) {
        shown.searchResult = result
        updateShownResult()
        updateBadge()
    }

    /// Turns the list on or off (Settings › Data Sources).
    func setOn(_ on: Bool) {
        guard on != isOn else { return }
        if !on, searchController?.isActive == true { endSearch() }
        shown.isOn = on
        updateShownResult()
    }

    /// Hides the record at `position` (a reload shows it again); the focus goes to the record
    /// after it, as after a deletion in UIKit.
    func hide(_ position: OrderPosition) {
        let index = shown.result.index(atOrAfter: position)
        guard shown.hide(position) else { return }
        updateShownResult()
        focus(index)
        updateBadge()
    }

    /// Shows every hidden record again, the focus kept on the record at `position`.
    func showHidden(keepingFocusOn position: OrderPosition?) {
        shown.hiddenPositions = []
        updateShownResult()
        focus(position.map(shown.result.index(atOrAfter:)) ?? ResultIndex(0))
        updateBadge()
    }

    /// Focuses the `index`-th record shown, or the last.
    private func focus(_ index: ResultIndex) {
        if let indexPath = dataSourceOfRecords.indexPath(of: min(index, ResultIndex(shown.result.count - 1))) {
            focusRow(at: indexPath)
        }
    }

    /// The tab's badge counts what a search shows; without a search there is none.
    func updateBadge() {
        tabBarItem?.badge = shown.isSearch ? .count(shown.result.count) : nil
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
                : source.reload != nil ? "Not Loaded: ⟳ (r) Loads It" : "Loading Cancelled"
        } else {
            tableView.emptyMessage = "No Records"
        }
    }

    // MARK: Columns

    /// Shows the list as `choice` says: columns of the title and the fields chosen, their
    /// widths from records spread across the list, numbers on the right.
    func showColumns(_ choice: ColumnsChoice) {
        fields.showColumns(choice, of: records.store)
        updateShownResult()
    }

    override var tableHeaderHeight: Int { fields.headerHeight }

    override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let columnLayout = fields.columnLayout else { return }
        let cell = TableViewCell(columns: columnLayout, values: [], accessory: dataSourceOfRecords.accessory)
        renderColumnHeader(columnLayout, alignedWith: cell, into: &canvas, area: area)
    }

    // MARK: Bars and keys

    /// While a save runs, it says where it writes (the prompt shows it, and quitting waits).
    override var savingDescription: String? {
        editable?.saveUnderWay.map { "Saving to \($0.save.destination)" }
    }

    override var prompt: String? { savingDescription.map { $0 + "…" } ?? source.prompt(for: records.store) }

    /// Sort (o), for a `--data` list: the books have Title | Author in the bar instead.
    override var leftBarButtonItems: [BarButtonItem] {
        // Edit on the left, as in the Phone app's lists: the right side is full.
        var items: [BarButtonItem] = []
        if editing != nil, isEditing || (isOn && records.isSorted && records.count > 0) {
            var edit = editButtonItem()
            edit.help = isEditing ? "stop checking records" : "check records to delete several at once"
            items.append(edit)
        }
        guard !isBookList else { return items }
        let isEnabled = isOn && records.isSorted && records.count > 0 && reloadTask == nil && !isEditing && !isSaving
        return items + [BarButtonItem(id: .sortBy, title: "Sort", key: .character("o"), isEnabled: isEnabled, help: "sort by a field"),
                        BarButtonItem(id: .columns, title: "Columns", key: .character("c"), isEnabled: isEnabled, help: "show fields as columns")]
    }

    override var rightBarButtonItems: [BarButtonItem] {
        // In editing mode the checks are all there is: nothing reloads, sorts or hides rows
        // under them.
        let actions = BarButtonItem(system: .action, id: .actions, key: .character("a"), isEnabled: hasRowActions && !isEditing,
                                    help: "actions for the focused row")
        var items = [actions]
        if editing != nil {
            // Adding works in editing mode too: the new record joins the list being checked.
            items.append(BarButtonItem(system: .add, id: .addRecord, key: .character("+"), isEnabled: isOn && records.isSorted,
                                       help: isBookList ? "add a book" : "add a record"))
        }
        if source.reload != nil {
            items.append(BarButtonItem(system: .refresh, id: .reload, key: .character("r"), isEnabled: reloadTask == nil && !isEditing && !isSaving,
                                       help: "reload the file"))
        }
        return items
    }

    /// In editing mode: Delete 3 Books (d), for the records checked.
    override var toolbarItems: [BarButtonItem] {
        guard isEditing else { return [] }
        let count = numberOfSelectedItems
        // The count in words, not in parentheses: the key hint after the title has those.
        let noun = isBookList ? (count == 1 ? "Book" : "Books") : (count == 1 ? "Record" : "Records")
        return [.flexibleSpace,
                BarButtonItem(id: .deleteChecked, title: count > 0 ? "Delete \(count) \(noun)" : "Delete", key: .character("d"), isEnabled: count > 0 && !isSaving,
                              help: isBookList ? "delete the checked books" : "delete the checked records")]
    }

    override var keyHints: [KeyHint] {
        // Another program cut the mapped file short under the list: the rows read past its
        // new end as zeros (shown as ^@), so the footer says why, and how to read the file as
        // it is now. (A save is refused already: the file is not the one read.)
        if records.store.lostBytes {
            return [KeyHint("⚠", "file cut short by another program: rows past its end read as ^@")]
                + footerHints(button: .reload, "read it again")
        }
        // Keys wait for the rest of the sort (``defersEvents``): say so, rather than offer
        // keys that would not answer yet (at ten million records the wait can pass a second).
        if restOfSort != nil {
            let searching = searchController?.isEditing == true
            return (searching || !isSearchAvailable ? [] : [KeyHint("/", "search")])
                + [KeyHint("…", "sorting \(records.count.groupedText) records; \(searching ? "" : "other ")keys wait")]
        }
        if !records.isSorted { return source.reload != nil && reloadTask == nil ? footerHints(button: .reload, "load") : [] }
        if searchController?.isEditing == true || state.isIndexFocused || isSwipeMenuOpen { return super.keyHints }
        return super.keyHints + (hasRowActions && !isEditing ? footerHints(button: .actions, "actions") : [])
    }

    /// The footer's hint for the bar button `id`: its key, and `help`.
    private func footerHints(button id: BarButtonItem.Identifier, _ help: String) -> [KeyHint] {
        rightBarButtonItems.filter { $0.id == id }.compactMap { item in item.key.map { KeyHint(BarButtonItem.keyLabel($0), help) } }
    }

    /// Whether `a` has anything to offer: a focused row, or hidden records to show again.
    private var hasRowActions: Bool { state.focusedRow != nil || !shown.hiddenPositions.isEmpty }

    /// A list with no records has nothing to search.
    override var isSearchAvailable: Bool { isOn && records.isSorted && records.count > 0 && !isEditing && super.isSearchAvailable }

    /// While only the first rows are in place, keys and clicks wait for the rest of the sort
    /// (at a million records the last tenth of the load), queued, not blocked.
    override var defersEvents: Bool { restOfSort != nil || researchesAfterTheRest }

    /// A search may begin and be typed meanwhile: its first screen of results comes from the
    /// sections the first rows already know (``RecordFilter``), and the results are searched
    /// again in the whole order when it comes. Every other key waits, as do the keys that
    /// would move into the results.
    ///
    /// While a save of these records runs, `u` and `U` wait for it (and the keys after them, in
    /// order): an undo is a save too, and a second one would be refused.
    override func defers(_ event: Event) -> Bool {
        if isSaving, !capturesTextInput, case .key(let key) = event, key == .character("u") || key == .character("U") { return true }
        guard defersEvents else { return false }
        guard case .key(let key) = event else { return true }
        if searchController?.isEditing == true {
            switch key {
            case .character, .backspace, .delete, .escape: return false
            default: return true
            }
        }
        if restOfSort != nil, searchController?.isActive != true,
           movesAmongTheRowsInPlace(key) || readsNoOrder(key) || opensARecordInPlace(key) { return false }
        return !(key == .character("/") && isSearchAvailable)
    }

    /// Whether `key` moves the focus only among the first rows, which are in the whole
    /// order's places already (``IndexedRecords/positionsInPlace``): the row it reaches and
    /// a screen of rows after it (the screen may scroll that far) are all in place, so the
    /// key need not wait for the rest of the sort. Up, Page Up and Home never leave them;
    /// a jump by the index, End, or a key of the index or of a swipe menu waits.
    private func movesAmongTheRowsInPlace(_ key: Key) -> Bool {
        guard !isEditing, !state.isIndexFocused, !isSwipeMenuOpen else { return false }
        let reach: Int
        switch TableView.rowKeyBindings.action(for: key) {
        case .moveFocus(let offset): reach = max(0, offset)
        case .pageDown: reach = size.height
        case .pageUp, .home: reach = 0
        default: return false
        }
        let position = state.focusedRow.flatMap(dataSourceOfRecords.position(at:))?.rawValue ?? 0
        return position + reach + 2 * size.height <= records.positionsInPlace
    }

    /// Whether `key` is one of the app's around the list, which read nothing of the order:
    /// a tab's number, help, quit. They act at once while the rest of the sort runs.
    private func readsNoOrder(_ key: Key) -> Bool {
        guard !state.isIndexFocused, !isSwipeMenuOpen, case .character(let character) = key else { return false }
        return character.isASCII && character.isNumber || character == "q" || character == "?"
    }

    /// Whether `key` opens the focused record (Enter, `i`), which is in the whole order's
    /// place already: its detail opens at once while the rest of the sort runs.
    private func opensARecordInPlace(_ key: Key) -> Bool {
        guard !isEditing, !state.isIndexFocused, !isSwipeMenuOpen, key == .enter,
              let position = state.focusedRow.flatMap(dataSourceOfRecords.position(at:))?.rawValue else { return false }
        return position < records.positionsInPlace
    }

    /// In editing mode the title counts the records checked ("3 Selected").
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        showsSelectionCount = editing
        // The ⊕ row comes and goes with editing mode.
        updateShownResult()
    }

    /// The ⊕ row (Add Book…, Add Record…) inserts.
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        dataSourceOfRecords.isAddRow(indexPath) ? .insert : .none
    }

    /// ⊕ or `+` on the ⊕ row opens the add form, as the `+` button does.
    func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? {
        addForm()
    }

    override func viewWillAppear() {
        // The row opened is deselected on the way back, as UIKit's table controller does.
        super.viewWillAppear()
        isVisible = true
        if tabBarItem?.badge == .dot { tabBarItem?.badge = nil }
        // Delivered once the frame is out, so that building the title search's index on
        // every core does not hold the frame back on its way to the terminal.
        post { list in
            list.prepareTitleSearch()
            list.prepareColumnProfiles()
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
        case .sortBy where isSaving, .columns where isSaving:
            return .ignored
        case .sortBy:
            return .push(SortByScreen(records: records) { [weak self] key in self?.sort(byField: key) })
        case .columns:
            let keys = records.store.sampledKeys().filter { $0 != records.store.titleKey }
            return .push(ColumnsScreen(choice: fields.columnsChoice, keys: keys) { [weak self] in self?.showColumns($0) })
        case .addRecord:
            return addForm()
        case .deleteChecked:
            return confirmDeletingChecked()
        case .reload:
            guard let reload = source.reload, reloadTask == nil, !isSaving else { return .ignored }
            backgroundWorkTitle = nil
            startReload(BackgroundTask(reload))
            return .handled
        default:
            // Edit and Done.
            return super.barButtonTapped(id, area: area)
        }
    }

    // MARK: Selection

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        // In editing mode a selection is a check, nothing more (UIKit tells it here too).
        guard !isEditing else { return .handled }
        return detail(at: indexPath)
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        detail(at: indexPath)
    }

    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        guard let editing, let record = dataSourceOfRecords.recordIndex(at: indexPath) else { return .handled }
        return .push(editing.editForm(record, startSave: saveStarter) { [weak self] in self?.recordsDidChange(focusing: $0) })
    }

    override func titleSegmentedControlChanged(to index: Int) -> ScreenResponse {
        sorting.onSortOrderChosen(RecordSorting.order(ofSegment: index))
        return .handled
    }

    /// The record's detail, stepping through the list as shown (filtered or not).
    private func detail(at indexPath: IndexPath) -> ScreenResponse {
        let source = dataSourceOfRecords
        guard let index = source.resultIndex(at: indexPath), let record = source.recordIndex(at: indexPath) else { return .handled }
        let (records, result) = (records, shown.result)
        let sequence = RecordSequence(count: result.count) { index in
            guard result.contains(index) else { return nil }
            let position = result.position(at: index)
            return records.contains(position) ? records.record(at: position) : nil
        }
        let detail = RecordDetailScreen(store: records.store, record: record, sequence: sequence, position: index, hiddenFields: fields.hiddenInDetail)
        detail.onStep = { [weak self] index in
            // The list shows the same records while its detail is in front.
            guard let self, let row = self.dataSourceOfRecords.indexPath(of: index) else { return }
            self.focusRow(at: row)
        }
        if let editing {
            detail.editForm = { [weak self, weak detail] record in
                guard let self else { return nil }
                return editing.editForm(record, startSave: self.saveStarter) { [weak self, weak detail] focusing in
                    self?.recordsDidChange(focusing: focusing)
                    detail?.recordDidChange(store: editing.records.store, deleted: focusing == nil)
                }
            }
        }
        return .push(detail)
    }
}

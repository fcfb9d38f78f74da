import Foundation

/// A screen that shows a table, as `UITableViewController`: it owns a ``TableView`` and its
/// ``TableViewState``, turns keys and clicks into table actions, and tells its ``delegate``
/// what a person did. With a ``searchController`` it searches too.
///
/// Use it as it is, with a data source and a delegate, or subclass it as UIKit apps do:
///
/// ```swift
/// final class FruitList: TableViewController, TableViewDelegate {
///     let fruits = IndexedSections(allFruits, title: \.name) { fruit in
///         TableViewCell(text: fruit.name, accessory: .disclosureIndicator)
///     }
///
///     init() {
///         super.init(title: "Fruit", dataSource: fruits)
///         delegate = self
///     }
///
///     func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
///         fruits.item(at: indexPath).map { .push(FruitDetail(fruit: $0)) } ?? .handled
///     }
/// }
/// ```
///
/// Every ``Screen`` requirement is an `open` member here, so a subclass overrides what it
/// needs (bar buttons, help, ticks for its own background work) and calls `super` for the rest.
@MainActor
open class TableViewController: Screen {
    /// The title in the navigation bar.
    open var title: String
    /// The table's configuration: style, index, empty message.
    public var tableView: TableView
    /// Focus, scroll position and the section index's state.
    public var state: TableViewState
    /// The rows. Setting it keeps the focus on a row that exists (UIKit's `reloadData()`).
    public var dataSource: any TableViewDataSource {
        didSet {
            carrySelection(from: oldValue)
            reloadData()
        }
    }
    /// Told about selections, accessory taps and focus changes; held weakly, as in UIKit.
    public weak var delegate: (any TableViewDelegate)?
    /// The search over this table, if it has one: `/` then searches.
    public var searchController: SearchController? {
        didSet { searchController?.tableViewController = self }
    }
    /// The item the tab bar shows when this screen is a tab's root; set its badge to mark the tab.
    public var tabBarItem: TabBarItem?
    /// The size of the screen's area at the last layout (the table's, plus the search field's
    /// line while a search is shown).
    public private(set) var size = Size.zero
    /// The rows' heights measured so far, forgotten by ``reloadData()`` and by a new width.
    public let heightCache = RowHeightCache()
    /// How a side-swipe menu comes in: uncovered behind the sliding content, or pushed in
    /// beside it.
    public var swipeMenuStyle = SwipeMenuStyle.reveal
    /// Whether side-swipe menus slide open and bounce closed (otherwise they appear and go
    /// at once, as with `--no-animation`).
    public var animatesSwipeMenus = true
    /// How fast side-swipe menus move: 2 takes half the time, 0.5 twice as long.
    public var animationSpeed = 1.0
    /// Reads the time for animations; tests pass a clock they move by hand.
    public var now: () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// The open side-swipe menu.
    var swipeMenu: SwipeSession?
    /// A menu bouncing closed.
    var closingSwipe: SwipeSession?
    /// A press on a row with a menu, held until it turns out to be a tap or a drag.
    var pendingPress: (event: MouseEvent, indexPath: IndexPath)?
    /// The side a drag is swiping to, once it has moved far enough across the row.
    var swipeTracking: SwipeEdge?
    /// A segmented control shown in the navigation bar in place of the title (UIKit's
    /// `titleView`): Shift-Tab gives it the keyboard, and a person's choice reaches
    /// ``titleSegmentedControlChanged(to:)``.
    public var titleSegmentedControl: SegmentedControl?
    /// The segment the keyboard is on while the title control has the focus.
    var titleControlHighlight: Int?
    /// The value over a row's slider while it moves, and the row.
    var sliderPopover = ValuePopover(), sliderPopoverRow: IndexPath?
    /// Whether a long table shows a page scrubber under its rows: a slider of pages, with
    /// "Page 57 of 300 · M" over its thumb while it moves. `p` gives it the keys.
    public var showsPageScrubber = false
    /// Whether the page scrubber has the keys, or a drag on it is under way.
    var isPageScrubberFocused = false, isDraggingPageScrubber = false
    /// The page scrubber's popover.
    var pagePopover = ValuePopover()

    /// Creates a table screen titled `title`, showing `dataSource` in a table of `style`.
    public init(title: String, style: TableStyle = .plain, dataSource: any TableViewDataSource) {
        self.title = title
        tableView = TableView(style: style)
        state = TableViewState()
        self.dataSource = dataSource
        tabBarItem = TabBarItem(title: title)
    }

    /// Creates a table screen with the table configured as `tableView`.
    public init(title: String, tableView: TableView, dataSource: any TableViewDataSource) {
        self.title = title
        self.tableView = tableView
        state = TableViewState()
        self.dataSource = dataSource
        tabBarItem = TabBarItem(title: title)
    }

    // MARK: Bars

    /// The back title for screens pushed on this one (default: the title).
    open var backButtonTitle: String? { nil }
    /// A line above the navigation bar while the screen is in front (default: none).
    open var prompt: String? { nil }
    /// Buttons after the back button (default: none).
    open var leftBarButtonItems: [BarButtonItem] { [] }
    /// Buttons on the right of the navigation bar (default: none).
    open var rightBarButtonItems: [BarButtonItem] { [] }
    /// The toolbar's items (default: none).
    open var toolbarItems: [BarButtonItem] { [] }
    /// A bar button was triggered: the buttons of
    /// ``TableViewController/selectionBarButtonItems(selectAllKey:selectNoneKey:)`` check or
    /// uncheck every row; others are ignored. Subclasses handle their own buttons and call
    /// `super` for the rest.
    open func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        switch id {
        case .selectAll:
            selectAllRows()
            return .handled
        case .selectNone:
            deselectAllRows()
            return .handled
        default:
            return .ignored
        }
    }
    /// Whether the stack may pop this screen (default: yes).
    open func shouldPop(confirm: @escaping () -> Void) -> PopDecision { .allow }

    // MARK: Lifecycle

    /// About to come to the front: the single selection clears (see
    /// ``clearsSelectionOnViewWillAppear``). Subclasses call `super`.
    open func viewWillAppear() {
        if clearsSelectionOnViewWillAppear { clearSingleSelection() }
    }
    /// Left the front (default: nothing more).
    open func viewDidDisappear() {
        closeSwipeMenuAtOnce()
    }

    /// Lays the table out for `size`, keeping the focused row on screen.
    open func layout(for size: Size) {
        if size != self.size { closeSwipeMenuAtOnce() }
        self.size = size
        perform(.refresh)
    }

    /// The rows changed: their heights are measured again, and the focus stays on a row that
    /// exists and on screen, as UIKit's `reloadData()`. Setting ``dataSource`` calls it.
    public func reloadData() {
        closeSwipeMenuAtOnce()
        heightCache.removeAll()
        perform(.refresh)
    }

    /// The area the table takes in an area of `area`: all of it, less the search field's line
    /// and the ``tableHeaderHeight``.
    public func tableArea(in area: Rect) -> Rect {
        let above = area.inset(top: min(searchController?.barHeight ?? 0, area.height))
        let table = above.inset(top: min(max(0, tableHeaderHeight), above.height))
        return showsPageScrubber(tableHeight: table.height) ? table.inset(bottom: 1) : table
    }

    /// The area of the ``tableHeaderHeight`` lines in an area of `area`: under the search
    /// field, above the table.
    public func tableHeaderArea(in area: Rect) -> Rect {
        let above = area.inset(top: min(searchController?.barHeight ?? 0, area.height))
        return above.topLines(min(max(0, tableHeaderHeight), above.height))
    }

    /// The table's size now.
    var tableSize: Size { tableArea(in: Rect(origin: .zero, size: size)).size }

    // MARK: Header view

    /// Lines kept above the rows for a view of the subclass's own — wheels, a summary — as
    /// UIKit's `tableHeaderView`, though here it stays put while the rows scroll (default: 0).
    /// Drawn by ``renderTableHeader(into:area:context:)``; clicks reach
    /// ``handleTableHeaderMouse(_:size:)``; keys stay the subclass's to route.
    open var tableHeaderHeight: Int { 0 }
    /// Draws the header view in `area` (default: nothing).
    open func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {}
    /// Draws `layout`'s header line on the first line of `area` (the table's width), lined up
    /// with the labels of rows like `cell`: call it from ``renderTableHeader(into:area:context:)``
    /// for a list of ``TableViewCell/columns``.
    public func renderColumnHeader(_ layout: ColumnLayout, alignedWith cell: TableViewCell, into canvas: inout Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: Theme.sectionHeader)
        let labels = cell.labelColumns(inRowOfWidth: tableView.rowWidth(tableWidth: line.width, dataSource: dataSource))
        canvas.draw(layout.headerLine(width: labels.count), at: Point(x: line.minX + labels.lowerBound, y: line.minY), style: Theme.sectionHeader, clip: line)
    }

    /// A mouse event on the header view, relative to its corner; the header is `size` (default: ignored).
    open func handleTableHeaderMouse(_ mouse: MouseEvent, size: Size) -> ScreenResponse { .ignored }

    // MARK: Drawing

    /// Draws the search field (while a search is shown) and the table.
    open func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        if let search = searchController, let session = search.session {
            session.field.render(into: &canvas, area: area.topLines(1), isEditing: session.isEditing, context: context)
            if search.showsScopeBar { search.scopeBar.render(into: &canvas, rect: area.inset(top: 1).topLines(1), context: context) }
        }
        let tableContext = RenderContext(glyphs: context.glyphs, isActive: context.isActive && searchController?.isEditing != true)
        if tableHeaderHeight > 0 { renderTableHeader(into: &canvas, area: tableHeaderArea(in: area), context: context) }
        let table = tableArea(in: area)
        tableView.render(state, dataSource: dataSource, into: &canvas, area: table, context: tableContext, heightCache: heightCache)
        drawSwipes(into: &canvas, area: table, context: tableContext)
        drawSliderPopover(into: &canvas, area: table, context: tableContext)
        drawPageScrubber(into: &canvas, area: area, context: tableContext)
    }

    // MARK: Events

    /// Keys, clicks and ticks: the search field first while it has the keyboard, then the
    /// table's keys, then `/` and Esc for the search.
    open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if area.size != size { layout(for: area.size) }
        switch event {
        case .tick:
            settleSwipes()
            return pollSearchResults()
        case .resize:
            return .handled
        case .paste(let text):
            // Into the search field while it has the keyboard, as typed text without newlines.
            guard searchController?.isEditing == true else { return .ignored }
            return handlePasteIntoSearch(text)
        case .mouse(var mouse):
            if let search = searchController, search.isActive {
                if mouse.position.y == 0 {
                    if mouse.kind == .press {
                        closeSwipeMenu()
                        beginSearch()
                    }
                    return .handled
                }
                if search.showsScopeBar, mouse.position.y == 1 {
                    if mouse.kind == .press, let scope = search.scopeBar.segment(atColumn: mouse.position.x - scopeBarLeft, width: size.width) {
                        return chooseSearchScope(scope)
                    }
                    return .handled
                }
                mouse.position.y -= search.barHeight
            }
            if tableHeaderHeight > 0 {
                let header = tableHeaderArea(in: Rect(origin: .zero, size: size))
                if mouse.position.y < header.height { return handleTableHeaderMouse(mouse, size: header.size) }
                mouse.position.y -= header.height
            }
            return handlePageScrubberMouse(mouse) ?? handleSwipeMouse(mouse) ?? perform(.mouse(mouse))
        case .key(let key):
            if searchController?.isEditing == true { return handleSearchKey(key) }
            if let response = handleTitleControlKey(key) { return response }
            if let response = handlePageScrubberKey(key) { return response }
            if returnToSearchField(for: key) { return .handled }
            if let response = handleSwipeMenuKey(key) ?? (state.isIndexFocused ? nil : openSwipeMenu(for: key)) { return response }
            let action = state.isIndexFocused ? TableView.action(for: key, in: state) : availableRowKeyBindings.action(for: key)
            if let action { return perform(action) }
            guard let command = searchKeyBindings.action(for: key) else { return .ignored }
            switch command {
            case .begin: beginSearch()
            case .end: endSearch()
            }
            return .handled
        }
    }

    /// Applies a table action and tells the delegate what it caused; returns the delegate's
    /// answer to a tap (a push, a modal) or `.handled`.
    @discardableResult
    public func perform(_ action: TableViewAction) -> ScreenResponse {
        let events = tableView.update(&state, action: action, dataSource: dataSource, size: tableSize, heightCache: heightCache)
        var response = ScreenResponse.handled
        for event in events {
            switch event {
            case .focusChanged(let indexPath):
                delegate?.tableView(self, didFocusRowAt: indexPath)
            case .didSelectRow(let indexPath):
                // A click on a checkmark row toggles it, as a tap does in UIKit.
                let toggles: Bool
                if case .mouse = action { toggles = true } else { toggles = false }
                response = select(indexPath, toggles: toggles)
            case .didToggleRow(let indexPath):
                response = select(indexPath, toggles: true)
            case .accessoryButtonTapped(let indexPath):
                response = delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath) ?? .handled
            case .customAccessoryTapped(let indexPath):
                response = delegate?.tableView(self, customAccessoryTappedForRowWith: indexPath) ?? .handled
            case .clearButtonTapped(let indexPath):
                response = clearButtonTapped(at: indexPath)
            case .switchToggled(let indexPath, let isOn):
                response = delegate?.tableView(self, didChangeSwitchAt: indexPath, to: isOn) ?? .handled
            case .sliderChanged(let indexPath, let value):
                sliderPopover.show(at: now())
                sliderPopoverRow = indexPath
                response = delegate?.tableView(self, didChangeSliderAt: indexPath, to: value) ?? .handled
            }
        }
        return response
    }

    /// A person chose segment `index` of the ``titleSegmentedControl``, other than the one
    /// chosen before: subclasses act on it (the default does nothing more).
    open func titleSegmentedControlChanged(to index: Int) -> ScreenResponse { .handled }

    /// The clear button `×` of the text field in the row at `indexPath` was clicked (the row
    /// has the focus). Subclasses that edit fields clear it; the default does nothing.
    open func clearButtonTapped(at indexPath: IndexPath) -> ScreenResponse { .handled }

    /// A tap on a row, by its section's selection rules: unchecking a checked row of a
    /// checkmark section deselects it; otherwise the delegate may refuse the selection or
    /// choose another row, the table applies it, and the delegate hears what changed.
    private func select(_ indexPath: IndexPath, toggles: Bool) -> ScreenResponse {
        let mode = tableView.selectionMode(forSection: indexPath.section, dataSource: dataSource)
        if mode == .none { return .handled }
        if case .multiple = mode, !toggles {
            // Enter, where Space checks: the row's primary action, if it has one.
            guard let delegate, delegate.tableView(self, canPerformPrimaryActionForRowAt: indexPath) else { return .handled }
            return delegate.tableView(self, performPrimaryActionForRowAt: indexPath)
        }
        if case .multiple = mode, state.selectedRows.contains(indexPath) {
            let change = tableView.select(indexPath, in: &state, toggles: true, dataSource: dataSource)
            change.deselected.forEach { delegate?.tableView(self, didDeselectRowAt: $0) }
            return .handled
        }
        if let delegate, !delegate.tableView(self, shouldHighlightRowAt: indexPath) { return .handled }
        let target = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target else { return .handled }
        if target != indexPath {
            focusRow(at: target)
            delegate?.tableView(self, didFocusRowAt: state.focusedRow)
        }
        let change = tableView.select(target, in: &state, toggles: toggles, dataSource: dataSource)
        change.deselected.forEach { delegate?.tableView(self, didDeselectRowAt: $0) }
        guard let selected = change.selected else { return .handled }
        return delegate?.tableView(self, didSelectRowAt: selected) ?? .handled
    }

    // MARK: Selection

    /// Whether the selection of single-selection sections clears when the screen appears
    /// again (after a pop), as UIKit's `clearsSelectionOnViewWillAppear`; checks stay.
    public var clearsSelectionOnViewWillAppear = true

    /// The selected rows on the table, in order.
    public var indexPathsForSelectedRows: [IndexPath] { state.selectedRows.sorted() }

    /// The identities of the selected items, shown or not, when the data source identifies
    /// its items (``TableViewDataSource/itemIdentifier(for:)``); otherwise empty.
    public var identifiersOfSelectedItems: Set<AnyHashable> {
        selectionOutOfSight.union(state.selectedRows.compactMap(dataSource.itemIdentifier(for:)))
    }

    /// How many items are selected: the rows on the table and the items a search hides.
    public var numberOfSelectedItems: Int { state.selectedRows.count + selectionOutOfSight.count }

    /// Selected items the data source does not show now (a search hides them), by identity:
    /// they are selected again when they come back.
    var selectionOutOfSight: Set<AnyHashable> = []

    /// Whether the data source identifies its items, judged by its first row.
    private var identifiesItems: Bool {
        guard let section = (0 ..< dataSource.numberOfSections()).first(where: { dataSource.numberOfRows(inSection: $0) > 0 }) else {
            return false
        }
        return dataSource.itemIdentifier(for: IndexPath(row: 0, section: section)) != nil
    }

    /// The data source changed: with identities, the selection follows its items to their new
    /// rows, and the items no longer shown wait out of sight. Without, it stays as it was.
    private func carrySelection(from old: any TableViewDataSource) {
        guard !state.selectedRows.isEmpty || !selectionOutOfSight.isEmpty else { return }
        var wanted = selectionOutOfSight
        for indexPath in state.selectedRows {
            guard let identifier = old.itemIdentifier(for: indexPath) else { return }
            wanted.insert(identifier)
        }
        var selected = Set<IndexPath>()
        // One pass over the rows: a selection costs what the table's length costs, once.
        for section in 0 ..< dataSource.numberOfSections() where !wanted.isEmpty {
            for row in 0 ..< dataSource.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                guard let identifier = dataSource.itemIdentifier(for: indexPath) else { break }
                if wanted.remove(identifier) != nil { selected.insert(indexPath) }
            }
        }
        state.selectedRows = selected
        selectionOutOfSight = wanted
    }

    /// Keeps the selection through a change of the whole table state (a search's results
    /// shown, the search ended): with item identities the selection made meanwhile stays;
    /// without, `replacement`'s own selection is taken.
    func replaceState(with replacement: TableViewState) {
        let selected = state.selectedRows
        state = replacement
        if identifiesItems { state.selectedRows = selected }
    }

    /// Whether the navigation bar says how many items are checked ("3 Selected") in place of
    /// the title while any are, as iOS's lists in multiple selection do.
    public var showsSelectionCount = false

    /// The navigation bar's title: ``title``, or "3 Selected" (see ``showsSelectionCount``).
    open var navigationTitle: String {
        let count = numberOfSelectedItems
        return showsSelectionCount && count > 0 ? "\(count) Selected" : title
    }

    // MARK: Keys

    /// The keys of the rows (default: ``TableView/rowKeyBindings``); a subclass may offer fewer.
    open var rowKeyBindings: [KeyBinding<TableViewAction>] { TableView.rowKeyBindings }

    /// The keys of the screen in front, for help: the field's while it has the keyboard, the
    /// index's while it has the focus, else the rows' and the search's.
    open var keyHelp: [KeyHint] {
        if searchController?.isEditing == true { return searchFieldKeyHints.help }
        if state.isIndexFocused {
            return TableView.indexKeyBindings.helpHints() + [KeyHint("A–Z #", "jump to that section")]
        }
        if let menu = swipeMenuKeyHelp { return menu }
        if isTitleControlFocused { return titleControlKeyHints.help }
        if isPageScrubberFocused { return pageScrubberKeyHints.help }
        return availableRowKeyBindings.helpHints() + swipeKeyHints + titleControlKeyHints.help + pageScrubberKeyHints.help
            + searchKeyBindings.helpHints()
    }

    /// The few keys that matter most now, for the footer.
    open var keyHints: [KeyHint] {
        if searchController?.isEditing == true { return searchFieldKeyHints.footer }
        if state.isIndexFocused { return TableView.indexKeyBindings.footerHints() + [KeyHint("A–Z", "jump")] }
        if isSwipeMenuOpen { return Self.swipeMenuFooter }
        if isTitleControlFocused { return titleControlKeyHints.footer }
        if isPageScrubberFocused { return pageScrubberKeyHints.footer }
        // When the line is short the last hints give way first: clearing a search matters more.
        let bindings = searchKeyBindings
        let clear = bindings.filter { $0.action == .end }.map(\.hint).map { KeyHint($0.key, "clear") }
        let swipe = swipeKeyHints.isEmpty ? [] : [KeyHint("s", "swipe")]
        return availableRowKeyBindings.footerHints() + clear + bindings.filter { $0.action == .begin }.footerHints() + swipe
    }

    /// Whether keys and clicks wait for work in flight (default: no).
    open var defersEvents: Bool { false }

    /// Whether the screen holds edits that leaving would lose (default: no).
    open var hasUnsavedChanges: Bool { false }

    /// The status line's sentence (default: none, the key hints show).
    open var statusMessage: String? { nil }

    /// Whether typed letters go to the screen: the search field or the index's type-ahead.
    open var capturesTextInput: Bool { searchController?.isEditing == true || state.isIndexFocused }

    /// Whether `/` may begin a search now (default: when there is a search controller); a
    /// subclass turns it off while it has nothing to search, say while its rows load.
    open var isSearchAvailable: Bool { searchController != nil }

    /// Whether ticks are needed: search results are being worked out.
    open var wantsTicks: Bool {
        searchController?.isPending == true || isSwipeAnimating || sliderPopover.isVisible(at: now()) || pagePopover.isVisible(at: now())
    }
}

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
    public package(set) var state: TableViewState
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
        get { searchPart.controller }
        set {
            searchPart.controller = newValue
            newValue?.tableViewController = self
        }
    }
    /// The item the tab bar shows when this screen is a tab's root; set its badge to mark the tab.
    public var tabBarItem: TabBarItem?
    /// The size of the screen's area at the last layout (the table's, plus the search field's
    /// line while a search is shown).
    public private(set) var size = Size.zero
    /// The rows' heights measured so far, forgotten by ``reloadData()`` and by a new width.
    let heightCache = RowHeightCache()
    /// Reads the time for animations; tests pass a clock they move by hand.
    public var now: () -> ContinuousClock.Instant = { ContinuousClock.now }

    // MARK: Parts

    /// Each feature's state and its keys, clicks, drawing and ticks.
    /// The title control; a person's choice reaches ``titleSegmentedControlChanged(to:)``.
    lazy var titleControlPart = TitleControlPart(segmentChosen: { [unowned self] in titleSegmentedControlChanged(to: $0) })
    let pageScrubberPart = PageScrubberPart()
    let searchPart = SearchPart()
    let sliderPopoverPart = SliderPopoverPart()
    let swipeMenuPart = SwipeMenuPart()
    let editingPart = EditingPart()
    let rowAnimationPart = RowAnimationPart()
    /// The rows' own press: taps and the index's scrub, after every other part's gestures.
    let rowPressPart = RowPressPart()
    /// The parts added with ``addPart(_:)``, in order.
    public internal(set) var addedTableParts: [TableViewPart] = []
    /// The table's mouse: the parts' gesture recognizers and its own, in one arena.
    lazy var gestures = makeGestures()
    /// What the press under way landed on (``hitTest(_:)``, once, as it landed), until its
    /// release.
    var pressHit: TableHit?
    /// The part that took the press under way: its drags and its release go to it.
    var partTakingPress: TableViewPart?

    /// The screen's own parts that come before the added ones, in order (see ``parts``).
    lazy var ownParts: [TableViewPart] = [titleControlPart, pageScrubberPart, searchPart, sliderPopoverPart, swipeMenuPart, editingPart]

    /// The parts, in one order from which everything about them follows: the screen's own,
    /// the added ones, then the rows' animation and the rows' own press. A key goes to a part
    /// capturing keys, else to each in turn (the title control and the page scrubber, each by
    /// its key to reach it or while it has the keyboard; the search's ↑ back into the field;
    /// the swipe menus; editing; the parts an app added), then to the table. Help and the
    /// footer list their keys in this order after the rows'. A press goes to them in this
    /// order. They draw over the table in the reverse order, so the part that gets events
    /// first is drawn on top; the rows' animation is drawn first, under all.
    lazy var parts: [TableViewPart] = ownParts + addedTableParts + ownLastParts
    /// The screen's own parts that come after the added ones: the rows' animation, drawn
    /// under all, and the rows' own press, the last to take one.
    var ownLastParts: [TableViewPart] { [rowAnimationPart, rowPressPart] }

    /// The part that takes every key now, if any.
    private var partCapturingKeys: TableViewPart? { parts.first { $0.capturesKeys } }

    /// The first part with the keyboard now, if any: help and the footer show its keys alone.
    private var partShowingKeys: TableViewPart? { parts.first { $0.hasKeyboardFocus } }

    /// Selected items the data source does not show now (a search hides them), by identity:
    /// they are selected again when they come back.
    var selectionOutOfSight: Set<AnyHashable> = []
    /// Whether the selection of single-selection sections clears when the screen appears
    /// again (after a pop), as UIKit's `clearsSelectionOnViewWillAppear`; checks stay.
    public var clearsSelectionOnViewWillAppear = true
    /// Whether the navigation bar says how many items are checked ("3 Selected") in place of
    /// the title while any are, as iOS's lists in multiple selection do.
    public var showsSelectionCount = false

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
        case .edit:
            setEditing(!isEditing, animated: true)
            return .handled
        default:
            return .ignored
        }
    }
    /// Enters or leaves editing mode, as UIKit's `setEditing(_:animated:)`. Leaving it puts
    /// away a Delete button that was showing.
    ///
    /// In editing mode, with an editable row focused, Delete (or Backspace, or `-`) shows the
    /// row's red Delete button, and Enter then deletes the row: the data source's
    /// ``TableViewDataSource/commit(_:forRowAt:)`` changes the model and the table shows the
    /// change. `+` on a row with the insert control inserts at once. Esc leaves editing mode.
    /// A click on ⊖, ⊕ or the Delete button does what its key does.
    ///
    /// - Parameters:
    ///   - editing: whether to edit.
    ///   - animated: whether the rows' content slides aside for the controls (and back) over
    ///     a quarter second (when ``animatesRowChanges`` allows).
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        if editing { closeSwipeMenu() }
        editingPart.setEditing(editing, animated: animated && animatesRowChanges, now: now())
        if allowsMultipleSelectionDuringEditing {
            // Checks made in editing mode are its own: none on the way in, none left after.
            deselectAllRows()
            state.selectedRows.removeAll()
            tableView.selectionModeDuringEditing = editing ? .multiple(.leading) : nil
        }
        tableView.editingDecoration = editing ? editingPart.decorations(dataSource: { [weak self] in self?.dataSource }, answers: delegateAnswers) : nil
        heightCache.removeAll()
        perform(.refresh)
    }

    /// Whether the stack may pop this screen (default: yes).
    open func shouldPop(confirm: @escaping () -> Void) -> PopDecision { .allow }

    // MARK: Lifecycle

    /// About to come to the front: the single selection clears (see
    /// ``clearsSelectionOnViewWillAppear``). Subclasses call `super`.
    open func viewWillAppear() {
        if clearsSelectionOnViewWillAppear { clearSingleSelection() }
        let context = context
        parts.forEach { $0.willAppear(context: context) }
    }
    /// Left the front: an open swipe menu closes. Subclasses call `super`.
    open func viewDidDisappear() {
        gestures.arena.cancelAllGestures()
        let context = context
        parts.forEach { $0.didDisappear(context: context) }
    }

    /// Lays the table out for `size`, keeping the focused row on screen.
    open func layout(for size: Size) {
        let isNewSize = size != self.size
        self.size = size
        if isNewSize {
            let context = context
            parts.forEach { $0.sizeChanged(context: context) }
        }
        perform(.refresh)
    }

    /// The rows changed: their heights are measured again, and the focus stays on a row that
    /// exists and on screen, as UIKit's `reloadData()`. Setting ``dataSource`` calls it.
    public func reloadData() {
        let context = context
        parts.forEach { $0.dataDidReload(context: context) }
        heightCache.removeAll()
        perform(.refresh)
    }

    /// The area the table takes in an area of `area`: all of it, less the search field's line,
    /// the ``tableHeaderHeight`` and the page scrubber's line.
    public func tableArea(in area: Rect) -> Rect { tableArea(in: area, rowCount: nil) }

    /// ``tableArea(in:)`` for a table of `rowCount` rows in all, when the caller has counted
    /// them already (counting walks every section).
    func tableArea(in area: Rect, rowCount: Int?) -> Rect {
        let table = areaUnderBars(in: area)
        return pageScrubberPart.isShown(tableHeight: table.height, dataSource: dataSource, rowCount: rowCount) ? table.inset(bottom: 1) : table
    }

    /// The area under the search field and the ``tableHeaderHeight``: the table's, and the
    /// page scrubber's line at its bottom when it shows.
    func areaUnderBars(in area: Rect) -> Rect {
        let above = area.inset(top: min(searchPart.barHeight, area.height))
        return above.inset(top: min(max(0, tableHeaderHeight), above.height))
    }

    /// The area of the ``tableHeaderHeight`` lines in an area of `area`: under the search
    /// field, above the table.
    public func tableHeaderArea(in area: Rect) -> Rect {
        let above = area.inset(top: min(searchPart.barHeight, area.height))
        return above.topLines(min(max(0, tableHeaderHeight), above.height))
    }

    /// The screen's area at the last layout, from the origin.
    var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The table's size now.
    var tableSize: Size { tableArea(in: bounds).size }

    // MARK: Header view

    /// Lines kept above the rows for a view of the subclass's own — wheels, a summary — as
    /// UIKit's `tableHeaderView`, though here it stays put while the rows scroll (default: 0).
    /// Drawn by ``renderTableHeader(into:area:context:)``; its mouse goes to the recognizers in
    /// ``tableHeaderGestureArena``; keys stay the subclass's to route.
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

    /// The header view's recognizers, positions from the header's corner: a subclass that
    /// draws a control in its header (``renderTableHeader(into:area:context:)``) adds the
    /// control's gestures here. A press on the header goes to them, and stays with them until
    /// the release.
    public let tableHeaderGestureArena = GestureArena()

    // MARK: Drawing

    /// Draws the search field (while a search is shown), the header view, the table, and the
    /// parts over it.
    open func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        searchPart.renderBar(into: &canvas, area: area, context: context)
        let tableContext = RenderContext(glyphs: context.glyphs, isActive: context.isActive && partCapturingKeys == nil, colorDepth: context.colorDepth)
        if tableHeaderHeight > 0 { renderTableHeader(into: &canvas, area: tableHeaderArea(in: area), context: context) }
        tableView.render(state, dataSource: dataSource, into: &canvas, area: tableArea(in: area), context: tableContext, heightCache: heightCache)
        let partContext = self.context(in: area)
        for part in parts.reversed() { part.render(into: &canvas, area: area, renderContext: tableContext, context: partContext) }
    }

    // MARK: Events

    /// Keys, clicks and ticks: the parts first (a part capturing keys before all), then the
    /// table's keys, then what the parts take when the table had no use for a key.
    open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if area.size != size { layout(for: area.size) }
        switch event {
        case .tick:
            var response = ScreenResponse.handled
            for part in parts {
                guard let answer = part.tick(context: context).map(apply) else { continue }
                if case .handled = response { response = answer }
            }
            return response
        case .resize:
            return .handled
        case .paste(let text):
            return partCapturingKeys?.handlePaste(text, context: context).map(apply) ?? .ignored
        case .mouse(let mouse):
            return handingOverTheKeyboard { handleScreenMouse(mouse) }
        case .key(let key):
            return handingOverTheKeyboard { handleKey(key) }
        }
    }

    /// Runs `event`'s handling; when it gave a part the keyboard (a control focused, a menu
    /// opened, the search field), the parts that had it put it away, as UIKit's first
    /// responder resigns when another becomes first.
    private func handingOverTheKeyboard(_ event: () -> ScreenResponse) -> ScreenResponse {
        let before = parts.filter(\.hasKeyboardFocus)
        let response = event()
        if let taker = parts.first(where: { part in part.hasKeyboardFocus && !before.contains { $0 === part } }) {
            for part in before where part !== taker && part.hasKeyboardFocus { part.resignKeyboardFocus(context: context) }
        }
        return response
    }

    /// A key: a part capturing keys takes it alone; else the parts in order, then the table's
    /// keys, then what the parts take when the table had no use for it.
    private func handleKey(_ key: Key) -> ScreenResponse {
        let context = context
        if let part = partCapturingKeys { return part.handleKey(key, context: context).map(apply) ?? .ignored }
        for part in parts {
            if let response = part.handleKey(key, context: context) { return apply(response) }
        }
        let action = state.isIndexFocused ? TableView.action(for: key, in: state) : availableRowKeyBindings.action(for: key)
        if let action { return perform(action) }
        for part in parts {
            if let response = part.handleUnclaimedKey(key, context: context) { return apply(response) }
        }
        return .ignored
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
                if case .tap = action { toggles = true } else { toggles = false }
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
                sliderPopoverPart.sliderMoved(at: indexPath, now: now())
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

    /// The navigation bar's title: ``title``, or "3 Selected" (see ``showsSelectionCount``).
    open var navigationTitle: String { showsSelectionCount && numberOfSelectedItems > 0 ? "\(numberOfSelectedItems) Selected" : title }

    // MARK: Keys

    /// The keys of the rows (default: ``TableView/rowKeyBindings``); a subclass may offer fewer.
    open var rowKeyBindings: [KeyBinding<TableViewAction>] { TableView.rowKeyBindings }

    /// The keys of the screen in front, for help: the search field's while it has the
    /// keyboard, the index's while it has the focus, a part's while it has the keyboard, else
    /// the rows' and every part's way in.
    open var keyHelp: [KeyHint] {
        let context = context
        if let part = partCapturingKeys { return part.helpHints(context: context) }
        if state.isIndexFocused {
            return TableView.indexKeyBindings.helpHints() + [KeyHint("A–Z #", "jump to that section")]
        }
        if let part = partShowingKeys { return part.helpHints(context: context) }
        return availableRowKeyBindings.helpHints() + parts.flatMap { $0.helpHints(context: context) }
    }

    /// The few keys that matter most now, for the footer; from the rows, the parts' in the
    /// order they get keys (when the line is short the last hints give way first).
    open var keyHints: [KeyHint] {
        let context = context
        if let part = partCapturingKeys { return part.footerHints(context: context) }
        if state.isIndexFocused { return TableView.indexKeyBindings.footerHints() + [KeyHint("A–Z", "jump")] }
        if let part = partShowingKeys { return part.footerHints(context: context) }
        return availableRowKeyBindings.footerHints() + parts.flatMap { $0.footerHints(context: context) }
    }

    /// Whether keys and clicks wait for work in flight (default: no).
    open var defersEvents: Bool { false }

    /// Whether `event` waits for work in flight (default: every event while
    /// ``defersEvents``).
    open func defers(_ event: Event) -> Bool { defersEvents }

    /// Whether the screen holds edits that leaving would lose (default: no).
    open var hasUnsavedChanges: Bool { false }

    /// What the screen is saving in the background, in words (default: nothing); quitting
    /// waits for it.
    open var savingDescription: String? { nil }

    /// The status line's sentence (default: none, the key hints show).
    open var statusMessage: String? { nil }

    /// Whether typed letters go to the screen: the search field or the index's type-ahead.
    open var capturesTextInput: Bool { partCapturingKeys != nil || state.isIndexFocused }

    /// Whether `/` may begin a search now (default: when there is a search controller); a
    /// subclass turns it off while it has nothing to search, say while its rows load.
    open var isSearchAvailable: Bool { searchController != nil }

    /// Whether ticks are needed: search results are being worked out, or something moves.
    open var wantsTicks: Bool {
        let context = context
        return parts.contains { $0.wantsTicks(context: context) }
    }
}

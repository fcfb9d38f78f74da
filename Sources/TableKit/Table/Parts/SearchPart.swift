import Foundation

/// The search over a table: the field and its scope bar above the rows, the field's keys
/// while it has the keyboard, `/` and Esc from the rows, and the results the updater works
/// out — with a progress sheet when they are slow.
@MainActor
final class SearchPart: TableViewPart {
    /// What the keys of the field ask beyond editing it.
    enum FieldAction: Equatable, Sendable {
        /// Give the keyboard to the results (the focus stays on the first of them).
        case showResults
        /// Move in the results, the field keeping the keyboard.
        case moveInResults
        /// Choose the next scope (1) or the previous one (-1).
        case chooseScope(by: Int)
    }

    /// The screen's search controller.
    var controller: SearchController?
    /// The progress sheet of a slow search, while it is up.
    weak var progressSheet: ProgressModal?

    override var capturesKeys: Bool { controller?.isEditing == true }
    override var hasKeyboardFocus: Bool { capturesKeys }

    // MARK: Keys

    /// The field's keys to reach the results.
    static let resultBindings: [KeyBinding<FieldAction>] = [
        KeyBinding([.down], .showResults, label: "↓", help: "into the results", footer: "results"),
        KeyBinding([.up, .pageUp, .pageDown], .moveInResults, label: "↑ PgUp PgDn", help: "move in the results"),
    ]

    /// The field's keys for the scope bar, while it shows.
    var scopeBindings: [KeyBinding<FieldAction>] {
        guard let controller, controller.showsScopeBar else { return [] }
        let help = "search " + controller.scopeButtonTitles.joined(separator: " | ")
        return [
            KeyBinding([.tab], .chooseScope(by: 1), label: "Tab", help: help, footer: "scope"),
            KeyBinding([.backTab], .chooseScope(by: -1), label: "S-Tab", help: help),
        ]
    }

    /// The search keys of the rows that apply now: `/` when the screen has a search
    /// controller, Esc while a search is shown.
    func commandBindings(_ context: TableContext) -> [KeyBinding<TableViewController.SearchCommand>] {
        guard let controller, context.isSearchAvailable else { return [] }
        return TableViewController.searchKeyBindings(helpText: controller.helpText, isActive: controller.isActive)
    }

    /// While the field has the keyboard, every key is the field's: ↓ gives the keyboard to
    /// the results; ↑ and the page keys move in them; Tab and Shift-Tab choose the scope; the
    /// rest edit the field. Otherwise ↑ on the first row of the results goes back to the field.
    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        guard let controller, var session = controller.session else { return nil }
        guard session.isEditing else {
            // The key that moves up a row, on the first row, moves up into the field.
            guard TableView.rowKeyBindings.action(for: key) == .moveFocus(by: -1), !context.state.isIndexFocused,
                  context.state.focusedRow == nil || context.state.focusedRow == firstRow(of: context.dataSource) else { return nil }
            controller.modifySession { $0.isEditing = true }
            return .handled
        }
        switch (Self.resultBindings + scopeBindings).action(for: key) {
        case .showResults:
            controller.modifySession { $0.isEditing = false }
            return .handled
        case .moveInResults:
            if let action = TableView.action(for: key, in: context.state) { return .perform(action) }
        case .chooseScope(let step):
            let count = controller.scopeButtonTitles.count
            return chooseScope((controller.selectedScopeButtonIndex + step + count) % count)
        case nil:
            break
        }
        let event = session.field.handle(key)
        controller.state = .active(session)
        switch event {
        case .changed:
            return updateResults()
        case .submitted:
            controller.modifySession { $0.isEditing = false }
        case .cancelled:
            return end()
        case nil:
            break
        }
        return .handled
    }

    /// `/` begins a search and Esc ends it, when the rows have no use for them.
    override func handleUnclaimedKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        switch commandBindings(context).action(for: key) {
        case .begin: begin(context: context)
        case .end: end()
        case nil: nil
        }
    }

    /// A paste while the field has the keyboard: one edit, one search.
    override func handlePaste(_ text: String, context: TableContext) -> TablePartResponse? {
        guard let controller, var session = controller.session else { return .respond(.ignored) }
        guard session.field.paste(text) != nil else { return .handled }
        controller.state = .active(session)
        return updateResults()
    }

    /// While the field has the keyboard, its keys beyond typing; else `/` and Esc.
    override func helpHints(context: TableContext) -> [KeyHint] {
        capturesKeys
            ? SearchField.keyHelp + scopeBindings.helpHints() + Self.resultBindings.helpHints()
            : commandBindings(context).helpHints()
    }

    /// As ``helpHints(context:)``; from the rows, clearing a search comes before beginning
    /// one, as the footer's last hints give way first on a short line.
    override func footerHints(context: TableContext) -> [KeyHint] {
        guard !capturesKeys else {
            return SearchField.keyBindings.footerHints() + Self.resultBindings.footerHints() + scopeBindings.footerHints()
        }
        let bindings = commandBindings(context)
        return bindings.filter { $0.action == .end }.footerHints() + bindings.filter { $0.action == .begin }.footerHints()
    }

    /// The first row of the table, if it has one.
    private func firstRow(of dataSource: any TableViewDataSource) -> IndexPath? {
        (0..<dataSource.numberOfSections()).first { dataSource.numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
    }

    // MARK: Mouse and drawing

    /// The lines the field and the scope bar take above the table now.
    var barHeight: Int { controller?.barHeight ?? 0 }

    /// The bar's mouse: a press on the field begins editing, one on a scope of the scope bar
    /// chooses it; the press's drags and release are the bar's, and do nothing.
    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        guard case .searchBar = hit.target else { return nil }
        guard mouse.kind == .press else { return .handled }
        if hit.location.y == 0, controller?.isActive == true { return begin(context: context) }
        return scope(at: hit.location, width: context.bounds.width).map(chooseScope) ?? .handled
    }

    /// The scope of the scope bar drawn at `point` on a screen `width` wide, if the bar is
    /// shown there.
    private func scope(at point: Point, width: Int) -> Int? {
        guard let controller, controller.isActive, controller.showsScopeBar, point.y == 1 else { return nil }
        return controller.scopeBar.segment(atColumn: point.x - scopeBarLeft(width: width), width: width)
    }

    /// Where the scope bar's left edge is on a screen `width` wide (it is centred).
    private func scopeBarLeft(width: Int) -> Int {
        guard let controller else { return 0 }
        return max(0, (width - min(width, controller.scopeBar.naturalWidth)) / 2)
    }

    /// Draws the field and the scope bar on the top lines of `area`, while a search is shown:
    /// before the table, in the screen's own context (the field shows its cursor).
    func renderBar(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let controller, let session = controller.session else { return }
        session.field.render(into: &canvas, area: area.topLines(1), isEditing: session.isEditing, context: context)
        if controller.showsScopeBar { controller.scopeBar.render(into: &canvas, rect: area.inset(top: 1).topLines(1), context: context) }
    }

    // MARK: The search

    /// Shows the field and gives it the keyboard; the table's state is kept for Esc.
    /// (An open swipe menu closes as the field takes the keyboard: resignKeyboardFocus.)
    func begin(context: TableContext) -> TablePartResponse {
        guard let controller else { return .handled }
        guard case .inactive = controller.state else {
            controller.modifySession { $0.isEditing = true }
            return .handled
        }
        controller.state = .active(SearchController.Session(
            field: SearchField(placeholder: controller.placeholder), isEditing: true,
            savedTableState: context.state, shownText: "", pending: nil
        ))
        controller.searchResultsUpdater?.willPresentSearch(controller)
        return .perform(.refresh)
    }

    /// Ends the search: work still pending is stopped, the updater shows everything again and
    /// the table comes back exactly as it was when the search began.
    func end() -> TablePartResponse {
        guard let controller, let session = controller.session else { return .handled }
        if session.pending != nil { controller.searchResultsUpdater?.cancelSearchUpdate(controller) }
        controller.state = .inactive
        controller.searchResultsUpdater?.didDismissSearch(controller)
        return .perform(.restoreState(session.savedTableState))
    }

    /// Searches for `text` as if it had been typed and kept with Enter.
    func search(for text: String, context: TableContext) -> TablePartResponse {
        guard let controller else { return .handled }
        let began = begin(context: context)
        controller.modifySession {
            $0.field.setText(text)
            $0.isEditing = false
        }
        return .sequence([began, updateResults()])
    }

    /// A person chose scope `index` (Tab, or a click on the scope bar): the search runs again.
    private func chooseScope(_ index: Int) -> TablePartResponse {
        guard let controller, controller.scopeButtonTitles.indices.contains(index) else { return .respond(.ignored) }
        guard index != controller.selectedScopeButtonIndex else { return .handled }
        controller.selectedScopeButtonIndex = index
        return updateResults()
    }

    /// Asks the updater for the results of the field's text.
    private func updateResults() -> TablePartResponse {
        guard let controller, let updater = controller.searchResultsUpdater else { return .handled }
        switch updater.updateSearchResults(for: controller) {
        case .shown:
            return showResults()
        case .pending(let progress):
            var startedWaiting: ContinuousClock.Instant?
            controller.modifySession { session in
                // The wait is counted from the first key the results are still owed for.
                if var pending = session.pending {
                    pending.progress = progress
                    session.pending = pending
                } else {
                    let since = ContinuousClock.now
                    session.pending = .init(since: since, progress: progress, isSheetShown: false)
                    startedWaiting = since
                }
            }
            if let since = startedWaiting, let screen = controller.tableViewController {
                // A timer due half a second after the wait began.
                Mailbox.main.post(to: screen, at: since + ProgressModal.delay) { [weak self] in
                    self?.showProgressSheet(ifStillWaitingSince: since) ?? .handled
                }
            }
            return .handled
        }
    }

    /// The results are on the table: the focus goes to the first of them.
    private func showResults() -> TablePartResponse {
        controller?.modifySession { session in
            session.shownText = session.field.text
            session.pending = nil
        }
        return .perform(.restoreState(TableViewState()))
    }

    // MARK: Results that take time

    /// The updater says the results it owed are on the table (``SearchController/finishPendingUpdate()``):
    /// the answer takes the progress sheet down if it is up.
    func pendingResultsDidArrive() -> TablePartResponse {
        guard controller?.isPending == true else { return .handled }
        defer { progressSheet = nil }
        return .sequence([showResults(), .respond(progressSheet.map { .dismiss($0) } ?? .handled)])
    }

    /// Half a second after results began to be owed (a timer posted then): a progress sheet
    /// with Cancel, if the same wait is still going on. The sheet closes once they arrive.
    private func showProgressSheet(ifStillWaitingSince since: ContinuousClock.Instant) -> ScreenResponse {
        guard let controller, let pending = controller.session?.pending, pending.since == since, !pending.isSheetShown else { return .handled }
        controller.modifySession { $0.pending?.isSheetShown = true }
        let sheet = ProgressModal(
            title: controller.progressTitle,
            progress: { [weak controller] in
                guard let controller else { return nil }
                return controller.searchResultsUpdater?.searchProgress(for: controller) ?? controller.session?.pending?.progress
            },
            onCancel: { [weak self] in self?.cancelPendingSearch() }
        )
        progressSheet = sheet
        return .present(sheet)
    }

    /// Cancel on a slow search's sheet: the work stops, the results shown stay, and the field
    /// goes back to their text.
    private func cancelPendingSearch() {
        guard let controller, controller.isPending else { return }
        controller.searchResultsUpdater?.cancelSearchUpdate(controller)
        controller.modifySession { session in
            session.field.setText(session.shownText)
            session.pending = nil
        }
    }
}

import Foundation

extension TableViewController {
    /// What the search keys ask of a table screen.
    public enum SearchCommand: Hashable, Sendable {
        /// Show the field and give it the keyboard.
        case begin
        /// End the search; the table comes back as it was.
        case end
    }

    /// The search keys that apply now: `/` when the screen has a search controller, Esc while
    /// a search is shown. Handling, help and the footer read this table.
    public var searchKeyBindings: [KeyBinding<SearchCommand>] {
        guard let search = searchController, isSearchAvailable else { return [] }
        return Self.searchKeyBindings(helpText: search.helpText, isActive: search.isActive)
    }

    /// The search keys of a screen whose search controller says `helpText` (`search`), while
    /// a search is shown (`isActive`) or not.
    public nonisolated static func searchKeyBindings(helpText: String, isActive: Bool) -> [KeyBinding<SearchCommand>] {
        var bindings = [KeyBinding([.character("/")], SearchCommand.begin, label: "/", help: helpText, footer: "search")]
        if isActive { bindings.append(KeyBinding([.escape], .end, label: "Esc", help: "clear the search")) }
        return bindings
    }

    /// Shows the field and gives it the keyboard; the table's state is kept for Esc.
    public func beginSearch() {
        guard let search = searchController else { return }
        closeSwipeMenu()
        guard case .inactive = search.state else {
            search.modifySession { $0.isEditing = true }
            return
        }
        search.state = .active(SearchController.Session(
            field: SearchField(placeholder: search.placeholder), isEditing: true,
            savedTableState: state, shownText: "", pending: nil
        ))
        search.searchResultsUpdater?.willPresentSearch(search)
        perform(.refresh)
    }

    /// Ends the search: work still pending is stopped, the updater shows everything again and
    /// the table comes back exactly as it was when the search began.
    public func endSearch() {
        guard let search = searchController, let session = search.session else { return }
        if session.pending != nil { search.searchResultsUpdater?.cancelSearchUpdate(search) }
        search.state = .inactive
        search.searchResultsUpdater?.didDismissSearch(search)
        replaceState(with: session.savedTableState)
        perform(.refresh)
    }

    /// Searches for `text` as if it had been typed and kept with Enter: the field shows it,
    /// the rows have the keyboard.
    public func search(for text: String) {
        guard let search = searchController else { return }
        beginSearch()
        search.modifySession {
            $0.field.setText(text)
            $0.isEditing = false
        }
        _ = updateSearchResults()
    }

    /// A key while the field has the keyboard: ↓ gives the keyboard to the results (the
    /// focus stays on the first of them); ↑ and the page keys move in the results; Tab and
    /// Shift-Tab choose the scope; the rest edit the field.
    func handleSearchKey(_ key: Key) -> ScreenResponse {
        guard let search = searchController, var session = search.session else { return .ignored }
        if key == .down {
            search.modifySession { $0.isEditing = false }
            return .handled
        }
        if [.up, .pageUp, .pageDown].contains(key), let action = TableView.action(for: key, in: state) {
            return perform(action)
        }
        if search.showsScopeBar, key == .tab || key == .backTab {
            let count = search.scopeButtonTitles.count
            return chooseSearchScope((search.selectedScopeButtonIndex + (key == .tab ? 1 : count - 1)) % count)
        }
        let event = session.field.handle(key)
        search.state = .active(session)
        switch event {
        case .changed:
            return updateSearchResults()
        case .submitted:
            search.modifySession { $0.isEditing = false }
        case .cancelled:
            endSearch()
        case nil:
            break
        }
        return .handled
    }

    /// The keys of the field while it has the keyboard, beyond typing: for help and the footer.
    var searchFieldKeyHints: (help: [KeyHint], footer: [KeyHint]) {
        guard let search = searchController else { return ([], []) }
        let scopes = search.showsScopeBar
            ? [KeyHint("Tab S-Tab", "search " + search.scopeButtonTitles.joined(separator: " | "))] : []
        return (SearchField.keyHelp + scopes + [KeyHint("↓", "into the results"), KeyHint("↑ PgUp PgDn", "move in the results")],
                SearchField.keyBindings.footerHints() + [KeyHint("↓", "results")] + (scopes.isEmpty ? [] : [KeyHint("Tab", "scope")]))
    }

    /// ↑ on the first row of a search's results gives the keyboard back to the field.
    func returnToSearchField(for key: Key) -> Bool {
        guard key == .up || key == .character("k"), let search = searchController, search.isActive, !search.isEditing,
              !state.isIndexFocused, state.focusedRow == nil || state.focusedRow == firstRow else { return false }
        search.modifySession { $0.isEditing = true }
        return true
    }

    /// The first row of the table, if it has one.
    private var firstRow: IndexPath? {
        (0..<dataSource.numberOfSections()).first { dataSource.numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
    }

    /// A person chose scope `index` (Tab, or a click on the scope bar): the search runs again.
    func chooseSearchScope(_ index: Int) -> ScreenResponse {
        guard let search = searchController, search.scopeButtonTitles.indices.contains(index) else { return .ignored }
        guard index != search.selectedScopeButtonIndex else { return .handled }
        search.selectedScopeButtonIndex = index
        return updateSearchResults()
    }

    /// Where the scope bar's left edge is in a screen `size.width` wide (it is centred).
    var scopeBarLeft: Int {
        guard let search = searchController else { return 0 }
        return max(0, (size.width - min(size.width, search.scopeBar.naturalWidth)) / 2)
    }

    /// A paste while the field has the keyboard: one edit, one search.
    func handlePasteIntoSearch(_ text: String) -> ScreenResponse {
        guard let search = searchController, var session = search.session else { return .ignored }
        guard session.field.paste(text) != nil else { return .handled }
        search.state = .active(session)
        return updateSearchResults()
    }

    /// Asks the updater for the results of the field's text.
    func updateSearchResults() -> ScreenResponse {
        guard let search = searchController, let updater = search.searchResultsUpdater else { return .handled }
        switch updater.updateSearchResults(for: search) {
        case .shown:
            showSearchResults()
        case .pending(let progress):
            let now = search.now()
            search.modifySession { session in
                // The wait is counted from the first key the results are still owed for.
                let since = session.pending?.since ?? now
                let isSheetShown = session.pending?.isSheetShown ?? false
                session.pending = .init(since: since, progress: progress, isSheetShown: isSheetShown)
            }
        }
        return .handled
    }

    /// The results are on the table: the focus goes to the first of them.
    private func showSearchResults() {
        searchController?.modifySession { session in
            session.shownText = session.field.text
            session.pending = nil
        }
        replaceState(with: TableViewState())
        perform(.refresh)
    }

    /// Every tick while results are pending: take them when they are ready; after half a
    /// second show a progress sheet with Cancel, and go on polling under it.
    func pollSearchResults() -> ScreenResponse {
        guard let search = searchController, let pending = search.session?.pending,
              let updater = search.searchResultsUpdater else { return .handled }
        switch updater.pollSearchResults(for: search) {
        case .shown:
            showSearchResults()
        case .pending(let progress):
            search.modifySession { $0.pending?.progress = progress }
            if !pending.isSheetShown, search.now() - pending.since > ProgressModal.delay {
                search.modifySession { $0.pending?.isSheetShown = true }
                return .present(ProgressModal(
                    title: search.progressTitle,
                    progress: { [weak search] in search?.session?.pending?.progress },
                    isFinished: { [weak search] in search?.isPending != true },
                    onCancel: { [weak self] in self?.cancelPendingSearch() }
                ))
            }
        }
        return .handled
    }

    /// Cancel on a slow search's sheet: the work stops, the results shown stay, and the field
    /// goes back to their text.
    private func cancelPendingSearch() {
        guard let search = searchController, search.isPending else { return }
        search.searchResultsUpdater?.cancelSearchUpdate(search)
        search.modifySession { session in
            session.field.setText(session.shownText)
            session.pending = nil
        }
    }
}

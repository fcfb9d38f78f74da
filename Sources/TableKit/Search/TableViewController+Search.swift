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
        var bindings = [KeyBinding([.character("/")], SearchCommand.begin, label: "/", help: search.helpText, footer: "search")]
        if search.isActive { bindings.append(KeyBinding([.escape], .end, label: "Esc", help: "clear the search")) }
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

    /// A key while the field has the keyboard: the arrows and page keys still move in the
    /// results; the rest edit the field.
    func handleSearchKey(_ key: Key) -> ScreenResponse {
        if [.up, .down, .pageUp, .pageDown].contains(key), let action = TableView.action(for: key, in: state) {
            return perform(action)
        }
        guard let search = searchController, var session = search.session else { return .ignored }
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

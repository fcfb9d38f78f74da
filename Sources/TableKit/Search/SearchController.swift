/// A search field over a table, as `UISearchController` filtering in place: `/` shows the
/// field above the table and gives it the keyboard, typing filters live, Enter keeps the
/// results and gives the keyboard back to the rows, Esc ends the search and puts the table
/// back exactly as it was (focus and scroll position).
///
/// Attach one to a ``TableViewController`` and give it a ``SearchResultsUpdating`` object:
///
/// ```swift
/// searchController = SearchController(placeholder: "Search Fruit")
/// searchController?.searchResultsUpdater = self
/// ```
///
/// Everything about a search in progress is one value, ``state``.
@MainActor
public final class SearchController {
    /// A search in progress.
    public struct Session: Equatable {
        /// The field, with its text and cursor.
        package var field: SearchField
        /// Whether the field has the keyboard (`false` after Enter: the rows have it, the
        /// results stay).
        public var isEditing: Bool
        /// The table as it was when the search began; Esc puts it back.
        var savedTableState: TableViewState
        /// The text whose results the table shows; a cancelled slow search goes back to it.
        public var shownText: String
        /// Results are being worked out for the field's text: since when, and how far along.
        public var pending: Pending?

        /// Results that are being worked out.
        public struct Pending: Equatable {
            /// When the wait began.
            public var since: ContinuousClock.Instant
            /// The fraction done, `nil` when unknown.
            var progress: Double?
            /// Whether the progress sheet is up (it appears once, after half a second).
            var isSheetShown: Bool
        }
    }

    /// Whether a search is in progress.
    public enum State: Equatable {
        /// No search: the table shows everything.
        case inactive
        /// A search is in progress.
        case active(Session)
    }

    /// The search now.
    public internal(set) var state: State = .inactive
    /// The object that filters; held weakly, as in UIKit.
    public weak var searchResultsUpdater: (any SearchResultsUpdating)?
    /// Shown dimmed in the empty field.
    public var placeholder: String
    /// What help says `/` does: "search", "search titles and subtitles".
    var helpText: String
    /// The table screen this search belongs to (set when it is attached).
    weak var tableViewController: TableViewController?
    /// The title of the progress sheet of a slow search.
    package var progressTitle: String
    /// The titles of the scope bar under the field, as `UISearchBar.scopeButtonTitles`
    /// ("Title", "All Fields"): shown while a search is in progress when there are two or
    /// more. Tab in the field or a click chooses a scope, and the search runs again.
    public var scopeButtonTitles: [String] = []
    /// The scope chosen, an index into ``scopeButtonTitles``; the updater reads it. Setting
    /// it in code searches nothing, as in UIKit.
    public var selectedScopeButtonIndex = 0

    /// Creates a search controller.
    public init(placeholder: String = "Search", helpText: String = "search", progressTitle: String = "Searching…") {
        self.placeholder = placeholder
        self.helpText = helpText
        self.progressTitle = progressTitle
    }

    /// Whether a search is in progress (the field is shown).
    public var isActive: Bool { session != nil }

    /// Whether the field has the keyboard.
    public var isEditing: Bool { session?.isEditing ?? false }

    /// Whether the scope bar is shown under the field now.
    public var showsScopeBar: Bool { isActive && scopeButtonTitles.count > 1 }

    /// The lines the field and the scope bar take above the table now: 0, 1 or 2.
    var barHeight: Int { isActive ? (showsScopeBar ? 2 : 1) : 0 }

    /// The scope bar as a control, with the chosen scope.
    var scopeBar: SegmentedControl {
        SegmentedControl(segments: scopeButtonTitles, selectedSegmentIndex: selectedScopeButtonIndex)
    }

    /// Whether results are being worked out.
    public var isPending: Bool { session?.pending != nil }

    /// Says that the results the updater owed (it answered ``SearchUpdate/pending(progress:)``)
    /// are on the table now: the focus goes to the first of them. Call it on the main actor
    /// when the work's result arrives, such as in ``Screen/runInBackground(_:then:)``'s
    /// delivery, and answer the delivery with what it returns: ``ScreenResponse/dismiss(_:)``
    /// of the progress sheet if it is up, else ``ScreenResponse/handled``. Nothing happens
    /// when nothing is pending.
    @discardableResult
    public func finishPendingUpdate() -> ScreenResponse {
        guard let tableViewController else { return .handled }
        return tableViewController.searchResultsDidArrive()
    }

    /// The search in progress, if any.
    public var session: Session? {
        if case .active(let session) = state { return session }
        return nil
    }

    /// The text in the field; empty without a search.
    ///
    /// Setting it searches for the new text as if it had been typed and kept with Enter
    /// (the table's `TableViewController.search(for:)`).
    public var text: String {
        get { session?.field.text ?? "" }
        set { tableViewController?.search(for: newValue) }
    }

    /// Changes the session in progress, if any.
    func modifySession(_ change: (inout Session) -> Void) {
        guard case .active(var session) = state else { return }
        change(&session)
        state = .active(session)
    }
}

import Foundation

extension TableViewController {
    /// What the search keys ask of a table screen.
    package enum SearchCommand: Hashable, Sendable {
        /// Show the field and give it the keyboard.
        case begin
        /// End the search; the table comes back as it was.
        case end
    }

    /// The search keys that apply now: `/` when the screen has a search controller, Esc while
    /// a search is shown. Handling, help and the footer read this table.
    var searchKeyBindings: [KeyBinding<SearchCommand>] { searchPart.commandBindings(context) }

    /// The search keys of a screen whose search controller says `helpText` (`search`), while
    /// a search is shown (`isActive`) or not: what ``searchKeyBindings`` lists, and what
    /// `--help`-style summaries name.
    package nonisolated static func searchKeyBindings(helpText: String, isActive: Bool) -> [KeyBinding<SearchCommand>] {
        var bindings = [KeyBinding([.character("/")], SearchCommand.begin, label: "/", help: helpText, footer: "search")]
        if isActive { bindings.append(KeyBinding([.escape], .end, label: "Esc", help: "clear the search", footer: "clear")) }
        return bindings
    }

    /// Shows the field and gives it the keyboard; the table's state is kept for Esc.
    package func beginSearch() {
        closeSwipeMenu()
        _ = apply(searchPart.begin(context: context))
    }

    /// Ends the search: work still pending is stopped, the updater shows everything again and
    /// the table comes back exactly as it was when the search began.
    package func endSearch() {
        _ = apply(searchPart.end())
    }

    /// Searches for `text` as if it had been typed and kept with Enter: the field shows it,
    /// the rows have the keyboard.
    package func search(for text: String) {
        closeSwipeMenu()
        _ = apply(searchPart.search(for: text, context: context))
    }

    /// The results a search owed are on the table (``SearchController/finishPendingUpdate()``).
    func searchResultsDidArrive() -> ScreenResponse { apply(searchPart.pendingResultsDidArrive()) }
}

import TableKit

extension TableBrowser {
    /// `--help`'s sentence about keys, written from the tables the handlers look keys up in:
    /// the rows', the section index's, search, back, the app's tabs (each numbered where the
    /// terminal is wide enough for them all) and the global keys. A key that changes there
    /// changes here.
    static var keysDiscussion: String {
        let (rows, index, search, back, tabs, global) = keysDiscussionGroups
        func list(_ hints: [KeyHint]) -> String { hints.map { "\($0.key) \($0.help)" }.joined(separator: ", ") }
        return "Keys: " + list(rows) + "; in the index: " + list(index) + "; " + list(search + back + tabs + global) + ". "
            + "Each screen adds its own (a bar button shows its key, as Sort (o)); ? lists every key of the screen in front."
    }

    /// Every key `--help` names, as one list (the README's key tables must hold each).
    static var keysDiscussionHints: [KeyHint] {
        let (rows, index, search, back, tabs, global) = keysDiscussionGroups
        return rows + index + search + back + tabs + global
    }

    private static var keysDiscussionGroups: (rows: [KeyHint], index: [KeyHint], search: [KeyHint], back: [KeyHint], tabs: [KeyHint], global: [KeyHint]) {
        let rows = TableView.rowKeyBindings.helpHints()
        let index = TableView.indexKeyBindings.helpHints() + [TableView.indexTypeAheadHint]
        let search = TableViewController.searchKeyBindings(helpText: "search", isActive: false).helpHints()
        let back = NavigationController.keyBindings.helpHints()
        let tabs = TabBarController.keyBindings(tabCount: BrowserApp.tabNames.count, capturesTextInput: false).helpHints()
        // "this help" means the overlay, not this text: the global keys say their short help.
        let global = RootController.globalBindings.map { KeyHint($0.label, $0.footerHelp ?? $0.help) }
        return (rows, index, search, back, tabs, global)
    }
}

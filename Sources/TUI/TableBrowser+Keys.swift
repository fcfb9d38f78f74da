import TableKit

extension TableBrowser {
    /// `--help`'s sentence about keys, written from the tables the handlers look keys up in:
    /// the rows', the section index's, search, back, the tabs and the global keys. A key
    /// that changes there changes here.
    static var keysDiscussion: String {
        let rows = TableView.rowKeyBindings.helpHints()
        let index = TableView.indexKeyBindings.helpHints() + [TableView.indexTypeAheadHint]
        let search = TableViewController.searchKeyBindings(helpText: "search", isActive: false).helpHints()
        let back = NavigationController.keyBindings.helpHints()
        let tabs = TabBarController.keyBindings(tabCount: TabBarController.numberedTabLimit, capturesTextInput: false).helpHints()
        // "this help" means the overlay, not this text: the global keys say their short help.
        let global = RootController.globalBindings.map { KeyHint($0.label, $0.footerHelp ?? $0.help) }
        func list(_ hints: [KeyHint]) -> String { hints.map { "\($0.key) \($0.help)" }.joined(separator: ", ") }
        return "Keys: " + list(rows) + "; in the index: " + list(index) + "; " + list(search + back + tabs + global) + ". "
            + "Each screen adds its own (a bar button shows its key, as Sort (o)); ? lists every key of the screen in front."
    }
}

import TableKit

extension TableBrowser {
    /// A group of keys `--help` names together, from one binding table: its hints, and the
    /// words that introduce them (`in the index:`), if any.
    struct KeyGroup {
        var heading: String?
        var hints: [KeyHint]
    }

    /// The keys `--help` (and so the man page) names, in order, each group from the table the
    /// handlers look its keys up in: the rows', the swipe menus', the section index's, search,
    /// back, the app's tabs (each numbered where the terminal is wide enough for them all) and
    /// the global keys. The README's key tables must hold each (ReadmeKeysTests). A key a user
    /// needs from the first screen is one entry here.
    static var keyGroups: [KeyGroup] {
        [
            KeyGroup(hints: TableView.rowKeyBindings.helpHints()),
            KeyGroup(hints: TableViewController.swipeKeyHints),
            KeyGroup(heading: "in the index:", hints: TableView.indexKeyBindings.helpHints() + [TableView.indexTypeAheadHint]),
            KeyGroup(hints: TableViewController.searchKeyBindings(helpText: "search", isActive: false).helpHints()
                + NavigationController.keyBindings.helpHints()
                + TabBarController.keyBindings(tabCount: BrowserApp.tabNames.count, capturesTextInput: false).helpHints()
                // "this help" means the overlay, not this text: the global keys say their short help.
                + RootController.globalBindings.map { KeyHint($0.label, $0.footerHelp ?? $0.help) }),
        ]
    }

    /// `--help`'s sentence about keys, written from ``keyGroups``: a key that changes in its
    /// table changes here.
    static var keysDiscussion: String {
        let groups = keyGroups.map { group in
            (group.heading.map { $0 + " " } ?? "") + group.hints.map { "\($0.key) \($0.help)" }.joined(separator: ", ")
        }
        return "Keys: " + groups.joined(separator: "; ") + ". "
            + "Each screen adds its own (a bar button shows its key, as Sort (o)); ? lists every key of the screen in front."
    }

    /// Every key `--help` names, as one list (the README's key tables must hold each).
    static var keysDiscussionHints: [KeyHint] { keyGroups.flatMap(\.hints) }
}

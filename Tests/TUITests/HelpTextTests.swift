import Testing
import TableKit
@testable import TUI

/// `--help` is written from the tables the handlers read: a key bound there is named here.
@Suite("--help names every key of the rows, the index, search, back, the tabs and the global keys")
struct HelpTextTests {
    @Test("every label of those tables is in --help's sentence about keys")
    func everyLabelIsNamed() {
        let text = TableBrowser.keysDiscussion
        let labels = TableView.rowKeyBindings.map(\.label) + TableView.indexKeyBindings.map(\.label)
            + TableViewController.searchKeyBindings(helpText: "search", isActive: false).map(\.label)
            + NavigationController.keyBindings.map(\.label) + RootController.globalBindings.map(\.label)
            + TabBarController.keyBindings(tabCount: BrowserApp.tabNames.count, capturesTextInput: false).map(\.label)
        for label in labels + TableViewController.swipeKeyHints.map(\.key) {
            #expect(text.contains(label), "\(label)")
        }
        // The swipe menus' keys, which a person needs on the first screen.
        #expect(text.contains("s S-← S-→ swipe the row aside for its actions"))
        #expect(TableBrowser.configuration.discussion == text)
        #expect(text.contains("1…6 F1…F6 switch tabs"), "every one of the app's six tabs has its number")
    }
}

import Foundation
import TableKit
import Testing

/// A screen that logs its lifecycle calls.
@MainActor
private final class LoggingScreen: TableViewController {
    let log: Log
    init(_ title: String, log: Log) {
        self.log = log
        super.init(title: title, dataSource: StaticTableDataSource(cells: [TableViewCell(text: title)]))
    }
    override func viewWillAppear() { log.lines.append("\(title) will appear") }
    override func viewDidDisappear() { log.lines.append("\(title) did disappear") }
    override func layout(for size: Size) {
        log.lines.append("\(title) layout \(size.width)x\(size.height)")
        super.layout(for: size)
    }
}

@MainActor
private final class Log { var lines: [String] = [] }

@MainActor
@Suite("Screens hear about their life: appear, disappear, layout")
struct LifecycleTests {
    @Test func pushPopTabsAndResizeCallTheLifecycleInUIKitsOrder() {
        let log = Log()
        let one = LoggingScreen("One", log: log), two = LoggingScreen("Two", log: log)
        let tabs = TabBarController(tabs: [.init(root: one), .init(root: two)], indicatorDuration: .zero)
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        // 12 lines: the footer, the tab bar (2) and the navigation bar leave 8. As in UIKit, a
        // tab behind is not laid out until it is chosen.
        #expect(log.lines == ["One layout 40x8", "One will appear", "One layout 40x8"])
        log.lines = []
        tabs.tabs[0].navigation.push(LoggingScreen("Detail", log: log))
        #expect(log.lines == ["One did disappear", "Detail will appear", "Detail layout 40x8"])
        log.lines = []
        _ = root.handle(.key(.character("2")))
        #expect(log.lines == ["Detail did disappear", "Two will appear", "Two layout 40x8"])
        log.lines = []
        _ = root.handle(.resize(Size(width: 50, height: 14)))
        #expect(log.lines == ["Two layout 50x10"], "only the tab in front; the other when it is chosen")
        log.lines = []
        _ = root.handle(.key(.character("1")))
        _ = root.handle(.key(.escape))
        #expect(log.lines == ["Two did disappear", "Detail will appear", "Detail layout 50x10",
                              "Detail did disappear", "One will appear", "One layout 50x10"])
    }

    @Test func aTabShowsTheBadgeItsScreenSetsOnItsOwnItem() {
        let log = Log()
        let one = LoggingScreen("One", log: log), two = LoggingScreen("Two", log: log)
        let tabs = TabBarController(tabs: [.init(root: one), .init(root: two)], indicatorDuration: .zero)
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        two.tabBarItem?.badge = .count(3)
        #expect(root.render(context: RenderContext()).lines[10].contains("Two (3)"))
        two.tabBarItem?.badge = .dot
        _ = root.handle(.key(.character("2")))
        #expect(two.tabBarItem?.badge == nil, "looking at a glowing tab clears it")
    }

    @Test func eachAlertActionRunsItsOwnHandlerAfterTheAlertIsDown() {
        let log = Log()
        var alert = Alert(title: "Delete?", style: .actionSheet)
        alert.addAction(AlertAction(title: "Delete", style: .destructive, key: .character("d")) { log.lines.append("deleted") })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { log.lines.append("kept") })
        let controller = AlertController(alert: alert)
        let area = Rect(x: 0, y: 0, width: 40, height: 12)
        guard case .dismiss(let completion) = controller.handle(.key(.character("d")), area: area) else {
            Issue.record("d did not trigger Delete")
            return
        }
        #expect(log.lines.isEmpty, "the handler runs after the alert is taken down")
        _ = completion?()
        #expect(log.lines == ["deleted"])
        if case .dismiss(let cancel) = controller.handle(.key(.escape), area: area) { _ = cancel?() }
        #expect(log.lines == ["deleted", "kept"])
    }
}

/// A searchable screen with two bar buttons, one disabled.
@MainActor
private final class ButtonsScreen: TableViewController, SearchResultsUpdating {
    init() {
        super.init(title: "B", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Row")]))
        searchController = SearchController()
        searchController?.searchResultsUpdater = self
    }
    override var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(system: .refresh, id: "reload", key: .character("r"), help: "reload the list"),
         BarButtonItem(system: .trash, id: "delete", key: .character("d"), isEnabled: false),
         BarButtonItem(system: .save, id: "save", key: .control("s"))]
    }
    func updateSearchResults(for searchController: SearchController) -> SearchUpdate { .shown }
    func didDismissSearch(_ searchController: SearchController) {}
}

@MainActor
@Suite("Help lists the bar buttons' keys from the buttons themselves")
struct BarButtonHelpTests {
    @Test func enabledButtonsAreListedAndTypedKeysNotWhileTyping() {
        let screen = ButtonsScreen()
        let navigation = NavigationController(root: screen)
        navigation.layout(in: Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(navigation.keyHelp == [KeyHint("r", "reload the list"), KeyHint("^S", "Save")])
        _ = navigation.handle(.key(.character("/")), area: Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(navigation.keyHelp == [KeyHint("^S", "Save")], "r is typed into the search field now")
    }
}

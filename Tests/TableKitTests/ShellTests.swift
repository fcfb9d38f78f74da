import Testing
@testable import TableKit

/// A screen that records what reaches it and can push, ask before popping, or show bar buttons.
@MainActor
private final class ProbeScreen: Screen {
    let title: String
    var backButtonTitle: String?
    var received: [Event] = []
    var tapped: [BarButtonItem.Identifier] = []
    var rightBarButtonItems: [BarButtonItem] = []
    var toolbarItems: [BarButtonItem] = []
    var popDecision: (@escaping () -> Void) -> PopDecision = { _ in .allow }

    init(_ title: String) { self.title = title }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        canvas.draw("[\(title)]", at: area.origin, style: .plain, clip: area)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        received.append(event)
        if event == .key(.character("p")) { return .push(ProbeScreen(title + "+")) }
        return .ignored
    }

    func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        tapped.append(id)
        return .handled
    }

    func shouldPop(confirm: @escaping () -> Void) -> PopDecision { popDecision(confirm) }
}

@MainActor
private func keys(_ root: RootController, _ keys: Key...) {
    for key in keys { _ = root.handle(.key(key)) }
}

@MainActor
@Suite("App shell: tabs, stacks, modals")
struct ShellTests {
    private func makeTabs(_ clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) -> (TabBarController, [ProbeScreen]) {
        let roots = ["One", "Two", "Three"].map(ProbeScreen.init)
        let tabs = TabBarController(tabs: roots.map { .init(item: TabBarItem(title: $0.title), root: $0) }, now: clock)
        return (tabs, roots)
    }

    @Test func eachTabKeepsItsOwnStack() {
        let (tabs, _) = makeTabs()
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        keys(root, .character("p"), .character("2"), .character("p"), .character("p"), .character("1"))
        #expect(tabs.tabs[0].navigation.stack.map(\.title) == ["One", "One+"])
        #expect(tabs.tabs[1].navigation.stack.map(\.title) == ["Two", "Two+", "Two++"])
        #expect(root.render(context: RenderContext()).lines[1].hasPrefix("[One+]"))
    }

    @Test func choosingTheTabInFrontPopsItToItsRoot() {
        let (tabs, _) = makeTabs()
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        keys(root, .character("p"), .character("p"))
        #expect(tabs.selectedTab.navigation.stack.count == 3)
        keys(root, .character("1"))
        #expect(tabs.selectedTab.navigation.stack.map(\.title) == ["One"])
        // A click on the tab does the same.
        keys(root, .character("p"))
        let tabLine = 12 - 2
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: tabLine))))
        #expect(tabs.selectedTab.navigation.stack.count == 1)
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 20, y: tabLine))))
        #expect(tabs.selectedIndex == 1)
    }

    @Test func aModalTrapsEveryKeyAndClick() {
        let (tabs, roots) = makeTabs()
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        var chosen: [String] = []
        var alert = Alert(title: "Sure?", actions: [])
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "OK"))
        root.present(AlertController(alert: alert) { chosen.append($0.title) })
        roots[0].received = []
        for key: Key in [.character("p"), .character("2"), .character("q"), .character("?"), .down, .tab] {
            #expect(root.handle(.key(key)) == .keepGoing)
        }
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 0, y: 0))))
        #expect(roots[0].received.isEmpty, "nothing behind the modal reacts")
        #expect(tabs.selectedIndex == 0)
        #expect(root.modals.count == 1)
        keys(root, .escape)
        #expect(root.modals.isEmpty)
        #expect(chosen == ["Cancel"])
        // Ctrl-C still quits with a modal up: the terminal must always be recoverable.
        root.present(AlertController(alert: alert))
        #expect(root.handle(.key(.control("c"))) == .quit)
    }

    @Test func ticksReachTheContentUnderAModal() {
        let (tabs, roots) = makeTabs()
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        root.present(HelpOverlay(sections: [.init(title: "Keys", entries: [KeyHint("a", "b")])]))
        roots[0].received = []
        _ = root.handle(.tick)
        #expect(roots[0].received == [.tick])
    }

    @Test func shouldPopCanRefuseOrAskFirst() {
        let (tabs, roots) = makeTabs()
        let root = RootController(content: tabs, size: Size(width: 40, height: 12))
        keys(root, .character("p"))
        guard let pushed = tabs.selectedTab.navigation.top as? ProbeScreen else { Issue.record("no push"); return }
        pushed.popDecision = { _ in .refuse }
        keys(root, .escape)
        #expect(tabs.selectedTab.navigation.stack.count == 2)
        var confirm: (() -> Void)?
        pushed.popDecision = { done in
            confirm = done
            var alert = Alert(title: "Discard?")
            alert.addAction(AlertAction(title: "Keep", style: .cancel))
            return .ask(AlertController(alert: alert))
        }
        keys(root, .left)
        #expect(root.modals.count == 1)
        #expect(tabs.selectedTab.navigation.stack.count == 2)
        keys(root, .escape)
        confirm?()
        #expect(tabs.selectedTab.navigation.stack.map(\.title) == [roots[0].title])
    }

    @Test func barButtonsAnswerTheirKeysAndClicks() {
        let probe = ProbeScreen("List")
        probe.rightBarButtonItems = [BarButtonItem(system: .add, id: "add", key: .character("a")),
                                     BarButtonItem(system: .edit, id: "edit", key: .character("e"), isEnabled: false)]
        probe.toolbarItems = [.flexibleSpace, BarButtonItem(id: "next", title: "Next", key: .character("n"))]
        let navigation = NavigationController(root: probe)
        let root = RootController(content: navigation, size: Size(width: 40, height: 10))
        keys(root, .character("a"), .character("e"), .character("n"))
        #expect(probe.tapped == ["add", "next"])
        let frame = root.render(context: RenderContext())
        #expect(frame.lines[0].hasSuffix("+ (a)  Edit (e)"))
        let toolbarLine = frame.lines[8]
        #expect(toolbarLine.hasSuffix("Next (n)"))
        let plusColumn = frame.lines[0].distance(from: frame.lines[0].startIndex, to: frame.lines[0].firstIndex(of: "+") ?? frame.lines[0].startIndex)
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: plusColumn, y: 0))))
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 38, y: 8))))
        #expect(probe.tapped == ["add", "next", "add", "next"])
    }

    @Test func aScreenMayNameTheBackButtonOfWhatIsPushedOnIt() {
        let first = ProbeScreen("A very long list title")
        first.backButtonTitle = "Library"
        let navigation = NavigationController(root: first)
        navigation.push(ProbeScreen("Item"))
        #expect(navigation.navigationBar.backButtonText(width: 40) == "‹ Library")
        // The fallbacks at three widths: the back title, Back, then the chevron alone.
        #expect(navigation.navigationBar.backButtonText(width: 24) == "‹ Library")
        #expect(navigation.navigationBar.backButtonText(width: 20) == "‹ Back")
        #expect(navigation.navigationBar.backButtonText(width: 14) == "‹")
    }

    @Test func theIndicatorSlidesToTheChosenTab() {
        let start = ContinuousClock.now
        var now = start
        let (tabs, _) = makeTabs({ now })
        let root = RootController(content: tabs, size: Size(width: 30, height: 10))
        func indicator() -> Int? {
            let bar = root.render(context: RenderContext()).lines[7]
            return bar.firstIndex(of: "▲").map { bar.distance(from: bar.startIndex, to: $0) }
        }
        let atFirst = indicator()
        keys(root, .character("3"))
        #expect(indicator() == atFirst, "the slide starts where the indicator was")
        #expect(root.wantsTicks)
        now = start + .milliseconds(75)
        let midway = indicator() ?? 0
        #expect(midway > (atFirst ?? 0))
        now = start + .milliseconds(200)
        _ = root.handle(.tick)
        let settled = indicator() ?? 0
        #expect(settled > midway)
        #expect(!root.wantsTicks)
    }

    @Test func helpWrapsALongDescriptionUnderItselfInsteadOfCuttingIt() {
        let help = HelpOverlay(sections: [.init(title: "Tabs", entries: [
            KeyHint("1…5 F1…F5", "switch tabs; choosing the tab in front again goes back to its first screen"),
            KeyHint("?", "this help"),
        ])])
        var canvas = Canvas(size: Size(width: 40, height: 12))
        help.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        let inside = canvas.lines.map { String($0.dropFirst(2).prefix(36)).trimmingCharacters(in: .whitespaces) }
        #expect(inside.contains("1…5 F1…F5  switch tabs; choosing the"))
        #expect(inside.contains("back to its first screen"), "nothing is cut")
        #expect(canvas.lines.contains { $0.hasPrefix("│            tab in front again goes") }, "continuation lines start under the description")
        #expect(inside.contains("?          this help"))
    }

    @Test func helpPagesAndGoesToEitherEndAndNeverScrollsPastTheLastPage() {
        let help = HelpOverlay(sections: [.init(title: "Keys", entries: (1 ... 30).map { KeyHint("k\($0)", "entry \($0)") })])
        let area = Rect(x: 0, y: 0, width: 40, height: 12)
        func firstEntry() -> String? {
            var canvas = Canvas(size: area.size)
            help.render(into: &canvas, area: area, context: RenderContext())
            return canvas.lines.compactMap { line in line.range(of: #"entry [0-9]+"#, options: .regularExpression).map { String(line[$0]) } }.first
        }
        // Nine lines show (12, less the box's two and its footer line): the heading, then entries.
        #expect(firstEntry() == "entry 1")
        _ = help.handle(.key(.pageDown), area: area)
        #expect(firstEntry() == "entry 8", "a page on keeps the page's last line in view")
        _ = help.handle(.key(.end), area: area)
        #expect(firstEntry() == "entry 22", "End: the last page, its last entry at the bottom")
        _ = help.handle(.key(.pageDown), area: area)
        _ = help.handle(.key(.down), area: area)
        _ = help.handle(.key(.up), area: area)
        #expect(firstEntry() == "entry 21", "past the end nothing piles up: ↑ moves at once")
        _ = help.handle(.key(.home), area: area)
        #expect(firstEntry() == "entry 1")
        _ = help.handle(.key(.pageUp), area: area)
        #expect(firstEntry() == "entry 1", "nothing above the top")
    }
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// UIKit's navigation surface, driven in code as an app drives it: a stack popped and popped to
/// its root (`popViewController`, `popToRootViewController`), a tab chosen and a tab moved
/// (`selectedIndex`, a customized order), More's own stack and whether its list offers Edit
/// (`moreNavigationController`, `customizableViewControllers`), and a toolbar's fixed space.
@MainActor
@Suite("Navigation in code: pop, pop to root, choose and move tabs, More's stack, a fixed space")
struct NavigationAPITests {
    /// A list of one row that notes when it appears and when it leaves the front.
    final class Page: TableViewController {
        var life: [String] = []

        init(_ title: String) {
            super.init(title: title, dataSource: StaticTableDataSource(cells: [TableViewCell(text: "on \(title)")]))
        }

        override func viewWillAppear() {
            super.viewWillAppear()
            life.append("appear")
        }

        override func viewDidDisappear() {
            super.viewDidDisappear()
            life.append("disappear")
        }
    }

    private func frame(_ root: RootController) -> [String] {
        textLines(of: root.render(context: RenderContext()))
    }

    /// Inbox, with Mail pushed on it and Reply on Mail, in a root of 30 by 8.
    private func threeDeep() -> (inbox: Page, mail: Page, reply: Page, navigation: NavigationController, root: RootController) {
        let inbox = Page("Inbox"), mail = Page("Mail"), reply = Page("Reply")
        let navigation = NavigationController(root: inbox)
        let root = RootController(content: navigation, size: Size(width: 30, height: 8))
        navigation.push(mail)
        navigation.push(reply)
        return (inbox, mail, reply, navigation, root)
    }

    @Test func popGoesBackOneScreenAndNeverPastTheRoot() {
        let (inbox, mail, reply, navigation, root) = threeDeep()
        #expect(navigation.pop(), "Reply leaves")
        expectFrame(frame(root), equals: [
            "‹ Inbox      Mail",
            " on Mail",
            "",
            "",
            "",
            "",
            "",
            " ↓ move  Esc back  q quit",
        ])
        #expect(reply.life == ["appear", "disappear"] && mail.life == ["appear", "disappear", "appear"], "each told, in order")
        #expect(navigation.pop() && navigation.top === inbox)
        #expect(!navigation.pop(), "the root is never popped")
        #expect(navigation.stack.count == 1 && inbox.life.last == "appear")
    }

    @Test func popToRootLeavesOnlyTheRootAndTellsOnlyTheFrontItLeft() {
        let (inbox, mail, reply, navigation, root) = threeDeep()
        navigation.popToRoot()
        expectFrame(frame(root), equals: [
            "            Inbox",
            " on Inbox",
            "",
            "",
            "",
            "",
            "",
            " ↓ move  ? help  q quit",
        ])
        #expect(navigation.stack.count == 1 && navigation.top === inbox)
        #expect(reply.life == ["appear", "disappear"] && mail.life == ["appear", "disappear"], "Mail left the front when Reply came, and is not told again")
        let told = inbox.life.count
        navigation.popToRoot()
        #expect(inbox.life.count == told, "at the root it does nothing")
    }

    @Test func selectBringsATabToTheFrontAndAgainPopsItToItsRoot() {
        let inbox = Page("Inbox"), archive = Page("Archive")
        let tabs = TabBarController(tabs: [TabBarController.Tab(root: inbox), TabBarController.Tab(root: archive)], indicatorDuration: .zero)
        let root = RootController(content: tabs, size: Size(width: 30, height: 8))
        tabs.select(1)
        expectFrame(frame(root), equals: [
            "           Archive",
            " on Archive",
            "",
            "",
            "",
            "──────────────────────▲───────",
            "    1 Inbox       2 Archive",
            " ↓ move  ? help  q quit",
        ])
        #expect(tabs.selectedIndex == 1 && tabs.selectedTab.navigation.top === archive && inbox.life.last == "disappear")
        tabs.selectedTab.navigation.push(Page("Last year"))
        tabs.select(1)
        #expect(tabs.selectedTab.navigation.stack.count == 1, "the tab in front, chosen again, pops to its root")
        tabs.select(2)
        #expect(tabs.selectedIndex == 1, "no such tab: nothing changes")
    }

    @Test func moveTabReordersTheBarAndKeepsTheTabInFront() {
        let pages = ["A", "B", "C"].map(Page.init)
        let tabs = TabBarController(tabs: pages.map { TabBarController.Tab(root: $0) }, indicatorDuration: .zero)
        let root = RootController(content: tabs, size: Size(width: 30, height: 8))
        tabs.moveTab(from: 0, to: 2)
        expectFrame(frame(root), equals: [
            "              A",
            " on A",
            "",
            "",
            "",
            "────────────────────────▲─────",
            "   1 B       2 C       3 A",
            " ↓ move  ? help  q quit",
        ])
        #expect(tabs.tabs.map(\.item.title) == ["B", "C", "A"] && tabs.selectedIndex == 2, "A is still in front, now third")
        _ = root.handle(.key(.character("1")))
        #expect(tabs.selectedTab.navigation.top === pages[1], "1 chooses the tab now first: B")
    }

    @Test func moreListOffersEditOnlyWhileCustomizingIsAllowed() {
        let tabs = TabBarController(tabs: ["A", "B", "C", "D", "E", "F"].map { TabBarController.Tab(root: Page($0)) }, indicatorDuration: .zero)
        let root = RootController(content: tabs, size: Size(width: 30, height: 8))
        tabs.allowsCustomizing = false
        _ = root.handle(.key(.character("5")))
        expectFrame(frame(root), equals: [
            "             More",
            " E                          ›",
            " F                          ›",
            "",
            "",
            "─────────────────────────▲────",
            " 1 A  2 B  3 C   4 D  5 More",
            " ↓ move  Enter open  q quit",
        ])
        _ = root.handle(.key(.character("E")))
        #expect(tabs.moreNavigationController.stack.count == 1, "E does nothing without Edit")
        tabs.allowsCustomizing = true
        #expect(frame(root)[0].hasSuffix("Edit (E)"), "Edit comes back")
        _ = root.handle(.key(.character("E")))
        #expect(tabs.moreNavigationController.top.title == "Configure", "More's own stack shows the tabs to order")
        tabs.moreNavigationController.popToRoot()
        #expect(tabs.moreNavigationController.top.title == "More" && tabs.showsMoreList)
    }

    /// A toolbar of Archive, four columns of space and Delete.
    final class Mailbox: TableViewController {
        var tapped: [BarButtonItem.Identifier] = []

        init() {
            super.init(title: "Mail", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Lunch?")]))
        }

        override var toolbarItems: [BarButtonItem] {
            [BarButtonItem(id: "archive", title: "Archive"), .fixedSpace(4), BarButtonItem(id: "delete", title: "Delete")]
        }

        override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
            tapped.append(id)
            return .handled
        }
    }

    @Test func aFixedSpaceKeepsItsColumnsBetweenToolbarButtons() throws {
        let mail = Mailbox()
        let root = RootController(content: NavigationController(root: mail), size: Size(width: 30, height: 8))
        let lines = frame(root)
        expectFrame(lines, equals: [
            "             Mail",
            " Lunch?",
            "",
            "",
            "",
            "",
            "Archive    Delete",
            " ↓ move  ? help  q quit",
        ])
        let delete = try #require(lines[6].range(of: "Delete"))
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: lines[6].distance(from: lines[6].startIndex, to: delete.lowerBound), y: 6))))
        #expect(mail.tapped == ["delete"])
    }
}

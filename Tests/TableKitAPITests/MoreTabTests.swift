import Foundation
import TableKit
import Testing

/// `UITabBarController`'s More: with more than five tabs the fifth slot is More, and its key,
/// its F-key and a click on it show the list of the tabs beyond the fourth.
@MainActor
@Suite("The More tab: by key, F-key and click, a list of the tabs that do not fit")
struct MoreTabTests {
    let size = Size(width: 50, height: 12)

    /// Seven tabs, A to G, each a list of one row naming its tab.
    private func shell() -> (RootController, TabBarController) {
        let tabs = ["A", "B", "C", "D", "E", "F", "G"].map { name in
            TabBarController.Tab(root: TableViewController(title: "Tab \(name)", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "in \(name)")])))
        }
        let controller = TabBarController(tabs: tabs, indicatorDuration: .zero)
        return (RootController(content: controller, size: size), controller)
    }

    /// The tab bar's two lines, with their styles: which slot is lit, where the ▲ rests.
    private func bar(_ root: RootController) -> [String] {
        Array(root.render(context: RenderContext()).styledText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .suffix(3).prefix(2))
    }

    private func screen(_ root: RootController) -> [String] {
        root.render(context: RenderContext()).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test(arguments: [Key.character("5"), .function(5)])
    func moreByKeyListsTheOtherTabsAndOpensThem(key: Key) {
        let (root, tabs) = shell()
        #expect(screen(root)[size.height - 2].contains("5 More"))
        let barAtA = bar(root)
        _ = root.handle(.key(key))
        let barAtMore = bar(root)
        #expect(barAtMore != barAtA, "More is lit")
        var lines = screen(root)
        #expect(lines[0].trimmingCharacters(in: .whitespaces).hasPrefix("More ") && lines[0].hasSuffix("Edit (E)"), "\(lines)")
        #expect(Array(lines[1 ... 3]) == [" Tab E                                          ›", " Tab F                                          ›", " Tab G                                          ›"],
                "the tabs beyond the fourth, in order: \(lines)")
        #expect(tabs.showsMoreList)
        // Choose F: its screen, More still lit.
        _ = root.handle(.key(.down))
        _ = root.handle(.key(.enter))
        lines = screen(root)
        #expect(lines[0].contains("Tab F") && lines.contains { $0.hasPrefix(" in F") }, "\(lines)")
        #expect(tabs.selectedIndex == 5 && !tabs.showsMoreList)
        #expect(bar(root) == barAtMore, "More stays lit")
        // Back from F's first screen: the list again.
        _ = root.handle(.key(.escape))
        #expect(tabs.showsMoreList && screen(root)[0].trimmingCharacters(in: .whitespaces).hasPrefix("More "))
        // A numbered tab leaves the list.
        _ = root.handle(.key(.character("2")))
        #expect(!tabs.showsMoreList && tabs.selectedIndex == 1 && screen(root)[0].contains("Tab B"))
        // Back at a tab's first screen goes nowhere when the tab has its own slot.
        _ = root.handle(.key(.escape))
        #expect(!tabs.showsMoreList && screen(root)[0].contains("Tab B"))
    }

    @Test func aClickOnMoreShowsTheList() throws {
        let (root, tabs) = shell()
        let titles = screen(root)[size.height - 2]
        let more = try #require(titles.range(of: "More"))
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: titles.distance(from: titles.startIndex, to: more.lowerBound), y: size.height - 2))))
        #expect(tabs.showsMoreList && screen(root)[0].trimmingCharacters(in: .whitespaces).hasPrefix("More "))
        // Its rows open their tabs by click too.
        let row = try #require(screen(root).firstIndex { $0.hasPrefix(" Tab G") })
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: row))))
        _ = root.handle(.mouse(MouseEvent(.release, at: Point(x: 3, y: row))))
        #expect(tabs.selectedIndex == 6 && screen(root)[0].contains("Tab G"), "\(screen(root))")
    }

    @Test func fiveTabsHaveNoMore() {
        let tabs = ["A", "B", "C", "D", "E"].map { TabBarController.Tab(root: TableViewController(title: $0, dataSource: StaticTableDataSource(cells: []))) }
        let controller = TabBarController(tabs: tabs, indicatorDuration: .zero)
        let root = RootController(content: controller, size: size)
        _ = root.handle(.key(.character("5")))
        #expect(!controller.showsMoreList && controller.selectedIndex == 4)
    }

    /// Six tabs, A to F, at `width`.
    private func sixTabs(width: Int) -> (RootController, TabBarController) {
        let tabs = ["A", "B", "C", "D", "E", "F"].map { name in
            TabBarController.Tab(root: TableViewController(title: "Tab \(name)", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "in \(name)")])))
        }
        let controller = TabBarController(tabs: tabs, indicatorDuration: .zero)
        return (RootController(content: controller, size: Size(width: width, height: 12)), controller)
    }

    @Test func sixTabsAllShowWhereTheyFitAndFourAndMoreWhereTheyDoNot() throws {
        // A title of 5 columns needs slots of 10 (its number, a space, air each side, one to
        // spare): 60 columns hold six, 59 do not.
        let (wide, wideTabs) = sixTabs(width: 60)
        let titles = wide.render(context: RenderContext()).lines[10]
        #expect(titles.contains("5 Tab E") && titles.contains("6 Tab F") && !titles.contains("More"), "\(titles)")
        _ = wide.handle(.key(.character("6")))
        #expect(wideTabs.selectedIndex == 5 && !wideTabs.showsMoreList)
        _ = wide.handle(.key(.function(5)))
        #expect(wideTabs.selectedIndex == 4)
        let six = try #require(titles.range(of: "6 Tab F"))
        _ = wide.handle(.mouse(MouseEvent(.press, at: Point(x: titles.distance(from: titles.startIndex, to: six.lowerBound), y: 10))))
        #expect(wideTabs.selectedIndex == 5)

        let (narrow, narrowTabs) = sixTabs(width: 59)
        let narrowTitles = narrow.render(context: RenderContext()).lines[10]
        #expect(narrowTitles.contains("5 More") && !narrowTitles.contains("Tab F"), "\(narrowTitles)")
        _ = narrow.handle(.key(.character("6")))
        #expect(narrowTabs.selectedIndex == 0, "no sixth slot on a narrow bar")
        // Narrowed while F is in front: More lights; widened while More's list is in front:
        // the list goes and the tab chosen from it stays.
        _ = wide.handle(.resize(Size(width: 50, height: 12)))
        #expect(wide.render(context: RenderContext()).lines[10].contains("5 More"))
        _ = wide.handle(.key(.character("5")))
        #expect(wideTabs.showsMoreList)
        _ = wide.handle(.resize(Size(width: 100, height: 12)))
        #expect(!wideTabs.showsMoreList && wide.render(context: RenderContext()).lines[0].contains("Tab F"))
    }

    @Test func moresEditMovesATabIntoTheBarAndSaysSoWhenDone() throws {
        let (root, tabs) = shell()
        var ended: [(order: [String], changed: Bool)] = []
        tabs.didEndCustomizing = { order, changed in ended.append((order.map(\.item.title), changed)) }
        var moves: [[String]] = []
        tabs.didMoveTab = { order in moves.append(order.map(\.item.title)) }
        _ = root.handle(.key(.character("4")))
        _ = root.handle(.key(.character("5")))
        _ = root.handle(.key(.character("E")))
        var lines = screen(root)
        #expect(lines[0].contains("Configure") && lines[1].hasPrefix(" Tab A") && lines[1].contains("In the bar"), "\(lines)")
        #expect(lines[5].hasPrefix(" Tab E") && lines[5].contains("Under More"), "\(lines)")
        // The end state, not the rows travelling.
        (tabs.frontScreen as? TableViewController)?.animatesRowChanges = false
        // G, the last, three places up: into the bar, the fourth.
        _ = root.handle(.key(.end))
        _ = root.handle(.key(.altUp))
        _ = root.handle(.key(.altUp))
        _ = root.handle(.key(.altUp))
        lines = screen(root)
        // The rows in view (the list scrolled to keep G in view), each where it now shows.
        let rows = lines.filter { $0.hasPrefix(" Tab ") }.map { String($0.prefix(6)) + ($0.contains("In the bar") ? " bar" : " More") }
        #expect(rows.suffix(4) == [" Tab G bar", " Tab D More", " Tab E More", " Tab F More"], "\(lines)")
        #expect(tabs.tabs.map(\.item.title) == ["Tab A", "Tab B", "Tab C", "Tab G", "Tab D", "Tab E", "Tab F"])
        #expect(tabs.selectedIndex == 4 && tabs.selectedTab.item.title == "Tab D", "D, pushed along by G, is still the tab chosen")
        #expect(ended.isEmpty)
        #expect(moves.count == 3 && moves.last == tabs.tabs.map(\.item.title), "each move is told as it happens: \(moves)")
        _ = root.handle(.key(.character("D")))
        #expect(ended.count == 1 && ended[0].changed && ended[0].order.prefix(4) == ["Tab A", "Tab B", "Tab C", "Tab G"])
        lines = screen(root)
        #expect(lines[0].contains("More") && Array(lines[1 ... 3]).map { $0.prefix(6) } == [" Tab D", " Tab E", " Tab F"], "\(lines)")
        #expect(lines[size.height - 2].contains("4 Tab G"), "the bar shows G in the fourth slot")
        // Edit again and Done with nothing moved: not changed.
        _ = root.handle(.key(.character("E")))
        _ = root.handle(.key(.character("D")))
        #expect(ended.count == 2 && !ended[1].changed)
    }

    @Test func aSavedOrderComesBackWithTabsItDoesNotNameAfter() {
        let (_, tabs) = shell()
        let all = tabs.tabs
        tabs.setTabOrder([all[6], all[2]])
        #expect(tabs.tabs.map(\.item.title) == ["Tab G", "Tab C", "Tab A", "Tab B", "Tab D", "Tab E", "Tab F"])
        #expect(tabs.selectedTab === all[0], "the tab in front stays in front")
    }
}

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
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "More", "\(lines)")
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
        #expect(tabs.showsMoreList && screen(root)[0].trimmingCharacters(in: .whitespaces) == "More")
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
        #expect(tabs.showsMoreList && screen(root)[0].trimmingCharacters(in: .whitespaces) == "More")
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
}

import Foundation

/// Tabs of navigation stacks with a tab bar at the bottom, as `UITabBarController`.
///
/// Each tab keeps its own stack. `1`…`5` (and F1…F5) or a click choose a tab; choosing the
/// tab already in front pops it to its root. The `▲` indicator slides to the chosen tab over
/// `indicatorDuration` (instant when zero).
///
/// With more than five tabs the fifth slot is More, as in UIKit: its key, F-key or a click
/// shows ``moreNavigationController``, a list of the tabs the bar has no slot for; choosing
/// one shows that tab (More stays lit), and the back key at its first screen returns to the
/// list.
@MainActor
public final class TabBarController: ShellContent {
    /// One tab: its bar item and its navigation stack.
    @MainActor
    public final class Tab {
        /// The title and badge on the bar; shared with whoever holds it (see ``Screen/tabBarItem``).
        public let item: TabBarItem
        /// The tab's own stack of screens.
        public let navigation: NavigationController

        /// Creates a tab showing `root`, with `item` on the bar.
        public init(item: TabBarItem, root: any Screen) {
            self.item = item
            navigation = NavigationController(root: root)
        }

        /// Creates a tab showing `root`, with the root's own ``Screen/tabBarItem`` on the bar
        /// (or one made from its title), so that the screen sets its badge itself.
        public convenience init(root: any Screen) {
            self.init(item: root.tabBarItem ?? TabBarItem(title: root.title), root: root)
        }
    }

    /// The tabs, left to right (More's Edit reorders them: ``moveTab(from:to:)``).
    public private(set) var tabs: [Tab]
    /// The tab in front.
    public private(set) var selectedIndex = 0
    /// How long the indicator takes to slide (zero: `--no-animation`).
    package var indicatorDuration: Duration
    /// Reads the time; tests pass a fixed clock.
    var now: () -> ContinuousClock.Instant
    private var animation: SlideAnimation?
    private var width: Int?
    /// The area of the last ``layout(in:)``, and which tabs behind have not been laid out in
    /// it yet (as `UITabBarController` loads a tab's view only when it is first shown).
    private var area: Rect?
    private var needsLayout: Set<Int> = []
    /// Whether the More list is in front (rather than the selected tab).
    public private(set) var showsMoreList = false
    /// Whether More's list offers Edit, to choose and order the tabs of the bar (UIKit's
    /// `customizableViewControllers`, all or none).
    public var allowsCustomizing = true
    /// Called when More › Edit ends, with the tabs in their new order and whether it changed,
    /// as `tabBarController(_:didEndCustomizing:changed:)`: the place to keep the order.
    public var didEndCustomizing: (([Tab], Bool) -> Void)?
    /// Called after each move of a tab in More › Edit, with the tabs in their new order. UIKit
    /// has no such call (its order is kept when customizing ends); a terminal app can be quit
    /// while More › Edit is up, and an app that keeps the order after every change keeps it
    /// here too.
    public var didMoveTab: (([Tab]) -> Void)?

    /// The More list's stack, as UIKit's `moreNavigationController`: a table of the tabs
    /// beyond the fourth, each opening its tab.
    public private(set) lazy var moreNavigationController: NavigationController = NavigationController(root: moreList)

    /// More's list, with Edit to choose and order the tabs of the bar.
    lazy var moreList: MoreListController = {
        let more = MoreListController(tabs: self)
        more.delegate = moreListDelegate
        return more
    }()
    private lazy var moreListDelegate = MoreListDelegate { [weak self] row in
        self?.select(TabBar.maximumSlots - 1 + row)
    }

    /// The stack in front: the More list's, or the selected tab's.
    private var frontNavigation: NavigationController { showsMoreList ? moreNavigationController : selectedTab.navigation }

    /// Creates a tab bar controller with the first tab in front.
    public init(tabs: [Tab], indicatorDuration: Duration = .milliseconds(150), now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.tabs = tabs
        self.indicatorDuration = indicatorDuration
        self.now = now
    }

    /// The tab bar as drawn, at the width of the last layout or event.
    var tabBar: TabBar { TabBar(items: tabs.map(\.item), width: width) }

    /// The tab in front.
    public var selectedTab: Tab { tabs[selectedIndex] }

    /// What a tab key does.
    package enum KeyAction: Hashable, Sendable {
        /// Chooses the tab in the slot the key numbers (`3`, `F3`: the third).
        case chooseNumberedTab
    }

    /// The most tabs a narrow bar shows, each with its number key; more share a More tab.
    nonisolated static let numberedTabLimit = TabBar.maximumSlots
    /// The most tabs a wide bar shows side by side, each with its number key.
    nonisolated static let wideNumberedTabLimit = TabBar.maximumWideSlots

    /// The tab keys of a bar of `tabCount` slots, as data: `1`…`5` and `F1`…`F5` for five;
    /// while the screen takes typed letters (`capturesTextInput`) digits are typed too, and
    /// only the function keys switch.
    package nonisolated static func keyBindings(tabCount: Int, capturesTextInput: Bool) -> [KeyBinding<KeyAction>] {
        let last = min(tabCount, TabBar.maximumWideSlots)
        guard last > 0 else { return [] }
        let help = "switch tabs; again: to its first screen"
        let digits = KeyBinding((1 ... last).map { Key.character(Character(String($0))) }, KeyAction.chooseNumberedTab, label: "1…\(last)", help: help)
        let functionKeys = KeyBinding((1 ... last).map { Key.function($0) }, KeyAction.chooseNumberedTab, label: "F1…F\(last)", help: help)
        return capturesTextInput ? [functionKeys] : [digits, functionKeys]
    }

    /// The tab keys now, as data: ``handle(_:area:glyphs:)`` looks keys up here, and help
    /// reads it.
    var tabKeyBindings: [KeyBinding<KeyAction>] {
        Self.keyBindings(tabCount: tabBar.slotCount, capturesTextInput: capturesTextInput)
    }

    /// The tab keys, for help.
    var tabKeyHelp: [KeyHint] { tabKeyBindings.helpHints() }

    /// Chooses tab `index`: another tab comes to the front; the tab in front pops to its root.
    public func select(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        if showsMoreList {
            // From the More list: the tab chosen comes to the front, More still lit.
            moreNavigationController.viewDidDisappear()
            showsMoreList = false
            if index == selectedIndex {
                layoutIfNeeded(index)
                selectedTab.navigation.viewWillAppear()
                return
            }
        } else if index == selectedIndex {
            tabs[index].navigation.popToRoot()
            return
        }
        selectedTab.navigation.viewDidDisappear()
        let from = indicatorColumn(at: now()) ?? tabBar.indicatorTarget(for: selectedIndex, width: width ?? 0)
        let to = tabBar.indicatorTarget(for: index, width: width ?? 0)
        animation = SlideAnimation(from: from, to: to, start: now(), duration: indicatorDuration)
        selectedIndex = index
        // A glow means "new since you last looked": looking clears it.
        if tabs[index].item.badge == .dot { tabs[index].item.badge = nil }
        // A tab not laid out in the current area takes it now; appearing lays it out.
        if let area, needsLayout.remove(index) != nil { selectedTab.navigation.adopt(area: stackArea(in: area)) }
        selectedTab.navigation.viewWillAppear()
    }

    /// Makes `reordered` (the same tabs) the tabs, `selected` still the one chosen.
    func replaceTabs(_ reordered: [Tab], selecting selected: Tab) {
        // The usual order at start-up: nothing to lay out again, and More's list stays unmade.
        guard !reordered.elementsEqual(tabs, by: ===) else { return }
        tabs = reordered
        selectedIndex = tabs.firstIndex { $0 === selected } ?? 0
        animation = nil
        needsLayout = Set(tabs.indices)
        if !showsMoreList { layoutIfNeeded(selectedIndex) }
        moreList.showTabs()
    }

    /// Shows the More list (More's key, F-key or click); again, it pops the list to its root.
    func showMoreList() {
        guard tabBar.hasMore else { return }
        if showsMoreList {
            moreNavigationController.popToRoot()
            return
        }
        selectedTab.navigation.viewDidDisappear()
        let from = indicatorColumn(at: now()) ?? tabBar.indicatorTarget(for: selectedIndex, width: width ?? 0)
        animation = SlideAnimation(from: from, to: tabBar.indicatorTarget(for: TabBar.maximumSlots - 1, width: width ?? 0), start: now(), duration: indicatorDuration)
        showsMoreList = true
        if let area { moreNavigationController.layout(in: stackArea(in: area)) }
        moreNavigationController.viewWillAppear()
    }

    /// Lays the tab in front out in `area` less the tab bar; a tab behind is laid out in it
    /// when it is chosen or first handles an event, so tabs never shown cost nothing.
    package func layout(in area: Rect) {
        width = area.width
        self.area = area
        // Widened so that every tab fits: the More list goes, and its tab stays in front.
        if showsMoreList && !tabBar.hasMore {
            moreNavigationController.viewDidDisappear()
            showsMoreList = false
            needsLayout = Set(tabs.indices)
            layoutIfNeeded(selectedIndex)
            selectedTab.navigation.viewWillAppear()
            return
        }
        needsLayout = Set(tabs.indices)
        layoutIfNeeded(selectedIndex)
        if showsMoreList { moreNavigationController.layout(in: stackArea(in: area)) }
    }

    /// Lays tab `index` out in the last area if it has not been since that area was set.
    private func layoutIfNeeded(_ index: Int) {
        guard let area, needsLayout.remove(index) != nil else { return }
        tabs[index].navigation.layout(in: stackArea(in: area))
    }

    /// The tab in front appears.
    package func viewWillAppear() {
        frontNavigation.viewWillAppear()
    }

    /// The indicator's column now, while it slides; `nil` when it rests under its tab.
    func indicatorColumn(at instant: ContinuousClock.Instant) -> Double? {
        guard let animation, !animation.isFinished(at: instant) else { return nil }
        return animation.value(at: instant)
    }

    private func stackArea(in area: Rect) -> Rect { area.inset(bottom: TabBar.height) }

    /// Draws the tab in front and the tab bar.
    package func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        frontNavigation.render(into: &canvas, area: stackArea(in: area), context: context)
        // The More list lights More (the fifth slot shows every tab from the fifth on).
        tabBar.render(selectedIndex: showsMoreList ? TabBar.maximumSlots - 1 : selectedIndex, indicatorColumn: indicatorColumn(at: now()),
                      into: &canvas, area: area.bottomLines(TabBar.height), context: context)
    }

    /// Handles an event: the tab in front first, then the tab keys and clicks on the bar.
    package func handle(_ event: Event, area: Rect, glyphs: Glyphs) -> ScreenResponse {
        width = area.width
        let stack = stackArea(in: area)
        switch event {
        case .tick:
            if let animation, animation.isFinished(at: now()) { self.animation = nil }
            var response = frontNavigation.handle(.tick, area: stack, glyphs: glyphs)
            // Tabs behind keep their background work going (new content arriving sets their
            // glow); only an alert of theirs comes forward.
            for index in tabs.indices where (index != selectedIndex || showsMoreList) && tabs[index].navigation.wantsTicks {
                layoutIfNeeded(index)
                let behind = tabs[index].navigation.handle(.tick, area: stack, glyphs: glyphs)
                if case .present = behind, case .handled = response { response = behind }
            }
            return response
        case .mouse(let mouse):
            return hitTest(mouse.position, area: area, glyphs: glyphs).handle(mouse)
        default:
            break
        }
        let response = frontNavigation.handle(event, area: stack, glyphs: glyphs)
        guard case .ignored = response, let key = event.key else { return response }
        if tabKeyBindings.action(for: key) == .chooseNumberedTab, let hit = tabBar.hit(for: key) {
            return personSelects(hit)
        }
        // A tab opened from More goes back to the list from its first screen, as it would
        // from a screen pushed onto More's stack in UIKit.
        if !showsMoreList, tabBar.hit(forItemAt: selectedIndex) == .more, selectedTab.navigation.stack.count == 1,
           NavigationController.backKeys.contains(key) {
            showMoreList()
            return .handled
        }
        return response
    }

    /// What a press at `point` lands on: the tab bar, in its own lines; else what the stack in
    /// front finds there.
    package func hitTest(_ point: Point, area: Rect, glyphs: Glyphs) -> MouseTarget {
        width = area.width
        let stack = stackArea(in: area)
        guard point.y >= stack.maxY else { return frontNavigation.hitTest(point, area: stack, glyphs: glyphs) }
        let bar = area.bottomLines(TabBar.height)
        return MouseTarget(area: bar) { [weak self] mouse in
            guard let self else { return .ignored }
            barWidth = bar.width
            return barGestures.handle(mouse, now: now()) ?? .handled
        }
    }

    /// The width of the bar of the mouse report in hand.
    private var barWidth = 0
    /// The bar's mouse: a press on a tab (or More) chooses it (positions in the bar's lines).
    private lazy var barGestures: ScreenGestures = {
        let gestures = ScreenGestures()
        gestures.addButton(receives: { [unowned self] point in hit(at: point) != nil },
                           action: { [unowned self] point in hit(at: point).map(personSelects) ?? .handled })
        return gestures
    }()

    /// The tab (or More) drawn at `point` of the bar's lines.
    private func hit(at point: Point) -> TabBar.Hit? {
        tabBar.itemIndex(atColumn: point.x, width: barWidth)
    }

    /// A tab chosen by a key or a click: with unsaved edits in the tab in front, "Discard
    /// changes?" first; discarding pops that tab to its root.
    private func personSelects(_ hit: TabBar.Hit) -> ScreenResponse {
        let choose: () -> Void = { [weak self] in
            switch hit {
            case .item(let index): self?.select(index)
            case .more: self?.showMoreList()
            }
        }
        let leaving = frontNavigation
        guard leaving.hasUnsavedChanges else {
            choose()
            return .handled
        }
        return .present(AlertController.discardChanges(answer: { [weak leaving] in
            leaving?.popToRoot()
            choose()
            return .handled
        }))
    }

    /// Whether any tab holds unsaved edits.
    package var hasUnsavedChanges: Bool { tabs.contains { $0.navigation.hasUnsavedChanges } }

    /// What a screen of any tab is saving in the background, if any.
    package var savingDescription: String? { tabs.lazy.compactMap(\.navigation.savingDescription).first }

    /// The status of the screen in front.
    package var statusMessage: String? { frontNavigation.statusMessage }

    /// The keys of the screen in front, its stack, and the tabs.
    package var helpSections: [HelpOverlay.Section] {
        frontNavigation.helpSections + [HelpOverlay.Section(title: "Tabs", entries: tabKeyHelp)]
    }

    /// The hints of the screen in front.
    package var keyHints: [KeyHint] { frontNavigation.keyHints }

    /// Ticks while the indicator slides or a tab's screen wants them (the one in front, or
    /// one behind with work under way).
    package var wantsTicks: Bool {
        animation != nil || tabs.contains { $0.navigation.wantsTicks } || (showsMoreList && moreNavigationController.wantsTicks)
    }

    /// Whether the screen in front takes typed letters.
    package var capturesTextInput: Bool { frontNavigation.capturesTextInput }

    /// Whether `screen` is on one of the tabs' stacks.
    package func hosts(_ screen: any Screen) -> Bool {
        tabs.contains { $0.navigation.hosts(screen) } || (tabBar.hasMore && moreNavigationController.hosts(screen))
    }

    /// The screen in front of the tab in front.
    package var frontScreen: any Screen { frontNavigation.top }

    /// Whether the screen in front holds keys until its work arrives.
    package var defersEvents: Bool { frontNavigation.defersEvents }

    /// Carries out `response` on the stack of whichever tab holds `screen`, in front or not.
    package func deliver(_ response: ScreenResponse, from screen: any Screen, area: Rect) -> ScreenResponse {
        for index in tabs.indices {
            let answer = tabs[index].navigation.deliver(response, from: screen, area: stackArea(in: area))
            if case .ignored = answer { continue }
            return answer
        }
        guard tabBar.hasMore else { return .ignored }
        return moreNavigationController.deliver(response, from: screen, area: stackArea(in: area))
    }
}

/// Tells the tab bar controller which of the More list's rows was chosen.
@MainActor
private final class MoreListDelegate: TableViewDelegate {
    let choose: (Int) -> Void
    init(choose: @escaping (Int) -> Void) { self.choose = choose }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        choose(indexPath.row)
        return .handled
    }
}

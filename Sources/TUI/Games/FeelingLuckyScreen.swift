import Foundation
import TableKit

/// Feeling Lucky, the slot machine of the Games tab: three endless wheels — category, price
/// and rating — spin to random values, each slowing to a stop on its own, and the games that
/// match are listed under them. Space spins again (not while a spin is running); the wheels
/// can also be turned by hand. Tab moves between the wheels and the list.
final class FeelingLuckyScreen: TableViewController, TableViewDelegate {
    private let games: [Game]
    private let wishlist: Wishlist
    private let releaseDates: ReleaseDates
    private let glyphs: Glyphs
    private var wheels: PickerView
    private let categories: [String]
    private var spin: PickerSpin?
    private var random: SeededRandomNumberGenerator
    private let animates: Bool
    private let speed: Double
    /// The width a review opened from the list takes, read when it opens.
    var reviewWidth: () -> Int? = { nil }
    private var matches: [Game] = []
    /// Whether the keys turn the wheels (otherwise they move in the list).
    private var wheelsHaveFocus = true
    private var hasSpun = false

    /// The most a game may cost, by the price wheel's rows.
    static let priceLimits: [(title: String, limit: Double)] = [
        ("Free", 0), ("Up to $0.99", 0.99), ("Up to $1.99", 1.99), ("Up to $2.99", 2.99), ("Any Price", .infinity),
    ]

    /// `seed` makes the spins the same on every run; `animates` false stops the wheels at once.
    init(games: [Game], wishlist: Wishlist, releaseDates: ReleaseDates, glyphs: Glyphs, seed: UInt64?, animates: Bool, speed: Double = 1) {
        self.speed = speed
        self.games = games
        self.wishlist = wishlist
        self.releaseDates = releaseDates
        self.glyphs = glyphs
        self.animates = animates
        random = SeededRandomNumberGenerator(seed: seed ?? UInt64.random(in: .min ... .max))
        categories = Set(games.map(\.category)).sorted()
        let star = glyphs == .ascii ? "*" : "★"
        let ratings = ["Any Rating"] + (2 ... 4).map { String(repeating: star, count: $0) + " & Up" } + [String(repeating: star, count: 5)]
        wheels = PickerView(components: [
            PickerComponent(categories, isEndless: true),
            PickerComponent(Self.priceLimits.map(\.title), isEndless: true),
            PickerComponent(ratings, isEndless: true),
        ])
        var table = TableView(style: .grouped, emptyMessage: "Spinning…")
        table.showsSectionIndex = false
        super.init(title: "Feeling Lucky", tableView: table, dataSource: StaticTableDataSource([]))
        delegate = self
        // The wheels take the header's first five lines; while they spin they are not to be turned.
        PickerView.addGestureRecognizers(to: tableHeaderGestureArena, frame: { [unowned self] in
            Rect(x: 0, y: 0, width: size.width, height: 5)
        }) { [unowned self] gesture in
            guard spin == nil else { return }
            if case .press = gesture { wheelsHaveFocus = true }
            if wheels.perform(gesture, size: Size(width: size.width, height: 5)) != nil { showMatches() }
        }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        // Pressing Feeling Lucky pulls the lever; coming back from a review does not.
        if !hasSpun { spinAgain() }
        else { showMatches() }
    }

    /// Starts a spin to random values, unless one is running.
    private func spinAgain() {
        guard spin == nil else { return }
        hasSpun = true
        let durations = animates ? PickerSpin.defaultDurations.map { $0 / max(0.1, speed) } : [.zero]
        let started = PickerSpin.random(for: wheels, start: now(), durations: durations, using: &random)
        spin = started
        advanceSpin()
    }

    private func advanceSpin() {
        guard let running = spin else { return }
        let finished = wheels.apply(running, at: now())
        if finished {
            spin = nil
            showMatches()
        } else {
            tableView.emptyMessage = "Spinning…"
            dataSource = StaticTableDataSource([])
        }
    }

    /// What the wheels stand on: a category, the most a game may cost and the least rating.
    var criteria: (category: String, priceLimit: Double, rating: Int) {
        let rows = wheels.selectedRows
        return (categories.indices.contains(rows[0]) ? categories[rows[0]] : "", Self.priceLimits[rows[1]].limit, rows[2] + 1)
    }

    /// The games the wheels stand on: the category, at most the price, at least the rating.
    private func showMatches() {
        guard !categories.isEmpty else {
            tableView.emptyMessage = "No Games to Spin For"
            dataSource = StaticTableDataSource([])
            return
        }
        let (category, price, rating) = criteria
        matches = games.filter { $0.category == category && $0.price <= price && $0.rating >= rating }
            .sorted { ($0.rating, $1.title) > ($1.rating, $0.title) }
        tableView.emptyMessage = "No Game Matches: Space Spins Again"
        let header = matches.count == 1 ? "1 Game Matches" : "\(matches.count) Games Match"
        dataSource = StaticTableDataSource(matches.isEmpty ? [] : [
            TableSection(header: header, footer: "Space spins again.", cells: matches.map { GameRows.cell($0, wishlist: wishlist) }),
        ])
    }

    // MARK: The wheels above the list

    override var tableHeaderHeight: Int { 6 }

    override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        wheels.render(into: &canvas, rect: area.topLines(5), isFocused: wheelsHaveFocus, context: context)
    }

    /// The list's focus shows as inactive while the keys turn the wheels.
    override func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        super.render(into: &canvas, area: area, context: RenderContext(glyphs: context.glyphs, isActive: context.isActive && !wheelsHaveFocus, colorDepth: context.colorDepth))
    }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        switch event {
        case .tick:
            advanceSpin()
            return super.handle(event, area: area)
        case .key(let key) where luckyKeyBindings.action(for: key) != nil:
            switch luckyKeyBindings.action(for: key) {
            case .spin: spinAgain()
            case .switchFocus: wheelsHaveFocus.toggle()
            case nil: break
            }
            return .handled
        case .key(let key) where wheelsHaveFocus:
            // Esc and Backspace go back, and so does ← from the first wheel.
            if NavigationController.keyBindings.action(for: key) == .back, !key.isCharacter, key != .left || wheels.focusedComponent == 0 {
                return .ignored
            }
            // While the wheels spin, they are not to be turned.
            if spin == nil, wheels.handle(key) != nil { showMatches() }
            return .handled
        case .mouse(let mouse):
            if mouse.kind == .press, mouse.position.y >= tableHeaderHeight { wheelsHaveFocus = false }
            return super.handle(event, area: area)
        default:
            return super.handle(event, area: area)
        }
    }

    override var wantsTicks: Bool { spin != nil || super.wantsTicks }

    /// Letters turn the wheels to a row while they have the keys.
    override var capturesTextInput: Bool { wheelsHaveFocus || super.capturesTextInput }

    /// The list's keys, but Space spins rather than pages.
    override var rowKeyBindings: [KeyBinding<TableViewAction>] {
        TableView.rowKeyBindings.map { $0.removing(.space, named: "Space") }
    }

    /// What the screen's own keys do, wherever the focus is.
    enum LuckyKeyAction: Hashable, Sendable {
        /// Spins the wheels again.
        case spin
        /// Gives the keys to the wheels, or back to the list.
        case switchFocus
    }

    /// The screen's own keys, as data: ``handle(_:area:)`` looks keys up here, and help and
    /// the footer read it (Tab is in the footer only while the wheels have the keys).
    var luckyKeyBindings: [KeyBinding<LuckyKeyAction>] {
        [
            KeyBinding([.space], .spin, label: "Space", help: "spin again", footer: "spin"),
            KeyBinding([.tab], .switchFocus, label: "Tab", help: wheelsHaveFocus ? "the list of games" : "the wheels",
                       footer: wheelsHaveFocus ? "list" : nil),
        ]
    }

    override var keyHelp: [KeyHint] {
        (wheelsHaveFocus ? PickerView.keyHelp : super.keyHelp) + luckyKeyBindings.helpHints()
    }

    override var keyHints: [KeyHint] {
        (wheelsHaveFocus ? PickerView.keyBindings.footerHints() : super.keyHints) + luckyKeyBindings.footerHints()
    }

    // MARK: The list

    private func game(at indexPath: IndexPath) -> Game? {
        matches.indices.contains(indexPath.row) ? matches[indexPath.row] : nil
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        game(at: indexPath).map { .push(GameReviewScreen(game: $0, wishlist: wishlist, releaseDates: releaseDates, textWidth: reviewWidth)) } ?? .handled
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        game(at: indexPath).map { .present(GameRows.quickLook(releaseDates.applied(to: $0), glyphs: glyphs)) } ?? .handled
    }

    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        if let game = game(at: indexPath) {
            wishlist.toggle(game)
            showMatches()
        }
        return .handled
    }
}

import Foundation
import TableKit

extension BarButtonItem.Identifier {
    /// The starred games.
    static let wishlist: Self = "wishlist"
    /// Un-star the checked games.
    static let removeChecked: Self = "removeChecked"
    /// Spin for a game.
    static let feelingLucky: Self = "feelingLucky"
}

/// How a game's row looks in the list and the wishlist: its title, its price in the value
/// colour, an `ⓘ` for a quick look and a star that adds it to the wishlist or takes it off.
@MainActor
enum GameRows {
    static func cell(_ game: Game, wishlist: Wishlist) -> TableViewCell {
        TableViewCell(style: .value1, text: game.title, detailText: game.priceText,
                      accessory: .detailAndButton(wishlist.contains(game) ? "[★]" : "[☆]"))
    }

    /// The quick look of `ⓘ`: the facts, as an alert; the row is not selected.
    static func quickLook(_ game: Game, glyphs: Glyphs) -> AlertController {
        AlertController.notice(title: game.title, message: """
            Developer: \(game.developer)
            Price: \(game.priceText)
            Rating: \(game.stars(glyphs))
            Released: \(game.releasedText)
            """)
    }

    static func sections(_ games: [Game], wishlist: Wishlist) -> GroupedSections<Game> {
        GroupedSections(games, section: \.category, title: \.title, searchText: { "\($0.title) \($0.developer)" }) { game in
            cell(game, wishlist: wishlist)
        }.identified(by: \.title)
    }
}

/// The Games tab: reviews in a grouped table, one section per category. Enter opens a review,
/// `i` (or a click on `ⓘ`) shows a quick look without selecting, `e` (or a click on the star)
/// stars or un-stars at once, `/` searches titles and developers, Wishlist lists the starred.
final class GamesScreen: TableViewController, TableViewDelegate, GroupedSectionsSearching {
    let games: [Game]
    let wishlist: Wishlist
    let releaseDates: ReleaseDates
    let all: GroupedSections<Game>
    var shown: GroupedSections<Game> {
        didSet { if isOn { dataSource = shown } }
    }
    /// The glyphs the terminal shows (stars in a quick look).
    var glyphs: Glyphs = .unicode
    /// Whether Feeling Lucky's wheels spin (otherwise they stop at once).
    var animatesSpins = true
    /// Makes Feeling Lucky's spins the same on every run (`--seed`).
    var spinSeed: UInt64?
    /// The most columns a review's text takes (Settings › Review Text Width); nil for all.
    var reviewWidth: Int?
    /// The width a review opened now takes, read when it opens.
    private var currentReviewWidth: () -> Int? { { [weak self] in self?.reviewWidth } }

    /// The games of `library`, or, when it could not be loaded, a list that says why.
    init(library: Result<[Game], CommandFailure>, wishlist: Wishlist, releaseDates: ReleaseDates = ReleaseDates()) {
        self.wishlist = wishlist
        self.releaseDates = releaseDates
        let games = (try? library.get()) ?? []
        self.games = games
        all = GameRows.sections(games, wishlist: wishlist)
        shown = all
        var table = TableView(style: .grouped, emptyMessage: "No Games")
        if case .failure(let failure) = library { table.emptyMessage = "Game reviews unavailable: " + failure.message }
        super.init(title: "Games", tableView: table, dataSource: all)
        delegate = self
        let search = SearchController(placeholder: "Search Games", helpText: "search titles and developers")
        search.searchResultsUpdater = self
        searchController = search
    }

    /// Whether the tab is turned on in Settings; off, it says so instead of its rows.
    private(set) var isOn = true

    /// Turns the list on or off (Settings › Data Sources).
    func setOn(_ on: Bool) {
        guard on != isOn else { return }
        if !on, searchController?.isActive == true { endSearch() }
        isOn = on
        tableView.emptyMessage = on ? "No Games" : "Games are turned off in Settings"
        dataSource = on ? shown : StaticTableDataSource([])
    }

    override var isSearchAvailable: Bool { isOn && super.isSearchAvailable }

    override var leftBarButtonItems: [BarButtonItem] {
        guard isOn, !games.isEmpty else { return [] }
        return [BarButtonItem(id: .feelingLucky, title: "Feeling Lucky", key: .character("f"), help: "spin three wheels for a game")]
    }

    override var rightBarButtonItems: [BarButtonItem] {
        guard isOn else { return [] }
        return [BarButtonItem(id: .wishlist, title: "Wishlist: \(wishlist.count)", key: .character("w"), help: "the starred games")]
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        // Stars changed in the wishlist show here too.
        reloadData()
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard isOn else { return .ignored }
        switch id {
        case .wishlist:
            return .push(animatingAsThis(WishlistScreen(games: games, wishlist: wishlist, releaseDates: releaseDates, glyphs: glyphs,
                                                        reviewWidth: currentReviewWidth)))
        case .feelingLucky:
            let lucky = FeelingLuckyScreen(games: games, wishlist: wishlist, releaseDates: releaseDates, glyphs: glyphs, seed: spinSeed,
                                           animates: animatesSpins, speed: animationSpeed)
            lucky.reviewWidth = currentReviewWidth
            return .push(lucky)
        default: return .ignored
        }
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        shown.item(at: indexPath).map { .push(GameReviewScreen(game: $0, wishlist: wishlist, releaseDates: releaseDates, textWidth: currentReviewWidth)) } ?? .handled
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        shown.item(at: indexPath).map { .present(GameRows.quickLook(releaseDates.applied(to: $0), glyphs: glyphs)) } ?? .handled
    }

    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        if let game = shown.item(at: indexPath) { wishlist.toggle(game) }
        return .handled
    }
}

/// The starred games in the wishlist's order, for the Wishlist screen: a delete takes the
/// game off the wishlist, a move puts it where it was moved, both saved at once.
struct WishlistRows: TableViewDataSource {
    let wishlist: Wishlist
    /// The starred games the library has, in the wishlist's order.
    private(set) var games: [Game]

    init(library: [Game], wishlist: Wishlist) {
        let byTitle = Dictionary(library.map { ($0.title, $0) }) { first, _ in first }
        self.wishlist = wishlist
        games = wishlist.titles.compactMap { byTitle[$0] }
    }

    func numberOfRows(inSection section: Int) -> Int { games.count }

    func cell(for indexPath: IndexPath) -> TableViewCell { GameRows.cell(games[indexPath.row], wishlist: wishlist) }

    func titleForFooter(inSection section: Int) -> String? {
        games.isEmpty ? nil : "A new star goes last. Edit puts the games in the order you want, or takes several off."
    }

    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? { games[indexPath.row].title }

    func canEditRow(at indexPath: IndexPath) -> Bool { true }

    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        wishlist.remove(titles: [games.remove(at: indexPath.row).title])
    }

    func canMoveRow(at indexPath: IndexPath) -> Bool { true }

    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        let game = games.remove(at: source.row)
        games.insert(game, at: destination.row)
        // Said by its neighbour, not its number: the wishlist may hold titles not shown here.
        wishlist.move(game.title, before: games.indices.contains(destination.row + 1) ? games[destination.row + 1].title : nil)
    }

    /// Takes the games titled `titles` off the rows and the wishlist (one save), and says
    /// which rows they were.
    mutating func remove(_ titles: Set<String>) -> [IndexPath] {
        let rows = games.indices.filter { titles.contains(games[$0].title) }
        games.removeAll { titles.contains($0.title) }
        wishlist.remove(titles: titles)
        return rows.map { IndexPath(row: $0, section: 0) }
    }
}

/// The starred games, in the order the person put them (a new star goes last). Enter opens a
/// review, `e` (or a click on `[★]`) un-stars a game and its row goes, a swipe removes it too.
/// Edit (`E`) reorders with Alt-↑/↓ and checks games with Space; Remove (`d`) takes the
/// checked ones off after asking.
final class WishlistScreen: TableViewController, TableViewDelegate {
    private let games: [Game]
    private let wishlist: Wishlist
    private let releaseDates: ReleaseDates
    private let glyphs: Glyphs
    private let reviewWidth: () -> Int?

    init(games: [Game], wishlist: Wishlist, releaseDates: ReleaseDates, glyphs: Glyphs, reviewWidth: @escaping () -> Int? = { nil }) {
        self.reviewWidth = reviewWidth
        self.games = games
        self.wishlist = wishlist
        self.releaseDates = releaseDates
        self.glyphs = glyphs
        let table = TableView(style: .grouped, emptyMessage: "No Starred Games: ☆ (e) Stars One")
        super.init(title: "Wishlist", tableView: table, dataSource: WishlistRows(library: games, wishlist: wishlist))
        allowsMultipleSelectionDuringEditing = true
        delegate = self
    }

    /// In editing mode the title counts the games checked ("2 Selected").
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        showsSelectionCount = editing
    }

    private var rows: WishlistRows { dataSource as? WishlistRows ?? WishlistRows(library: games, wishlist: wishlist) }

    override func viewWillAppear() {
        super.viewWillAppear()
        // A review may have changed the star, another instance the order.
        dataSource = WishlistRows(library: games, wishlist: wishlist)
    }

    override var rightBarButtonItems: [BarButtonItem] {
        rows.games.isEmpty && !isEditing ? [] : [editButtonItem()]
    }

    override var toolbarItems: [BarButtonItem] {
        guard isEditing else { return [] }
        let count = numberOfSelectedItems
        return selectionBarButtonItems() + [
            .flexibleSpace,
            BarButtonItem(id: .removeChecked, title: count > 0 ? "Remove \(count) \(count == 1 ? "Game" : "Games")" : "Remove", key: .character("d"), isEnabled: count > 0,
                          help: "take the checked games off the wishlist"),
        ]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == .removeChecked else { return super.barButtonTapped(id, area: area) }
        let titles = Set(identifiersOfSelectedItems.compactMap { $0.base as? String })
        guard !titles.isEmpty else { return .handled }
        let games = titles.count == 1 ? "1 Game" : "\(titles.count) Games"
        var alert = Alert(title: "Remove \(games)?", message: "They come off your wishlist; ☆ on the Games tab stars them again.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Remove", style: .destructive) { [weak self] in self?.unstar(titles) })
        return .present(AlertController(alert: alert))
    }

    /// Takes `titles` off the wishlist, their rows closing up.
    private func unstar(_ titles: Set<String>) {
        titles.forEach { deselectItem($0) }
        performBatchUpdates { update in
            var rows = self.rows
            update.deleteRows(at: rows.remove(titles))
            dataSource = rows
        }
        if rows.games.isEmpty { setEditing(false, animated: true) }
    }

    func tableView(_ tableView: TableViewController, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Remove" }

    /// Enter opens the review; in editing mode a selection is a check, nothing more.
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard !isEditing else { return .handled }
        return rows.games.indices.contains(indexPath.row) ? .push(GameReviewScreen(game: rows.games[indexPath.row], wishlist: wishlist, releaseDates: releaseDates, textWidth: reviewWidth)) : .handled
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        rows.games.indices.contains(indexPath.row) ? .present(GameRows.quickLook(releaseDates.applied(to: rows.games[indexPath.row]), glyphs: glyphs)) : .handled
    }

    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        if rows.games.indices.contains(indexPath.row) { unstar([rows.games[indexPath.row].title]) }
        return .handled
    }
}

/// One game's review: an Info section of facts, the review wrapped to as many lines as it
/// needs, and a Download row that shows where the game can be found. Released opens a date
/// screen, to fill in or correct the day the game came out.
final class GameReviewScreen: TableViewController, TableViewDelegate {
    private let game: Game
    private let wishlist: Wishlist
    private let releaseDates: ReleaseDates
    /// The most columns the review's text takes (nil for the whole row), read each time the
    /// screen appears.
    private let textWidth: () -> Int?

    init(game: Game, wishlist: Wishlist, releaseDates: ReleaseDates, textWidth: @escaping () -> Int? = { nil }) {
        self.textWidth = textWidth
        self.game = game
        self.wishlist = wishlist
        self.releaseDates = releaseDates
        super.init(title: game.title, style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        dataSource = sections()
    }

    private enum Section: Int { case info, review, download }
    private static let releasedRow = 3

    private func sections() -> StaticTableDataSource {
        let game = releaseDates.applied(to: self.game)
        let info = TableSection(header: "Info", selectionMode: .single, cells: [
            TableViewCell(style: .value1, text: "Developer", detailText: game.developer),
            TableViewCell(style: .value1, text: "Price", detailText: game.priceText),
            TableViewCell(style: .value1, text: "Category", detailText: game.category),
            TableViewCell(style: .value1, text: "Released", detailText: game.releasedText, accessory: .disclosureIndicator),
            TableViewCell(style: .value1, text: "Rating", detailText: game.stars(.unicode)),
        ])
        let review = TableSection(header: "Review", selectionMode: SelectionMode.none, cells: [
            TableViewCell(text: textWidth().map { TextLayout.wrap(game.review, width: $0).joined(separator: "\n") } ?? game.review, numberOfLines: 0),
        ])
        let download = TableSection(footer: wishlist.contains(game) ? "On your wishlist." : nil, selectionMode: .single, cells: [
            TableViewCell(text: "Download", accessory: .disclosureIndicator),
        ])
        return StaticTableDataSource([info, review, download])
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        // The date screen may have changed the release date, Settings the text's width.
        dataSource = sections()
    }

    /// Of the facts, only Released opens anything.
    func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath.section == Section.info.rawValue && indexPath.row != Self.releasedRow ? nil : indexPath
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        if indexPath.section == Section.info.rawValue { return chooseReleaseDate() }
        return .present(AlertController.notice(title: "Download \(game.title)", message: "Find it on the App Store:\n\(game.storeLink)"))
    }

    /// The date screen, at the release date (or the App Store's first day when none is
    /// known); Save keeps the date chosen.
    private func chooseReleaseDate() -> ScreenResponse {
        let configuration = ReleaseDates.configuration()
        let known = releaseDates.applied(to: game).released.flatMap(configuration.date(fromValueText:))
        let picker = DatePicker(configuration: configuration, date: known ?? configuration.minimumDate ?? Date())
        let screen = DatePickerController(title: "Released", datePicker: picker) { [game, releaseDates] chosen in
            releaseDates.set(chosen.valueText, for: game)
        }
        screen.footer = "The day \(game.title) came out, from the App Store's opening on July 10, 2008 to today."
        return .push(screen)
    }
}

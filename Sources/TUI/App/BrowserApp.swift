import TableKit
import TableKitTerminal

/// How the app was started: what it shows about itself, and how it behaves.
@MainActor
struct AppOptions {
    /// Filters on the calling thread (snapshots, which apply keys one after another) instead of
    /// in the background.
    var searchesSynchronously = false
    /// Whether the tab indicator slides (`--no-animation` turns it off, whatever Settings say).
    var animates = true
    /// What the terminal can show.
    var capabilities = TerminalCapabilities.headless
    /// A description of what is browsed, for Settings.
    var dataDescription = "bundled books"
    /// The game reviews of the Games tab (the bundled ones by default).
    var games: Result<[Game], CommandFailure> = GameLibrary.loadBundled()
    /// The tweets of the timeline (the bundled ones by default).
    var tweets: Result<[Tweet], CommandFailure> = TweetLibrary.loadBundled(TweetLibrary.fileName)
    /// Loads the tweets a refresh brings (the bundled new ones by default).
    var newTweets: @Sendable () -> Result<[Tweet], CommandFailure> = { TweetLibrary.loadBundled(TweetLibrary.newFileName) }
    /// The settings and the wishlist, saved or not (in memory by default).
    var settings = AppSettings(store: nil)
    /// Makes Feeling Lucky's spins the same on every run (`--seed`); random by default.
    var seed: UInt64?
    /// Decodes the photos of the Photos tab, off the main actor (the bundled ones by default).
    var photos: @Sendable () -> PhotoLoad = { PhotoDecoding.loadBundled() }
}

/// The app: six tabs — the records, the tweets, the game reviews, the forms, Settings and the
/// photo board — under TableKit's root controller, which owns modals, help and the footer.
@MainActor
final class BrowserApp {
    let root: RootController
    let tabs: TabBarController
    let list: RecordListScreen
    let games: GamesScreen
    let settings: AppSettings
    let tweets: TweetsScreen
    let photos: PhotoBoardScreen
    private let animates: Bool

    init(list: RecordListScreen, size: Size = Size(width: 80, height: 24), options: AppOptions = AppOptions()) {
        self.list = list
        let settings = options.settings
        self.settings = settings
        animates = options.animates
        let wishlist = Wishlist(titles: settings.state.wishlist)
        // The change, not the whole list: another instance's stars and moves stay (and show).
        wishlist.onChange = { [weak settings, weak wishlist] edit in
            guard let settings else { return }
            settings.update { edit.apply(to: &$0.wishlist) }
            wishlist?.show(settings.state.wishlist)
        }
        list.sorting.onSortOrderChosen = { [weak settings] order in
            settings?.update { $0.bookOrder = order == .title ? .title : .author }
        }
        let releaseDates = ReleaseDates(dates: settings.state.releaseDates ?? [:])
        releaseDates.onChange = { [weak settings, weak releaseDates] title, date in
            guard let settings else { return }
            settings.update { $0.releaseDates = ($0.releaseDates ?? [:]).merging([title: date]) { _, new in new } }
            releaseDates?.show(settings.state.releaseDates ?? [:])
        }
        games = GamesScreen(library: options.games, wishlist: wishlist, releaseDates: releaseDates)
        games.glyphs = options.capabilities.glyphs
        games.spinSeed = options.seed
        tweets = Self.makeTweets(options: options, settings: settings)
        tweets.glyphs = options.capabilities.glyphs
        let capabilities = options.capabilities, description = options.dataDescription
        let settingsScreen = SettingsScreen(settings: settings) { [weak list] in
            // After a Save As, the file the list now reads.
            [("Data", [("Showing", list?.source.loadedPath.map(ControlEscaping.escaped) ?? description), ("Records", list.map { $0.records.count.groupedText } ?? "—"),
                       ("Sorted by", list?.records.sortKeyDescription ?? "—")]),
             ("Terminal", [("Colours", Self.describe(capabilities.colorDepth) + (capabilities.withholdsTrueColor ? " (true colour not in terminfo)" : "")),
                           ("Glyphs", capabilities.glyphs == .ascii ? "ASCII" : "Unicode"),
                           ("Mouse reports", capabilities.hasMouse ? "Available" : "Not available")])]
        }
        photos = PhotoBoardScreen(settings: settings, load: options.photos)
        photos.glyphs = options.capabilities.glyphs
        photos.animates = options.animates
        tabs = TabBarController(
            tabs: [
                .init(root: list),
                .init(root: tweets),
                .init(root: games),
                .init(root: FormsScreen(settings: settings)),
                .init(root: settingsScreen),
                .init(root: photos),
            ],
            indicatorDuration: .zero
        )
        Self.keepTabOrder(of: tabs, in: settings)
        let undoManager = UndoManager()
        root = RootController(content: tabs, size: size, glyphs: options.capabilities.glyphs, undoManager: undoManager)
        settings.undoManager = undoManager
        list.undoManager = undoManager
        // An undone setting shows at once on the screens that keep a copy of it.
        let usualTabs = tabs.tabs
        settings.watchUndo(by: tabs) { [weak wishlist, weak releaseDates, weak settingsScreen, weak tweets, weak photos, weak tabs] state in
            wishlist?.show(state.wishlist)
            releaseDates?.show(state.releaseDates ?? [:])
            settingsScreen?.showSettings()
            tweets?.showUndone()
            photos?.showSaved()
            tabs?.setTabOrder(Self.tabs(named: state.tabOrder ?? Self.tabNames, among: usualTabs))
        }
        // Runners keep only the root, so the settings reach what they change directly (all of
        // it is held by the root) rather than through this object.
        let applied = Applied(root: root, tabs: tabs, list: list, games: games, tweets: tweets, photos: photos, settingsScreen: settingsScreen,
                              settings: settings, animates: animates)
        settings.apply = { [weak root] state in
            guard root != nil else { return }
            applied.apply(state, atStart: false)
        }
        applied.apply(settings.state, atStart: true)
        if let problem = (list.editable as? BundledBookRecords)?.problem {
            root.present(AlertController.notice(title: "Books", message: problem))
        }
    }

    /// The names the state file gives the tabs, in their usual order: stable, unlike a title
    /// (the records tab is named after its file).
    nonisolated static let tabNames = ["records", "tweets", "games", "forms", "settings", "photos"]

    /// Puts the tabs in the order More › Edit left them, and keeps a new order after each move
    /// (as every other setting is kept after every change: a quit while Edit is up keeps it).
    private static func keepTabOrder(of tabs: TabBarController, in settings: AppSettings) {
        let usual = tabs.tabs
        tabs.setTabOrder(Self.tabs(named: settings.state.tabOrder ?? [], among: usual))
        tabs.didMoveTab = { [weak settings] order in
            let names = order.compactMap { tab in usual.firstIndex { $0 === tab }.map { tabNames[$0] } }
            settings?.update { $0.tabOrder = names }
        }
    }

    /// The tabs of `usual` (in ``tabNames``' order) that `names` names, in that order.
    private static func tabs(named names: [String], among usual: [TabBarController.Tab]) -> [TabBarController.Tab] {
        let named = Dictionary(zip(tabNames, usual), uniquingKeysWith: { first, _ in first })
        return names.compactMap { named[$0] }
    }

    /// The timeline of `options`' tweets, with the new ones already in when an earlier run
    /// brought them; a file that cannot be read leaves the tab saying why.
    private static func makeTweets(options: AppOptions, settings: AppSettings) -> TweetsScreen {
        switch options.tweets {
        case .failure(let failure):
            return TweetsScreen(timeline: Timeline(bundled: [], settings: settings), problem: failure.message, loadNew: options.newTweets)
        case .success(let bundled):
            let timeline = Timeline(bundled: bundled, settings: settings)
            if timeline.hasRefreshed, case .success(let arrived) = options.newTweets() { timeline.receive(arrived) }
            return TweetsScreen(timeline: timeline, loadNew: options.newTweets)
        }
    }

    /// What the settings change, held weakly.
    @MainActor
    private struct Applied {
        weak var root: RootController?
        weak var tabs: TabBarController?
        weak var list: RecordListScreen?
        weak var games: GamesScreen?
        weak var tweets: TweetsScreen?
        weak var photos: PhotoBoardScreen?
        weak var settingsScreen: SettingsScreen?
        weak var settings: AppSettings?
        let animates: Bool

        /// Makes the app look and behave as `state` says, and shows any problem with the
        /// state file (set aside, not saved) as an alert. At start the list opens at its top.
        func apply(_ state: AppState, atStart: Bool) {
            guard let root, let tabs, let list, let games, let tweets else { return }
            switch state.theme {
            case .standard: root.colorScheme = .standard
            case .highContrast: root.colorScheme = .highContrast
            case .monochrome: root.colorScheme = .monochrome
            }
            root.reportsMouse = state.mouse
            tabs.indicatorDuration = animates && state.animations ? .milliseconds(150) / state.speed : .zero
            list.setSortOrder(state.bookOrder == .author ? .subtitleLastName : .title, keepsFocus: !atStart)
            list.fields.hiddenInDetail = Set(AppState.BookField.allCases.filter { !state.bookFields.contains($0) }.map(\.rawValue))
            list.setOn(state.sources.contains(.books))
            games.setOn(state.sources.contains(.games))
            tweets.setOn(state.sources.contains(.tweets))
            games.animatesSpins = animates && state.animations
            games.animationSpeed = state.speed
            games.reviewWidth = state.reviewColumns
            photos?.animates = animates && state.animations
            // The Wishlist and the Keyboards take these from the screen that opens them.
            for screen in [list, tweets, games, settingsScreen].compactMap({ $0 }) as [TableViewController] {
                screen.swipeMenuStyle = (state.swipeStyle ?? .reveal).menuStyle
                screen.animatesSwipeMenus = animates && state.animations
                screen.animatesRowChanges = animates && state.animations
                screen.animationSpeed = state.speed
            }
            for problem in settings?.takeProblems() ?? [] {
                root.present(AlertController.notice(title: "Settings", message: problem))
            }
        }
    }

    private static func describe(_ depth: ColorDepth) -> String {
        switch depth {
        case .none: return "None"
        case .ansi16: return "16"
        case .indexed256: return "256"
        case .trueColor: return "True colour"
        }
    }

    var size: Size { root.size }

    var wantsTicks: Bool { root.wantsTicks }

    func handle(_ event: Event) -> RootController.Outcome { root.handle(event) }

    func render(context: RenderContext) -> Canvas { root.render(context: context) }
}

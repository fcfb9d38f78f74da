import TableKit
import TableKitTerminal

/// How the app was started: what it shows about itself, and how it behaves.
struct AppOptions {
    /// Filters on the calling thread (snapshots, where no ticks come) instead of in the background.
    var searchesSynchronously = false
    /// Whether the tab indicator slides (`--no-animation` turns it off).
    var animates = true
    /// What the terminal can show.
    var capabilities = TerminalCapabilities.headless
    /// A description of what is browsed, for Settings.
    var dataDescription = "bundled books"
    /// The game reviews of the Games tab (the bundled ones by default).
    var games: Result<[Game], CommandFailure> = GameLibrary.loadBundled()
    /// The starred games.
    var wishlist = Wishlist()
}

/// The app: five tabs — the records, three tabs whose content comes in later versions, and
/// Settings — under TableKit's root controller, which owns modals, help and the footer.
final class BrowserApp {
    let root: RootController
    let tabs: TabBarController
    let list: RecordListScreen

    init(list: RecordListScreen, size: Size = Size(width: 80, height: 24), options: AppOptions = AppOptions()) {
        self.list = list
        let games = GamesScreen(library: options.games, wishlist: options.wishlist)
        games.glyphs = options.capabilities.glyphs
        let settings = InfoScreens.settings([
            ("Data", [("Showing", options.dataDescription), ("Records", String(list.records.count)),
                      ("Sorted by", list.records.store.titleKey)]),
            ("Terminal", [("Colours", Self.describe(options.capabilities.colorDepth)),
                          ("Glyphs", options.capabilities.glyphs == .ascii ? "ASCII" : "Unicode"),
                          ("Mouse", options.capabilities.hasMouse ? "On" : "Off"),
                          ("Animation", options.animates ? "On" : "Off")]),
        ])
        tabs = TabBarController(
            tabs: [
                .init(root: list),
                .init(root: InfoScreens.emptyState(title: "Tweets", message: "No tweets yet: they arrive in a later version.")),
                .init(root: games),
                .init(root: InfoScreens.emptyState(title: "Forms", message: "No forms yet: they arrive in a later version.")),
                .init(root: settings),
            ],
            indicatorDuration: options.animates ? .milliseconds(150) : .zero
        )
        root = RootController(content: tabs, size: size, glyphs: options.capabilities.glyphs)
    }

    private static func describe(_ depth: TerminalCapabilities.ColorDepth) -> String {
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

import Foundation
import Testing
import TableKit
import TableKitTestSupport
@testable import TUI

/// The app a screen lives in, made the same on every run: a fixed clock for the tweets' times,
/// a fixed seed for Feeling Lucky, state kept in memory.
enum ScreenFramesApp {
    /// The bundled books, tweets, games and photos, as `table-browser` starts with no arguments.
    case bundled
    /// `--data` on ``NestedValuesTests/people``: two records with nested objects and arrays.
    case people

    /// The tweets' "now": the day after the newest bundled tweet, in UTC.
    static let now = Date(timeIntervalSince1970: 1_795_392_000) // 2026-11-23 00:00 UTC

    /// A data folder that does not exist, so that no book changes are read and the forms
    /// name the same file on every machine.
    static let dataHome = "/home/reader/.local/share"

    @MainActor
    func app(size: Size) throws -> BrowserApp {
        let list: RecordListScreen
        switch self {
        case .bundled:
            list = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true, environment: ["XDG_DATA_HOME": Self.dataHome])
        case .people:
            list = try DataOptions.parse(["--data", try Self.peopleFile()]).loadListScreen(searchesSynchronously: true)
        }
        let app = BrowserApp(list: list, size: size, options: AppOptions(searchesSynchronously: true, animates: false, seed: 7))
        app.tweets.timeline.now = { Self.now }
        app.tweets.times = TweetTimes(timeZone: TimeZone(identifier: "UTC") ?? .current)
        return app
    }

    /// The people's file at a path that is the same on every run, since the record form names it.
    @MainActor
    private static func peopleFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-screen-frames")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("people.json")
        try Data(NestedValuesTests.people.utf8).write(to: file, options: .atomic)
        return file.path
    }
}

/// The sizes every screen is drawn at: a usual terminal and a small one.
let wideScreen = Size(width: 80, height: 24), narrowScreen = Size(width: 40, height: 12)

/// Expects the screen that `keys` open in `app` to be `wide` at 80×24 and `narrow` at 40×12,
/// whole. `narrowKeys` reach it at 40×12 where the way differs (a tab under More); a screen
/// that exists only where the bar is narrow has no `wide` frame.
@MainActor
func expectScreen(in app: ScreenFramesApp = .bundled, keys script: String, narrowKeys: String? = nil,
                  wide: [String]?, narrow: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    var sizes = [(narrowScreen, narrowKeys ?? script, narrow)]
    if let wide { sizes.insert((wideScreen, script, wide), at: 0) }
    for (size, script, expected) in sizes {
        let shown = try app.app(size: size)
        for key in try Key.parseScript(script) {
            _ = shown.handle(.key(key))
            finishWork(of: shown)
        }
        expectFrame(text(shown), equals: expected, "at \(size.width)×\(size.height), after \"\(script)\"", sourceLocation: sourceLocation)
    }
}

/// Delivers the answers of the work a key started (a photo decode, a load), as a headless run
/// does before its next key; at most ten seconds.
@MainActor
private func finishWork(of app: BrowserApp) {
    let deadline = ContinuousClock.now + .seconds(10)
    while app.root.isWorkInFlight, ContinuousClock.now < deadline {
        usleep(1_000)
        _ = app.root.deliverPosted()
    }
    _ = app.root.deliverPosted()
}

import Foundation
import Testing
import TableKit
import TableKitTestSupport
@testable import TUI

/// The app a screen lives in, made the same on every run: a fixed clock for the tweets' times,
/// a fixed seed for Feeling Lucky, state kept in memory.
enum ScreenFramesApp: Sendable {
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

/// The frames the screens are expected to be, one plain-text file a frame:
/// `Tests/TUITests/ScreenFrames/Frames/<frame>-<width>x<height>.txt`, a line of the file a line of
/// the frame, trailing spaces dropped as ``text(_:)`` drops them.
let writtenFramesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ScreenFrames/Frames")

/// The file of the frame `frame` at `size`.
func writtenFrameFile(_ frame: String, size: Size) -> URL {
    writtenFramesFolder.appendingPathComponent("\(frame)-\(size.width)x\(size.height).txt")
}

/// The frame written in `file`, or nil when there is no such file.
func writtenFrame(in file: URL) -> [String]? {
    guard let contents = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    var lines = contents.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// One screen of the app to be drawn whole: the keys that open it in `app`, the sizes it is
/// drawn at, and the name of its frames (``writtenFrameFile(_:size:)``).
struct ScreenFrame: Sendable, CustomTestStringConvertible {
    let frame: String
    let testDescription: String
    let app: ScreenFramesApp
    let keys: String
    /// The keys that reach the screen at 40×12 where the way differs (a tab under More).
    let narrowKeys: String?
    /// A screen that exists only where the bar is narrow is drawn at `[narrowScreen]` alone.
    let sizes: [Size]
    /// Where the case is written, for the issue a different frame records.
    let sourceLocation: SourceLocation

    init(_ frame: String, _ description: String, in app: ScreenFramesApp = .bundled, keys: String, narrowKeys: String? = nil,
         sizes: [Size] = [wideScreen, narrowScreen], sourceLocation: SourceLocation = #_sourceLocation) {
        self.frame = frame
        self.testDescription = description
        self.app = app
        self.keys = keys
        self.narrowKeys = narrowKeys
        self.sizes = sizes
        self.sourceLocation = sourceLocation
    }
}

/// Expects `screen`, drawn at each of its sizes after its keys, to be the frame written for it.
/// A missing file fails, showing the frame drawn: the files are written and checked by eye,
/// never recorded by a test.
@MainActor
func expectScreen(_ screen: ScreenFrame) throws {
    for size in screen.sizes {
        let script = size == narrowScreen ? screen.narrowKeys ?? screen.keys : screen.keys
        let shown = try screen.app.app(size: size)
        for key in try Key.parseScript(script) {
            _ = shown.handle(.key(key))
            finishWork(of: shown)
        }
        let file = writtenFrameFile(screen.frame, size: size)
        guard let expected = writtenFrame(in: file) else {
            expectFrame(text(shown), equals: [], "no frame written in \(file.path) for the screen after \"\(script)\"",
                        sourceLocation: screen.sourceLocation)
            continue
        }
        expectFrame(text(shown), equals: expected, "\(file.lastPathComponent), after \"\(script)\"", sourceLocation: screen.sourceLocation)
    }
}


import Foundation
import Testing
import TableKit
@testable import TUI

// Driving the headless app from a test, as a person at the keyboard would.

/// The app as `table-browser arguments` starts it (no arguments: the bundled books), drawn at
/// `size` with no terminal: by default searches answer at once, nothing animates and the
/// settings live in memory.
@MainActor
func headlessApp(_ arguments: [String] = [], size: Size = Size(width: 80, height: 24), environment: [String: String] = [:],
                 options: AppOptions = AppOptions(searchesSynchronously: true, animates: false)) throws -> BrowserApp {
    let list = try DataOptions.parse(arguments).loadListScreen(searchesSynchronously: true, environment: environment)
    return BrowserApp(list: list, size: size, options: options)
}

/// The app on a `--data` file holding `json` (``fixtureBooks``, say), as ``headlessApp(_:size:environment:options:)``.
@MainActor
func headlessApp(json: String, size: Size = Size(width: 80, height: 24),
                 options: AppOptions = AppOptions(searchesSynchronously: true, animates: false)) throws -> BrowserApp {
    let files = TemporaryFiles()
    return try withExtendedLifetime(files) { try headlessApp(["--data", files.write(json)], size: size, options: options) }
}

/// Types `text` into the field in front, a key a character.
@MainActor
func type(_ app: BrowserApp, _ text: String) {
    for character in text { _ = app.handle(.key(character == " " ? .space : .character(character))) }
}

/// The app's frame as one string, trailing spaces kept: for `contains` checks across lines.
@MainActor
func screen(_ app: BrowserApp) -> String {
    app.render(context: RenderContext()).lines.joined(separator: "\n")
}

/// Presses the keys of `script` (see `Key.parseScript`) one after another, each after the
/// work the one before started has delivered its end (a save, a load), as a scripted run
/// does; the outcome of the last.
@MainActor
@discardableResult
func keys(_ app: BrowserApp, _ script: String) throws -> RootController.Outcome {
    var last = RootController.Outcome.keepGoing
    for key in try Key.parseScript(script) {
        last = app.handle(.key(key))
        if last == .keepGoing { last = finishWork(of: app) }
    }
    return last
}

/// Delivers the answers of the work a key started (a save, a photo decode, a load), as a
/// headless run does before its next key; at most ten seconds. The outcome of the deliveries.
@MainActor
@discardableResult
func finishWork(of app: BrowserApp) -> RootController.Outcome {
    let deadline = ContinuousClock.now + .seconds(10)
    while app.root.isWorkInFlight, ContinuousClock.now < deadline {
        usleep(1_000)
        if app.root.deliverPosted() == .quit { return .quit }
    }
    if app.root.isWorkInFlight { print("finishWork: work still in flight after 10 s in \(Test.current?.name ?? "?")") }
    return app.root.deliverPosted()
}

/// The app's frame as lines of text, trailing spaces dropped.
@MainActor
func text(_ app: BrowserApp) -> [String] {
    app.render(context: RenderContext()).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// The app's frame with its styles marked (`Canvas.styledText`), line by line.
@MainActor
func styled(_ app: BrowserApp) -> [String] {
    app.render(context: RenderContext()).styledText.components(separatedBy: "\n")
}

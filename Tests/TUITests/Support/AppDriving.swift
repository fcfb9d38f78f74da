import TableKit
@testable import TUI

// Driving the headless app from a test, as a person at the keyboard would.

/// Presses the keys of `script` (see `Key.parseScript`) one after another; the outcome of the last.
@MainActor
@discardableResult
func keys(_ app: BrowserApp, _ script: String) throws -> RootController.Outcome {
    var last = RootController.Outcome.keepGoing
    for key in try Key.parseScript(script) { last = app.handle(.key(key)) }
    return last
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

import Foundation
import Testing
import TableKit
@testable import TUI

/// The sliders of the app: Settings' Animation Speed and Review Width, and the page scrubber
/// under Books.
@MainActor
@Suite("Sliders in the app: Settings' speed and review width, the Books page scrubber")
struct SlidersInAppTests {
    private func app(settings: AppSettings = AppSettings(store: nil)) throws -> BrowserApp {
        try headlessApp(options: AppOptions(searchesSynchronously: true, animates: false, settings: settings))
    }

    @Test func theSpeedSliderSetsTheAnimationSpeedEverywhere() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        // From the last row up past the facts, Keyboards and Review Width.
        try keys(app, "5 G k k k k k k k k")
        #expect(text(app).contains { $0.contains("Animation Speed") && $0.hasSuffix("1× │") })
        try keys(app, "Right Right End Left")
        #expect(settings.state.animationSpeed == 1.75)
        #expect(text(app).contains { $0.contains("Animation Speed") && $0.hasSuffix("1.75× │") })
        #expect(app.list.animationSpeed == 1.75 && app.games.animationSpeed == 1.75, "the swipes and the spins follow")
        #expect(app.tabs.indicatorDuration == .zero, "--no-animation still wins for the tab bar")
    }

    @Test func reviewWidthNarrowsAGamesReviewAndFullGivesItTheRow() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "5 G k k k k k k k")
        #expect(text(app).contains { $0.contains("Review Width") && $0.hasSuffix("Full │") })
        try keys(app, "Home")
        #expect(settings.state.reviewWidth == 40)
        #expect(text(app).contains { $0.contains("Review Width") && $0.hasSuffix("40 columns │") })
        try keys(app, "3 Enter")
        let narrow = reviewLines(app)
        #expect(!narrow.isEmpty && narrow.allSatisfy { $0.count <= 40 }, "no line of the review is wider than 40 columns: \(narrow)")
        try keys(app, "5 End 3")
        #expect(reviewLines(app).contains { $0.count > 60 }, "Full: the whole row")
    }

    /// The text of the review's lines on a review screen.
    private func reviewLines(_ app: BrowserApp) -> [String] {
        text(app).drop { !$0.contains("REVIEW") }.dropFirst(2).prefix { $0.hasPrefix(" │ ") }
            .map { $0.dropFirst(3).dropLast(1).trimmingCharacters(in: .whitespaces) }
    }

    @Test func pOnBooksScrubsByPageAndSaysWhereItIs() throws {
        let app = try app()
        var lines = text(app)
        #expect(lines[20].hasSuffix("1/55") || lines[20].contains("/"), "the scrubber under the rows: \(lines[20])")
        try keys(app, "p")
        lines = text(app)
        #expect(lines.contains { $0.contains("Page 1 of") && $0.contains("· A") })
        #expect(lines.last?.contains("← → page") == true)
        try keys(app, "End")
        lines = text(app)
        #expect(lines.contains { $0.contains("Page") && $0.contains("· #") }, "the last page is under #")
        try keys(app, "Home Right Right Esc")
        #expect(text(app).contains { $0.contains("Page 3 of") && $0.contains("· A") })
        #expect(text(app).last?.contains("← → page") == false, "Esc gave the keys back")
    }
}

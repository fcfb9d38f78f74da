import Foundation
import Testing
import TableKit
@testable import TUI

/// Feeling Lucky on the Games tab: the wheels, the spin and the games that match.
@MainActor
@Suite("Feeling Lucky: three wheels spin to a category, a price and a rating, and the matches are listed")
struct FeelingLuckyTests {
    let size = Size(width: 80, height: 24)

    private func app(seed: UInt64 = 7) throws -> BrowserApp {
        let app = try headlessApp(json: fixtureBooks, size: size, options: AppOptions(searchesSynchronously: true, animates: false, seed: seed))
        try keys(app, "3 f")
        return app
    }

    /// The middle line of the wheels: the category, price and rating they stand on.
    private func chosen(_ lines: [String]) -> [String] {
        lines[3].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .components(separatedBy: " ")
    }

    /// The games listed under the wheels, by title.
    private func listed(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix(" │ ") }.map { String($0.dropFirst(3).prefix(40)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func theListHoldsExactlyTheGamesTheWheelsStandOn() throws {
        let games = try GameLibrary.loadBundled().get()
        for seed in [UInt64(1), 7, 42, 2026] {
            let app = try app(seed: seed)
            let lines = text(app)
            #expect(lines[0].contains("Feeling Lucky"))
            let screen = try #require(app.tabs.selectedTab.navigation.top as? FeelingLuckyScreen)
            let (category, limit, rating) = screen.criteria
            let expected = games.filter { $0.category == category && $0.price <= limit && $0.rating >= rating }.map(\.title)
            #expect(Set(listed(lines)) == Set(expected.map { String($0.prefix(40)).trimmingCharacters(in: .whitespaces) }), "seed \(seed): \(lines)")
            #expect(lines[3].contains(category), "the band shows the category: \(lines[3])")
            if expected.isEmpty { #expect(lines.contains { $0.contains("No Game Matches: Space Spins Again") }) }
        }
    }

    @Test func theSameSeedLandsTheSameAndSpaceSpinsAgain() throws {
        let first = text(try app(seed: 7)), second = try app(seed: 7)
        #expect(text(second) == first, "a seed repeats the spin")
        var frames = Set([text(second)])
        for _ in 0 ..< 5 {
            try keys(second, "Space")
            frames.insert(text(second))
        }
        #expect(frames.count > 3, "Space spins to new values")
    }

    @Test func aWheelTurnedByHandListsAgainAndTabGivesTheListTheKeys() throws {
        let app = try app()
        let screen = try #require(app.tabs.selectedTab.navigation.top as? FeelingLuckyScreen)
        let before = screen.criteria.category
        try keys(app, "Down")
        #expect(screen.criteria.category != before, "↓ turns the category wheel")
        try keys(app, "w")
        #expect(screen.criteria.category == "Word", "a letter turns to the row it starts")
        let rating = screen.criteria.rating
        try keys(app, "Right Right Down")
        #expect(screen.criteria.rating == rating % 5 + 1, "→ → reach the rating wheel, round its end")
        // To a spin that lists games, then into the list.
        for _ in 0 ..< 20 where !text(app).contains(where: { $0.hasPrefix(" │ ") }) { try keys(app, "Space") }
        let first = try #require(listed(text(app)).first)
        try keys(app, "Tab Enter")
        #expect(text(app)[0].contains(first.prefix(20)), "Enter opens the review: \(text(app)[0])")
        try keys(app, "Esc")
        #expect(text(app)[0].contains("Feeling Lucky"), "back to the wheels as they were")
    }

    @Test func whileTheWheelsSpinTheyAreDimmedSpaceDoesNothingAndThenTheMatchesCome() throws {
        let games = try GameLibrary.loadBundled().get()
        var clock = ContinuousClock.now
        let screen = FeelingLuckyScreen(games: games, wishlist: Wishlist(titles: []), releaseDates: ReleaseDates(), glyphs: .unicode, seed: 3, animates: true)
        screen.now = { clock }
        let area = Rect(origin: .zero, size: Size(width: 80, height: 20))
        screen.layout(for: area.size)
        screen.viewWillAppear()
        #expect(screen.wantsTicks)
        var canvas = Canvas(size: area.size)
        screen.render(into: &canvas, area: area, context: RenderContext())
        #expect(canvas.lines.contains { $0.contains("Spinning…") })
        #expect(canvas.styledLine(2).contains("dim"), "the wheels are dimmed while they turn: \(canvas.styledLine(2))")
        clock += .seconds(1)
        _ = screen.handle(.tick, area: area)
        let midway = screen.criteria
        _ = screen.handle(.key(.space), area: area)
        _ = screen.handle(.key(.down), area: area)
        #expect(screen.criteria == midway, "neither Space nor ↓ moves a spinning wheel")
        clock += .seconds(2)
        _ = screen.handle(.tick, area: area)
        #expect(!screen.wantsTicks)
        canvas = Canvas(size: area.size)
        screen.render(into: &canvas, area: area, context: RenderContext())
        #expect(!canvas.lines.contains { $0.contains("Spinning…") })
        #expect(!canvas.styledLine(2).contains("dim"), "sharp once stopped: \(canvas.styledLine(2))")
        // The same seed without animation lands on the same values.
        let still = FeelingLuckyScreen(games: games, wishlist: Wishlist(titles: []), releaseDates: ReleaseDates(), glyphs: .unicode, seed: 3, animates: false)
        still.layout(for: area.size)
        still.viewWillAppear()
        #expect(still.criteria == screen.criteria)
    }
}

import Foundation
import Testing
import TableKit
@testable import TUI

/// The Games tab through the headless app, on the bundled reviews.
@MainActor
@Suite("Games: a grouped table with a quick look and a star on every row")
struct GamesTests {
    private func app() throws -> BrowserApp {
        let app = try headlessApp(json: fixtureBooks)
        _ = app.handle(.key(.character("3")))
        return app
    }



    @Test func theBundledReviewsIncludeTheSeedArticlesFiveGames() throws {
        let games = try GameLibrary.loadBundled().get()
        #expect(games.count >= 60)
        let seed: [(String, String, Double)] = [
            ("The Flood: Salvation", "CloudGears", 0.99), ("LastStandStan", "GreenBean Games", 0.99),
            ("Van Pershing – The Showdown", "The Oak Team", 0.99), ("Robofix HD", "Gamopolis", 1.99),
            ("Cows vs Aliens", "XMG Studio Inc.", 0.99),
        ]
        for (title, developer, price) in seed {
            let game = try #require(games.first { $0.title == title }, "\(title) is bundled")
            #expect(game.developer == developer && game.price == price)
        }
        #expect(games.allSatisfy { (1 ... 5).contains($0.rating) && !$0.review.isEmpty })
    }

    @Test func rowsShowTitleAndPriceInTheValueColourGroupedByCategory() throws {
        let app = try app()
        let lines = text(app)
        #expect(lines[1] == "   ACTION")
        #expect(lines[4].hasPrefix(" │ LastStandStan") && lines[4].hasSuffix("$0.99   ⓘ [☆] │"))
        #expect(lines.contains { $0.contains("Shardrunner Zero") && $0.contains("Free") })
        #expect(styled(app)[4].contains("«fg=slate|$0.99»"))
    }

    @Test func theInfoButtonShowsAQuickLookWithoutSelectingOrMovingTheRow() throws {
        let app = try app()
        try keys(app, "j")
        let before = styled(app)
        try keys(app, "i")
        let look = text(app).joined(separator: "\n")
        #expect(look.contains("Developer: GreenBean Games") && look.contains("Price: $0.99") && look.contains("Rating: ★"))
        try keys(app, "Esc")
        #expect(styled(app) == before, "the row is neither selected nor highlighted, the focus has not moved")
        // A click on the ⓘ does the same.
        let line = try #require(text(app).firstIndex { $0.contains("LastStandStan") })
        let column = try #require(text(app)[line].firstIndex(of: "ⓘ")).utf16Offset(in: text(app)[line])
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: line))))
        #expect(text(app).joined().contains("Developer: GreenBean Games"))
        _ = app.handle(.key(.escape))
        #expect(styled(app) == before)
    }

    @Test func theStarAddsToTheWishlistAtOnceAndUnstarringThereRemovesTheRow() throws {
        let app = try app()
        try keys(app, "j e")
        #expect(text(app)[4].hasSuffix("ⓘ [★] │"))
        #expect(text(app)[0].contains("Wishlist: 1 (w)"))
        // A click on the star of the first row stars it too.
        let column = try #require(text(app)[3].firstIndex(of: "[")).utf16Offset(in: text(app)[3]) + 1
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: 3))))
        #expect(text(app)[3].hasSuffix("ⓘ [★] │") && text(app)[0].contains("Wishlist: 2 (w)"))
        try keys(app, "w")
        let wishlist = text(app)
        #expect(wishlist[0].contains("Wishlist") && wishlist.filter { $0.contains("[★]") }.count == 2)
        try keys(app, "e")
        #expect(text(app).filter { $0.contains("[★]") }.count == 1, "un-starring removes the row")
        try keys(app, "Esc")
        #expect(text(app)[0].contains("Wishlist: 1 (w)"))
        #expect(text(app)[4].hasSuffix("ⓘ [☆] │") && text(app)[3].hasSuffix("ⓘ [★] │"),
                "the list shows the star taken off LastStandStan, first in the wishlist as the first starred")
    }

    @Test func enterOpensTheReviewAndDownloadShowsTheStoreLink() throws {
        let app = try app()
        try keys(app, "j Enter")
        let review = text(app)
        #expect(review[0].contains("LastStandStan"))
        #expect(review.contains { $0.contains("Developer") && $0.contains("GreenBean Games") })
        #expect(review.contains { $0.contains("Rating") && $0.contains("★") })
        try keys(app, "End Enter")
        #expect(text(app).joined().contains("apps.apple.com"))
        try keys(app, "Esc Esc")
        #expect(text(app)[0].contains("Games"))
    }

    @Test func searchFindsTitlesAndDevelopers() throws {
        let app = try app()
        try keys(app, "/ c l o u d")
        let lines = text(app)
        #expect(lines.contains { $0.contains("The Flood: Salvation") })
        #expect(!lines.contains { $0.contains("LastStandStan") })
        try keys(app, "Esc")
        #expect(text(app)[4].contains("LastStandStan"))
    }

    /// The wishlist as Mail's list: Edit (E) puts a check circle on each row, Space checks
    /// (the title counts), Select All / Select None, and Remove (2) takes the checked games
    /// off after asking; Done clears the checks.
    @Test func editingChecksGamesCountsThemInItsTitleAndRemovesTheCheckedAfterAsking() throws {
        let app = try app()
        try keys(app, "e j e j e w")
        #expect(text(app)[0].hasSuffix("Edit (E)") && text(app)[0].contains("Wishlist"))
        #expect(text(app)[2].hasPrefix(" │ Ironbloom Vanguard"), "no check circles outside editing: \(text(app)[2])")
        // The first row has the focus as the wishlist opens.
        try keys(app, "E Space j Space")
        var lines = text(app)
        #expect(lines[0].contains("2 Selected") && lines[0].hasSuffix("Done (E)"), "\(lines.joined(separator: "\n"))")
        #expect(lines[2].hasPrefix(" │ ◉   Ironbloom Vanguard") && lines[2].hasSuffix("$2.99 ≡ │"), "a check and ≡, no ⓘ or star: \(lines[2])")
        #expect(lines[3].hasPrefix(" │ ◉   LastStandStan") && lines[4].hasPrefix(" │ ○   Rivetstorm Ravine"))
        #expect(lines[20].hasPrefix("Select All (a) Select None (n)") && lines[20].hasSuffix("Remove 2 Games (d)"), "\(lines[20])")

        // Enter opens nothing in editing mode, and keeps the checks.
        try keys(app, "Enter")
        #expect(text(app)[0].contains("2 Selected"))

        // Remove asks first; Cancel keeps everything.
        try keys(app, "d")
        #expect(text(app).contains { $0.contains("Remove 2 Games?") })
        try keys(app, "Esc")
        #expect(app.games.wishlist.count == 3)
        try keys(app, "d Right Enter")
        lines = text(app)
        #expect(app.games.wishlist.titles == ["Rivetstorm Ravine"])
        #expect(app.settings.state.wishlist == ["Rivetstorm Ravine"], "the removal is saved")
        #expect(lines[0].contains("Wishlist") && lines[2].hasPrefix(" │ ○   Rivetstorm Ravine"), "\(lines.joined(separator: "\n"))")

        // Select All, then Select None.
        try keys(app, "a")
        #expect(text(app)[0].contains("1 Selected"))
        try keys(app, "n")
        #expect(text(app)[0].contains("Wishlist"))
        #expect(app.render(context: RenderContext()).styledText.contains("«dim fg=grey|Select None (n)»"), "nothing to uncheck: dimmed")
        // Done leaves editing with nothing checked; Enter opens the review again.
        try keys(app, "a E")
        #expect(text(app)[0].contains("Wishlist") && text(app)[0].hasSuffix("Edit (E)"))
        #expect(!text(app).contains { $0.hasPrefix("Select All") }, "the toolbar is editing's")
        try keys(app, "Enter")
        #expect(text(app)[0].contains("Rivetstorm Ravine"))
    }

    /// The wishlist is in the order the games were starred, and Edit reorders it with Alt-↑/↓:
    /// the order is saved as it changes, and comes back the same.
    @Test func editingReordersTheWishlistAndTheOrderIsSaved() throws {
        let app = try app()
        // Starred bottom-up: the wishlist's order is the stars', not the list's.
        try keys(app, "j j e k e k e w")
        func shown() -> [String] { text(app)[2 ..< 5].map { String($0.dropFirst(3).prefix(26)).trimmingCharacters(in: .whitespaces) } }
        #expect(shown() == ["Rivetstorm Ravine", "LastStandStan", "Ironbloom Vanguard"])
        try keys(app, "E A-Down")
        #expect(shown().map { $0.replacingOccurrences(of: "○   ", with: "") } == ["LastStandStan", "Rivetstorm Ravine", "Ironbloom Vanguard"])
        #expect(app.settings.state.wishlist == ["LastStandStan", "Rivetstorm Ravine", "Ironbloom Vanguard"], "saved as it moved")
        try keys(app, "A-Down A-Down")
        #expect(app.settings.state.wishlist == ["LastStandStan", "Ironbloom Vanguard", "Rivetstorm Ravine"], "the last place, and no further")
        try keys(app, "j j A-Up A-Up A-Up")
        #expect(app.settings.state.wishlist == ["Rivetstorm Ravine", "LastStandStan", "Ironbloom Vanguard"], "back to the first place, and no further")
        try keys(app, "Esc Esc")
        #expect(app.games.wishlist.titles == app.settings.state.wishlist)
        // A new star goes last.
        try keys(app, "j j j e w")
        #expect(app.settings.state.wishlist.count == 4 && app.settings.state.wishlist.prefix(3) == ["Rivetstorm Ravine", "LastStandStan", "Ironbloom Vanguard"],
                "\(app.settings.state.wishlist)")
        #expect(shown().first == "Rivetstorm Ravine")
    }

    /// A swipe takes one game off (its button says Remove); editing mode has no swipe.
    @Test func aSwipeRemovesAGameOutsideEditingOnly() throws {
        let app = try app()
        try keys(app, "e j e w s")
        #expect(text(app)[2].contains("Remove") && !text(app)[2].contains("Ironbloom"), "\(text(app)[2])")
        try keys(app, "Enter")
        #expect(app.settings.state.wishlist == ["LastStandStan"], "\(app.settings.state.wishlist)")
        try keys(app, "E s")
        #expect(!text(app).contains { $0.contains("Remove │") }, "no swipe while editing")
        #expect(app.settings.state.wishlist == ["LastStandStan"])
    }
}

@MainActor
@Suite("Bundled games and tweets decoded while the data loads")
struct BundledContentTests {
    @Test func theBackgroundDecodeGivesWhatALoadOnTheSpotGives() throws {
        let bundled = BundledContent()
        let games = try bundled.games.get(), tweets = try bundled.tweets.get()
        #expect(games.map(\.title) == (try GameLibrary.loadBundled().get()).map(\.title))
        #expect(tweets.map(\.id) == (try TweetLibrary.loadBundled(TweetLibrary.fileName).get()).map(\.id))
        #expect(!games.isEmpty && !tweets.isEmpty)
        #expect(try bundled.games.get().count == games.count, "asking again waits for nothing and gives the same")
    }
}

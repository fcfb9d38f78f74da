import Foundation
import Testing
import TableKit
@testable import TUI

/// The Tweets tab through the headless app, on a few tweets of its own (and once on the
/// bundled ones), at a fixed time.
@MainActor
@Suite("Tweets: a timeline of self-sizing cells with side-swipe menus")
struct TweetsTests {
    let size = Size(width: 80, height: 24)
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC

    nonisolated static func tweet(_ id: String, _ handle: String, _ text: String, minutesAgo: Double, favorites: Int = 5) -> Tweet {
        Tweet(id: id, name: handle == "@reader" ? "You" : String(handle.dropFirst()).capitalized, handle: handle, text: text,
              date: now.addingTimeInterval(-minutesAgo * 60), replies: 1, retweets: 2, favorites: favorites)
    }

    static let tweets = [
        tweet("a", "@ada", "Hello @mira_codes, see https://example.org/tables. #SwiftLang", minutesAgo: 3),
        tweet("b", "@reader", "My own words.", minutesAgo: 150),
        tweet("c", "@kofi", "Older and longer: " + String(repeating: "word ", count: 20), minutesAgo: 60 * 24 * 3),
    ]
    nonisolated static let arrivals = [tweet("n1", "@june", "Fresh one", minutesAgo: 1), tweet("a", "@ada", "duplicate id", minutesAgo: 1)]

    private func app(settings: AppSettings = AppSettings(store: nil), animates: Bool = false, tweets: [Tweet] = TweetsTests.tweets,
                     newTweets: @escaping @Sendable () -> Result<[Tweet], CommandFailure> = { .success(TweetsTests.arrivals) }) throws -> BrowserApp {
        let files = TemporaryFiles()
        let list = try DataOptions.parse(["--data", files.write(fixtureBooks)]).loadListScreen(searchesSynchronously: true)
        let app = BrowserApp(list: list, size: size, options: AppOptions(searchesSynchronously: true, animates: animates, tweets: .success(tweets),
                                                                          newTweets: newTweets, settings: settings))
        app.tweets.timeline.now = { Self.now }
        app.tweets.times = TweetTimes(timeZone: TimeZone(identifier: "UTC") ?? .current)
        _ = app.handle(.key(.character("2")))
        return app
    }




    /// Ticks until `done` (background work), at most five seconds.
    private func tick(_ app: BrowserApp, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !done(), ContinuousClock.now < deadline {
            _ = app.handle(.tick)
            Thread.sleep(forTimeInterval: 0.01)
        }
        _ = app.handle(.tick)
    }

    @Test func theBundledTimelineIsOurOwnAndNewestFirst() throws {
        let bundled = try TweetLibrary.loadBundled(TweetLibrary.fileName).get()
        let arriving = try TweetLibrary.loadBundled(TweetLibrary.newFileName).get()
        #expect(bundled.count >= 150 && arriving.count == 20)
        #expect(bundled.contains { $0.handle == Timeline.defaultHandle } && bundled.allSatisfy { $0.text.count <= 280 })
        #expect(arriving.allSatisfy { new in bundled.allSatisfy { $0.date < new.date } }, "a refresh brings newer tweets")
        let timeline = Timeline(bundled: bundled, settings: AppSettings(store: nil))
        #expect(zip(timeline.tweets, timeline.tweets.dropFirst()).allSatisfy { $0.date >= $1.date })
    }

    @Test func eachCellIsItsTextTallWithTheHeaderCountsAndTintedEntities() throws {
        let app = try app()
        let lines = text(app)
        #expect(lines[1] == " Ada @ada" + String(repeating: " ", count: 68) + "3m")
        #expect(lines[2] == " Hello @mira_codes, see https://example.org/tables. #SwiftLang")
        #expect(lines[3] == " ↩ 1   ⇄ 2   ♡ 5")
        #expect(lines[4].hasPrefix(" You @reader") && lines[4].hasSuffix("2h"))
        #expect(lines[7].hasPrefix(" Kofi @kofi") && lines[7].hasSuffix("Nov 15"))
        #expect(lines[8].hasPrefix(" Older and longer: word") && lines[9].hasPrefix(" word"), "the long text wraps to two lines")
        #expect(lines[10].hasPrefix(" ↩ 1"))
        let styles = styled(app)
        #expect(styles[1].contains("«rev bold|Ada»«rev fg=grey| @ada»"), "the focused cell: name bold, handle grey: \(styles[1])")
        #expect(styles[5].contains("«fg=grey|") == false && styles[4].contains("«bold|You»«fg=grey| @reader»"))
        #expect(styles[2].contains("«rev fg=tint|@mira_codes»") && styles[2].contains("«rev fg=tint|https://example.org/tables»")
                && styles[2].contains("«rev fg=tint|#SwiftLang»"), "mentions, links and hashtags tinted; the full stop is not part of the link: \(styles[2])")
    }

    @Test func favouritingFromTheMenuChangesTheCountAndLastsAcrossRestarts() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "j s")
        #expect(text(app)[5].contains("♡ Favorite") && text(app)[5].contains("✕ Delete"), "the menu of your own tweet: \(text(app)[5])")
        try keys(app, "f")
        #expect(!app.tweets.isSwipeMenuOpen)
        #expect(text(app)[6] == " ↩ 1   ⇄ 2   ♥ 6")
        #expect(styled(app)[6].contains("«rev fg=red|♥ 6»"))
        #expect(settings.state.tweets?.favorites == ["b"])
        try keys(app, "S-Right")
        #expect(text(app)[5].contains("♥ Unfavorite"), "the button's title and glyph changed")

        let restarted = try self.app(settings: AppSettings(store: nil, state: settings.state))
        try keys(restarted, "j")
        #expect(text(restarted)[6] == " ↩ 1   ⇄ 2   ♥ 6", "still favourited after a restart")
        try keys(restarted, "s f")
        #expect(text(restarted)[6] == " ↩ 1   ⇄ 2   ♡ 5")
    }

    @Test func retweetTogglesAndOnlyYourTweetsHaveDelete() throws {
        let app = try app()
        try keys(app, "S-Left")
        #expect(text(app)[2].contains("⇄ Retweet") && !text(app)[2].contains("Delete"), "not yours: no Delete")
        try keys(app, "t")
        #expect(text(app)[3].hasPrefix(" ↩ 1   ⇄ 3"))
        try keys(app, "s")
        #expect(text(app)[2].contains("Undo Retweet"))
        try keys(app, "t")
        #expect(text(app)[3].hasPrefix(" ↩ 1   ⇄ 2"))
        try keys(app, "s d")
        #expect(app.root.modals.isEmpty && !app.tweets.isSwipeMenuOpen, "d is no button here: it closes the menu and asks nothing")
    }

    @Test func replyOpensAComposeFormThatSendsOnTop() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "s r")
        var screen = text(app)
        #expect(screen[0].contains("Reply") && screen[0].contains("Send"))
        #expect(screen.contains { $0.contains("@ada") }, "the reply starts with the handle")
        let sendItem = { app.tabs.selectedTab.navigation.top.rightBarButtonItems.first { $0.id == .formSave } }
        #expect(sendItem()?.isEnabled == false, "Send is disabled while the reply is only the handle")
        #expect(screen.last?.contains("^S send") == true, "the footer says what the button says: \(screen.last ?? "")")
        try keys(app, "C-s")
        #expect(text(app)[0].contains("Reply") && settings.state.tweets?.sent.isEmpty != false, "nothing sent:\n\(text(app).joined(separator: "\n"))")
        if !app.root.modals.isEmpty { try keys(app, "Enter") }
        try keys(app, "C-u")
        #expect(sendItem()?.isEnabled == false, "Send is disabled while the text is empty")
        for character in "@ada Tables at last!" { _ = app.handle(.key(.character(character))) }
        #expect(sendItem()?.isEnabled == true)
        try keys(app, "C-s")
        screen = text(app)
        #expect(screen[0].contains("Tweets"), "sent: back on the timeline")
        #expect(screen[1].hasPrefix(" You @reader") && screen[1].hasSuffix("now") && screen[2] == " @ada Tables at last!")
        #expect(app.tweets.state.focusedRow == IndexPath(row: 0, section: 0), "the focus is on the new tweet")
        #expect(screen[6].hasPrefix(" ↩ 2"), "the original counts the reply")
        #expect(settings.state.tweets?.sent.first?.inReplyTo == "a")
    }

    @Test func aReplySentFromTheBottomOfTheTimelineIsBroughtIntoView() throws {
        let app = try app(tweets: try TweetLibrary.loadBundled(TweetLibrary.fileName).get())
        try keys(app, "End s r")
        for character in "Agreed." { _ = app.handle(.key(.character(character))) }
        try keys(app, "C-s")
        let screen = text(app)
        #expect(screen[0].contains("Tweets"))
        #expect(screen[1].hasPrefix(" You @reader") && screen[2].hasSuffix("Agreed."), "the new tweet is in view:\n\(screen.joined(separator: "\n"))")
        let row = try #require(app.tweets.timeline.tweets.firstIndex { $0.text.hasSuffix("Agreed.") })
        #expect(app.tweets.state.focusedRow == IndexPath(row: row, section: 0), "the focus is on it")
    }

    @Test func aReplySentFromATweetsScreenIsInViewOnTheWayBack() throws {
        let app = try app(tweets: try TweetLibrary.loadBundled(TweetLibrary.fileName).get())
        try keys(app, "End Enter")
        let detail = text(app)
        #expect(detail.contains { $0.contains("Reply") }, "\(detail.joined(separator: "\n"))")
        // The last action, Share; Reply is three above it.
        try keys(app, "End Up Up Up Enter")
        #expect(text(app)[0].contains("Reply") && text(app)[0].contains("Send"), "\(text(app).joined(separator: "\n"))")
        for character in "Agreed." { _ = app.handle(.key(.character(character))) }
        try keys(app, "C-s Esc")
        let screen = text(app)
        #expect(screen[1].hasPrefix(" You @reader") && screen[2].hasSuffix("Agreed."), "the new tweet is in view:\n\(screen.joined(separator: "\n"))")
    }

    @Test func theComposeFormCountsToTheLimitAndRefusesMore() throws {
        let app = try app()
        try keys(app, "s r C-u")
        let form = try #require(app.tabs.selectedTab.navigation.top as? ComposeScreen)
        _ = form.handle(.paste(String(repeating: "x", count: 300)), area: Rect(origin: .zero, size: size))
        #expect(form.values["text"]?.count == 280, "the paste stops at 280")
        #expect(text(app).contains { $0.contains("280/280") }, "the live counter")
    }

    @Test func shareShowsTheLinkAndDeleteAsksThenRemovesYourTweetForGood() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "s s")
        #expect(text(app).contains { $0.contains("https://twitter.example.com/ada/status/a") })
        try keys(app, "Esc j s d")
        #expect(text(app).contains { $0.contains("Delete Tweet?") })
        try keys(app, "d")
        #expect(!text(app).contains { $0.contains("My own words.") })
        #expect(app.tweets.state.focusedRow == IndexPath(row: 1, section: 0) && text(app)[4].hasPrefix(" Kofi"), "the focus goes to the next tweet")
        #expect(settings.state.tweets?.deleted == ["b"])
        let restarted = try self.app(settings: AppSettings(store: nil, state: settings.state))
        #expect(!text(restarted).contains { $0.contains("My own words.") }, "kept removed across restarts")
    }

    /// With animations on, your deleted tweet collapses away over a quarter second, the
    /// tweets below closing up.
    @Test func yourDeletedTweetCollapsesAway() throws {
        final class Time: @unchecked Sendable { var now = ContinuousClock.now }
        let time = Time()
        let app = try app(animates: true)
        app.tweets.now = { time.now }
        app.tweets.animatesSwipeMenus = false
        try keys(app, "j s d")
        _ = text(app)
        try keys(app, "d")
        #expect(app.tweets.timeline.tweets.map(\.id) == ["a", "c"], "deleted from the timeline at once")
        #expect(text(app).contains { $0.contains("My own words.") }, "still drawn as the animation starts")
        #expect(app.tweets.wantsTicks)
        time.now += .milliseconds(250)
        _ = app.handle(.tick)
        #expect(!text(app).contains { $0.contains("My own words.") }, "gone a quarter second later")
        #expect(text(app)[4].hasPrefix(" Kofi"))
    }

    @Test func rowChangesAreDeletesAndInsertsWhenTheOrderStays() {
        let update = TweetsScreen.rowChanges(from: ["a", "b", "c"], to: ["n", "a", "c"])
        #expect(update?.deletedRows == [IndexPath(row: 1, section: 0)])
        #expect(update?.insertedRows == [IndexPath(row: 0, section: 0)])
        #expect(TweetsScreen.rowChanges(from: ["a", "b"], to: ["b", "a"]) == nil, "a reorder is shown at once")
        #expect(TweetsScreen.rowChanges(from: ["a", "a"], to: ["a"]) == nil, "repeated ids are not diffed")
    }

    @Test func theDetailShowsTheWholeTweetAndItsActionsAsRows() throws {
        let app = try app()
        try keys(app, "Enter")
        var screen = text(app).joined(separator: "\n")
        #expect(screen.contains("Posted") && screen.contains("11:03 AM · Nov 18, 2026"), "\(screen)")
        #expect(screen.contains("Favorites") && screen.contains("↩ Reply") && screen.contains("♡ Favorite"))
        // The details as a contact card's (value2): the labels right-aligned in one column, the
        // values left-aligned after it, all starting in the same column.
        let lines = text(app)
        let posted = try #require(lines.first { $0.contains("Posted") })
        let replies = try #require(lines.first { $0.contains("Replies") })
        let favorites = try #require(lines.first { $0.contains("Favorites") })
        #expect(posted.distance(from: posted.startIndex, to: try #require(posted.range(of: "11:03")).lowerBound)
                == replies.distance(from: replies.startIndex, to: try #require(replies.range(of: "Replies")).upperBound) + 1,
                "values start a column after the labels' column:\n\(posted)\n\(replies)")
        #expect(favorites.range(of: #"Favorites [0-9]"#, options: .regularExpression) != nil && posted.range(of: #"2026 {3,}│"#, options: .regularExpression) != nil,
                "labels end the column, values are left-aligned:\n\(posted)\n\(favorites)")
        try keys(app, "G Up Enter")
        screen = text(app).joined(separator: "\n")
        #expect(screen.contains("♥ Unfavorite") && screen.contains("6 (with yours)"))
    }

    @Test func deletingFromTheDetailGoesBackToTheTimeline() throws {
        let app = try app()
        try keys(app, "j Enter G Enter")
        #expect(text(app).contains { $0.contains("Delete Tweet?") })
        try keys(app, "d")
        _ = app.handle(.tick)
        let screen = text(app)
        #expect(screen[0].trimmingCharacters(in: .whitespaces).hasPrefix("Tweets"), "the detail left by itself: \(screen[0])")
        #expect(!screen.contains { $0.contains("My own words.") })
    }

    @Test func refreshBringsNewTweetsOnTopKeepsTheFocusAndGlowsBehindAnotherTab() throws {
        // The new tweets arrive once Books is in front (a result that comes before the next
        // key is delivered before it).
        let booksInFront = DispatchSemaphore(value: 0)
        let app = try app(newTweets: {
            booksInFront.wait()
            return .success(TweetsTests.arrivals)
        })
        try keys(app, "j")
        // Pressed at once, not each after the work the one before started: the refresh waits
        // for Books to be in front.
        for key in [Key.character("r"), .character("1")] { _ = app.handle(.key(key)) }
        // Once for this refresh, once for the one below.
        booksInFront.signal()
        booksInFront.signal()
        tick(app) { app.tweets.timeline.tweets.count == 4 }
        #expect(app.tweets.timeline.tweets.map(\.id) == ["n1", "a", "b", "c"], "one new tweet; the duplicate id is dropped")
        #expect(app.tweets.tabBarItem?.badge == .dot, "the Tweets tab glows while Books is in front")
        try keys(app, "2")
        #expect(app.tweets.tabBarItem?.badge == nil, "visited: the glow goes")
        #expect(app.tweets.state.focusedRow == IndexPath(row: 2, section: 0), "the focus stayed on the tweet that had it")
        #expect(text(app)[1].hasPrefix(" June @june"))
        try keys(app, "r")
        // The refresh's end arrives as an event, delivered before the next tick.
        tick(app) { text(app).last?.contains("No new tweets") == true }
        #expect(text(app).last?.contains("No new tweets") == true)
    }

    /// A slow refresh shows its sheet, which comes down with the refresh's delivery, no tick
    /// needed: the new tweets take its place, or, when it failed, the alert that says why
    /// (never the sheet and the alert at once).
    @Test(arguments: [false, true])
    func aSlowRefreshsSheetComesDownWithItsEnd(fails: Bool) throws {
        let ended = DispatchSemaphore(value: 0)
        let app = try app(newTweets: {
            ended.wait()
            return fails ? .failure(CommandFailure(message: "the feed is gone", exitCode: 1)) : .success(TweetsTests.arrivals)
        })
        try keys(app, "2")
        // Pressed without waiting for the refresh, which waits for the test.
        _ = app.handle(.key(.character("r")))
        app.root.deliverPosted(now: .now + .seconds(1))
        #expect(text(app).contains { $0.contains("Loading new tweets…") }, "the sheet, half a second on")
        ended.signal()
        let awaited = fails ? "Could not load new tweets" : "1 new tweet"
        let deadline = ContinuousClock.now + .seconds(10)
        while !text(app).contains(where: { $0.contains(awaited) }), ContinuousClock.now < deadline {
            usleep(1_000)
            app.root.deliverPosted()
        }
        let shown = text(app)
        #expect(shown.contains { $0.contains(awaited) }, "\(awaited):\n\(shown.joined(separator: "\n"))")
        #expect(!shown.contains { $0.contains("Loading new tweets…") }, "the sheet went with the refresh's end")
        #expect(app.root.modals.count == (fails ? 1 : 0))
    }

    @Test func theMenuClosesOnTabSwitchResizeAndSearch() throws {
        let app = try app()
        try keys(app, "s")
        #expect(app.tweets.isSwipeMenuOpen)
        try keys(app, "1 2")
        #expect(!app.tweets.isSwipeMenuOpen, "a tab switch closes it")
        try keys(app, "s")
        _ = app.handle(.resize(Size(width: 70, height: 20)))
        _ = app.handle(.tick)
        #expect(!app.tweets.isSwipeMenuOpen, "a resize closes it")
        try keys(app, "1 s 2 1")
        #expect(!app.list.isSwipeMenuOpen, "Books' menu closes on a tab switch too")
        try keys(app, "s")
        #expect(app.list.isSwipeMenuOpen)
        try keys(app, "/")
        #expect(!app.list.isSwipeMenuOpen && app.list.searchController?.isEditing == true, "/ closes it and searches")
    }

    @Test func booksRowsSwipeForEditSearchAuthorAndHide() throws {
        let app = try app()
        try keys(app, "1 s")
        let row = text(app)[2]
        #expect(row.contains("✎ Edit") && row.contains("⌕ Search Subtitle") && row.contains("⊘ Hide"), "\(row)")
        try keys(app, "s")
        #expect(app.list.searchController?.text == "Anders Å.", "Search looks for the row's subtitle")
        try keys(app, "Esc Esc S-Left x")
        #expect(!text(app).contains { $0.contains("Ångström Units") }, "Hide takes the row out of the list")
        try keys(app, "S-Right")
        #expect(!text(app)[2].contains("Hide"), "the leading side has Edit and Search only")
    }

    @Test func settingsChoosesThePushStyle() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        settings.update { $0.swipeStyle = .push }
        #expect(app.tweets.swipeMenuStyle == .push && app.list.swipeMenuStyle == .push)
        #expect(!app.tweets.animatesSwipeMenus, "--no-animation wins over the Animations setting")
    }
}

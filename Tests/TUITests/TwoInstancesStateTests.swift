import Foundation
import Testing
import TableKit
@testable import TUI

/// Two instances of the app sharing one state file: what each person does is saved as a
/// change to the file, so neither instance's stars, favourites or dates replace the other's.
@MainActor
@Suite("Two instances' state: stars, favourites and dates from both survive")
struct TwoInstancesStateTests {
    private func app(_ store: StateStore) throws -> BrowserApp {
        let files = TemporaryFiles()
        let list = try DataOptions.parse(["--data", files.write(fixtureBooks)]).loadListScreen(searchesSynchronously: true)
        return BrowserApp(list: list, size: Size(width: 80, height: 24),
                          options: AppOptions(searchesSynchronously: true, animates: false, settings: AppSettings(store: store)))
    }

    @Test("stars and release dates given in two instances are all in the file, and each instance shows the other's after its next change")
    func starsAndDatesFromBothSurvive() throws {
        let files = TemporaryFiles()
        let store = StateStore(url: files.directory.appendingPathComponent("state.json"))
        let first = try app(store), second = try app(store)
        let games = try GameLibrary.loadBundled().get()
        for (offset, game) in games.prefix(10).enumerated() {
            (offset.isMultiple(of: 2) ? first : second).games.wishlist.toggle(game)
        }
        // Un-starring in one instance what the other starred takes only that star away.
        first.games.wishlist.toggle(games[1])
        let saved = Set(store.load().state.wishlist)
        #expect(saved == Set(games.prefix(10).map(\.title)).subtracting([games[1].title]), "\(saved.sorted())")
        #expect(first.games.wishlist.count == 9, "the first instance shows the second's stars")
        first.games.releaseDates.set("2011-03-04", for: games[0])
        second.games.releaseDates.set("2012-05-06", for: games[2])
        #expect(store.load().state.releaseDates == [games[0].title: "2011-03-04", games[2].title: "2012-05-06"])
        #expect(second.games.releaseDates.dates.count == 2)
    }

    @Test("a favourite given in both instances stays given: each saves what its window showed, not a toggle of the file")
    func aFavouriteFromBothStaysGiven() throws {
        let files = TemporaryFiles()
        let store = StateStore(url: files.directory.appendingPathComponent("state.json"))
        let first = try app(store), second = try app(store)
        let tweet = try #require(first.tweets.timeline.tweets.first)
        first.tweets.timeline.toggleFavorite(tweet)
        second.tweets.timeline.toggleFavorite(tweet)
        #expect(store.load().state.tweets?.favorites == [tweet.id], "favourited twice is favourited, not taken back")
        second.tweets.timeline.toggleRetweet(tweet)
        first.tweets.timeline.toggleRetweet(tweet)
        #expect(store.load().state.tweets?.retweets == [tweet.id])
        // Taken back in one: taken back.
        first.tweets.timeline.toggleFavorite(tweet)
        #expect(store.load().state.tweets?.favorites == [])
    }
}

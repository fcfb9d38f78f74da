import Foundation
import Testing

/// The side-swipe menu in a real terminal, animations on: `s` and Shift-→ open it, `f`
/// favourites, and the favourite is still there after a quit and a new start.
@Suite("End to end in tmux: the Tweets tab", .serialized)
struct EndToEndTweetsTests {
    /// The first tweet's counts line: `↩ 0   ⇄ 1   ♡ 9`.
    private static func firstCounts(_ screen: [String]) -> String? {
        screen.first { $0.hasPrefix(" ↩ ") }?.trimmingCharacters(in: .whitespaces)
    }

    @Test("open a menu with s and with Shift-→, favourite a tweet, quit, start again: it is still favourited")
    func favouriteLastsAcrossRuns() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList()
        session.send("2")
        let timeline = await session.waitUntil("the timeline") { $0.first?.contains("Tweets") == true && Self.firstCounts($0) != nil }
        let before = try #require(timeline.flatMap(Self.firstCounts))
        #expect(before.contains("♡"), "not favourited yet: \(before)")

        session.send("s")
        await session.waitUntil("the menu opened by s") { screen in
            screen.contains { $0.contains("↩ Reply") && $0.contains("♡ Favorite") && $0.contains("↗ Share") }
        }
        session.send("Escape")
        await session.waitUntil("the menu closed by Esc") { screen in
            !screen.contains { $0.contains("♡ Favorite") } && Self.firstCounts(screen) == before
        }
        session.send("S-Right")
        await session.waitUntil("the menu opened by Shift-→") { $0.contains { $0.contains("♡ Favorite") } }
        session.send("f")
        let favourited = await session.waitUntil("the tweet favourited") { screen in
            !screen.contains { $0.contains("Favorite") } && Self.firstCounts(screen)?.contains("♥") == true
        }
        let after = try #require(favourited.flatMap(Self.firstCounts))
        let count = { (line: String) in Int(line.split(separator: " ").last ?? "") ?? -1 }
        #expect(count(after) == count(before) + 1, "\(before) → \(after)")
        session.send("q")
        await session.waitUntil("the first run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }

        // The same home, a new start.
        session.type(commandLine: "clear; \"$APP\"; echo \"EXIT:$?\"")
        await session.waitForTheBooksList("the Books list again")
        session.send("2")
        let again = await session.waitUntil("the timeline, still favourited") { Self.firstCounts($0) == after }
        #expect(again != nil)
        session.send("q")
        await session.expectExitStatusZero("the second run's end")
    }
}

import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Games: the list, a review, the wishlist, Feeling Lucky")
struct GamesScreenFramesTests {
    @Test("The games, grouped by category") func gamesList() throws {
        try expectScreen("games-list", keys: "3")
    }

    @Test("A game's review") func gameReview() throws {
        try expectScreen("game-review", keys: "3 Enter")
    }

    @Test("The wishlist, empty") func wishlist() throws {
        try expectScreen("games-wishlist", keys: "3 w")
    }

    @Test("Feeling Lucky's wheels and the games they stand on") func feelingLucky() throws {
        try expectScreen("games-feeling-lucky", keys: "3 f")
    }
}

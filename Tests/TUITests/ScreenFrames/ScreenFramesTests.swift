import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<width>x<height>.txt`, so that a change anywhere on the
/// screen shows in a test.
@Suite("Screens, whole, at 80×24 and 40×12")
struct ScreenFramesTests {
    static let screens = [
        // Books
        ScreenFrame("books-list", "Books: the list, the first screen", keys: ""),
        ScreenFrame("book-detail", "Books: a book's detail", keys: "Enter"),
        ScreenFrame("book-form", "Books: Edit Book, the form of a book's fields", keys: "e"),
        ScreenFrame("new-book-form", "Books: New Book, the same form empty", keys: "+"),
        ScreenFrame("books-help", "Books: the help overlay over the list", keys: "?"),

        // Tweets
        ScreenFrame("tweets-list", "Tweets: the timeline", keys: "2"),
        ScreenFrame("tweet-detail", "Tweets: a tweet, opened", keys: "2 Enter"),
        ScreenFrame("tweet-reply", "Tweets: Reply, the compose form", keys: "2 s r"),

        // Games
        ScreenFrame("games-list", "Games: the games, grouped by category", keys: "3"),
        ScreenFrame("game-review", "Games: a game's review", keys: "3 Enter"),
        ScreenFrame("games-wishlist", "Games: the wishlist, empty", keys: "3 w"),
        ScreenFrame("games-feeling-lucky", "Games: Feeling Lucky's wheels and the games they stand on", keys: "3 f"),

        // Forms
        ScreenFrame("forms-list", "Forms: the Forms tab", keys: "4"),
        ScreenFrame("profile-form", "Forms: the Profile form", keys: "4 Enter"),
        ScreenFrame("keyboard-types-form", "Forms: the Keyboard Types form", keys: "4 j Enter"),

        // At 40 columns Settings and Photos are under More, and More is there only.
        ScreenFrame("settings", "Settings", keys: "5", narrowKeys: "5 Enter"),
        ScreenFrame("settings-keyboards", "Settings › Keyboards",
                    keys: "5 End k k k k k k Enter", narrowKeys: "5 Enter End k k k k k k Enter"),
        ScreenFrame("settings-add-keyboard", "Settings › Keyboards › Add New Keyboard",
                    keys: "5 End k k k k k k Enter End Enter", narrowKeys: "5 Enter End k k k k k k Enter End Enter"),
        ScreenFrame("settings-turned-off-tab", "Settings: a tab turned off says so",
                    keys: "5 j j j j j j j j j j j j j j j j j j Space 1", narrowKeys: "5 Enter j j j j j j j j j j j j j j j j j j Space 1"),
        ScreenFrame("photo-board", "Photos: the board", keys: "6", narrowKeys: "5 j Enter"),
        ScreenFrame("photo-facts", "Photos: a photo's facts", keys: "6 Enter", narrowKeys: "5 j Enter Enter"),
        ScreenFrame("more", "More: the tabs the bar has no room for", keys: "5", sizes: [narrowScreen]),
        ScreenFrame("more-edit", "More › Edit: the order of the tabs", keys: "5 E", sizes: [narrowScreen]),

        // `--data` on NestedValuesTests.people: two records with nested objects and arrays.
        ScreenFrame("data-list", "Any JSON file: the list", in: .people, keys: ""),
        ScreenFrame("data-record-detail", "Any JSON file: a record's detail, with its nested values", in: .people, keys: "Enter"),
        ScreenFrame("data-record-form", "Any JSON file: Edit Record, the form of a record's fields", in: .people, keys: "e"),
        ScreenFrame("data-nested-value", "Any JSON file: a nested object opened from the detail", in: .people, keys: "Enter j j j Enter"),
        ScreenFrame("data-sort-by", "Any JSON file: Sort By, a radio list of the fields", in: .people, keys: "o"),
        ScreenFrame("data-columns", "Any JSON file: Columns, the fields side by side", in: .people, keys: "c"),
    ]

    @Test("Every screen of the app, whole", arguments: screens)
    @MainActor func screen(_ screen: ScreenFrame) throws {
        try expectScreen(screen)
    }
}

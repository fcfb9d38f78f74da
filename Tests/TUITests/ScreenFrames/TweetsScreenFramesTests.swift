import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Tweets: the timeline, a tweet, a reply")
struct TweetsScreenFramesTests {
    @Test("The timeline") func tweetsList() throws {
        try expectScreen("tweets-list", keys: "2")
    }

    @Test("A tweet, opened") func tweetDetail() throws {
        try expectScreen("tweet-detail", keys: "2 Enter")
    }

    @Test("Reply, the compose form") func tweetReply() throws {
        try expectScreen("tweet-reply", keys: "2 s r")
    }
}

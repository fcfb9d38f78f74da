import Foundation
import TableKit

/// What a person did to the timeline, kept in the state file across runs.
struct TweetActivity: Codable, Equatable, Sendable {
    /// The ids of the tweets favourited here.
    var favorites: [String] = []
    /// The ids of the tweets retweeted here.
    var retweets: [String] = []
    /// The ids of the person's own bundled tweets deleted here.
    var deleted: [String] = []
    /// The tweets written here (replies), newest last.
    var sent: [Tweet] = []
    /// Whether a refresh brought the new tweets in: they stay in the timeline.
    var refreshed = false
}

/// The timeline: the bundled tweets, those a refresh brought and those written here, newest
/// first, less the deleted ones; with the favourites and retweets made here applied to their
/// counts. Every change is saved through the settings at once.
@MainActor
final class Timeline {
    private let settings: AppSettings
    private var bundled: [Tweet]
    /// The tweets shown, newest first.
    private(set) var tweets: [Tweet] = []
    /// Reads the time, for relative times and for tweets written here.
    var now: () -> Date = { Date() }

    /// The handle used when the profile gives none.
    static let defaultHandle = "@reader"

    init(bundled: [Tweet], settings: AppSettings) {
        self.bundled = bundled
        self.settings = settings
        rebuild()
    }

    private var activity: TweetActivity { settings.state.tweets ?? TweetActivity() }

    /// The person's handle: the profile's Twitter field, or ``defaultHandle``.
    var handle: String { Self.handle(in: settings.state) }

    /// The handle the state gives the person: the saved profile's Twitter field (with its
    /// `@`), or ``defaultHandle`` without one.
    static func handle(in state: AppState) -> String {
        let twitter = state.profile?["twitter"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !twitter.isEmpty else { return defaultHandle }
        return twitter.hasPrefix("@") ? twitter : "@" + twitter
    }

    /// Whether the new tweets were brought in already.
    var hasRefreshed: Bool { activity.refreshed }

    /// Reads the tweets again from the state (after an undo changed it).
    func rebuild() {
        let state = activity
        let deleted = Set(state.deleted)
        tweets = (bundled + state.sent).filter { !deleted.contains($0.id) }.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
    }

    private func change(_ actionName: String, _ update: @escaping (inout TweetActivity) -> Void) {
        settings.update(actionName: actionName) { state in
            var activity = state.tweets ?? TweetActivity()
            update(&activity)
            state.tweets = activity
        }
        rebuild()
    }

    // MARK: Reading

    func isYours(_ tweet: Tweet) -> Bool { tweet.handle.lowercased() == handle.lowercased() }
    func isFavorite(_ tweet: Tweet) -> Bool { activity.favorites.contains(tweet.id) }
    func isRetweeted(_ tweet: Tweet) -> Bool { activity.retweets.contains(tweet.id) }

    /// The counts as shown: the bundled ones, plus what was done here.
    func counts(of tweet: Tweet) -> (replies: Int, retweets: Int, favorites: Int) {
        let state = activity
        let replies = state.sent.count { $0.inReplyTo == tweet.id }
        return (tweet.replies + replies, tweet.retweets + (state.retweets.contains(tweet.id) ? 1 : 0),
                tweet.favorites + (state.favorites.contains(tweet.id) ? 1 : 0))
    }

    func index(ofTweet id: String) -> Int? { tweets.firstIndex { $0.id == id } }

    // MARK: Changing

    /// Favourites `tweet`, or takes the favourite back, as this window shows it: the saved
    /// change says which (another instance may have favourited it meanwhile).
    func toggleFavorite(_ tweet: Tweet) {
        let isFavorite = !isFavorite(tweet)
        change(isFavorite ? "Favourite" : "Unfavourite") { activity in
            activity.favorites.removeAll { $0 == tweet.id }
            if isFavorite { activity.favorites.append(tweet.id) }
        }
    }

    /// Retweets `tweet`, or takes the retweet back, as this window shows it.
    func toggleRetweet(_ tweet: Tweet) {
        let isRetweeted = !isRetweeted(tweet)
        change(isRetweeted ? "Retweet" : "Undo Retweet") { activity in
            activity.retweets.removeAll { $0 == tweet.id }
            if isRetweeted { activity.retweets.append(tweet.id) }
        }
    }

    /// Removes one of the person's tweets (kept removed across runs).
    func delete(_ tweet: Tweet) {
        change("Delete Tweet") { activity in
            if activity.sent.contains(where: { $0.id == tweet.id }) {
                activity.sent.removeAll { $0.id == tweet.id }
            } else {
                activity.deleted.append(tweet.id)
            }
            activity.favorites.removeAll { $0 == tweet.id }
            activity.retweets.removeAll { $0 == tweet.id }
        }
    }

    /// Adds a tweet by the person, answering `original` if given; returns it.
    @discardableResult
    func send(_ text: String, replyingTo original: Tweet?) -> Tweet {
        let date = now()
        let tweet = Tweet(id: "sent-\(Int(date.timeIntervalSince1970 * 1_000))-\(activity.sent.count)", name: "You", handle: handle,
                          text: text, date: date, replies: 0, retweets: 0, favorites: 0, inReplyTo: original?.id)
        change(original == nil ? "Tweet" : "Reply") { $0.sent.append(tweet) }
        return tweet
    }

    /// Takes in the tweets a refresh brought; returns how many were not there before.
    @discardableResult
    func receive(_ arrived: [Tweet]) -> Int {
        let known = Set(bundled.map(\.id))
        let fresh = arrived.filter { !known.contains($0.id) }
        bundled += fresh
        change("Refresh") { $0.refreshed = true }
        return fresh.count
    }
}

import Foundation
import TableKit

/// What can be done to a tweet — Reply, Retweet, Favorite, Share, and Delete on the person's
/// own — for the side-swipe menu of the timeline and the rows of a tweet's detail alike.
@MainActor
final class TweetActions {
    let timeline: Timeline
    /// Called after every change to the timeline, with the tweet to keep in view.
    var didChange: (_ focusing: String?) -> Void = { _ in }

    init(timeline: Timeline) {
        self.timeline = timeline
    }

    /// One action: its title and glyph as they read now, its key, and what it does.
    struct Item {
        var title: String
        var image: String
        var key: Character
        var isDestructive: Bool
        var perform: () -> ScreenResponse
    }

    /// The actions for `tweet`, left to right. `afterDelete` is what the screen in front does
    /// once Delete is confirmed (the tweet's own screen leaves: `.pop`).
    func items(for tweet: Tweet, afterDelete: ScreenResponse = .handled) -> [Item] {
        let favorite = timeline.isFavorite(tweet), retweeted = timeline.isRetweeted(tweet)
        var items = [
            Item(title: "Reply", image: "↩", key: "r", isDestructive: false) { [weak self] in self?.reply(to: tweet) ?? .handled },
            Item(title: retweeted ? "Undo Retweet" : "Retweet", image: "⇄", key: "t", isDestructive: false) { [weak self] in
                self?.timeline.toggleRetweet(tweet)
                self?.didChange(tweet.id)
                return .handled
            },
            Item(title: favorite ? "Unfavorite" : "Favorite", image: favorite ? "♥" : "♡", key: "f", isDestructive: false) { [weak self] in
                self?.timeline.toggleFavorite(tweet)
                self?.didChange(tweet.id)
                return .handled
            },
            Item(title: "Share", image: "↗", key: "s", isDestructive: false) { Self.share(tweet) },
        ]
        if timeline.isYours(tweet) {
            items.append(Item(title: "Delete", image: "✕", key: "d", isDestructive: true) { [weak self] in self?.confirmDelete(tweet, then: afterDelete) ?? .handled })
        }
        return items
    }

    /// The actions as a side-swipe menu's: the same buttons, in the same order from either
    /// side (outermost first, so the trailing side lists them backwards). No full swipe: its
    /// outermost button would be Delete on one side.
    func swipeConfiguration(for tweet: Tweet, edge: SwipeEdge) -> SwipeActionsConfiguration {
        let actions = items(for: tweet).map { item in
            ContextualAction(style: item.isDestructive ? .destructive : .normal, title: item.title, image: item.image, key: item.key) { _ in
                item.perform()
            }
        }
        var configuration = SwipeActionsConfiguration(actions: edge == .leading ? actions : actions.reversed())
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }

    /// The compose form, answering `tweet`: it starts with the author's handle, unless the
    /// tweet is the person's own.
    func reply(to tweet: Tweet) -> ScreenResponse {
        .push(ComposeScreen(replyingTo: tweet, startingWith: timeline.isYours(tweet) ? "" : tweet.handle + " ") { [weak self] text in
            guard let self else { return }
            let sent = timeline.send(text, replyingTo: tweet)
            didChange(sent.id)
        })
    }

    /// The tweet's link, in an alert.
    static func share(_ tweet: Tweet) -> ScreenResponse {
        return .present(AlertController.notice(title: "Share Tweet", message: tweet.link))
    }

    /// "Delete Tweet?" in an action sheet; Delete removes it, and the screen in front answers
    /// with `response`.
    func confirmDelete(_ tweet: Tweet, then response: ScreenResponse = .handled) -> ScreenResponse {
        var sheet = Alert(title: "Delete Tweet?", message: String(tweet.text.prefix(80)), style: .actionSheet)
        sheet.addAction(AlertAction.answering(title: "Delete Tweet", style: .destructive, key: .character("d"), answer: { [weak self] in
            guard let self else { return .handled }
            let next = timeline.index(ofTweet: tweet.id).flatMap { index in
                timeline.tweets.indices.contains(index + 1) ? timeline.tweets[index + 1].id : index > 0 ? timeline.tweets[index - 1].id : nil
            }
            timeline.delete(tweet)
            didChange(next)
            return response
        }))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: sheet))
    }
}

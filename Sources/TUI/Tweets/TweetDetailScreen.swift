import Foundation
import TableKit

/// One tweet in full: its author and whole text, the absolute time, the counts, and its
/// actions as rows. Leaves by itself once the tweet is deleted.
final class TweetDetailScreen: TableViewController, TableViewDelegate {
    private let tweetID: String
    private let actions: TweetActions
    private let glyphs: Glyphs
    private let times: TweetTimes

    init(tweetID: String, actions: TweetActions, glyphs: Glyphs, times: TweetTimes) {
        self.tweetID = tweetID
        self.actions = actions
        self.glyphs = glyphs
        self.times = times
        super.init(title: "Tweet", style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        rebuild()
    }

    private var tweet: Tweet? { actions.timeline.index(ofTweet: tweetID).map { actions.timeline.tweets[$0] } }

    private enum Group: Int { case text, details, actions }

    private func rebuild() {
        guard let tweet else { return }
        let timeline = actions.timeline
        var header = StyledText(tweet.name, style: Style(attributes: [.bold]))
        header.append(" " + tweet.handle, style: Theme.secondaryText)
        let counts = timeline.counts(of: tweet)
        // Labels and values as in a contact card (UIKit's value2): the values line up.
        var details = [
            TableViewCell(style: .value2, text: "Posted", detailText: times.absolute(tweet.date)),
            TableViewCell(style: .value2, text: "Replies", detailText: String(counts.replies)),
            TableViewCell(style: .value2, text: "Retweets", detailText: String(counts.retweets) + (timeline.isRetweeted(tweet) ? " (with yours)" : "")),
            TableViewCell(style: .value2, text: "Favorites", detailText: String(counts.favorites) + (timeline.isFavorite(tweet) ? " (with yours)" : "")),
        ]
        if let original = tweet.inReplyTo.flatMap(timeline.index(ofTweet:)).map({ timeline.tweets[$0] }) {
            details.append(TableViewCell(style: .value2, text: "In reply to", detailText: original.handle))
        }
        let focused = state.focusedRow
        dataSource = StaticTableDataSource([
            TableSection(selectionMode: SelectionMode.none, cells: [
                TableViewCell(paragraphs: [CellParagraph(header, wraps: false), CellParagraph(TweetEntities.styled(tweet.text))]),
            ]),
            TableSection(header: "Details", selectionMode: SelectionMode.none, cells: details),
            TableSection(header: "Actions", cells: actions.items(for: tweet, afterDelete: .pop).map { item in
                TableViewCell(text: item.title, image: glyphs == .ascii ? nil : item.image)
            }),
        ])
        if let focused { focusRow(at: focused) }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        rebuild()
    }


    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard indexPath.section == Group.actions.rawValue, let tweet else { return .handled }
        let items = actions.items(for: tweet, afterDelete: .pop)
        guard items.indices.contains(indexPath.row) else { return .handled }
        let response = items[indexPath.row].perform()
        rebuild()
        return response
    }
}

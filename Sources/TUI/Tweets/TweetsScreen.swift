import Foundation
import TableKit

/// The timeline's rows: one self-sizing cell a tweet — the name in bold, the handle dimmed and
/// the time on the right; the whole text below, its mentions, hashtags and links tinted; the
/// counts on a dimmed last line.
struct TimelineDataSource: TableViewDataSource {
    let timeline: Timeline
    /// The tweets the rows show: the timeline's as the screen last showed it. A tweet deleted
    /// from the timeline stays a row until the screen shows the change, so that the table
    /// can draw it collapsing away; counts and favourites are read live.
    let tweets: [Tweet]
    var glyphs: Glyphs
    var times: TweetTimes

    func numberOfRows(inSection section: Int) -> Int { tweets.count }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        guard tweets.indices.contains(indexPath.row) else { return TableViewCell(text: "") }
        let tweet = tweets[indexPath.row]
        var header = StyledText(tweet.name, style: Style(attributes: [.bold]))
        header.append(" " + tweet.handle, style: Theme.secondaryText)
        let time = StyledText(times.relative(tweet.date, now: timeline.now()), style: Theme.secondaryText)
        return TableViewCell(paragraphs: [
            CellParagraph(header, trailingText: time, wraps: false),
            CellParagraph(TweetEntities.styled(tweet.text)),
            CellParagraph(Self.counts(of: tweet, in: timeline, glyphs: glyphs), wraps: false),
        ])
    }

    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? {
        tweets.indices.contains(indexPath.row) ? tweets[indexPath.row].id : nil
    }

    /// `↩ 3   ⇄ 12   ♥ 41`: a retweet of the person's own tinted, a favourite of theirs red
    /// and filled (ASCII: `Re 3   RT 12   Fav* 41`).
    static func counts(of tweet: Tweet, in timeline: Timeline, glyphs: Glyphs) -> StyledText {
        let counts = timeline.counts(of: tweet)
        let favorite = timeline.isFavorite(tweet), retweeted = timeline.isRetweeted(tweet)
        let ascii = glyphs == .ascii
        var line = StyledText((ascii ? "Re " : "↩ ") + "\(counts.replies)   ", style: Theme.secondaryText)
        line.append((ascii ? "RT " : "⇄ ") + "\(counts.retweets)", style: retweeted ? Theme.tint : Theme.secondaryText)
        line.append("   ", style: Theme.secondaryText)
        let heart = ascii ? (favorite ? "Fav* " : "Fav ") : (favorite ? "♥ " : "♡ ")
        line.append(heart + "\(counts.favorites)", style: favorite ? Style(foreground: .destructive) : Theme.secondaryText)
        return line
    }
}

extension BarButtonItem.Identifier {
    /// The Tweets tab's Refresh.
    static let refreshTweets: Self = "refreshTweets"
}

/// The Tweets tab: the timeline, newest first. Enter opens a tweet; `s`, Shift-← or Shift-→
/// slide a tweet aside for Reply, Retweet, Favorite, Share (and Delete on the person's own);
/// `r` brings new tweets in the background.
final class TweetsScreen: TableViewController, TableViewDelegate {
    let timeline: Timeline
    let actions: TweetActions
    var times = TweetTimes()
    var glyphs = Glyphs.unicode {
        didSet { showTimeline() }
    }
    /// Loads the new tweets (the bundled file by default), on another thread.
    private let loadNew: @Sendable () -> Result<[Tweet], CommandFailure>
    private var refreshTask: BackgroundTask<Result<[Tweet], CommandFailure>>?
    /// The refresh's progress sheet, while it is up.
    private weak var progressSheet: ProgressModal?
    private var isVisible = false
    private var isOn = true
    /// Why there is no timeline (the bundled file could not be read), if so.
    private let problem: String?
    private var message: String?

    init(timeline: Timeline, problem: String? = nil,
         loadNew: @escaping @Sendable () -> Result<[Tweet], CommandFailure> = { TweetLibrary.loadBundled(TweetLibrary.newFileName) }) {
        self.timeline = timeline
        self.problem = problem
        self.loadNew = loadNew
        actions = TweetActions(timeline: timeline)
        super.init(title: "Tweets", dataSource: StaticTableDataSource([]))
        delegate = self
        actions.didChange = { [weak self] focusing in self?.timelineDidChange(focusing: focusing) }
        showTimeline()
    }

    /// Shows the timeline as it is now, keeping the focus on the tweet that has it.
    private func showTimeline() {
        let focused = state.focusedRow.flatMap(dataSource.itemIdentifier(for:)) as? String
        tableView.emptyMessage = !isOn ? "Tweets are turned off in Settings" : problem ?? "No Tweets"
        shownIDs = timeline.tweets.map(\.id)
        dataSource = isOn && problem == nil ? TimelineDataSource(timeline: timeline, tweets: timeline.tweets, glyphs: glyphs, times: times) : StaticTableDataSource([])
        if let focused, let row = timeline.index(ofTweet: focused) { focusRow(at: IndexPath(row: row, section: 0)) }
    }

    /// The tweets shown at the last reload, by id.
    private var shownIDs: [String] = []

    private func timelineDidChange(focusing id: String?) {
        // A favourite or a retweet changes only counts, which the rows read as they are
        // drawn: the rows stay, and so does the bounce of a closing menu.
        let ids = timeline.tweets.map(\.id)
        guard ids != shownIDs else { return }
        showTimelineChanges()
        if let id, let row = timeline.index(ofTweet: id) { focusRow(at: IndexPath(row: row, section: 0)) }
    }

    /// Shows the timeline as it is now, a tweet deleted collapsing away and new ones opening,
    /// when only some came and went; any other change (a reorder, the timeline turned off)
    /// is shown at once.
    private func showTimelineChanges() {
        guard isOn, problem == nil, let changes = Self.rowChanges(from: shownIDs, to: timeline.tweets.map(\.id)) else {
            showTimeline()
            return
        }
        performBatchUpdates { update in
            showTimeline()
            update = changes
        }
    }

    /// The rows deleted and inserted between two lists of ids, when the ids both keep are in
    /// the same order; `nil` otherwise.
    static func rowChanges(from old: [String], to new: [String]) -> TableViewBatchUpdate? {
        let kept = Set(old), arriving = Set(new)
        guard kept.count == old.count, arriving.count == new.count, old.filter(arriving.contains) == new.filter(kept.contains) else { return nil }
        var update = TableViewBatchUpdate()
        update.deleteRows(at: old.indices.filter { !arriving.contains(old[$0]) }.map { IndexPath(row: $0, section: 0) })
        update.insertRows(at: new.indices.filter { !kept.contains(new[$0]) }.map { IndexPath(row: $0, section: 0) })
        return update
    }

    /// Turns the timeline on or off (Settings' data sources).
    func setOn(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        showTimeline()
    }

    // MARK: Bars and keys

    override var rightBarButtonItems: [BarButtonItem] {
        guard isOn, problem == nil else { return [] }
        return [BarButtonItem(system: .refresh, id: .refreshTweets, key: .character("r"), isEnabled: refreshTask == nil, help: "load new tweets")]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == .refreshTweets else { return super.barButtonTapped(id, area: area) }
        refresh()
        return .handled
    }

    override var statusMessage: String? { message }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if case .key = event { message = nil }
        return super.handle(event, area: area)
    }

    /// The timeline as the state has it after an undo or a redo: a tweet taken back goes, one
    /// brought back comes.
    func showUndone() {
        timeline.rebuild()
        timelineDidChange(focusing: nil)
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        isVisible = true
        if tabBarItem?.badge == .dot { tabBarItem?.badge = nil }
        // Relative times move on, and a reply may have been written meanwhile.
        showTimeline()
    }

    override func viewDidDisappear() {
        super.viewDidDisappear()
        isVisible = false
    }

    // MARK: Refresh

    /// Loads the new tweets in the background (`r`, the Refresh button).
    func refresh() {
        guard refreshTask == nil, isOn, problem == nil else { return }
        progressSheet = nil
        let task = BackgroundTask { [loadNew] _ in loadNew() }
        refreshTask = task
        task.deliver(to: self) { screen in screen.refreshDidFinish(task) }
        post(after: max(.zero, ContinuousClock.now.duration(to: task.slowSince))) { screen in
            screen.showProgressSheet(ifStillRunning: task)
        }
    }

    /// Half a second into a refresh: a progress sheet with Cancel, if the list is in front.
    private func showProgressSheet(ifStillRunning task: BackgroundTask<Result<[Tweet], CommandFailure>>) -> ScreenResponse {
        guard refreshTask === task, !task.isFinished, isVisible, progressSheet == nil else { return .handled }
        let sheet = ProgressModal(title: "Loading new tweets…", progress: { nil }, onCancel: { [weak self] in
            task.cancel()
            self?.refreshTask = nil
        })
        progressSheet = sheet
        return .present(sheet)
    }

    /// The new tweets arrived (or could not be loaded): they join the timeline, and the
    /// progress sheet, if up, comes down with them.
    private func refreshDidFinish(_ task: BackgroundTask<Result<[Tweet], CommandFailure>>) -> ScreenResponse {
        guard refreshTask === task else { return .handled }
        refreshTask = nil
        let sheet = progressSheet
        progressSheet = nil
        switch task.takeResult() {
        case .success(let arrived):
            // Read before the rows change under it: the data source reads the timeline live.
            let focused = state.focusedRow.flatMap(dataSource.itemIdentifier(for:)) as? String
            let count = timeline.receive(arrived)
            showTimelineChanges()
            if let focused, let row = timeline.index(ofTweet: focused) { focusRow(at: IndexPath(row: row, section: 0)) }
            message = count == 0 ? "No new tweets" : "\(count) new \(count == 1 ? "tweet" : "tweets")"
            // New content behind another tab: the tab glows until it is visited.
            if count > 0, !isVisible { tabBarItem?.badge = .dot }
        case .failure(let failure):
            return dismiss(sheet) { .present(AlertController.notice(title: "Could not load new tweets", message: failure.message)) }
        case nil:
            break
        }
        return sheet.map { .dismiss($0) } ?? .handled
    }

    // MARK: Delegate

    /// The tweet of the row at `indexPath`: the row's (the rows are the timeline as last
    /// shown), as long as the timeline still has it.
    private func tweet(at indexPath: IndexPath) -> Tweet? {
        guard isOn, problem == nil, let id = dataSource.itemIdentifier(for: indexPath) as? String,
              let index = timeline.index(ofTweet: id) else { return nil }
        return timeline.tweets[index]
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard let tweet = tweet(at: indexPath) else { return .handled }
        return .push(TweetDetailScreen(tweetID: tweet.id, actions: actions, glyphs: glyphs, times: times))
    }

    func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        tweet(at: indexPath).map { actions.swipeConfiguration(for: $0, edge: .leading) }
    }

    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        tweet(at: indexPath).map { actions.swipeConfiguration(for: $0, edge: .trailing) }
    }
}

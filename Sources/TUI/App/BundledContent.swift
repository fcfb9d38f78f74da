import Dispatch
import Synchronization

/// The bundled game reviews and tweets, decoded on another thread from the moment the app
/// starts, so that the decoding (a few milliseconds) overlaps the data's load instead of
/// coming before the first frame.
final class BundledContent: Sendable {
    private let decoding = DispatchGroup()
    private let decoded = Mutex<(games: Result<[Game], CommandFailure>, tweets: Result<[Tweet], CommandFailure>)?>(nil)

    /// Starts decoding both files.
    init() {
        DispatchQueue.global(qos: .userInitiated).async(group: decoding) { [self] in
            let games = GameLibrary.loadBundled(), tweets = TweetLibrary.loadBundled(TweetLibrary.fileName)
            decoded.withLock { $0 = (games, tweets) }
        }
    }

    /// The game reviews, once decoded (waiting for them if need be).
    var games: Result<[Game], CommandFailure> { both().games }

    /// The timeline's tweets, once decoded (waiting for them if need be).
    var tweets: Result<[Tweet], CommandFailure> { both().tweets }

    private func both() -> (games: Result<[Game], CommandFailure>, tweets: Result<[Tweet], CommandFailure>) {
        decoding.wait()
        return decoded.withLock { $0 } ?? (GameLibrary.loadBundled(), TweetLibrary.loadBundled(TweetLibrary.fileName))
    }
}

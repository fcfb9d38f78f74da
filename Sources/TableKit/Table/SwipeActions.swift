import Foundation

/// A button of a row's side-swipe menu, as `UIContextualAction`: a title, a style and a
/// handler that runs when the button is chosen.
///
/// ```swift
/// let favorite = ContextualAction(title: tweet.isFavorite ? "Unfavorite" : "Favorite",
///                                 image: tweet.isFavorite ? "♥" : "♡") { indexPath in
///     timeline.toggleFavorite(at: indexPath)
///     return .handled
/// }
/// ```
public struct ContextualAction {
    /// How a button looks, as `UIContextualAction.Style`.
    public enum Style: Hashable, Sendable {
        /// A neutral button.
        case normal
        /// A button that destroys something, drawn red. Unlike UIKit, the table never takes
        /// the row away itself: the handler does, after asking if it wants to.
        case destructive
    }

    /// Normal or destructive.
    public var style: Style
    /// The button's title.
    public var title: String
    /// A glyph drawn before the title when there is room (and the terminal can show it).
    public var image: String?
    /// The key that chooses the button at once while the menu is open; `nil` takes the first
    /// letter of the title that no other button of the menu has.
    public var key: Character?
    /// Runs when the button is chosen (its key, Enter on it, a click), with the row's index
    /// path. The menu closes first, as UIKit's completion handler closes it; the handler's
    /// answer (a pushed screen, an alert) is the table's.
    public var handler: (IndexPath) -> ScreenResponse

    /// Creates a button.
    public init(
        style: Style = .normal, title: String, image: String? = nil, key: Character? = nil,
        handler: @escaping (IndexPath) -> ScreenResponse
    ) {
        self.style = style
        self.title = title
        self.image = image
        self.key = key
        self.handler = handler
    }
}

/// The buttons a swipe reveals on one side of a row, as `UISwipeActionsConfiguration`.
///
/// `actions[0]` is the outermost button: the leftmost of a leading menu, the rightmost of a
/// trailing one, and the one a full swipe (the swipe key pressed again) performs.
public struct SwipeActionsConfiguration {
    /// The buttons, outermost first.
    public var actions: [ContextualAction]
    /// Whether pressing the swipe key again while the menu is open performs `actions[0]`
    /// (UIKit's full swipe). Default: `true`, as in UIKit.
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration of `actions`, outermost first.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// The side of a row whose buttons a swipe reveals.
public enum SwipeEdge: Hashable, Sendable {
    /// The left: a swipe to the right (Shift-→) slides the content right and reveals them.
    case leading
    /// The right: a swipe to the left (Shift-←, `s`) slides the content left and reveals them.
    case trailing

    /// The way the content moves to reveal this side's buttons: +1 right, -1 left.
    var direction: Int { self == .leading ? 1 : -1 }
}

/// How a side-swipe menu comes in while the row's content slides out.
public enum SwipeMenuStyle: String, Hashable, Sendable, CaseIterable {
    /// The menu stays still behind the content and is uncovered as it slides away (Tweetie's).
    case reveal
    /// The menu slides in with the content, pushed in from the side it leaves.
    case push
}

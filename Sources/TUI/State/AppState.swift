import Foundation
import TableKit

/// What the app remembers between runs: the settings and the wishlist. Saved as one small
/// JSON file (see ``StateStore``), read and written field by field so that files of older and
/// newer versions load (`AppState+Codable.swift`).
struct AppState: Codable, Equatable, Sendable {
    /// The version of this format; a file of another version is set aside, not read. Adding a
    /// field does not change it: older versions keep what they do not know. Giving a key
    /// another type or meaning does (or takes a new key).
    static let currentVersion = 1

    /// The colours of the whole app.
    enum ThemeChoice: String, Codable, CaseIterable, Sendable {
        case standard = "default", highContrast = "high-contrast", monochrome

        var title: String {
            switch self {
            case .standard: return "Default"
            case .highContrast: return "High Contrast"
            case .monochrome: return "Monochrome"
            }
        }
    }

    /// How the Books list is sorted and sectioned.
    enum BookOrder: String, Codable, CaseIterable, Sendable {
        case title, author

        var title: String { self == .title ? "Title" : "Author" }
    }

    /// When a reminder comes, as in the Calendar's alert setting.
    enum Reminder: String, Codable, CaseIterable, Sendable {
        case none, atTime = "at-time", minutes5 = "5m", minutes15 = "15m", minutes30 = "30m",
             hour1 = "1h", hours2 = "2h", day1 = "1d", days2 = "2d"

        var title: String {
            switch self {
            case .none: return "None"
            case .atTime: return "At time of event"
            case .minutes5: return "5 minutes before"
            case .minutes15: return "15 minutes before"
            case .minutes30: return "30 minutes before"
            case .hour1: return "1 hour before"
            case .hours2: return "2 hours before"
            case .day1: return "1 day before"
            case .days2: return "2 days before"
            }
        }
    }

    /// The fields a book's detail can show.
    enum BookField: String, Codable, CaseIterable, Sendable {
        case author, year, isbn, description

        var title: String {
            switch self {
            case .author: return "Author"
            case .year: return "Year"
            case .isbn: return "ISBN"
            case .description: return "Description"
            }
        }
    }

    /// The tabs whose content can be turned off.
    enum Source: String, Codable, CaseIterable, Sendable {
        case books, tweets, games

        var title: String { rawValue.capitalized }
    }

    var version = AppState.currentVersion
    // A choice a newer version wrote and this one does not know is kept until the person
    // makes one here (``Kept/values``).
    var theme = ThemeChoice.standard { didSet { kept.values[.theme] = nil } }
    var bookOrder = BookOrder.title { didSet { kept.values[.bookOrder] = nil } }
    var reminder = Reminder.none { didSet { kept.values[.reminder] = nil } }
    var bookFields = Set(BookField.allCases)
    var sources = Set(Source.allCases)
    var animations = true
    var mouse = true
    /// The titles of the starred games, in the order the person put them.
    var wishlist: [String] = []
    /// The Profile form of the Forms tab, as saved (the password is never stored); `nil`
    /// until it is first saved. Optional, so that files written before it existed still load.
    var profile: [String: String]?
    /// Favourites, retweets, deletions and replies in the Tweets tab; optional, as above.
    var tweets: TweetActivity?
    /// How side-swipe menus come in; `nil` (files from before it) is the default, reveal.
    var swipeStyle: SwipeStyle? { didSet { kept.values[.swipeStyle] = nil } }
    /// Release dates filled in on games' reviews, by title (`2011-03-04`); nil in files
    /// written before there were any.
    var releaseDates: [String: String]?
    /// How fast animations run (0.5 to 2, 1 by default); nil in files written before.
    var animationSpeed: Double?
    /// The most columns a game review's text takes (40 to 100; 100, or nil, is the whole
    /// width).
    var reviewWidth: Int?

    /// The keyboards of Settings › General › Keyboards, in order, by `KeyboardType` raw value;
    /// nil in files written before there was the list (every keyboard, in the usual order).
    var keyboards: [String]?

    /// Where each photo of the Photos board lies, by photo name; nil before any was moved.
    var photoLayout: [String: PhotoPlacement]?
    /// The photos from the back of the board to the front, by name.
    var photoOrder: [String]?
    /// The tabs in the tab bar's order, by title, as More › Edit leaves them; nil for the
    /// usual order.
    var tabOrder: [String]?

    /// What the file held that this version does not understand, written back with the rest.
    var kept = Kept()

    /// The keyboards the person keeps, in their order: names this build does not know are
    /// passed over, and a list left empty by hand is the default keyboard alone (iOS always
    /// keeps one).
    var keyboardTypes: [KeyboardType] {
        var seen = Set<KeyboardType>()
        let kept = (keyboards ?? Self.allKeyboards).compactMap(KeyboardType.init(rawValue:)).filter { seen.insert($0).inserted }
        return kept.isEmpty ? [.default] : kept
    }

    /// Every keyboard, in the usual order: the list before the person changes it.
    static let allKeyboards = KeyboardType.allCases.map(\.rawValue)

    /// Makes `edit` to the keyboards (every keyboard, until they are first changed).
    mutating func editKeyboards(_ edit: OrderedListEdit) {
        var names = keyboards ?? Self.allKeyboards
        edit.apply(to: &names)
        keyboards = names
    }

    /// The animation speeds Settings offers.
    static let animationSpeeds = 0.5 ... 2.0
    /// The review widths Settings offers, in columns; the top is the whole width.
    static let reviewWidths = 40 ... 100

    /// The animation speed, held to what Settings offers.
    var speed: Double { min(Self.animationSpeeds.upperBound, max(Self.animationSpeeds.lowerBound, animationSpeed ?? 1)) }

    /// The most columns a review's text takes; nil for the whole width (the top of the range).
    var reviewColumns: Int? { reviewWidth.flatMap { $0 >= Self.reviewWidths.upperBound ? nil : max($0, Self.reviewWidths.lowerBound) } }

    /// How side-swipe menus come in, as Settings names it.
    enum SwipeStyle: String, Codable, CaseIterable, Sendable {
        case reveal, push

        var title: String { self == .reveal ? "Reveal (menu stays still)" : "Push (menu slides in)" }
        var menuStyle: SwipeMenuStyle { self == .reveal ? .reveal : .push }
    }
}

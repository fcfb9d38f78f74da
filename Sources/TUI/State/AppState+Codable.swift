import Foundation

/// The state file is read field by field, not all or nothing: a file written by an older
/// version (a key missing) or a newer one (keys, names this version does not know) loads, and
/// a value that cannot be understood costs that value alone.
extension AppState {
    /// The keys of the state file that this version reads and writes.
    enum Field: String, CaseIterable, Sendable {
        case version, theme, bookOrder, reminder, bookFields, sources, animations, mouse, wishlist,
             profile, tweets, swipeStyle, releaseDates, animationSpeed, reviewWidth, keyboards,
             photoLayout, photoOrder, tabOrder
    }

    /// What a file held that this version does not understand but must not lose, most likely
    /// written by a newer version: it is written back as it was.
    struct Kept: Equatable, Sendable {
        /// Keys this version does not know, with their values.
        var unknownKeys: [String: KeptJSON] = [:]
        /// Choices this version does not know (a theme's name), written in the field's place
        /// until the person makes a choice here, while the field shows its default.
        var values: [Field: KeptJSON] = [:]
        /// Names in sets (``AppState/sources``…) this version does not know, written back
        /// beside the ones it does: what they turn on is for the version that knows them.
        var members: [Field: [String]] = [:]
    }

    /// A state read from a file, and what in it could not be understood and was given up.
    struct Reading: Decodable {
        var state = AppState()
        /// A phrase for each field that lost something (“theme” was not understood and is
        /// back to Default); empty when nothing was lost (missing and kept values are not).
        var notes: [String] = []

        /// Reads a JSON object; anything else throws.
        init(from decoder: any Decoder) throws {
            var file = StateFileReader(try decoder.container(keyedBy: AnyCodingKey.self))
            let defaults = AppState()
            // A switch: a case of `Field` left out here does not compile. (A property left out
            // of `Field` is never written: StateAcrossVersionsTests finds it.)
            for field in Field.allCases {
                switch field {
                case .version: state.version = file.value(field, Int.self, default: "\(defaults.version)") ?? defaults.version
                case .theme: state.theme = file.choice(field, ThemeChoice.self, default: defaults.theme.title) ?? defaults.theme
                case .bookOrder: state.bookOrder = file.choice(field, BookOrder.self, default: defaults.bookOrder.title) ?? defaults.bookOrder
                case .reminder: state.reminder = file.choice(field, Reminder.self, default: defaults.reminder.title) ?? defaults.reminder
                case .bookFields: state.bookFields = file.names(field, BookField.self, default: "all of them") ?? defaults.bookFields
                case .sources: state.sources = file.names(field, Source.self, default: "all of them") ?? defaults.sources
                case .animations: state.animations = file.value(field, Bool.self, default: "On") ?? defaults.animations
                case .mouse: state.mouse = file.value(field, Bool.self, default: "On") ?? defaults.mouse
                case .wishlist: state.wishlist = file.list(field, String.self, default: "empty") ?? defaults.wishlist
                case .profile: state.profile = file.dictionary(field, String.self)
                case .tweets: state.tweets = file.value(field, TweetActivity.self)
                case .swipeStyle: state.swipeStyle = file.choice(field, SwipeStyle.self, default: SwipeStyle.reveal.title)
                case .releaseDates: state.releaseDates = file.dictionary(field, String.self)
                case .animationSpeed: state.animationSpeed = file.value(field, Double.self, default: "1")
                case .reviewWidth: state.reviewWidth = file.value(field, Int.self, default: "the whole width")
                case .keyboards: state.keyboards = file.list(field, String.self, default: "every keyboard")
                case .photoLayout: state.photoLayout = file.dictionary(field, PhotoPlacement.self)
                case .photoOrder: state.photoOrder = file.list(field, String.self)
                case .tabOrder: state.tabOrder = file.list(field, String.self, default: "the usual order")
                }
            }
            // Last: setting a choice above forgets a kept one.
            state.kept = try file.kept()
            notes = file.notes
        }
    }

    /// Reads a state as ``Reading`` does, without the notes.
    init(from decoder: any Decoder) throws {
        self = try Reading(from: decoder).state
    }

    /// Writes every field this version knows (a nil one is left out), and what ``kept`` holds.
    func encode(to encoder: any Encoder) throws {
        var file = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in kept.unknownKeys {
            try file.encode(value, forKey: AnyCodingKey(key))
        }
        for field in Field.allCases {
            let key = AnyCodingKey(field.rawValue)
            switch field {
            case .version: try file.encode(version, forKey: key)
            case .theme: try file.encodeIfPresent(written(theme, field), forKey: key)
            case .bookOrder: try file.encodeIfPresent(written(bookOrder, field), forKey: key)
            case .reminder: try file.encodeIfPresent(written(reminder, field), forKey: key)
            case .bookFields: try file.encode(written(bookFields, field), forKey: key)
            case .sources: try file.encode(written(sources, field), forKey: key)
            case .animations: try file.encode(animations, forKey: key)
            case .mouse: try file.encode(mouse, forKey: key)
            case .wishlist: try file.encode(wishlist, forKey: key)
            case .profile: try file.encodeIfPresent(profile, forKey: key)
            case .tweets: try file.encodeIfPresent(tweets, forKey: key)
            case .swipeStyle: try file.encodeIfPresent(written(swipeStyle, field), forKey: key)
            case .releaseDates: try file.encodeIfPresent(releaseDates, forKey: key)
            case .animationSpeed: try file.encodeIfPresent(animationSpeed, forKey: key)
            case .reviewWidth: try file.encodeIfPresent(reviewWidth, forKey: key)
            case .keyboards: try file.encodeIfPresent(keyboards, forKey: key)
            case .photoLayout: try file.encodeIfPresent(photoLayout, forKey: key)
            case .photoOrder: try file.encodeIfPresent(photoOrder, forKey: key)
            case .tabOrder: try file.encodeIfPresent(tabOrder, forKey: key)
            }
        }
    }

    /// The choice to write: the kept one the file had, while the person has made none here.
    private func written<Choice: RawRepresentable<String>>(_ choice: Choice?, _ field: Field) -> KeptJSON? {
        kept.values[field] ?? choice.map { .string($0.rawValue) }
    }

    /// The names to write, in the cases' order (a `Set` has none, and the file would change
    /// from save to save), then the ones this version does not know.
    private func written<Name: RawRepresentable<String> & CaseIterable & Hashable>(_ names: Set<Name>, _ field: Field) -> [String] {
        Name.allCases.filter(names.contains).map(\.rawValue) + (kept.members[field] ?? [])
    }
}

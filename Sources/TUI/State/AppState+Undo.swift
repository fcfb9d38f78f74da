import TableKit

extension AppState {
    /// `field` as `other` has it, with what this version keeps of it unread (a theme it does
    /// not know, names it does not know): the inverse of a change is made of these.
    mutating func copy(_ field: Field, from other: AppState) {
        // A switch: a field left out here does not compile.
        switch field {
        case .version: version = other.version
        case .theme: theme = other.theme
        case .bookOrder: bookOrder = other.bookOrder
        case .reminder: reminder = other.reminder
        case .bookFields: bookFields = other.bookFields
        case .sources: sources = other.sources
        case .animations: animations = other.animations
        case .mouse: mouse = other.mouse
        case .wishlist: wishlist = other.wishlist
        case .profile: profile = other.profile
        case .tweets: tweets = other.tweets
        case .swipeStyle: swipeStyle = other.swipeStyle
        case .releaseDates: releaseDates = other.releaseDates
        case .animationSpeed: animationSpeed = other.animationSpeed
        case .reviewWidth: reviewWidth = other.reviewWidth
        case .keyboards: keyboards = other.keyboards
        case .photoLayout: photoLayout = other.photoLayout
        case .photoOrder: photoOrder = other.photoOrder
        case .tabOrder: tabOrder = other.tabOrder
        }
        kept.values[field] = other.kept.values[field]
        kept.members[field] = other.kept.members[field]
    }

    /// The fields in which `other` differs from this state.
    func fields(differingFrom other: AppState) -> [Field] {
        Field.allCases.filter { field in
            var probe = self
            probe.copy(field, from: other)
            return probe != self
        }
    }

    /// What undo calls a change of `field`: "Undo Theme", "Undo Wishlist".
    static func undoName(of field: Field) -> String {
        switch field {
        case .version: return "Version"
        case .theme: return "Theme"
        case .bookOrder: return "Book Order"
        case .reminder: return "Reminder"
        case .bookFields: return "Book Fields"
        case .sources: return "Sources"
        case .animations: return "Animations"
        case .mouse: return "Mouse"
        case .wishlist: return "Wishlist Change"
        case .profile: return "Profile Change"
        case .tweets: return "Tweet Change"
        case .swipeStyle: return "Swipe Style"
        case .releaseDates: return "Release Date"
        case .animationSpeed: return "Animation Speed"
        case .reviewWidth: return "Review Width"
        case .keyboards: return "Keyboards Change"
        case .photoLayout: return "Photo Move"
        case .photoOrder: return "Photo Order"
        case .tabOrder: return "Tab Order"
        }
    }
}

/// A button in a navigation bar or a toolbar, as `UIBarButtonItem`.
///
/// Each button carries the hotkey that triggers it; bars draw the key beside the title so that
/// a person can see it.
public struct BarButtonItem: Hashable, Sendable {
    /// The system items of UIKit that a terminal can draw.
    public enum SystemItem: Hashable, Sendable {
        /// `+`.
        case add
        /// `⟳`.
        case refresh
        /// `Edit`.
        case edit
        /// `Done` (bold).
        case done
        /// `Cancel`.
        case cancel
        /// `Save` (bold).
        case save
        /// `⌕` (search).
        case search
        /// `🗑`-like trash, drawn `Delete`.
        case trash
        /// `✎` (compose).
        case compose
        /// `⋯`: the actions of what is in front, as an action sheet (UIKit's action item).
        case action
    }

    /// What kind of item this is.
    enum Kind: Hashable, Sendable {
        /// A button with a title.
        case button
        /// Space that grows to share the free width equally with other flexible spaces.
        case flexibleSpace
        /// Space of a fixed number of columns.
        case fixedSpace(Int)
    }

    /// A button's identity, as a bar reports it when the button is triggered.
    ///
    /// Declare the identities of a screen as constants, and switch over them in
    /// ``Screen/barButtonTapped(_:area:)``:
    ///
    /// ```swift
    /// extension BarButtonItem.Identifier {
    ///     static let reload: Self = "reload"
    /// }
    /// ```
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The identity's name.
        public var rawValue: String

        /// Creates an identity named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates an identity named `name`.
        init(_ name: String) { rawValue = name }

        /// Creates an identity from a literal: `"reload"`.
        public init(stringLiteral value: String) { rawValue = value }

        /// The name.
        public var description: String { rawValue }

        /// Select All: checks every row (see ``TableViewController/selectionBarButtonItems(selectAllKey:selectNoneKey:)``).
        public static let selectAll: Identifier = "selectAll"
        /// Select None: unchecks every row.
        public static let selectNone: Identifier = "selectNone"
    }

    /// Identifies the button in the events a bar reports.
    public var id: Identifier
    /// The text drawn.
    public var title: String
    /// The key that triggers the button, shown beside its title.
    public var key: Key?
    /// Drawn bold, as UIKit draws Done and Save.
    public var isProminent: Bool
    /// A disabled button is drawn dimmed and ignores keys and clicks.
    public var isEnabled: Bool
    /// A button or a space.
    var kind: Kind
    /// What the help overlay says the button's key does ("reload the file"); `nil` uses the
    /// title. The stack lists every enabled button that has a key.
    package var help: String?

    /// A button with a title.
    public init(id: Identifier, title: String, key: Key? = nil, isProminent: Bool = false, isEnabled: Bool = true, help: String? = nil) {
        self.id = id
        self.title = title
        self.key = key
        self.isProminent = isProminent
        self.isEnabled = isEnabled
        self.help = help
        kind = .button
    }

    /// A system item; the title comes from the item (Unicode glyphs; ASCII where the terminal cannot show them).
    public init(system: SystemItem, id: Identifier, key: Key? = nil, isEnabled: Bool = true, help: String? = nil) {
        let title: String
        var prominent = false
        switch system {
        case .add: title = "+"
        case .refresh: title = "⟳"
        case .edit: title = "Edit"
        case .done: title = "Done"; prominent = true
        case .cancel: title = "Cancel"
        case .save: title = "Save"; prominent = true
        case .search: title = "⌕"
        case .trash: title = "Delete"
        case .compose: title = "✎"
        case .action: title = "⋯"
        }
        self.init(id: id, title: title, key: key, isProminent: prominent, isEnabled: isEnabled, help: help)
    }

    /// Space that shares the free width of a toolbar equally with other flexible spaces.
    public static let flexibleSpace = BarButtonItem(space: .flexibleSpace)

    /// Space of `width` columns.
    public static func fixedSpace(_ width: Int) -> BarButtonItem { BarButtonItem(space: .fixedSpace(max(0, width))) }

    private init(space: Kind) {
        id = Identifier("")
        title = ""
        key = nil
        isProminent = false
        isEnabled = false
        help = nil
        kind = space
    }

    /// The title with the ASCII fallbacks for glyphs a plain terminal may lack.
    var asciiTitle: String {
        switch title {
        case "⟳": return "Refresh"
        case "⌕": return "Search"
        case "✎": return "Compose"
        case "⋯": return "Actions"
        default: return title
        }
    }

    /// The title as drawn, with its hotkey: `Edit (e)`, `+ (a)`, `Save (^S)`.
    func label(glyphs: Glyphs) -> String {
        let text = glyphs == .ascii ? asciiTitle : title
        guard let key else { return text }
        return text + " (" + Self.keyLabel(key) + ")"
    }

    /// A short name for a key as a hint shows it: `e`, `^S`, `F2`, `Enter`.
    public static func keyLabel(_ key: Key) -> String {
        switch key {
        case .control(let c): return "^" + c.uppercased()
        default: return key.description
        }
    }
}

/// A key binding as data: the keys, what they do, and how help describes them.
///
/// Handling and help read the same list, so the help overlay and the footer can never
/// disagree with what the keys do.
public struct KeyBinding<Action>: Sendable where Action: Sendable {
    /// The keys that trigger the action.
    public var keys: [Key]
    /// What the keys do.
    public var action: Action
    /// How help names the keys, e.g. `↑ ↓ / k j`.
    public var label: String
    /// What help says the keys do, e.g. `move the focus`.
    public var help: String
    /// The one-line key-hint footer's short form, e.g. `open`; `nil` keeps it out of the footer.
    public var footerHelp: String?
    /// How the footer names the keys when not by the first key help names, e.g. `← →`.
    var footerKeyLabel: String?

    /// Creates a binding.
    public init(_ keys: [Key], _ action: Action, label: String, help: String, footer: String? = nil) {
        self.keys = keys
        self.action = action
        self.label = label
        self.help = help
        footerHelp = footer
    }

    /// Creates a binding whose footer names its keys as `footerLabel` (a pair such as `← →`)
    /// rather than by the first key help names.
    init(_ keys: [Key], _ action: Action, label: String, help: String, footer: String, footerLabel: String) {
        self.init(keys, action, label: label, help: help, footer: footer)
        footerKeyLabel = footerLabel
    }

    /// The footer's key label: the first key the help names, unless the binding names its own.
    var footerLabel: String {
        footerKeyLabel ?? String(label.split(separator: " ").first ?? Substring(label))
    }

    /// The binding as the help overlay lists it: every key, and the long help.
    var hint: KeyHint { KeyHint(label, help) }

    /// The binding as the footer shows it (first key, short help); `nil` when it stays out of
    /// the footer.
    var footerHint: KeyHint? { footerHelp.map { KeyHint(footerLabel, $0) } }

    /// The binding without `key`, and its label without `name`: for a screen or a row where
    /// that key does something else (Space flips a switch rather than paging).
    public func removing(_ key: Key, named name: String) -> KeyBinding {
        var binding = self
        binding.keys.removeAll { $0 == key }
        binding.label = label.split(separator: " ").filter { $0 != name }.joined(separator: " ")
        return binding
    }
}

extension Array {
    /// The footer hints of these bindings, in order: (key label, short help). Neighbours with
    /// the same short help share one hint, their labels joined (`↑ ↓ turn`).
    public func footerHints<Action>() -> [KeyHint] where Element == KeyBinding<Action> {
        KeyHint.joiningNeighbours(compactMap(\.footerHint))
    }

    /// The help overlay's entries for these bindings, in order. Bindings in a row that say
    /// the same (← one way, → the other) share one entry, their labels joined: `← →`.
    public func helpHints<Action>() -> [KeyHint] where Element == KeyBinding<Action> {
        var hints: [KeyHint] = []
        var previousHelp: String?
        for binding in self {
            if binding.help == previousHelp, let last = hints.indices.last {
                hints[last].key += " " + binding.label
            } else {
                hints.append(binding.hint)
            }
            previousHelp = binding.help
        }
        return hints
    }
}

extension KeyHint {
    /// `hints` with each run of neighbours that say the same thing made one hint, the keys
    /// joined by spaces.
    static func joiningNeighbours(_ hints: [KeyHint]) -> [KeyHint] {
        var joined: [KeyHint] = []
        for hint in hints {
            if let last = joined.last, last.help == hint.help {
                joined[joined.count - 1] = KeyHint(last.key + " " + hint.key, last.help)
            } else {
                joined.append(hint)
            }
        }
        return joined
    }
}

extension Array {
    /// The action bound to `key`, first binding first.
    public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
        first { $0.keys.contains(key) }?.action
    }
}

extension TableView {
    /// The keys a table understands while its rows have the focus.
    public static let rowKeyBindings: [KeyBinding<TableViewAction>] = [
        KeyBinding([.up, .character("k")], .moveFocus(by: -1), label: "↑ k", help: "previous row"),
        KeyBinding([.down, .character("j")], .moveFocus(by: 1), label: "↓ j", help: "next row", footer: "move"),
        KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "page up"),
        KeyBinding([.pageDown, .space], .pageDown, label: "PgDn Space", help: "page down"),
        KeyBinding([.home, .character("g")], .home, label: "Home g", help: "first row"),
        KeyBinding([.end, .character("G")], .end, label: "End G", help: "last row"),
        KeyBinding([.enter, .right, .character("l")], .select, label: "Enter → l", help: "open the row", footer: "open"),
        KeyBinding([.character("i")], .tapDetailButton, label: "i", help: "the row's info button"),
        KeyBinding([.character("e")], .tapAccessoryButton, label: "e", help: "the row's edit button"),
        KeyBinding([.tab], .toggleIndexFocus, label: "Tab", help: "focus the section index", footer: "index"),
    ]

    /// The keys a table understands while its section index has the focus. Letters and
    /// digits jump to their section (see ``TableViewAction/jumpToIndexLetter(_:)``).
    package static let indexKeyBindings: [KeyBinding<TableViewAction>] = [
        KeyBinding([.up, .character("k")], .moveIndex(by: -1), label: "↑ k", help: "previous index title"),
        KeyBinding([.down, .character("j")], .moveIndex(by: 1), label: "↓ j", help: "next index title", footer: "scrub"),
        KeyBinding([.pageUp], .moveIndex(by: -5), label: "PgUp", help: "five titles up"),
        KeyBinding([.pageDown], .moveIndex(by: 5), label: "PgDn", help: "five titles down"),
        KeyBinding([.home], .jumpToIndexPosition(0), label: "Home", help: "first title"),
        KeyBinding([.end], .jumpToIndexPosition(Int.max), label: "End", help: "last title"),
        KeyBinding([.enter, .tab, .escape, .left], .leaveIndex, label: "Enter Tab Esc ←", help: "back to the rows", footer: "rows"),
    ]

    /// Help for the index's type-ahead, which no table can list: a letter or digit jumps to
    /// its section (`action(for:in:)`).
    package static let indexTypeAheadHint = KeyHint("A–Z #", "jump to that section")

    /// The action a key triggers in `state`, including type-ahead letters in the index.
    static func action(for key: Key, in state: TableViewState) -> TableViewAction? {
        if state.isIndexFocused {
            if let action = indexKeyBindings.action(for: key) { return action }
            if case .character(let c) = key, c != " ", !c.isWhitespace { return .jumpToIndexLetter(c) }
            return nil
        }
        return rowKeyBindings.action(for: key)
    }
}

/// A key press, decoded by a backend or parsed from a key script.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including the space.
    case character(Character)
    /// A control chord: `.control("c")` is Ctrl-C. The letter is lowercase.
    case control(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Shift and arrow left.
    case shiftLeft
    /// Shift and arrow right.
    case shiftRight
    /// Alt (Option, Meta) and arrow left: a word left, in a text field.
    case altLeft
    /// Alt (Option, Meta) and arrow right: a word right, in a text field.
    case altRight
    /// Alt (Option, Meta) and arrow up: a row up, in editing mode.
    case altUp
    /// Alt (Option, Meta) and arrow down: a row down, in editing mode.
    case altDown
    /// Return or Enter.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab (back tab).
    case backTab
    /// Backspace (erase to the left).
    case backspace
    /// Delete (erase to the right).
    case delete
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key, F1 to F12.
    case function(Int)

    /// The space bar.
    public static let space = Key.character(" ")

    /// Whether the key types a character: a text field takes it as input rather than as a command.
    package var isCharacter: Bool {
        if case .character = self { return true }
        return false
    }

    /// The name a key script uses for this key (see `init(name:)`).
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "C-\(c)"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .shiftLeft: return "S-Left"
        case .shiftRight: return "S-Right"
        case .altLeft: return "A-Left"
        case .altRight: return "A-Right"
        case .altUp: return "A-Up"
        case .altDown: return "A-Down"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        }
    }

    /// The keys a key script names by a word, each by its ``description``, in the order
    /// `snapshot --keys`' help, its error and the README list them. Besides these, a single
    /// printable character stands for itself, and `F1`…`F12` and `C-a`…`C-z` name the
    /// function keys and the control chords (``scriptNameList``). The one list of key names:
    /// a key added here is parsed, listed in help and in errors, and checked against the README.
    package static let namedKeys: [Key] = [
        .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .pageUp, .pageDown, .home, .end, .space,
        .backspace, .delete, .shiftLeft, .shiftRight, .altLeft, .altRight, .altUp, .altDown,
    ]

    /// Other spellings a script may use for a named key (`Return` for `Enter`), lowercase.
    private static let aliases: [String: Key] = [
        "return": .enter, "escape": .escape, "backtab": .backTab, "bs": .backspace, "del": .delete,
        "pageup": .pageUp, "pagedown": .pageDown,
    ]

    /// Every key name of a script, as help and errors list them: ``namedKeys`` by their names,
    /// then the function keys and the control chords as ranges.
    package static var scriptNameList: String {
        (namedKeys.map(\.description) + ["F1…F12", "C-a…C-z", "C-_"]).joined(separator: " ")
    }

    /// The key a script names: a single printable character stands for itself; the names of
    /// ``namedKeys`` (``scriptNameList``), `F1`…`F12`, `C-x` controls and `C-_` name those keys.
    /// Names are matched without regard to case. Returns `nil` for anything else.
    package init?(name: String) {
        if name.count == 1, let c = name.first {
            guard !c.unicodeScalars.contains(where: ControlEscaping.isControl) else { return nil }
            self = .character(c)
            return
        }
        let lower = name.lowercased()
        if let key = Self.namedKeys.first(where: { $0.description.lowercased() == lower }) ?? Self.aliases[lower] {
            self = key
        } else if lower.hasPrefix("c-"), lower.count == 3, let c = lower.last, c.isASCII, c.isLetter || c == "_" {
            self = .control(c)
        } else if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n), lower.dropFirst() == String(n) {
            self = .function(n)
        } else {
            return nil
        }
    }

    /// Parses a key script such as `"j j Enter / a b Esc"`: names separated by spaces.
    /// - Throws: ``KeyScriptError`` naming the first word that is not a key.
    package static func parseScript(_ script: String) throws(KeyScriptError) -> [Key] {
        var keys: [Key] = []
        for word in script.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let key = Key(name: String(word)) else { throw KeyScriptError(word: String(word)) }
            keys.append(key)
        }
        return keys
    }
}

/// A word in a key script that names no key.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    /// The word that was not understood.
    var word: String
    /// A sentence for the user.
    public var description: String {
        "'\(ControlEscaping.escaped(word))' is not a key: use a single character or one of \(Key.scriptNameList)"
    }
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// The left button went down.
        case press
        /// The mouse moved with the left button down.
        case drag
        /// The left button came up.
        case release
        /// The wheel turned up (away from the user). A horizontal wheel's left arrives as this
        /// with ``Modifiers/shift``, as Shift turns a wheel sideways (GTK, Qt).
        case scrollUp
        /// The wheel turned down; a horizontal wheel's right arrives as this with Shift.
        case scrollDown
    }

    /// The keys held while the mouse acted, as the terminal reports them. Terminals often keep
    /// some chords for themselves (Ctrl-wheel to change the font size, Shift to select text), so
    /// every gesture that needs a modifier also has a key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Creates modifiers from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Shift.
        public static let shift = Modifiers(rawValue: 1)
        /// Alt (Meta).
        public static let alt = Modifiers(rawValue: 2)
        /// Control.
        public static let control = Modifiers(rawValue: 4)
    }

    /// What happened.
    public var kind: Kind
    /// Where, in screen cells.
    public var position: Point
    /// The keys held.
    public var modifiers: Modifiers

    /// Creates a mouse event.
    public init(_ kind: Kind, at position: Point, modifiers: Modifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// Everything that reaches the app: keys, mouse, a new terminal size, or a clock tick.
public enum Event: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted into the terminal (bracketed paste), as one insertion: a text field takes
    /// it whole, without the per-key rules of typing (autocapitalisation); screens that take
    /// no text ignore it.
    case paste(String)
    /// A mouse action.
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    /// Time passed (for animations and timers).
    case tick
}

/// A key and what it does, as help and the one-line footer show it: `Enter` — `open`.
///
/// Screens, modals and bars describe their keys with hints; most come from a
/// ``KeyBinding`` table (``Swift/Array/helpHints()`` and ``Swift/Array/footerHints()``), so that help
/// and handling read the same data.
public struct KeyHint: Hashable, Sendable, CustomStringConvertible {
    /// How the keys are named: `↑ k`, `Enter → l`, `^S`.
    public var key: String
    /// What they do: `previous row`.
    public var help: String

    /// Creates a hint.
    public init(_ key: String, _ help: String) {
        self.key = key
        self.help = help
    }

    /// `key  help`, for test failures.
    public var description: String { "\(key)  \(help)" }
}

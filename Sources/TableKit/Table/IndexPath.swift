/// The position of a row: its section and its row within that section, as in UIKit.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The row within the section.
    public var row: Int
    /// The section.
    public var section: Int

    /// Creates the index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Orders by section, then row: the order rows appear on screen.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// `[section, row]`, as UIKit prints it.
    public var description: String { "[\(section), \(row)]" }
}

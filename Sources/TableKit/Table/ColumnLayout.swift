/// Columns of text across a row, for lists wide enough to show several fields side by side:
/// each column has a title, a width and an alignment, and one layout draws both the header
/// line above the rows and every row, so they line up.
///
/// The first column takes the room the others leave; the others keep their widths while
/// they fit and are dropped from the right when the row is too narrow for them.
///
/// ```swift
/// let layout = ColumnLayout(columns: [
///     .init(title: "Name", width: 12),
///     .init(title: "Price", width: 6, alignment: .right),
/// ])
/// layout.line(["Apple", "1.20"], width: 22)   // "Apple           1.20"
/// ```
public struct ColumnLayout: Hashable, Sendable {
    /// One column.
    public struct Column: Hashable, Sendable {
        /// The header's text.
        var title: String
        /// The columns of text it takes (the first column's is its least).
        var width: Int
        /// Where its text sits in its room: numbers on the right, as `.value1` cells do.
        var alignment: TextAlignment

        /// Creates a column.
        public init(title: String, width: Int, alignment: TextAlignment = .left) {
            self.title = title
            self.width = max(1, width)
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    var columns: [Column]
    /// The blank columns between two columns.
    var spacing: Int

    /// Creates a layout of `columns`, `spacing` blanks apart.
    public init(columns: [Column], spacing: Int = 2) {
        self.columns = columns
        self.spacing = max(0, spacing)
    }

    /// The widths of the columns shown at `width`: the first takes what the others leave;
    /// columns that do not fit after the first one's least width are dropped (from the right).
    public func widths(in width: Int) -> [Int] {
        guard let first = columns.first else { return [] }
        var shown = Array(columns.dropFirst())
        while !shown.isEmpty, first.width + shown.reduce(0, { $0 + $1.width + spacing }) > width {
            shown.removeLast()
        }
        let rest = shown.reduce(0) { $0 + $1.width + spacing }
        return [max(0, width - rest)] + shown.map(\.width)
    }

    /// `values` (one per column) laid out in `width` columns: each cut with `…` to its
    /// column and aligned in it.
    ///
    /// - Complexity: O(n) in the length of the values.
    public func line(_ values: [String], width: Int) -> String {
        var line = ""
        for (index, room) in widths(in: width).enumerated() {
            if index > 0 { line += String(repeating: " ", count: spacing) }
            let value = index < values.count ? values[index] : ""
            let shown = TextLayout.truncate(value, width: room)
            let padding = max(0, room - shown.displayWidth)
            switch columns[index].alignment {
            case .left: line += shown + String(repeating: " ", count: padding)
            case .right: line += String(repeating: " ", count: padding) + shown
            case .center: line += String(repeating: " ", count: padding / 2) + shown + String(repeating: " ", count: padding - padding / 2)
            }
        }
        return line
    }

    /// The header line: the columns' titles, laid out as the rows are.
    public func headerLine(width: Int) -> String {
        line(columns.map(\.title), width: width)
    }
}

/// A cell position on a terminal grid, counted from the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, starting at 0 on the left.
    public var x: Int
    /// The line, starting at 0 at the top.
    public var y: Int

    /// Creates a point at column `x` and line `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`, for test failures and logs.
    public var description: String { "(\(x), \(y))" }
}

/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of lines.
    public var height: Int

    /// Creates a size; negative dimensions are clamped to zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A size with no cells.
    public static let zero = Size(width: 0, height: 0)

    /// `WxH`, the form the command line accepts.
    public var description: String { "\(width)x\(height)" }

    /// Parses `"80x24"`; returns `nil` for anything else or a dimension of 0.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
              w <= 10_000, h <= 10_000
        else { return nil }
        self.init(width: w, height: h)
    }
}

/// A rectangle of cells: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// The number of columns and lines covered.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates; negative sizes are clamped to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The leftmost column.
    public var minX: Int { origin.x }
    /// The top line.
    public var minY: Int { origin.y }
    /// One past the rightmost column.
    public var maxX: Int { origin.x + size.width }
    /// One past the bottom line.
    public var maxY: Int { origin.y + size.height }
    /// The number of columns.
    public var width: Int { size.width }
    /// The number of lines.
    public var height: Int { size.height }
    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells both rectangles cover; empty (at the clamped origin) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The rectangle shrunk by the given amounts on each side (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: minX + left, y: minY + top, width: width - left - right, height: height - top - bottom)
    }

    /// The top `count` lines of the rectangle.
    public func topLines(_ count: Int) -> Rect {
        Rect(x: minX, y: minY, width: width, height: min(max(0, count), height))
    }

    /// The bottom `count` lines of the rectangle.
    public func bottomLines(_ count: Int) -> Rect {
        let n = min(max(0, count), height)
        return Rect(x: minX, y: maxY - n, width: width, height: n)
    }

    /// `(x, y) WxH`, for test failures and logs.
    public var description: String { "\(origin) \(size)" }
}

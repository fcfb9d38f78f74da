/// One cell of a ``Canvas``: a grapheme cluster, the columns it spans, and its style.
public struct Cell: Hashable, Sendable {
    /// The cluster drawn here; empty in the second column of a double-width cluster.
    public var grapheme: String
    /// 1 for most text, 2 for wide text, 0 for the column a wide cluster spills into.
    public var width: UInt8
    /// Colours and attributes.
    public var style: Style

    /// Creates a cell.
    public init(grapheme: String, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// An unstyled space.
    public static let blank = Cell(grapheme: " ", width: 1, style: .plain)

    /// Whether this is the right half of a double-width cluster.
    public var isContinuation: Bool { width == 0 }
}

/// A grid of cells that every view draws into; the backend then shows it.
///
/// Drawing never reaches outside the canvas or a given clip rectangle, never leaves half of a
/// wide character behind, and escapes control characters (see `ControlEscaping`). A canvas
/// read back with ``lines`` is what a test compares with the expected screen.
public struct Canvas: Hashable, Sendable {
    /// The number of columns and lines.
    public let size: Size
    /// The cells, line by line.
    public private(set) var cells: [Cell]

    /// A canvas of `size` filled with blank cells in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = size
        cells = Array(repeating: Cell(grapheme: " ", width: 1, style: style), count: size.width * size.height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, line `y`; a blank cell outside the canvas.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Draws `text` on one line from `point`, clipped to `clip` (and the canvas).
    ///
    /// Control and invisible format characters are drawn escaped (`ControlEscaping`). A
    /// double-width cluster that would straddle the right edge of the clip is replaced by a
    /// space.
    /// - Returns: The column just after the last one drawn. Text that reaches the clip's right
    ///   edge stops there (the result is then at least that edge): what lies past it is not
    ///   looked at, so the work is bounded by the clip's width however long the text.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var x = point.x
        guard point.y >= area.minY, point.y < area.maxY else { return x }
        for character in text {
            guard x < area.maxX else { break }
            if ControlEscaping.needsEscaping(character) {
                for piece in ControlEscaping.escaped(character) {
                    x = putCluster(piece, x: x, y: point.y, style: style, area: area)
                }
            } else {
                x = putCluster(character, x: x, y: point.y, style: style, area: area)
            }
        }
        return x
    }

    /// Fills `rect` (clipped to the canvas) with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        if DisplayWidth.of(character) == 1, !ControlEscaping.needsEscaping(character),
           let first = character.unicodeScalars.first, DisplayWidth.of(first) > 0 {
            fillNarrow(area, with: Cell(grapheme: String(character), width: 1, style: style))
            return
        }
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x < area.maxX {
                x = max(x + 1, putCluster(character, x: x, y: y, style: style, area: area))
            }
        }
    }

    /// Fills `area` (inside the canvas) with copies of a one-column `cell`. Inside the area
    /// every cell is replaced; only at its left and right edges can a wide cluster be cut, and
    /// there its other half is blanked, as ``setCell(x:y:_:)`` does one cell at a time.
    private mutating func fillNarrow(_ area: Rect, with cell: Cell) {
        for y in area.minY..<area.maxY {
            let row = y * size.width
            if area.minX > 0, cells[row + area.minX].isContinuation {
                cells[row + area.minX - 1] = Cell(grapheme: " ", width: 1, style: cells[row + area.minX - 1].style)
            }
            if area.maxX < size.width, cells[row + area.maxX - 1].width == 2 {
                cells[row + area.maxX] = Cell(grapheme: " ", width: 1, style: cells[row + area.maxX].style)
            }
            for x in area.minX..<area.maxX { cells[row + x] = cell }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the text (for highlights).
    mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                change(&cells[y * size.width + x].style)
            }
        }
    }

    /// The text of each line; the right half of a wide cluster adds nothing.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    /// The text of line `y`, with trailing spaces kept.
    public func line(_ y: Int) -> String {
        var text = ""
        text.reserveCapacity(size.width)
        let start = y * size.width
        for cell in cells[start..<start + size.width] where !cell.isContinuation {
            text += cell.grapheme
        }
        return text
    }

    /// All lines, trailing spaces removed, joined with newlines: what a person would read.
    public var text: String {
        lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    // Writes one cluster at (x, y) inside `area`, in as many cells as it takes (see
    // `DisplayWidth.cells(of:)`); returns the next column. A cluster of several cells that
    // would cross the right edge of `area` is not cut: the columns it would take there are
    // blanked.
    private mutating func putCluster(_ character: Character, x: Int, y: Int, style: Style, area: Rect) -> Int {
        guard let cells = DisplayWidth.cells(of: character) else {
            return put(String(character), width: DisplayWidth.of(character), x: x, y: y, style: style, area: area)
        }
        let width = cells.reduce(0) { $0 + $1.width }
        if x < area.maxX && x + width > area.maxX {
            for column in max(x, area.minX) ..< area.maxX {
                setCell(x: column, y: y, Cell(grapheme: " ", width: 1, style: style))
            }
            return x + width
        }
        var next = x
        for cell in cells {
            next = put(cell.grapheme, width: cell.width, x: next, y: y, style: style, area: area)
        }
        return next
    }

    // Writes one cluster of known width at (x, y) inside `area`; returns the next column.
    private mutating func put(_ text: String, width: Int, x: Int, y: Int, style: Style, area: Rect) -> Int {
        guard width > 0 else { return x }
        if x < area.minX || x >= area.maxX { return x + width }
        if width == 2 && x + 1 >= area.maxX {
            setCell(x: x, y: y, Cell(grapheme: " ", width: 1, style: style))
            return x + width
        }
        var grapheme = text
        if DisplayWidth.of(text.unicodeScalars.first ?? " ") == 0 {
            grapheme = "\u{25CC}" + grapheme
        }
        setCell(x: x, y: y, Cell(grapheme: grapheme, width: UInt8(width), style: style))
        if width == 2 {
            setCell(x: x + 1, y: y, Cell(grapheme: "", width: 0, style: style))
        }
        return x + width
    }

    /// Sets the cell at column `x`, line `y` (inside the canvas) to the one-column, printable
    /// cluster `grapheme` in `style`: the cheapest way to draw a cell, for drawing that sets
    /// many (an image's half blocks). Nothing is checked — neither the clip, nor the width,
    /// nor control characters (see ``draw(_:at:style:clip:)``) — except that a wide cluster
    /// it cuts through is blanked, as drawing always does.
    @inline(__always)
    mutating func setNarrowCell(x: Int, y: Int, grapheme: String, style: Style) {
        setCell(x: x, y: y, Cell(grapheme: grapheme, width: 1, style: style))
    }

    // Sets a cell, blanking the other half of any wide cluster it cuts through.
    private mutating func setCell(x: Int, y: Int, _ cell: Cell) {
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, x > 0 {
            cells[index - 1] = Cell(grapheme: " ", width: 1, style: cells[index - 1].style)
        } else if old.width == 2, x + 1 < size.width {
            cells[index + 1] = Cell(grapheme: " ", width: 1, style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}

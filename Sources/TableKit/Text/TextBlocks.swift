/// A long text cut into blocks of about ``blockBytes`` bytes that are wrapped one at a time,
/// so that showing any part of it — the start, the end, the middle — wraps only the blocks on
/// screen, however long the text (TextKit 2's viewport layout, with blocks for paragraphs).
///
/// Where block `k` starts depends only on the bytes near `k × blockBytes`: just after the
/// first line feed in the half block that follows, else just after the first space there,
/// else at the first code point. Blocks can so be found from either end in any order. A
/// paragraph longer than a block breaks its line at that space, a little short of the width,
/// once every ``blockBytes`` bytes; nothing else differs from ``TextLayout/wrap(_:width:maximumLines:)``.
struct TextBlocks {
    /// The text, as drawn: each block is escaped when it is wrapped.
    let text: Substring
    /// How many bytes a block spans, give or take half a block.
    static let blockBytes = 8 * 1024
    /// How many wrapped blocks are kept.
    private static let keptBlocks = 64

    /// The columns the lines are wrapped to.
    private(set) var width: Int
    /// The wrapped lines of recently shown blocks, and the order in which they were used.
    private var wrapped: [Int: [String]] = [:]
    private var recentlyUsed: [Int] = []

    init(text: Substring, width: Int) {
        self.text = text
        self.width = max(1, width)
    }

    /// The number of blocks: at least one, even for an empty text.
    var blockCount: Int {
        max(1, (text.utf8.count + Self.blockBytes - 1) / Self.blockBytes)
    }

    /// Wraps to `width` columns from now on.
    mutating func setWidth(_ width: Int) {
        let width = max(1, width)
        guard width != self.width else { return }
        self.width = width
        wrapped = [:]
        recentlyUsed = []
    }

    /// The byte offset at which `block` starts (the text's length for ``blockCount``).
    func start(of block: Int) -> Int {
        let utf8 = text.utf8
        let length = utf8.count
        guard block > 0 else { return 0 }
        guard block < blockCount else { return length }
        let nominal = block * Self.blockBytes
        let from = utf8.index(utf8.startIndex, offsetBy: nominal)
        let windowEnd = utf8.index(from, offsetBy: min(Self.blockBytes / 2, length - nominal))
        let window = utf8[from ..< windowEnd]
        if let newline = window.firstIndex(of: 0x0A) { return utf8.distance(from: utf8.startIndex, to: newline) + 1 }
        if let space = window.firstIndex(of: 0x20) { return utf8.distance(from: utf8.startIndex, to: space) + 1 }
        var offset = nominal
        var index = from
        while index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 {
            index = utf8.index(after: index)
            offset += 1
        }
        return offset
    }

    /// The text of `block`, without the line feed that ends it.
    func content(of block: Int) -> Substring {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start(of: block))
        var to = utf8.index(utf8.startIndex, offsetBy: start(of: block + 1))
        if to > from, utf8[utf8.index(before: to)] == 0x0A { to = utf8.index(before: to) }
        return Substring(utf8[from ..< to])
    }

    /// The wrapped lines of `block`: at least one.
    mutating func lines(of block: Int) -> [String] {
        if let lines = wrapped[block] {
            if recentlyUsed.last != block {
                recentlyUsed.removeAll { $0 == block }
                recentlyUsed.append(block)
            }
            return lines
        }
        let wrappedLines = TextLayout.wrap(content(of: block), width: width)
        let lines = wrappedLines.isEmpty ? [""] : wrappedLines
        wrapped[block] = lines
        recentlyUsed.append(block)
        if recentlyUsed.count > Self.keptBlocks { wrapped[recentlyUsed.removeFirst()] = nil }
        return lines
    }

    /// A line of the text: its block, and its number among the block's lines.
    struct Position: Hashable, Comparable {
        var block: Int
        var line: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.block, lhs.line) < (rhs.block, rhs.line)
        }
    }

    /// The position `count` lines after `position` (before it when negative), kept inside
    /// the text.
    mutating func position(_ count: Int, linesFrom position: Position) -> Position {
        var position = position
        var remaining = count
        while remaining > 0 {
            let lineCount = lines(of: position.block).count
            if position.line + remaining < lineCount {
                position.line += remaining
                return position
            }
            guard position.block + 1 < blockCount else {
                position.line = lineCount - 1
                return position
            }
            remaining -= lineCount - position.line
            position = Position(block: position.block + 1, line: 0)
        }
        while remaining < 0 {
            if position.line + remaining >= 0 {
                position.line += remaining
                return position
            }
            guard position.block > 0 else { return Position(block: 0, line: 0) }
            remaining += position.line + 1
            position = Position(block: position.block - 1, line: lines(of: position.block - 1).count - 1)
        }
        return position
    }

    /// The last line of the text.
    mutating func lastLine() -> Position {
        let block = blockCount - 1
        return Position(block: block, line: lines(of: block).count - 1)
    }

    /// The lines from `position` on, at most `count` of them.
    mutating func lines(from position: Position, count: Int) -> [String] {
        var shown: [String] = []
        var position = position
        while shown.count < count, position.block < blockCount {
            let lines = lines(of: position.block)
            shown += lines[min(position.line, lines.count)...].prefix(count - shown.count)
            position = Position(block: position.block + 1, line: 0)
        }
        return shown
    }

    /// How far into the text `position` is, from 0 to 1, by bytes.
    mutating func fraction(at position: Position) -> Double {
        let length = text.utf8.count
        guard length > 0 else { return 1 }
        let start = self.start(of: position.block), end = self.start(of: position.block + 1)
        let lineCount = lines(of: position.block).count
        let offset = Double(start) + Double(end - start) * Double(position.line) / Double(max(1, lineCount))
        return min(1, offset / Double(length))
    }
}

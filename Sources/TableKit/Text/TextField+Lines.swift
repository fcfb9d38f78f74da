/// A text view's lines: wrapped once when the field is laid out, then kept by every edit, so
/// that a key re-wraps the few lines around it rather than the whole text.
extension TextField {
    /// One line of a text view as drawn: a range of characters, and whether a line break
    /// ends it (rather than the width).
    struct VisualLine: Hashable {
        var range: Range<Int>
        var endsParagraph: Bool
        /// Whether every character of the line is printable ASCII other than a space (one
        /// column each, nowhere to break but the width): a run of such lines wraps every
        /// `width` characters, whatever its characters are.
        var isUniform = false
    }

    /// The lines of the text at `width` columns: a single line is one line; a text view breaks
    /// at line breaks and wraps at spaces where it can. The kept lines when the field was laid
    /// out at that width, or drawn at it; wrapped now otherwise.
    func visualLines(width: Int) -> [VisualLine] {
        guard traits.isMultiline else { return [VisualLine(range: 0 ..< storage.count, endsParagraph: true)] }
        return lineLayouts.lines(width: max(1, width)) ?? Self.wrappedLines(storage, width: width)
    }

    /// The line the cursor is on, among `lines`: at a wrapped line's end it belongs to the
    /// next line, at a paragraph's end to its own.
    ///
    /// - Complexity: O(log n) in the number of lines.
    func cursorLine(in lines: [VisualLine]) -> Int {
        // The last line that starts at or before the cursor: lines start in increasing order.
        var low = 0, high = lines.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lines[middle].range.lowerBound <= cursor { low = middle } else { high = middle }
        }
        guard let line = lines.indices.contains(low) ? lines[low] : nil else { return 0 }
        if cursor >= line.range.lowerBound, cursor < line.range.upperBound || (cursor == line.range.upperBound && line.endsParagraph) {
            return low
        }
        return max(0, lines.count - 1)
    }

    /// The lines the field takes at `width` columns.
    public func lineCount(width: Int) -> Int {
        traits.isMultiline ? visualLines(width: width).count : 1
    }

    /// The columns a text view's lines are drawn in: its width less what is drawn after the
    /// text on its first line (see ``render(into:rect:context:)``).
    var textWidth: Int { max(0, width - trailingDecorationWidth) }

    /// Wraps the text at the widths the field is measured and drawn at, where they are not
    /// kept yet; forgets other widths.
    mutating func keepLineLayouts() {
        guard traits.isMultiline else {
            lineLayouts = LineLayouts()
            return
        }
        lineLayouts.keep(widths: [width, textWidth].map { max(1, $0) }, characters: storage)
    }

    /// All the lines of `characters` at `width` columns.
    static func wrappedLines<Characters: RandomAccessCollection<Character>>(_ characters: Characters, width: Int) -> [VisualLine] where Characters.Index == Int {
        var lines: [VisualLine] = []
        wrap(characters, width: width, from: 0) { lines.append($0); return true }
        return lines
    }

    /// Wraps `characters` at `width` columns from `start`, which must start a line, handing
    /// each line to `body` until it returns false or the text ends: a line break ends a
    /// paragraph; a line too wide breaks after its last space, or before the character that
    /// does not fit when it has none.
    static func wrap<Characters: RandomAccessCollection<Character>>(_ characters: Characters, width: Int, from start: Int, _ body: (VisualLine) -> Bool)
        where Characters.Index == Int {
        let width = max(1, width)
        var start = start
        var index = start
        var columns = 0
        var lastSpace: Int?
        var isUniform = true
        while index < characters.count {
            let character = characters[index]
            let byte = character.singleByte
            if byte == 0x0A {
                guard body(VisualLine(range: start ..< index, endsParagraph: true, isUniform: isUniform)) else { return }
                index += 1
                start = index
                columns = 0
                lastSpace = nil
                isUniform = true
                continue
            }
            let characterWidth = DisplayWidth.of(character)
            if columns + characterWidth > width, index > start {
                // Break after the last space of the line, or here when the word fills it.
                // (A line that breaks at a space holds it: it is not uniform.)
                let end = lastSpace.map { $0 + 1 } ?? index
                guard body(VisualLine(range: start ..< end, endsParagraph: false, isUniform: isUniform)) else { return }
                start = end
                index = end
                columns = 0
                lastSpace = nil
                isUniform = true
                continue
            }
            if byte == 0x20 { lastSpace = index }
            if isUniform, byte.map({ $0 <= 0x20 || $0 == 0x7F }) ?? true { isUniform = false }
            columns += characterWidth
            index += 1
        }
        _ = body(VisualLine(range: start ..< characters.count, endsParagraph: true, isUniform: isUniform))
    }
}

/// The wrapped lines of a text view at the one or two widths it is measured and drawn at.
///
/// Left out of the field's equality and hash: they follow from its text and width.
struct LineLayouts: Hashable {
    /// The lines at one width.
    private struct Layout {
        var width: Int
        var lines: [TextField.VisualLine]
    }

    private var layouts: [Layout] = []

    /// The kept lines at `width`, if any.
    func lines(width: Int) -> [TextField.VisualLine]? {
        layouts.first { $0.width == width }?.lines
    }

    /// Keeps the lines at `widths` (wrapping those not kept yet) and forgets the others.
    mutating func keep(widths: [Int], characters: TextStorage) {
        if layouts.count == Set(widths).count, layouts.allSatisfy({ widths.contains($0.width) }) { return }
        var kept: [Layout] = []
        for width in widths where !kept.contains(where: { $0.width == width }) {
            kept.append(layouts.first { $0.width == width } ?? Layout(width: width, lines: TextField.wrappedLines(characters, width: width)))
        }
        layouts = kept
    }

    /// Forgets every width (the text was replaced).
    mutating func removeAll() {
        layouts = []
    }

    /// Follows an edit: the characters in `range` of the old text were replaced by
    /// `insertedCount` characters, giving `characters`.
    ///
    /// Wrapping from a line's start depends only on the text after it, so the lines are
    /// wrapped again from two lines before the edit (a line's last break can depend on the
    /// first characters of the line after next) until a line starts where an old line
    /// started, shifted by the edit; the old lines from there on stay, shifted.
    ///
    /// - Complexity: O(k + m), where k is the number of characters wrapped again (a few
    ///   lines for text with spaces; the rest of the paragraph for a text without any), and
    ///   m the number of lines after the edit, which are shifted.
    mutating func replace(_ range: Range<Int>, insertedCount: Int, characters: TextStorage) {
        for index in layouts.indices {
            Self.replace(range, insertedCount: insertedCount, in: &layouts[index].lines, width: layouts[index].width, characters: characters)
        }
    }

    private static func replace(_ range: Range<Int>, insertedCount: Int, in lines: inout [TextField.VisualLine], width: Int, characters: TextStorage) {
        guard !lines.isEmpty else {
            lines = TextField.wrappedLines(characters, width: width)
            return
        }
        let delta = insertedCount - range.count
        let editEnd = range.lowerBound + insertedCount
        // The line holding the edit's start: the last that starts at or before it.
        let edited = lastLine(startingAtOrBefore: range.lowerBound, in: lines)
        let first = max(0, edited - 2)
        let start = lines[first].range.lowerBound
        var wrapped: [TextField.VisualLine] = []
        var resumed: Int?
        var triedUniformRun = false
        TextField.wrap(characters, width: width, from: start) { line in
            // Past the edit, the text is the old text shifted: a line that starts where an old
            // one did wraps as it did.
            guard line.range.lowerBound >= editEnd else {
                wrapped.append(line)
                return true
            }
            let old = line.range.lowerBound - delta
            let candidate = lastLine(startingAtOrBefore: old, in: lines)
            if lines[candidate].range.lowerBound == old {
                resumed = candidate
                return false
            }
            // In a run without spaces every line moved, and none starts as before; but where the
            // old lines say the rest of the paragraph is such a run, its lines are every
            // `width` characters, counted without reading them.
            if !triedUniformRun {
                triedUniformRun = true
                if let (end, next) = uniformParagraphEnd(from: candidate, in: lines) {
                    var lineStart = line.range.lowerBound
                    let paragraphEnd = end + delta
                    while paragraphEnd - lineStart > width {
                        wrapped.append(TextField.VisualLine(range: lineStart ..< lineStart + width, endsParagraph: false, isUniform: true))
                        lineStart += width
                    }
                    wrapped.append(TextField.VisualLine(range: lineStart ..< paragraphEnd, endsParagraph: true, isUniform: true))
                    resumed = next
                    return false
                }
            }
            wrapped.append(line)
            return true
        }
        guard let resumed, resumed < lines.count else {
            lines.replaceSubrange(first..., with: wrapped)
            return
        }
        if delta != 0 {
            for index in resumed ..< lines.count {
                let range = lines[index].range
                lines[index].range = range.lowerBound + delta ..< range.upperBound + delta
            }
        }
        lines.replaceSubrange(first ..< resumed, with: wrapped)
    }

    /// Where the paragraph of line `index` ends, when that line and the rest of the paragraph
    /// are uniform (see ``TextField/VisualLine/isUniform``), and the index of the line after
    /// it (the line count at the end of the text).
    private static func uniformParagraphEnd(from index: Int, in lines: [TextField.VisualLine]) -> (end: Int, next: Int)? {
        for line in index ..< lines.count {
            guard lines[line].isUniform else { return nil }
            if lines[line].endsParagraph { return (lines[line].range.upperBound, line + 1) }
        }
        return nil
    }

    /// The index of the last of `lines` that starts at or before `offset` (0 when none does).
    private static func lastLine(startingAtOrBefore offset: Int, in lines: [TextField.VisualLine]) -> Int {
        var low = 0, high = lines.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lines[middle].range.lowerBound <= offset { low = middle } else { high = middle }
        }
        return low
    }

    static func == (lhs: LineLayouts, rhs: LineLayouts) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}

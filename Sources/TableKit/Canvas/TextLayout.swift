/// Fitting text into columns: truncation with an ellipsis and word wrapping, both measured
/// in display columns (see ``DisplayWidth``) after control characters are escaped.
public enum TextLayout {
    /// The ellipsis that ends truncated text.
    @usableFromInline static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut
    /// (UILabel's default tail truncation).
    ///
    /// - Complexity: O(`width`): only the characters that can show are looked at, however
    ///   long the text.
    public static func truncate(_ text: some StringProtocol, width: Int, ellipsis: Character = TextLayout.ellipsis) -> String {
        guard width > 0 else { return "" }
        let budget = width - DisplayWidth.of(ellipsis)
        var visible = ""
        var used = 0
        // The length in bytes of the part of `visible` that leaves room for the ellipsis.
        var fitsWithEllipsis = 0
        func add(_ character: Character) -> Bool {
            let columns = DisplayWidth.of(character)
            if used + columns > width { return false }
            visible.append(character)
            used += columns
            if used <= budget { fitsWithEllipsis = visible.utf8.count }
            return true
        }
        for character in text {
            let fits = ControlEscaping.needsEscaping(character)
                ? ControlEscaping.escaped(character).allSatisfy(add)
                : add(character)
            guard fits else {
                guard budget >= 0 else { return "" }
                var kept = String(Substring(visible.utf8.prefix(fitsWithEllipsis)))
                while kept.last == " " { kept.removeLast() }
                kept.append(ellipsis)
                return kept
            }
        }
        return visible
    }

    /// `text` broken into lines of at most `width` columns at spaces; a word longer than a
    /// line is broken inside. Newlines in the text start new lines.
    ///
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - width: The most columns a line may take.
    ///   - maximumLines: Stop after this many lines, the last truncated with `…`
    ///     (0 means as many as needed, like `numberOfLines = 0`).
    /// - Complexity: O(n) in the length of the text; with `maximumLines`, in the length of the
    ///   lines kept, however long the text.
    public static func wrap(_ text: some StringProtocol, width: Int, maximumLines: Int = 0) -> [String] {
        wrap(text, width: width, maximumLines: maximumLines, stoppingAfter: nil)
    }

    /// ``wrap(_:width:maximumLines:)``, stopping once `needed` lines exist (when given): a
    /// row drawn in part needs only its first lines, however long its text.
    static func wrap(_ text: some StringProtocol, width: Int, maximumLines: Int, stoppingAfter needed: Int?) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        // One more than kept, so that a cut at `maximumLines` still sees the line after.
        let limit = [needed, maximumLines > 0 ? maximumLines : nil].compactMap { $0 }.min().map { $0 + 1 }
        let whole = substring(text)
        let utf8 = whole.utf8
        var start = utf8.startIndex
        // Paragraphs are found by their line feeds, one at a time, so that a limit stops the
        // walk: splitting the whole text first would read all of it.
        while true {
            if let limit, lines.count >= limit { break }
            // With a limit, a line of `width` columns seldom takes more than four bytes a
            // column; past a generous multiple of that, the rest cannot reach the lines kept,
            // so neither the paragraph's end nor its text there is looked for.
            let rest = limit.map { prefix(utf8[start...], bytes: ($0 - lines.count + 1) * width * 16 + 64) } ?? utf8[start...]
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            var paragraph = utf8[start ..< end]
            if paragraph.last == 0x0D { paragraph = paragraph.dropLast() }
            let visible = ControlEscaping.escaped(Substring(paragraph))
            lines.append(contentsOf: wrapParagraph(visible, width: width, limit: limit.map { $0 - lines.count }))
            // The end of the text, or of the part of it a limit lets count.
            guard end < rest.endIndex else { break }
            start = utf8.index(after: end)
        }
        if maximumLines > 0 && lines.count > maximumLines {
            var kept = Array(lines.prefix(maximumLines))
            // Joined to the first hidden line, the last kept one is too long when they are one
            // paragraph (else wrapping would have joined them), and is cut with `…`; a hidden
            // paragraph leaves it whole, `…` after it.
            let last = kept[maximumLines - 1]
            let joined = last + " " + lines[maximumLines]
            kept[maximumLines - 1] = truncate(joined.displayWidth > width ? joined : last + String(ellipsis), width: width)
            return kept
        }
        return lines
    }

    /// The number of lines ``wrap(_:width:maximumLines:)`` would produce.
    static func lineCount(_ text: some StringProtocol, width: Int, maximumLines: Int = 0) -> Int {
        wrap(text, width: width, maximumLines: maximumLines).count
    }

    /// The text as a substring of its own storage, without a copy when it is a `String` or a
    /// `Substring`.
    private static func substring(_ text: some StringProtocol) -> Substring {
        if let string = text as? String { return string[...] }
        if let substring = text as? Substring { return substring }
        return Substring(String(text))
    }

    /// At most `bytes` of `text`, cut at the start of a code point.
    private static func prefix(_ text: Substring.UTF8View, bytes: Int) -> Substring.UTF8View {
        guard text.count > bytes else { return text }
        var end = text.index(text.startIndex, offsetBy: bytes)
        while end > text.startIndex, text[end] & 0xC0 == 0x80 { end = text.index(before: end) }
        return text[..<end]
    }

    private static func wrapParagraph(_ text: String, width: Int, limit: Int? = nil) -> [String] {
        // Printable ASCII (control characters are escaped by now) is one column a byte: its
        // words are measured and cut by bytes, without walking grapheme clusters.
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let columns: (Substring) -> Int = { isASCII ? $0.utf8.count : $0.displayWidth }
        if columns(Substring(text)) <= width { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        let utf8 = text.utf8
        var next = utf8.startIndex
        // Words are taken one at a time (not split up front), so that a limit ends the walk.
        while next < utf8.endIndex {
            if let limit, lines.count >= limit { return lines }
            guard utf8[next] != 0x20 else { next = utf8.index(after: next); continue }
            let wordEnd = utf8[next...].firstIndex(of: 0x20) ?? utf8.endIndex
            var word = Substring(utf8[next ..< wordEnd])
            next = wordEnd
            var wordWidth = columns(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // The rest's width is kept by subtraction: measuring it again after every line
            // would make a long run without spaces (a hash, minified JSON) quadratic.
            while wordWidth > width {
                if let limit, lines.count >= limit { return lines }
                var (head, headWidth, rest) = isASCII ? splitASCII(word, atColumn: width) : split(word, atColumn: width)
                // A path or a hyphenated run breaks after a `/` (else a `-` or `_`) where one
                // falls in the line's second half or later, not in the middle of a name.
                if let breakAfter = breakPoint(in: head), breakAfter < head.utf8.endIndex {
                    let shorter = Substring(head.utf8[..<breakAfter])
                    let shorterWidth = columns(shorter)
                    if shorterWidth * 2 >= width {
                        rest = Substring(word.utf8[breakAfter...])
                        head = shorter
                        headWidth = shorterWidth
                    }
                }
                lines.append(String(head))
                word = rest
                wordWidth -= headWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Where a run without spaces cut at `head`'s end breaks better: just after its last `/`,
    /// or else its last `-` or `_`; `nil` when it has none.
    private static func breakPoint(in head: Substring) -> String.Index? {
        let bytes = head.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        guard let mark = slash ?? bytes.lastIndex(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else { return nil }
        return bytes.index(after: mark)
    }

    /// ``split(_:atColumn:)`` for ASCII, where a column is a byte.
    private static func splitASCII(_ word: Substring, atColumn column: Int) -> (Substring, Int, Substring) {
        let count = max(1, min(column, word.utf8.count))
        let index = word.utf8.index(word.startIndex, offsetBy: count)
        return (word[..<index], count, word[index...])
    }

    /// `word` cut after at most `column` columns (at least one character): the head, its
    /// width, and the rest.
    private static func split(_ word: Substring, atColumn column: Int) -> (Substring, Int, Substring) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let w = DisplayWidth.of(word[index])
            if used + w > column { break }
            used += w
            index = word.index(after: index)
        }
        if index == word.startIndex {
            used = DisplayWidth.of(word[index])
            index = word.index(after: index)
        }
        return (word[..<index], used, word[index...])
    }
}

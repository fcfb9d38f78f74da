/// Fitting text into columns: truncation with an ellipsis and word wrapping, both measured
/// in display columns (see ``DisplayWidth``) after control characters are escaped.
public enum TextLayout {
    /// The ellipsis that ends truncated text.
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut
    /// (UILabel's default tail truncation).
    public static func truncate(_ text: some StringProtocol, width: Int, ellipsis: Character = TextLayout.ellipsis) -> String {
        guard width > 0 else { return "" }
        let visible = ControlEscaping.escaped(text)
        if visible.displayWidth <= width { return visible }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        let budget = width - ellipsisWidth
        guard budget >= 0 else { return "" }
        var result = ""
        var used = 0
        for character in visible {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        while let last = result.last, last == " " { result.removeLast() }
        result.append(ellipsis)
        return result
    }

    /// `text` broken into lines of at most `width` columns at spaces; a word longer than a
    /// line is broken inside. Newlines in the text start new lines.
    ///
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - width: The most columns a line may take.
    ///   - maximumLines: Stop after this many lines, the last truncated with `…`
    ///     (0 means as many as needed, like `numberOfLines = 0`).
    public static func wrap(_ text: some StringProtocol, width: Int, maximumLines: Int = 0) -> [String] {
        wrap(text, width: width, maximumLines: maximumLines, stoppingAfter: nil)
    }

    /// ``wrap(_:width:maximumLines:)``, stopping once `needed` lines exist (when given): a
    /// row drawn in part needs only its first lines, however long its text.
    static func wrap(_ text: some StringProtocol, width: Int, maximumLines: Int, stoppingAfter needed: Int?) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        // One more than needed, so that a cut at `maximumLines` still sees the line after.
        let limit = needed.map { $0 + 1 }
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            if let limit, lines.count >= limit { break }
            let visible = ControlEscaping.escaped(paragraph.hasSuffix("\r") ? paragraph.dropLast() : paragraph)
            lines.append(contentsOf: wrapParagraph(visible, width: width, limit: limit.map { $0 - lines.count }))
        }
        if maximumLines > 0 && lines.count > maximumLines {
            var kept = Array(lines.prefix(maximumLines))
            // Joining the first hidden line makes the last kept one too long, so it is cut with `…`.
            kept[maximumLines - 1] = truncate(kept[maximumLines - 1] + " " + lines[maximumLines], width: width)
            return kept
        }
        return lines
    }

    /// The number of lines ``wrap(_:width:maximumLines:)`` would produce.
    public static func lineCount(_ text: some StringProtocol, width: Int, maximumLines: Int = 0) -> Int {
        wrap(text, width: width, maximumLines: maximumLines).count
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
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if let limit, lines.count >= limit { return lines }
            var word = Substring(word)
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
                let (head, headWidth, rest) = isASCII ? splitASCII(word, atColumn: width) : split(word, atColumn: width)
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

extension Collation {
    /// `text` folded the way the collation compares titles, as UTF-8: case, accents and width
    /// ignored, letters spelled out as the collation spells them (`ß` → `ss`, `Ø` → `o`),
    /// leading whitespace dropped. Search matches when the folded query is part of the folded
    /// text; ``text(_:contains:)`` does exactly that.
    ///
    /// ```swift
    /// Collation.english.folded("Élan") == Collation.english.folded("elan")   // true
    /// ```
    public func folded(_ text: some StringProtocol) -> [UInt8] {
        Array(sortKey(for: text).dropFirst())
    }

    /// Whether `text` contains `query`, ignoring case, accents and width (see ``folded(_:)``).
    /// An empty query (or one of whitespace only) is contained in every text.
    ///
    /// - Complexity: O(*n* × *m*) in the folded lengths; fold the query once with
    ///   ``folded(_:)`` and use `folded(_:contains:)` to match many texts.
    public func text(_ text: some StringProtocol, contains query: some StringProtocol) -> Bool {
        folded(folded(text), contains: folded(query))
    }

    /// Whether the folded bytes `text` contain the folded bytes `query`.
    func folded(_ text: [UInt8], contains query: [UInt8]) -> Bool {
        guard !query.isEmpty else { return true }
        guard text.count >= query.count else { return false }
        let first = query[0]
        var start = 0
        while start <= text.count - query.count {
            if text[start] == first, text[start ..< start + query.count].elementsEqual(query) { return true }
            start += 1
        }
        return false
    }
}

/// What a section index shows in a given number of lines, and how lines map to its titles.
///
/// When every title fits, each gets a line. Otherwise the index is condensed as UIKit does
/// (following MYTableViewIndex's truncation): an odd number of slots alternating title, `•`,
/// title, `•`, …, title, with the first and last titles always kept and the kept titles
/// sampled evenly across the list (step = titles / slots); each dot stands for the titles
/// hidden between its neighbours. With more than 5 titles, a leading `{search}` and a
/// trailing `#` stay put and the condensing happens between them (so the total can be even:
/// `A • G • M • R • Z #`).
///
/// Tiny heights: no lines show nothing; 1 line shows the first title; 2 lines the first and
/// the last; 3 or more lines condense (keeping `{search}` and `#` apart only while at least 3
/// lines remain between them). The slots are centred vertically in the height: ``top``.
///
/// Lines are counted from the top of the area the index is given, not from ``top``.
struct SectionIndexLayout: Equatable, Sendable {
    /// One line of the index.
    public enum Slot: Equatable, Sendable {
        /// The title at this position of the full title list.
        case title(Int)
        /// A dot standing for the hidden titles at these positions of the full list.
        case dot(ClosedRange<Int>)
    }

    /// The title UIKit draws as a magnifying glass (`UITableView.indexSearch`).
    public static let searchTitle = "{search}"

    /// The lines of the index, top to bottom.
    public var slots: [Slot]
    /// The line of the first slot: the slots are centred in the height.
    public var top: Int
    /// The number of titles in the full list.
    public var titleCount: Int
    /// The columns the index needs: the widest title, counting at most
    /// ``maximumTitleWidth`` columns a title (longer ones are cut when drawn) and 1 for
    /// `{search}`; 1 at least, 0 with no titles.
    public var width: Int

    /// The most columns an index title takes: letters take one, ranges of values such as
    /// `1970` or `Other` up to five.
    public static let maximumTitleWidth = 5

    /// Lays out `titles` in `height` lines.
    ///
    /// - Complexity: O(n) in the number of titles.
    public init(titles: [String], height: Int) {
        let count = titles.count, height = max(0, height)
        titleCount = count
        width = count == 0 ? 0 : max(1, titles.map { $0 == Self.searchTitle ? 1 : min(Self.maximumTitleWidth, $0.displayWidth) }.max() ?? 1)
        if count == 0 || height == 0 {
            slots = []
        } else if count <= height {
            slots = (0..<count).map(Slot.title)
        } else if height == 1 {
            slots = [.title(0)]
        } else if height == 2 {
            slots = [.title(0), .title(count - 1)]
        } else {
            var keepsFirst = count > 5 && titles[0] == Self.searchTitle
            var keepsLast = count > 5 && titles[count - 1] == "#"
            var lines = height - (keepsFirst ? 1 : 0) - (keepsLast ? 1 : 0)
            if lines < 3 {
                keepsFirst = false
                keepsLast = false
                lines = height
            }
            if lines % 2 == 0 { lines -= 1 }
            let inner = (keepsFirst ? 1 : 0) ..< (keepsLast ? count - 1 : count)
            slots = (keepsFirst ? [.title(0)] : []) + Self.condense(inner, lines: lines)
                + (keepsLast ? [.title(count - 1)] : [])
        }
        top = (height - slots.count) / 2
    }

    /// The slots for titles `range` in `lines` (odd, at least 3, fewer than the titles).
    private static func condense(_ range: Range<Int>, lines: Int) -> [Slot] {
        let step = Double(range.count) / Double(lines)
        var kept: [Int] = []
        for slot in stride(from: 0, to: lines, by: 2) {
            kept.append(slot == lines - 1 ? range.upperBound - 1 : range.lowerBound + Int((Double(slot) * step).rounded()))
        }
        var slots: [Slot] = []
        for (offset, title) in kept.enumerated() {
            if offset > 0, title - kept[offset - 1] >= 2 {
                slots.append(.dot(kept[offset - 1] + 1 ... title - 1))
            }
            slots.append(.title(title))
        }
        return slots
    }

    /// The position in the full title list that `line` points at, for a click or a drag.
    ///
    /// A title's line gives that title; a dot's line gives the middle one of the titles it
    /// hides, so the mapping is proportional between the titles shown and scrubbing over a dot
    /// reaches a hidden title. Lines above the first slot give the first title, lines below
    /// the last give the last.
    ///
    /// - Returns: nil when there are no titles or no lines.
    func titleIndex(atLine line: Int) -> Int? {
        guard titleCount > 0, !slots.isEmpty else { return nil }
        let offset = line - top
        if offset < 0 { return 0 }
        if offset >= slots.count { return titleCount - 1 }
        switch slots[offset] {
        case .title(let index): return index
        case .dot(let hidden): return hidden.lowerBound + (hidden.count - 1) / 2
        }
    }

    /// The line that shows the title at `index` of the full list, for highlighting it: its own
    /// line, or the line of the dot that hides it (or, at the tiniest heights, of the nearest
    /// title shown before it).
    ///
    /// - Returns: nil when `index` is not a position in the list or nothing is shown.
    func line(forTitleIndex index: Int) -> Int? {
        guard index >= 0, index < titleCount, !slots.isEmpty else { return nil }
        var nearest = 0
        for (offset, slot) in slots.enumerated() {
            switch slot {
            case .title(let shown):
                if shown == index { return top + offset }
                if shown < index { nearest = offset }
            case .dot(let hidden):
                if hidden.contains(index) { return top + offset }
                if hidden.upperBound < index { nearest = offset }
            }
        }
        return top + nearest
    }
}

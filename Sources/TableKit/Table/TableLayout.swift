import Foundation

/// Where each visible item of a table sits, worked out from the state before drawing.
///
/// Scrolling, focus visibility and drawing all read this one layout, so what is checked is
/// what is drawn.
struct TableLayout: Equatable {
    /// An item and the line it starts on (negative when partly scrolled off the top).
    struct Placed: Equatable {
        var item: ContentItem
        var y: Int
        var height: Int
        var maxY: Int { y + height }
    }

    /// The visible items, top to bottom.
    var placed: [Placed]
    /// The header pinned to the top in the plain style, and the line it is drawn at (0, or
    /// negative while the next section pushes it up).
    var pinnedHeader: (section: Int, y: Int)?
    /// The lines of the viewport.
    var height: Int

    static func == (a: TableLayout, b: TableLayout) -> Bool {
        a.placed == b.placed && a.height == b.height
            && a.pinnedHeader?.section == b.pinnedHeader?.section && a.pinnedHeader?.y == b.pinnedHeader?.y
    }

    func placement(of item: ContentItem) -> Placed? {
        placed.first { $0.item == item }
    }

    /// The first line of the viewport not covered by a pinned header of `section`.
    func topInset(forSection section: Int, headerHeight: Int) -> Int {
        guard let pinned = pinnedHeader, pinned.section == section else { return 0 }
        return max(0, pinned.y + headerHeight)
    }

    /// The row drawn on line `y`, if any.
    func row(atLine y: Int) -> IndexPath? {
        placed.first { $0.item.kind == .row && y >= $0.y && y < $0.maxY }?.item.indexPath
    }

    /// The row whose lines are fully visible and closest to line `y`.
    func nearestVisibleRow(toLine y: Int, headerHeight: Int) -> IndexPath? {
        let rows = placed.filter { placed in
            placed.item.kind == .row && placed.y >= topInset(forSection: placed.item.section, headerHeight: headerHeight)
                && placed.maxY <= height
        }
        return rows.min { abs($0.y - y) < abs($1.y - y) }?.item.indexPath
    }
}

@MainActor
extension TableContent {
    /// Lays out the items visible from `position` in a viewport of `height` lines; unless
    /// `clampsToContent` is false (a picture taller than the screen, for an animation), a
    /// position past the end of the content is brought back so that the viewport is full.
    func layout(from position: ScrollPosition?, viewportHeight height: Int, clampsToContent: Bool = true) -> TableLayout {
        var placed: [TableLayout.Placed] = []
        let start = clampsToContent ? clamped(position, viewportHeight: height) : position ?? clamped(nil, viewportHeight: height)
        guard height > 0, let position = start else {
            return TableLayout(placed: [], pinnedHeader: nil, height: height)
        }
        var item: ContentItem? = position.item
        var y = -position.lineOffset
        while let current = item, y < height {
            let h = self.height(of: current)
            placed.append(TableLayout.Placed(item: current, y: y, height: h))
            y += h
            item = self.item(after: current)
        }
        // A viewport no taller than a header has no room to pin one over the rows.
        let pinned = height > table.sectionHeaderHeight ? pinnedHeader(for: placed, topItem: position) : nil
        return TableLayout(placed: placed, pinnedHeader: pinned, height: height)
    }

    /// The plain style's sticky header: the header of the section on the top line, unless that
    /// header is itself at its natural place; pushed up by the end of its section.
    private func pinnedHeader(for placed: [TableLayout.Placed], topItem position: ScrollPosition) -> (section: Int, y: Int)? {
        guard table.style == .plain, let top = placed.first else { return nil }
        let section = top.item.section
        guard hasHeader(section) else { return nil }
        if top.item.kind == .header && position.lineOffset == 0 { return nil }
        // The section ends where the next section's first item starts (or the content ends).
        let sectionEnd = placed.first { $0.item.section > section }?.y ?? Int.max
        let y = min(0, sectionEnd - table.sectionHeaderHeight)
        return (section, y)
    }
}

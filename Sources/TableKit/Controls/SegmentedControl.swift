/// A row of segments of which one is chosen, as `UISegmentedControl`: drawn with end caps —
/// a left cap on the first segment, a right cap on the last, dividers between — and the
/// chosen segment filled in the tint colour.
///
/// ```
/// ◖ Title │ Author )        the first segment chosen
/// ( Title │ Author ◗        the last
/// ```
///
/// It is a value: the screen that shows it keeps it, and a person's choice reaches the screen
/// (see ``Screen/titleControl`` for one in the navigation bar). Choosing the segment already
/// chosen changes nothing, and setting ``selectedSegmentIndex`` in code tells no one.
public struct SegmentedControl: Hashable, Sendable {
    /// The segments' titles, left to right.
    public var segments: [String]
    /// The chosen segment.
    public var selectedSegmentIndex: Int
    /// The segment the keyboard is on while the control has the focus (`nil`: no focus).
    public internal(set) var highlightedSegmentIndex: Int?

    /// Creates a control of `segments` with `selectedSegmentIndex` chosen.
    public init(segments: [String], selectedSegmentIndex: Int = 0) {
        self.segments = segments
        self.selectedSegmentIndex = max(0, min(selectedSegmentIndex, segments.count - 1))
    }

    /// The columns the control takes with every title whole.
    public var naturalWidth: Int {
        guard !segments.isEmpty else { return 0 }
        return 2 + segments.reduce(0) { $0 + $1.displayWidth + 2 } + (segments.count - 1)
    }

    /// Each segment's title as shown, the columns of its label, and the columns a click picks
    /// it in (its cap included at the ends), from the control's left edge, in `width`
    /// columns: titles are cut evenly when the control is narrower than its natural width.
    func layout(width: Int) -> [(title: String, label: Range<Int>, hit: Range<Int>)] {
        guard !segments.isEmpty else { return [] }
        let inner = max(segments.count, min(width, naturalWidth) - 2 - (segments.count - 1))
        // Each label's room (a space each side of the title), as even as the titles allow.
        var rooms = segments.map { $0.displayWidth + 2 }
        while rooms.reduce(0, +) > inner, let widest = rooms.indices.max(by: { rooms[$0] < rooms[$1] }), rooms[widest] > 1 {
            rooms[widest] -= 1
        }
        var x = 1
        return zip(segments, rooms).enumerated().map { index, pair in
            let (title, room) = pair
            defer { x += room + 1 }
            let hit = (index == 0 ? 0 : x) ..< (index == segments.count - 1 ? x + room + 1 : x + room)
            // Padding gives way before the title does; one column shows the first letter.
            let titleWidth = room >= 3 ? room - 2 : room
            let shown = titleWidth <= 1 || title.displayWidth > titleWidth && titleWidth < 3
                ? String(title.prefix(1)) : TextLayout.truncate(title, width: titleWidth)
            return (shown, x ..< x + room, hit)
        }
    }

    /// The segment under column `x` of a control drawn `width` columns wide (from its left edge).
    public func segment(atColumn x: Int, width: Int) -> Int? {
        layout(width: min(width, naturalWidth)).firstIndex { $0.hit.contains(x) }
    }

    /// Draws the control on `rect`'s first line, centred in it: the chosen segment filled in
    /// the tint colour (its end cap round, `◖` / `◗`), the others tinted on the bar, the one
    /// the keyboard is on underlined.
    public func render(into canvas: inout Canvas, rect: Rect, context: RenderContext) {
        guard !segments.isEmpty, !rect.isEmpty else { return }
        let width = min(rect.width, naturalWidth)
        let left = rect.minX + (rect.width - width) / 2
        let y = rect.minY
        let ascii = context.glyphs == .ascii
        let layout = layout(width: width)
        for (index, segment) in layout.enumerated() {
            let isChosen = index == selectedSegmentIndex
            var style = isChosen ? Theme.segmentSelected : Theme.tint
            if highlightedSegmentIndex == index { style.attributes.insert(.underline) }
            let padding = max(0, segment.label.count - segment.title.displayWidth)
            let label = String(repeating: " ", count: padding / 2) + segment.title + String(repeating: " ", count: padding - padding / 2)
            canvas.draw(label, at: Point(x: left + segment.label.lowerBound, y: y), style: style, clip: rect)
            if index < layout.count - 1 {
                canvas.draw(ascii ? "|" : "│", at: Point(x: left + segment.label.upperBound, y: y), style: Theme.tint, clip: rect)
            }
        }
        // The caps: round and filled beside a chosen end segment, open otherwise.
        let last = segments.count - 1
        canvas.draw(!ascii && selectedSegmentIndex == 0 ? "◖" : "(", at: Point(x: left, y: y), style: Theme.tint, clip: rect)
        canvas.draw(!ascii && selectedSegmentIndex == last ? "◗" : ")", at: Point(x: left + width - 1, y: y), style: Theme.tint, clip: rect)
    }
}

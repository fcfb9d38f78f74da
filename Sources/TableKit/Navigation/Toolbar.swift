/// A one-line bar of buttons and spaces, as `UIToolbar`; it sits above the tab bar on the
/// screens that have one.
///
/// Items run left to right. Buttons are drawn with their hotkey (``BarButtonItem/label(glyphs:)``)
/// and stay one column apart unless a fixed space stands between them;
/// ``BarButtonItem/fixedSpace(_:)`` takes exactly its columns; ``BarButtonItem/flexibleSpace``
/// items share what is left equally (an uneven remainder goes to the rightmost ones, so a
/// centred button leans left, like centred text).
/// When the buttons do not fit, trailing buttons are left out, one at a time from the end,
/// until the rest fits. Drawing and clicks share one layout.
struct Toolbar: Hashable, Sendable {
    /// The buttons and spaces, left to right.
    public var items: [BarButtonItem]

    /// Creates a toolbar.
    public init(items: [BarButtonItem]) {
        self.items = items
    }

    /// The lines the toolbar takes.
    public static let height = 1

    /// Draws the toolbar on the first line of `area`; nothing is drawn outside it.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: .plain)
        for placement in layout(width: line.width, glyphs: context.glyphs) {
            let item = items[placement.index]
            canvas.draw(placement.label, at: Point(x: line.minX + placement.columns.lowerBound, y: line.minY), style: Self.style(of: item), clip: line)
        }
    }

    /// The id of the enabled button under column `x` (from the left edge of the toolbar) at
    /// `width`; `nil` for a space, a disabled button, a button left out, or outside the bar.
    func itemID(atColumn x: Int, width: Int, glyphs: Glyphs = .unicode) -> BarButtonItem.Identifier? {
        guard let placement = layout(width: width, glyphs: glyphs).first(where: { $0.columns.contains(x) }) else { return nil }
        let item = items[placement.index]
        return item.isEnabled ? item.id : nil
    }

    /// The id of the first enabled button whose hotkey is `key`. Hotkeys work at any width,
    /// even for a button the toolbar had no room to draw.
    func itemID(for key: Key) -> BarButtonItem.Identifier? {
        items.first { $0.kind == .button && $0.isEnabled && $0.key == key }?.id
    }

    /// A button as laid out: its index in ``items``, its label and its columns.
    struct Placement: Hashable {
        var index: Int
        var label: String
        /// Columns from the left edge of the toolbar.
        var columns: Range<Int>
    }

    /// The buttons that fit in `width` columns and where they go.
    func layout(width: Int, glyphs: Glyphs) -> [Placement] {
        guard width > 0 else { return [] }
        var kept = Array(items.indices)
        while fixedWidth(of: kept, glyphs: glyphs) > width {
            guard let lastButton = kept.lastIndex(where: { items[$0].kind == .button }) else { return [] }
            kept.remove(at: lastButton)
        }
        let flexibleCount = kept.count(where: { items[$0].kind == .flexibleSpace })
        let free = width - fixedWidth(of: kept, glyphs: glyphs)
        var flexibleSeen = 0
        var x = 0
        var needsGap = false
        var placements: [Placement] = []
        for index in kept {
            let item = items[index]
            switch item.kind {
            case .button:
                if needsGap { x += 1 }
                let label = item.label(glyphs: glyphs)
                let labelWidth = label.displayWidth
                placements.append(Placement(index: index, label: label, columns: x..<(x + labelWidth)))
                x += labelWidth
                needsGap = true
            case .fixedSpace(let columns):
                x += max(0, columns)
                needsGap = false
            case .flexibleSpace:
                // The last `free % count` flexible spaces take one extra column each.
                let extra = flexibleSeen >= flexibleCount - free % flexibleCount ? 1 : 0
                x += free / flexibleCount + extra
                flexibleSeen += 1
            }
        }
        return placements
    }

    // The columns taken by everything but flexible space: labels, fixed spaces and the
    // one-column gaps between buttons that nothing but flexible space separates.
    private func fixedWidth(of indices: [Int], glyphs: Glyphs) -> Int {
        var total = 0
        var needsGap = false
        for index in indices {
            let item = items[index]
            switch item.kind {
            case .button:
                total = saturatingSum(total, item.label(glyphs: glyphs).displayWidth + (needsGap ? 1 : 0))
                needsGap = true
            case .fixedSpace(let columns):
                total = saturatingSum(total, max(0, columns))
                needsGap = false
            case .flexibleSpace:
                break
            }
        }
        return total
    }

    // `a + b` for non-negative values, stopping at `Int.max` (a huge fixed space must not trap).
    private func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// Enabled buttons in the tint colour (bold when prominent); disabled ones dimmed.
    static func style(of item: BarButtonItem) -> Style {
        guard item.isEnabled else { return Style(foreground: .secondary, attributes: [.dim]) }
        return item.isProminent ? Theme.tint.adding(.bold) : Theme.tint
    }
}

/// The bar across the top of a navigation stack, as `UINavigationBar` draws it: a back button
/// titled by the previous screen, left and right bar buttons with their hotkeys, and the
/// centred title of the screen in front, truncated with `…` when the buttons crowd it.
public struct NavigationBar: Hashable, Sendable {
    /// The title of the screen in front.
    public var title: String
    /// The back button's title (the previous screen's back title or title); `nil` at the root,
    /// where there is no back button.
    var backTitle: String?
    /// Buttons after the back button, left to right.
    var leftItems: [BarButtonItem]
    /// Buttons at the right edge, left to right.
    var rightItems: [BarButtonItem]
    /// A segmented control drawn in place of the title (UIKit's `titleView`), if any.
    var titleControl: SegmentedControl?

    /// Creates a bar.
    init(title: String, backTitle: String? = nil, leftItems: [BarButtonItem] = [], rightItems: [BarButtonItem] = [],
                titleControl: SegmentedControl? = nil) {
        self.title = title
        self.titleControl = titleControl
        self.backTitle = backTitle
        self.leftItems = leftItems.filter { $0.kind == .button }
        self.rightItems = rightItems.filter { $0.kind == .button }
    }

    /// Where everything on the bar sits at a given width: one layout serves drawing and clicks.
    struct Layout: Sendable {
        /// The back button's text and columns, if there is one.
        var back: (text: String, columns: Range<Int>)?
        /// Each bar button's id, label and columns.
        var items: [(id: BarButtonItem.Identifier, label: String, columns: Range<Int>, item: BarButtonItem)]
        /// The title as drawn and its first column.
        var title: (text: String, x: Int)
    }

    /// The back button as drawn at `width` columns: `‹ Title`, then `‹ Back`, then `‹` as the
    /// room shrinks (the title keeps its centre while the back button fits beside it).
    func backButtonText(width: Int, glyphs: Glyphs = .unicode) -> String? {
        layout(width: width, glyphs: glyphs).back?.text
    }

    /// Lays the bar out at `width` columns; a title control takes the title's place, as wide
    /// as its whole titles.
    func layout(width: Int, glyphs: Glyphs = .unicode) -> Layout {
        let title = titleControl.map { String(repeating: " ", count: $0.naturalWidth) } ?? title
        let separator = 2
        let labelsWidth = { (labels: [String]) in labels.isEmpty ? 0 : labels.map(\.displayWidth).reduce(0, +) + separator * (labels.count - 1) }
        // Buttons that do not fit beside each other are left out, never drawn over each other:
        // the left side's last ones first, then the right side's first ones (the right side's
        // last button is the one a person reaches for). Their keys still work, and help lists them.
        var leftItems = Array(zip(self.leftItems, self.leftItems.map { $0.label(glyphs: glyphs) }))
        var rightItems = Array(zip(self.rightItems, self.rightItems.map { $0.label(glyphs: glyphs) }))
        let backWidth = backTitle == nil ? 0 : glyphs.back.displayWidth + separator
        func fits() -> Bool {
            let left = leftItems.isEmpty ? 0 : labelsWidth(leftItems.map(\.1)) + 1
            let right = rightItems.isEmpty ? 0 : labelsWidth(rightItems.map(\.1)) + 1
            return backWidth + left + right <= width
        }
        while !fits(), !leftItems.isEmpty { leftItems.removeLast() }
        while !fits(), !rightItems.isEmpty { rightItems.removeFirst() }
        let leftLabels = leftItems.map(\.1)
        let rightLabels = rightItems.map(\.1)
        let leftItemsWidth = labelsWidth(leftLabels)
        let rightWidth = labelsWidth(rightLabels)

        // The back button: the longest form that leaves the title centred and whole.
        var back: String?
        if let backTitle {
            let titleWidth = min(title.displayWidth, max(0, width - 4))
            let room = (width - titleWidth) / 2 - 1 - (leftItems.isEmpty ? 0 : leftItemsWidth + separator)
            back = [glyphs.back + " " + backTitle, glyphs.back + " Back"].first { $0.displayWidth <= room } ?? glyphs.back
        }

        var items: [(id: BarButtonItem.Identifier, label: String, columns: Range<Int>, item: BarButtonItem)] = []
        var x = 0
        var backLayout: (text: String, columns: Range<Int>)?
        if let back {
            backLayout = (back, 0..<back.displayWidth)
            x = back.displayWidth + separator
        }
        for (item, label) in leftItems {
            items.append((item.id, label, x..<(x + label.displayWidth), item))
            x += label.displayWidth + separator
        }
        let leftEnd = x == 0 ? 0 : x - separator + 1
        var rightX = width - rightWidth
        let rightStart = rightX
        for (item, label) in rightItems {
            items.append((item.id, label, rightX..<(rightX + label.displayWidth), item))
            rightX += label.displayWidth + separator
        }
        // The title: centred when it fits between the sides, else as central as the room allows.
        let regionStart = leftEnd
        let regionEnd = rightItems.isEmpty ? width : rightStart - 1
        let shown = TextLayout.truncate(title, width: max(0, regionEnd - regionStart))
        let centred = (width - shown.displayWidth) / 2
        let titleX = max(regionStart, min(centred, regionEnd - shown.displayWidth))
        return Layout(back: backLayout, items: items, title: (shown, titleX))
    }

    /// Whether column `x` lies on the back button at `width`.
    func isBackButton(atColumn x: Int, width: Int, glyphs: Glyphs = .unicode) -> Bool {
        guard let back = layout(width: width, glyphs: glyphs).back else { return false }
        return x >= 0 && x <= back.columns.upperBound
    }

    /// The id of the enabled bar button at column `x`, if any.
    func itemID(atColumn x: Int, width: Int, glyphs: Glyphs = .unicode) -> BarButtonItem.Identifier? {
        layout(width: width, glyphs: glyphs).items.first { $0.columns.contains(x) && $0.item.isEnabled }?.id
    }

    /// The id of the enabled bar button that `key` triggers, if any.
    func itemID(for key: Key) -> BarButtonItem.Identifier? {
        (leftItems + rightItems).first { $0.key == key && $0.isEnabled }?.id
    }

    /// Draws the bar on the first line of `area`.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: Theme.navigationBar)
        let layout = layout(width: line.width, glyphs: context.glyphs)
        if let back = layout.back {
            canvas.draw(back.text, at: Point(x: line.minX + back.columns.lowerBound, y: line.minY), style: Theme.tint, clip: line)
        }
        for item in layout.items {
            var style = item.item.isEnabled ? Theme.tint : Theme.secondaryText.adding(.dim)
            if item.item.isProminent { style.attributes.insert(.bold) }
            canvas.draw(item.label, at: Point(x: line.minX + item.columns.lowerBound, y: line.minY), style: style, clip: line)
        }
        if let titleControl {
            let rect = Rect(x: line.minX + layout.title.x, y: line.minY, width: layout.title.text.displayWidth, height: 1)
            titleControl.render(into: &canvas, rect: rect, context: context)
        } else {
            canvas.draw(layout.title.text, at: Point(x: line.minX + layout.title.x, y: line.minY), style: Theme.navigationBar, clip: line)
        }
    }

    /// The segment of the title control under column `x`, if any.
    func titleControlSegment(atColumn x: Int, width: Int, glyphs: Glyphs = .unicode) -> Int? {
        guard let titleControl else { return nil }
        let title = layout(width: width, glyphs: glyphs).title
        return titleControl.segment(atColumn: x - title.x, width: title.text.displayWidth)
    }
}

extension TabBar {
    /// The selected tab: reverse video in the tint colour, bold. Reverse keeps the selection
    /// readable without colour (`NO_COLOR`); with colour it is a tinted block, like the
    /// tinted icon of a selected iOS tab.
    static let selectedStyle = Style(foreground: .tint, attributes: [.reverse, .bold])
    /// The rule above the tabs.
    static let ruleStyle = Theme.secondaryText
    /// The hotkey number of a tab that is not selected.
    static let numberStyle = Theme.secondaryText

    /// Draws the bar on the bottom two lines of `area`: the rule with the indicator, then the
    /// tabs (only the tabs when `area` has one line).
    ///
    /// - Parameters:
    ///   - selectedIndex: The selected item; an item listed under "More" highlights "More".
    ///   - indicatorColumn: Where the `▲` is, in columns from `area.minX` (rounded, kept
    ///     inside the bar); `nil` puts it under the selected tab's centre.
    ///   - canvas: The canvas drawn into.
    ///   - area: Where the bar goes: its bottom two lines.
    ///   - context: The glyphs to draw with.
    public func render(selectedIndex: Int, indicatorColumn: Double?, into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard !area.isEmpty else { return }
        let bar = area.bottomLines(Self.height)
        let tabsLine = bar.bottomLines(1)
        let slots = slots(width: bar.width)
        let selected = hit(forItemAt: selectedIndex)
        if bar.height > 1 {
            drawRule(on: bar.topLines(1), slots: slots, selected: selected, indicatorColumn: indicatorColumn, glyphs: context.glyphs, into: &canvas)
        }
        canvas.fill(tabsLine, style: .plain)
        for slot in slots {
            drawTab(slot, isSelected: slot.hit == selected, line: tabsLine, glyphs: context.glyphs, into: &canvas)
        }
    }

    private func drawRule(on line: Rect, slots: [Slot], selected: Hit?, indicatorColumn: Double?, glyphs: Glyphs, into canvas: inout Canvas) {
        canvas.fill(line, style: .plain)
        canvas.draw(String(repeating: glyphs.horizontal, count: line.width), at: line.origin, style: Self.ruleStyle, clip: line)
        let column: Int?
        if let indicatorColumn, indicatorColumn.isFinite {
            column = Int(indicatorColumn.rounded().clamped(to: 0...Double(max(0, line.width - 1))))
        } else {
            column = slots.first { $0.hit == selected && !$0.columns.isEmpty }?.centre
        }
        guard let column else { return }
        let indicator = glyphs == .ascii ? "^" : "▲"
        canvas.draw(indicator, at: Point(x: line.minX + column, y: line.minY), style: Theme.tint, clip: line)
    }

    private func drawTab(_ slot: Slot, isSelected: Bool, line: Rect, glyphs: Glyphs, into canvas: inout Canvas) {
        guard !slot.columns.isEmpty else { return }
        let slotRect = Rect(x: line.minX + slot.columns.lowerBound, y: line.minY, width: slot.columns.count, height: 1)
        // One column of padding each side keeps neighbours apart and frames the highlight; a
        // slot made as wide as its label and one column (see `slots(width:)`) pads it on one.
        let padded = slot.columns.count >= 3 ? slot.columns.count - 2 : 1
        let room = slot.isLabelSized ? slot.columns.count - 1 : padded
        let pieces = Self.label(for: slot, width: room, glyphs: glyphs)
        let labelWidth = pieces.reduce(0) { $0 + $1.text.displayWidth }
        var x = slotRect.minX + max(0, slotRect.width - labelWidth) / 2
        if isSelected {
            canvas.fill(Rect(x: x - 1, y: line.minY, width: labelWidth + 2, height: 1).intersection(slotRect), style: Self.selectedStyle)
        }
        for piece in pieces {
            let style = Self.style(of: piece.role, isSelected: isSelected)
            x = canvas.draw(piece.text, at: Point(x: x, y: line.minY), style: style, clip: slotRect)
        }
    }

    /// What a piece of a tab's label is, for its style.
    enum LabelRole: Hashable {
        case number, title, alertBadge, dotBadge
    }

    private static func style(of role: LabelRole, isSelected: Bool) -> Style {
        switch (role, isSelected) {
        case (.number, false): return numberStyle
        case (.title, false): return .plain
        case (.alertBadge, _): return (isSelected ? selectedStyle : .plain).foreground(.destructive)
        case (.dotBadge, false): return Theme.tint
        case (_, true): return selectedStyle
        }
    }

    /// A tab's label in at most `width` columns, in pieces with their roles. It degrades in
    /// steps: `1 Books (3)` → `1 Bo… (3)` → `1 (3)` → `1●` → `1`.
    static func label(for slot: Slot, width: Int, glyphs: Glyphs) -> [(text: String, role: LabelRole)] {
        let number = (text: String(slot.number), role: LabelRole.number)
        let badge = badgePieces(slot.badge, glyphs: glyphs)
        let badgeWidth = badge.reduce(0) { $0 + $1.text.displayWidth }
        let title = ControlEscaping.escaped(slot.title)
        if title.isEmpty || title.displayWidth + 2 + badgeWidth <= width {
            return [number] + (title.isEmpty ? [] : [(" " + title, .title)]) + badge
        }
        let titleRoom = width - 2 - badgeWidth
        if titleRoom >= 3 { // at least two characters and the ellipsis
            return [number, (" " + TextLayout.truncate(title, width: titleRoom, ellipsis: glyphs.ellipsis), .title)] + badge
        }
        if !badge.isEmpty && 1 + badgeWidth <= width {
            return [number] + badge
        }
        if let mark = badge.last, width >= 2 {
            return [number, (dot(glyphs), mark.role)]
        }
        return [number]
    }

    private static func badgePieces(_ badge: TabBarItem.Badge?, glyphs: Glyphs) -> [(text: String, role: LabelRole)] {
        switch badge {
        case nil: return []
        case .count(let n): return [(" (\(n))", .alertBadge)]
        case .text(let text) where text.isEmpty: return [(" " + dot(glyphs), .alertBadge)]
        case .text(let text): return [(" (" + ControlEscaping.escaped(text) + ")", .alertBadge)]
        case .dot: return [(" " + dot(glyphs), .dotBadge)]
        }
    }

    private static func dot(_ glyphs: Glyphs) -> String { glyphs == .ascii ? "*" : "●" }
}

extension Double {
    /// This value kept inside `range`.
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

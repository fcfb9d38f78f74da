@MainActor
extension TableView {
    /// Draws the table in `state` into `area` of `canvas`. Drawing changes no state.
    ///
    /// Heights measured before are taken from `heightCache` when one is given (measuring fills
    /// it; nothing else changes).
    func render<DataSource: TableViewDataSource>(
        _ state: TableViewState, dataSource: DataSource, into canvas: inout Canvas, area: Rect, context: RenderContext
    ) {
        render(state, dataSource: dataSource, into: &canvas, area: area, context: context, heightCache: nil, clampsToContent: true)
    }

    /// ``render(_:dataSource:into:area:context:)``, taking the heights measured before from
    /// `heightCache` (a table screen keeps one).
    func render<DataSource: TableViewDataSource>(
        _ state: TableViewState, dataSource: DataSource, into canvas: inout Canvas, area: Rect, context: RenderContext,
        heightCache: RowHeightCache?
    ) {
        render(state, dataSource: dataSource, into: &canvas, area: area, context: context, heightCache: heightCache, clampsToContent: true)
    }

    /// ``render(_:dataSource:into:area:context:heightCache:)``; with `clampsToContent` false,
    /// the top item is the state's even when the content ends above the area's bottom (a
    /// picture taller than the screen, for an animation).
    func render<DataSource: TableViewDataSource>(
        _ state: TableViewState, dataSource: DataSource, into canvas: inout Canvas, area: Rect, context: RenderContext,
        heightCache: RowHeightCache?, clampsToContent: Bool
    ) {
        guard !area.isEmpty else { return }
        canvas.fill(area, style: .plain)
        let gutter = indexGutterWidth(dataSource)
        let contentRect = Rect(x: area.minX, y: area.minY, width: max(0, area.width - gutter), height: area.height)
        let content = TableContent(table: self, dataSource: dataSource, width: contentRect.width, heightCache: heightCache)
        let layout = content.layout(from: state.scrollPosition, viewportHeight: area.height, clampsToContent: clampsToContent)

        if layout.placed.isEmpty || content.firstRow == nil && content.firstItem == nil {
            drawEmptyState(into: &canvas, area: contentRect)
        }
        for placed in layout.placed {
            let rect = Rect(x: contentRect.minX, y: contentRect.minY + placed.y, width: contentRect.width, height: placed.height)
            drawItem(placed.item, rect: rect, clip: contentRect, state: state, content: content, canvas: &canvas, context: context)
        }
        if let pinned = layout.pinnedHeader {
            let rect = Rect(x: contentRect.minX, y: contentRect.minY + pinned.y, width: contentRect.width, height: sectionHeaderHeight)
            drawItem(ContentItem(.header, section: pinned.section), rect: rect, clip: contentRect, state: state, content: content, canvas: &canvas, context: context)
        }
        if gutter > 0, let titles = indexTitles(dataSource) {
            let indexRect = Rect(x: area.maxX - gutter, y: area.minY, width: gutter, height: area.height)
            drawIndex(titles, state: state, dataSource: dataSource, rect: indexRect, canvas: &canvas, context: context)
            if state.showsIndexOverlay, let position = state.indexPosition, titles.indices.contains(position) {
                drawOverlay(Self.titleReached(from: position, of: titles, dataSource: dataSource), in: contentRect, canvas: &canvas, glyphs: context.glyphs)
            }
        }
    }

    /// The index title of the section that the title at `position` jumps to: itself when it
    /// has a section, else the first title that jumps to the same section — `C` for a `#`
    /// (or an `F`) when the last section is C — so that the overlay names where the rows are.
    static func titleReached<DataSource: TableViewDataSource>(from position: Int, of titles: [String], dataSource: DataSource) -> String {
        let section = dataSource.section(forSectionIndexTitle: titles[position], at: position)
        let first = titles.indices.first { dataSource.section(forSectionIndexTitle: titles[$0], at: $0) == section } ?? position
        return titles[first]
    }

    /// Where the items of the table in `state` sit in a viewport `viewportHeight` lines
    /// tall and `width` columns wide (the section index included), as ``render(_:dataSource:into:area:context:heightCache:)``
    /// places them.
    func layout<DataSource: TableViewDataSource>(
        _ state: TableViewState, dataSource: DataSource, width: Int, viewportHeight: Int, heightCache: RowHeightCache?, clampsToContent: Bool = true
    ) -> TableLayout {
        let content = TableContent(table: self, dataSource: dataSource, width: max(0, width - indexGutterWidth(dataSource)), heightCache: heightCache)
        return content.layout(from: state.scrollPosition, viewportHeight: viewportHeight, clampsToContent: clampsToContent)
    }

    private func drawItem<DataSource>(
        _ item: ContentItem, rect: Rect, clip: Rect, state: TableViewState, content: TableContent<DataSource>,
        canvas: inout Canvas, context: RenderContext
    ) {
        // Headers and footers partly above or below the viewport are drawn on a scratch canvas
        // and copied in, so their visible lines look exactly as they would in full. Rows draw
        // only their visible lines themselves: a row can be thousands of lines tall.
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        if visible != rect && item.kind != .row {
            var scratch = Canvas(size: rect.size)
            drawItem(item, rect: Rect(origin: .zero, size: rect.size), clip: Rect(origin: .zero, size: rect.size), state: state, content: content, canvas: &scratch, context: context)
            canvas.copy(scratch, from: Rect(x: visible.minX - rect.minX, y: visible.minY - rect.minY, width: visible.width, height: visible.height), to: visible.origin)
            return
        }
        switch item.kind {
        case .header:
            let title = content.dataSource.titleForHeader(inSection: item.section)
            switch style {
            case .plain:
                canvas.fill(rect, style: Theme.sectionHeader)
                canvas.draw(TextLayout.truncate(title ?? "", width: rect.width - 2), at: Point(x: rect.minX + 1, y: rect.maxY - 1), style: Theme.sectionHeader, clip: rect)
            case .grouped:
                // Bottom up: the box's top edge, then the title above it in dimmed capitals.
                var y = rect.maxY - 1
                if content.isBoxed(item.section) {
                    drawBoxEdge(top: true, y: y, rect: rect, canvas: &canvas, glyphs: context.glyphs)
                    y -= 1
                }
                if let title, y >= rect.minY {
                    let x = rect.minX + content.rowInset + 1
                    canvas.draw(TextLayout.truncate(title.uppercased(), width: rect.maxX - x - 1), at: Point(x: x, y: y), style: Theme.secondaryText, clip: rect)
                }
            }
        case .footer:
            var top = rect.minY
            if style == .grouped, content.isBoxed(item.section) {
                drawBoxEdge(top: false, y: top, rect: rect, canvas: &canvas, glyphs: context.glyphs)
                top += 1
            }
            let x = rect.minX + content.rowInset + 1
            let title = content.dataSource.titleForFooter(inSection: item.section) ?? ""
            for (offset, line) in TextLayout.wrap(title, width: max(1, rect.maxX - x - 1)).enumerated() {
                canvas.draw(line, at: Point(x: x, y: top + offset), style: Theme.secondaryText, clip: rect)
            }
        case .row:
            guard let indexPath = item.indexPath else { return }
            let isSelected = state.selectedRows.contains(indexPath)
            let cell = displayedCell(at: indexPath, dataSource: content.dataSource, isSelected: isSelected)
            var cellRect = rect
            if style == .grouped {
                // The box's sides, a margin outside each; the cell between them.
                for y in visible.minY..<visible.maxY {
                    canvas.draw(context.glyphs.vertical, at: Point(x: rect.minX + 1, y: y), style: Theme.groupedBox, clip: visible)
                    canvas.draw(context.glyphs.vertical, at: Point(x: rect.maxX - 2, y: y), style: Theme.groupedBox, clip: visible)
                }
                cellRect = Rect(x: rect.minX + content.rowInset, y: rect.minY, width: content.rowWidth, height: rect.height)
            }
            let wrapped = content.heightCache?.wrappedLabels(of: indexPath, width: content.rowWidth)
            cell.draw(into: &canvas, rect: cellRect, clip: visible, wrapped: wrapped, isFocused: state.focusedRow == indexPath, context: context)
            // A selected row of a single-selection section is shaded, as UIKit's grey
            // highlight, until the screen appears again.
            if isSelected, state.focusedRow != indexPath, selectionMode(forSection: indexPath.section, dataSource: content.dataSource) == .single {
                canvas.restyle(cellRect.intersection(visible)) { $0.background = Theme.selectedRow.background }
            }
        }
    }

    /// One horizontal edge of a grouped section's box, inset a column from each side.
    private func drawBoxEdge(top: Bool, y: Int, rect: Rect, canvas: inout Canvas, glyphs: Glyphs) {
        guard rect.width >= 4 else { return }
        let line = (top ? glyphs.topLeft : glyphs.bottomLeft)
            + String(repeating: glyphs.horizontal, count: rect.width - 4)
            + (top ? glyphs.topRight : glyphs.bottomRight)
        canvas.draw(line, at: Point(x: rect.minX + 1, y: y), style: Theme.groupedBox, clip: rect)
    }

    private func drawEmptyState(into canvas: inout Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        let message = TextLayout.truncate(emptyMessage, width: area.width)
        let x = area.minX + (area.width - message.displayWidth) / 2
        canvas.draw(message, at: Point(x: x, y: area.minY + (area.height - 1) / 2), style: Theme.secondaryText, clip: area)
    }

    private func drawIndex<DataSource: TableViewDataSource>(
        _ titles: [String], state: TableViewState, dataSource: DataSource, rect: Rect, canvas: inout Canvas, context: RenderContext
    ) {
        let tracking = state.isIndexFocused || state.isScrubbing
        if tracking { canvas.fill(rect, style: Theme.indexTracking) }
        let layout = SectionIndexLayout(titles: titles, height: rect.height)
        let current = state.indexPosition ?? currentIndexPosition(state, titles: titles, dataSource: dataSource)
        let currentLine = layout.line(forTitleIndex: current)
        let base = tracking ? Theme.indexTracking : Theme.tint
        for (offset, slot) in layout.slots.enumerated() {
            let line = layout.top + offset
            let text: String
            switch slot {
            case .title(let index): text = TextLayout.truncate(titles[index], width: SectionIndexLayout.maximumTitleWidth, ellipsis: " ")
            case .dot: text = context.glyphs.indexDot
            }
            var style = base
            if line == currentLine {
                style.attributes.insert(tracking ? .reverse : .bold)
            }
            let x = rect.maxX - max(1, text.displayWidth)
            canvas.draw(text, at: Point(x: x, y: rect.minY + line), style: style, clip: rect)
        }
    }

    private func drawOverlay(_ title: String, in area: Rect, canvas: inout Canvas, glyphs: Glyphs) {
        let rows = BigGlyph.rows(for: title.first ?? "#", block: glyphs.block)
        let glyphWidth = rows.map(\.displayWidth).max() ?? 0
        let box = Rect(x: area.minX + (area.width - glyphWidth - 4) / 2, y: area.minY + (area.height - rows.count - 2) / 2,
                       width: glyphWidth + 4, height: rows.count + 2)
        guard box.width <= area.width, box.height <= area.height else {
            // Too small for the big letter: a one-line badge instead.
            let badge = " \(title) "
            canvas.draw(badge, at: Point(x: area.minX + (area.width - badge.displayWidth) / 2, y: area.minY + area.height / 2), style: Theme.indexTracking.adding(.bold), clip: area)
            return
        }
        canvas.drawBox(box, glyphs: glyphs, style: Theme.indexTracking)
        for (offset, row) in rows.enumerated() {
            canvas.draw(row, at: Point(x: box.minX + 2, y: box.minY + 1 + offset), style: Theme.indexTracking.adding(.bold), clip: box)
        }
    }
}

extension Canvas {
    /// Copies the cells of `rect` in `source` to this canvas at `origin` (clipped).
    mutating func copy(_ source: Canvas, from rect: Rect, to origin: Point) {
        for y in 0..<rect.height {
            var x = 0
            while x < rect.width {
                let cell = source[rect.minX + x, rect.minY + y]
                if cell.isContinuation { x += 1; continue }
                draw(cell.grapheme, at: Point(x: origin.x + x, y: origin.y + y), style: cell.style, clip: Rect(x: origin.x, y: origin.y, width: rect.width, height: rect.height))
                x += max(1, Int(cell.width))
            }
        }
    }

    /// Fills `rect` and draws a box around its edge, in `glyphs`' lines (rounded corners, or
    /// `+ - |` for ASCII): the frame of a panel drawn over a screen, as the alerts and help
    /// have.
    public mutating func drawBox(_ rect: Rect, glyphs: Glyphs, style: Style) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect, style: style)
        let horizontal = String(repeating: glyphs.horizontal, count: rect.width - 2)
        draw(glyphs.topLeft + horizontal + glyphs.topRight, at: rect.origin, style: style, clip: rect)
        draw(glyphs.bottomLeft + horizontal + glyphs.bottomRight, at: Point(x: rect.minX, y: rect.maxY - 1), style: style, clip: rect)
        for y in (rect.minY + 1)..<(rect.maxY - 1) {
            draw(glyphs.vertical, at: Point(x: rect.minX, y: y), style: style, clip: rect)
            draw(glyphs.vertical, at: Point(x: rect.maxX - 1, y: y), style: style, clip: rect)
        }
    }
}

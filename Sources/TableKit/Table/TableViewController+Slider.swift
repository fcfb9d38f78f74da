import Foundation

/// Sliders in rows, their value popover, and the page scrubber under long tables.
extension TableViewController {
    // MARK: The popover over a row's slider

    /// Draws the value over the thumb of the slider that moved last, while it shows: on the
    /// line above its row (below it, for a row on the top line).
    func drawSliderPopover(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let row = sliderPopoverRow, let style = sliderPopover.style(at: now()),
              let frame = tableView.rowFrame(of: row, state: state, dataSource: dataSource, area: area, heightCache: heightCache)
        else { return }
        let cell = dataSource.cell(for: row)
        guard let slider = cell.slider else { return }
        let track = cell.sliderTrack(rowWidth: frame.rect.width)
        let thumb = frame.rect.minX + track.lowerBound + slider.thumbColumn(width: track.count)
        let y = frame.rect.minY > area.minY ? frame.rect.minY - 1 : frame.rect.minY + 1
        ValuePopover.draw(cell.detailText ?? Slider.text(of: slider.value), overColumn: thumb, line: y, style: style, into: &canvas, clip: area)
    }

    // MARK: The page scrubber

    /// The rows a page holds, how many pages there are, and the page of the focused row.
    typealias Pages = (perPage: Int, count: Int, current: Int)

    /// The rows of every section.
    var totalRowCount: Int {
        (0 ..< dataSource.numberOfSections()).reduce(0) { $0 + max(0, dataSource.numberOfRows(inSection: $1)) }
    }

    /// Whether a table `height` lines tall (the scrubber's line included) is long enough for
    /// a scrubber: more than three pages.
    func showsPageScrubber(tableHeight height: Int) -> Bool {
        showsPageScrubber && height > 2 && totalRowCount > 3 * (height - 1)
    }

    /// The rows a page holds (as many as the table's lines hold rows as tall as the focused
    /// one), how many pages there are, and the page of the focused row.
    var pages: Pages {
        let rowWidth = tableView.rowWidth(tableWidth: tableSize.width, dataSource: dataSource)
        let rowHeight = state.focusedRow.map { max(1, dataSource.cell(for: $0).height(width: rowWidth)) } ?? 1
        let perPage = max(1, tableSize.height / rowHeight)
        let count = max(1, (totalRowCount + perPage - 1) / perPage)
        let focused = state.focusedRow.map(position(of:)) ?? 0
        return (perPage, count, min(count, focused / perPage + 1))
    }

    /// The row's place counting every row above it.
    private func position(of indexPath: IndexPath) -> Int {
        (0 ..< max(0, indexPath.section)).reduce(0) { $0 + max(0, dataSource.numberOfRows(inSection: $1)) } + indexPath.row
    }

    /// The row at place `position`, counting from the first.
    private func indexPath(atPosition position: Int) -> IndexPath? {
        var remaining = max(0, position)
        var last: IndexPath?
        for section in 0 ..< dataSource.numberOfSections() {
            let rows = max(0, dataSource.numberOfRows(inSection: section))
            guard rows > 0 else { continue }
            if remaining < rows { return IndexPath(row: remaining, section: section) }
            remaining -= rows
            last = IndexPath(row: rows - 1, section: section)
        }
        return last
    }

    /// The page scrubber as a slider of `pages`.
    private func pageSlider(_ pages: Pages) -> Slider {
        Slider(value: Double(pages.current), in: 1 ... Double(pages.count))
    }

    /// Brings `page`'s first row to the top and focuses it; the popover shows.
    private func scrub(toPage page: Int) {
        let pages = self.pages
        pagePopover.show(at: now())
        guard page != pages.current, let target = indexPath(atPosition: (min(max(1, page), pages.count) - 1) * pages.perPage) else { return }
        state.scrollPosition = ScrollPosition(item: .row(target))
        focusRow(at: target)
        delegate?.tableView(self, didFocusRowAt: state.focusedRow)
    }

    /// The scrubber's line in an area of `area` (under the rows), when it shows.
    private func pageScrubberLine(in area: Rect) -> Rect? {
        let table = tableArea(in: area)
        guard table.maxY < area.maxY, showsPageScrubber(tableHeight: table.height + 1) else { return nil }
        return Rect(x: area.minX, y: table.maxY, width: area.width, height: 1)
    }

    /// The track's columns on the scrubber's line, and the page label after it.
    private func pageScrubberLayout(width: Int, pages: Pages) -> (track: Range<Int>, label: String) {
        let label = "\(pages.current)/\(pages.count)"
        return (2 ..< max(3, width - label.displayWidth - 3), label)
    }

    /// Draws the scrubber's line and, while it moves, "Page 57 of 300 · M" over its thumb.
    func drawPageScrubber(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let line = pageScrubberLine(in: area) else { return }
        canvas.fill(line, style: .plain)
        // Counted once a frame: counting walks the sections.
        let pages = self.pages
        let (track, label) = pageScrubberLayout(width: line.width, pages: pages)
        let slider = pageSlider(pages)
        let focused = isPageScrubberFocused && context.isActive
        slider.render(into: &canvas, rect: Rect(x: line.minX + track.lowerBound, y: line.minY, width: track.count, height: 1), isFocused: focused, context: context)
        canvas.draw(label, at: Point(x: line.minX + track.upperBound + 1, y: line.minY), style: focused ? Theme.tint.adding(.bold) : Theme.secondaryText,
                    clip: line)
        guard let style = pagePopover.style(at: now()) ?? (isPageScrubberFocused ? Theme.popover : nil) else { return }
        var text = "Page \(pages.current) of \(pages.count)"
        if let focus = state.focusedRow, let letter = dataSource.titleForHeader(inSection: focus.section), !letter.isEmpty {
            text += " · " + letter
        }
        let thumb = line.minX + track.lowerBound + slider.thumbColumn(width: track.count)
        ValuePopover.draw(text, overColumn: thumb, line: line.minY - 1, style: style, into: &canvas, clip: area)
    }

    /// `p` gives the scrubber the keys; then ← → turn a page, PgUp PgDn a tenth of them,
    /// Home End go to the ends, and Esc, Enter, Tab or `p` hand the keys back. Any other key
    /// hands them back and does its usual work.
    func handlePageScrubberKey(_ key: Key) -> ScreenResponse? {
        guard pageScrubberLine(in: Rect(origin: .zero, size: size)) != nil else {
            isPageScrubberFocused = false
            return nil
        }
        guard isPageScrubberFocused else {
            guard key == .character("p"), !state.isIndexFocused else { return nil }
            isPageScrubberFocused = true
            pagePopover.show(at: now())
            return .handled
        }
        if let motion = Slider.motion(for: key) {
            var slider = pageSlider(pages)
            slider.move(motion)
            scrub(toPage: Int(slider.value))
            return .handled
        }
        isPageScrubberFocused = false
        pagePopover.show(at: now())
        return [.escape, .enter, .tab, .character("p")].contains(key) ? .handled : nil
    }

    /// A press or a drag on the scrubber's line turns to the page under the pointer; a drag
    /// that began there keeps scrubbing wherever it goes. `nil` when the event is not the
    /// scrubber's. Positions are relative to the table's top.
    func handlePageScrubberMouse(_ mouse: MouseEvent) -> ScreenResponse? {
        let table = tableSize
        guard let line = pageScrubberLine(in: Rect(origin: .zero, size: size)) else { return nil }
        let onLine = mouse.position.y == table.height
        switch mouse.kind {
        case .press where onLine, .drag where isDraggingPageScrubber:
            isDraggingPageScrubber = true
            let pages = self.pages
            let track = pageScrubberLayout(width: line.width, pages: pages).track
            let slider = pageSlider(pages)
            scrub(toPage: Int(slider.value(atColumn: mouse.position.x - track.lowerBound, width: track.count)))
            return .handled
        case .release where isDraggingPageScrubber:
            isDraggingPageScrubber = false
            return .handled
        default:
            return onLine ? .handled : nil
        }
    }

    /// The scrubber's keys for help and the footer: how to reach it, or, while it has the
    /// keys, what they do.
    var pageScrubberKeyHints: (help: [KeyHint], footer: [KeyHint]) {
        guard pageScrubberLine(in: Rect(origin: .zero, size: size)) != nil else { return ([], []) }
        if isPageScrubberFocused {
            return ([KeyHint("← →", "a page back or on"), KeyHint("PgUp PgDn", "a tenth of the pages"), KeyHint("Home End", "the first or last page"),
                     KeyHint("Esc Enter p", "back to the rows")],
                    [KeyHint("← →", "page"), KeyHint("Home End", "ends"), KeyHint("Esc", "rows")])
        }
        return ([KeyHint("p", "scrub through the pages")], [])
    }
}

import Foundation

/// The page scrubber under a long table: a slider of pages, with "Page 57 of 300 · M" over
/// its thumb while it moves. `p` gives it the keys; a press or a drag on its line scrubs.
///
/// A ``TableViewPart`` like any an app adds: it reads the table from the ``TableContext`` of
/// each call and moves it by its answers; the screen asks it only where its line goes.
@MainActor
final class PageScrubberPart: TableViewPart {
    /// What the scrubber's keys ask.
    enum Action: Equatable, Sendable {
        /// Give the scrubber the keys.
        case focus
        /// Move the thumb, a page or more.
        case turn(Slider.Motion)
        /// Give the keys back to the rows.
        case release
    }

    /// Whether a long table shows the scrubber (the screen's ``TableViewController/showsPageScrubber``).
    var isEnabled = false
    /// Whether the scrubber has the keys.
    var isFocused = false
    /// The popover over the thumb.
    var popover = ValuePopover()

    override var hasKeyboardFocus: Bool { isFocused }

    /// The keys while the scrubber has them.
    static let focusedBindings: [KeyBinding<Action>] = [
        KeyBinding([.left], .turn(.stepDown), label: "←", help: "a page back or on", footer: "page", footerLabel: "← →"),
        KeyBinding([.right], .turn(.stepUp), label: "→", help: "a page back or on"),
        KeyBinding([.pageUp], .turn(.pageDown), label: "PgUp", help: "a tenth of the pages"),
        KeyBinding([.pageDown], .turn(.pageUp), label: "PgDn", help: "a tenth of the pages"),
        KeyBinding([.home], .turn(.minimum), label: "Home", help: "the first or last page", footer: "ends", footerLabel: "Home End"),
        KeyBinding([.end], .turn(.maximum), label: "End", help: "the first or last page"),
        KeyBinding([.escape, .enter, .tab, .character("p")], .release, label: "Esc Enter p", help: "back to the rows", footer: "rows"),
    ]

    /// The key that reaches the scrubber from the rows.
    static let unfocusedBindings: [KeyBinding<Action>] = [
        KeyBinding([.character("p")], .focus, label: "p", help: "scrub through the pages"),
    ]

    /// The keys now, for handling, help and the footer; none while the scrubber is not shown.
    func keyBindings(_ context: TableContext) -> [KeyBinding<Action>] {
        guard line(context) != nil else { return [] }
        return isFocused ? Self.focusedBindings : Self.unfocusedBindings
    }

    // MARK: Pages

    /// The rows a page holds, how many pages there are, and the page of the focused row.
    typealias Pages = (perPage: Int, count: Int, current: Int)

    /// Whether a table `height` lines tall (the scrubber's line included) is long enough for
    /// a scrubber: more than three pages.
    /// `rowCount` is the rows of every section when the caller has counted them.
    func isShown(tableHeight height: Int, dataSource: any TableViewDataSource, rowCount: Int? = nil) -> Bool {
        isEnabled && height > 2 && (rowCount ?? totalRowCount(of: dataSource)) > 3 * (height - 1)
    }

    /// The rows of every section.
    private func totalRowCount(of dataSource: any TableViewDataSource) -> Int {
        (0 ..< dataSource.numberOfSections()).reduce(0) { $0 + max(0, dataSource.numberOfRows(inSection: $1)) }
    }

    /// The rows a page holds (as many as the table's lines hold rows as tall as the focused
    /// one), how many pages there are, and the page of the focused row.
    func pages(_ context: TableContext) -> Pages {
        let dataSource = context.dataSource
        let rowCount = totalRowCount(of: dataSource)
        let tableSize = context.rowsArea.size
        let rowWidth = context.tableView.rowWidth(tableWidth: tableSize.width, dataSource: dataSource)
        let rowHeight = context.state.focusedRow.map { max(1, dataSource.cell(for: $0).height(width: rowWidth)) } ?? 1
        let perPage = max(1, tableSize.height / rowHeight)
        let count = max(1, (rowCount + perPage - 1) / perPage)
        let focused = context.state.focusedRow.map { position(of: $0, in: dataSource) } ?? 0
        return (perPage, count, min(count, focused / perPage + 1))
    }

    /// The row's place counting every row above it.
    private func position(of indexPath: IndexPath, in dataSource: any TableViewDataSource) -> Int {
        (0 ..< max(0, indexPath.section)).reduce(0) { $0 + max(0, dataSource.numberOfRows(inSection: $1)) } + indexPath.row
    }

    /// The row at place `position`, counting from the first.
    private func indexPath(atPosition position: Int, in dataSource: any TableViewDataSource) -> IndexPath? {
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

    /// The scrubber as a slider of `pages`.
    private func slider(_ pages: Pages) -> Slider {
        Slider(value: Double(pages.current), in: 1 ... Double(pages.count))
    }

    /// Brings `page`'s first row to the top and focuses it (the delegate hears of the new
    /// focus, as for a key); the popover shows.
    private func scrub(toPage page: Int, _ context: TableContext) -> TablePartResponse {
        let pages = self.pages(context)
        popover.show(at: context.now)
        guard page != pages.current,
              let target = indexPath(atPosition: (min(max(1, page), pages.count) - 1) * pages.perPage, in: context.dataSource) else { return .handled }
        return .perform(.scrollToRow(target, at: .top))
    }

    /// The scrubber's line, under the rows, when it shows.
    func line(_ context: TableContext) -> Rect? {
        // The screen keeps the last line of the table's area for it when the table is long
        // enough (isShown): the line under the rows, inside the content area.
        guard isEnabled, context.rowsArea.maxY < context.contentArea.maxY else { return nil }
        return Rect(x: context.contentArea.minX, y: context.rowsArea.maxY, width: context.contentArea.width, height: 1)
    }

    /// The track's columns on the scrubber's line, and the page label after it.
    private func layout(width: Int, pages: Pages) -> (track: Range<Int>, label: String) {
        let label = "\(pages.current)/\(pages.count)"
        return (2 ..< max(3, width - label.displayWidth - 3), label)
    }

    // MARK: Drawing

    /// Draws the scrubber's line and, while it moves, "Page 57 of 300 · M" over its thumb.
    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard let line = line(context) else { return }
        canvas.fill(line, style: .plain)
        // Counted once a frame: counting walks the sections.
        let pages = self.pages(context)
        let (track, label) = layout(width: line.width, pages: pages)
        let slider = slider(pages)
        let focused = isFocused && renderContext.isActive
        slider.render(into: &canvas, rect: Rect(x: line.minX + track.lowerBound, y: line.minY, width: track.count, height: 1), isFocused: focused,
                      context: renderContext)
        canvas.draw(label, at: Point(x: line.minX + track.upperBound + 1, y: line.minY), style: focused ? Theme.tint.adding(.bold) : Theme.secondaryText,
                    clip: line)
        guard let style = popover.style(at: context.now) ?? (isFocused ? Theme.popover : nil) else { return }
        var text = "Page \(pages.current) of \(pages.count)"
        if let focus = context.state.focusedRow, let letter = context.dataSource.titleForHeader(inSection: focus.section), !letter.isEmpty {
            text += " · " + letter
        }
        let thumb = line.minX + track.lowerBound + slider.thumbColumn(width: track.count)
        ValuePopover.draw(text, overColumn: thumb, line: line.minY - 1, style: style, into: &canvas, clip: area)
    }

    override func wantsTicks(context: TableContext) -> Bool { popover.isVisible(at: context.now) }

    // MARK: Keys and mouse

    /// `p` gives the scrubber the keys; then its keys turn the pages, and the release keys
    /// hand them back. Any other key hands them back and does its usual work.
    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        guard line(context) != nil else {
            isFocused = false
            return nil
        }
        let action = keyBindings(context).action(for: key)
        guard isFocused else {
            guard action == .focus, !context.state.isIndexFocused else { return nil }
            isFocused = true
            popover.show(at: context.now)
            return .handled
        }
        if case .turn(let motion) = action {
            var slider = slider(pages(context))
            slider.move(motion)
            return scrub(toPage: Int(slider.value), context)
        }
        isFocused = false
        popover.show(at: context.now)
        return action == .release ? .handled : nil
    }

    /// A press on the scrubber's line turns to the page under the pointer, and keeps
    /// scrubbing as it moves, wherever it goes, until the release.
    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        guard hit.target == .pageScrubber, let line = line(context) else { return nil }
        switch mouse.kind {
        case .press, .drag:
            let pages = self.pages(context)
            let track = layout(width: line.width, pages: pages).track
            let column = mouse.position.x - line.minX
            return scrub(toPage: Int(slider(pages).value(atColumn: column - track.lowerBound, width: track.count)), context)
        case .release:
            return .handled
        case .scrollUp, .scrollDown:
            return nil
        }
    }

    override func resignKeyboardFocus(context: TableContext) { isFocused = false }

    override func helpHints(context: TableContext) -> [KeyHint] { keyBindings(context).helpHints() }

    override func footerHints(context: TableContext) -> [KeyHint] { keyBindings(context).footerHints() }
}

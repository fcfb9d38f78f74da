import Foundation

extension TableViewAction {
    /// Whether the view follows the focus after this action. Index jumps place their section
    /// at the top themselves, and the mouse scrolls or taps where the view already is.
    var keepsFocusInView: Bool {
        switch self {
        case .jumpToIndexLetter, .jumpToIndexPosition, .moveIndex, .tap, .scrubIndex, .slide, .endPress, .scrollToRow: return false
        default: return true
        }
    }
}

@MainActor
extension TableView {
    /// Applies `action` to `state` for a table of `size` cells and returns the events it caused.
    ///
    /// After every action the focused row (if any) is fully visible and not under the pinned
    /// header. Only the rows near the focus and on screen are asked for.
    @discardableResult
    func update<DataSource: TableViewDataSource>(
        _ state: inout TableViewState, action: TableViewAction, dataSource: DataSource, size: Size
    ) -> [TableViewEvent] {
        update(&state, action: action, dataSource: dataSource, size: size, heightCache: nil)
    }

    /// ``update(_:action:dataSource:size:)``, taking the heights measured before from
    /// `heightCache` (a table screen keeps one).
    @discardableResult
    func update<DataSource: TableViewDataSource>(
        _ state: inout TableViewState, action: TableViewAction, dataSource: DataSource, size: Size,
        heightCache: RowHeightCache?
    ) -> [TableViewEvent] {
        let content = TableContent(table: self, dataSource: dataSource, width: contentWidth(for: size.width, dataSource: dataSource), heightCache: heightCache)
        let height = size.height
        if case .restoreState(let saved) = action {
            let selected = state.selectedRows
            state = saved
            if Self.identifiesItems(dataSource) { state.selectedRows = selected }
        }
        let before = state.focusedRow
        var events: [TableViewEvent] = []
        state.focusedRow = content.validRow(near: state.focusedRow)

        switch action {
        case .moveFocus(let offset):
            if let focus = state.focusedRow { state.focusedRow = content.row(focus, offsetBy: offset) }
        case .home:
            state.focusedRow = content.firstRow
            state.scrollPosition = content.startPosition
        case .end:
            state.focusedRow = content.lastRow
            state.scrollPosition = content.maximumPosition(viewportHeight: height)
        case .pageDown, .pageUp:
            page(&state, down: action == .pageDown, content: content, height: height)
        case .scroll(let lines):
            scroll(&state, by: lines, content: content, height: height)
        case .select:
            if let focus = state.focusedRow { events.append(.didSelectRow(focus)) }
        case .toggleCheck:
            if let focus = state.focusedRow, selectionMode(forSection: focus.section, dataSource: dataSource).checkmarkPlacement != nil {
                events.append(.didToggleRow(focus))
            }
        case .tapDetailButton:
            if let focus = state.focusedRow, dataSource.cell(for: focus).accessory.hasDetailButton {
                events.append(.accessoryButtonTapped(focus))
            }
        case .tapAccessoryButton:
            if let focus = state.focusedRow, dataSource.cell(for: focus).accessory.customButtonTitle != nil {
                events.append(.customAccessoryTapped(focus))
            }
        case .moveSlider(let motion):
            if let focus = state.focusedRow, var slider = dataSource.cell(for: focus).slider, slider.move(motion) {
                events.append(.sliderChanged(focus, value: slider.value))
            }
        case .toggleSwitch:
            if let focus = state.focusedRow, let isOn = dataSource.cell(for: focus).accessory.switchValue {
                events.append(.switchToggled(focus, isOn: !isOn))
            }
        case .toggleIndexFocus:
            if state.isIndexFocused {
                leaveIndex(&state)
            } else if let titles = indexTitles(dataSource), !titles.isEmpty {
                state.isIndexFocused = true
                state.indexPosition = currentIndexPosition(state, titles: titles, dataSource: dataSource)
            }
        case .leaveIndex:
            leaveIndex(&state)
        case .moveIndex(let offset):
            if let titles = indexTitles(dataSource), !titles.isEmpty {
                let current = state.indexPosition ?? currentIndexPosition(state, titles: titles, dataSource: dataSource)
                jump(&state, toIndexPosition: current + offset, titles: titles, content: content, height: height)
            }
        case .jumpToIndexLetter(let letter):
            if let titles = indexTitles(dataSource), let position = Self.indexPosition(for: letter, in: titles) {
                jump(&state, toIndexPosition: position, titles: titles, content: content, height: height)
            }
        case .jumpToIndexPosition(let position):
            if let titles = indexTitles(dataSource) {
                jump(&state, toIndexPosition: position, titles: titles, content: content, height: height)
            }
        case .tap(let indexPath, let part):
            events += tap(indexPath, on: part, state: &state, content: content, height: height)
        case .scrubIndex(let position):
            scrubIndex(&state, to: position, content: content, height: height)
        case .slide(let indexPath, let value):
            if state.draggedSlider == indexPath, let event = slide(indexPath, to: value, dataSource: dataSource) { events.append(event) }
        case .endPress:
            endPress(&state)
        case .scrollToRow(let indexPath, let position):
            if content.validRow(near: indexPath) == indexPath {
                state = self.state(scrolledTo: indexPath, at: position, from: state, dataSource: dataSource, size: size, heightCache: heightCache)
            }
        case .refresh, .restoreState:
            break
        }

        if action.keepsFocusInView {
            scrollToFocus(&state, content: content, height: height)
        }
        state.scrollPosition = content.clamped(state.scrollPosition, viewportHeight: height)
        if state.focusedRow != before { events.insert(.focusChanged(state.focusedRow), at: 0) }
        return events
    }

    /// The columns left for rows once the section index takes its gutter.
    func contentWidth<DataSource: TableViewDataSource>(for width: Int, dataSource: DataSource) -> Int {
        max(0, width - indexGutterWidth(dataSource))
    }

    /// The index titles, when this table shows an index.
    func indexTitles<DataSource: TableViewDataSource>(_ dataSource: DataSource) -> [String]? {
        guard showsSectionIndex, style == .plain, let titles = dataSource.sectionIndexTitles(), !titles.isEmpty else { return nil }
        return titles
    }

    /// The columns the index takes at the right edge: a space, then titles of at most
    /// ``SectionIndexLayout/maximumTitleWidth`` columns.
    func indexGutterWidth<DataSource: TableViewDataSource>(_ dataSource: DataSource) -> Int {
        guard let titles = indexTitles(dataSource) else { return 0 }
        let widest = titles.map { min(SectionIndexLayout.maximumTitleWidth, $0.displayWidth) }.max() ?? 1
        return 1 + max(1, widest)
    }

    /// The index title a typed character stands for: the title equal to it (ignoring case and
    /// accents), else for a letter the nearest title after it, else `#`.
    static func indexPosition(for character: Character, in titles: [String]) -> Int? {
        let typed = Collation.english.sortKey(for: String(character))
        if let exact = titles.firstIndex(where: { Collation.english.sortKey(for: $0) == typed }) { return exact }
        if character.isLetter, let after = titles.firstIndex(where: {
            $0.count == 1 && $0.first?.isLetter == true && Collation.english.sortKey(for: $0).lexicographicallyPrecedes(typed) == false
        }) {
            return after
        }
        return titles.firstIndex(of: "#")
    }

    // MARK: Scrolling

    /// Scrolls the least that makes the focused row fully visible (`scrollPosition: .none`).
    func scrollToFocus<DataSource>(_ state: inout TableViewState, content: TableContent<DataSource>, height: Int) {
        guard let focus = state.focusedRow, height > 0 else { return }
        let item = ContentItem.row(focus)
        let layout = content.layout(from: state.scrollPosition, viewportHeight: height)
        let inset = layout.topInset(forSection: focus.section, headerHeight: sectionHeaderHeight)
        let rowHeight = content.height(of: item)
        if let placed = layout.placement(of: item) {
            if placed.y >= inset && placed.maxY <= height { return }
            if placed.y < inset || rowHeight > height - inset {
                state.scrollPosition = topPosition(for: focus, content: content, height: height)
            } else {
                state.scrollPosition = content.position(ScrollPosition(item: item), movedBy: rowHeight - height)
            }
            return
        }
        let top = state.scrollPosition ?? content.startPosition
        if let top, item < top.item {
            state.scrollPosition = topPosition(for: focus, content: content, height: height)
        } else if rowHeight > height {
            state.scrollPosition = topPosition(for: focus, content: content, height: height)
        } else {
            state.scrollPosition = content.position(ScrollPosition(item: item), movedBy: rowHeight - height)
        }
    }

    /// The scroll position that shows `indexPath` at the top, just below its pinned header,
    /// or with its header when it is the section's first row.
    func topPosition<DataSource>(for indexPath: IndexPath, content: TableContent<DataSource>, height: Int) -> ScrollPosition {
        let item = ContentItem.row(indexPath)
        let header = ContentItem(.header, section: indexPath.section)
        if indexPath.row == 0, content.hasHeader(indexPath.section),
           content.height(of: header) + content.height(of: item) <= height {
            return ScrollPosition(item: header)
        }
        let pins = style == .plain && content.hasHeader(indexPath.section) && height > sectionHeaderHeight
        let covered = pins ? sectionHeaderHeight : 0
        return content.position(ScrollPosition(item: item), movedBy: -covered)
    }

    private func page<DataSource>(_ state: inout TableViewState, down: Bool, content: TableContent<DataSource>, height: Int) {
        guard let focus = state.focusedRow, height > 0 else { return }
        scrollToFocus(&state, content: content, height: height)
        let layout = content.layout(from: state.scrollPosition, viewportHeight: height)
        let focusLine = layout.placement(of: .row(focus))?.y ?? 0
        let step = max(1, height - 1 - (style == .plain ? sectionHeaderHeight : 0))
        let old = content.clamped(state.scrollPosition, viewportHeight: height)
        let moved = old.map { content.clamped(content.position($0, movedBy: down ? step : -step), viewportHeight: height) } ?? nil
        if moved == old {
            state.focusedRow = down ? content.lastRow : content.firstRow
            return
        }
        state.scrollPosition = moved
        let newLayout = content.layout(from: moved, viewportHeight: height)
        state.focusedRow = newLayout.nearestVisibleRow(toLine: focusLine, headerHeight: sectionHeaderHeight) ?? state.focusedRow
    }

    private func scroll<DataSource>(_ state: inout TableViewState, by lines: Int, content: TableContent<DataSource>, height: Int) {
        guard let start = content.clamped(state.scrollPosition, viewportHeight: height) else { return }
        state.scrollPosition = content.clamped(content.position(start, movedBy: lines), viewportHeight: height)
        // The wheel moves the view; the focus follows only when it would leave the screen.
        let layout = content.layout(from: state.scrollPosition, viewportHeight: height)
        if let focus = state.focusedRow, let placed = layout.placement(of: .row(focus)),
           placed.y >= layout.topInset(forSection: focus.section, headerHeight: sectionHeaderHeight), placed.maxY <= height {
            return
        }
        let line = lines > 0 ? 0 : height - 1
        state.focusedRow = layout.nearestVisibleRow(toLine: line, headerHeight: sectionHeaderHeight) ?? state.focusedRow
    }

    // MARK: Section index

    private func leaveIndex(_ state: inout TableViewState) {
        state.isIndexFocused = false
        state.isScrubbing = false
        state.indexPosition = nil
    }

    /// The index position of the section the focus is in.
    func currentIndexPosition<DataSource: TableViewDataSource>(_ state: TableViewState, titles: [String], dataSource: DataSource) -> Int {
        guard let section = state.focusedRow?.section else { return 0 }
        // The last title that jumps to this section or an earlier one.
        var best = 0
        for (position, title) in titles.enumerated() where dataSource.section(forSectionIndexTitle: title, at: position) <= section {
            best = position
        }
        return best
    }

    /// Jumps to the section of the index title at `position`, its header at the top; the focus
    /// moves to the section's first row.
    func jump<DataSource>(_ state: inout TableViewState, toIndexPosition position: Int, titles: [String], content: TableContent<DataSource>, height: Int) {
        guard !titles.isEmpty else { return }
        let position = max(0, min(position, titles.count - 1))
        state.indexPosition = position
        let section = content.dataSource.section(forSectionIndexTitle: titles[position], at: position)
        guard section >= 0, section < content.sectionCount else { return }
        var target = section
        while target < content.sectionCount && content.rowCount(target) == 0 { target += 1 }
        if target == content.sectionCount { target = section }
        if let first = content.firstItem(inSection: target) {
            state.scrollPosition = content.clamped(ScrollPosition(item: first), viewportHeight: height)
        }
        if content.rowCount(target) > 0 { state.focusedRow = IndexPath(row: 0, section: target) }
    }
}

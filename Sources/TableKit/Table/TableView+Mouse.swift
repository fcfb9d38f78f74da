import Foundation

@MainActor
extension TableView {
    /// The mouse, with positions relative to the table's area: a press on a row taps it (or its
    /// accessory button), a press or drag on the index scrubs, the wheel scrolls.
    func handleMouse<DataSource>(
        _ mouse: MouseEvent, state: inout TableViewState, content: TableContent<DataSource>, size: Size
    ) -> [TableViewEvent] {
        let gutter = indexGutterWidth(content.dataSource)
        let point = mouse.position
        let titles = indexTitles(content.dataSource)
        switch mouse.kind {
        case .scrollUp:
            update(&state, action: .scroll(by: -3), dataSource: content.dataSource, size: size, heightCache: content.heightCache)
            return []
        case .scrollDown:
            update(&state, action: .scroll(by: 3), dataSource: content.dataSource, size: size, heightCache: content.heightCache)
            return []
        case .release:
            state.draggedSlider = nil
            if state.isScrubbing {
                state.isScrubbing = false
                if !state.isIndexFocused { state.indexPosition = nil }
            }
            return []
        case .drag:
            if let dragged = state.draggedSlider {
                return slide(dragged, toColumn: point.x, content: content).map { [$0] } ?? []
            }
            // Once a scrub has started it keeps tracking even off the index, as on iOS.
            guard state.isScrubbing, let titles else { return [] }
            scrub(&state, toLine: point.y, titles: titles, content: content, height: size.height, isPress: false)
            return []
        case .press:
            guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else { return [] }
            if gutter > 0, point.x >= size.width - gutter, let titles {
                state.isScrubbing = true
                scrub(&state, toLine: point.y, titles: titles, content: content, height: size.height, isPress: true)
                return []
            }
            return tap(at: point, state: &state, content: content, size: size)
        }
    }

    private func scrub<DataSource>(
        _ state: inout TableViewState, toLine line: Int, titles: [String], content: TableContent<DataSource>, height: Int, isPress: Bool
    ) {
        let layout = SectionIndexLayout(titles: titles, height: height)
        guard let position = layout.titleIndex(atLine: line) else { return }
        // A drag fires once per entry it crosses into, not on every move within one.
        if !isPress && position == state.indexPosition { return }
        jump(&state, toIndexPosition: position, titles: titles, content: content, height: height)
    }

    /// The slider of the row at `indexPath` moved to column `x` of the table, if it moves.
    private func slide<DataSource>(_ indexPath: IndexPath, toColumn x: Int, content: TableContent<DataSource>) -> TableViewEvent? {
        let cell = content.dataSource.cell(for: indexPath)
        guard let slider = cell.slider else { return nil }
        let track = cell.sliderTrack(rowWidth: content.rowWidth)
        let value = slider.value(atColumn: x - content.rowInset - track.lowerBound, width: track.count)
        return value == slider.value ? nil : .sliderChanged(indexPath, value: value)
    }

    private func tap<DataSource>(at point: Point, state: inout TableViewState, content: TableContent<DataSource>, size: Size) -> [TableViewEvent] {
        let layout = content.layout(from: state.scrollPosition, viewportHeight: size.height)
        if let pinned = layout.pinnedHeader, point.y >= pinned.y, point.y < pinned.y + sectionHeaderHeight { return [] }
        guard let indexPath = layout.row(atLine: point.y) else { return [] }
        state.focusedRow = indexPath
        state.isIndexFocused = false
        state.indexPosition = nil
        scrollToFocus(&state, content: content, height: size.height)
        var events: [TableViewEvent] = []
        let cell = displayedCell(at: indexPath, dataSource: content.dataSource, isSelected: state.selectedRows.contains(indexPath))
        if cell.slider != nil, cell.sliderTrack(rowWidth: content.rowWidth).contains(point.x - content.rowInset) {
            // The thumb jumps to the click and follows the drag until the release.
            state.draggedSlider = indexPath
            return slide(indexPath, toColumn: point.x, content: content).map { [$0] } ?? []
        }
        switch cell.accessoryButton(atColumn: point.x - content.rowInset, width: content.rowWidth) {
        case .custom?: events.append(.customAccessoryTapped(indexPath))
        case .clear?: events.append(.clearButtonTapped(indexPath))
        case .switch?: events.append(.switchToggled(indexPath, isOn: !(cell.accessory.switchValue ?? false)))
        case .detail?: events.append(.accessoryButtonTapped(indexPath))
        case nil: events.append(.didSelectRow(indexPath))
        }
        return events
    }
}

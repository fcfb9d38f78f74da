import Foundation

/// The presses of ``TableViewAction``: what the hit test found, applied to the state. No
/// positions reach here but the slider's value and the index title's place, worked out by
/// `TableView.hitTarget(at:state:dataSource:size:)`.
@MainActor
extension TableView {
    /// A press on `part` of the row at `indexPath`: the row takes the focus; a slider's thumb
    /// jumps to the press and follows the drag until the release; a button is tapped; else
    /// the row is selected.
    func tap<DataSource>(
        _ indexPath: IndexPath, on part: TableHit.RowPart, state: inout TableViewState, content: TableContent<DataSource>, height: Int
    ) -> [TableViewEvent] {
        guard content.validRow(near: indexPath) == indexPath else { return [] }
        state.focusedRow = indexPath
        state.isIndexFocused = false
        state.indexPosition = nil
        scrollToFocus(&state, content: content, height: height)
        switch part {
        case .sliderTrack(let value):
            state.draggedSlider = indexPath
            return slide(indexPath, to: value, dataSource: content.dataSource).map { [$0] } ?? []
        case .accessoryButton: return [.customAccessoryTapped(indexPath)]
        case .clearButton: return [.clearButtonTapped(indexPath)]
        case .switch:
            return [.switchToggled(indexPath, isOn: !(content.dataSource.cell(for: indexPath).accessory.switchValue ?? false))]
        case .detailButton: return [.accessoryButtonTapped(indexPath)]
        case .content, .editingControl, .reorderControl, .deleteButton, .swipeButton: return [.didSelectRow(indexPath)]
        }
    }

    /// The index pressed or dragged over the title at `position`: a press begins a scrub and
    /// jumps; a drag jumps once per title it crosses into, not on every move within one.
    func scrubIndex<DataSource>(_ state: inout TableViewState, to position: Int?, content: TableContent<DataSource>, height: Int) {
        guard let titles = indexTitles(content.dataSource) else { return }
        let isPress = !state.isScrubbing
        state.isScrubbing = true
        guard let position, position >= 0, position < titles.count else { return }
        if !isPress && position == state.indexPosition { return }
        jump(&state, toIndexPosition: position, titles: titles, content: content, height: height)
    }

    /// The slider of the row at `indexPath` moved to `value`, if that moves it.
    func slide<DataSource: TableViewDataSource>(_ indexPath: IndexPath, to value: Double, dataSource: DataSource) -> TableViewEvent? {
        guard var slider = dataSource.cell(for: indexPath).slider else { return nil }
        let before = slider.value
        slider.setValue(value)
        return slider.value == before ? nil : .sliderChanged(indexPath, value: slider.value)
    }

    /// The release: a slider's drag ends, and a scrub of the index lets go of the big letter
    /// unless the index has the keyboard.
    func endPress(_ state: inout TableViewState) {
        state.draggedSlider = nil
        if state.isScrubbing {
            state.isScrubbing = false
            if !state.isIndexFocused { state.indexPosition = nil }
        }
    }
}

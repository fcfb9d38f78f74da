import Foundation

/// The value over a row's slider while it moves: on the line above its row (below it, for a
/// row on the top line), fading once the slider stops. A ``TableViewPart`` like any an app
/// adds: the screen tells it when a slider moved, and it draws from the context.
@MainActor
final class SliderPopoverPart: TableViewPart {
    /// The popover, shown when the value last moved.
    var popover = ValuePopover()
    /// The row whose slider moved last.
    var row: IndexPath?

    /// The slider of the row at `indexPath` moved at `now`: the popover shows over it.
    func sliderMoved(at indexPath: IndexPath, now: ContinuousClock.Instant) {
        popover.show(at: now)
        row = indexPath
    }

    /// Draws the value over the thumb of the slider that moved last, while it shows.
    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard let row, let style = popover.style(at: context.now) else { return }
        let rows = context.rowsArea
        guard let frame = context.frame(ofRow: row) else { return }
        let cell = context.dataSource.cell(for: row)
        guard let slider = cell.slider else { return }
        let track = cell.sliderTrack(rowWidth: frame.width)
        let thumb = frame.minX + track.lowerBound + slider.thumbColumn(width: track.count)
        let y = frame.minY > rows.minY ? frame.minY - 1 : frame.minY + 1
        ValuePopover.draw(cell.detailText ?? Slider.text(of: slider.value), overColumn: thumb, line: y, style: style, into: &canvas, clip: rows)
    }

    override func wantsTicks(context: TableContext) -> Bool { popover.isVisible(at: context.now) }
}

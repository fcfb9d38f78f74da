import Foundation

/// The value over a row's slider while it moves: on the line above its row (below it, for a
/// row on the top line), fading once the slider stops.
@MainActor
final class SliderPopoverPart: TableViewControllerPart {
    /// The popover, shown when the value last moved.
    var popover = ValuePopover()
    /// The row whose slider moved last.
    var row: IndexPath?

    /// The slider of the row at `indexPath` moved: the popover shows over it.
    func sliderMoved(at indexPath: IndexPath, in table: TableViewController) {
        popover.show(at: table.now())
        row = indexPath
    }

    /// Draws the value over the thumb of the slider that moved last, while it shows.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, in table: TableViewController) {
        // The table's area is asked only while there is a popover: it walks every section.
        guard let row, let style = popover.style(at: table.now()) else { return }
        let rows = table.tableArea(in: area)
        guard let frame = table.tableView.rowFrame(of: row, state: table.state, dataSource: table.dataSource, area: rows, heightCache: table.heightCache)
        else { return }
        let cell = table.dataSource.cell(for: row)
        guard let slider = cell.slider else { return }
        let track = cell.sliderTrack(rowWidth: frame.rect.width)
        let thumb = frame.rect.minX + track.lowerBound + slider.thumbColumn(width: track.count)
        let y = frame.rect.minY > rows.minY ? frame.rect.minY - 1 : frame.rect.minY + 1
        ValuePopover.draw(cell.detailText ?? Slider.text(of: slider.value), overColumn: thumb, line: y, style: style, into: &canvas, clip: rows)
    }

    func wantsTicks(in table: TableViewController) -> Bool { popover.isVisible(at: table.now()) }
}

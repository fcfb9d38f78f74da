import Foundation

/// What a point of a table screen lands on: the search field, the header view, the page
/// scrubber, the section index, a section's header, or a row and which part of it.
///
/// A table screen works it out once, when a press lands (``TableViewController/hitTest(_:)``),
/// and every recognizer and part of the screen reads the same answer until the release, as
/// UIKit's `hitTest(_:with:)` picks the one view a touch belongs to. Positions are the
/// screen's: from the top-left corner of the area the screen was drawn in.
public struct TableHit: Hashable, Sendable {
    /// Which part of a row a point is on.
    public enum RowPart: Hashable, Sendable {
        /// The row's text, or anywhere on it that is no button.
        case content
        /// The info button `ⓘ` (``Accessory/detailButton``).
        case detailButton
        /// The row's own accessory button (``Accessory/button(_:)``).
        case accessoryButton
        /// The clear button `×` of the row's text field.
        case clearButton
        /// The row's switch.
        case `switch`
        /// The track of the row's slider: `value` is the value under the point.
        case sliderTrack(value: Double)
        /// ⊖ or ⊕ in editing mode, and the margins beside it.
        case editingControl(TableViewCell.EditingStyle)
        /// `≡` in editing mode: the row can be taken hold of and dragged.
        case reorderControl
        /// The red Delete button of a row confirming its deletion.
        case deleteButton
        /// Button `index` of the row's open side-swipe menu, counted from the row's edge.
        case swipeButton(index: Int)
    }

    /// What the point is on.
    public enum Target: Hashable, Sendable {
        /// The search field's line (and its scope bar).
        case searchBar
        /// The header view's lines (``TableViewController/tableHeaderHeight``).
        case tableHeader
        /// The page scrubber's line under a long table.
        case pageScrubber
        /// The section index's column: `position` is the title on that line in the full
        /// list of titles, `nil` between titles.
        case sectionIndex(position: Int?)
        /// The header of section `section` (pinned at the top or scrolled with its rows).
        case sectionHeader(Int)
        /// A row, and which part of it.
        case row(IndexPath, RowPart)
        /// Anything else: the space under the last row, a footer, outside the screen.
        case nothing
    }

    /// What the point is on.
    public var target: Target
    /// The point, from the top-left corner of the screen's area.
    public var location: Point

    /// A hit on `target` at `location` (only the hit test makes one).
    init(_ target: Target, at location: Point) {
        self.target = target
        self.location = location
    }

    /// The row the point is on, whichever part of it.
    public var indexPath: IndexPath? {
        if case .row(let indexPath, _) = target { return indexPath }
        return nil
    }

    /// The part of the row the point is on, when it is on a row.
    public var rowPart: RowPart? {
        if case .row(_, let part) = target { return part }
        return nil
    }
}

/// The spaces a table screen's positions are counted in.
public enum TableCoordinateSpace: Hashable, Sendable {
    /// From the top-left corner of the screen's area: where mouse reports arrive.
    case screen
    /// From the top-left corner of the header view (``TableViewController/tableHeaderHeight``).
    case tableHeader
    /// From the top-left corner of the rows' area: where the table lays its rows out.
    case rows
}

@MainActor
extension TableView {
    /// What `point` of a table area of `size` (from its top-left corner) is on: the section
    /// index's column, a section's header, a row and the part of it (its buttons wherever
    /// either glyph set draws them, its slider's track), or nothing. An app asks the screen
    /// (``TableViewController/hitTest(_:)``).
    func hitTarget<DataSource: TableViewDataSource>(
        at point: Point, state: TableViewState, dataSource: DataSource, size: Size
    ) -> TableHit.Target {
        hitTarget(at: point, state: state, dataSource: dataSource, size: size, heightCache: nil)
    }

    /// ``hitTarget(at:state:dataSource:size:)``, taking the heights measured before from
    /// `heightCache` (a table screen keeps one).
    func hitTarget<DataSource: TableViewDataSource>(
        at point: Point, state: TableViewState, dataSource: DataSource, size: Size, heightCache: RowHeightCache?
    ) -> TableHit.Target {
        guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else { return .nothing }
        let gutter = indexGutterWidth(dataSource)
        if gutter > 0, point.x >= size.width - gutter, let titles = indexTitles(dataSource) {
            return .sectionIndex(position: SectionIndexLayout(titles: titles, height: size.height).titleIndex(atLine: point.y))
        }
        let content = TableContent(table: self, dataSource: dataSource, width: contentWidth(for: size.width, dataSource: dataSource), heightCache: heightCache)
        let layout = content.layout(from: state.scrollPosition, viewportHeight: size.height)
        if let pinned = layout.pinnedHeader, point.y >= pinned.y, point.y < pinned.y + sectionHeaderHeight {
            return .sectionHeader(pinned.section)
        }
        guard let placed = layout.placed.first(where: { point.y >= $0.y && point.y < $0.maxY }) else { return .nothing }
        guard let indexPath = placed.item.indexPath else {
            return placed.item.kind == .header ? .sectionHeader(placed.item.section) : .nothing
        }
        let cell = displayedCell(at: indexPath, dataSource: dataSource, isSelected: state.selectedRows.contains(indexPath))
        let column = point.x - content.rowInset
        if let slider = cell.slider {
            let track = cell.sliderTrack(rowWidth: content.rowWidth)
            if track.contains(column) {
                return .row(indexPath, .sliderTrack(value: slider.value(atColumn: column - track.lowerBound, width: track.count)))
            }
        }
        switch cell.accessoryButton(atColumn: column, width: content.rowWidth) {
        case .custom?: return .row(indexPath, .accessoryButton)
        case .clear?: return .row(indexPath, .clearButton)
        case .switch?: return .row(indexPath, .switch)
        case .detail?: return .row(indexPath, .detailButton)
        case nil: return .row(indexPath, .content)
        }
    }

    /// The value of the slider of the row at `indexPath` under column `x` of a table area
    /// `width` wide, as a drag that took its thumb moves it; `nil` when the row has no slider.
    func sliderValue<DataSource: TableViewDataSource>(of indexPath: IndexPath, atColumn x: Int, dataSource: DataSource, width: Int) -> Double? {
        let cell = dataSource.cell(for: indexPath)
        guard let slider = cell.slider else { return nil }
        let content = TableContent(table: self, dataSource: dataSource, width: contentWidth(for: width, dataSource: dataSource))
        let track = cell.sliderTrack(rowWidth: content.rowWidth)
        return slider.value(atColumn: x - content.rowInset - track.lowerBound, width: track.count)
    }

    /// The position, in the full list of index titles, of the title on line `y` of an index
    /// `height` lines tall, if there is one there.
    func indexPosition<DataSource: TableViewDataSource>(atLine y: Int, dataSource: DataSource, height: Int) -> Int? {
        guard let titles = indexTitles(dataSource) else { return nil }
        return SectionIndexLayout(titles: titles, height: height).titleIndex(atLine: y)
    }
}

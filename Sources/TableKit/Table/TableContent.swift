import Foundation

/// A table's content seen as one run of lines: headers, rows and footers, section by section.
///
/// Everything here walks from a known item to its neighbours, so each call asks the data source
/// about a few items only; nothing ever measures the whole table.
@MainActor
struct TableContent<DataSource: TableViewDataSource> {
    let table: TableView
    let dataSource: DataSource
    /// The columns rows are laid out in (the table's width less the index gutter).
    let width: Int
    /// Heights measured before, if the owner keeps them.
    var heightCache: RowHeightCache? = nil

    var sectionCount: Int { max(0, dataSource.numberOfSections()) }

    func rowCount(_ section: Int) -> Int { max(0, dataSource.numberOfRows(inSection: section)) }

    /// In the grouped style each section with rows is a box: its header carries the top edge
    /// and its footer the bottom edge, so both exist even without titles.
    func hasHeader(_ section: Int) -> Bool {
        dataSource.titleForHeader(inSection: section) != nil || isBoxed(section)
    }

    func hasFooter(_ section: Int) -> Bool {
        dataSource.titleForFooter(inSection: section) != nil || isBoxed(section)
    }

    /// Whether `section` is drawn as an inset rounded box (grouped style, with rows).
    func isBoxed(_ section: Int) -> Bool { table.style == .grouped && rowCount(section) > 0 }

    /// Columns between the table's edge and a row's cell: a margin and the box's edge in the
    /// grouped style, none in the plain style.
    var rowInset: Int { table.style == .grouped ? 2 : 0 }

    /// The width a row's cell is laid out in.
    var rowWidth: Int { max(1, width - 2 * rowInset) }

    /// Lines the item takes at this width.
    func height(of item: ContentItem) -> Int {
        switch item.kind {
        case .header:
            switch table.style {
            case .plain: return table.sectionHeaderHeight
            // A blank line before every section but the first, the title, the box's top edge.
            case .grouped:
                let title = dataSource.titleForHeader(inSection: item.section) != nil ? 1 : 0
                return (item.section == 0 ? 0 : 1) + title + (isBoxed(item.section) ? 1 : 0)
            }
        case .footer:
            let text = dataSource.titleForFooter(inSection: item.section).map {
                max(1, TextLayout.lineCount($0, width: max(1, width - 2 - rowInset)))
            }
            switch table.style {
            case .plain: return text ?? 1
            // The box's bottom edge, then the footer text under it.
            case .grouped: return (isBoxed(item.section) ? 1 : 0) + (text ?? 0)
            }
        case .row:
            // Heights never depend on the selection: a check's room is kept either way.
            let indexPath = IndexPath(row: item.row, section: item.section)
            let cell = { table.displayedCell(at: indexPath, dataSource: dataSource, isSelected: false) }
            return heightCache?.height(of: indexPath, width: rowWidth, cell: cell) ?? cell().height(width: rowWidth)
        }
    }

    // MARK: Items in order

    /// The first item of `section` at or after the given kind, if the section has one.
    func firstItem(inSection section: Int) -> ContentItem? {
        if hasHeader(section) { return ContentItem(.header, section: section) }
        if rowCount(section) > 0 { return ContentItem(.row, section: section, row: 0) }
        if hasFooter(section) { return ContentItem(.footer, section: section) }
        return nil
    }

    /// The last item of `section`, if it has any.
    func lastItem(inSection section: Int) -> ContentItem? {
        if hasFooter(section) { return ContentItem(.footer, section: section) }
        let rows = rowCount(section)
        if rows > 0 { return ContentItem(.row, section: section, row: rows - 1) }
        if hasHeader(section) { return ContentItem(.header, section: section) }
        return nil
    }

    var firstItem: ContentItem? {
        var section = 0
        while section < sectionCount {
            if let item = firstItem(inSection: section) { return item }
            section += 1
        }
        return nil
    }

    var lastItem: ContentItem? {
        var section = sectionCount - 1
        while section >= 0 {
            if let item = lastItem(inSection: section) { return item }
            section -= 1
        }
        return nil
    }

    func item(after item: ContentItem) -> ContentItem? {
        switch item.kind {
        case .header:
            if rowCount(item.section) > 0 { return ContentItem(.row, section: item.section, row: 0) }
            if hasFooter(item.section) { return ContentItem(.footer, section: item.section) }
        case .row:
            if item.row + 1 < rowCount(item.section) { return ContentItem(.row, section: item.section, row: item.row + 1) }
            if hasFooter(item.section) { return ContentItem(.footer, section: item.section) }
        case .footer:
            break
        }
        var section = item.section + 1
        while section < sectionCount {
            if let first = firstItem(inSection: section) { return first }
            section += 1
        }
        return nil
    }

    func item(before item: ContentItem) -> ContentItem? {
        switch item.kind {
        case .footer:
            let rows = rowCount(item.section)
            if rows > 0 { return ContentItem(.row, section: item.section, row: rows - 1) }
            if hasHeader(item.section) { return ContentItem(.header, section: item.section) }
        case .row:
            if item.row > 0 { return ContentItem(.row, section: item.section, row: item.row - 1) }
            if hasHeader(item.section) { return ContentItem(.header, section: item.section) }
        case .header:
            break
        }
        var section = item.section - 1
        while section >= 0 {
            if let last = lastItem(inSection: section) { return last }
            section -= 1
        }
        return nil
    }

    /// Whether the item is still part of the content (the data may have changed).
    func exists(_ item: ContentItem) -> Bool {
        guard item.section >= 0, item.section < sectionCount else { return false }
        switch item.kind {
        case .header: return hasHeader(item.section)
        case .footer: return hasFooter(item.section)
        case .row: return item.row >= 0 && item.row < rowCount(item.section)
        }
    }

    // MARK: Rows in order

    var firstRow: IndexPath? {
        var section = 0
        while section < sectionCount {
            if rowCount(section) > 0 { return IndexPath(row: 0, section: section) }
            section += 1
        }
        return nil
    }

    var lastRow: IndexPath? {
        var section = sectionCount - 1
        while section >= 0 {
            let rows = rowCount(section)
            if rows > 0 { return IndexPath(row: rows - 1, section: section) }
            section -= 1
        }
        return nil
    }

    /// The row `offset` rows after (or before, when negative) `indexPath`, stopping at the ends.
    func row(_ indexPath: IndexPath, offsetBy offset: Int) -> IndexPath {
        var current = indexPath
        var remaining = offset
        while remaining > 0 {
            let rows = rowCount(current.section)
            let step = min(remaining, rows - 1 - current.row)
            if step > 0 {
                current.row += step
                remaining -= step
                continue
            }
            var section = current.section + 1
            while section < sectionCount && rowCount(section) == 0 { section += 1 }
            guard section < sectionCount else { break }
            current = IndexPath(row: 0, section: section)
            remaining -= 1
        }
        while remaining < 0 {
            let step = min(-remaining, current.row)
            if step > 0 {
                current.row -= step
                remaining += step
                continue
            }
            var section = current.section - 1
            while section >= 0 && rowCount(section) == 0 { section -= 1 }
            guard section >= 0 else { break }
            current = IndexPath(row: rowCount(section) - 1, section: section)
            remaining += 1
        }
        return current
    }

    /// `indexPath` if it names a row that exists, else the nearest row that does.
    func validRow(near indexPath: IndexPath?) -> IndexPath? {
        guard let indexPath, let first = firstRow, let last = lastRow else { return firstRow }
        if indexPath < first { return first }
        if indexPath > last { return last }
        if indexPath.row < rowCount(indexPath.section) { return indexPath }
        // The section shrank or is empty: the last row at or before it, else the next one.
        var section = indexPath.section
        while section >= 0 {
            let rows = rowCount(section)
            if rows > 0 { return IndexPath(row: min(indexPath.row, rows - 1), section: section) }
            section -= 1
        }
        return first
    }

    // MARK: Moving by lines

    var startPosition: ScrollPosition? { firstItem.map { ScrollPosition(item: $0) } }

    /// The position `lines` lines below (or above, when negative) `position`, stopping at the
    /// first line and at one past the last line of the content.
    func position(_ position: ScrollPosition, movedBy lines: Int) -> ScrollPosition {
        var item = position.item
        var offset = position.lineOffset + lines
        while offset < 0 {
            guard let previous = self.item(before: item) else { return ScrollPosition(item: item) }
            item = previous
            offset += height(of: item)
        }
        while true {
            let h = height(of: item)
            if offset < h { break }
            guard let next = self.item(after: item) else { return ScrollPosition(item: item, lineOffset: h) }
            offset -= h
            item = next
        }
        return ScrollPosition(item: item, lineOffset: offset)
    }

    /// The lowest top position that still fills a viewport of `height` lines.
    func maximumPosition(viewportHeight height: Int) -> ScrollPosition? {
        guard let last = lastItem else { return nil }
        let end = ScrollPosition(item: last, lineOffset: self.height(of: last))
        return position(end, movedBy: -height)
    }

    /// `position` kept within the content: not past the point where the last line meets the bottom.
    func clamped(_ position: ScrollPosition?, viewportHeight: Int) -> ScrollPosition? {
        guard let start = startPosition else { return nil }
        guard var position else { return start }
        if !exists(position.item) {
            guard let last = lastItem else { return start }
            position = ScrollPosition(item: min(position.item, last))
            if !exists(position.item) { position = ScrollPosition(item: last) }
        }
        if position.lineOffset >= height(of: position.item) {
            position = self.position(ScrollPosition(item: position.item), movedBy: position.lineOffset)
        }
        if let maximum = maximumPosition(viewportHeight: viewportHeight), maximum < position { return maximum }
        return position < start ? start : position
    }
}

@MainActor
extension TableView {
    /// The columns a row's cell is laid out in, in a table `tableWidth` columns wide: less the
    /// index gutter and, in the grouped style, the box's margins.
    func rowWidth<DataSource: TableViewDataSource>(tableWidth: Int, dataSource: DataSource) -> Int {
        TableContent(table: self, dataSource: dataSource, width: tableWidth - indexGutterWidth(dataSource)).rowWidth
    }
}

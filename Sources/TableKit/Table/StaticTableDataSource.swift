import Foundation

/// A section of fixed cells, with an optional header and footer title.
public struct TableSection: Sendable {
    /// The header title; `nil` for none.
    public var headerTitle: String?
    /// The footer title; `nil` for none.
    public var footerTitle: String?
    /// The rows.
    public var cells: [TableViewCell]
    /// How the rows are selected; `nil` uses the table's mode.
    public var selectionMode: SelectionMode?

    /// Creates a section.
    public init(header: String? = nil, footer: String? = nil, selectionMode: SelectionMode? = nil, cells: [TableViewCell]) {
        headerTitle = header
        footerTitle = footer
        self.selectionMode = selectionMode
        self.cells = cells
    }
}

/// A data source of cells known in advance: a settings screen, a record's fields, a detail
/// screen's facts. Larger or computed content should use its own ``TableViewDataSource``.
///
/// ```swift
/// let about = StaticTableDataSource([
///     TableSection(header: "Fruit", cells: [
///         TableViewCell(style: .value1, text: "Name", detailText: "Apple"),
///         TableViewCell(style: .value1, text: "Colour", detailText: "Red"),
///     ]),
/// ])
/// let screen = TableViewController(title: "Apple", style: .grouped, dataSource: about)
/// ```
public struct StaticTableDataSource: TableViewDataSource, Sendable {
    /// The sections, in order.
    public var sections: [TableSection]

    /// Creates a data source of `sections`.
    public init(_ sections: [TableSection]) {
        self.sections = sections
    }

    /// Creates a data source of one section of `cells`, without titles.
    public init(cells: [TableViewCell]) {
        sections = [TableSection(cells: cells)]
    }

    /// The number of sections.
    public func numberOfSections() -> Int { sections.count }

    /// The number of cells in `section`; 0 outside the table.
    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].cells.count : 0
    }

    /// The cell at `indexPath`; an empty cell outside the table.
    public func cell(for indexPath: IndexPath) -> TableViewCell {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].cells.indices.contains(indexPath.row) else {
            return TableViewCell(text: "")
        }
        return sections[indexPath.section].cells[indexPath.row]
    }

    /// The section's header title.
    public func titleForHeader(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].headerTitle : nil
    }

    /// The section's footer title.
    public func titleForFooter(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].footerTitle : nil
    }

    /// The section's own selection mode, if it has one.
    public func selectionMode(forSection section: Int) -> SelectionMode? {
        sections.indices.contains(section) ? sections[section].selectionMode : nil
    }
}

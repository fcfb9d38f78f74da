import Foundation
@testable import TableKit

/// Sections of numbered rows with one-letter headers; counts every cell it is asked for.
@MainActor
final class CountingDataSource: TableViewDataSource {
    let rows: [Int]
    var style: CellStyle = .default
    var headers = true
    var indexTitles: [String]? = nil
    var accessory: Accessory = .none
    private(set) var cellRequests = 0

    init(rows: [Int]) {
        self.rows = rows
    }

    func numberOfSections() -> Int { rows.count }
    func numberOfRows(inSection section: Int) -> Int { rows[section] }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        return TableViewCell(style: style, text: "Row \(indexPath.section).\(indexPath.row)",
                             detailText: style == .subtitle ? "detail \(indexPath.row)" : nil, accessory: accessory)
    }
    func titleForHeader(inSection section: Int) -> String? {
        headers ? String(UnicodeScalar(UInt8(65 + section % 26))) : nil
    }
    func sectionIndexTitles() -> [String]? { indexTitles }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { min(index, rows.count - 1) }
}

@MainActor
extension TableView {
    /// Draws into a fresh canvas of `size` and returns its lines.
    func lines<D: TableViewDataSource>(_ state: TableViewState, _ dataSource: D, size: Size, glyphs: Glyphs = .unicode) -> [String] {
        var canvas = Canvas(size: size)
        render(state, dataSource: dataSource, into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
        return canvas.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The lines on which the focused row is drawn reversed.
    func focusLines<D: TableViewDataSource>(_ state: TableViewState, _ dataSource: D, size: Size) -> [Int] {
        var canvas = Canvas(size: size)
        render(state, dataSource: dataSource, into: &canvas, area: canvas.bounds, context: RenderContext())
        return (0..<size.height).filter { y in canvas[0, y].style.attributes.contains(.reverse) }
    }
}

@MainActor
extension TableView {
    /// A press at `point` of a table area of `size`, as a table screen applies it: hit-tested
    /// once, then a tap on the row and the part of it the point is on (nothing off the rows).
    @discardableResult
    func press<DataSource: TableViewDataSource>(at point: Point, state: inout TableViewState, dataSource: DataSource, size: Size) -> [TableViewEvent] {
        guard case .row(let row, let part) = hitTarget(at: point, state: state, dataSource: dataSource, size: size) else { return [] }
        return update(&state, action: .tap(row, part), dataSource: dataSource, size: size)
    }
}

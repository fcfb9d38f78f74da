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

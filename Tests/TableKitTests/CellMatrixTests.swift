import Foundation
import Testing
@testable import TableKit

/// Every cell style with every accessory, in both table styles, at three widths (the narrowest
/// narrower than the content), in Unicode and in ASCII.
@MainActor
@Suite("Cell styles × accessories × table styles")
struct CellMatrixTests {
    static let styles: [CellStyle] = [.default, .subtitle, .value1, .value2]
    static let accessories: [Accessory] = [.none, .disclosureIndicator, .detailDisclosureButton, .detailButton, .checkmark, .button("[✎]"), .detailAndButton("[★]")]

    private struct One: TableViewDataSource {
        let cell: TableViewCell
        func numberOfRows(inSection section: Int) -> Int { 1 }
        func cell(for indexPath: IndexPath) -> TableViewCell { cell }
    }

    @Test(arguments: [12, 40, 80])
    func everyCombinationDrawsItsTextAndAccessoryWithinTheRow(width: Int) {
        for tableStyle in [TableStyle.plain, .grouped] {
            for style in Self.styles {
                for accessory in Self.accessories {
                    for glyphs in [Glyphs.unicode, .ascii] {
                        let cell = TableViewCell(style: style, text: "Title of a row", detailText: "Detail text", accessory: accessory)
                        let table = TableView(style: tableStyle, showsSectionIndex: false)
                        let size = Size(width: width, height: 6)
                        var canvas = Canvas(size: size)
                        var state = TableViewState()
                        table.update(&state, action: .refresh, dataSource: One(cell: cell), size: size)
                        table.render(state, dataSource: One(cell: cell), into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
                        let text = canvas.lines.joined(separator: "\n")
                        let label = "\(tableStyle) \(style) \(accessory) \(glyphs == .ascii ? "ASCII" : "Unicode") at \(width)"
                        // With room, the title shows whole or cut with the glyph set's ellipsis;
                        // at 12 columns an accessory may leave it two columns, or none.
                        let ellipsis = glyphs == .ascii ? "~" : "…"
                        if width >= 40 {
                            #expect(text.contains("Title of a row") || text.contains("Title") && text.contains(ellipsis), "\(label):\n\(text)")
                        }
                        // The accessory is drawn whole when there is room for it and some text.
                        if let drawn = cell.accessoryText(glyphs), width >= 40 {
                            #expect(text.contains(drawn), "\(label): accessory \(drawn) missing:\n\(text)")
                        }
                        if glyphs == .ascii {
                            let frame = tableStyle == .grouped ? "" : text
                            let asciiOnly = frame.unicodeScalars.allSatisfy { $0.isASCII }
                            #expect(asciiOnly, "\(label): ASCII only:\n\(text)")
                        }
                        // Nothing spills past the row: every line is exactly the width.
                        let fits = canvas.lines.allSatisfy { $0.displayWidth == width }
                        #expect(fits, "\(label)")
                    }
                }
            }
        }
    }
}

import Foundation
import Testing
@testable import TableKit

/// Wrapped rows with an info button, whose glyph is one column in Unicode and three in ASCII.
@MainActor
private struct WrappedInfoRows: TableViewDataSource {
    /// Two 16-letter words: they fit the label only if it may run under a three-column (i).
    static let text = "abcdefghijklmnop abcdefghijklmnop"
    func numberOfRows(inSection section: Int) -> Int { 3 }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: WrappedInfoRows.text, accessory: .detailButton, numberOfLines: 0)
    }
}

@MainActor
@Suite("Rows lay out the same with Unicode and ASCII glyphs")
struct GlyphIndependenceTests {
    let table = TableView(showsSectionIndex: false)
    let size = Size(width: 20, height: 12)

    @Test func aRowTakesAsManyLinesAsItDrawsInEitherGlyphSet() {
        let cell = WrappedInfoRows().cell(for: IndexPath(row: 0, section: 0))
        let height = cell.height(width: size.width)
        for glyphs in [Glyphs.unicode, .ascii] {
            let lines = table.lines(TableViewState(), WrappedInfoRows(), size: size, glyphs: glyphs)
            // The text's letters in order, the button's glyph (ⓘ, or the i of (i)) left out.
            let drawn = lines.prefix(height).map { $0.replacingOccurrences(of: glyphs.detail, with: "") }.joined().filter(\.isLetter)
            #expect(drawn == WrappedInfoRows.text.filter(\.isLetter), "every letter of the first row within its lines: \(lines)")
            #expect(lines[height].hasPrefix(" abc"), "the second row starts right after the first: \(lines)")
        }
    }

    @Test func aClickOnAnyColumnOfTheDrawnInfoButtonTapsIt() {
        let ascii = table.lines(TableViewState(), WrappedInfoRows(), size: size, glyphs: .ascii)[0]
        let open = ascii.distance(from: ascii.startIndex, to: ascii.firstIndex(of: "(")!)
        for column in open ..< open + 3 {
            var state = TableViewState()
            let events = table.press(at: Point(x: column, y: 0), state: &state, dataSource: WrappedInfoRows(), size: size)
            #expect(events.contains(.accessoryButtonTapped(IndexPath(row: 0, section: 0))), "column \(column) of (i)")
            #expect(!events.contains(.didSelectRow(IndexPath(row: 0, section: 0))), "the button does not select the row")
        }
        let unicode = table.lines(TableViewState(), WrappedInfoRows(), size: size)[0]
        let info = unicode.distance(from: unicode.startIndex, to: unicode.firstIndex(of: "ⓘ")!)
        var state = TableViewState()
        let events = table.press(at: Point(x: info, y: 0), state: &state, dataSource: WrappedInfoRows(), size: size)
        #expect(events.contains(.accessoryButtonTapped(IndexPath(row: 0, section: 0))))
        let onText = table.press(at: Point(x: 2, y: 0), state: &state, dataSource: WrappedInfoRows(), size: size)
        #expect(onText.contains(.didSelectRow(IndexPath(row: 0, section: 0))))
    }
}

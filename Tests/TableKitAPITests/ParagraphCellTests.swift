import Foundation
import TableKit
import Testing

@MainActor
@Suite("Cells of styled paragraphs: self-sizing, styles kept across lines")
struct ParagraphCellTests {
    /// A header line cut to one line with a time on its right, then `body` wrapped.
    private func cell(_ body: StyledText) -> TableViewCell {
        TableViewCell(paragraphs: [
            CellParagraph(StyledText("Name", style: Style(attributes: [.bold])), trailingText: "3m", wraps: false),
            CellParagraph(body),
        ])
    }

    /// Body lines at row widths 22, 12 and 8 (label widths 20, 10 and 6: a column of margin
    /// each side), counted by hand.
    @Test(arguments: [
        ("一二三四五六七八九十", [1, 2, 4]),              // 20 columns, broken between characters
        ("👩‍💻👩‍💻👩‍💻👩‍💻 ok", [1, 3, 5]),             // four four-column clusters (two emoji each), then a word
        ("שלום עולם יפה", [1, 2, 3]),                // right-to-left words, one column a letter
    ])
    func heightsAtThreeWidths(body: String, expected: [Int]) {
        for (width, lines) in zip([22, 12, 8], expected) {
            #expect(cell(StyledText(body)).height(width: width) == 1 + lines, "\(body) at \(width)")
        }
    }

    @Test func stylesStayWithTheirCharactersOnEveryLine() {
        var body = StyledText("see ")
        body.append("@mira_codes", style: Theme.tint)
        body.append(" and ")
        body.append("#SwiftLang", style: Theme.tint)
        let lines = body.wrapped(width: 12)
        #expect(lines.map(\.string) == ["see", "@mira_codes", "and", "#SwiftLang"])
        #expect(lines[1].runs == [StyledText.Run("@mira_codes", style: Theme.tint)])
        #expect(lines[2].runs == [StyledText.Run("and")])
        #expect(lines[3].runs == [StyledText.Run("#SwiftLang", style: Theme.tint)])
        #expect(body.truncated(width: 8).runs == [StyledText.Run("see "), StyledText.Run("@mi…", style: Theme.tint)])
    }

    @Test func theTableMeasuresRowsAgainAfterAResize() {
        let rows = [cell("one two three four five six"), cell("short")]
        let controller = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: rows))
        controller.layout(for: Size(width: 40, height: 10))
        var text = lines(of: controller, size: Size(width: 40, height: 10))
        #expect(text[0].hasPrefix(" Name") && text[0].hasSuffix("3m"))
        #expect(text[1] == " one two three four five six")
        #expect(text[2].hasPrefix(" Name"), "the second row starts on line 3")
        controller.layout(for: Size(width: 12, height: 10))
        text = lines(of: controller, size: Size(width: 12, height: 10))
        #expect(Array(text[1 ... 3]) == [" one two", " three four", " five six"])
        #expect(text[4].hasPrefix(" Name"), "the first row grew to four lines")
        let styled = styledLines(of: controller, size: Size(width: 12, height: 10))
        #expect(styled[0].contains("«rev bold|Name»"), "the focused header stays bold: \(styled[0])")
    }
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A cell made by an initializer, and the same cell reached by changing one property of
/// another after it was made, as a data source that reuses a cell value does.
private struct ChangedCell: Sendable, CustomTestStringConvertible {
    let property: String
    /// What the initializer makes.
    let made: TableViewCell
    /// The cell before the change: drawn differently from `made`.
    let start: TableViewCell
    let change: @Sendable (inout TableViewCell) -> Void

    var testDescription: String { property }

    var changed: TableViewCell {
        var cell = start
        change(&cell)
        return cell
    }
}

private let long = "Tables in a terminal, drawn at last."
private let layout = ColumnLayout(columns: [.init(title: "Name", width: 8), .init(title: "Price", width: 6, alignment: .right)])
private let speed = Slider(value: 1, in: 0.5 ... 2, step: 0.25)
private func paragraph(_ text: String, trailing: String? = "3m", wraps: Bool = true) -> CellParagraph {
    CellParagraph(StyledText(text), trailingText: trailing.map { StyledText($0) }, wraps: wraps)
}

private let changes: [ChangedCell] = [
    ChangedCell(property: "style", made: TableViewCell(style: .value1, text: "Wi-Fi", detailText: "Home"),
                start: TableViewCell(text: "Wi-Fi", detailText: "Home")) { $0.style = .value1 },
    ChangedCell(property: "detailText", made: TableViewCell(style: .value1, text: "Wi-Fi", detailText: "Home"),
                start: TableViewCell(style: .value1, text: "Wi-Fi")) { $0.detailText = "Home" },
    ChangedCell(property: "image", made: TableViewCell(text: "Wi-Fi", image: "*"),
                start: TableViewCell(text: "Wi-Fi")) { $0.image = "*" },
    ChangedCell(property: "accessory", made: TableViewCell(text: "Wi-Fi", accessory: .checkmark),
                start: TableViewCell(text: "Wi-Fi")) { $0.accessory = .checkmark },
    ChangedCell(property: "numberOfLines", made: TableViewCell(text: long, numberOfLines: 0),
                start: TableViewCell(text: long)) { $0.numberOfLines = 0 },
    ChangedCell(property: "detailNumberOfLines", made: TableViewCell(style: .subtitle, text: "Note", detailText: long, detailNumberOfLines: 0),
                start: TableViewCell(style: .subtitle, text: "Note", detailText: long)) { $0.detailNumberOfLines = 0 },
    ChangedCell(property: "isHighlightable", made: TableViewCell(text: "Wi-Fi", isHighlightable: false),
                start: TableViewCell(text: "Wi-Fi")) { $0.isHighlightable = false },
    ChangedCell(property: "slider", made: TableViewCell(text: "Speed", valueText: "1x", slider: speed),
                start: TableViewCell(text: "Speed", detailText: "1x")) { $0.slider = speed },
    ChangedCell(property: "columns, columnValues", made: TableViewCell(columns: layout, values: ["Apple", "1.20"]),
                start: TableViewCell(text: "Apple 1.20")) {
        $0.columns = layout
        $0.columnValues = ["Apple", "1.20"]
    },
    ChangedCell(property: "paragraphs", made: TableViewCell(paragraphs: [paragraph("Ada")]),
                start: TableViewCell(text: "Ada", numberOfLines: 0)) { $0.paragraphs = [paragraph("Ada")] },
    ChangedCell(property: "CellParagraph.text", made: TableViewCell(paragraphs: [paragraph("Ada")]),
                start: TableViewCell(paragraphs: [paragraph("Bo")])) { $0.paragraphs[0].text = StyledText("Ada") },
    ChangedCell(property: "CellParagraph.trailingText", made: TableViewCell(paragraphs: [paragraph("Ada", trailing: "5h")]),
                start: TableViewCell(paragraphs: [paragraph("Ada")])) { $0.paragraphs[0].trailingText = StyledText("5h") },
    ChangedCell(property: "CellParagraph.wraps", made: TableViewCell(paragraphs: [paragraph(long, wraps: false)]),
                start: TableViewCell(paragraphs: [paragraph(long)])) { $0.paragraphs[0].wraps = false },
]

@MainActor
@Suite("A cell's properties, changed after the cell is made, draw as its initializer's arguments do")
struct TableCellPropertiesAPITests {
    static let size = Size(width: 24, height: 4)

    /// The styled lines of a table of `cells` (the first one focused, so highlighting shows).
    private func drawn(_ cells: [TableViewCell]) -> [String] { styledLines(of: list(cells), size: Self.size) }

    @Test(arguments: changes)
    fileprivate func aChangedPropertyDrawsAsTheInitializersArgument(_ change: ChangedCell) {
        let made = drawn([change.made])
        #expect(drawn([change.start]) != made, "the change must show, or this case proves nothing")
        expectFrame(drawn([change.changed]), equals: made)
    }

    @Test func aTextFieldTakesTheDetailLabelsPlace() {
        var cell = TableViewCell(text: "Name")
        cell.textField = TextField(text: "Ada")
        expectFrame(list([cell]), size: Self.size, equals: [
            " Name    Ada",
            "",
            "",
            "",
        ])
    }

    @Test func aFootnoteGoesUnderTheRowInTheDangerColour() {
        var cell = TableViewCell(text: "Age")
        cell.textField = TextField(text: "x")
        cell.footnote = "Must be a number"
        expectFrame(list([cell]), size: Self.size, equals: [
            " Age     x",
            " Must be a number",
            "",
            "",
        ])
    }

    private func list(_ cells: [TableViewCell]) -> TableViewController {
        let list = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: cells))
        list.layout(for: Self.size)
        return list
    }
}

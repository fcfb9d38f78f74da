import Foundation
import TableKit
import Testing

@MainActor
@Suite("ColumnLayout: rows of columns under a header that lines up")
struct ColumnLayoutTests {
    let layout = ColumnLayout(columns: [
        .init(title: "Name", width: 8),
        .init(title: "Price", width: 6, alignment: .right),
        .init(title: "Colour", width: 6),
    ])

    @Test func theFirstColumnTakesTheRoomTheOthersLeave() {
        #expect(layout.widths(in: 30) == [14, 6, 6])
        #expect(layout.line(["Apple", "1.20", "red"], width: 30) == "Apple             1.20  red   ")
        #expect(layout.headerLine(width: 30) == "Name             Price  Colour")
    }

    @Test func longValuesAreCutToTheirColumn() {
        #expect(layout.line(["A very long apple name", "1234567.89", "crimson"], width: 30) == "A very long a…  12345…  crims…")
    }

    @Test func columnsThatDoNotFitAreDroppedFromTheRight() {
        #expect(layout.widths(in: 20) == [12, 6])
        #expect(layout.line(["Apple", "1.20", "red"], width: 20) == "Apple           1.20")
        #expect(layout.widths(in: 5) == [5], "the first column always stays")
    }

    @Test func rowsOfColumnsLineUpUnderTheHeader() {
        final class Fruits: TableViewController {
            let columns = ColumnLayout(columns: [.init(title: "Fruit", width: 6), .init(title: "kcal", width: 4, alignment: .right)])
            init() {
                super.init(title: "Fruit", dataSource: StaticTableDataSource(cells: []))
                dataSource = StaticTableDataSource(cells: [
                    TableViewCell(columns: columns, values: ["Apple", "52"], accessory: .disclosureIndicator),
                    TableViewCell(columns: columns, values: ["Banana", "89"], accessory: .disclosureIndicator),
                ])
            }
            override var tableHeaderHeight: Int { 1 }
            override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
                renderColumnHeader(columns, alignedWith: TableViewCell(columns: columns, values: [], accessory: .disclosureIndicator), into: &canvas, area: area)
            }
        }
        let screen = Fruits()
        let size = Size(width: 24, height: 4)
        screen.layout(for: size)
        #expect(lines(of: screen, size: size) == [
            " Fruit           kcal",
            " Apple             52 ›",
            " Banana            89 ›",
            "",
        ])
    }
}

import Foundation
import Testing
@testable import TableKit

/// Settings-like sections: a titled group with a footer, an empty titled section, a group
/// without a title.
@MainActor
private struct SettingsLikeSource: TableViewDataSource {
    var accessory: Accessory = .none
    let sections: [(header: String?, rows: [String], footer: String?)] = [
        ("Data", ["Showing", "Records"], "Read from the file."),
        ("Nothing here", [], nil),
        (nil, ["About"], nil),
    ]
    func numberOfSections() -> Int { sections.count }
    func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: sections[indexPath.section].rows[indexPath.row], accessory: accessory)
    }
    func titleForHeader(inSection section: Int) -> String? { sections[section].header }
    func titleForFooter(inSection section: Int) -> String? { sections[section].footer }
}

@MainActor
@Suite("Grouped style: each section an inset rounded box")
struct GroupedStyleTests {
    let table = TableView(style: .grouped, showsSectionIndex: false)

    @Test func sectionsAreInsetBoxesWithTheTitleAboveAndTheFooterBelow() {
        #expect(table.lines(TableViewState(), SettingsLikeSource(), size: Size(width: 24, height: 14)) == [
            "   DATA",
            " ╭────────────────────╮",
            " │ Showing            │",
            " │ Records            │",
            " ╰────────────────────╯",
            "   Read from the file.",
            "",
            "   NOTHING HERE",
            "",
            " ╭────────────────────╮",
            " │ About              │",
            " ╰────────────────────╯",
            "",
            "",
        ])
    }

    @Test func asciiGlyphsDrawTheBoxToo() {
        let lines = table.lines(TableViewState(), SettingsLikeSource(), size: Size(width: 24, height: 5), glyphs: .ascii)
        #expect(lines[1] == " +--------------------+")
        #expect(lines[2] == " | Showing            |")
        #expect(lines[4] == " +--------------------+")
    }

    @Test func theFocusIsDrawnInsideTheBox() {
        var canvas = Canvas(size: Size(width: 24, height: 5))
        table.render(TableViewState(focusedRow: IndexPath(row: 0, section: 0)), dataSource: SettingsLikeSource(),
                     into: &canvas, area: canvas.bounds, context: RenderContext())
        let reversed = (0 ..< 24).filter { canvas[$0, 2].style.attributes.contains(.reverse) }
        #expect(reversed == Array(2 ... 21), "the cell between the box's sides, not the sides")
    }

    @Test func aClickOnAnAccessoryButtonInsideTheBoxTapsIt() {
        let source = SettingsLikeSource(accessory: .detailButton)
        var state = TableViewState()
        let size = Size(width: 24, height: 14)
        table.update(&state, action: .refresh, dataSource: source, size: size)
        let line = table.lines(state, source, size: size)[3]
        let column = line.distance(from: line.startIndex, to: line.lastIndex(of: "ⓘ")!)
        let events = table.press(at: Point(x: column, y: 3), state: &state, dataSource: source, size: size)
        #expect(events.contains(.accessoryButtonTapped(IndexPath(row: 1, section: 0))))
        let onText = table.press(at: Point(x: 4, y: 2), state: &state, dataSource: source, size: size)
        #expect(onText.contains(.didSelectRow(IndexPath(row: 0, section: 0))))
    }
}

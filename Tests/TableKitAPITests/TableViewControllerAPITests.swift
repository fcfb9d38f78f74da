import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A form of one field, whose clear button empties it, as a subclass that edits fields does;
/// its rows take `j` and `k` besides the arrows, and `/` searches only once `canSearch`.
@MainActor
private final class Form: TableViewController {
    var name = "Ada"
    var clearedRows: [IndexPath] = []
    var canSearch = false

    init() {
        super.init(title: "Form", dataSource: StaticTableDataSource(cells: []))
        searchController = SearchController()
        show()
    }

    func show() {
        var cell = TableViewCell(text: "Name")
        var traits = TextInputTraits()
        traits.clearButtonMode = .always
        cell.textField = TextField(text: name, traits: traits)
        dataSource = StaticTableDataSource(cells: [cell, TableViewCell(text: "Notes"), TableViewCell(text: "Tags")])
    }

    override func clearButtonTapped(at indexPath: IndexPath) -> ScreenResponse {
        clearedRows.append(indexPath)
        name = ""
        show()
        return .handled
    }

    override var rowKeyBindings: [KeyBinding<TableViewAction>] {
        super.rowKeyBindings + [
            KeyBinding([.character("j")], .moveFocus(by: 1), label: "j", help: "next row"),
            KeyBinding([.character("k")], .moveFocus(by: -1), label: "k", help: "previous row"),
        ]
    }

    override var isSearchAvailable: Bool { canSearch && super.isSearchAvailable }
}

/// Records what the delegate hears.
@MainActor
private final class Heard: TableViewDelegate {
    var log: [String] = []
    func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) { log.append("focus \(indexPath?.row ?? -1)") }
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        log.append("select \(indexPath.row)")
        return .handled
    }
}

/// Rows that identify their items by their text.
private struct Named: TableViewDataSource {
    var names: [String]
    func numberOfRows(inSection section: Int) -> Int { names.count }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: names[indexPath.row]) }
    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? { names[indexPath.row] }
}

@MainActor
@Suite("TableViewController: selection in code, overrides a subclass makes, the areas it draws in")
struct TableViewControllerAPITests {
    static let size = Size(width: 24, height: 6)
    static let area = Rect(origin: .zero, size: size)

    private func named(_ names: [String] = ["Ann", "Bob", "Cy"], mode: SelectionMode = .multiple(.trailing)) -> TableViewController {
        let list = TableViewController(title: "T", tableView: TableView(selectionMode: mode), dataSource: Named(names: names))
        list.layout(for: Self.size)
        return list
    }

    @Test func deselectRowTakesOneRowOutOfTheSelectionTellingNoOne() {
        let list = named()
        let heard = Heard()
        list.delegate = heard
        list.selectAllRows()
        list.deselectRow(at: IndexPath(row: 1, section: 0))
        #expect(list.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
        #expect(heard.log.isEmpty)
    }

    @Test func deselectItemTakesTheItemOutOfTheSelectionShownOrHidden() {
        let list = named()
        list.selectAllRows()
        list.deselectItem("Bob")
        #expect(list.identifiersOfSelectedItems == ["Ann", "Cy"])
        // Cy hidden (a search) while it is deselected: it does not come back selected.
        list.dataSource = Named(names: ["Ann"])
        list.deselectItem("Cy")
        list.dataSource = Named(names: ["Ann", "Bob", "Cy"])
        #expect(list.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
        #expect(list.numberOfSelectedItems == 1)
    }

    @Test(arguments: [true, false])
    func clearsSelectionOnViewWillAppearDecidesWhetherTheSelectionSurvivesAPop(clears: Bool) {
        let list = named(mode: .single)
        list.clearsSelectionOnViewWillAppear = clears
        list.selectRow(at: IndexPath(row: 1, section: 0))
        list.viewWillAppear()
        #expect(list.indexPathsForSelectedRows == (clears ? [] : [IndexPath(row: 1, section: 0)]))
    }

    @Test func performAppliesAnActionAndTheDelegateHearsWhatItCaused() {
        let list = named(mode: .single)
        let heard = Heard()
        list.delegate = heard
        list.perform(.end)
        list.perform(.select)
        #expect(list.state.focusedRow == IndexPath(row: 2, section: 0))
        #expect(heard.log == ["focus 2", "select 2"])
    }

    @Test func aClickOnTheClearButtonGoesToTheOverride() throws {
        let form = Form()
        form.layout(for: Self.size)
        let line = try #require(drawnLines(of: form, size: Self.size).first)
        let column = try #require(Array(line).firstIndex(of: "×"), "the clear button is drawn: \(line)")
        _ = form.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: 0))), area: Self.area)
        _ = form.handle(.mouse(MouseEvent(.release, at: Point(x: column, y: 0))), area: Self.area)
        #expect(form.clearedRows == [IndexPath(row: 0, section: 0)])
        #expect(!drawnLines(of: form, size: Self.size)[0].contains("Ada"))
    }

    @Test func theOverriddenRowKeysMoveTheFocusAndAreListedInHelp() {
        let form = Form()
        form.layout(for: Self.size)
        press([.character("j"), .character("j")], on: form, size: Self.size)
        #expect(form.state.focusedRow == IndexPath(row: 2, section: 0))
        press([.character("k")], on: form, size: Self.size)
        #expect(form.state.focusedRow == IndexPath(row: 1, section: 0))
        #expect(form.keyHelp.contains { $0.key == "j" && $0.help == "next row" })
    }

    @Test func slashSearchesOnlyWhileTheOverrideAllowsIt() {
        let form = Form()
        form.layout(for: Self.size)
        press([.character("/")], on: form, size: Self.size)
        #expect(form.searchController?.isActive == false)
        form.canSearch = true
        press([.character("/")], on: form, size: Self.size)
        #expect(form.searchController?.isActive == true)
    }

    /// A summary line above the rows, drawn in the area the screen gives it.
    private final class Summary: TableViewController {
        override var tableHeaderHeight: Int { 1 }
        override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
            _ = canvas.draw("3 fruit", at: area.origin, style: .plain)
        }
    }

    @Test func theHeaderAndTableAreasAreWhereTheHeaderAndRowsAreDrawn() {
        let list = Summary(title: "Fruit", dataSource: StaticTableDataSource(cells: ["Apple", "Fig", "Kiwi"].map { TableViewCell(text: $0) }))
        let searching = SearchController()
        list.searchController = searching
        list.layout(for: Self.size)
        press([.character("/")], on: list, size: Self.size)
        let area = Rect(x: 2, y: 1, width: 20, height: 5)
        #expect(list.tableHeaderArea(in: area) == Rect(x: 2, y: 2, width: 20, height: 1), "under the search field")
        #expect(list.tableArea(in: area) == Rect(x: 2, y: 3, width: 20, height: 3), "under the header")
        var canvas = Canvas(size: Self.size)
        list.render(into: &canvas, area: area, context: RenderContext())
        expectFrame(canvas, equals: [
            "",
            "   ⌕ Search",
            "  3 fruit",
            "   Apple",
            "   Fig",
            "   Kiwi",
        ])
    }
}

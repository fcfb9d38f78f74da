import Foundation
import TableKit
import Testing

/// A list whose navigation bar chooses between two orders.
@MainActor
private final class OrderedList: TableViewController {
    var chosen: [Int] = []

    init() {
        super.init(title: "Fruit", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Apple"), TableViewCell(text: "Pear")]))
        titleSegmentedControl = SegmentedControl(segments: ["Name", "Colour"])
    }

    override func titleSegmentedControlChanged(to index: Int) -> ScreenResponse {
        chosen.append(index)
        return .handled
    }
}

@MainActor
@Suite("Segmented control: end caps, widths, ASCII, keys and clicks")
struct SegmentedControlTests {
    private func draw(_ control: SegmentedControl, width: Int, glyphs: Glyphs = .unicode) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: 1))
        control.render(into: &canvas, rect: canvas.bounds, context: RenderContext(glyphs: glyphs))
        return canvas
    }

    @Test func capsDividersAndTheChosenSegmentFilled() {
        var control = SegmentedControl(segments: ["Title", "Author"])
        #expect(control.naturalWidth == 18)
        #expect(draw(control, width: 18).lines[0] == "◖ Title │ Author )")
        #expect(draw(control, width: 18).styledLine(0) == "«fg=tint|◖»«bold fg=#ffffff bg=tint| Title »«fg=tint|│ Author )»")
        control.selectedSegmentIndex = 1
        #expect(draw(control, width: 18).lines[0] == "( Title │ Author ◗")
        #expect(draw(control, width: 18, glyphs: .ascii).lines[0] == "( Title | Author )", "ASCII: open caps and a bar")
    }

    @Test(arguments: [(30, "      ◖ Title │ Author )"), (14, "◖ Ti… │ Aut… )"), (8, "◖T │ A )")])
    func narrowerControlsCutTheTitlesEvenly(width: Int, expected: String) {
        let line = draw(SegmentedControl(segments: ["Title", "Author"]), width: width).lines[0]
        #expect(line.trimmingCharacters(in: .whitespaces) == expected.trimmingCharacters(in: .whitespaces), "\(width): '\(line)'")
        #expect(line.displayWidth <= width)
    }

    @Test func columnsPickTheirSegmentCapsIncluded() {
        let control = SegmentedControl(segments: ["Title", "Author"])
        #expect((0 ..< 8).allSatisfy { control.segment(atColumn: $0, width: 18) == 0 })
        #expect(control.segment(atColumn: 8, width: 18) == nil, "the divider")
        #expect((9 ..< 18).allSatisfy { control.segment(atColumn: $0, width: 18) == 1 })
    }

    @Test func shiftTabFocusesItArrowsMoveEnterChoosesAndTheChosenOneAgainDoesNothing() {
        let list = OrderedList()
        let size = Size(width: 40, height: 5)
        press([.backTab], on: list, size: size)
        #expect(list.isTitleControlFocused && list.titleControl?.highlightedSegmentIndex == 0)
        press([.enter], on: list, size: size)
        #expect(list.chosen.isEmpty && !list.isTitleControlFocused, "the chosen segment again: nothing")
        press([.backTab, .right, .right, .enter], on: list, size: size)
        #expect(list.chosen == [1] && list.titleSegmentedControl?.selectedSegmentIndex == 1)
        press([.backTab, .left, .escape, .down], on: list, size: size)
        #expect(list.chosen == [1], "Esc leaves without choosing")
        #expect(list.state.focusedRow == IndexPath(row: 1, section: 0), "the rows have the keyboard again")
        #expect(list.titleControlTapped(segment: 0) == .handled && list.chosen == [1, 0], "a click chooses")
    }

    @Test func theNavigationBarShowsItAndAClickChoosesThroughTheStack() {
        let list = OrderedList()
        let navigation = NavigationController(root: list)
        let area = Rect(x: 0, y: 0, width: 40, height: 6)
        var canvas = Canvas(size: area.size)
        navigation.render(into: &canvas, area: area, context: RenderContext())
        #expect(canvas.lines[0].contains("◖ Name │ Colour )"))
        let colour = canvas.lines[0].distance(from: canvas.lines[0].startIndex, to: canvas.lines[0].range(of: "Colour")!.lowerBound)
        _ = navigation.handle(.mouse(MouseEvent(.press, at: Point(x: colour, y: 0))), area: area)
        #expect(list.chosen == [1])
    }
}

@MainActor
extension ScreenResponse {
    static func == (a: ScreenResponse, b: ScreenResponse) -> Bool {
        if case .handled = a, case .handled = b { return true }
        return false
    }
}

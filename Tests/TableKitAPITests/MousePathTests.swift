import Foundation
import TableKit
import Testing

/// A press belongs to the part of the screen it landed on until the release, as a touch
/// belongs to the view it began in: the bars, the tab bar, a table's header and its rows each
/// have their own recognizers, and a drag from one part over another stays the first's.
@MainActor
@Suite("The mouse path: a press stays with the part it landed on, bars and headers through recognizers")
struct MousePathTests {
    /// A list that notes the mouse reports it is handed.
    final class LoggingList: TableViewController {
        var mouse: [MouseEvent] = []
        override func handle(_ event: Event, area: Rect) -> ScreenResponse {
            if case .mouse(let report) = event { mouse.append(report) }
            return super.handle(event, area: area)
        }
    }

    private func list(_ title: String) -> LoggingList {
        LoggingList(title: title, dataSource: StaticTableDataSource(cells: (1 ... 6).map { TableViewCell(text: "\(title) \($0)") }))
    }

    @Test func aDragFromTheRowsReleasedOnTheBackButtonIsTheRowsAndPopsNothing() {
        let area = Rect(x: 0, y: 0, width: 40, height: 10)
        let navigation = NavigationController(root: list("Root"))
        let front = list("Front")
        navigation.push(front)
        _ = navigation.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 3))), area: area)
        _ = navigation.handle(.mouse(MouseEvent(.drag, at: Point(x: 2, y: 0))), area: area)
        _ = navigation.handle(.mouse(MouseEvent(.release, at: Point(x: 1, y: 0))), area: area)
        #expect(navigation.stack.count == 2, "the release over ‹ Root does not go back")
        #expect(front.mouse.map(\.kind) == [.press, .drag, .release])
        #expect(front.mouse.last?.position == Point(x: 1, y: -1), "in the rows' cells, a line above them")

        // The other way: a press on the back button goes back at once, and what follows is the bar's.
        let second = list("Second")
        navigation.push(second)
        _ = navigation.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 0))), area: area)
        #expect(navigation.stack.count == 2 && navigation.top === front)
        _ = navigation.handle(.mouse(MouseEvent(.drag, at: Point(x: 5, y: 4))), area: area)
        _ = navigation.handle(.mouse(MouseEvent(.release, at: Point(x: 5, y: 4))), area: area)
        #expect(second.mouse.isEmpty && front.mouse.count == 3, "neither list heard the press that went back")
    }

    @Test func aDragFromTheListReleasedOnATabIsTheListsAndAPressOnATabChoosesIt() {
        let first = list("First")
        let second = list("Second")
        let tabs = TabBarController(tabs: [TabBarController.Tab(root: first), TabBarController.Tab(root: second)], indicatorDuration: .zero)
        let size = Size(width: 40, height: 12)
        let root = RootController(content: tabs, size: size)
        let tabLine = size.height - 2
        let bar = root.render(context: RenderContext()).lines[tabLine]
        let secondColumn = bar.distance(from: bar.startIndex, to: bar.range(of: "Second")!.lowerBound)
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 3))))
        _ = root.handle(.mouse(MouseEvent(.drag, at: Point(x: secondColumn, y: tabLine))))
        _ = root.handle(.mouse(MouseEvent(.release, at: Point(x: secondColumn, y: tabLine))))
        #expect(tabs.selectedIndex == 0, "the release over Second does not choose it")
        #expect(first.mouse.map(\.kind) == [.press, .drag, .release])
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: secondColumn, y: tabLine))))
        #expect(tabs.selectedIndex == 1, "a press on it does")
        _ = root.handle(.mouse(MouseEvent(.release, at: Point(x: 5, y: 3))))
        #expect(second.mouse.isEmpty, "the release of the press on the bar is the bar's")
    }

    /// A table with a picker of days in its header, as a stranger would write one.
    final class DayPickerList: TableViewController {
        var picker = PickerView(components: [PickerComponent(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], isEndless: true)])
        var rowsSelected: [IndexPath] = []

        init() {
            super.init(title: "Days", dataSource: StaticTableDataSource(cells: (1 ... 6).map { TableViewCell(text: "Row \($0)") }))
            PickerView.addGestureRecognizers(to: tableHeaderGestureArena, frame: { [unowned self] in Rect(x: 0, y: 0, width: size.width, height: 5) }) { [unowned self] gesture in
                _ = picker.perform(gesture, size: Size(width: size.width, height: 5))
            }
        }

        override var tableHeaderHeight: Int { 5 }
        override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
            picker.render(into: &canvas, rect: area, isFocused: true, context: context)
        }
    }

    @Test func aPressOnTheHeaderIsTheHeadersUntilTheReleaseAndOneOnTheRowsIsTheRows() {
        let screen = DayPickerList()
        let area = Rect(x: 0, y: 0, width: 30, height: 12)
        screen.layout(for: area.size)
        let day = screen.picker.columns(width: 30)[0].lowerBound + 1
        let focus = screen.state.focusedRow
        // A drag down the wheel from its middle, on into the rows: the wheel turns back.
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: day, y: 2))), area: area)
        _ = screen.handle(.mouse(MouseEvent(.drag, at: Point(x: day, y: 4))), area: area)
        _ = screen.handle(.mouse(MouseEvent(.drag, at: Point(x: day, y: 7))), area: area)
        _ = screen.handle(.mouse(MouseEvent(.release, at: Point(x: day, y: 7))), area: area)
        #expect(screen.picker.selectedRows == [2], "five lines down: Mon back five is Wed, by the wheel's ring")
        #expect(screen.state.focusedRow == focus, "the rows were not pressed")

        // From the rows up over the header: the rows'; the wheel stays.
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 6))), area: area)
        _ = screen.handle(.mouse(MouseEvent(.drag, at: Point(x: day, y: 1))), area: area)
        _ = screen.handle(.mouse(MouseEvent(.release, at: Point(x: day, y: 1))), area: area)
        #expect(screen.picker.selectedRows == [2], "the wheel stays")
        #expect(screen.state.focusedRow == IndexPath(row: 1, section: 0), "the rows had the press: their second row")

        // The wheel over the header turns the picker's wheel under the pointer.
        _ = screen.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: day, y: 3))), area: area)
        #expect(screen.picker.selectedRows == [3], "a notch down: a row on")
        _ = screen.handle(.mouse(MouseEvent(.scrollUp, at: Point(x: day, y: 0))), area: area)
        #expect(screen.picker.selectedRows == [2], "the next notch up, over another line of the wheel, turns it back")
    }
}

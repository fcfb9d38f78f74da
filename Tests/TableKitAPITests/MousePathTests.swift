import Foundation
import TableKit
import Testing

/// A press belongs to what it landed on until the release, as a touch belongs to the view it
/// began in: the root hit-tests the press once, down through the tab bar controller and the
/// navigation controller to the bars, the tab bar or the screen in front, and its drags and
/// release go to the same place, counted from the same origin. Inside a table screen, its
/// header and its rows each have their own recognizers, and a drag from one over the other
/// stays the first's.
@MainActor
@Suite("The mouse path: a press stays with what it landed on, bars and headers through recognizers")
struct MousePathTests {
    /// A list that notes the mouse reports it is handed and the bar buttons tapped, with an
    /// optional prompt, Add on the right of the bar and Go in a toolbar.
    final class LoggingList: TableViewController {
        var mouse: [MouseEvent] = []
        var tapped: [BarButtonItem.Identifier] = []
        var promptText: String?
        var hasButtons = false

        override func handle(_ event: Event, area: Rect) -> ScreenResponse {
            if case .mouse(let report) = event { mouse.append(report) }
            return super.handle(event, area: area)
        }

        override var prompt: String? { promptText }
        override var rightBarButtonItems: [BarButtonItem] { hasButtons ? [BarButtonItem(id: "add", title: "Add")] : [] }
        override var toolbarItems: [BarButtonItem] { hasButtons ? [.fixedSpace(6), BarButtonItem(id: "go", title: "Go")] : [] }

        override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
            tapped.append(id)
            return .handled
        }
    }

    private func list(_ title: String, prompt: String? = nil) -> LoggingList {
        let list = LoggingList(title: title, dataSource: StaticTableDataSource(cells: (1 ... 6).map { TableViewCell(text: "\(title) \($0)") }))
        list.promptText = prompt
        return list
    }

    private func send(_ reports: [(MouseEvent.Kind, Int, Int)], to root: RootController) {
        for (kind, x, y) in reports { _ = root.handle(.mouse(MouseEvent(kind, at: Point(x: x, y: y)))) }
    }

    /// The column of `text` on `line` of what `root` draws.
    private func column(of text: String, line: Int, in root: RootController) -> Int? {
        let drawn = root.render(context: RenderContext()).lines[line]
        return drawn.range(of: text).map { drawn.distance(from: drawn.startIndex, to: $0.lowerBound) }
    }

    @Test func aDragFromTheRowsReleasedOnTheBackButtonIsTheRowsAndPopsNothing() {
        let navigation = NavigationController(root: list("Root"))
        let front = list("Front")
        navigation.push(front)
        let root = RootController(content: navigation, size: Size(width: 40, height: 11))
        send([(.press, 5, 3), (.drag, 2, 0), (.release, 1, 0)], to: root)
        #expect(navigation.stack.count == 2, "the release over ‹ Root does not go back")
        #expect(front.mouse.map(\.kind) == [.press, .drag, .release], "the drag and the release over the bar are the rows'")
        #expect(front.mouse.last?.position == Point(x: 1, y: -1), "in the rows' cells, a line above them")

        // The other way: a press on the back button goes back at once, and what follows is the bar's.
        let second = list("Second")
        navigation.push(second)
        send([(.press, 1, 0)], to: root)
        #expect(navigation.stack.count == 2 && navigation.top === front)
        send([(.drag, 5, 4), (.release, 5, 4)], to: root)
        #expect(second.mouse.isEmpty && front.mouse.count == 3, "neither list heard the press that went back")
    }

    @Test func aDragFromTheListReleasedOnATabIsTheListsAndAPressOnATabChoosesIt() throws {
        let first = list("First")
        let second = list("Second")
        let tabs = TabBarController(tabs: [TabBarController.Tab(root: first), TabBarController.Tab(root: second)], indicatorDuration: .zero)
        let size = Size(width: 40, height: 12)
        let root = RootController(content: tabs, size: size)
        let tabLine = size.height - 2
        let secondColumn = try #require(column(of: "Second", line: tabLine, in: root))
        send([(.press, 5, 3), (.drag, secondColumn, tabLine), (.release, secondColumn, tabLine)], to: root)
        #expect(tabs.selectedIndex == 0, "the release over Second does not choose it")
        #expect(first.mouse.map(\.kind) == [.press, .drag, .release], "the drag and the release over the bar are the list's")
        #expect(first.mouse.map(\.position) == [Point(x: 5, y: 2), Point(x: secondColumn, y: tabLine - 1), Point(x: secondColumn, y: tabLine - 1)])

        // The other way: a press on the tab chooses it, and its drag and release into the list are the bar's.
        send([(.press, secondColumn, tabLine)], to: root)
        #expect(tabs.selectedIndex == 1, "a press on it does")
        send([(.drag, 5, 3), (.release, 5, 3)], to: root)
        #expect(second.mouse.isEmpty && first.mouse.count == 3, "the drag and the release of the press on the bar are the bar's")

        // The rule above the titles is the bar's too: a press on it over First chooses First.
        send([(.press, 2, tabLine - 1), (.release, 2, tabLine - 1)], to: root)
        #expect(tabs.selectedIndex == 0 && first.mouse.count == 3, "the rule's line is the bar's, not the list's")
    }

    @Test func theReleaseGoesToTheScreenThePressLandedOnWhenAnotherCameToTheFront() {
        let pressed = list("Root")
        let navigation = NavigationController(root: pressed)
        let root = RootController(content: navigation, size: Size(width: 40, height: 11))
        send([(.press, 5, 3)], to: root)
        // Work that finished during the press pushes a screen.
        let arrived = list("Arrived")
        navigation.push(arrived)
        send([(.drag, 5, 4), (.release, 5, 4)], to: root)
        #expect(pressed.mouse.map(\.kind) == [.press, .drag, .release], "the press, its drag and its release went to the list it landed on")
        #expect(arrived.mouse.isEmpty && navigation.top === arrived, "the screen that came to the front heard none of it")
        // The next press is hit-tested afresh.
        send([(.press, 5, 3), (.release, 5, 3)], to: root)
        #expect(arrived.mouse.map(\.kind) == [.press, .release])
    }

    /// The screen in front counts positions from its area's top left corner, below the bar (and
    /// the prompt above it), whether or not a tab bar is below; a wheel notch too.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func theScreenInFrontSeesPositionsInItsOwnArea(tabs: Bool, prompt: Bool) {
        let front = list("Front", prompt: prompt ? "Choose a fruit" : nil)
        let size = Size(width: 40, height: 12)
        let root = tabs ? RootController(content: TabBarController(tabs: [TabBarController.Tab(root: front)], indicatorDuration: .zero), size: size)
                        : RootController(content: NavigationController(root: front), size: size)
        let bars = prompt ? 2 : 1
        send([(.press, 6, 4), (.drag, 7, 0), (.release, 8, 0), (.scrollDown, 9, 5)], to: root)
        #expect(front.mouse.map(\.position) == [Point(x: 6, y: 4 - bars), Point(x: 7, y: -bars), Point(x: 8, y: -bars), Point(x: 9, y: 5 - bars)])
        #expect(front.mouse.map(\.kind) == [.press, .drag, .release, .scrollDown])
    }

    /// A stack laid out away from the corner: the bar, the toolbar and the screen each count
    /// from the stack's origin, the screen from its own area's.
    @Test(arguments: [false, true])
    func aStackAwayFromTheCornerFindsItsButtonsAndItsScreen(prompt: Bool) throws {
        let front = list("Front", prompt: prompt ? "Choose a fruit" : nil)
        front.hasButtons = true
        let navigation = NavigationController(root: front)
        let area = Rect(x: 3, y: 2, width: 36, height: 10)
        var canvas = Canvas(size: Size(width: 40, height: 13))
        navigation.render(into: &canvas, area: area, context: RenderContext())
        let lines = canvas.lines
        let barLine = area.minY + (prompt ? 1 : 0)
        let add = try #require(lines[barLine].range(of: "Add")).lowerBound
        let go = try #require(lines[area.maxY - 1].range(of: "Go")).lowerBound
        let press = { (x: Int, y: Int) in _ = navigation.handle(.mouse(MouseEvent(.press, at: Point(x: x, y: y))), area: area) }
        press(lines[barLine].distance(from: lines[barLine].startIndex, to: add), barLine)
        press(lines[area.maxY - 1].distance(from: lines[area.maxY - 1].startIndex, to: go), area.maxY - 1)
        #expect(front.tapped == ["add", "go"], "Add on the bar's line, then Go on the toolbar's")
        press(area.minX + 4, barLine + 3)
        #expect(front.mouse.map(\.position) == [Point(x: 4, y: 2)], "in the screen's cells")
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

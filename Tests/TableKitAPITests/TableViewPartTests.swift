import Foundation
import TableKit
import Testing

/// A part that overrides every member of ``TableViewPart`` and records each call: an
/// override the screen ignored would leave its name out of `calls`.
@MainActor
private final class RecordingPart: TableViewPart {
    var calls: [String] = []
    var isCapturing = false
    var isFocused = false
    var isMoving = false
    /// The key that gives the part the keyboard, if any.
    var focusKey: Key?
    /// What the part answers to `x`.
    var answerToX: TablePartResponse = .perform(.end)

    override var capturesKeys: Bool { isCapturing }
    override var hasKeyboardFocus: Bool { isFocused }

    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        calls.append("key \(key)")
        if key == .character("x") { return answerToX }
        if let focusKey, key == focusKey {
            isFocused = true
            return .handled
        }
        return key == .space ? .handled : nil
    }

    override func handleUnclaimedKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        calls.append("unclaimed \(key)")
        return key == .character("z") ? .handled : nil
    }

    override func handlePaste(_ text: String, context: TableContext) -> TablePartResponse? {
        calls.append("paste \(text)")
        return .handled
    }

    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        let row = hit.indexPath.map { "\($0.row)" } ?? "-"
        switch mouse.kind {
        case .press:
            calls.append("press \(row)")
            return hit.indexPath?.row == 2 ? .handled : nil
        case .drag:
            calls.append("drag to \(mouse.position.y), pressed on \(row)")
            return .handled
        case .release:
            calls.append("release")
            return .handled
        case .scrollUp, .scrollDown:
            calls.append("wheel on \(row)")
            return nil
        }
    }

    override func resignKeyboardFocus(context: TableContext) {
        calls.append("resign")
        isFocused = false
    }

    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard let row = context.state.focusedRow, let frame = context.frame(ofRow: row) else { return }
        canvas.draw("◆", at: Point(x: frame.maxX - 1, y: frame.minY), style: .plain)
    }

    override func tick(context: TableContext) -> TablePartResponse? {
        calls.append("tick")
        isMoving = false
        return nil
    }

    override func wantsTicks(context: TableContext) -> Bool { isMoving }

    override func helpHints(context: TableContext) -> [KeyHint] {
        isFocused ? [KeyHint("x", "the part's own")] : [KeyHint("Space", "the part")]
    }

    override func footerHints(context: TableContext) -> [KeyHint] { [KeyHint("Space", "part")] }
    override func willAppear(context: TableContext) { calls.append("willAppear") }
    override func didDisappear(context: TableContext) { calls.append("didDisappear") }
    override func sizeChanged(context: TableContext) { calls.append("sizeChanged \(context.bounds.width)") }
    override func dataDidReload(context: TableContext) { calls.append("dataDidReload") }
}

@MainActor
private final class Delegate: TableViewDelegate {
    var focused: [IndexPath?] = []
    func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) { focused.append(indexPath) }
}

private func isHandled(_ response: ScreenResponse) -> Bool {
    if case .handled = response { return true }
    return false
}

private func isIgnored(_ response: ScreenResponse) -> Bool {
    if case .ignored = response { return true }
    return false
}

@MainActor
@Suite("An app adds its own part to a table screen")
struct TableViewPartTests {
    static let size = Size(width: 20, height: 5)

    private func list() -> (TableViewController, RecordingPart) {
        let list = TableViewController(title: "Rows", dataSource: StaticTableDataSource(cells: (0 ..< 8).map { TableViewCell(text: "Row \($0)") }))
        let part = RecordingPart()
        list.addPart(part)
        list.layout(for: Self.size)
        part.calls = []
        return (list, part)
    }

    @Test func itIsOneOfTheScreensPartsInOrder() {
        let (list, part) = list()
        #expect(list.addedTableParts.count == 1 && list.addedTableParts.first === part)
        // Space pages the rows unless a part takes it first: the added part does.
        press([.space], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0) && part.calls == ["key \(Key.space)"])
        // A key the part passes on is the table's.
        press([.down], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 1, section: 0))
        // A key nobody takes comes back to it, unclaimed.
        part.calls = []
        #expect(isHandled(press([.character("z")], on: list, size: Self.size)))
        #expect(part.calls == ["key \(Key.character("z"))", "unclaimed \(Key.character("z"))"])
        #expect(isIgnored(press([.character("y")], on: list, size: Self.size)))
    }

    @Test func itsAnswersActOnTheTableAndReachTheScreen() {
        let (list, part) = list()
        let delegate = Delegate()
        list.delegate = delegate
        press([.character("x")], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 7, section: 0), "the action went through the table")
        #expect(delegate.focused == [IndexPath(row: 7, section: 0)], "and the delegate heard what it caused")
        part.answerToX = .respond(.pop)
        guard case .pop = press([.character("x")], on: list, size: Self.size) else {
            Issue.record("the part's .respond(.pop) did not reach the screen's answer")
            return
        }
    }

    @Test func whileCapturingItGetsEveryKeyAndThePaste() {
        let (list, part) = list()
        part.isCapturing = true
        press([.down], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0), "↓ went to the part alone")
        #expect(isHandled(list.handle(.paste("hi"), area: Rect(origin: .zero, size: Self.size))))
        #expect(part.calls == ["key \(Key.down)", "paste hi"])
        #expect(list.capturesTextInput)
    }

    @Test func itSeesEveryPressHitTestedOnceAndTakesTheOnesItWants() {
        let (list, part) = list()
        let area = Rect(origin: .zero, size: Self.size)
        _ = list.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 2))), area: area)
        _ = list.handle(.mouse(MouseEvent(.drag, at: Point(x: 3, y: 4))), area: area)
        _ = list.handle(.mouse(MouseEvent(.release, at: Point(x: 3, y: 4))), area: area)
        #expect(part.calls == ["press 2", "drag to 4, pressed on 2", "release"], "a press it took brings its drags and release")
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0), "the part took the press: the row was not tapped")
        part.calls = []
        _ = list.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 3))), area: area)
        _ = list.handle(.mouse(MouseEvent(.release, at: Point(x: 3, y: 3))), area: area)
        #expect(part.calls == ["press 3"], "a press it left is the table's, release and all")
        #expect(list.state.focusedRow == IndexPath(row: 3, section: 0), "a press it left went on to the row")
        part.calls = []
        _ = list.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 3, y: 1))), area: area)
        #expect(part.calls == ["wheel on 1"] && list.state.scrollPosition != nil, "a notch it left scrolls the rows")
    }

    @Test func itDrawsOverTheTableAndListsItsKeysAfterTheScreens() {
        let (list, part) = list()
        press([.down], on: list, size: Self.size)
        #expect(lines(of: list, size: Self.size) == [
            " Row 0",
            " Row 1             ◆",
            " Row 2",
            " Row 3",
            " Row 4",
        ])
        // Under a navigation bar the screen is drawn a line down: so is what the part draws.
        var canvas = Canvas(size: Size(width: 20, height: 6))
        list.render(into: &canvas, area: Rect(x: 0, y: 1, width: 20, height: 5), context: RenderContext())
        #expect(canvas.line(2).hasSuffix("◆") && !canvas.line(1).contains("◆"), "\(canvas.lines)")
        #expect(list.keyHelp.last.map { [$0.key, $0.help] } == ["Space", "the part"])
        #expect(list.keyHints.last.map { [$0.key, $0.help] } == ["Space", "part"])
        part.isFocused = true
        #expect(list.keyHelp.map { [$0.key, $0.help] } == [["x", "the part's own"]], "with the keyboard, help shows its keys alone")
    }

    @Test func takingTheKeyboardPutsAwayWhatHadIt() {
        let (list, first) = list()
        let second = RecordingPart()
        second.focusKey = .character("f")
        list.addPart(second)
        first.isFocused = true
        press([.character("f")], on: list, size: Self.size)
        #expect(second.hasKeyboardFocus && !first.hasKeyboardFocus && first.calls.last == "resign")
    }

    @Test func itIsTickedWhileItAsksAndToldOfTheScreensLife() {
        let (list, part) = list()
        #expect(!list.wantsTicks)
        part.isMoving = true
        #expect(list.wantsTicks)
        _ = list.handle(.tick, area: Rect(origin: .zero, size: Self.size))
        #expect(!list.wantsTicks && part.calls == ["tick"])
        part.calls = []
        list.viewWillAppear()
        list.viewDidDisappear()
        list.layout(for: Size(width: 30, height: 5))
        list.reloadData()
        #expect(part.calls == ["willAppear", "didDisappear", "sizeChanged 30", "dataDidReload"])
    }
}

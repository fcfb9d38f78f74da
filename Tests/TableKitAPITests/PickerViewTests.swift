import Foundation
import TableKit
import Testing

@Suite("Picker wheels: endless arithmetic, person versus code, letters, clicks, the band")
@MainActor
struct PickerViewTests {
    static let days = PickerComponent(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], isEndless: true)
    static let sizes = PickerComponent(["Small", "Medium", "Large"])

    @Test func anEndlessWheelWrapsWithoutDriftAndAnotherStopsAtItsEnds() {
        var picker = PickerView(components: [Self.days, Self.sizes])
        for _ in 0 ..< 10_000 { _ = picker.handle(.down) }
        #expect(picker.selectedRows[0] == 10_000 % 7)
        for _ in 0 ..< 10_003 { _ = picker.handle(.up) }
        #expect(picker.selectedRows[0] == ((10_000 - 10_003) % 7 + 7) % 7, "round the top too")
        _ = picker.handle(.right)
        #expect(picker.handle(.up) == nil, "the first row of a wheel with ends: nothing turns")
        #expect(picker.handle(.pageDown) == PickerChange(component: 1, row: 2))
        #expect(picker.handle(.down) == nil && picker.selectedRows[1] == 2)
    }

    @Test func aChangeInCodeReportsNothingAPersonsDoes() {
        var picker = PickerView(components: [Self.days])
        picker.selectRow(-1, inComponent: 0)
        #expect(picker.selectedRows == [6], "an endless wheel takes any row round")
        #expect(picker.handle(.down) == PickerChange(component: 0, row: 0))
    }

    @Test func aLetterTurnsToTheNextRowStartingWithIt() {
        var picker = PickerView(components: [Self.days])
        #expect(picker.handle(.character("t")) == PickerChange(component: 0, row: 1))
        #expect(picker.handle(.character("T")) == PickerChange(component: 0, row: 3), "the next one, not the same")
        #expect(picker.handle(.character("m")) == PickerChange(component: 0, row: 0), "round the end")
        #expect(picker.handle(.character("x")) == nil)
    }

    @Test func theChosenRowsSitOnTheBandAndNeighboursDim() {
        var picker = PickerView(components: [Self.days, Self.sizes])
        picker.selectRow(1, inComponent: 1)
        var canvas = Canvas(size: Size(width: 20, height: 5))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: true, context: RenderContext())
        #expect(canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "Sat", "Sun   Small", "Mon   Medium", "Tue   Large", "Wed",
        ])
        #expect(canvas.styledLine(2).contains("«bold ul fg=#ebebf5 bg=#3a3a3c|Mon»"), "the focused wheel's row: \(canvas.styledLine(2))")
        #expect(canvas.styledLine(0).contains("«fg=grey|Sat»") && canvas.styledLine(1).contains(" Sun "), "two away is grey, one away plain")
    }

    /// A picker drawn at `frame` of an arena, with its recognizers, as a screen hosts one.
    @MainActor
    final class Host {
        var picker: PickerView
        let arena = GestureArena()
        let frame: Rect
        var changes: [PickerChange] = []
        var clock = ContinuousClock.now

        init(_ picker: PickerView, frame: Rect) {
            self.picker = picker
            self.frame = frame
            PickerView.addGestureRecognizers(to: arena, frame: { [unowned self] in self.frame }) { [unowned self] gesture in
                if let change = self.picker.perform(gesture, size: self.frame.size) { changes.append(change) }
            }
        }

        @discardableResult
        func send(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, modifiers: MouseEvent.Modifiers = [], after milliseconds: Int = 20) -> Bool {
            clock += .milliseconds(milliseconds)
            return arena.handle(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers), now: clock)
        }
    }

    @Test func theMouseWheelTurnsTheWheelUnderThePointer() {
        // The picker is drawn two columns in and a line down the arena.
        let host = Host(PickerView(components: [Self.days, Self.sizes]), frame: Rect(x: 2, y: 1, width: 20, height: 5))
        let day = 2 + host.picker.columns(width: 20)[0].lowerBound + 1
        let size = 2 + host.picker.columns(width: 20)[1].lowerBound + 1
        host.send(.scrollDown, day, 1)
        #expect(host.changes == [PickerChange(component: 0, row: 1)], "down: a later row")
        host.send(.scrollUp, day, 1)
        host.send(.scrollUp, day, 1)
        #expect(host.changes.last == PickerChange(component: 0, row: 6), "up: an earlier row, round the top of an endless wheel")
        host.send(.scrollDown, size, 3, after: 500)
        #expect(host.changes.last == PickerChange(component: 1, row: 1), "the wheel under the pointer turns, not the focused one")
        let count = host.changes.count
        host.send(.scrollDown, 2, 1, after: 500)
        #expect(host.changes.count == count, "beside the wheels nothing turns")
        #expect(!host.send(.scrollDown, 1, 1, after: 500), "left of the picker, the notch is not the picker's")
        #expect(!host.send(.scrollDown, day, 7), "below the picker, neither")
        #expect(host.send(.scrollDown, day, 2, modifiers: .control) == false, "Ctrl-wheel is a pinch, no turn")
        #expect(host.changes.count == count)
    }

    @Test func aClickTurnsToTheRowPressedAndFocusesItsWheel() {
        let host = Host(PickerView(components: [Self.days, Self.sizes]), frame: Rect(x: 0, y: 3, width: 20, height: 5))
        let size = host.picker.columns(width: 20)[1].lowerBound + 1
        host.send(.press, size, 3 + 4)
        host.send(.release, size, 3 + 4)
        #expect(host.changes == [PickerChange(component: 1, row: 2)], "two below the middle")
        #expect(host.picker.focusedComponent == 1)
        host.send(.press, size, 3 + 0, after: 500)
        host.send(.release, size, 3 + 0)
        #expect(host.changes.last == PickerChange(component: 1, row: 0), "two above the middle")
        host.send(.press, size, 3 + 2, after: 500)
        #expect(host.changes.count == 2, "the chosen row: nothing turns")
    }

    @Test func aDragSpinsTheWheelItBeganOnALineARow() {
        let host = Host(PickerView(components: [Self.days, Self.sizes]), frame: Rect(x: 0, y: 0, width: 20, height: 5))
        let day = host.picker.columns(width: 20)[0].lowerBound + 1
        host.send(.press, day, 2)
        host.send(.drag, day, 1)
        host.send(.drag, day, 0)
        #expect(host.picker.selectedRows[0] == 2, "dragged up two lines: two rows on")
        host.send(.drag, day + 9, 3)
        #expect(host.picker.selectedRows[0] == 6, "dragged down three: three rows back, round the top; the day wheel though the pointer left it")
        #expect(host.picker.selectedRows[1] == 0)
        host.send(.release, day + 9, 3)
        host.send(.drag, day, 0)
        #expect(host.picker.selectedRows[0] == 6, "after the release a move turns nothing")
    }
}

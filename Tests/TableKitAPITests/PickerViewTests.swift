import Foundation
import TableKit
import Testing

@Suite("Picker wheels: endless arithmetic, person versus code, letters, clicks, the band")
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

    @Test func theMouseWheelTurnsAndAClickOnANeighbourTurnsToIt() {
        var picker = PickerView(components: [Self.days, Self.sizes])
        let size = Size(width: 20, height: 5)
        let dayColumn = picker.columns(width: 20)[0].lowerBound + 1
        #expect(picker.handle(MouseEvent(.scrollDown, at: Point(x: dayColumn, y: 0)), size: size) == PickerChange(component: 0, row: 1))
        _ = picker.handle(MouseEvent(.scrollUp, at: Point(x: dayColumn, y: 0)), size: size)
        #expect(picker.handle(MouseEvent(.scrollUp, at: Point(x: dayColumn, y: 0)), size: size) == PickerChange(component: 0, row: 6), "round the top")
        #expect(picker.handle(MouseEvent(.scrollDown, at: Point(x: 0, y: 0)), size: size) == nil, "beside the wheels nothing turns")
        var fresh = PickerView(components: [Self.days, Self.sizes])
        let sizeColumn = fresh.columns(width: 20)[1].lowerBound + 1
        #expect(fresh.handle(MouseEvent(.press, at: Point(x: sizeColumn, y: 4)), size: size) == PickerChange(component: 1, row: 2))
        #expect(fresh.focusedComponent == 1)
        #expect(fresh.handle(MouseEvent(.press, at: Point(x: sizeColumn, y: 0)), size: size) == PickerChange(component: 1, row: 0))
    }
}

import Foundation
import TableKit
import Testing

/// A volume slider in a row; the delegate stores what the person sets.
@MainActor
private final class VolumeSettings: TableViewDelegate, TableViewDataSource {
    var volume = 50.0
    var changes: [Double] = []

    func numberOfRows(inSection section: Int) -> Int { 2 }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        indexPath.row == 0
            ? TableViewCell(text: "Volume", valueText: "\(Int(volume))%", slider: Slider(value: volume, in: 0 ... 100, step: 5))
            : TableViewCell(text: "Sounds", accessory: .disclosureIndicator)
    }
    func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse {
        changes.append(value)
        volume = value
        return .handled
    }
}

/// A long list of numbered rows in lettered sections of ten.
@MainActor
private struct LongList: TableViewDataSource {
    let count: Int
    func numberOfSections() -> Int { (count + 9) / 10 }
    func numberOfRows(inSection section: Int) -> Int { min(10, count - section * 10) }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: "Row \(indexPath.section * 10 + indexPath.row)") }
    func titleForHeader(inSection section: Int) -> String? { String(UnicodeScalar(UInt8(65 + section % 26))) }
}

@MainActor
@Suite("Sliders: stepping and clamping, in rows at three widths and in ASCII, the value popover, the page scrubber")
struct SliderTests {
    static let start = ContinuousClock.now

    @Test func valuesAreHeldToTheRangeAndPutOnAStep() {
        var slider = Slider(value: 7, in: 0 ... 20, step: 5)
        #expect(slider.value == 5, "the nearest step")
        #expect(slider.pageStep == 5, "a tenth of the range, in whole steps")
        let moves = [slider.move(.stepUp), slider.value == 10, slider.move(.maximum), slider.value == 20]
        #expect(moves == [true, true, true, true])
        let beyond = slider.move(.stepUp)
        #expect(!beyond, "no further than the top")
        let back = slider.move(.pageDown)
        #expect(back && slider.value == 15)
        slider.setValue(-40)
        #expect(slider.value == 0)
        var fine = Slider(value: 1, in: 0.5 ... 2, step: 0.25)
        fine.move(.stepDown)
        #expect(fine.value == 0.75)
        #expect(Slider(value: 0, in: 0 ... 1000).pageStep == 100)
    }

    @Test func theThumbAndTheColumnsAgree() {
        let slider = Slider(value: 50, in: 0 ... 100)
        #expect(slider.thumbColumn(width: 11) == 5)
        #expect(slider.value(atColumn: 0, width: 11) == 0 && slider.value(atColumn: 10, width: 11) == 100)
        #expect(slider.value(atColumn: 99, width: 11) == 100, "past the end: the end")
        for column in 0 ..< 11 {
            var moved = slider
            moved.setValue(slider.value(atColumn: column, width: 11))
            #expect(moved.thumbColumn(width: 11) == column, "a click puts the thumb under the pointer")
        }
    }

    private func make(width: Int) -> (TableViewController, VolumeSettings) {
        let settings = VolumeSettings()
        return (tableController(showing: settings, width: width), settings)
    }

    private func draw(_ controller: TableViewController, width: Int, glyphs: Glyphs = .unicode) -> [String] {
        drawnLines(of: controller, size: Size(width: width, height: 4), glyphs: glyphs)
    }

    @Test(arguments: [
        (30, "Volume    ━━━━━━━●────── 50%"),
        (44, "Volume         ━━━━━━━━━━━●─────────── 50%"),
        (60, "Volume             ━━━━━━━━━━━━━━━━━●───────────────── 50%"),
    ])
    func aSliderRowAtThreeWidths(width: Int, expected: String) {
        let (controller, settings) = make(width: width)
        controller.focusRow(at: IndexPath(row: 1, section: 0))
        withExtendedLifetime(settings) {
            // A margin each side; the label's column grows with the row, as a form's does.
            #expect(draw(controller, width: width)[0] == " " + expected + " ")
        }
    }

    @Test func inASCIITheTrackIsEqualsAndDashes() {
        let (controller, settings) = make(width: 30)
        controller.focusRow(at: IndexPath(row: 1, section: 0))
        withExtendedLifetime(settings) {
            #expect(draw(controller, width: 30, glyphs: .ascii)[0] == " Volume    =======o------ 50% ")
        }
    }

    @Test func arrowsPagingKeysAndTheEndsMoveItAndTellTheDelegate() {
        let (controller, settings) = make(width: 40)
        let area = Rect(origin: .zero, size: Size(width: 40, height: 4))
        for key in [Key.right, .right, .left, .pageUp, .end, .end, .home] { _ = controller.handle(.key(key), area: area) }
        #expect(settings.changes == [55, 60, 55, 45, 100, 0], "End at the top tells no one")
        #expect(controller.keyHints.contains(KeyHint("←", "slide")))
        #expect(controller.keyHelp.contains(KeyHint("Home", "slide to the lowest")))
        _ = controller.handle(.key(.down), area: area)
        #expect(controller.handle(.key(.right), area: area) == .handled && settings.changes.count == 6, "→ on another row is not the slider's")
    }

    @Test func aClickPutsTheThumbThereAndADragCarriesItThePopoverFollowsThenFades() {
        let (controller, settings) = make(width: 40)
        var clock = Self.start
        controller.now = { clock }
        let area = Rect(origin: .zero, size: Size(width: 40, height: 4))
        let line = draw(controller, width: 40)[0]
        let track = Array(line).firstIndex(of: "━").map { $0 } ?? 0
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: track, y: 0))), area: area)
        #expect(settings.volume == 0, "the left end of the track")
        _ = controller.handle(.mouse(MouseEvent(.drag, at: Point(x: track + 10, y: 3))), area: area)
        let dragged = settings.volume
        #expect(dragged > 0, "the drag carries the thumb even off the row")
        _ = controller.handle(.mouse(MouseEvent(.release, at: Point(x: track + 10, y: 3))), area: area)
        _ = controller.handle(.mouse(MouseEvent(.drag, at: Point(x: track + 20, y: 0))), area: area)
        #expect(settings.volume == dragged, "after the release a drag moves nothing")
        // The row is on the top line: the popover shows under it, over the thumb.
        controller.focusRow(at: IndexPath(row: 0, section: 0))
        var canvas = Canvas(size: area.size)
        controller.render(into: &canvas, area: area, context: RenderContext())
        #expect(canvas.lines[1].contains(" \(Int(dragged))% "), "\(canvas.lines)")
        #expect(canvas.styledLine(1).contains("bg=tint") && controller.wantsTicks)
        clock += .milliseconds(1000)
        canvas = Canvas(size: area.size)
        controller.render(into: &canvas, area: area, context: RenderContext())
        #expect(canvas.styledLine(1).contains("dim"), "fading")
        clock += .milliseconds(1000)
        canvas = Canvas(size: area.size)
        controller.render(into: &canvas, area: area, context: RenderContext())
        #expect(!canvas.lines[1].contains("%") && !controller.wantsTicks, "gone")
    }

    @Test func aLongTableHasAPageScrubberThatTurnsPagesAndSaysWhereItIs() {
        let controller = TableViewController(title: "Rows", dataSource: LongList(count: 300))
        controller.showsPageScrubber = true
        let size = Size(width: 50, height: 11)
        let area = Rect(origin: .zero, size: size)
        controller.layout(for: size)
        var frame = lines(of: controller, size: size)
        #expect(frame[10].hasSuffix("1/30"), "ten rows a page: \(frame[10])")
        #expect(controller.keyHelp.contains(KeyHint("p", "scrub through the pages")))
        _ = controller.handle(.key(.character("p")), area: area)
        _ = controller.handle(.key(.right), area: area)
        _ = controller.handle(.key(.right), area: area)
        frame = lines(of: controller, size: size)
        #expect(controller.state.focusedRow == IndexPath(row: 0, section: 2), "page 3 begins at row 20")
        #expect(controller.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 2), "its first row on the top line")
        #expect(frame[9].contains("Page 3 of 30 · C"), "\(frame)")
        #expect(frame[10].hasSuffix("3/30"))
        _ = controller.handle(.key(.pageDown), area: area)
        #expect(controller.state.focusedRow == IndexPath(row: 0, section: 5), "a tenth of the pages on")
        _ = controller.handle(.key(.end), area: area)
        #expect(controller.state.focusedRow == IndexPath(row: 0, section: 29))
        _ = controller.handle(.key(.escape), area: area)
        _ = controller.handle(.key(.down), area: area)
        #expect(controller.state.focusedRow == IndexPath(row: 1, section: 29), "Esc gave the keys back to the rows")
        // A click on the track's left end: the first page.
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: 2, y: 10))), area: area)
        #expect(controller.state.focusedRow == IndexPath(row: 0, section: 0))
        let short = TableViewController(title: "Rows", dataSource: LongList(count: 25))
        short.showsPageScrubber = true
        short.layout(for: size)
        #expect(!lines(of: short, size: size).contains { $0.contains("1/") }, "three pages or fewer: no scrubber")
        // A partly filled last page is a page: its rows can be scrubbed to.
        let ragged = TableViewController(title: "Rows", dataSource: LongList(count: 305))
        ragged.showsPageScrubber = true
        ragged.layout(for: size)
        #expect(lines(of: ragged, size: size)[10].hasSuffix("1/31"), "\(lines(of: ragged, size: size))")
        _ = ragged.handle(.key(.character("p")), area: area)
        _ = ragged.handle(.key(.end), area: area)
        #expect(lines(of: ragged, size: size)[10].hasSuffix("31/31"))
        #expect(ragged.state.focusedRow == IndexPath(row: 0, section: 30), "the last five rows are the last page")
    }

    /// Both ends of "more than three pages": 11 lines hold 10 rows and the scrubber's line, so
    /// 30 rows are three pages of 10 (no scrubber) and 31 are more.
    @Test(arguments: [(30, false), (31, true)])
    func theScrubberShowsForMoreThanThreePages(rows: Int, shows: Bool) {
        let size = Size(width: 50, height: 11)
        let controller = TableViewController(title: "Rows", dataSource: LongList(count: rows))
        controller.showsPageScrubber = true
        controller.layout(for: size)
        let frame = lines(of: controller, size: size)
        #expect(frame[10].hasSuffix("1/4") == shows, "\(frame)")
        #expect(controller.keyHelp.contains(KeyHint("p", "scrub through the pages")) == shows)
    }
}

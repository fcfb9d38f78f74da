import Foundation
import TableKit
import Testing

/// Two settings with switches; the delegate stores what the person flips.
@MainActor
private final class SwitchSettings: TableViewDelegate, TableViewDataSource {
    var values = [true, false]
    var changes: [String] = []

    func numberOfRows(inSection section: Int) -> Int { values.count }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: indexPath.row == 0 ? "Wi-Fi" : "Bluetooth", accessory: .switch(values[indexPath.row]))
    }
    func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        changes.append("\(indexPath.row) \(isOn)")
        values[indexPath.row] = isOn
        return .handled
    }
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        changes.append("select \(indexPath.row)")
        return .handled
    }
}

@MainActor
@Suite("Switches in rows: drawn at every width and in ASCII, flipped by Space, Enter and a click")
struct SwitchTests {
    private func make(width: Int) -> (TableViewController, SwitchSettings) {
        let settings = SwitchSettings()
        return (tableController(showing: settings, width: width), settings)
    }

    private func draw(_ controller: TableViewController, width: Int, glyphs: Glyphs = .unicode) -> [String] {
        Array(drawnLines(of: controller, size: Size(width: width, height: 4), glyphs: glyphs).prefix(2))
    }

    @Test(arguments: [40, 20, 12])
    func theSwitchSitsAtTheTrailingEdgeAtEveryWidth(width: Int) {
        let (controller, settings) = make(width: width)
        let label = { (text: String) in TextLayout.truncate(text, width: width - 7) }
        #expect(draw(controller, width: width) == [
            " " + label("Wi-Fi").padding(toLength: width - 6, withPad: " ", startingAt: 0) + "[ ●] ",
            " " + label("Bluetooth").padding(toLength: width - 6, withPad: " ", startingAt: 0) + "[○ ] ",
        ])
        #expect(draw(controller, width: width, glyphs: .ascii).map { String($0.suffix(5)) } == ["[ *] ", "[- ] "], "ASCII keeps the width")
        withExtendedLifetime(settings) {}
    }

    @Test func theStylesSayOnOrOff() {
        let (controller, settings) = make(width: 30)
        var canvas = Canvas(size: Size(width: 30, height: 4))
        controller.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        #expect(canvas.styledLine(0).contains("«rev fg=tint|[ ●]»"), "on: tinted (and focused)")
        #expect(canvas.styledLine(1).contains("«fg=grey|[○ ]»"), "off: grey")
        withExtendedLifetime(settings) {}
    }

    @Test func spaceEnterAndAClickFlipItWithoutSelectingTheRow() {
        let (controller, settings) = make(width: 30)
        press([.space], on: controller, size: Size(width: 30, height: 4))
        press([.down, .enter], on: controller, size: Size(width: 30, height: 4))
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: 26, y: 1))), area: Rect(x: 0, y: 0, width: 30, height: 4))
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 0))), area: Rect(x: 0, y: 0, width: 30, height: 4))
        #expect(settings.changes == ["0 false", "1 true", "1 false", "select 0"], "a click beside the switch is a tap on the row")
        #expect(draw(controller, width: 30)[0].hasSuffix("[○ ] "))
    }

    @Test func aChangeMadeInCodeTellsNoOne() {
        let (controller, settings) = make(width: 30)
        settings.values[1] = true
        controller.reloadData()
        #expect(draw(controller, width: 30)[1].hasSuffix("[ ●] "))
        #expect(settings.changes.isEmpty)
    }
}

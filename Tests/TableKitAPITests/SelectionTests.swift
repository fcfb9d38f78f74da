import Foundation
import TableKit
import Testing

/// Three sections: radio choices, checkmarks, and leading checks beside a detail button.
@MainActor
private struct SettingsLike: TableViewDataSource {
    let counts = [4, 3, 3]
    func numberOfSections() -> Int { counts.count }
    func numberOfRows(inSection section: Int) -> Int { counts[section] }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: "Row \(indexPath.section).\(indexPath.row)", accessory: indexPath.section == 2 ? .detailButton : .none)
    }
    func titleForHeader(inSection section: Int) -> String? { ["Theme", "Fields", "Sources"][section] }
    func selectionMode(forSection section: Int) -> SelectionMode? {
        [SelectionMode.radio(.trailing), .multiple(.trailing), .multiple(.leading)][section]
    }
}

@MainActor
private final class Log: TableViewDelegate {
    var lines: [String] = []
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        lines.append("select \(indexPath.section).\(indexPath.row)")
        return .handled
    }
    func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {
        lines.append("deselect \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        lines.append("info \(indexPath.section).\(indexPath.row)")
        return .handled
    }
}

@MainActor
@Suite("Selection modes: single, radio, multiple, leading checks")
struct SelectionTests {
    let size = Size(width: 36, height: 12)

    private func screen() -> (TableViewController, Log) {
        let screen = TableViewController(title: "Settings", style: .grouped, dataSource: SettingsLike())
        let log = Log()
        screen.delegate = log
        screen.layout(for: size)
        screen.selectRow(at: IndexPath(row: 0, section: 0))
        return (screen, log)
    }

    @Test func aRadioCheckMovesAndTheDelegateHearsBothSides() {
        let (screen, log) = screen()
        press([.down, .down, .enter], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        #expect(log.lines == ["deselect 0.0", "select 0.2"])
        let shown = lines(of: screen, size: size)
        #expect(shown.contains(" │ Row 0.2                      ✓ │"))
        #expect(shown.contains(" │ Row 0.0                        │"))
        press([.up, .space], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)], "Space chooses too")
    }

    @Test func spaceTogglesCheckmarksWhichSurviveScrollingAndResize() {
        let (screen, log) = screen()
        // Down to the Fields section (rows 0.0–0.3, then 1.0).
        press([.down, .down, .down, .down, .space, .down, .space, .space], on: screen, size: size)
        #expect(Set(screen.indexPathsForSelectedRows) == [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 1)])
        #expect(log.lines == ["select 1.0", "select 1.1", "deselect 1.1"])
        #expect(!screen.availableRowKeyBindings.contains { $0.action == .select }, "Enter is the screen's in a checkmark section")
        #expect(screen.keyHelp.contains(KeyHint("Space", "check or uncheck the row")))
        #expect(screen.keyHints.contains(KeyHint("Space", "check")), "\(screen.keyHints)")
        press([.end, .home], on: screen, size: size)
        screen.layout(for: Size(width: 50, height: 7))
        screen.layout(for: size)
        #expect(Set(screen.indexPathsForSelectedRows) == [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 1)])
        #expect(screen.availableRowKeyBindings.contains { $0.action == .select }, "Enter chooses in a radio section")
        #expect(screen.keyHelp.contains(KeyHint("Enter → l Space", "choose this row")), "\(screen.keyHelp)")
        // In the radio section Enter and Space both choose, and the footer says so once.
        #expect(screen.keyHints.contains(KeyHint("Enter", "choose")) && !screen.keyHints.contains { $0.key.contains("Space") || $0.help == "open" },
                "\(screen.keyHints)")
    }

    @Test func aLeadingCheckLeavesTheDetailButtonItsOwnAction() throws {
        let (screen, log) = screen()
        press([.end], on: screen, size: size)
        press([.character("i")], on: screen, size: size)
        #expect(log.lines == ["info 2.2"], "the info button acts without selecting")
        press([.space], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows.contains(IndexPath(row: 2, section: 2)))
        let shown = lines(of: screen, size: size)
        #expect(shown.contains(" │ ◉   Row 2.2                  ⓘ │"))
        #expect(shown.contains(" │ ○   Row 2.1                  ⓘ │"))
        // A click on the ⓘ neither selects nor unchecks.
        let line = try #require(shown.firstIndex { $0.contains("Row 2.2") })
        let column = try #require(shown[line].firstIndex(of: "ⓘ")).utf16Offset(in: shown[line])
        log.lines = []
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: line))), area: Rect(origin: .zero, size: size))
        #expect(log.lines == ["info 2.2"])
        #expect(screen.indexPathsForSelectedRows.contains(IndexPath(row: 2, section: 2)))
        // A click elsewhere on the row toggles it.
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: 6, y: line))), area: Rect(origin: .zero, size: size))
        #expect(!screen.indexPathsForSelectedRows.contains(IndexPath(row: 2, section: 2)))
    }

    @Test func radioSectionsKeepExactlyOneCheckUnderTenThousandRandomKeysAndClicks() {
        let (screen, _) = screen()
        var generator = SystemRandomNumberGenerator()
        let keys: [Key] = [.up, .down, .enter, .space, .home, .end, .pageUp, .pageDown, .character("i"), .tab, .escape]
        for step in 0 ..< 10_000 {
            if Bool.random(using: &generator) {
                press([keys.randomElement(using: &generator) ?? .down], on: screen, size: size)
            } else {
                let point = Point(x: Int.random(in: 0 ..< size.width, using: &generator), y: Int.random(in: 0 ..< size.height, using: &generator))
                _ = screen.handle(.mouse(MouseEvent(.press, at: point)), area: Rect(origin: .zero, size: size))
            }
            let radioChecks = screen.indexPathsForSelectedRows.filter { $0.section == 0 }
            if radioChecks.count != 1 {
                Issue.record("after step \(step) the radio section has \(radioChecks.count) checks")
                return
            }
        }
    }

    @Test func singleSelectionIsShadedUntilTheScreenAppearsAgain() {
        let screen = TableViewController(title: "L", dataSource: StaticTableDataSource(cells: (0 ..< 3).map { TableViewCell(text: "Row \($0)") }))
        let log = Log()
        screen.delegate = log
        screen.layout(for: size)
        press([.enter, .down], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
        #expect(styledLines(of: screen, size: size)[0].hasPrefix("«bg=#48484a| Row 0"), "the selected row is shaded")
        screen.viewWillAppear()
        #expect(screen.indexPathsForSelectedRows.isEmpty, "clearsSelectionOnViewWillAppear")
        #expect(styledLines(of: screen, size: size)[0] == " Row 0")
    }
}

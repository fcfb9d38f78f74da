import Foundation
import PropertyBased
import TableKit
import Testing

/// The modes a section may have: its own, or `nil` for the table's (issue 38).
private let sectionModes: [SelectionMode?] = [
    nil, SelectionMode.none, .single, .radio(.trailing), .radio(.leading), .multiple(.trailing), .multiple(.leading),
]
/// The table-wide modes.
private let tableModes: [SelectionMode] = [.single, .none, .radio(.trailing), .multiple(.leading)]

/// What a person does to a row: Enter, Space, or a click on its text.
private enum Gesture: Int, CaseIterable, CustomStringConvertible {
    case enter, space, click
    var description: String { ["Enter", "Space", "click"][rawValue] }
}

/// A screen's own model of the selection, kept from what the delegate hears, as an app keeps
/// its settings.
@MainActor
private final class HeardSelection: TableViewDelegate {
    var selected: Set<IndexPath> = []
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        selected.insert(indexPath)
        return .handled
    }
    func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {
        selected.remove(indexPath)
    }
}

/// A table of random sections, each with a random mode, and what a step should do to it.
@MainActor
private struct RandomTable {
    let modes: [SelectionMode?]
    let rows: [Int]
    let tableMode: SelectionMode

    func mode(of section: Int) -> SelectionMode { modes[section] ?? tableMode }

    /// The sections whose selection a step on `section` may change: the section itself, or,
    /// under the table's `.single`, every section the table's mode governs (UIKit's table).
    func group(of section: Int) -> Set<Int> {
        guard modes[section] == nil, tableMode == .single else { return [section] }
        return Set(modes.indices.filter { modes[$0] == nil })
    }

    /// The label of a row, unique on the screen.
    static func label(_ indexPath: IndexPath) -> String { "S\(indexPath.section)R\(indexPath.row)" }

    func dataSource() -> StaticTableDataSource {
        StaticTableDataSource(modes.indices.map { section in
            TableSection(header: "Section \(section)", selectionMode: modes[section],
                         cells: (0 ..< rows[section]).map { TableViewCell(text: Self.label(IndexPath(row: $0, section: section))) })
        })
    }

    /// The selection after `gesture` on `indexPath`, by the rules of its section alone.
    func expected(after gesture: Gesture, on indexPath: IndexPath, from selected: Set<IndexPath>) -> Set<IndexPath> {
        switch mode(of: indexPath.section) {
        case .none:
            return selected
        case .single:
            // Space pages in a single-selection section; Enter and a click select.
            guard gesture != .space else { return selected }
            let group = group(of: indexPath.section)
            return selected.filter { !group.contains($0.section) }.union([indexPath])
        case .radio:
            return selected.filter { $0.section != indexPath.section }.union([indexPath])
        case .multiple:
            // Enter is the row's primary action (none here); Space and a click toggle.
            guard gesture != .enter else { return selected }
            return selected.symmetricDifference([indexPath])
        }
    }
}

/// Selection where sections of different modes meet: a step in one section never changes
/// another, and the screen's model and the checks drawn agree with the table (issue 38).
@MainActor
@Suite("Selection belongs to its section: random sections, modes, keys and clicks")
struct SelectionPropertyTests {
    let size = Size(width: 40, height: 40)

    @Test("after each step every section obeys its mode and only the section acted on changed")
    func eachSectionKeepsItsOwnSelection() async {
        let sections = zip(Gen.int(in: 0 ... sectionModes.count - 1), Gen.int(in: 1 ... 4)).array(of: 1 ... 4)
        let steps = zip(Gen<Gesture>.case, Gen.int(in: 0 ... 99), Gen.int(in: 0 ... 99)).array(of: 0 ... 24)
        await propertyCheck(count: 300, input: zip(sections, Gen.int(in: 0 ... tableModes.count - 1), Gen.bool, steps)) {
            sections, tableModeIndex, grouped, steps in
            let table = RandomTable(modes: sections.map { sectionModes[$0.0] }, rows: sections.map(\.1), tableMode: tableModes[tableModeIndex])
            let screen = TableViewController(title: "Random", tableView: TableView(style: grouped ? .grouped : .plain, selectionMode: table.tableMode),
                                             dataSource: table.dataSource())
            let heard = HeardSelection()
            screen.delegate = heard
            screen.layout(for: size)
            var selected: Set<IndexPath> = []
            for (gesture, sectionPick, rowPick) in steps {
                let section = sectionPick % sections.count
                let indexPath = IndexPath(row: rowPick % table.rows[section], section: section)
                let step = "\(gesture) on \(RandomTable.label(indexPath)) (\(table.mode(of: section)))"
                switch gesture {
                case .enter, .space:
                    screen.focusRow(at: indexPath)
                    press([gesture == .enter ? .enter : .space], on: screen, size: size)
                case .click:
                    let shown = drawnLines(of: screen, size: size)
                    guard let y = shown.firstIndex(where: { $0.contains(RandomTable.label(indexPath)) }),
                          let x = shown[y].range(of: RandomTable.label(indexPath)).map({ shown[y].distance(from: shown[y].startIndex, to: $0.lowerBound) })
                    else {
                        Issue.record("\(RandomTable.label(indexPath)) is not drawn")
                        return
                    }
                    _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: x, y: y))), area: Rect(origin: .zero, size: size))
                    _ = screen.handle(.mouse(MouseEvent(.release, at: Point(x: x, y: y))), area: Rect(origin: .zero, size: size))
                }
                let before = selected
                selected = table.expected(after: gesture, on: indexPath, from: selected)
                let now = Set(screen.indexPathsForSelectedRows)
                #expect(now == selected, "\(step): \(before.sorted()) became \(now.sorted())")
                let group = table.group(of: section)
                #expect(now.filter { !group.contains($0.section) } == before.filter { !group.contains($0.section) },
                        "\(step) changed another section")
                #expect(heard.selected == now, "\(step): the delegate heard \(heard.selected.sorted()), the table has \(now.sorted())")
                checkDrawnChecks(of: screen, table: table, selected: now, after: step)
                if now != selected { return }
            }
        }
    }

    /// Each row of a checkable section draws its check exactly when it is selected; no other
    /// row draws one.
    private func checkDrawnChecks(of screen: TableViewController, table: RandomTable, selected: Set<IndexPath>, after step: String) {
        let shown = drawnLines(of: screen, size: size)
        for section in table.rows.indices {
            for row in 0 ..< table.rows[section] {
                let indexPath = IndexPath(row: row, section: section)
                guard let line = shown.first(where: { $0.contains(RandomTable.label(indexPath)) }) else { continue }
                let isSelected = selected.contains(indexPath)
                switch table.mode(of: section) {
                case .radio(.trailing), .multiple(.trailing):
                    #expect(line.contains("✓") == isSelected, "\(step): \(line)")
                case .radio(.leading), .multiple(.leading):
                    #expect(line.contains(isSelected ? "◉" : "○"), "\(step): \(line)")
                case .single, .none:
                    #expect(!line.contains("✓") && !line.contains("◉"), "\(step): a row of a \(table.mode(of: section)) section takes no check: \(line)")
                }
            }
        }
    }

    @Test("Enter on a single-selection row keeps the checks of the radio and checkmark sections beside it")
    func aRowThatOpensAScreenLeavesTheChecksAlone() {
        let table = RandomTable(modes: [.radio(.trailing), .multiple(.trailing), .single], rows: [2, 2, 2], tableMode: .single)
        let screen = TableViewController(title: "Settings", tableView: TableView(style: .grouped), dataSource: table.dataSource())
        let heard = HeardSelection()
        screen.delegate = heard
        screen.layout(for: size)
        for indexPath in [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)] {
            screen.focusRow(at: indexPath)
            press([.space], on: screen, size: size)
        }
        screen.focusRow(at: IndexPath(row: 1, section: 2))
        press([.enter], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows == [
            IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1), IndexPath(row: 1, section: 2),
        ])
        #expect(heard.selected == Set(screen.indexPathsForSelectedRows))
        // The other single-selection row of the same section takes the selection over.
        screen.focusRow(at: IndexPath(row: 0, section: 2))
        press([.enter], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows.last == IndexPath(row: 0, section: 2))
        #expect(screen.indexPathsForSelectedRows.count == 4)
    }

    @Test("in the table's own single mode the sections are one list, as a UIKit table without multiple selection")
    func theTableModeGovernsItsSectionsAsOne() {
        let table = RandomTable(modes: [nil, nil, .radio(.trailing)], rows: [2, 2, 2], tableMode: .single)
        let screen = TableViewController(title: "Mail", tableView: TableView(style: .plain), dataSource: table.dataSource())
        let heard = HeardSelection()
        screen.delegate = heard
        screen.layout(for: size)
        screen.focusRow(at: IndexPath(row: 0, section: 2))
        press([.enter], on: screen, size: size)
        screen.focusRow(at: IndexPath(row: 1, section: 0))
        press([.enter], on: screen, size: size)
        screen.focusRow(at: IndexPath(row: 0, section: 1))
        press([.enter], on: screen, size: size)
        #expect(screen.indexPathsForSelectedRows == [IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 2)],
                "the table's sections hold one selection; the radio section keeps its own")
    }
}

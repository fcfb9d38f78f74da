import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// Names, one a row, whose data source deletes, inserts and moves them, as a stranger writes one.
private struct Names: TableViewDataSource {
    var names: [String]
    func numberOfRows(inSection section: Int) -> Int { names.count }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: names[indexPath.row]) }
    func itemIdentifier(for indexPath: IndexPath) -> AnyHashable? { names[indexPath.row] }
    func canEditRow(at indexPath: IndexPath) -> Bool { true }
    func canMoveRow(at indexPath: IndexPath) -> Bool { true }
    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete: names.remove(at: indexPath.row)
        case .insert: names.insert("New", at: indexPath.row)
        case .none: break
        }
    }
    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        names.insert(names.remove(at: source.row), at: destination.row)
    }
}

/// A part that answers `x` with whatever the test sets, on the row the keyboard is on.
@MainActor
private final class AnsweringPart: TableViewPart {
    var answer: (TableContext) -> TablePartResponse = { _ in .handled }
    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        key == .character("x") ? answer(context) : nil
    }
}

/// Records the focus changes the delegate hears.
@MainActor
private final class FocusLog: TableViewDelegate {
    var focused: [IndexPath?] = []
    func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) { focused.append(indexPath) }
}

@MainActor
@Suite("A part's answers change the rows, the mode and the state through the table")
struct TablePartResponseTests {
    static let size = Size(width: 16, height: 6)

    private func list(_ names: [String] = ["Ann", "Bob", "Cy", "Di"]) -> (TableViewController, AnsweringPart) {
        let list = TableViewController(title: "Names", dataSource: Names(names: names))
        list.animatesRowChanges = false
        let part = AnsweringPart()
        list.addPart(part)
        list.layout(for: Self.size)
        return (list, part)
    }

    private func names(_ list: TableViewController) -> [String] { (list.dataSource as? Names)?.names ?? [] }

    @Test func commitDeletesAndInsertsThroughTheDataSource() {
        let (list, part) = list()
        _ = press([.down], on: list, size: Self.size)
        part.answer = { .commit(.delete, forRowAt: $0.state.focusedRow!) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(names(list) == ["Ann", "Cy", "Di"])
        // The focus goes to the row after the deleted one, as after a delete in UIKit.
        #expect(list.state.focusedRow == IndexPath(row: 1, section: 0))
        part.answer = { .commit(.insert, forRowAt: $0.state.focusedRow!) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(names(list) == ["Ann", "New", "Cy", "Di"])
        expectFrame(drawnLines(of: list, size: Self.size), equals: [
            " Ann            ",
            " New            ",
            " Cy             ",
            " Di             ",
            "                ",
            "                ",
        ])
    }

    @Test func moveRowMovesItAndTheFocusGoesWithIt() {
        let (list, part) = list()
        part.answer = { _ in .moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0)) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(names(list) == ["Bob", "Cy", "Ann", "Di"])
        #expect(list.state.focusedRow == IndexPath(row: 2, section: 0))
        // And back up: the second direction of the same answer.
        part.answer = { _ in .moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0)) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(names(list) == ["Ann", "Bob", "Cy", "Di"])
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0))
    }

    @Test func setEditingEntersAndLeavesEditingMode() {
        let (list, part) = list()
        part.answer = { .setEditing(!$0.isEditing, animated: false) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(list.isEditing)
        expectFrame(drawnLines(of: list, size: Self.size), equals: [
            " ⊖ Ann        ≡ ",
            " ⊖ Bob        ≡ ",
            " ⊖ Cy         ≡ ",
            " ⊖ Di         ≡ ",
            "                ",
            "                ",
        ])
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(!list.isEditing)
    }

    @Test func aSequenceActsInOrderAndAnswersWithTheFirstAnswerThatAsksMore() {
        let (list, part) = list()
        part.answer = { _ in .sequence([.perform(.end), .respond(.pop), .perform(.home), .respond(.ignored)]) }
        let response = press([.character("x")], on: list, size: Self.size)
        guard case .pop = response else {
            Issue.record("the sequence answered \(response), not its first answer that asks more than .handled")
            return
        }
        // Both actions ran, in order: End, then Home.
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0))
        part.answer = { _ in .sequence([.perform(.end), .handled]) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 3, section: 0))
    }

    @Test func restoreStatePutsBackTheTableKeepingTheSelectionMadeSinceAndTellsNoFocus() {
        let (list, part) = list()
        let log = FocusLog()
        list.delegate = log
        _ = press([.end], on: list, size: Self.size)
        let saved = list.state
        _ = press([.home], on: list, size: Self.size)
        list.selectRow(at: IndexPath(row: 1, section: 0))
        log.focused = []
        part.answer = { _ in .perform(.restoreState(saved)) }
        _ = press([.character("x")], on: list, size: Self.size)
        #expect(list.state.focusedRow == IndexPath(row: 3, section: 0), "the focus where it was saved")
        #expect(list.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)], "the selection made since kept: the rows identify their items")
        #expect(log.focused.isEmpty, "the table came back as it was: no focus change to tell")
    }
}

import Foundation
import TableKit
import Testing

/// A list of fruit whose data source deletes and inserts, as a stranger writes one: the
/// model changes in `commit`, and the table shows the change.
private struct FruitBasket: TableViewDataSource {
    var names: [String]
    /// The last row adds a fruit (its control is ⊕) when true.
    var endsWithAddRow = false

    func numberOfRows(inSection section: Int) -> Int { names.count + (endsWithAddRow ? 1 : 0) }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        indexPath.row < names.count ? TableViewCell(text: names[indexPath.row], accessory: .disclosureIndicator) : TableViewCell(text: "Add Fruit")
    }
    func canEditRow(at indexPath: IndexPath) -> Bool { true }
    mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete: names.remove(at: indexPath.row)
        case .insert: names.insert("Fig", at: indexPath.row)
        case .none: break
        }
    }
}

/// Fruit in two baskets whose rows move, as a stranger writes the model's move.
private struct Baskets: TableViewDataSource {
    var baskets: [[String]]
    func numberOfSections() -> Int { baskets.count }
    func numberOfRows(inSection section: Int) -> Int { baskets[section].count }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: baskets[indexPath.section][indexPath.row], accessory: .disclosureIndicator) }
    func titleForHeader(inSection section: Int) -> String? { "Basket \(section + 1)" }
    func canMoveRow(at indexPath: IndexPath) -> Bool { true }
    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        let fruit = baskets[source.section].remove(at: source.row)
        baskets[destination.section].insert(fruit, at: destination.row)
    }
}

/// Keeps every row out of the second basket's first place (a pinned row, as Settings keeps
/// "Add New Keyboard…" last): a move there goes to the place after it.
@MainActor
private final class KeepsFirstPlace: TableViewDelegate {
    func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt source: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
        proposed == IndexPath(row: 0, section: 1) ? IndexPath(row: 1, section: 1) : proposed
    }
}

/// The last row of a list that ends with an add row inserts; the others delete.
@MainActor
private final class AddRowStyles: TableViewDelegate {
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        indexPath.row == tableView.dataSource.numberOfRows(inSection: 0) - 1 ? .insert : .delete
    }
}

/// An add row whose ⊕ opens a form first, as Settings' "Add New Keyboard…" does: the
/// delegate answers the insert, and the data source is not asked to insert anything.
@MainActor
private final class AddRowOpensAForm: TableViewDelegate {
    var asked: [IndexPath] = []
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        indexPath.row == tableView.dataSource.numberOfRows(inSection: 0) - 1 ? .insert : .delete
    }
    func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? {
        asked.append(indexPath)
        return .push(TableViewController(title: "New Fruit", dataSource: FruitBasket(names: [])))
    }
}

/// Fruit checked in editing mode, then an "Add Fruit…" row alone in a section that selects
/// nothing: it keeps its ⊕ among the checks.
private struct CheckedBasket: TableViewDataSource {
    var names: [String]
    func numberOfSections() -> Int { 2 }
    func numberOfRows(inSection section: Int) -> Int { section == 0 ? names.count : 1 }
    func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: indexPath.section == 0 ? names[indexPath.row] : "Add Fruit…") }
    func selectionMode(forSection section: Int) -> SelectionMode? { section == 1 ? SelectionMode.none : nil }
    func canEditRow(at indexPath: IndexPath) -> Bool { indexPath.section == 1 }
}

@MainActor
private final class InsertsInSectionTwo: TableViewDelegate {
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        indexPath.section == 1 ? .insert : .none
    }
    func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? {
        .push(TableViewController(title: "New Fruit", dataSource: FruitBasket(names: [])))
    }
}

@MainActor
@Suite("Editing mode: ⊖ reveals Delete and only Delete deletes, ⊕ inserts, swipe-to-delete for free")
struct EditingTests {
    let size = Size(width: 24, height: 5)
    var area: Rect { Rect(origin: .zero, size: size) }

    private func table(_ names: [String] = ["Apple", "Banana", "Cherry"], addRow: Bool = false) -> TableViewController {
        let table = TableViewController(title: "Fruit", dataSource: FruitBasket(names: names, endsWithAddRow: addRow))
        table.layout(for: size)
        // Frames after each change are the change's end; the animation has a test of its own.
        table.animatesRowChanges = false
        return table
    }

    /// A confirmed delete takes its quarter second, as UIKit's row animation: the row is
    /// there when Enter is pressed and gone a quarter second later.
    @Test func aConfirmedDeleteAnimatesItsRowAway() {
        final class Time: @unchecked Sendable { var now = ContinuousClock.now }
        let time = Time()
        let table = TableViewController(title: "Fruit", dataSource: FruitBasket(names: ["Apple", "Banana", "Cherry"]))
        table.now = { time.now }
        table.layout(for: size)
        table.isEditing = true
        _ = lines(of: table, size: size)
        press([.down, .delete, .enter], on: table, size: size)
        #expect(names(table) == ["Apple", "Cherry"], "the model changed at once")
        #expect(lines(of: table, size: size)[1].hasPrefix(" ⊖ Banana"), "the row is still drawn as the animation starts")
        time.now += .milliseconds(250)
        _ = table.handle(.tick, area: area)
        #expect(lines(of: table, size: size)[0 ..< 2] == [" ⊖ Apple", " ⊖ Cherry"])
    }

    /// Edit, animated: the rows' content slides aside for ⊖ a column at a time over a quarter
    /// second, and slides back on Done; without animation the controls are there at once.
    @Test func theControlsSlideInAndOut() {
        final class Time: @unchecked Sendable { var now = ContinuousClock.now }
        let time = Time()
        let table = TableViewController(title: "Fruit", dataSource: FruitBasket(names: ["Apple", "Banana"]))
        table.now = { time.now }
        table.layout(for: size)
        _ = lines(of: table, size: size)
        table.setEditing(true, animated: true)
        #expect(lines(of: table, size: size)[0] == " Apple                ›", "at the start, as before")
        time.now += .milliseconds(125)
        #expect(lines(of: table, size: size)[0 ..< 2] == [" ⊖Apple                ›", " ⊖Banana               ›"], "\(lines(of: table, size: size))")
        time.now += .milliseconds(125)
        _ = table.handle(.tick, area: area)
        #expect(lines(of: table, size: size)[0] == " ⊖ Apple")
        table.setEditing(false, animated: true)
        time.now += .milliseconds(125)
        #expect(lines(of: table, size: size)[0] == " ⊖Apple                ›", "half way back")
        time.now += .milliseconds(125)
        _ = table.handle(.tick, area: area)
        #expect(lines(of: table, size: size)[0] == " Apple                ›")
        table.animatesRowChanges = false
        table.setEditing(true, animated: true)
        #expect(lines(of: table, size: size)[0] == " ⊖ Apple", "no animation: at once")
    }

    private func names(_ table: TableViewController) -> [String] { (table.dataSource as? FruitBasket)?.names ?? [] }

    @Test func editingShowsTheControlsAndHidesTheAccessories() {
        let table = table()
        #expect(lines(of: table, size: size) == [" Apple                ›", " Banana               ›", " Cherry               ›", "", ""])
        table.isEditing = true
        #expect(lines(of: table, size: size) == [" ⊖ Apple", " ⊖ Banana", " ⊖ Cherry", "", ""])
        #expect(drawnLines(of: table, size: size, glyphs: .ascii).prefix(1).map { $0.trimmingCharacters(in: .whitespaces) } == ["- Apple"])
        table.isEditing = false
        #expect(lines(of: table, size: size)[0] == " Apple                ›")
    }

    @Test func theDeleteControlRevealsDeleteAndOnlyThatDeletes() {
        let table = table()
        table.isEditing = true
        press([.down, .delete], on: table, size: size)
        #expect(names(table) == ["Apple", "Banana", "Cherry"], "⊖ alone deletes nothing")
        #expect(lines(of: table, size: size)[1] == " ⊖ Banana       Delete", "\(lines(of: table, size: size))")
        #expect(table.keyHints.map(\.key) == ["Enter", "Esc"], "while Delete shows, its keys are the keys")
        press([.enter], on: table, size: size)
        #expect(names(table) == ["Apple", "Cherry"])
        #expect(lines(of: table, size: size)[0 ..< 2] == [" ⊖ Apple", " ⊖ Cherry"])
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "the focus on the row after the one deleted")
    }

    @Test(arguments: [Key.escape, .up])
    func anotherKeyPutsDeleteAwayAndKeepsTheRow(key: Key) {
        let table = table()
        table.isEditing = true
        press([.character("-"), key], on: table, size: size)
        #expect(!lines(of: table, size: size).contains { $0.contains("Delete") })
        #expect(names(table) == ["Apple", "Banana", "Cherry"])
        #expect(table.isEditing, "one Esc puts the button away; editing goes on")
        press([.escape], on: table, size: size)
        #expect(!table.isEditing, "a second Esc is Done")
    }

    @Test func theInsertControlInsertsAtOnce() {
        let styles = AddRowStyles()
        let table = table(["Apple"], addRow: true)
        table.delegate = styles
        table.isEditing = true
        #expect(lines(of: table, size: size)[0 ..< 2] == [" ⊖ Apple", " ⊕ Add Fruit"])
        press([.down, .delete], on: table, size: size)
        #expect(!lines(of: table, size: size).contains { $0.contains("Delete") }, "the add row has no Delete")
        press([.character("+")], on: table, size: size)
        #expect(names(table) == ["Apple", "Fig"])
        #expect(lines(of: table, size: size)[0 ..< 3] == [" ⊖ Apple", " ⊖ Fig", " ⊕ Add Fruit"])
        #expect(table.state.focusedRow == IndexPath(row: 2, section: 0), "the focus stays on Add Fruit, moved down by the row inserted above it")
    }

    @Test func anInsertTheDelegateAnswersOpensItsScreenAndInsertsNothing() {
        let delegate = AddRowOpensAForm()
        let table = table(["Apple"], addRow: true)
        table.delegate = delegate
        table.isEditing = true
        let answer = press([.down, .character("+")], on: table, size: size)
        #expect(answer.pushedTitle == "New Fruit", "⊕ answers with the delegate's push")
        #expect(delegate.asked == [IndexPath(row: 1, section: 0)])
        #expect(names(table) == ["Apple"], "the data source inserted nothing")
    }

    @Test("while editing mode checks rows, an insert row keeps its ⊕ and its section, selecting nothing, is not checked")
    func anInsertRowAmongChecks() {
        let delegate = InsertsInSectionTwo()
        let table = TableViewController(title: "Fruit", dataSource: CheckedBasket(names: ["Apple", "Pear"]))
        table.layout(for: Size(width: 24, height: 8))
        table.delegate = delegate
        table.allowsMultipleSelectionDuringEditing = true
        table.isEditing = true
        let shown = lines(of: table, size: Size(width: 24, height: 8))
        #expect(shown.contains { $0.hasPrefix(" ○   Apple") } && shown.contains { $0.hasPrefix(" ⊕ Add Fruit…") }, "\(shown)")
        #expect(!shown.contains { $0.contains("○ Add") || $0.contains("○   Add") })
        press([.down, .down, .character(" ")], on: table, size: Size(width: 24, height: 8))
        #expect(table.numberOfSelectedItems == 0, "Space does not check the insert row")
        #expect(press([.character("+")], on: table, size: Size(width: 24, height: 8)).pushedTitle == "New Fruit")
    }

    @Test func clicksOnTheControlAndOnDeleteDoWhatTheKeysDo() {
        let table = table()
        table.isEditing = true
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 2))), area: area)
        #expect(lines(of: table, size: size)[2] == " ⊖ Cherry       Delete")
        #expect(names(table).count == 3)
        // A click elsewhere on the row puts the button away.
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 6, y: 2))), area: area)
        #expect(!lines(of: table, size: size)[2].contains("Delete"))
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 0))), area: area)
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 18, y: 0))), area: area)
        #expect(names(table) == ["Banana", "Cherry"])
        // A click below the rows puts it away too.
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1))), area: area)
        #expect(lines(of: table, size: size)[1].contains("Delete"))
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 6, y: size.height - 1))), area: area)
        #expect(!lines(of: table, size: size)[1].contains("Delete"))
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 18, y: 1))), area: area)
        #expect(names(table) == ["Banana", "Cherry"], "no Delete button left to click")
    }

    @Test func aRowTheDataSourceDeletesSwipesToDeleteWithoutEditing() {
        let table = table()
        table.animatesSwipeMenus = false
        press([.character("s")], on: table, size: size)
        #expect(lines(of: table, size: size)[0].hasSuffix("Delete"), "\(lines(of: table, size: size))")
        press([.shiftLeft], on: table, size: size)
        #expect(names(table) == ["Banana", "Cherry"], "a full swipe deletes")
        let fixed = TableViewController(title: "Fixed", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Apple")]))
        fixed.layout(for: size)
        press([.character("s")], on: fixed, size: size)
        #expect(!lines(of: fixed, size: size)[0].contains("Delete"), "a data source that edits nothing has no Delete")
    }

    /// UIKit's `allowsSelectionDuringEditing` is false by default: Enter and a click on a row
    /// select nothing while editing; allowed, they select as they do outside it.
    @Test(arguments: [false, true])
    func selectionWhileEditingFollowsItsSetting(allowed: Bool) {
        let recorder = SelectionRecorder()
        let table = table()
        table.delegate = recorder
        table.isEditing = true
        table.allowsSelectionDuringEditing = allowed
        press([.enter], on: table, size: size)
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 8, y: 1))), area: area)
        _ = table.handle(.mouse(MouseEvent(.release, at: Point(x: 8, y: 1))), area: area)
        #expect(recorder.selected.isEmpty != allowed, "\(recorder.selected)")
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "the click focused Banana either way")
    }

    /// UIKit's `allowsMultipleSelectionDuringEditing`: rows show a check circle in place of
    /// ⊖, Space and clicks check them, the Delete keys reveal nothing; editing's checks are
    /// its own (none on the way in, none left after). Without it, Space checks nothing.
    @Test(arguments: [false, true])
    func multipleSelectionDuringEditingChecksRowsInsteadOfDeleting(allowed: Bool) {
        let table = table()
        table.allowsMultipleSelectionDuringEditing = allowed
        table.selectRow(at: IndexPath(row: 0, section: 0))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)], "Apple selected before editing")
        table.isEditing = true
        if allowed {
            #expect(table.indexPathsForSelectedRows.isEmpty, "entering editing mode clears the selection")
            #expect(lines(of: table, size: size)[0 ..< 3] == [" ○   Apple", " ○   Banana", " ○   Cherry"], "\(lines(of: table, size: size))")
        } else {
            #expect(lines(of: table, size: size)[0 ..< 3] == [" ⊖ Apple", " ⊖ Banana", " ⊖ Cherry"])
        }
        press([.space, .down, .down, .delete], on: table, size: size)
        if allowed {
            #expect(lines(of: table, size: size)[2] == " ○   Cherry", "Delete reveals no button on a row that checks")
        } else {
            #expect(lines(of: table, size: size)[2] == " ⊖ Cherry       Delete", "Delete revealed Cherry's button")
        }
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 8, y: 1))), area: area)
        _ = table.handle(.mouse(MouseEvent(.release, at: Point(x: 8, y: 1))), area: area)
        if allowed {
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)],
                    "Space checked Apple, the click Banana")
            #expect(table.numberOfSelectedItems == 2)
            #expect(lines(of: table, size: size)[0 ..< 3] == [" ◉   Apple", " ◉   Banana", " ○   Cherry"], "\(lines(of: table, size: size))")
            #expect(drawnLines(of: table, size: size, glyphs: .ascii)[0].hasPrefix(" (*) Apple"), "\(drawnLines(of: table, size: size, glyphs: .ascii))")
            #expect(names(table) == ["Apple", "Banana", "Cherry"], "Delete reveals nothing: no row has ⊖")
        } else {
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)], "Space checked nothing: Apple's selection is from before")
        }
        table.isEditing = false
        #expect(table.indexPathsForSelectedRows.isEmpty == allowed, "leaving editing mode clears its checks")
        #expect(lines(of: table, size: size)[0] == " Apple                ›")
    }

    // MARK: Reordering

    private func baskets() -> TableViewController {
        let table = TableViewController(title: "Baskets", dataSource: Baskets(baskets: [["Apple", "Banana"], ["Cherry", "Damson"]]))
        table.layout(for: Size(width: 24, height: 8))
        table.animatesRowChanges = false
        return table
    }

    private func fruit(_ table: TableViewController) -> [[String]] { (table.dataSource as? Baskets)?.baskets ?? [] }

    @Test func aRowThatMovesShowsTheReorderControlInPlaceOfItsAccessory() {
        let table = baskets()
        table.isEditing = true
        #expect(lines(of: table, size: Size(width: 24, height: 8))[1] == " Apple                ≡", "no control on the left: the rows only move")
        #expect(table.keyHelp.contains(KeyHint("A-↑", "move the row up (≡)")) && table.keyHints.contains { $0.key == "A-↑↓" })
    }

    @Test func altDownAndAltUpMoveTheRowAcrossSectionsAndTheFocusGoesWithIt() {
        let table = baskets()
        table.isEditing = true
        press([.altDown], on: table, size: size)
        #expect(fruit(table) == [["Banana", "Apple"], ["Cherry", "Damson"]])
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 0), "the focus went with Apple")
        press([.altDown], on: table, size: size)
        #expect(fruit(table) == [["Banana"], ["Apple", "Cherry", "Damson"]], "into the start of the basket below")
        press([.altUp], on: table, size: size)
        #expect(fruit(table) == [["Banana", "Apple"], ["Cherry", "Damson"]], "back into the end of the basket above")
        press([.altUp, .altUp, .altUp], on: table, size: size)
        #expect(fruit(table) == [["Apple", "Banana"], ["Cherry", "Damson"]], "the first row goes no further up")
        #expect(table.state.focusedRow == IndexPath(row: 0, section: 0))
    }

    /// A press on `≡` takes hold of the row and a drag moves it to the row under the pointer,
    /// across sections, through the delegate; a drag that starts elsewhere on a row moves
    /// nothing.
    @Test(arguments: [false, true])
    func aDragOnTheReorderControlMovesTheRow(retargets: Bool) {
        let size = Size(width: 24, height: 8)
        let table = baskets()
        let keeps = KeepsFirstPlace()
        if retargets { table.delegate = keeps }
        table.isEditing = true
        let drawn = lines(of: table, size: size)
        guard let apple = drawn.firstIndex(where: { $0.contains("Apple") }), let cherry = drawn.firstIndex(where: { $0.contains("Cherry") }),
              let damson = drawn.firstIndex(where: { $0.contains("Damson") }) else {
            Issue.record("\(drawn)")
            return
        }
        #expect(drawn[apple].hasSuffix("≡"), "\(drawn[apple])")
        let grip = size.width - 2
        // Held by the middle of the row: nothing moves.
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 8, y: apple))), area: Rect(origin: .zero, size: size))
        _ = table.handle(.mouse(MouseEvent(.drag, at: Point(x: 8, y: damson))), area: Rect(origin: .zero, size: size))
        _ = table.handle(.mouse(MouseEvent(.release, at: Point(x: 8, y: damson))), area: Rect(origin: .zero, size: size))
        #expect(fruit(table) == [["Apple", "Banana"], ["Cherry", "Damson"]])
        // Held by ≡: onto Cherry's place (the delegate keeps it out of there), then let go.
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: grip, y: apple))), area: Rect(origin: .zero, size: size))
        _ = table.handle(.mouse(MouseEvent(.drag, at: Point(x: grip, y: cherry))), area: Rect(origin: .zero, size: size))
        _ = table.handle(.mouse(MouseEvent(.release, at: Point(x: grip, y: cherry))), area: Rect(origin: .zero, size: size))
        #expect(fruit(table) == (retargets ? [["Banana"], ["Cherry", "Apple", "Damson"]] : [["Banana"], ["Apple", "Cherry", "Damson"]]),
                "\(fruit(table))")
        #expect(table.state.focusedRow == IndexPath(row: retargets ? 1 : 0, section: 1), "the focus went with Apple")
        // Let go, a drag moves nothing more.
        _ = table.handle(.mouse(MouseEvent(.drag, at: Point(x: grip, y: 1))), area: Rect(origin: .zero, size: size))
        #expect(fruit(table)[0] == ["Banana"])
    }

    @Test func theDelegateRetargetsAMove() {
        let table = baskets()
        let keeps = KeepsFirstPlace()
        table.delegate = keeps
        table.isEditing = true
        press([.down, .altDown], on: table, size: size)
        #expect(fruit(table) == [["Apple"], ["Cherry", "Banana", "Damson"]], "kept out of the first place")
        #expect(table.state.focusedRow == IndexPath(row: 1, section: 1))
    }

    @Test func rowsMoveOnlyInEditingModeAndOnlyWhereTheDataSourceSays() {
        let table = baskets()
        press([.altDown], on: table, size: size)
        #expect(fruit(table) == [["Apple", "Banana"], ["Cherry", "Damson"]], "not editing: Alt-↓ moves nothing")
        let fixed = self.table(["Apple", "Banana"])
        fixed.isEditing = true
        press([.altDown], on: fixed, size: size)
        #expect(names(fixed) == ["Apple", "Banana"], "a data source that moves nothing")
    }

    @Test func theEditButtonSaysEditThenDoneAndTogglesEditing() {
        let table = table()
        #expect(table.editButtonItem().title == "Edit" && table.editButtonItem().key == .character("E"))
        _ = table.barButtonTapped(.edit, area: area)
        #expect(table.isEditing)
        #expect(table.editButtonItem().title == "Done" && table.editButtonItem().isProminent)
        _ = table.barButtonTapped(.edit, area: area)
        #expect(!table.isEditing)
    }
}

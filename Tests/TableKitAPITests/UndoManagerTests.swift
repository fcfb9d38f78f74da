import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A list of chores a person crosses off with `x`; each crossing registers its undo the UIKit
/// way, as an app would.
@MainActor
private final class ChoresScreen: TableViewController {
    var chores: [String]
    let undo: UndoManager

    init(_ chores: [String], undoManager: UndoManager) {
        self.chores = chores
        undo = undoManager
        super.init(title: "Chores", dataSource: StaticTableDataSource(cells: chores.map { TableViewCell(text: $0) }))
    }

    func show() {
        dataSource = StaticTableDataSource(cells: chores.map { TableViewCell(text: $0) })
        reloadData()
    }

    /// Crosses off the first chore, or puts `chore` back at `index` (an undo).
    func remove(at index: Int) {
        let chore = chores.remove(at: index)
        show()
        undo.registerUndo(withTarget: self) { screen in screen.insert(chore, at: index) }
        undo.setActionName("Cross Off \(chore)")
    }

    func insert(_ chore: String, at index: Int) {
        chores.insert(chore, at: index)
        show()
        undo.registerUndo(withTarget: self) { screen in screen.remove(at: index) }
    }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if case .key(.character("x")) = event, !chores.isEmpty {
            remove(at: 0)
            return .handled
        }
        return super.handle(event, area: area)
    }
}

/// A target that counts what its undo handlers did.
private final class Counter {
    var value = 0
}

@MainActor
@Suite("UndoManager: changes taken back and made again, by key and by the UIKit calls")
struct UndoManagerTests {
    static let size = Size(width: 36, height: 8)

    private static func app() -> (RootController, ChoresScreen) {
        let undo = UndoManager()
        let chores = ChoresScreen(["Dishes", "Laundry", "Plants"], undoManager: undo)
        return (RootController(content: NavigationController(root: chores), size: size, undoManager: undo), chores)
    }

    private static func frame(_ root: RootController) -> [String] { textLines(of: root.render(context: RenderContext())) }

    @Test func uUndoesAndCapitalURedoesNamingTheChangeOnTheFooterLine() {
        let (root, chores) = Self.app()
        expectFrame(root.render(context: RenderContext()), equals: [
            "               Chores",
            " Dishes",
            " Laundry",
            " Plants",
            "",
            "",
            "",
            " ↓ move  ? help  q quit",
        ], "nothing to undo: the footer offers no u")
        _ = root.handle(.key(.character("x")))
        _ = root.handle(.key(.character("x")))
        #expect(chores.chores == ["Plants"])
        #expect(Self.frame(root).last == " ↓ move  u undo  ? help  q quit", "something to undo: u is offered")
        _ = root.handle(.key(.character("u")))
        expectFrame(root.render(context: RenderContext()), equals: [
            "               Chores",
            " Laundry",
            " Plants",
            "",
            "",
            "",
            "",
            " Undo Cross Off Laundry",
        ], "the last change is taken back and named where the footer was")
        _ = root.handle(.key(.character("u")))
        #expect(chores.chores == ["Dishes", "Laundry", "Plants"])
        #expect(Self.frame(root).last == " Undo Cross Off Dishes")
        _ = root.handle(.key(.character("u")))
        #expect(Self.frame(root).last == " Nothing to undo", "a third u has nothing left, and says so")
        _ = root.handle(.key(.character("j")))
        #expect(Self.frame(root).last == " ↓ move  U redo  ? help  q quit", "the notice goes with the next key; U is offered, u is not")
        _ = root.handle(.key(.character("U")))
        #expect(chores.chores == ["Laundry", "Plants"])
        #expect(Self.frame(root).last == " Redo Cross Off Dishes", "redo names the same change")
        _ = root.handle(.key(.character("U")))
        _ = root.handle(.key(.character("U")))
        #expect(chores.chores == ["Plants"])
        #expect(Self.frame(root).last == " Nothing to redo")
    }

    @Test func aNewChangeAfterAnUndoClearsTheRedo() {
        let (root, chores) = Self.app()
        _ = root.handle(.key(.character("x")))
        _ = root.handle(.key(.character("u")))
        #expect(root.undoManager.canRedo)
        _ = root.handle(.key(.character("x")))
        #expect(!root.undoManager.canRedo && root.undoManager.canUndo)
        _ = root.handle(.key(.character("U")))
        #expect(chores.chores == ["Laundry", "Plants"])
    }

    @Test func everythingOneEventRegistersIsUndoneAsOneUnlessGroupedByHand() {
        let undo = UndoManager()
        let counter = Counter()
        let screen = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: []))
        let root = RootController(content: NavigationController(root: screen), size: Self.size, undoManager: undo)
        // Two registrations within one event (here: one delivery) …
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.registerUndo(withTarget: counter) { $0.value += 10 }
        _ = root.deliverPosted()
        undo.registerUndo(withTarget: counter) { $0.value += 100 }
        _ = root.handle(.key(.character("j")))
        #expect(undo.groupingLevel == 0)
        undo.undo()
        #expect(counter.value == 100, "the second event's change alone")
        undo.undo()
        #expect(counter.value == 111, "the first event's two changes together")
        #expect(!undo.canUndo)

        // Without grouping by event, each registration is its own change.
        undo.removeAllActions()
        undo.groupsByEvent = false
        undo.registerUndo(withTarget: counter) { $0.value = 1 }
        undo.registerUndo(withTarget: counter) { $0.value = 2 }
        undo.undo()
        #expect(counter.value == 2)
        undo.undo()
        #expect(counter.value == 1)

        // A hand-made group nests and is one change.
        undo.beginUndoGrouping()
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.beginUndoGrouping()
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.setActionName("Inner")
        undo.endUndoGrouping()
        #expect(undo.groupingLevel == 1 && !undo.canRedo)
        undo.undo()
        #expect(counter.value == 1, "no undo inside an open group a caller began")
        undo.endUndoGrouping()
        #expect(undo.undoMenuItemTitle == "Undo Inner")
        undo.undo()
        #expect(counter.value == 3)
    }

    @Test func handlersRunLastFirstAndTheirRegistrationsBecomeTheRedoInOrder() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        final class Log {
            var entries: [String] = []
            var madeWhileRedoing = 0
        }
        let log = Log()
        func record(_ entry: String, undoing inverse: String) {
            log.entries.append(entry)
            if undo.isRedoing { log.madeWhileRedoing += 1 }
            #expect(!(undo.isUndoing && undo.isRedoing))
            undo.registerUndo(withTarget: log) { _ in record(inverse, undoing: entry) }
        }
        undo.beginUndoGrouping()
        record("a", undoing: "-a")
        record("b", undoing: "-b")
        undo.setActionName("AB")
        undo.endUndoGrouping()
        undo.undo()
        #expect(log.entries == ["a", "b", "-b", "-a"])
        #expect(undo.redoActionName == "AB" && undo.undoActionName.isEmpty)
        #expect(undo.redoMenuItemTitle == "Redo AB" && undo.undoMenuItemTitle == "Undo")
        undo.redo()
        #expect(log.entries == ["a", "b", "-b", "-a", "a", "b"], "made again in the order first made")
        #expect(log.madeWhileRedoing == 2 && !undo.isRedoing)
        #expect(undo.undoActionName == "AB" && !undo.canRedo)
    }

    @Test func levelsOfUndoDropTheOldestAndZeroKeepsAll() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let counter = Counter()
        for step in 1 ... 5 { undo.registerUndo(withTarget: counter) { $0.value = step } }
        undo.levelsOfUndo = 2
        undo.undo()
        undo.undo()
        #expect(counter.value == 4 && !undo.canUndo, "the last two kept, the first three gone")
        undo.levelsOfUndo = 0
        undo.removeAllActions()
        for step in 1 ... 5 { undo.registerUndo(withTarget: counter) { $0.value = step } }
        for _ in 1 ... 5 { undo.undo() }
        #expect(counter.value == 1, "unbounded: all five")
    }

    @Test func aGoneTargetIsSkippedAndRemovingATargetsActionsLeavesTheOthers() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let kept = Counter()
        var gone: Counter? = Counter()
        undo.registerUndo(withTarget: kept) { $0.value += 1 }
        undo.registerUndo(withTarget: gone!) { _ in Issue.record("a gone target's handler ran") }
        gone = nil
        undo.undo()
        undo.undo()
        #expect(kept.value == 1)

        let other = Counter()
        undo.removeAllActions()
        undo.registerUndo(withTarget: kept) { $0.value += 1 }
        undo.registerUndo(withTarget: other) { $0.value += 1 }
        undo.removeAllActions(withTarget: other)
        undo.undo()
        #expect(kept.value == 2 && other.value == 0 && !undo.canUndo)
    }

    @Test func disabledRegistrationRecordsNothingUntilEveryDisableIsMatched() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let counter = Counter()
        undo.disableUndoRegistration()
        undo.disableUndoRegistration()
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.enableUndoRegistration()
        #expect(!undo.isUndoRegistrationEnabled)
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.enableUndoRegistration()
        #expect(undo.isUndoRegistrationEnabled && !undo.canUndo)
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        #expect(undo.canUndo)
    }

    @Test func anUndoWhoseWorkFailedIsOfferedAgain() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let counter = Counter()
        func set(_ value: Int) {
            let old = counter.value
            counter.value = value
            undo.registerUndo(withTarget: counter) { _ in set(old) }
        }
        set(1)
        undo.setActionName("One")
        set(2)
        undo.setActionName("Two")
        undo.undo()
        #expect(undo.isUndoing == false && undo.canRedo)
        undo.restoreLastUndoOrRedo()
        #expect(undo.undoMenuItemTitle == "Undo Two" && !undo.canRedo, "offered again, its redo dropped")
        undo.undo()
        undo.undo()
        undo.redo()
        undo.restoreLastUndoOrRedo()
        #expect(undo.redoMenuItemTitle == "Redo One" && !undo.canUndo, "a failed redo is offered again too")
    }
}

import Foundation
import TableKit
import Testing

/// The code samples of the documentation, compiled and run, so that none of them rots.
@MainActor
@Suite("Documentation samples compile and do what they say")
struct DocumentationSnippetsTests {
    /// `TableKit.md`: a list in two lines.
    @Test func theOverviewsList() {
        let list = TableViewController(title: "Fruit", dataSource: IndexedSections(["Apple", "Banana"], title: { $0 }) {
            TableViewCell(text: $0)
        })
        let root = RootController(content: NavigationController(root: list), size: Size(width: 30, height: 8))
        let lines = root.render(context: RenderContext()).lines
        #expect(lines[1].hasPrefix(" A "))
        #expect(lines[2].hasPrefix(" Apple"))
    }

    /// `Screen`'s doc comment: a screen that is not a table.
    @Test func aScreenOfAnotherKind() {
        final class AboutScreen: Screen {
            let title = "About"
            func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
                canvas.draw("TableKit", at: area.origin, style: .plain, clip: area)
            }
            func handle(_ event: Event, area: Rect) -> ScreenResponse { .ignored }
        }
        let root = RootController(content: NavigationController(root: AboutScreen()), size: Size(width: 30, height: 8))
        #expect(root.render(context: RenderContext()).lines[1].hasPrefix("TableKit"))
    }

    /// `StaticTableDataSource`'s doc comment.
    @Test func aStaticGroupedScreen() {
        let about = StaticTableDataSource([
            TableSection(header: "Fruit", cells: [
                TableViewCell(style: .value1, text: "Name", detailText: "Apple"),
                TableViewCell(style: .value1, text: "Colour", detailText: "Red"),
            ]),
        ])
        let screen = TableViewController(title: "Apple", style: .grouped, dataSource: about)
        screen.layout(for: Size(width: 30, height: 6))
        #expect(lines(of: screen, size: Size(width: 30, height: 6)).contains(" │ Colour               Red │"))
    }

    /// "Editing a List": the list that deletes, inserts and moves, and the inbox that checks
    /// rows for Delete 3 Selected.
    @Test func editingAList() {
        let size = Size(width: 30, height: 8)
        let screen = EditingAListArticle.FruitScreen()
        let root = RootController(content: NavigationController(root: screen), size: size)
        #expect(root.render(context: RenderContext()).lines[0].hasSuffix("Edit (E)"))
        _ = root.handle(.key(.character("E")))
        _ = root.handle(.key(.altDown))
        #expect((screen.dataSource as? EditingAListArticle.Fruit)?.names == ["Banana", "Apple", "Cherry"])

        let inbox = EditingAListArticle.Inbox()
        let mail = RootController(content: NavigationController(root: inbox), size: size)
        inbox.animatesRowChanges = false
        for key: Key in [.character("E"), .space, .down, .down, .space] { _ = mail.handle(.key(key)) }
        #expect(mail.render(context: RenderContext()).lines.contains { $0.hasSuffix("Delete 2 Selected (d)") })
        _ = mail.handle(.key(.character("d")))
        #expect((inbox.dataSource as? EditingAListArticle.Fruit)?.names == ["Banana"])
        #expect(inbox.numberOfSelectedItems == 0)
    }

    /// "Handling Gestures": the card board, by the mouse and by its keys.
    @Test func handlingGestures() {
        let board = HandlingGesturesArticle.CardBoard()
        let root = RootController(content: NavigationController(root: board), size: Size(width: 40, height: 10))
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 0, y: 1))))
        _ = root.handle(.mouse(MouseEvent(.drag, at: Point(x: 3, y: 2))))
        _ = root.handle(.mouse(MouseEvent(.drag, at: Point(x: 6, y: 3))))
        _ = root.handle(.mouse(MouseEvent(.release, at: Point(x: 6, y: 3))))
        #expect(board.offset == Point(x: 6, y: 2) && board.flingVelocity.x > 0)
        _ = root.handle(.key(.right))
        _ = root.handle(.key(.character("+")))
        _ = root.handle(.key(.enter))
        #expect(board.offset == Point(x: 7, y: 2) && abs(board.scale - 1.1) < 1e-9 && board.opened == 1)
        #expect(root.render(context: RenderContext()).lines[3].contains("card ×1.1"))
    }

    /// `AlertAction`'s doc comments: a handler of two statements compiles (one initializer
    /// takes a trailing closure, so none is ambiguous), and ``AlertAction/answering(title:style:key:isEnabled:answer:)``
    /// runs its statements and answers for the screen in front.
    @Test func anAlertActionsHandlerOfTwoStatements() {
        final class Library {
            var books = ["Emma", "Persuasion"]
            var undoList: [String] = []
        }
        let library = Library()
        let delete = AlertAction(title: "Delete", style: .destructive) {
            library.books.removeAll { $0 == "Emma" }
            library.undoList.append("Emma")
        }
        let deleteAndLeave = AlertAction.answering(title: "Delete", style: .destructive) {
            library.books.removeAll { $0 == "Persuasion" }
            return .pop
        }
        guard case .handled? = delete.handler?() else { Issue.record("a handler's action leaves the screen in front"); return }
        #expect(library.books == ["Persuasion"] && library.undoList == ["Emma"])
        guard case .pop? = deleteAndLeave.handler?() else { Issue.record("an answer is carried out"); return }
        #expect(library.books.isEmpty)
    }
}

// "Handling Gestures", as the article has it.

private enum HandlingGesturesArticle {
    final class CardBoard: Screen {
        let title = "Cards"
        private let arena = GestureArena()
        private(set) var offset = Point.zero
        private(set) var scale = 1.0
        private(set) var opened = 0
        private var dragStart = Point.zero
        /// The speed a drag was let go with: the board glides on (see Deceleration).
        private(set) var flingVelocity = GestureVelocity.zero

        init() {
            let pan = PanGestureRecognizer { [unowned self] pan in
                if pan.state == .began { dragStart = offset }
                offset = Point(x: dragStart.x + pan.translation.x, y: dragStart.y + pan.translation.y)
                if pan.state == .ended { flingVelocity = pan.velocity }
            }
            pan.keyTranslations = [.left: Point(x: -1, y: 0), .right: Point(x: 1, y: 0)]
            let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2) { [unowned self] _ in scale = scale == 1 ? 2 : 1 }
            let tap = TapGestureRecognizer { [unowned self] _ in opened += 1 }
            tap.keyEquivalents = [.enter]
            tap.require(toFail: doubleTap)
            let pinch = PinchGestureRecognizer { [unowned self] pinch in
                scale = min(3, max(0.5, scale * pinch.scale))
                pinch.scale = 1
            }
            pinch.zoomInKeys = [.character("+")]
            pinch.zoomOutKeys = [.character("-")]
            for recognizer in [pan, doubleTap, tap, pinch] as [GestureRecognizer] {
                arena.addGestureRecognizer(recognizer)
            }
        }

        func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
            canvas.draw("card ×\(scale)", at: Point(x: area.minX + offset.x, y: area.minY + offset.y), style: .plain, clip: area)
        }

        func handle(_ event: Event, area: Rect) -> ScreenResponse {
            let taken: Bool
            switch event {
            case .mouse(let mouse): taken = arena.handle(mouse, now: .now)
            case .key(let key): taken = arena.handle(key, at: offset, now: .now)
            default: return .ignored
            }
            // A tap waits to see whether a second one comes; a long press waits for its time.
            // Hear that moment as a letter, not by ticking.
            if let deadline = arena.nextDeadline {
                post(after: max(.zero, deadline - .now)) { board in
                    board.arena.advance(to: .now)
                    return .handled
                }
            }
            return taken ? .handled : .ignored
        }
    }

}

// "Editing a List", as the article has them (in a namespace: the suite has its own Fruit).

private enum EditingAListArticle {
    struct Fruit: TableViewDataSource {
        var names = ["Apple", "Banana", "Cherry"]

        func numberOfRows(inSection section: Int) -> Int { names.count }
        func cell(for indexPath: IndexPath) -> TableViewCell { TableViewCell(text: names[indexPath.row]) }

        func canEditRow(at indexPath: IndexPath) -> Bool { true }
        mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            if editingStyle == .delete { names.remove(at: indexPath.row) }
        }

        func canMoveRow(at indexPath: IndexPath) -> Bool { true }
        mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
            names.insert(names.remove(at: source.row), at: destination.row)
        }
    }

    final class FruitScreen: TableViewController {
        init() { super.init(title: "Fruit", dataSource: Fruit()) }
        override var rightBarButtonItems: [BarButtonItem] { [editButtonItem()] }
    }

    final class Inbox: TableViewController, TableViewDelegate {
        init() {
            super.init(title: "Inbox", dataSource: Fruit())
            allowsMultipleSelectionDuringEditing = true
            delegate = self
        }

        override var rightBarButtonItems: [BarButtonItem] { [editButtonItem()] }

        override var toolbarItems: [BarButtonItem] {
            guard isEditing else { return [] }
            let count = numberOfSelectedItems
            return [.flexibleSpace, BarButtonItem(id: "delete", title: count > 0 ? "Delete \(count) Selected" : "Delete",
                                                  key: .character("d"), isEnabled: count > 0)]
        }

        override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
            guard id == "delete" else { return super.barButtonTapped(id, area: area) }
            let checked = indexPathsForSelectedRows
            deselectAllRows()
            guard var fruit = dataSource as? Fruit else { return .handled }
            performBatchUpdates { update in
                for indexPath in checked.reversed() { fruit.names.remove(at: indexPath.row) }
                dataSource = fruit
                update.deleteRows(at: checked)
            }
            return .handled
        }

        func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
            guard !isEditing else { return .handled }
            return .handled // Open the message.
        }
    }
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// Offers `configuration` on the right of every row, and logs the buttons that run.
@MainActor
private final class Trailing: TableViewDelegate {
    var configuration: SwipeActionsConfiguration
    var log: [String] = []

    init(_ configuration: SwipeActionsConfiguration = SwipeActionsConfiguration(actions: [])) { self.configuration = configuration }

    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        configuration
    }

    /// A button titled `title` that logs its title and row when it runs.
    func button(_ title: String, style: ContextualAction.Style = .normal, image: String? = nil) -> ContextualAction {
        ContextualAction(style: style, title: title, image: image) { [weak self] row in
            self?.log.append("\(title) \(row.row)")
            return .handled
        }
    }
}

/// A menu made by the initializers, and the same menu reached by changing one property after.
private struct ChangedMenu: Sendable, CustomTestStringConvertible {
    let property: String
    let made: @MainActor @Sendable (Trailing) -> SwipeActionsConfiguration
    let start: @MainActor @Sendable (Trailing) -> SwipeActionsConfiguration
    let change: @MainActor @Sendable (Trailing, inout SwipeActionsConfiguration) -> Void

    var testDescription: String { property }
}

private let menuChanges: [ChangedMenu] = [
    ChangedMenu(property: "ContextualAction.style", made: { .init(actions: [$0.button("Delete", style: .destructive)]) },
                start: { .init(actions: [$0.button("Delete")]) }) { _, menu in menu.actions[0].style = .destructive },
    ChangedMenu(property: "ContextualAction.title", made: { .init(actions: [$0.button("Archive")]) },
                start: { .init(actions: [$0.button("Delete")]) }) { _, menu in menu.actions[0].title = "Archive" },
    ChangedMenu(property: "ContextualAction.image", made: { .init(actions: [$0.button("Pin", image: "*")]) },
                start: { .init(actions: [$0.button("Pin")]) }) { _, menu in menu.actions[0].image = "*" },
    ChangedMenu(property: "SwipeActionsConfiguration.actions", made: { .init(actions: [$0.button("Delete"), $0.button("Share")]) },
                start: { .init(actions: [$0.button("Delete")]) }) { rows, menu in menu.actions.append(rows.button("Share")) },
]

@MainActor
@Suite("Side-swipe buttons changed after they are made, and the menu's closing and speed")
struct SwipeActionsAPITests {
    static let size = Size(width: 30, height: 3)
    static let row = IndexPath(row: 0, section: 0)

    private func make(_ rows: Trailing, animates: Bool = false) -> (TableViewController, TestClock) {
        let list = TableViewController(title: "T", dataSource: StaticTableDataSource(cells: ["Ann", "Bob"].map { TableViewCell(text: $0) }))
        let clock = TestClock()
        list.delegate = rows
        list.now = { clock.instant }
        list.animatesSwipeMenus = animates
        list.layout(for: Self.size)
        return (list, clock)
    }

    private func drawnWithMenu(_ configuration: (Trailing) -> SwipeActionsConfiguration, changed: ((Trailing, inout SwipeActionsConfiguration) -> Void)? = nil) -> [String] {
        let rows = Trailing()
        rows.configuration = configuration(rows)
        changed?(rows, &rows.configuration)
        let (list, _) = make(rows)
        list.openSwipeMenu(.trailing, at: Self.row)
        return styledLines(of: list, size: Self.size)
    }

    @Test(arguments: menuChanges)
    fileprivate func aChangedButtonDrawsAsTheInitializersArgument(_ change: ChangedMenu) {
        let made = drawnWithMenu(change.made)
        #expect(drawnWithMenu(change.start) != made, "the change must show, or this case proves nothing")
        expectFrame(drawnWithMenu(change.start, changed: change.change), equals: made)
    }

    @Test func aChangedKeyAndHandlerAreWhatTheMenuRuns() {
        let rows = Trailing()
        var share = rows.button("Print")
        share.key = "x"
        share.handler = { [weak rows] row in
            rows?.log.append("changed \(row.row)")
            return .handled
        }
        rows.configuration = SwipeActionsConfiguration(actions: [share])
        let (list, _) = make(rows)
        list.openSwipeMenu(.trailing, at: Self.row)
        press([.character("p")], on: list, size: Self.size)
        #expect(rows.log.isEmpty, "the title's letter is no longer the button's key")
        list.openSwipeMenu(.trailing, at: Self.row)
        press([.character("x")], on: list, size: Self.size)
        #expect(rows.log == ["changed 0"])
        #expect(!list.isSwipeMenuOpen)
    }

    @Test func closeSwipeMenuBouncesBackAndCloseAtOnceDoesNot() {
        let rows = Trailing()
        rows.configuration = SwipeActionsConfiguration(actions: [rows.button("Delete")])
        let (list, clock) = make(rows, animates: true)
        let atRest = drawnLines(of: list, size: Self.size)
        list.openSwipeMenu(.trailing, at: Self.row)
        clock.advance(500)
        let open = drawnLines(of: list, size: Self.size)
        #expect(open != atRest)
        list.closeSwipeMenu()
        #expect(drawnLines(of: list, size: Self.size) == open, "the bounce starts where the menu is")
        clock.advance(1000)
        _ = list.handle(.tick, area: Rect(origin: .zero, size: Self.size))
        #expect(!list.isSwipeMenuOpen)
        expectFrame(drawnLines(of: list, size: Self.size), equals: atRest)

        list.openSwipeMenu(.trailing, at: Self.row)
        clock.advance(500)
        list.closeSwipeMenuAtOnce()
        #expect(!list.isSwipeMenuOpen)
        expectFrame(drawnLines(of: list, size: Self.size), equals: atRest, "at once: no time passed")
    }

    @Test func animationSpeedTwoMovesTheMenuInHalfTheTime() {
        let rows = Trailing()
        rows.configuration = SwipeActionsConfiguration(actions: [rows.button("Delete")])
        let (slow, slowClock) = make(rows, animates: true)
        slow.openSwipeMenu(.trailing, at: Self.row)
        slowClock.advance(40)
        let early = drawnLines(of: slow, size: Self.size)
        slowClock.advance(40)
        let later = drawnLines(of: slow, size: Self.size)
        #expect(early != later, "at speed 1 the menu is still opening after 40 ms")
        let (fast, fastClock) = make(rows, animates: true)
        fast.animationSpeed = 2
        fast.openSwipeMenu(.trailing, at: Self.row)
        fastClock.advance(20)
        expectFrame(drawnLines(of: fast, size: Self.size), equals: early, "20 ms at speed 2 is 40 ms at speed 1")
        fastClock.advance(20)
        expectFrame(drawnLines(of: fast, size: Self.size), equals: later)
    }
}

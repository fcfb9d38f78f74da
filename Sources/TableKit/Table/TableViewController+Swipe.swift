import Foundation

/// Side-swipe menus (see `SwipeMenuPart`): their settings, and opening and closing them in
/// code.
extension TableViewController {
    /// How a side-swipe menu comes in: uncovered behind the sliding content, or pushed in
    /// beside it.
    public var swipeMenuStyle: SwipeMenuStyle {
        get { swipeMenuPart.style }
        set { swipeMenuPart.style = newValue }
    }

    /// Whether side-swipe menus slide open and bounce closed (otherwise they appear and go
    /// at once, as with `--no-animation`).
    public var animatesSwipeMenus: Bool {
        get { swipeMenuPart.animates }
        set { swipeMenuPart.animates = newValue }
    }

    /// How fast side-swipe menus move: 2 takes half the time, 0.5 twice as long.
    public var animationSpeed: Double {
        get { swipeMenuPart.speed }
        set { swipeMenuPart.speed = newValue }
    }

    /// Whether a row's side-swipe menu is open (or opening, or following a drag).
    public var isSwipeMenuOpen: Bool { swipeMenuPart.menu != nil }

    /// The row whose side-swipe menu is open, if any.
    public var indexPathOfSwipeMenu: IndexPath? { swipeMenuPart.menu?.indexPath }

    /// Opens the menu of `edge` on the row at `indexPath` (focusing it, telling no delegate),
    /// as the swipe keys do, and closes any other. Returns whether the row has such a menu.
    @discardableResult
    public func openSwipeMenu(_ edge: SwipeEdge, at indexPath: IndexPath) -> Bool {
        guard swipeActionsConfiguration(for: edge, at: indexPath) != nil else { return false }
        if state.focusedRow != indexPath { focusRow(at: indexPath) }
        return swipeMenuPart.open(edge, at: indexPath, context: context)
    }

    /// Closes the open menu: with animations the content comes back with a bounce, without
    /// them at once.
    public func closeSwipeMenu() {
        swipeMenuPart.close(at: now())
    }

    /// The keys that open a row's side-swipe menus, as help lists them on a row with menus on
    /// both sides (`--help` names them).
    nonisolated package static var swipeKeyHints: [KeyHint] {
        SwipeMenuPart.openingBindings(trailing: true, leading: true).helpHints()
    }

    /// Closes the open menu and stops any bounce at once: the rows changed, the screen left
    /// the front or changed size.
    public func closeSwipeMenuAtOnce() {
        swipeMenuPart.closeAtOnce()
    }

}

import Foundation

/// A feature of a table screen — search, swipe menus, the page scrubber, the title control,
/// the slider popover, selection — that owns its state and handles its own keys, drawing and
/// ticks; its clicks and drags come through the gesture recognizers it adds to the table's
/// arena (TableViewController+Gestures.swift). ``TableViewController`` composes its parts in order: a new feature is
/// a new part, not new stored properties in the controller.
///
/// Every requirement has a default that does nothing, so a part implements only what it
/// takes part in. The controller is passed in, never held, so a part is plain state.
@MainActor
protocol TableViewControllerPart: AnyObject {
    /// Whether the part takes every key before the others: a text field being edited, where
    /// typed letters must not reach other parts' letter keys.
    var capturesKeys: Bool { get }

    /// Whether the part has the keyboard now (a menu open, a control focused): help and the
    /// footer show its keys alone.
    var hasKeyboardFocus: Bool { get }

    /// A key before the table sees it; `nil` passes it on to the next part, then the table.
    func handleKey(_ key: Key, in table: TableViewController) -> ScreenResponse?

    /// A key neither the parts nor the table took; `nil` passes it on.
    func handleUnclaimedKey(_ key: Key, in table: TableViewController) -> ScreenResponse?

    /// Text pasted while the part captures the keys; `nil` when it takes no paste.
    func handlePaste(_ text: String, in table: TableViewController) -> ScreenResponse?

    /// The mouse before the table's recognizers (see ``TableViewPart/handleMouse(_:hit:context:)``):
    /// an answer to a press takes it, with its drags and its release.
    func handleMouse(_ mouse: MouseEvent, hit: TableHit, in table: TableViewController) -> ScreenResponse?

    /// Another part took the keyboard: put away what had it.
    func resignKeyboardFocus(in table: TableViewController)

    /// Adds the recognizers of the part's gestures to the table's arena, when the screen
    /// builds it (TableViewController+Gestures.swift).
    func addGestureRecognizers(to gestures: ScreenGestures, in table: TableViewController)

    /// Draws over the table just drawn: `area` is the screen's whole area.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, in table: TableViewController)

    /// A tick: settles animations, takes results; a response other than `.handled` (a sheet
    /// to present) is the screen's answer.
    func tick(in table: TableViewController) -> ScreenResponse

    /// Whether the part needs ticks: something moves, or a result is awaited.
    func wantsTicks(in table: TableViewController) -> Bool

    /// The part's keys for the help overlay: all of them while it has the keyboard, else how
    /// to reach it.
    func helpHints(in table: TableViewController) -> [KeyHint]

    /// The part's keys for the one-line footer, as ``helpHints(in:)``.
    func footerHints(in table: TableViewController) -> [KeyHint]

    /// The screen is about to come to the front.
    func willAppear(in table: TableViewController)

    /// The screen left the front.
    func didDisappear(in table: TableViewController)

    /// The screen was laid out at a new size.
    func sizeChanged(in table: TableViewController)

    /// The rows changed (``TableViewController/reloadData()``).
    func dataDidReload(in table: TableViewController)
}

extension TableViewControllerPart {
    var capturesKeys: Bool { false }
    var hasKeyboardFocus: Bool { false }
    func handleKey(_ key: Key, in table: TableViewController) -> ScreenResponse? { nil }
    func handleUnclaimedKey(_ key: Key, in table: TableViewController) -> ScreenResponse? { nil }
    func handlePaste(_ text: String, in table: TableViewController) -> ScreenResponse? { nil }
    func handleMouse(_ mouse: MouseEvent, hit: TableHit, in table: TableViewController) -> ScreenResponse? { nil }
    func resignKeyboardFocus(in table: TableViewController) {}
    func addGestureRecognizers(to gestures: ScreenGestures, in table: TableViewController) {}
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, in table: TableViewController) {}
    func tick(in table: TableViewController) -> ScreenResponse { .handled }
    func wantsTicks(in table: TableViewController) -> Bool { false }
    func helpHints(in table: TableViewController) -> [KeyHint] { [] }
    func footerHints(in table: TableViewController) -> [KeyHint] { [] }
    func willAppear(in table: TableViewController) {}
    func didDisappear(in table: TableViewController) {}
    func sizeChanged(in table: TableViewController) {}
    func dataDidReload(in table: TableViewController) {}
}

import Foundation

/// The table as one event finds it, for a ``TableViewPart``: its configuration, its state,
/// its rows, where it is on the screen and the time. A value: a part reads it and answers
/// with a ``TablePartResponse``; it changes the table only through that answer.
@MainActor
public struct TableContext {
    /// The table's configuration: style, index, empty message.
    public let tableView: TableView
    /// Focus, scroll position, selection and the section index's state.
    public let state: TableViewState
    /// The rows.
    public let dataSource: any TableViewDataSource
    /// The screen's area. Its areas are counted as the call counts positions: from the
    /// screen's corner for keys, the mouse and ticks (``TableViewController/hitTest(_:)``'s
    /// positions); where the screen is on the canvas for drawing.
    public let bounds: Rect
    /// Where the rows are drawn: under the search field and the header view, above the page
    /// scrubber.
    public let rowsArea: Rect
    /// Where the table's content goes: under the search field and the header view; the
    /// rows' area and, at its foot, the page scrubber's line when a long table shows one.
    public let contentArea: Rect
    /// Whether the table is in editing mode.
    public let isEditing: Bool
    /// The time of the event (the screen's clock: tests move it by hand).
    public let now: ContinuousClock.Instant
    /// The rows' heights measured so far.
    let heightCache: RowHeightCache
    /// What the delegate answers for the screen's own parts (swipe buttons, editing styles).
    let answers: TableDelegateAnswers
    /// Whether `/` may begin a search now (``TableViewController/isSearchAvailable``).
    let isSearchAvailable: Bool

    /// The cell of the focused row, when a row has the focus.
    public var focusedCell: TableViewCell? { state.focusedRow.map(dataSource.cell(for:)) }

    /// Where the row at `indexPath` is drawn, counted as ``bounds`` is: its cell's columns
    /// and all its lines (some maybe off the rows' area); `nil` when it is not on screen.
    public func frame(ofRow indexPath: IndexPath) -> Rect? {
        tableView.rowFrame(of: indexPath, state: state, dataSource: dataSource, area: rowsArea, heightCache: heightCache)?.rect
    }

    /// Where the row at `indexPath` is, counted from the corner of the rows' area: its whole
    /// cell, and the lines of it on screen; `nil` when it is not on screen.
    func rowFrameInRows(of indexPath: IndexPath) -> (rect: Rect, visible: Rect)? {
        tableView.rowFrame(of: indexPath, state: state, dataSource: dataSource, area: Rect(origin: .zero, size: rowsArea.size), heightCache: heightCache)
    }

    /// The row a press that landed on `hit` may swipe: a row with a menu, pressed away from
    /// its buttons (on its text, or its slider's track) and off the section index.
    func swipeableRow(of hit: TableHit) -> IndexPath? {
        guard case .row(let row, let part) = hit.target else { return nil }
        switch part {
        case .content, .sliderTrack: break
        default: return nil
        }
        return answers.swipeActions(.trailing, row) != nil || answers.swipeActions(.leading, row) != nil ? row : nil
    }
}

/// The delegate's answers that the screen's own parts ask for, as the screen gives them: the
/// parts never hold the screen, to pass it to its delegate.
@MainActor
struct TableDelegateAnswers {
    /// The buttons of the swipe menu on `edge` of a row, if it has one (none in editing mode;
    /// Delete on the trailing side of a row the data source deletes).
    var swipeActions: (SwipeEdge, IndexPath) -> SwipeActionsConfiguration?
    /// The row's editing control, were its data source to edit it.
    var editingStyle: (IndexPath) -> TableViewCell.EditingStyle
    /// The title of the row's red Delete button.
    var deleteConfirmationTitle: (IndexPath) -> String
    /// Where a row moved from the first place towards the second may go.
    var moveTarget: (IndexPath, IndexPath) -> IndexPath
}

/// What a ``TableViewPart`` makes of a key, a paste, a press or a tick.
public enum TablePartResponse {
    /// The part used it, and asks nothing more.
    case handled
    /// The table applies `action` — moves the focus, selects, scrolls — and its delegate hears
    /// what that caused, as for the table's own keys.
    case perform(TableViewAction)
    /// The screen's answer: push a screen, present a sheet or an alert.
    case respond(ScreenResponse)
    /// The data source carries out an edit of the row at the index path
    /// (``TableViewDataSource/commit(_:forRowAt:)``), and the table shows the change as a
    /// batch update: the row gone, or a row new in that place.
    case commit(TableViewCell.EditingStyle, forRowAt: IndexPath)
    /// The data source moves the row at the first index path to the second
    /// (``TableViewDataSource/moveRow(at:to:)``), and the table shows it moving; the focus goes
    /// with it.
    case moveRow(at: IndexPath, to: IndexPath)
    /// The table enters or leaves editing mode (``TableViewController/setEditing(_:animated:)``).
    case setEditing(Bool, animated: Bool)
    /// Each answer in turn; the screen's answer is the first that asks more than `.handled`.
    case sequence([TablePartResponse])
}

/// A feature added to a table screen, as UIKit adds an interaction to a view: its own state,
/// keys, clicks, drawing over the table, ticks, and its lines of help and footer.
///
/// Add one with ``TableViewController/addPart(_:)``. The screen's parts form one ordered
/// list: a key goes to a part capturing keys, else to each part in order, before the table's
/// own keys; help and the footer list the parts' keys in the same order (a part with the
/// keyboard shows its keys alone); they draw over the table in the reverse order, so the part
/// that gets events first is drawn on top. A part never holds the screen: every call gets a
/// ``TableContext`` and a part changes the table only by its answer.
///
/// Override the members the feature takes part in; the rest do nothing.
///
/// ```swift
/// final class QuickLook: TableViewPart {
///     private var shown: TableViewCell?
///     override var hasKeyboardFocus: Bool { shown != nil }
///     override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
///         if shown != nil { shown = nil; return .handled }
///         guard key == .space, let cell = context.focusedCell else { return nil }
///         shown = cell
///         return .handled
///     }
/// }
/// ```
@MainActor
open class TableViewPart {
    /// A part with nothing shown.
    public init() {}

    /// Whether the part takes every key before the others and the table (a field being
    /// edited, where typed letters must not reach other keys). Default: no.
    open var capturesKeys: Bool { false }

    /// Whether the part has the keyboard now (a panel open, a control focused): help and the
    /// footer show its keys alone. Default: no.
    open var hasKeyboardFocus: Bool { false }

    /// A key before the table sees it; `nil` passes it on to the next part, then the table.
    open func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? { nil }

    /// A key neither the parts nor the table took; `nil` passes it on.
    open func handleUnclaimedKey(_ key: Key, context: TableContext) -> TablePartResponse? { nil }

    /// Text pasted while the part captures the keys; `nil` when it takes no paste.
    open func handlePaste(_ text: String, context: TableContext) -> TablePartResponse? { nil }

    /// The mouse, before the table's recognizers see it. A press comes with its hit (worked
    /// out once for the whole screen): an answer takes it, and its drags and its release then
    /// come here too, with the press's hit; `nil` leaves the press to the next part and the
    /// table. A wheel notch comes with the hit where it turned; an answer takes it.
    open func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? { nil }

    /// Another part took the keyboard (a control focused, a menu opened): put away what had
    /// it, as UIKit's first responder resigns when another becomes first. Default: nothing.
    open func resignKeyboardFocus(context: TableContext) {}

    /// Draws over the table just drawn; `area` is the screen's whole area.
    open func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {}

    /// A tick, while ``wantsTicks(context:)``: settle an animation, take a result; `nil`
    /// answers nothing.
    open func tick(context: TableContext) -> TablePartResponse? { nil }

    /// Whether the part needs ticks: something moves, or a result is awaited. Default: no.
    open func wantsTicks(context: TableContext) -> Bool { false }

    /// The part's keys for the help overlay: all of them while it has the keyboard, else how
    /// to reach it.
    open func helpHints(context: TableContext) -> [KeyHint] { [] }

    /// The part's keys for the one-line footer, as ``helpHints(context:)``.
    open func footerHints(context: TableContext) -> [KeyHint] { [] }

    /// The screen is about to come to the front.
    open func willAppear(context: TableContext) {}

    /// The screen left the front.
    open func didDisappear(context: TableContext) {}

    /// The screen was laid out at a new size.
    open func sizeChanged(context: TableContext) {}

    /// The rows changed (``TableViewController/reloadData()``, a new data source).
    open func dataDidReload(context: TableContext) {}

    /// Adds the recognizers of the part's gestures to the table's arena when the screen builds
    /// it (the screen's own parts; an app's part takes presses through
    /// ``handleMouse(_:hit:context:)``).
    func addGestureRecognizers(to host: TableGestureHost) {}
}

/// What a part's gesture recognizers reach of the screen: the arena, the table as the event
/// finds it, what the press under way landed on, and where their answers go.
@MainActor
struct TableGestureHost {
    /// The arena the recognizers join.
    let gestures: ScreenGestures
    /// The table now, its areas from the screen's corner.
    let context: () -> TableContext
    /// What the press under way landed on (``TableViewController/hitTest(_:)``).
    let pressHit: () -> TableHit?
    /// Applies a part's answer, and leaves the screen's answer for the event in hand.
    let answer: (TablePartResponse) -> Void
}

extension TableViewController {
    /// The table as an event finds it now, for the parts: its areas from the screen's corner,
    /// where mouse positions are counted.
    public var context: TableContext { context(in: bounds) }

    /// The table now, its areas where the screen is drawn in `area` (a part drawing on the
    /// canvas gets its areas where they are on it).
    public func context(in area: Rect) -> TableContext {
        TableContext(tableView: tableView, state: state, dataSource: dataSource, bounds: area, rowsArea: tableArea(in: area),
                     contentArea: areaUnderBars(in: area), isEditing: isEditing, now: now(), heightCache: heightCache,
                     answers: delegateAnswers, isSearchAvailable: isSearchAvailable)
    }

    /// What the delegate answers, asked as the parts need it.
    var delegateAnswers: TableDelegateAnswers {
        TableDelegateAnswers(
            swipeActions: { [unowned self] edge, row in swipeActionsConfiguration(for: edge, at: row) },
            editingStyle: { [unowned self] row in delegate?.tableView(self, editingStyleForRowAt: row) ?? .delete },
            deleteConfirmationTitle: { [unowned self] row in delegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: row) ?? "Delete" },
            moveTarget: { [unowned self] from, proposed in
                delegate?.tableView(self, targetIndexPathForMoveFromRowAt: from, toProposedIndexPath: proposed) ?? proposed
            })
    }

    /// Adds `part` after the screen's own parts (and the parts added before it): it gets keys
    /// after them and before the table, lists its keys after theirs, and draws over the
    /// table under them.
    public func addPart(_ part: TableViewPart) {
        addedTableParts.append(part)
        parts = ownParts + addedTableParts + ownLastParts
    }

    /// Applies a part's answer: an action through the table (the delegate hears what it
    /// caused), a change of rows or of editing mode, a screen's answer as it is.
    func apply(_ response: TablePartResponse) -> ScreenResponse {
        switch response {
        case .handled: return .handled
        case .perform(let action): return perform(action)
        case .respond(let response): return response
        case .commit(let style, let indexPath):
            // An insert the delegate carries out itself (a form to fill in first).
            if style == .insert, let response = delegate?.tableView(self, insertActionForRowAt: indexPath) { return response }
            performBatchUpdates { update in
                dataSource.commit(style, forRowAt: indexPath)
                switch style {
                case .delete: update.deleteRows(at: [indexPath])
                case .insert: update.insertRows(at: [indexPath])
                case .none: break
                }
            }
            return .handled
        case .moveRow(let source, let target):
            performBatchUpdates { update in
                dataSource.moveRow(at: source, to: target)
                update.moveRow(at: source, to: target)
            }
            return .handled
        case .setEditing(let editing, let animated):
            setEditing(editing, animated: animated)
            return .handled
        case .sequence(let responses):
            return responses.reduce(ScreenResponse.handled) { answer, next in
                let response = apply(next)
                return answer.isHandled ? response : answer
            }
        }
    }

    /// The table's gesture host for its parts' recognizers in `gestures`.
    func gestureHost(for gestures: ScreenGestures) -> TableGestureHost {
        TableGestureHost(gestures: gestures, context: { [unowned self] in context }, pressHit: { [unowned self] in pressHit },
                         answer: { [unowned self] in gestures.answer(apply($0)) })
    }
}

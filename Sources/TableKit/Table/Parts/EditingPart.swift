import Foundation

/// Editing mode, as `UITableView.isEditing`: editable rows show ⊖ or ⊕ at their leading
/// edge; ⊖ reveals a red Delete button in place of the accessory, and only that button
/// deletes; ⊕ inserts at once; rows that move show ≡ and move with Alt-↑ and Alt-↓. The data
/// source carries out each change (``TableViewDataSource/commit(_:forRowAt:)``,
/// ``TableViewDataSource/moveRow(at:to:)``) and the table shows it as a batch update.
@MainActor
final class EditingPart: TableViewPart {
    /// What the editing keys do.
    enum Action: Hashable {
        /// Reveal the focused row's Delete button (its ⊖).
        case revealDelete
        /// Insert at the focused row (its ⊕).
        case insert
        /// Delete the row whose Delete button shows.
        case confirmDelete
        /// Hide the Delete button.
        case cancelDelete
        /// Leave editing mode.
        case done
        /// Move the focused row up (-1) or down (+1).
        case move(by: Int)
    }

    /// Whether the table is in editing mode.
    private(set) var isEditing = false
    /// The row whose Delete button shows, waiting for a confirmation.
    private(set) var confirmingRow: IndexPath?
    /// The row held by its `≡` while the mouse drags it, where it is now.
    private(set) var draggedRow: IndexPath?
    /// Editing mode coming or going, animated: when the change began, and which way. The
    /// rows' content slides aside for the controls (or back) over a quarter second.
    private var slide: (started: ContinuousClock.Instant, entering: Bool)?
    /// Whether Enter and clicks select rows in editing mode (UIKit's default: no).
    var allowsSelectionDuringEditing = false
    /// Whether editing mode checks rows instead of showing their ⊖ and ⊕ (UIKit's default: no).
    var allowsMultipleSelectionDuringEditing = false

    /// Whether the table is in editing mode and checks rows there.
    var checksRows: Bool { isEditing && allowsMultipleSelectionDuringEditing }

    /// The keys on a focused row in editing mode (with a delete or an insert control).
    static let deleteBindings: [KeyBinding<Action>] = [
        KeyBinding([.delete, .backspace, .character("-")], .revealDelete, label: "Delete Backspace -", help: "show the row's Delete button (⊖)",
                   footer: "delete", footerLabel: "Delete"),
    ]
    /// See ``deleteBindings``.
    static let insertBindings: [KeyBinding<Action>] = [
        KeyBinding([.character("+")], .insert, label: "+", help: "insert a row here (⊕)", footer: "insert"),
    ]
    /// The keys while a row's Delete button shows.
    static let confirmingBindings: [KeyBinding<Action>] = [
        KeyBinding([.enter, .delete, .backspace], .confirmDelete, label: "Enter Delete Backspace", help: "delete the row", footer: "delete",
                   footerLabel: "Enter"),
        KeyBinding([.escape], .cancelDelete, label: "Esc", help: "keep the row", footer: "keep"),
    ]
    /// The keys on a row that can move.
    static let moveBindings: [KeyBinding<Action>] = [
        KeyBinding([.altUp], .move(by: -1), label: "A-↑", help: "move the row up (≡)", footer: "move", footerLabel: "A-↑↓"),
        KeyBinding([.altDown], .move(by: 1), label: "A-↓", help: "move the row down (≡)"),
    ]
    /// Leaving editing mode from the rows.
    static let doneBindings: [KeyBinding<Action>] = [
        KeyBinding([.escape], .done, label: "Esc", help: "stop editing (Done)", footer: "done"),
    ]

    /// Enters or leaves editing mode at `now`; leaving hides a Delete button. `animated`: the
    /// rows' content slides aside for the controls (the screen says whether rows animate).
    func setEditing(_ editing: Bool, animated: Bool, now: ContinuousClock.Instant) {
        slide = animated ? (now, editing) : nil
        isEditing = editing
        draggedRow = nil
        confirmingRow = nil
    }

    /// What each row shows in editing mode, asked as it is drawn, of the data source then.
    func decorations(dataSource: @escaping @MainActor () -> (any TableViewDataSource)?,
                     answers: TableDelegateAnswers) -> @MainActor @Sendable (IndexPath) -> EditingDecoration? {
        let checksRows = allowsMultipleSelectionDuringEditing
        return { [weak self] indexPath in
            guard let self, let dataSource = dataSource() else { return nil }
            return decoration(at: indexPath, dataSource: dataSource, answers: answers, checksRows: checksRows)
        }
    }

    /// What the row at `indexPath` shows in editing mode: its control (`.none` for a row the
    /// data source does not edit: no control, no indent), `≡` if it moves, and the Delete
    /// button if its ⊖ was used. Every row's accessory gives way in editing mode.
    func decoration(at indexPath: IndexPath, dataSource: any TableViewDataSource, answers: TableDelegateAnswers,
                    checksRows: Bool) -> EditingDecoration? {
        let style = Self.style(editableStyle(at: indexPath, dataSource: dataSource, answers: answers), checksRows: checksRows)
        var decoration = EditingDecoration(control: style, showsReorderControl: dataSource.canMoveRow(at: indexPath))
        if confirmingRow == indexPath { decoration.deleteConfirmationTitle = answers.deleteConfirmationTitle(indexPath) }
        return decoration
    }

    /// The row's editing style: `.none` unless the data source edits it; while rows are
    /// checked instead (``allowsMultipleSelectionDuringEditing``), `.insert` only (an "Add…"
    /// row keeps its ⊕ among the checks).
    func style(at indexPath: IndexPath, dataSource: any TableViewDataSource, answers: TableDelegateAnswers) -> TableViewCell.EditingStyle {
        Self.style(editableStyle(at: indexPath, dataSource: dataSource, answers: answers), checksRows: checksRows)
    }

    /// An editable row's style as shown: while rows are checked, only ⊕ stays.
    private static func style(_ style: TableViewCell.EditingStyle, checksRows: Bool) -> TableViewCell.EditingStyle {
        checksRows && style != .insert ? .none : style
    }

    /// The row's style were it not checked: `.none` unless the data source edits it.
    private func editableStyle(at indexPath: IndexPath, dataSource: any TableViewDataSource, answers: TableDelegateAnswers) -> TableViewCell.EditingStyle {
        dataSource.canEditRow(at: indexPath) ? answers.editingStyle(indexPath) : .none
    }

    /// The keys that act now.
    func keyBindings(_ context: TableContext) -> [KeyBinding<Action>] {
        guard isEditing else { return [] }
        if confirmingRow != nil { return Self.confirmingBindings }
        var bindings: [KeyBinding<Action>] = []
        if let focus = context.state.focusedRow {
            switch style(at: focus, dataSource: context.dataSource, answers: context.answers) {
            case .delete: bindings += Self.deleteBindings
            case .insert: bindings += Self.insertBindings
            case .none: break
            }
            if context.dataSource.canMoveRow(at: focus) { bindings += Self.moveBindings }
        }
        return bindings + Self.doneBindings
    }

    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        guard isEditing else { return nil }
        guard let action = keyBindings(context).action(for: key) else {
            // Any other key puts the Delete button away, then does what it does.
            if confirmingRow != nil { confirmingRow = nil }
            return nil
        }
        return perform(action, at: context.state.focusedRow, context: context)
    }

    /// Carries out `action` on `row` (the focused row).
    private func perform(_ action: Action, at row: IndexPath?, context: TableContext) -> TablePartResponse {
        switch action {
        case .revealDelete:
            confirmingRow = row
        case .cancelDelete:
            confirmingRow = nil
        case .confirmDelete:
            guard let row = confirmingRow else { return .handled }
            confirmingRow = nil
            return .commit(.delete, forRowAt: row)
        case .insert:
            guard let row else { return .handled }
            return .commit(.insert, forRowAt: row)
        case .done:
            return .setEditing(false, animated: true)
        case .move(let step):
            guard let row, let proposed = neighbour(of: row, by: step, in: context.dataSource) else { return .handled }
            return move(row, to: proposed, context: context)
        }
        return .handled
    }

    /// The place a step up or down from `row` proposes: the row before or after it, across
    /// sections (into the end of the section above, or the start of the one below); `nil`
    /// at either end of the table.
    private func neighbour(of row: IndexPath, by step: Int, in dataSource: any TableViewDataSource) -> IndexPath? {
        if step < 0 {
            if row.row > 0 { return IndexPath(row: row.row - 1, section: row.section) }
            guard row.section > 0 else { return nil }
            // Into the end of the section above: after its last row.
            return IndexPath(row: dataSource.numberOfRows(inSection: row.section - 1), section: row.section - 1)
        }
        if row.row + 1 < dataSource.numberOfRows(inSection: row.section) { return IndexPath(row: row.row + 1, section: row.section) }
        guard row.section + 1 < dataSource.numberOfSections() else { return nil }
        return IndexPath(row: 0, section: row.section + 1)
    }

    /// Moves the row at `source` towards `proposed`, where the delegate lets it go, through
    /// the data source's ``TableViewDataSource/moveRow(at:to:)``; the focus goes with it.
    private func move(_ source: IndexPath, to proposed: IndexPath, context: TableContext) -> TablePartResponse {
        let target = context.answers.moveTarget(source, proposed)
        guard target != source else { return .handled }
        return .moveRow(at: source, to: target)
    }

    /// What a press in editing mode lands on, for the editing part to act on.
    enum PressTarget {
        /// `≡`: the row is taken hold of, to be dragged.
        case reorderControl(IndexPath)
        /// The red Delete button of the row confirming its deletion.
        case deleteButton(IndexPath)
        /// ⊖ or ⊕, and the margin on either side of it.
        case editingControl(IndexPath, TableViewCell.EditingStyle)
        /// The rest of a row, where nothing is selected while editing: it only takes the focus.
        case rowBody(IndexPath)
    }

    /// The editing control under `point` (from the table's top) of the row at `row`, in
    /// editing mode: `≡`, the Delete button showing, or ⊖ / ⊕ and the margins beside it.
    /// The screen's hit test asks (``TableViewController/hitTest(_:)``).
    func rowPart(at point: Point, of row: IndexPath, context: TableContext) -> TableHit.RowPart? {
        guard isEditing, let frame = context.rowFrameInRows(of: row), frame.visible.contains(point) else { return nil }
        let cell = context.tableView.displayedCell(at: row, dataSource: context.dataSource, isSelected: false)
        let column = point.x - frame.rect.minX
        // `≡` and the margin after it: the row's last two columns.
        if cell.showsReorderControl, column >= frame.rect.width - 2 { return .reorderControl }
        if row == confirmingRow, let title = cell.deleteConfirmationTitle {
            let width = title.displayWidth + 2
            if (frame.rect.width - 1 - width ..< frame.rect.width - 1).contains(column) { return .deleteButton }
        }
        // The control's column, and the margin and the space on either side of it.
        if cell.showsEditingControl, (0 ... 2).contains(column) { return .editingControl(cell.editingControl ?? .delete) }
        return nil
    }

    /// What a press that landed on `hit` is to the editing part: `nil` outside editing, off
    /// the rows, and on a row's body where the table's own press acts (checking rows, or
    /// selection allowed while editing).
    func pressTarget(for hit: TableHit) -> PressTarget? {
        guard isEditing, case .row(let row, let part) = hit.target else { return nil }
        switch part {
        case .reorderControl: return .reorderControl(row)
        case .deleteButton: return .deleteButton(row)
        case .editingControl(let style): return .editingControl(row, style)
        default:
            // Checking rows, a click checks or unchecks, as the table's own checks do.
            guard !allowsSelectionDuringEditing, !checksRows else { return nil }
            return .rowBody(row)
        }
    }

    /// A press on `target`: a click on ⊖ or ⊕ works as its key; a click on the Delete button
    /// deletes; `≡` takes hold of the row (dragged, it moves to the row under the pointer,
    /// where the delegate lets it, until the button comes up); a click on the body focuses.
    func press(_ target: PressTarget, context: TableContext) -> TablePartResponse {
        confirmingRow = nil
        draggedRow = nil
        let focus = { (row: IndexPath) in TablePartResponse.perform(.scrollToRow(row, at: .none)) }
        switch target {
        case .reorderControl(let row):
            draggedRow = row
            return focus(row)
        case .deleteButton(let row):
            return .commit(.delete, forRowAt: row)
        case .editingControl(let row, let style):
            return .sequence([focus(row), perform(style == .insert ? .insert : .revealDelete, at: row, context: context)])
        case .rowBody(let row):
            return focus(row)
        }
    }

    /// A press that is not the editing part's puts away a Delete button showing, as a tap
    /// elsewhere does in UIKit; the press goes on to the others.
    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        if mouse.kind == .press, pressTarget(for: hit) == nil { confirmingRow = nil }
        return nil
    }

    /// The row taken by its `≡` follows the pointer to `point`.
    func dragHeldRow(to point: Point, context: TableContext) -> TablePartResponse {
        draggedRow.map { dragMove($0, to: point, context: context) } ?? .handled
    }

    /// The row taken by its `≡` is let go where it is.
    func releaseHeldRow() { draggedRow = nil }

    /// The held row moves to the row under `point`, if that is another row.
    private func dragMove(_ row: IndexPath, to point: Point, context: TableContext) -> TablePartResponse {
        guard let under = context.tableView.row(atLine: point.y, state: context.state, dataSource: context.dataSource, size: context.rowsArea.size,
                                                heightCache: context.heightCache),
              under != row else { return .handled }
        // The row goes where the delegate lets it (maybe nowhere), and the hold goes with it.
        let target = context.answers.moveTarget(row, under)
        draggedRow = target
        return target == row ? .handled : .moveRow(at: row, to: target)
    }

    // MARK: The slide

    /// While editing mode comes or goes: each row whose content moves aside for its controls
    /// is drawn with its content that far across (a column at a time), the controls showing
    /// in the columns it has left. The table's lines are as they are in the mode it is in now;
    /// the mode it left is drawn again aside, for the rows' content. Rows whose heights change
    /// with the mode (text wrapped again) simply change.
    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard let slide else { return }
        let t = min(1, max(0, slide.started.duration(to: context.now) / RowAnimationPart.duration))
        guard t < 1 else { return }
        let whole = context.rowsArea
        let (state, dataSource, heights) = (context.state, context.dataSource, context.heightCache)
        // The table in the mode it left.
        var other = context.tableView
        other.editingDecoration = slide.entering ? nil : decorations(dataSource: { dataSource }, answers: context.answers)
        other.selectionModeDuringEditing = !slide.entering && allowsMultipleSelectionDuringEditing ? .multiple(.leading) : nil
        let otherHeights = RowHeightCache()
        let otherLayout = other.layout(state, dataSource: dataSource, width: whole.width, viewportHeight: whole.height, heightCache: otherHeights)
        let layout = context.tableView.layout(state, dataSource: dataSource, width: whole.width, viewportHeight: whole.height, heightCache: heights)
        guard otherLayout.placed == layout.placed else { return }
        var otherPicture = Canvas(size: whole.size)
        other.render(state, dataSource: dataSource, into: &otherPicture, area: Rect(origin: .zero, size: whole.size), context: renderContext,
                     heightCache: otherHeights, clampsToContent: true)
        var current = Canvas(size: whole.size)
        current.copy(canvas, from: whole, to: .zero)
        let (plain, editing) = slide.entering ? (otherPicture, current) : (current, otherPicture)
        let plainTable = slide.entering ? other : context.tableView, editingTable = slide.entering ? context.tableView : other
        // How far the controls are in, 0…1.
        let shown = slide.entering ? t : 1 - t
        for placed in layout.placed {
            guard let row = placed.item.indexPath else { continue }
            let indent = editingTable.displayedCell(at: row, dataSource: dataSource, isSelected: false).contentIndent
                - plainTable.displayedCell(at: row, dataSource: dataSource, isSelected: false).contentIndent
            // Only rows that slide need their frame (which lays the table out again).
            guard indent > 0, let frame = context.rowFrameInRows(of: row) else { continue }
            let moved = Int((Double(indent) * shown).rounded())
            // The cell's columns after its margin: the controls' first `moved`, then the content.
            let left = frame.rect.minX + 1, width = frame.rect.width - 1
            for y in max(frame.visible.minY, 0) ..< min(frame.visible.maxY, whole.height) {
                canvas.copy(editing, from: Rect(x: left, y: y, width: moved, height: 1), to: Point(x: whole.minX + left, y: whole.minY + y))
                canvas.copy(plain, from: Rect(x: left, y: y, width: max(0, width - moved), height: 1), to: Point(x: whole.minX + left + moved, y: whole.minY + y))
            }
        }
    }

    override func tick(context: TableContext) -> TablePartResponse? {
        if let slide, slide.started.duration(to: context.now) >= RowAnimationPart.duration { self.slide = nil }
        return nil
    }

    override func wantsTicks(context: TableContext) -> Bool { slide != nil }

    override func sizeChanged(context: TableContext) { slide = nil }
    override func didDisappear(context: TableContext) { slide = nil }

    override func helpHints(context: TableContext) -> [KeyHint] { keyBindings(context).helpHints() }

    override func footerHints(context: TableContext) -> [KeyHint] { keyBindings(context).footerHints() }

    /// While a Delete button shows, its keys are the only ones.
    override var hasKeyboardFocus: Bool { confirmingRow != nil }

    override func dataDidReload(context: TableContext) {
        confirmingRow = nil
        draggedRow = nil
        slide = nil
    }

    // MARK: Gestures

    /// In editing mode, a press on `≡` takes hold of the row and drags it; a press on ⊖, ⊕,
    /// the Delete button or a row's body acts at once.
    override func addGestureRecognizers(to host: TableGestureHost) {
        host.gestures.add(pressTracker { [unowned self] press in
            switch press.state {
            case .began:
                if let target = host.pressHit().flatMap({ pressTarget(for: $0) }) { host.answer(self.press(target, context: host.context())) }
            case .changed:
                // The held row's drag is counted in the rows' lines.
                host.answer(dragHeldRow(to: press.location, context: host.context()))
            case .ended, .cancelled:
                releaseHeldRow()
            default:
                break
            }
        }, receives: { [unowned self] _ in host.pressHit().flatMap { pressTarget(for: $0) } != nil })
    }
}

import Foundation

/// Side-swipe menus: the Tweetie gesture for the keyboard. `s`, Shift-← or Shift-→ (or a
/// mouse drag across the row) slide the focused row's content out and reveal the buttons the
/// delegate offers for that side (``TableViewDelegate/tableView(_:trailingSwipeActionsConfigurationForRowAt:)``
/// and its leading twin). One row is open at a time; Esc, moving the focus, scrolling, a
/// search, a resize or leaving the screen close it, the content bouncing back into place.
@MainActor
final class SwipeMenuPart: TableViewPart {
    /// What a key asks of the swipe menus.
    enum Action: Equatable, Sendable {
        /// Open the focused row's menu on the first of these sides it has.
        case open([SwipeEdge])
        /// Move the choice along the open menu's buttons.
        case choose(by: Int)
        /// Act on the chosen button.
        case actOnChosen
        /// Act on the button at this index.
        case act(Int)
        /// Close the menu.
        case close
        /// The swipe carried on to the far side: act on the outermost button, if allowed.
        case fullSwipe
        /// Close the menu, and let the key act as usual.
        case closeAndPassOn
    }

    /// How long the content takes to slide out.
    static let openDuration = Duration.milliseconds(200)

    /// How a menu comes in (``TableViewController/swipeMenuStyle``).
    var style = SwipeMenuStyle.reveal
    /// Whether menus slide and bounce (``TableViewController/animatesSwipeMenus``).
    var animates = true
    /// How fast menus move (``TableViewController/animationSpeed``).
    var speed = 1.0
    /// The open menu.
    var menu: SwipeSession?
    /// A menu bouncing closed.
    var closing: SwipeSession?
    /// The side a drag is swiping to, once it has moved far enough across the row.
    var tracking: SwipeEdge?

    override var hasKeyboardFocus: Bool { menu != nil }

    // MARK: Opening and closing

    /// Opens the menu of `edge` on the row at `indexPath` (the focused row), the content
    /// sliding from `offset` columns (where a drag left it), and closes any other. Returns
    /// whether the row has such a menu.
    @discardableResult
    func open(_ edge: SwipeEdge, at indexPath: IndexPath, from offset: Double = 0, context: TableContext) -> Bool {
        guard let configuration = context.answers.swipeActions(edge, indexPath) else { return false }
        if let open = menu, open.indexPath != indexPath { close(at: context.now) }
        let width = context.rowFrameInRows(of: indexPath)?.rect.width ?? context.rowsArea.width
        var session = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, width: width, motion: .held(offset))
        session.motion = .slide(SlideAnimation(from: offset, to: session.openOffset, start: context.now,
                                               duration: animates ? Self.openDuration / max(0.1, speed) : .zero))
        menu = session
        return true
    }

    /// Closes the open menu at `now`: with animations the content comes back with a bounce,
    /// without them at once.
    func close(at now: ContinuousClock.Instant) {
        guard var session = menu else { return }
        menu = nil
        guard animates else {
            closing = nil
            return
        }
        session.motion = .bounce(SwipeBounce(from: session.motion.offset(at: now), start: now, duration: SwipeBounce.standardDuration / max(0.1, speed)))
        closing = session
    }

    /// Closes the open menu and stops any bounce at once.
    func closeAtOnce() {
        menu = nil
        closing = nil
    }

    override func didDisappear(context: TableContext) { closeAtOnce() }
    override func resignKeyboardFocus(context: TableContext) { close(at: context.now) }
    override func sizeChanged(context: TableContext) { closeAtOnce() }
    override func dataDidReload(context: TableContext) { closeAtOnce() }

    /// Forgets a bounce that has settled.
    override func tick(context: TableContext) -> TablePartResponse? {
        if let closing, closing.motion.isFinished(at: context.now) { self.closing = nil }
        return nil
    }

    /// Whether a menu is moving.
    override func wantsTicks(context: TableContext) -> Bool {
        closing != nil || menu.map { !$0.motion.isFinished(at: context.now) } == true
    }

    /// Closes the menu and runs the button's handler.
    private func perform(_ index: Int, context: TableContext) -> TablePartResponse {
        guard let session = menu, session.buttons.indices.contains(index) else { return .handled }
        close(at: context.now)
        return .respond(session.buttons[index].action.handler(session.indexPath))
    }

    // MARK: Keys

    /// The keys that open a row's menus, for a row with a menu on its trailing side, its
    /// leading side, or both (none when it has neither): `s` opens the first side it has.
    nonisolated static func openingBindings(trailing: Bool, leading: Bool) -> [KeyBinding<Action>] {
        guard trailing || leading else { return [] }
        let help = "swipe the row aside for its actions"
        return [KeyBinding([.character("s")], .open([.trailing, .leading]), label: "s", help: help, footer: "swipe")]
            + (trailing ? [KeyBinding([.shiftLeft], .open([.trailing]), label: "S-←", help: help)] : [])
            + (leading ? [KeyBinding([.shiftRight], .open([.leading]), label: "S-→", help: help)] : [])
    }

    /// The keys now: with a menu open, its own (each button's key among them); else the keys
    /// that open the focused row's menus, none when it has no menu.
    func keyBindings(_ context: TableContext) -> [KeyBinding<Action>] {
        guard let session = menu else {
            guard let focus = context.state.focusedRow else { return [] }
            let trailing = context.answers.swipeActions(.trailing, focus) != nil
            let leading = context.answers.swipeActions(.leading, focus) != nil
            return Self.openingBindings(trailing: trailing, leading: leading)
        }
        // The swipe key towards the open side swipes on to the far side; the other way closes.
        let fullSwipeKey: (key: Key, label: String) = session.edge == .leading ? (.shiftRight, "S-→") : (.shiftLeft, "S-←")
        let configuration = session.configuration
        return [
            KeyBinding([.left], .choose(by: -1), label: "←", help: "choose a button", footer: "choose", footerLabel: "← →"),
            KeyBinding([.right], .choose(by: 1), label: "→", help: "choose a button"),
            KeyBinding([.tab], .choose(by: 1), label: "Tab", help: "choose a button"),
            KeyBinding([.backTab], .choose(by: -1), label: "S-Tab", help: "choose a button"),
            KeyBinding([.enter, .space], .actOnChosen, label: "Enter Space", help: "act", footer: "act"),
        ] + session.buttons.enumerated().map { index, button in
            KeyBinding([.character(button.key)], .act(index), label: String(button.key), help: button.action.title)
        } + [
            KeyBinding([.escape, .backspace, .character("s"), fullSwipeKey.key == .shiftLeft ? .shiftRight : .shiftLeft], .close,
                       label: "Esc Backspace", help: "close the menu", footer: "close"),
            KeyBinding([fullSwipeKey.key], .fullSwipe, label: fullSwipeKey.label, help: configuration.performsFirstActionWithFullSwipe
                ? "full swipe: \(configuration.actions.first?.title ?? "the first button")" : "(no full swipe here)"),
            KeyBinding([], .closeAndPassOn, label: "↑ ↓ and other keys", help: "close the menu, then act as usual"),
        ]
    }

    /// A key: with no menu open, a swipe key opens the focused row's menu on its side (not
    /// while the section index has the keys). With a menu open, its keys; `?` leaves it open
    /// for help; any other key closes it and returns `nil`, to be handled as usual (so ↓
    /// closes the menu and moves the focus).
    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        let action = keyBindings(context).action(for: key)
        guard var session = menu else {
            guard !context.state.isIndexFocused, case .open(let edges)? = action, let focus = context.state.focusedRow else { return nil }
            return edges.contains { open($0, at: focus, context: context) } ? .handled : nil
        }
        if key == .character("?") { return .respond(.ignored) }
        switch action ?? .closeAndPassOn {
        case .choose(let step):
            session.selected = min(session.buttons.count - 1, max(0, session.selected + step))
            menu = session
            return .handled
        case .actOnChosen:
            return perform(session.selected, context: context)
        case .act(let index):
            return perform(index, context: context)
        case .close, .open:
            close(at: context.now)
            return .handled
        case .fullSwipe:
            guard session.configuration.performsFirstActionWithFullSwipe else { return .handled }
            return perform(session.edge == .leading ? 0 : session.buttons.count - 1, context: context)
        case .closeAndPassOn:
            close(at: context.now)
            return nil
        }
    }

    override func helpHints(context: TableContext) -> [KeyHint] { keyBindings(context).helpHints() }

    override func footerHints(context: TableContext) -> [KeyHint] { keyBindings(context).footerHints() }

    // MARK: Mouse

    /// Whether a menu is open and still: a press anywhere is then the menu's (a button acts,
    /// anywhere else closes it).
    var takesEveryPress: Bool { menu != nil && tracking == nil }

    /// A press while a menu is open: a press on one of its buttons performs it; anywhere else
    /// only closes the menu, as a tap outside an open row does in UIKit.
    func pressWithMenuOpen(_ hit: TableHit, context: TableContext) -> TablePartResponse {
        guard menu != nil else { return .handled }
        if case .row(_, .swipeButton(let index)) = hit.target { return perform(index, context: context) }
        close(at: context.now)
        return .handled
    }

    /// The button of the open menu under `point` (from the table's top), when the menu is
    /// open on the row at `row`. The screen's hit test asks (``TableViewController/hitTest(_:)``).
    func rowPart(at point: Point, of row: IndexPath, context: TableContext) -> TableHit.RowPart? {
        guard let session = menu, session.indexPath == row, let frame = context.rowFrameInRows(of: row), frame.visible.contains(point),
              let index = session.button(atColumn: point.x - frame.rect.minX) else { return nil }
        return .swipeButton(index: index)
    }

    /// The wheel turned: an open menu closes, and the table scrolls (the notch passes on).
    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        if mouse.kind == .scrollUp || mouse.kind == .scrollDown, menu != nil, tracking == nil { close(at: context.now) }
        return nil
    }

    /// The side a drag `across` columns (and `down` lines) from a press on the row at
    /// `indexPath` swipes to, if it is a swipe: mostly across, two columns or more, towards a
    /// side the row has a menu on. The pan asks before it begins.
    func swipeEdge(at indexPath: IndexPath, across: Int, down: Int, context: TableContext) -> SwipeEdge? {
        guard abs(across) >= 2, abs(across) > abs(down),
              let edge = [SwipeEdge.trailing, .leading].first(where: { $0.direction.signum() == across.signum() }),
              context.answers.swipeActions(edge, indexPath) != nil else { return nil }
        return edge
    }

    /// A swipe begins on the row at `indexPath` towards `edge`: its content starts to follow
    /// the pointer, and the row takes the focus (the answer).
    func beginSwipe(_ edge: SwipeEdge, at indexPath: IndexPath, context: TableContext) -> TablePartResponse {
        guard let configuration = context.answers.swipeActions(edge, indexPath) else { return .handled }
        if menu != nil { close(at: context.now) }
        tracking = edge
        let width = context.rowFrameInRows(of: indexPath)?.rect.width ?? context.rowsArea.width
        menu = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, width: width, motion: .held(0))
        return context.state.focusedRow == indexPath ? .handled : .perform(.scrollToRow(indexPath, at: .none))
    }

    /// The swipe's pointer is `across` columns from its press: the row's content follows it,
    /// towards its side only, and no further than out.
    func followSwipe(across: Int) {
        guard var session = menu, tracking != nil else { return }
        let offset = session.edge == .trailing ? min(0, max(across, -session.width)) : max(0, min(across, session.width))
        session.motion = .held(Double(offset))
        menu = session
    }

    /// The swipe let go: the menu opens when the row was pulled a fifth of the way or more,
    /// else it bounces closed; a cancelled swipe closes.
    func endSwipe(cancelled: Bool, context: TableContext) {
        defer { tracking = nil }
        guard tracking != nil, let session = menu else { return }
        let offset = session.motion.offset(at: context.now)
        if !cancelled, abs(offset) >= max(3, Double(session.width) / 5) {
            open(session.edge, at: session.indexPath, from: offset, context: context)
        } else {
            close(at: context.now)
        }
    }

    // MARK: Drawing

    /// Draws the moving or open menus over the table just drawn: the menu across the row, and
    /// the row's content slid over it (or beside it, pushing it in).
    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard menu != nil || closing != nil else { return }
        let rows = context.rowsArea
        let instant = context.now
        for (session, isOpen) in [(closing, false), (menu, true)] {
            guard let session, let frame = context.rowFrameInRows(of: session.indexPath) else { continue }
            let rect = frame.rect.offsetBy(rows.origin), visible = frame.visible.offsetBy(rows.origin)
            let offset = Int(session.motion.offset(at: instant).rounded())
            if offset == 0 && !isOpen { continue }
            var content = Canvas(size: rect.size)
            content.copy(canvas, from: visible, to: Point(x: visible.minX - rect.minX, y: visible.minY - rect.minY))
            var menuCanvas = Canvas(size: rect.size)
            let lines = (visible.minY - rect.minY) ..< (visible.maxY - rect.minY)
            session.drawMenu(into: &menuCanvas, rect: Rect(origin: .zero, size: rect.size), visibleLines: lines, showsSelection: isOpen, glyphs: renderContext.glyphs)
            canvas.fill(visible, style: Theme.swipeMenu)
            let menuX = style == .reveal ? 0 : offset - session.edge.direction * rect.width
            canvas.paste(menuCanvas, at: Point(x: rect.minX + menuX, y: rect.minY), clip: visible)
            canvas.paste(content, at: Point(x: rect.minX + offset, y: rect.minY), clip: visible)
        }
    }

    // MARK: Gestures

    /// An open menu takes every press; a row with a menu slides with a pan across it and is
    /// selected by a tap.
    override func addGestureRecognizers(to host: TableGestureHost) {
        host.gestures.add(pressTracker { [unowned self] press in
            if press.state == .began, let hit = host.pressHit() { host.answer(pressWithMenuOpen(hit, context: host.context())) }
        }, receives: { [unowned self] _ in takesEveryPress })

        /// The row the press under way may swipe.
        func swipedRow() -> IndexPath? { host.pressHit().flatMap { host.context().swipeableRow(of: $0) } }
        let pan = PanGestureRecognizer { [unowned self] pan in
            switch pan.state {
            case .began:
                let context = host.context()
                if let row = swipedRow(), let edge = swipeEdge(at: row, across: pan.translation.x, down: pan.translation.y, context: context) {
                    host.answer(beginSwipe(edge, at: row, context: context))
                }
                followSwipe(across: pan.translation.x)
            case .changed: followSwipe(across: pan.translation.x)
            case .ended: endSwipe(cancelled: false, context: host.context())
            case .cancelled: endSwipe(cancelled: true, context: host.context())
            default: break
            }
            host.answer(.handled)
        }
        pan.minimumDistance = 2
        host.gestures.add(pan, receives: { _ in swipedRow() != nil }, begins: { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer, let row = swipedRow() else { return false }
            return swipeEdge(at: row, across: pan.translation.x, down: pan.translation.y, context: host.context()) != nil
        })

        // No drag across: the press was a tap after all, and the row is selected at the release.
        let tap = TapGestureRecognizer { _ in
            guard case .row(let row, let part)? = host.pressHit()?.target else { return }
            host.answer(.sequence([.perform(.tap(row, part)), .perform(.endPress)]))
        }
        tap.allowableMovement = Int.max / 4
        host.gestures.add(tap, receives: { _ in swipedRow() != nil })
    }
}

extension Rect {
    /// The rect moved by `offset`.
    func offsetBy(_ offset: Point) -> Rect {
        Rect(x: minX + offset.x, y: minY + offset.y, width: width, height: height)
    }
}

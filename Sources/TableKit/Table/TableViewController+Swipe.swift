import Foundation

/// Side-swipe menus: the Tweetie gesture for the keyboard. `s`, Shift-← or Shift-→ (or a
/// mouse drag across the row) slide the focused row's content out and reveal the buttons the
/// delegate offers for that side (``TableViewDelegate/tableView(_:trailingSwipeActionsConfigurationForRowAt:)``
/// and its leading twin). One row is open at a time; Esc, moving the focus, scrolling, a
/// search, a resize or leaving the screen close it, the content bouncing back into place.
extension TableViewController {
    /// Keys that open a menu: `s` (the trailing side, or the leading one when a row has only
    /// that), Shift-← (trailing), Shift-→ (leading).
    static let swipeKeys: [Key] = [.character("s"), .shiftLeft, .shiftRight]

    /// How long the content takes to slide out.
    static let swipeOpenDuration = Duration.milliseconds(200)

    /// Whether a row's side-swipe menu is open (or opening, or following a drag).
    public var isSwipeMenuOpen: Bool { swipeMenu != nil }

    /// The row whose side-swipe menu is open, if any.
    public var indexPathOfSwipeMenu: IndexPath? { swipeMenu?.indexPath }

    /// The configuration the delegate offers for `edge` of the row at `indexPath`, if it has
    /// any buttons.
    func swipeConfiguration(for edge: SwipeEdge, at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let delegate else { return nil }
        let configuration = edge == .leading
            ? delegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
        guard let configuration, !configuration.actions.isEmpty else { return nil }
        return configuration
    }

    /// Opens the menu of `edge` on the row at `indexPath` (focusing it, telling no delegate),
    /// as the swipe keys do, and closes any other. Returns whether the row has such a menu.
    @discardableResult
    public func openSwipeMenu(_ edge: SwipeEdge, at indexPath: IndexPath) -> Bool {
        openSwipeMenu(edge, at: indexPath, from: 0)
    }

    /// ``openSwipeMenu(_:at:)``, the content sliding from `offset` columns (where a drag left it).
    @discardableResult
    func openSwipeMenu(_ edge: SwipeEdge, at indexPath: IndexPath, from offset: Double) -> Bool {
        guard let configuration = swipeConfiguration(for: edge, at: indexPath) else { return false }
        if let open = swipeMenu, open.indexPath != indexPath { closeSwipeMenu() }
        if state.focusedRow != indexPath { focusRow(at: indexPath) }
        let width = rowFrame(of: indexPath)?.rect.width ?? tableSize.width
        var session = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, width: width, motion: .held(offset))
        session.motion = .slide(SlideAnimation(from: offset, to: session.openOffset, start: now(),
                                               duration: animatesSwipeMenus ? Self.swipeOpenDuration / max(0.1, animationSpeed) : .zero))
        swipeMenu = session
        return true
    }

    /// Closes the open menu: with animations the content comes back with a bounce, without
    /// them at once.
    public func closeSwipeMenu() {
        guard var session = swipeMenu else { return }
        swipeMenu = nil
        guard animatesSwipeMenus else {
            closingSwipe = nil
            return
        }
        session.motion = .bounce(SwipeBounce(from: session.motion.offset(at: now()), start: now(),
                                                    duration: SwipeBounce.standardDuration / max(0.1, animationSpeed)))
        closingSwipe = session
    }

    /// Closes the open menu and stops any bounce at once: the rows changed, the screen left
    /// the front or changed size.
    public func closeSwipeMenuAtOnce() {
        swipeMenu = nil
        closingSwipe = nil
    }

    /// Forgets a bounce that has settled.
    func settleSwipes() {
        if let closing = closingSwipe, closing.motion.isFinished(at: now()) { closingSwipe = nil }
    }

    /// Whether a menu is moving.
    var isSwipeAnimating: Bool {
        let instant = now()
        return closingSwipe != nil || swipeMenu.map { !$0.motion.isFinished(at: instant) } == true
    }

    /// The row's frame in the table's area as last laid out.
    func rowFrame(of indexPath: IndexPath) -> (rect: Rect, visible: Rect)? {
        tableView.rowFrame(of: indexPath, state: state, dataSource: dataSource, area: Rect(origin: .zero, size: tableSize), heightCache: heightCache)
    }

    // MARK: Keys

    /// A key while no menu is open: opens one when it is a swipe key and the focused row has
    /// a menu on that side; `nil` otherwise.
    func openSwipeMenu(for key: Key) -> ScreenResponse? {
        guard Self.swipeKeys.contains(key), let focus = state.focusedRow else { return nil }
        switch key {
        case .shiftLeft: return openSwipeMenu(.trailing, at: focus) ? .handled : nil
        case .shiftRight: return openSwipeMenu(.leading, at: focus) ? .handled : nil
        default: return openSwipeMenu(.trailing, at: focus) || openSwipeMenu(.leading, at: focus) ? .handled : nil
        }
    }

    /// A key while a menu is open: ← → choose, Enter or Space act, a button's key acts, Esc
    /// closes, the swipe key again is a full swipe, the other way closes. `?` leaves it open
    /// for help. Any other key closes it and returns `nil`, to be handled as usual (so ↓
    /// closes the menu and moves the focus).
    func handleSwipeMenuKey(_ key: Key) -> ScreenResponse? {
        guard var session = swipeMenu else { return nil }
        switch key {
        case .left, .backTab:
            session.selected = max(0, session.selected - 1)
            swipeMenu = session
            return .handled
        case .right, .tab:
            session.selected = min(session.buttons.count - 1, session.selected + 1)
            swipeMenu = session
            return .handled
        case .enter, .space:
            return performSwipeAction(session.selected)
        case .escape, .backspace:
            closeSwipeMenu()
            return .handled
        case .character("?"):
            return .ignored
        case .character(let character):
            if let index = session.button(forKey: character) { return performSwipeAction(index) }
            if character == "s" {
                closeSwipeMenu()
                return .handled
            }
        case .shiftLeft, .shiftRight:
            let edge: SwipeEdge = key == .shiftLeft ? .trailing : .leading
            if edge == session.edge {
                // The swipe carried on to the far side: a full swipe.
                guard session.configuration.performsFirstActionWithFullSwipe else { return .handled }
                return performSwipeAction(session.edge == .leading ? 0 : session.buttons.count - 1)
            }
            closeSwipeMenu()
            return .handled
        default:
            break
        }
        closeSwipeMenu()
        return nil
    }

    /// Closes the menu and runs the button's handler.
    func performSwipeAction(_ index: Int) -> ScreenResponse {
        guard let session = swipeMenu, session.buttons.indices.contains(index) else { return .handled }
        closeSwipeMenu()
        return session.buttons[index].action.handler(session.indexPath)
    }

    // MARK: Help

    /// The footer while a menu is open.
    static let swipeMenuFooter = [KeyHint("← →", "choose"), KeyHint("Enter", "act"), KeyHint("Esc", "close")]

    /// The keys of the open menu, each button's own among them; `nil` with no menu open.
    var swipeMenuKeyHelp: [KeyHint]? {
        guard let session = swipeMenu else { return nil }
        let buttons = session.buttons.map { KeyHint(String($0.key), $0.action.title) }
        return [KeyHint("← → Tab S-Tab", "choose a button"), KeyHint("Enter Space", "act")] + buttons + [
            KeyHint("Esc Backspace", "close the menu"),
            KeyHint(session.edge == .leading ? "S-→" : "S-←", session.configuration.performsFirstActionWithFullSwipe
                ? "full swipe: \(session.configuration.actions.first?.title ?? "the first button")" : "(no full swipe here)"),
            KeyHint("↑ ↓ and other keys", "close the menu, then act as usual"),
        ]
    }

    /// The keys that open the focused row's menus, for help; none when it has no menu.
    var swipeKeyHints: [KeyHint] {
        guard let focus = state.focusedRow else { return [] }
        let trailing = swipeConfiguration(for: .trailing, at: focus) != nil, leading = swipeConfiguration(for: .leading, at: focus) != nil
        guard trailing || leading else { return [] }
        var keys = ["s"]
        if trailing { keys.append("S-←") }
        if leading { keys.append("S-→") }
        return [KeyHint(keys.joined(separator: " "), "slide the row aside for its actions")]
    }

    // MARK: Mouse

    /// A mouse event, with positions relative to the table's area, before the table sees it.
    /// Returns `nil` to let the table handle it.
    ///
    /// While a menu is open a click on a button acts, a click elsewhere only closes it, and the
    /// wheel closes it and scrolls. Otherwise a press on a row that has a menu waits: a drag
    /// across the row slides its content with the pointer (opening the menu when released a
    /// fifth of the way or more), and a release where it was pressed is a tap.
    func handleSwipeMouse(_ mouse: MouseEvent) -> ScreenResponse? {
        if let session = swipeMenu, swipeTracking == nil {
            switch mouse.kind {
            case .press:
                if let frame = rowFrame(of: session.indexPath), frame.visible.contains(mouse.position),
                   let index = session.button(atColumn: mouse.position.x - frame.rect.minX) {
                    return performSwipeAction(index)
                }
                closeSwipeMenu()
                return .handled
            case .scrollUp, .scrollDown:
                closeSwipeMenu()
                return nil
            case .drag, .release:
                return nil
            }
        }
        switch mouse.kind {
        case .press:
            pendingPress = nil
            swipeTracking = nil
            guard let indexPath = rowTappedForSwipe(at: mouse.position) else { return nil }
            pendingPress = (mouse, indexPath)
            return .handled
        case .drag:
            guard let (press, indexPath) = pendingPress else { return nil }
            let dx = mouse.position.x - press.position.x, dy = mouse.position.y - press.position.y
            if swipeTracking == nil {
                guard abs(dx) >= 2, abs(dx) > abs(dy) else { return .handled }
                guard let edge = [SwipeEdge.trailing, .leading].first(where: { $0.direction.signum() == dx.signum() }),
                      let configuration = swipeConfiguration(for: edge, at: indexPath) else { return .handled }
                if swipeMenu != nil { closeSwipeMenu() }
                if state.focusedRow != indexPath {
                    focusRow(at: indexPath)
                    delegate?.tableView(self, didFocusRowAt: indexPath)
                }
                swipeTracking = edge
                let width = rowFrame(of: indexPath)?.rect.width ?? tableSize.width
                swipeMenu = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, width: width, motion: .held(0))
            }
            guard var session = swipeMenu else { return .handled }
            // The content follows the pointer towards its side only, and no further than out.
            let offset = session.edge == .trailing ? min(0, max(dx, -session.width)) : max(0, min(dx, session.width))
            session.motion = .held(Double(offset))
            swipeMenu = session
            return .handled
        case .release:
            defer {
                pendingPress = nil
                swipeTracking = nil
            }
            guard let (press, _) = pendingPress else { return nil }
            guard swipeTracking != nil, let session = swipeMenu else {
                // No drag: the press was a tap after all.
                let response = perform(.mouse(press))
                _ = perform(.mouse(mouse))
                return response
            }
            let offset = session.motion.offset(at: now())
            if abs(offset) >= max(3, Double(session.width) / 5) {
                openSwipeMenu(session.edge, at: session.indexPath, from: offset)
            } else {
                closeSwipeMenu()
            }
            return .handled
        case .scrollUp, .scrollDown:
            return nil
        }
    }

    /// The row under `point` when a press there may start a swipe: a row with a menu, pressed
    /// away from its accessory buttons and the section index.
    private func rowTappedForSwipe(at point: Point) -> IndexPath? {
        let area = Rect(origin: .zero, size: tableSize)
        guard area.contains(point) else { return nil }
        guard let row = tableView.row(atLine: point.y, state: state, dataSource: dataSource, size: tableSize, heightCache: heightCache),
              let frame = rowFrame(of: row), frame.visible.contains(point) else { return nil }
        let cell = tableView.displayedCell(at: row, dataSource: dataSource, isSelected: state.selectedRows.contains(row))
        if cell.accessoryButton(atColumn: point.x - frame.rect.minX, width: frame.rect.width) != nil { return nil }
        return swipeConfiguration(for: .trailing, at: row) != nil || swipeConfiguration(for: .leading, at: row) != nil ? row : nil
    }

    // MARK: Drawing

    /// Draws the moving or open menus over the table just drawn in `area`: the menu across
    /// the row, and the row's content slid over it (or beside it, pushing it in).
    func drawSwipes(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let instant = now()
        for (session, isOpen) in [(closingSwipe, false), (swipeMenu, true)] {
            guard let session, let frame = rowFrame(of: session.indexPath) else { continue }
            let rect = frame.rect.offsetBy(area.origin), visible = frame.visible.offsetBy(area.origin)
            let offset = Int(session.motion.offset(at: instant).rounded())
            if offset == 0 && !isOpen { continue }
            var content = Canvas(size: rect.size)
            content.copy(canvas, from: visible, to: Point(x: visible.minX - rect.minX, y: visible.minY - rect.minY))
            var menu = Canvas(size: rect.size)
            let lines = (visible.minY - rect.minY) ..< (visible.maxY - rect.minY)
            session.drawMenu(into: &menu, rect: Rect(origin: .zero, size: rect.size), visibleLines: lines, showsSelection: isOpen, glyphs: context.glyphs)
            canvas.fill(visible, style: Theme.swipeMenu)
            let menuX = swipeMenuStyle == .reveal ? 0 : offset - session.edge.direction * rect.width
            canvas.paste(menu, at: Point(x: rect.minX + menuX, y: rect.minY), clip: visible)
            canvas.paste(content, at: Point(x: rect.minX + offset, y: rect.minY), clip: visible)
        }
    }
}

extension Rect {
    /// The rect moved by `offset`.
    func offsetBy(_ offset: Point) -> Rect {
        Rect(x: minX + offset.x, y: minY + offset.y, width: width, height: height)
    }
}

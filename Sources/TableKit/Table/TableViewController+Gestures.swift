import Foundation

/// A table screen's mouse, through gesture recognizers (issue 27): one ``GestureArena`` for
/// the table's area, each part adding the recognizers of its gestures, the table its own last.
/// The arena settles which one a press belongs to — the first that takes it and begins —
/// where the parts used to pass a click along in turn:
///
/// - the page scrubber's line: a press that follows the pointer (a long press of no duration);
/// - an open side-swipe menu: any press (a button acts, anywhere else closes it);
/// - a row with a swipe menu: a pan across it slides the row (its menu opens past a fifth),
///   and a tap on it, at the release, selects it;
/// - in editing mode: `≡` (held and dragged), ⊖ and ⊕, the Delete button, a row's body;
/// - the section index: a press that scrubs while it moves;
/// - any other row: a press that taps it at once (or its accessory, or takes its slider's
///   thumb and follows the drag).
///
/// The plain wheel is no gesture: the table scrolls (and an open menu closes).
extension TableViewController {
    /// Builds the arena: the parts' recognizers in the parts' order, then the table's own.
    func makeGestures() -> ScreenGestures {
        let gestures = ScreenGestures()
        pageScrubberPart.addGestureRecognizers(to: gestures, in: self)
        swipeMenuPart.addGestureRecognizers(to: gestures, in: self)
        editingPart.addGestureRecognizers(to: gestures, in: self)
        addTableGestureRecognizers(to: gestures)
        return gestures
    }

    /// The parts of the screen a press may land on, top down.
    enum MousePart: Equatable { case searchBar, header, table }

    /// A mouse report for the screen: to the part it landed on (a press) or the part its press
    /// landed on (a drag, a release), each with its own recognizers.
    func handleScreenMouse(_ mouse: MouseEvent) -> ScreenResponse {
        let header = tableHeaderArea(in: bounds)
        var inside = mouse
        switch mousePressCapture.part(for: mouse, hitTest: { point in
            point.y < header.minY ? .searchBar : point.y < header.maxY ? .header : .table
        }) {
        case .searchBar:
            return searchBarGestures.handle(mouse, now: now()) ?? .handled
        case .header:
            inside.position.y -= header.minY
            tableHeaderGestureArena.handle(inside, now: now())
            return .handled
        case .table:
            inside.position.y -= header.maxY
            return handleTableMouse(inside)
        }
    }

    /// The search bar's recognizers (positions from the screen's corner).
    func makeSearchBarGestures() -> ScreenGestures {
        let gestures = ScreenGestures()
        searchPart.addBarGestureRecognizers(to: gestures, in: self)
        return gestures
    }

    /// A mouse report for the table (positions from the table's top), through the arena.
    func handleTableMouse(_ mouse: MouseEvent) -> ScreenResponse {
        let isWheel = mouse.kind == .scrollUp || mouse.kind == .scrollDown
        if isWheel { swipeMenuPart.wheelTurned(in: self) }
        if let response = gestures.handle(mouse, now: now()) { return response }
        // A notch no recognizer took scrolls.
        return isWheel ? perform(.mouse(mouse)) : .handled
    }

    /// The table's own: the section index scrubs; any other row is tapped at the press.
    private func addTableGestureRecognizers(to gestures: ScreenGestures) {
        let follow: @MainActor (LongPressGestureRecognizer) -> Void = { [unowned self] press in
            switch press.state {
            case .began:
                editingPart.pressedElsewhere()
                gestures.answer(perform(.mouse(MouseEvent(.press, at: press.location))))
            case .changed:
                gestures.answer(perform(.mouse(MouseEvent(.drag, at: press.location))))
            case .ended, .cancelled:
                gestures.answer(perform(.mouse(MouseEvent(.release, at: press.location))))
            default:
                break
            }
        }
        gestures.add(pressTracker(follow), receives: { [unowned self] point in isOnSectionIndex(point) })
        gestures.add(pressTracker(follow), receives: { [unowned self] point in
            !isOnSectionIndex(point) && swipeMenuPart.rowTappedForSwipe(at: point, in: self) == nil
        })
    }

    /// Whether `point` is on the section index's column.
    private func isOnSectionIndex(_ point: Point) -> Bool {
        let gutter = tableView.indexGutterWidth(dataSource)
        return gutter > 0 && point.x >= tableSize.width - gutter && point.x < tableSize.width && point.y >= 0 && point.y < tableSize.height
    }
}

extension PageScrubberPart {
    /// A press on the scrubber's line turns to the page under the pointer, and keeps
    /// scrubbing as it moves, wherever it goes, until the release.
    func addGestureRecognizers(to gestures: ScreenGestures, in table: TableViewController) {
        gestures.add(pressTracker { [unowned self, unowned table] press in
            if press.state == .began || press.state == .changed { scrub(toColumn: press.location.x, in: table) }
        }, receives: { [unowned self, unowned table] point in isOnLine(point, in: table) })
    }
}

extension SwipeMenuPart {
    /// An open menu takes every press; a row with a menu slides with a pan across it and is
    /// selected by a tap.
    func addGestureRecognizers(to gestures: ScreenGestures, in table: TableViewController) {
        gestures.add(pressTracker { [unowned self, unowned table] press in
            if press.state == .began { gestures.answer(pressWithMenuOpen(at: press.location, in: table)) }
        }, receives: { [unowned self] _ in takesEveryPress })

        let pan = PanGestureRecognizer { [unowned self, unowned table] pan in
            switch pan.state {
            case .began:
                let start = Point(x: pan.location.x - pan.translation.x, y: pan.location.y - pan.translation.y)
                if let row = rowTappedForSwipe(at: start, in: table),
                   let edge = swipeEdge(at: row, across: pan.translation.x, down: pan.translation.y, in: table) {
                    beginSwipe(edge, at: row, in: table)
                }
                followSwipe(across: pan.translation.x)
            case .changed: followSwipe(across: pan.translation.x)
            case .ended: endSwipe(cancelled: false, in: table)
            case .cancelled: endSwipe(cancelled: true, in: table)
            default: break
            }
            gestures.answer(.handled)
        }
        pan.minimumDistance = 2
        gestures.add(pan, receives: { [unowned self, unowned table] point in rowTappedForSwipe(at: point, in: table) != nil },
                     begins: { [unowned self, unowned table] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return false }
            let start = Point(x: pan.location.x - pan.translation.x, y: pan.location.y - pan.translation.y)
            guard let row = rowTappedForSwipe(at: start, in: table) else { return false }
            return swipeEdge(at: row, across: pan.translation.x, down: pan.translation.y, in: table) != nil
        })

        // No drag across: the press was a tap after all, and the row is selected at the release.
        let tap = TapGestureRecognizer { [unowned table] tap in
            gestures.answer(table.perform(.mouse(MouseEvent(.press, at: tap.location))))
            _ = table.perform(.mouse(MouseEvent(.release, at: tap.location)))
        }
        tap.allowableMovement = Int.max / 4
        gestures.add(tap, receives: { [unowned self, unowned table] point in rowTappedForSwipe(at: point, in: table) != nil })
    }
}

extension EditingPart {
    /// In editing mode, a press on `≡` takes hold of the row and drags it; a press on ⊖, ⊕,
    /// the Delete button or a row's body acts at once.
    func addGestureRecognizers(to gestures: ScreenGestures, in table: TableViewController) {
        gestures.add(pressTracker { [unowned self, unowned table] press in
            switch press.state {
            case .began:
                if let target = pressTarget(at: press.location, in: table) { gestures.answer(self.press(target, in: table)) }
            case .changed:
                gestures.answer(dragHeldRow(to: press.location, in: table))
            case .ended, .cancelled:
                releaseHeldRow()
            default:
                break
            }
        }, receives: { [unowned self, unowned table] point in pressTarget(at: point, in: table) != nil })
    }
}

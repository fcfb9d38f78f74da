import Foundation

/// A table screen's mouse. A press is hit-tested once (``TableViewController/hitTest(_:)``);
/// the parts see it first through ``TableViewPart/handleMouse(_:hit:context:)`` (the search
/// bar, the page scrubber, an app's part), and one that answers keeps its drags and release.
/// Otherwise it goes to one ``GestureArena`` for the table's area, each part adding the
/// recognizers of its gestures, the rows' own press (`RowPressPart`) last. The arena settles
/// which one a press belongs to — the first that takes it and begins:
///
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
    /// Builds the arena: the parts' recognizers in the parts' order, the rows' own press last.
    /// (The parts' list is fixed by then: parts added later take presses through
    /// ``TableViewPart/handleMouse(_:hit:context:)``.)
    func makeGestures() -> ScreenGestures {
        let gestures = ScreenGestures()
        let host = gestureHost(for: gestures)
        for part in parts { part.addGestureRecognizers(to: host) }
        return gestures
    }

    /// What `point` of the screen (from the corner of its area) is on: the search field, the
    /// header view, the page scrubber, the section index, a section's header, or a row and
    /// which part of it — an open swipe menu's button and the editing controls included.
    /// A press is hit-tested once, as it lands; its drags and its release go where it landed.
    public func hitTest(_ point: Point) -> TableHit {
        let header = tableHeaderArea(in: bounds)
        if point.y < header.minY { return TableHit(.searchBar, at: point) }
        if point.y < header.maxY { return TableHit(.tableHeader, at: point) }
        let inRows = convert(point, from: .screen, to: .rows)
        // The page scrubber's line, when it shows: the line under the rows, above the content's foot.
        let rows = tableArea(in: bounds)
        if rows.maxY < areaUnderBars(in: bounds).maxY, point.y == rows.maxY { return TableHit(.pageScrubber, at: point) }
        var target = tableView.hitTarget(at: inRows, state: state, dataSource: dataSource, size: tableSize, heightCache: heightCache)
        if case .row(let row, let part) = target {
            let context = context
            target = .row(row, swipeMenuPart.rowPart(at: inRows, of: row, context: context) ?? editingPart.rowPart(at: inRows, of: row, context: context) ?? part)
        }
        return TableHit(target, at: point)
    }

    /// `point`, counted in `space`, counted in `other` instead.
    public func convert(_ point: Point, from space: TableCoordinateSpace, to other: TableCoordinateSpace) -> Point {
        let header = tableHeaderArea(in: bounds)
        func top(of space: TableCoordinateSpace) -> Int {
            switch space {
            case .screen: 0
            case .tableHeader: header.minY
            case .rows: header.maxY
            }
        }
        return Point(x: point.x, y: point.y + top(of: space) - top(of: other))
    }

    /// A mouse report for the screen: a press is hit-tested, and it, its drags and its release
    /// go to the recognizers of what it landed on, in that part's positions; a wheel notch
    /// goes by where it is.
    func handleScreenMouse(_ mouse: MouseEvent) -> ScreenResponse {
        let hit: TableHit
        switch mouse.kind {
        case .press:
            hit = hitTest(mouse.position)
            pressHit = hit
        case .drag, .release:
            hit = pressHit ?? hitTest(mouse.position)
        case .scrollUp, .scrollDown:
            hit = hitTest(mouse.position)
        }
        defer {
            if mouse.kind == .release {
                pressHit = nil
                partTakingPress = nil
            }
        }
        switch mouse.kind {
        case .press:
            for part in parts {
                guard let response = part.handleMouse(mouse, hit: hit, context: context) else { continue }
                partTakingPress = part
                return apply(response)
            }
        case .drag, .release:
            if let part = partTakingPress { return part.handleMouse(mouse, hit: hit, context: context).map(apply) ?? .handled }
        case .scrollUp, .scrollDown:
            for part in parts {
                if let response = part.handleMouse(mouse, hit: hit, context: context) { return apply(response) }
            }
        }
        switch hit.target {
        case .searchBar:
            return .handled
        case .tableHeader:
            var inside = mouse
            inside.position = convert(mouse.position, from: .screen, to: .tableHeader)
            tableHeaderGestureArena.handle(inside, now: now())
            return .handled
        default:
            var inside = mouse
            inside.position = convert(mouse.position, from: .screen, to: .rows)
            return handleTableMouse(inside)
        }
    }

    /// A mouse report for the table (positions from the table's top), through the arena.
    func handleTableMouse(_ mouse: MouseEvent) -> ScreenResponse {
        let isWheel = mouse.kind == .scrollUp || mouse.kind == .scrollDown
        if let response = gestures.handle(mouse, now: now()) { return response }
        // A notch no recognizer took scrolls.
        guard isWheel else { return .handled }
        return perform(.scroll(by: mouse.kind == .scrollUp ? -3 : 3))
    }
}

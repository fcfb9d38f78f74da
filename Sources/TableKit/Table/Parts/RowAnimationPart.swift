import Foundation

/// The quarter second after an animated batch update: a deleted row collapses line by line,
/// an inserted one opens line by line, a moved one travels from its old place to its new one
/// (the first closing and the second opening under it), and the rows around them close up
/// or make room.
///
/// The table is drawn in its new state as always; over it, while the animation runs, the
/// part lays the rows out again as strips — each row of the new layout, and each deleted row
/// where it was, taken from a picture of the table before the update — each as tall as the
/// animation has got to.
@MainActor
final class RowAnimationPart: TableViewPart {
    /// How long a change takes.
    static let duration: Duration = .milliseconds(250)

    /// Whether animated updates animate (``TableViewController/animatesRowChanges``).
    var isEnabled = true
    /// The context of the last frame, to picture the table before an update as it was drawn.
    private var lastContext: RenderContext?
    /// How many batch updates are running their closures (a data source's commit may apply
    /// a snapshot, a batch inside the table's own).
    var batchDepth = 0
    /// The description a batch inside another gave of the change; the outer one takes it.
    var nestedUpdate: TableViewBatchUpdate?

    /// One row or header during the animation, and where its lines come from.
    private struct Strip {
        enum Source { case before, after }
        /// The picture its lines come from.
        var source: Source
        /// Its first line in that picture.
        var y: Int
        /// Its full height.
        var height: Int
        /// Whether it grows in (inserted), shrinks away (deleted), or stays.
        var change: Change
        enum Change { case stays, inserted, deleted }
        /// For the two places of a moved row (the one it leaves, the one it takes): its new
        /// index path. Their lines are drawn travelling, not in either place.
        var moved: IndexPath?
    }

    /// The animation under way.
    private struct Animation {
        var started: ContinuousClock.Instant
        /// The table before the update, as it was drawn (taller than the viewport, so that
        /// rows come up from below as others go).
        var before: Canvas
        /// The items drawn before, top to bottom, their new places (`nil`: deleted or moved),
        /// and where a moved row went.
        var beforeItems: [(placed: TableLayout.Placed, after: ContentItem?, movedTo: IndexPath?)]
        /// The new rows that were inserted or moved in.
        var arriving: Set<IndexPath>
        /// The new places of the moved rows.
        var movedIn: Set<IndexPath>
    }

    private var animation: Animation?

    /// Pictures the table before an update: returns what ``begin(from:update:mapping:now:)`` needs.
    func snapshotBeforeUpdate(_ context: TableContext) -> (canvas: Canvas, layout: TableLayout)? {
        guard isEnabled, let renderContext = lastContext else { return nil }
        let size = context.rowsArea.size
        guard size.width > 0, size.height > 0 else { return nil }
        // Twice the viewport: rows below it rise into view as rows above them collapse.
        let area = Rect(x: 0, y: 0, width: size.width, height: size.height * 2)
        var canvas = Canvas(size: area.size)
        let (tableView, state, dataSource, heights) = (context.tableView, context.state, context.dataSource, context.heightCache)
        tableView.render(state, dataSource: dataSource, into: &canvas, area: area, context: renderContext, heightCache: heights, clampsToContent: false)
        let layout = tableView.layout(state, dataSource: dataSource, width: size.width, viewportHeight: area.height, heightCache: heights, clampsToContent: false)
        return (canvas, layout)
    }

    /// Starts animating at `now` from `snapshot` (taken before the update) to the table now.
    func begin(from snapshot: (canvas: Canvas, layout: TableLayout), update: TableViewBatchUpdate, mapping: BatchUpdateMapping, now: ContinuousClock.Instant) {
        let moves = Dictionary(update.movedRows.map { ($0.from, $0.to) }) { first, _ in first }
        let items = snapshot.layout.placed.map { placed -> (placed: TableLayout.Placed, after: ContentItem?, movedTo: IndexPath?) in
            guard let path = placed.item.indexPath else {
                let section = mapping.sections.indices.contains(placed.item.section) ? mapping.sections[placed.item.section] : nil
                return (placed, section.map { ContentItem(placed.item.kind, section: $0) }, nil)
            }
            // A moved row leaves its old place as a deleted one does, and travels.
            if let movedTo = moves[path] { return (placed, nil, movedTo) }
            return (placed, mapping.path(from: path).map { ContentItem.row($0) }, nil)
        }
        let movedIn = Set(update.movedRows.map(\.to))
        animation = Animation(started: now, before: snapshot.canvas, beforeItems: items,
                              arriving: update.insertedRows.union(movedIn), movedIn: movedIn)
    }

    /// How far the animation has got, 0…1.
    private func progress(_ animation: Animation, at now: ContinuousClock.Instant) -> Double {
        min(1, max(0, animation.started.duration(to: now) / Self.duration))
    }

    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        lastContext = renderContext
        guard let animation else { return }
        let t = progress(animation, at: context.now)
        guard t < 1 else { return }
        let wholeTable = context.rowsArea
        let (tableView, state, dataSource, heights) = (context.tableView, context.state, context.dataSource, context.heightCache)
        // The rows' columns: the section index, drawn by the table, stays as it is.
        let rows = Rect(x: wholeTable.minX, y: wholeTable.minY, width: max(0, wholeTable.width - tableView.indexGutterWidth(dataSource)), height: wholeTable.height)
        // The table after the update, drawn again taller than the viewport.
        let tall = Rect(x: 0, y: 0, width: wholeTable.width, height: rows.height * 2)
        var after = Canvas(size: tall.size)
        tableView.render(state, dataSource: dataSource, into: &after, area: tall, context: renderContext, heightCache: heights, clampsToContent: false)
        let afterLayout = tableView.layout(state, dataSource: dataSource, width: wholeTable.width, viewportHeight: tall.height, heightCache: heights, clampsToContent: false)
        // The strips in the new order, each deleted (or moved) row after the row that was
        // above it.
        var deletedAfter: [ContentItem?: [(placed: TableLayout.Placed, movedTo: IndexPath?)]] = [:]
        var previous: ContentItem?
        for (placed, new, movedTo) in animation.beforeItems {
            if let new { previous = new } else { deletedAfter[previous, default: []].append((placed, movedTo)) }
        }
        func leaving(_ row: (placed: TableLayout.Placed, movedTo: IndexPath?)) -> Strip {
            Strip(source: .before, y: row.placed.y, height: row.placed.height, change: .deleted, moved: row.movedTo)
        }
        var strips = (deletedAfter[nil] ?? []).map(leaving)
        for placed in afterLayout.placed {
            let arriving = placed.item.indexPath.map(animation.arriving.contains) ?? false
            let moved = placed.item.indexPath.flatMap { animation.movedIn.contains($0) ? $0 : nil }
            strips.append(Strip(source: .after, y: placed.y, height: placed.height, change: arriving ? .inserted : .stays, moved: moved))
            strips += (deletedAfter[placed.item] ?? []).map(leaving)
        }
        // Lay them out from the top of the rows, each as tall as it has got. The two places
        // of a moved row are laid out as space; where both are in the pictures, the row is
        // drawn once, whole, on its way from where it was on screen to where it will be.
        var left: [IndexPath: Strip] = [:], taken: [IndexPath: Strip] = [:]
        for strip in strips {
            if let moved = strip.moved {
                if strip.source == .before { left[moved] = strip } else { taken[moved] = strip }
            }
        }
        let travelling = Set(left.keys).intersection(taken.keys)
        var y = afterLayout.placed.first.map { min(0, $0.y) } ?? 0
        var composed = Canvas(size: rows.size)
        for strip in strips {
            guard y < rows.height else { break }
            let shown: Int
            switch strip.change {
            case .stays: shown = strip.height
            case .inserted: shown = Int((Double(strip.height) * t).rounded(.down))
            case .deleted: shown = Int((Double(strip.height) * (1 - t)).rounded(.up))
            }
            guard shown > 0 else { continue }
            let picture = strip.source == .before ? animation.before : after
            // A row that opens shows its top lines first; one that collapses keeps its top
            // lines last. Lines above the viewport (a row partly scrolled off) are left out.
            let skipped = max(0, -y)
            if shown > skipped, strip.moved.map(travelling.contains) != true {
                composed.copy(picture, from: Rect(x: 0, y: strip.y + skipped, width: rows.width, height: shown - skipped), to: Point(x: 0, y: y + skipped))
            }
            y += shown
        }
        for moved in travelling {
            guard let from = left[moved], let to = taken[moved] else { continue }
            // Both pictures' lines are the screen's (each drawn from the top of the rows).
            let at = Int((Double(from.y) * (1 - t) + Double(to.y) * t).rounded())
            let top = max(0, at), bottom = min(rows.height, at + to.height)
            guard top < bottom else { continue }
            composed.copy(after, from: Rect(x: 0, y: to.y + top - at, width: rows.width, height: bottom - top), to: Point(x: 0, y: top))
        }
        canvas.copy(composed, from: Rect(origin: .zero, size: rows.size), to: rows.origin)
    }

    override func tick(context: TableContext) -> TablePartResponse? {
        if let animation, progress(animation, at: context.now) >= 1 { self.animation = nil }
        return nil
    }

    override func wantsTicks(context: TableContext) -> Bool { animation != nil }

    /// A reload, a new size or leaving the screen ends an animation at once.
    override func dataDidReload(context: TableContext) { animation = nil }
    override func sizeChanged(context: TableContext) { animation = nil }
    override func didDisappear(context: TableContext) { animation = nil }
}

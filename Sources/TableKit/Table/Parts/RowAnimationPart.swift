import Foundation

/// The quarter second after an animated batch update: a deleted row collapses line by line,
/// an inserted one opens line by line, and the rows around them close up or make room.
///
/// The table is drawn in its new state as always; over it, while the animation runs, the
/// part lays the rows out again as strips — each row of the new layout, and each deleted row
/// where it was, taken from a picture of the table before the update — each as tall as the
/// animation has got to.
@MainActor
final class RowAnimationPart: TableViewControllerPart {
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
    }

    /// The animation under way.
    private struct Animation {
        var started: ContinuousClock.Instant
        /// The table before the update, as it was drawn (taller than the viewport, so that
        /// rows come up from below as others go).
        var before: Canvas
        /// The items drawn before, top to bottom, and their new places (`nil`: deleted).
        var beforeItems: [(placed: TableLayout.Placed, after: ContentItem?)]
        /// The new rows that were inserted or moved in.
        var arriving: Set<IndexPath>
    }

    private var animation: Animation?

    /// Pictures the table before an update: returns what ``begin(_:after:mapping:in:)`` needs.
    func snapshotBeforeUpdate(in table: TableViewController) -> (canvas: Canvas, layout: TableLayout)? {
        guard isEnabled, let context = lastContext else { return nil }
        let size = table.tableSize
        guard size.width > 0, size.height > 0 else { return nil }
        // Twice the viewport: rows below it rise into view as rows above them collapse.
        let area = Rect(x: 0, y: 0, width: size.width, height: size.height * 2)
        var canvas = Canvas(size: area.size)
        table.tableView.render(table.state, dataSource: table.dataSource, into: &canvas, area: area, context: context, heightCache: table.heightCache, clampsToContent: false)
        let layout = table.tableView.layout(table.state, dataSource: table.dataSource, width: size.width, viewportHeight: area.height, heightCache: table.heightCache, clampsToContent: false)
        return (canvas, layout)
    }

    /// Starts animating from `snapshot` (taken before the update) to the table now.
    func begin(from snapshot: (canvas: Canvas, layout: TableLayout), update: TableViewBatchUpdate, mapping: BatchUpdateMapping, in table: TableViewController) {
        let items = snapshot.layout.placed.map { placed -> (placed: TableLayout.Placed, after: ContentItem?) in
            guard let path = placed.item.indexPath else {
                let section = mapping.sections.indices.contains(placed.item.section) ? mapping.sections[placed.item.section] : nil
                return (placed, section.map { ContentItem(placed.item.kind, section: $0) })
            }
            return (placed, mapping.path(from: path).map { ContentItem.row($0) })
        }
        animation = Animation(started: table.now(), before: snapshot.canvas, beforeItems: items,
                              arriving: update.insertedRows.union(update.movedRows.map(\.to)))
    }

    /// How far the animation has got, 0…1.
    private func progress(_ animation: Animation, in table: TableViewController) -> Double {
        min(1, max(0, animation.started.duration(to: table.now()) / Self.duration))
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, in table: TableViewController) {
        lastContext = context
        guard let animation else { return }
        let t = progress(animation, in: table)
        guard t < 1 else { return }
        let wholeTable = table.tableArea(in: area)
        // The rows' columns: the section index, drawn by the table, stays as it is.
        let rows = Rect(x: wholeTable.minX, y: wholeTable.minY, width: max(0, wholeTable.width - table.tableView.indexGutterWidth(table.dataSource)), height: wholeTable.height)
        // The table after the update, drawn again taller than the viewport.
        let tall = Rect(x: 0, y: 0, width: wholeTable.width, height: rows.height * 2)
        var after = Canvas(size: tall.size)
        table.tableView.render(table.state, dataSource: table.dataSource, into: &after, area: tall, context: context, heightCache: table.heightCache, clampsToContent: false)
        let afterLayout = table.tableView.layout(table.state, dataSource: table.dataSource, width: wholeTable.width, viewportHeight: tall.height, heightCache: table.heightCache, clampsToContent: false)
        // The strips in the new order, each deleted row after the row that was above it.
        var deletedAfter: [ContentItem?: [TableLayout.Placed]] = [:]
        var previous: ContentItem?
        for (placed, new) in animation.beforeItems {
            if let new { previous = new } else { deletedAfter[previous, default: []].append(placed) }
        }
        var strips = (deletedAfter[nil] ?? []).map { Strip(source: .before, y: $0.y, height: $0.height, change: .deleted) }
        for placed in afterLayout.placed {
            let arriving = placed.item.indexPath.map(animation.arriving.contains) ?? false
            strips.append(Strip(source: .after, y: placed.y, height: placed.height, change: arriving ? .inserted : .stays))
            for deleted in deletedAfter[placed.item] ?? [] {
                strips.append(Strip(source: .before, y: deleted.y, height: deleted.height, change: .deleted))
            }
        }
        // Lay them out from the top of the rows, each as tall as it has got.
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
            if shown > skipped {
                composed.copy(picture, from: Rect(x: 0, y: strip.y + skipped, width: rows.width, height: shown - skipped), to: Point(x: 0, y: y + skipped))
            }
            y += shown
        }
        canvas.copy(composed, from: Rect(origin: .zero, size: rows.size), to: rows.origin)
    }

    func tick(in table: TableViewController) -> ScreenResponse {
        if let animation, progress(animation, in: table) >= 1 { self.animation = nil }
        return .handled
    }

    func wantsTicks(in table: TableViewController) -> Bool { animation != nil }

    /// A reload, a new size or leaving the screen ends an animation at once.
    func dataDidReload(in table: TableViewController) { animation = nil }
    func sizeChanged(in table: TableViewController) { animation = nil }
    func didDisappear(in table: TableViewController) { animation = nil }
}

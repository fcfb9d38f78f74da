import ArgumentParser
import Foundation
@_spi(Benchmarks) import TableKit

/// `table-browser benchmark-diffable`: a diffable data source of a million items in 27
/// sections, built, shown, then one item deleted at a time and applied, as an app that
/// removes a row does. Figures are printed; nothing is asserted.
struct BenchmarkDiffableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark-diffable",
        abstract: "Time a diffable snapshot of a million items: built, one item deleted and diffed, applied (release builds).",
        shouldDisplay: false
    )

    @Option(help: "How many items.")
    var items: Int = 1_000_000

    @Option(help: "How many sections they are spread over.")
    var sections: Int = 27

    @Option(help: "How many single deletions are timed.")
    var repetitions: Int = 20

    /// ArgumentParser calls this on the main thread; the table lives on the main actor.
    func run() throws {
        MainActor.assumeIsolated { runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() {
        let sectionCount = max(1, sections), itemCount = max(sectionCount, items)
        let perSection = itemCount / sectionCount
        let clock = ContinuousClock()
        func build(leavingOut missing: Set<Int> = []) -> TableViewDiffableDataSourceSnapshot<Int, Int> {
            var snapshot = TableViewDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections(Array(0 ..< sectionCount))
            for section in 0 ..< sectionCount {
                let end = section == sectionCount - 1 ? itemCount : (section + 1) * perSection
                snapshot.appendItems(Array(section * perSection ..< end).filter { !missing.contains($0) }, toSection: section)
            }
            return snapshot
        }
        let buildStart = clock.now
        let snapshot = build()
        let built = milliseconds(clock.now - buildStart)

        let table = TableViewController(title: "Diffable", dataSource: StaticTableDataSource(cells: []))
        let source = TableViewDiffableDataSource<Int, Int>(tableViewController: table) { _, item in TableViewCell(text: "Item \(item)") }
        table.layout(for: Size(width: 120, height: 40))
        let firstApplyStart = clock.now
        source.apply(snapshot)
        let firstApply = milliseconds(clock.now - firstApplyStart)
        var canvas = Canvas(size: Size(width: 120, height: 40))
        table.render(into: &canvas, area: canvas.bounds, context: RenderContext())

        var edits: [Double] = [], diffs: [Double] = [], applies: [Double] = [], frames: [Double] = []
        var deleted: Set<Int> = []
        for repetition in 0 ..< max(1, repetitions) {
            let victim = (repetition % sectionCount) * perSection + perSection / 2 + repetition
            deleted.insert(victim)
            var next = source.snapshot()
            let start = clock.now
            next.deleteItems([victim])
            edits.append(milliseconds(clock.now - start))
            let update = next.batchUpdate(from: source.snapshot())
            diffs.append(milliseconds(clock.now - start))
            precondition(update.deletedRows.count == 1 && update.movedRows.isEmpty, "one deletion")
            let applyStart = clock.now
            source.apply(next)
            applies.append(milliseconds(clock.now - applyStart))
            let frameStart = clock.now
            table.render(into: &canvas, area: canvas.bounds, context: RenderContext())
            frames.append(milliseconds(clock.now - frameStart))
        }
        // The same deletion in a snapshot built afresh: no record of edits, every section compared.
        let stranger = build(leavingOut: deleted.union([perSection / 3]))
        let fullStart = clock.now
        let fullUpdate = stranger.batchUpdate(from: source.snapshot())
        let full = milliseconds(clock.now - fullStart)
        precondition(fullUpdate.deletedRows.count == 1 && fullUpdate.insertedRows.isEmpty && fullUpdate.movedRows.isEmpty, "one deletion")

        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
        print(String(format: "snapshot of %d items in %d sections built in %.1f ms; first apply (shown from nothing) %.1f ms", itemCount, sectionCount, built, firstApply))
        print(String(format: "delete one item + diff: %.3f ms mean (%.3f–%.3f ms over %d)", mean(diffs), diffs.min() ?? 0, diffs.max() ?? 0, diffs.count))
        print(String(format: "  of which the deletion (copying the snapshot's storage on first write) %.3f ms", mean(edits)))
        print(String(format: "apply (diff again, then the table's batch update): %.3f ms mean (%.3f–%.3f ms); frame after it %.3f ms", mean(applies), applies.min() ?? 0, applies.max() ?? 0, mean(frames)))
        print(String(format: "diff of a snapshot built afresh (no record of edits, every section compared): %.1f ms", full))
    }
}

import Foundation
import TableKit

/// The list's order after a save that deleted, added or edited records: updated
/// (``IndexedRecords/updated(by:in:)``: the records left renumbered in one pass, the new ones
/// placed by binary search) beside sorted again whole, as the list did before issue 40. The
/// saves are made in memory (the file's bytes spliced, then loaded), so only the order is
/// timed. Figures only; `table-browser benchmark --data FILE --order-update`.
func benchmarkOrderUpdate(path: String, repetitions: Int) throws -> String {
    let clock = ContinuousClock()
    func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    let store = try JSONRecordStore.load(path: path)
    let count = store.count
    guard count > 2 else { return "order update: the file has fewer than three records\n" }
    let sortStart = clock.now
    let list = IndexedRecords(store: store)
    var report = String(format: "rows: %d, sorted by %@ in %.0f ms\n", count, list.sortKeyDescription, ms(clock.now - sortStart))
    let titleKey = store.titleKey
    func record(_ title: String) -> [UInt8] {
        RecordBytes.object([(titleKey, .string(title)), ("author", .string("Benchmark Author"))])
    }
    let middle = count / 2
    let spread = Set(Swift.stride(from: 7, to: count, by: max(1, count / 1000)).prefix(1000))
    let cases: [(name: String, changes: RecordChanges)] = [
        ("one delete", RecordChanges(deleted: [middle])),
        ("one add", RecordChanges(added: [record("Middlemarch, added")])),
        ("\(spread.count) deletes", RecordChanges(deleted: spread)),
        ("one edit (its title)", RecordChanges(replaced: [middle: record("Aardvark, edited")])),
    ]
    for (name, changes) in cases {
        let saved = try JSONRecordStore.load(data: store.splicing(changes), name: path, titleKey: store.titleKey, subtitleKey: store.subtitleKey)
        var updates: [Double] = [], batches: [Double] = []
        var update: IndexedRecords.OrderUpdate?
        for _ in 0 ..< repetitions {
            let start = clock.now
            update = list.updated(by: changes, in: saved)
            updates.append(ms(clock.now - start))
            if let update {
                let batchStart = clock.now
                _ = update.change.batchUpdate(from: list.sections, to: update.records.sections)
                batches.append(ms(clock.now - batchStart))
            }
        }
        let wholeStart = clock.now
        let whole = IndexedRecords(store: saved)
        let sort = ms(clock.now - wholeStart)
        guard let update else {
            report += String(format: "%@: not an update for this order; sorted whole: %.0f ms\n", name, sort)
            continue
        }
        let same = update.records.order == whole.order && update.records.sections == whole.sections
        report += String(format: "%@: updated in %.1f ms (median of %d; %.1f–%.1f), its batch update made in %.2f ms; sorted whole: %.0f ms%@\n",
                         name, median(updates), updates.count, updates.min() ?? 0, updates.max() ?? 0, median(batches), sort,
                         same ? "" : " — THE ORDERS DIFFER")
        if changes.replaced.count == 1, changes.deleted.isEmpty, changes.added.isEmpty {
            let moveStart = clock.now
            let moved = list.replacing(record: middle, in: saved)
            report += String(format: "  the one record moved instead (replacing(record:in:)): %.1f ms\n", moved == nil ? .nan : ms(clock.now - moveStart))
        }
    }
    return report
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

import Foundation
import TableKit

/// The save of a large `--data` file after one edit, as the form's Save does it: splice the
/// edited record into the file's bytes, read the result back (strictly), write it to a new
/// file, flush, rename it over the old one and flush the folder. Works on a copy next to the
/// file (the file itself is not written). Figures only; `table-browser benchmark --save`.
func benchmarkSave(path: String, repetitions: Int) throws -> String {
    let clock = ContinuousClock()
    func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    let copy = path + ".benchmark-save.json"
    defer { unlink(copy) }
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let records = DataFileRecords(store: try JSONRecordStore.load(path: copy), path: copy)
    guard records.store.count > 0 else { return "save: the file has no records\n" }
    let index = records.store.count / 2
    var report = "rows: \(records.store.count), edited: record \(index)\n"
    var totals: [Double] = []
    var splices: [Double] = []
    for repetition in 0 ..< repetitions {
        let members = records.store.members(at: index)
        guard let key = members.first(where: { $0.kind == .string })?.key else { return report + "save: record \(index) has no string to edit\n" }
        let edited = RecordBytes.editing(records.store.rawBytes(at: index), members: members,
                                         newValues: [(key, .string("edited \(repetition)"))])
        let changes = RecordChanges(replaced: [index: edited])
        let spliceStart = clock.now
        _ = records.store.splicing(changes)
        splices.append(ms(clock.now - spliceStart))
        let start = clock.now
        try records.save(changes)
        totals.append(ms(clock.now - start))
    }
    let afterSaves = ResidentMemory.now()
    // What the list does after a form's Save: the edited record moves, nothing else sorts.
    let list = IndexedRecords(store: records.store)
    let renamed = RecordBytes.editing(records.store.rawBytes(at: index), members: records.store.members(at: index),
                                      newValues: [(records.store.titleKey, .string("Aardvark, edited"))])
    try records.save(RecordChanges(replaced: [index: renamed]))
    let moveStart = clock.now
    let moved = list.replacing(record: index, in: records.store)
    let move = ms(clock.now - moveStart)
    // The parts: reading the spliced bytes back, and the atomic write alone.
    let bytes = records.store.splicing(RecordChanges())
    let readStart = clock.now
    _ = try JSONRecordStore.load(data: bytes, name: copy)
    let readBack = ms(clock.now - readStart)
    let writeStart = clock.now
    try AtomicFile.write(bytes, to: copy)
    let write = ms(clock.now - writeStart)
    let sortStart = clock.now
    _ = IndexedRecords(store: records.store)
    let sort = ms(clock.now - sortStart)
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
    report += String(format: "save after one edit: %.0f ms mean, %.0f–%.0f ms over %d saves (splice alone %.0f ms; the rest reads the result back, writes, flushes and renames)\n",
                     mean(totals), totals.min() ?? 0, totals.max() ?? 0, totals.count, mean(splices))
    report += String(format: "  of which: reading the result back %.0f ms; the atomic write (write, fsync, rename, folder fsync) %.0f ms\n", readBack, write)
    report += "  after the saves: " + afterSaves.description + (records.store.isMapped ? " (the records map the file saved)" : " (the records keep a copy)") + "\n"
    report += String(format: "the list sorted again afterwards: %.0f ms; the edited title's record moved instead: %@\n", sort,
                     moved == nil ? "not possible for this order" : String(format: "%.1f ms", move))
    return report
}

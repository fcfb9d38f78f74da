import Foundation
import TableKit

/// The save of a large `--data` file after one edit, as the form's Save does it: the file
/// is written from the records' bytes and the edited record, flushed, exchanged with the old
/// one (which is checked and removed), the folder flushed, and the records taken from the file written (only the edited
/// record parsed). Then a delete and an addition, which go the same way. Works on a copy next to the file (the file itself is not
/// written). Figures only; `table-browser benchmark --save`.
@MainActor
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
    guard records.store.count > 1 else { return "save: the file has fewer than two records\n" }
    let index = records.store.count / 2
    var report = "rows: \(records.store.count), edited: record \(index)\n"
    func edit(_ value: String, key: String? = nil) -> RecordChanges? {
        let members = records.store.members(at: index)
        guard let key = key ?? members.first(where: { $0.kind == .string })?.key else { return nil }
        return RecordChanges(replaced: [index: RecordBytes.editing(records.store.rawBytes(at: index), members: members, newValues: [(key, .string(value))])])
    }
    // The floor: the same bytes written to a new file and flushed, as `dd conv=fsync` would.
    let floorPath = copy + ".floor"
    defer { unlink(floorPath) }
    func floor() -> Double {
        ms(records.store.withFileBytes { writeAndFlush($0, to: floorPath) })
    }
    var totals: [Double] = [], floors: [Double] = []
    var last: (store: JSONRecordStore, changes: RecordChanges)?
    for repetition in 0 ..< repetitions {
        guard let changes = edit("edited \(repetition)") else { return report + "save: record \(index) has no string to edit\n" }
        last = (records.store, changes)
        let start = clock.now
        try records.save(changes)
        totals.append(ms(clock.now - start))
    }
    for _ in 0 ..< repetitions { floors.append(floor()) }
    let afterSaves = ResidentMemory.now()
    report += String(format: "save after one edit: %.0f ms mean, %.0f–%.0f ms over %d saves (the new file written, flushed and exchanged with the old, the folder flushed, the records taken from it)\n",
                     totals.reduce(0, +) / Double(max(1, totals.count)), totals.min() ?? 0, totals.max() ?? 0, totals.count)
    report += String(format: "  the floor, after the saves: the same bytes written to a new file and flushed (dd conv=fsync): %.0f ms mean, %.0f–%.0f ms\n",
                     floors.reduce(0, +) / Double(max(1, floors.count)), floors.min() ?? 0, floors.max() ?? 0)
    // The records' part of the last save, taken again from the file it wrote.
    if let last {
        let descriptor = open(copy, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let edits = last.store.withFileBytes { last.store.spliceEdits(last.changes, in: $0) }
        let start = clock.now
        _ = try last.store.edited(edits, inFileAt: descriptor, name: copy)
        report += String(format: "  of which the records taken from the file written: %.1f ms (the edited record parsed, the others moved; while the disk flushes)\n",
                         ms(clock.now - start))
    }
    report += "  after the saves: " + afterSaves.description + (records.store.isMapped ? " (the records map the file saved)" : " (the records keep a copy)") + "\n"
    // What the list does after a form's Save: the edited record moves, nothing else sorts.
    let list = IndexedRecords(store: records.store)
    if let renamed = edit("Aardvark, edited", key: records.store.titleKey) {
        try records.save(renamed)
        let moveStart = clock.now
        let moved = list.replacing(record: index, in: records.store)
        let move = ms(clock.now - moveStart)
        let sortStart = clock.now
        _ = IndexedRecords(store: records.store)
        let sort = ms(clock.now - sortStart)
        report += String(format: "the list sorted again afterwards: %.0f ms; the edited title's record moved instead: %@\n", sort,
                         moved == nil ? "not possible for this order" : String(format: "%.1f ms", move))
    }
    // A delete and an addition go the same way: only the added record is parsed.
    let deleteStart = clock.now
    try records.save(RecordChanges(deleted: [index]))
    let delete = ms(clock.now - deleteStart)
    let addStart = clock.now
    try records.save(RecordChanges(added: [Array(#"{"title": "Added by the benchmark"}"#.utf8)]))
    report += String(format: "a delete: %.0f ms; a record added: %.0f ms\n", delete, ms(clock.now - addStart))
    return report
}

/// How long writing `bytes` to a new file at `path` and flushing it takes, as `dd conv=fsync`
/// would: the floor under any save of those bytes. The file is removed after; zero when it
/// cannot be made.
func writeAndFlush(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Duration {
    let start = ContinuousClock.now
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .zero }
    defer { unlink(path) }
    var offset = 0
    while let base = bytes.baseAddress, offset < bytes.count {
        let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if count <= 0 { break }
        offset += count
    }
    fsync(descriptor)
    close(descriptor)
    return ContinuousClock.now - start
}

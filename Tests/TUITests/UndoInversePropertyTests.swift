import Foundation
import PropertyBased
import TableKit
import Testing
@testable import TUI

/// The promise undo rests on, over random files and random saves: a change saved, then its
/// inverse saved, gives the file back byte for byte; and the inverse of that inverse, saved,
/// gives the changed file back (the redo). (A change that leaves no record is left out: an
/// emptied file does not keep its layout, so its records come back laid out afresh.)
@MainActor
@Suite("Undo's inverse: a save and its inverse give the file back, byte for byte")
struct UndoInversePropertyTests {
    private func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// A change made of picks: for each record a number that says delete it (0), replace it
    /// (1) or leave it; then some records added, and some put in before a random record.
    private static func changes(picks: [Int], added: Int, insertAt: [Int], count: Int) -> RecordChanges {
        var changes = RecordChanges()
        for (index, pick) in picks.prefix(count).enumerated() {
            if pick == 0 { changes.deleted.insert(index) }
            if pick == 1 { changes.replaced[index] = Array(#"{"title": "edited \#(index)", "n": [1, 2]}"#.utf8) }
        }
        changes.added = (0 ..< added).map { Array(#"{"title": "added \#($0)"}"#.utf8) }
        for (offset, at) in insertAt.enumerated() {
            changes.inserted[at % (count + 1), default: []].append(Array(#"{"title": "put back \#(offset)"}"#.utf8))
        }
        return changes
    }

    @Test("save, inverse, inverse of the inverse: the file as it was, then as it was changed")
    func aSaveAndItsInverse() async throws {
        await propertyCheck(count: 150, input: RecordRoundTripPropertyTests.records, Gen.int(in: 0 ... 4), Gen.int(in: 0 ... 3).array(of: 0 ... 6),
                            Gen.int(in: 0 ... 2), Gen.int(in: 0 ... 9).array(of: 0 ... 2)) { records, layout, picks, added, insertAt in
            let files = TemporaryFiles()
            let text = RecordRoundTripPropertyTests.file(records, layout: layout)
            let path = files.write(text, named: layout >= 3 ? "records.jsonl" : "records.json")
            let original = bytes(path)
            let records = DataFileRecords(store: try JSONRecordStore.load(path: path, format: .of(path: path)), path: path)
            let change = Self.changes(picks: picks, added: added, insertAt: insertAt, count: records.store.count)
            // A file emptied of records loses how it laid them out: put back, they are laid out
            // as added to an empty file (the records the same, the white space not). Not here.
            let left = records.store.count - change.deleted.count + change.added.count + change.inserted.values.reduce(0) { $0 + $1.count }
            guard !change.isEmpty, left > 0 else { return }
            let inverse = change.inverse(in: records.store)
            try records.save(change)
            let changed = bytes(path)
            let redo = inverse.inverse(in: records.store)
            try records.save(inverse)
            #expect(bytes(path) == original, "\(change) then \(inverse) in \(text.debugDescription)")
            try records.save(redo)
            #expect(bytes(path) == changed, "redo: \(redo)")
        }
    }
}

import Foundation
import Testing
@testable import TUI

/// The bytes of the file at `path`; none when there is no file.
private func bytes(_ path: String) -> [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }

/// Saves that never lose data: records spliced into the file byte for byte, the file replaced
/// atomically, and every failure (a changed file, a read-only folder or file, a full disk, a
/// failed flush or rename, a crash before the rename) leaving the file as it was. The
/// failures come through a recording file system (``RecordingFileSystem``): the app has no
/// fault hook of its own.
@MainActor
@Suite("Saving records: splicing, atomic replacement, and failures that lose nothing")
struct RecordSavingTests {
    /// A file of `count` records, pretty-printed as `json.dump(indent=2)` would, with numbers
    /// spelled in ways a re-encoder would change.
    static func recordFile(count: Int) -> String {
        var text = "[\n"
        for index in 0 ..< count {
            text += "  {\n    \"title\": \"Book \\u00e9 \(index)\",\n    \"price\": 1.50,\n    \"big\": 1E3,\n    \"year\": \(1900 + index % 100)\n  }"
            text += index == count - 1 ? "\n" : ",\n"
        }
        return text + "]\n"
    }

    /// A file of ``recordFile(count:)`` records in a folder of its own (removed when this
    /// goes), its bytes as written, and its records loaded to be edited and saved back.
    @MainActor
    private struct LoadedFile {
        let files = TemporaryFiles()
        let path: String
        let original: [UInt8]
        let records: DataFileRecords

        init(count: Int) throws {
            path = files.write(RecordSavingTests.recordFile(count: count))
            original = bytes(path)
            records = try DataFileRecords.loaded(from: path)
        }
    }

    private func leftovers(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".saving-") }
    }

    @Test("after one record's title is saved, the list moves that record to the place a whole sort gives it; after a deletion it sorts again", arguments: [
        IndexedRecords.SortOrder.title, .subtitleLastName,
    ])
    func oneEditMovesOneRecord(order: IndexedRecords.SortOrder) throws {
        let file = try LoadedFile(count: 2_000)
        let records = file.records
        var list = IndexedRecords(store: records.store, sortOrder: order)
        for (index, title) in [(1_234, "Aardvark"), (7, "Book é 1999"), (1_999, "zz top"), (0, "Book é 0")] {
            let edited = RecordBytes.editing(records.store.rawBytes(at: index), members: records.store.members(at: index), newValues: [("title", .string(title))])
            try records.save(RecordChanges(replaced: [index: edited]))
            #expect(records.editedRecord == index)
            let moved = try #require(list.replacing(record: index, in: records.store))
            #expect(moved.order == IndexedRecords(store: records.store, sortOrder: order).order, "\(title)")
            #expect(moved.sortOrder == order)
            list = moved
        }
        try records.save(RecordChanges(deleted: [3]))
        #expect(records.editedRecord == nil, "a deletion is no one record's move")
        #expect(list.replacing(record: 3, in: records.store) == nil)
    }

    @Test("editing one record of 10,000 changes only that record's bytes; key order, spacing and number spellings stay")
    func oneEditChangesOnlyThatRecord() throws {
        let file = try LoadedFile(count: 10_000)
        let (path, before, records) = (file.path, file.original, file.records)
        let index = 4_321
        let range = records.store.rawRange(at: index)
        let members = records.store.members(at: index)
        let edited = RecordBytes.editing(records.store.rawBytes(at: index), members: members, newValues: [("year", .number("2024"))])
        try records.save(RecordChanges(replaced: [index: edited]))
        let after = bytes(path)
        #expect(Array(after[..<range.lowerBound]) == Array(before[..<range.lowerBound]), "every byte before the record is the same")
        let growth = after.count - before.count
        #expect(Array(after[(range.upperBound + growth)...]) == Array(before[range.upperBound...]), "every byte after it is the same")
        let record = String(decoding: after[range.lowerBound ..< range.upperBound + growth], as: UTF8.self)
        #expect(record == "{\n    \"title\": \"Book \\u00e9 4321\",\n    \"price\": 1.50,\n    \"big\": 1E3,\n    \"year\": 2024\n  }")
        #expect(records.store.count == 10_000)
        #expect(records.store.fields(at: index).last?.value == "2024", "the records read back as saved")
    }

    @Test("cmp: the only bytes that differ after an edit are the record's")
    func cmpShowsOnlyTheRecord() throws {
        let file = try LoadedFile(count: 10_000)
        let (path, records) = (file.path, file.records)
        let copy = file.files.write(Self.recordFile(count: 10_000), named: "copy.json")
        let range = records.store.rawRange(at: 9_000)
        let edited = RecordBytes.editing(records.store.rawBytes(at: 9_000), members: records.store.members(at: 9_000), newValues: [("year", .number("1999"))])
        try records.save(RecordChanges(replaced: [9_000: edited]))
        // Same length ("1900"+ → "1999"): cmp -l lists every differing byte. Run through
        // posix_spawn with a deadline, never Foundation.Process: its waitUntilExit() on the main
        // actor, and a pipe a concurrently spawned tmux server could inherit, can wait for ever.
        let cmp = try TmuxSession.run("/usr/bin/cmp", ["-l", copy, path])
        #expect(cmp.status == 1, "cmp finds differences and says so with status 1: \(cmp.standardError)")
        let lines = cmp.standardOutput.split(separator: "\n")
        let offsets = lines.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
        #expect(!offsets.isEmpty)
        #expect(offsets.allSatisfy { range.contains($0 - 1) }, "cmp's 1-based offsets all fall inside record 9000: \(offsets)")
    }

    @Test("deleting and adding records keeps the file's separators and stays valid JSON")
    func deleteAndAdd() throws {
        let file = try LoadedFile(count: 3)
        let (path, records) = (file.path, file.records)
        let template = records.store.rawBytes(at: 0)
        let added = RecordBytes.editing(template, members: records.store.members(at: 0), newValues: [("title", .string("New \"one\"")), ("year", .null)])
        try records.save(RecordChanges(deleted: [1], added: [added]))
        let text = String(decoding: bytes(path), as: UTF8.self)
        #expect(records.store.count == 3)
        #expect(records.store.title(at: 1) == "Book é 2")
        #expect(records.store.title(at: 2) == "New \"one\"")
        #expect(text.hasSuffix("  },\n  {\n    \"title\": \"New \\\"one\\\"\",\n    \"price\": 1.50,\n    \"big\": 1E3,\n    \"year\": null\n  }\n]\n"))
        // The last record goes with the separator before it.
        try records.save(RecordChanges(deleted: [2]))
        #expect(String(decoding: bytes(path), as: UTF8.self).hasSuffix("\"year\": 1902\n  }\n]\n"))
        try records.save(RecordChanges(deleted: [0, 1]))
        #expect(records.store.count == 0)
        try records.save(RecordChanges(added: [Array("{\"a\": 1}".utf8)]))
        #expect(records.store.fields(at: 0).first?.value == "1")
    }

    @Test("a file changed, replaced or deleted since it was read is not saved over")
    func changedOnDisk() throws {
        let file = try LoadedFile(count: 2)
        let (path, records) = (file.path, file.records)
        let edit = RecordChanges(replaced: [0: Array("{\"title\": \"mine\"}".utf8)])
        // Someone else saves the file (same size, new contents).
        let theirs = Self.recordFile(count: 2).replacingOccurrences(of: "Book", with: "Tome")
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SaveFailure.self) { try records.save(edit) }
        do { try records.save(edit) } catch { #expect(error.reason == .changedOnDisk) }
        #expect(String(decoding: bytes(path), as: UTF8.self) == theirs, "their file is untouched")
        try FileManager.default.removeItem(atPath: path)
        do { try records.save(edit) } catch { #expect(error.message.contains("moved or deleted")) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a read-only folder or file, a full disk, a failed flush or rename: refused, the file intact, no temporary left")
    func injectedAndRealFailures() throws {
        let file = try LoadedFile(count: 2)
        let (files, path, original, records) = (file.files, file.path, file.original, file.records)
        let edit = RecordChanges(replaced: [1: Array("{\"title\": \"mine\"}".utf8)])
        let cases: [(FileSystemStep, Int32, SaveFailure.Reason, String)] = [
            (.write, ENOSPC, .diskFull, "The disk is full"),
            (.fsync, EIO, .other, "flushing it to the disk failed"),
            (.exchange, EXDEV, .other, "it cannot be replaced"),
        ]
        for (step, errorCode, reason, words) in cases {
            records.fileSystem = RecordingFileSystem(failing: step, with: errorCode)
            do {
                try records.save(edit)
                Issue.record("saved although \(step) failed")
            } catch {
                #expect(error.reason == reason)
                #expect(error.message.contains(words), "\(error.message)")
            }
            #expect(bytes(path) == original)
            #expect(leftovers(in: files.directory).isEmpty)
        }
        records.fileSystem = SystemFileSystemCalls()
        // A read-only folder (root is refused too: nobody may write it).
        chmod(files.directory.path, 0o555)
        defer { chmod(files.directory.path, 0o755) }
        do { try records.save(edit) } catch { #expect(error.reason == .readOnlyFolder) }
        chmod(files.directory.path, 0o755)
        // A file nobody may write.
        chmod(path, 0o444)
        do { try records.save(edit) } catch { #expect(error.reason == .notWritable) }
        #expect(bytes(path) == original)
        // Writable again: the save goes through, and the permissions are the file's own.
        chmod(path, 0o640)
        try records.save(edit)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        #expect(records.store.title(at: 1) == "mine")
        #expect(leftovers(in: files.directory).isEmpty)
    }

    @Test("a crash between flushing the new file and renaming it leaves the old file whole; the next save works")
    func crashBeforeRename() throws {
        let file = try LoadedFile(count: 50)
        let (path, original, records) = (file.path, file.original, file.records)
        // The process model stops at the exchange: no call after it is made, no cleanup runs.
        let crashing = RecordingFileSystem(stoppingAt: .exchange)
        records.fileSystem = crashing
        _ = try? records.save(RecordChanges(replaced: [0: Array("{\"title\": \"lost\"}".utf8)]))
        #expect(crashing.hasStopped)
        #expect(crashing.calls.contains { $0.step == .fsync }, "the new file was flushed before the crash")
        #expect(bytes(path) == original, "the file is the old one, byte for byte")
        // The next save works, whatever the crash left behind.
        let reread = try DataFileRecords.loaded(from: path)
        try reread.save(RecordChanges(replaced: [0: Array("{\"title\": \"after\"}".utf8)]))
        #expect(reread.store.title(at: 0) == "after")
    }

    @Test("a file opened through a symbolic link is saved through it: the link stays a link")
    func symbolicLink() throws {
        let files = TemporaryFiles()
        let target = files.write(Self.recordFile(count: 2))
        let link = files.directory.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let records = try DataFileRecords.loaded(from: link)
        try records.save(RecordChanges(replaced: [0: Array("{\"title\": \"linked\"}".utf8)]))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        #expect(try JSONRecordStore.load(path: target).title(at: 0) == "linked")
    }

    @Test("strings are written as JSON strings, control characters escaped")
    func quoting() {
        #expect(String(decoding: JSONValue.string("a\"b\\c\nd\u{1}é").bytes, as: UTF8.self) == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }
}

import Foundation
import Testing
@testable import TUI

/// What one writer learns of the other, across threads.
private final class SecondWriter: @unchecked Sendable {
    let atTheLock = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    var failure: SaveFailure?
    var saved = false
}

/// Two writers saving one file at once take turns: the second waits for the first, finds the
/// file changed and is refused with its edit kept, instead of both passing the identity check
/// and one edit being lost (issue 24's first case).
@Suite("Two writers of one file take turns")
struct TwoWritersTests {
    private func bytes(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test("a second save that starts while the first is about to rename is refused, never both saved")
    func theSecondWriterIsRefusedNotLost() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}, {"title": "two"}]"#)
        let first = DataFileRecords(store: try JSONRecordStore.load(path: path), path: path)
        let second = DataFileRecords(store: try JSONRecordStore.load(path: path), path: path)
        let writer = SecondWriter()
        let firstCalls = RecordingFileSystem(), secondCalls = RecordingFileSystem()
        secondCalls.beforeCall = { call in if call.step == .lockFolder { writer.atTheLock.signal() } }
        var started = false
        firstCalls.beforeCall = { call in
            guard call.step == .rename, !started else { return }
            started = true
            // The second writer saves now, on its own thread; the first goes on once the
            // second waits for the folder (or, were there no lock, has saved).
            nonisolated(unsafe) let second = second
            Thread {
                do {
                    try second.save(RecordChanges(replaced: [1: Array(#"{"title": "second's"}"#.utf8)]))
                    writer.saved = true
                } catch {
                    writer.failure = error as? SaveFailure
                }
                writer.atTheLock.signal()
                writer.done.signal()
            }.start()
            writer.atTheLock.wait()
        }
        first.fileSystem = firstCalls
        second.fileSystem = secondCalls
        try first.save(RecordChanges(replaced: [0: Array(#"{"title": "first's"}"#.utf8)]))
        writer.done.wait()
        #expect(!writer.saved, "the second save does not pass: it would have overwritten the first")
        #expect(writer.failure?.reason == .changedOnDisk, "it is refused as a change on disk: \(String(describing: writer.failure))")
        #expect(bytes(path) == #"[{"title": "first's"}, {"title": "two"}]"#, "the first's edit is in the file")
        #expect(second.store.title(at: 1) == "two", "the refused writer's records are as they were: its edit stays in its form")
        _ = files
    }

    @Test("the lock is taken before the identity check and let go after the rename")
    func theLockSpansTheCheckAndTheRename() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let records = DataFileRecords(store: try JSONRecordStore.load(path: path), path: path)
        let calls = RecordingFileSystem()
        records.fileSystem = calls
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "new"}"#.utf8)]))
        let steps = calls.calls.map(\.step)
        let lock = try #require(steps.firstIndex(of: .lockFolder))
        let check = try #require(steps.firstIndex(of: .stat))
        let rename = try #require(steps.firstIndex(of: .rename))
        let unlock = try #require(steps.lastIndex(of: .unlockFolder))
        #expect(lock < check && rename < unlock, "\(calls.calls)")
        _ = files
    }

    @Test("book edits from two instances when no changes file exists yet: the second is refused, not written over the first")
    func aFirstChangesFileIsNotReplaced() throws {
        let files = TemporaryFiles()
        let books = files.write(#"[{"title": "Emma", "author": "Jane Austen"}, {"title": "Ulysses", "author": "James Joyce"}]"#, named: "books.json")
        let changes = files.directory.appendingPathComponent("book-changes.json").path
        let first = BundledBookRecords(bundled: try JSONRecordStore.load(path: books), changesPath: changes)
        let second = BundledBookRecords(bundled: try JSONRecordStore.load(path: books), changesPath: changes)
        try first.save(RecordChanges(replaced: [0: Array(#"{"title": "Emma (first's)", "author": "Jane Austen"}"#.utf8)]))
        do {
            try second.save(RecordChanges(replaced: [1: Array(#"{"title": "Ulysses (second's)", "author": "James Joyce"}"#.utf8)]))
            Issue.record("the second instance's save replaced the first's changes file")
        } catch {
            #expect(error.reason == .changedOnDisk)
            #expect(error.message.contains("was made by another program"), "\(error.message)")
        }
        #expect(bytes(changes).contains("first's") && !bytes(changes).contains("second's"), "\(bytes(changes))")
        // The first instance goes on saving over its own file.
        try first.save(RecordChanges(replaced: [1: Array(#"{"title": "Ulysses (first's)", "author": "James Joyce"}"#.utf8)]))
        #expect(bytes(changes).contains("Ulysses (first's)"))
    }

    @Test("a temporary file a crashed save left behind is removed by the next save of that file, and only that file's")
    func aCrashsLeftoverIsRemoved() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let leftover = files.write("half a file", named: ".data.json.saving-Ab12Cd")
        let another = files.write("someone else's", named: ".other.json.saving-Ab12Cd")
        let records = DataFileRecords(store: try JSONRecordStore.load(path: path), path: path)
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "new"}"#.utf8)]))
        #expect(!FileManager.default.fileExists(atPath: leftover), "the crash's temporary file is gone")
        #expect(FileManager.default.fileExists(atPath: another), "another file's is not this save's to remove")
        #expect(bytes(path) == #"[{"title": "new"}]"#)
    }
}

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
@MainActor
@Suite("Two writers of one file take turns")
struct TwoWritersTests {
    private func bytes(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test("a second save that starts while the first is about to rename is refused, never both saved")
    func theSecondWriterIsRefusedNotLost() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}, {"title": "two"}]"#)
        let first = try DataFileRecords.loaded(from: path)
        let second = try DataFileRecords.loaded(from: path)
        let writer = SecondWriter()
        let firstCalls = RecordingFileSystem(), secondCalls = RecordingFileSystem()
        secondCalls.beforeCall = { call in if call.step == .lockFolder { writer.atTheLock.signal() } }
        first.fileSystem = firstCalls
        second.fileSystem = secondCalls
        // Made ready here, run on a thread of its own, as the app's background save runs it.
        let secondSave = try second.prepareSave(RecordChanges(replaced: [1: Array(#"{"title": "second's"}"#.utf8)]))
        var started = false
        firstCalls.beforeCall = { call in
            guard call.step.replacesFile, !started else { return }
            started = true
            // The second writer saves now, on its own thread; the first goes on once the
            // second waits for the folder (or, were there no lock, has saved).
            Thread {
                do {
                    _ = try secondSave.run()
                    writer.saved = true
                } catch {
                    writer.failure = error as? SaveFailure
                }
                writer.atTheLock.signal()
                writer.done.signal()
            }.start()
            writer.atTheLock.wait()
        }
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
        let records = try DataFileRecords.loaded(from: path)
        let calls = RecordingFileSystem()
        records.fileSystem = calls
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "new"}"#.utf8)]))
        try calls.expectLockHeldFromFirstLookToRename()
        _ = files
    }

    /// Two books bundled in a folder of their own (removed when this goes), read by two
    /// instances of the app before either has saved: no changes file yet.
    @MainActor
    private struct TwoInstances {
        let files = TemporaryFiles()
        /// The book changes file both instances write.
        let changes: String
        /// Reads the books as another instance starting now would.
        let make: () throws -> BundledBookRecords
        let first: BundledBookRecords, second: BundledBookRecords

        init() throws {
            let books = files.write(#"[{"title": "Emma", "author": "Jane Austen"}, {"title": "Ulysses", "author": "James Joyce"}]"#, named: "books.json")
            let changes = files.directory.appendingPathComponent("book-changes.json").path
            make = { BundledBookRecords(bundled: try JSONRecordStore.load(path: books), changesPath: changes) }
            self.changes = changes
            first = try make()
            second = try make()
        }
    }

    private func edit(_ index: Int, _ title: String, _ author: String) -> RecordChanges {
        RecordChanges(replaced: [index: Array(#"{"title": "\#(title)", "author": "\#(author)"}"#.utf8)])
    }

    @Test("book edits of two instances to different books are merged, whether the changes file existed or not; each instance then shows both")
    func bookEditsToDifferentBooksAreMerged() throws {
        let instances = try TwoInstances()
        let (changes, make, first, second) = (instances.changes, instances.make, instances.first, instances.second)
        // No changes file yet: the first makes it, the second merges into it.
        try first.save(edit(0, "Emma (first's)", "Jane Austen"))
        try second.save(edit(1, "Ulysses (second's)", "James Joyce"))
        #expect(bytes(changes).contains("Emma (first's)") && bytes(changes).contains("Ulysses (second's)"), "\(bytes(changes))")
        #expect(second.store.title(at: 0) == "Emma (first's)", "the second instance's books show the first's edit")
        // The file exists now, changed by the second since the first read it: merged again.
        try first.save(RecordChanges(added: [Array(#"{"title": "Added", "author": "Me"}"#.utf8)]))
        #expect(bytes(changes).contains("Ulysses (second's)") && bytes(changes).contains("Added"), "\(bytes(changes))")
        #expect(first.store.title(at: 1) == "Ulysses (second's)")
        #expect(try make().store.count == 3, "a new instance reads all three changes")
    }

    @Test("book edits of two instances to the same book: the second is refused with its edit kept, the first's stays")
    func bookEditsToTheSameBookAreRefused() throws {
        let instances = try TwoInstances()
        let (changes, first, second) = (instances.changes, instances.first, instances.second)
        // Whether or not the changes file existed when the second read it.
        try first.save(edit(0, "Emma (first's)", "Jane Austen"))
        for attempt in 0 ..< 2 {
            do {
                try second.save(edit(0, "Emma (second's \(attempt))", "Jane Austen"))
                Issue.record("the second instance's edit replaced the first's edit of the same book")
            } catch {
                #expect(error.reason == .changedOnDisk)
                #expect(error.message.contains("“Emma” by Jane Austen"), "\(error.message)")
            }
            #expect(bytes(changes).contains("Emma (first's)") && !bytes(changes).contains("second's"), "\(bytes(changes))")
            #expect(second.store.title(at: 0) == "Emma", "the refused instance's books are as they were")
            try first.save(edit(1, "Ulysses (first's \(attempt))", "James Joyce"))
        }
    }

    @Test("a Save As to a new path that another program makes while the save starts is refused: its file is not written over")
    func aSaveAsToAPathMadeMeanwhileIsRefused() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let newPath = files.directory.appendingPathComponent("copy.json").path
        let records = try DataFileRecords.loaded(from: path)
        // The path is free when Save As checks it; the other program writes it just before
        // the save takes the folder's lock.
        let calls = RecordingFileSystem()
        calls.beforeCall = { call in
            if case .lockFolder = call, !FileManager.default.fileExists(atPath: newPath) {
                _ = FileManager.default.createFile(atPath: newPath, contents: Data("theirs".utf8))
            }
        }
        records.fileSystem = calls
        do {
            try records.saveAs(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]), to: newPath)
            Issue.record("saved over a file another program made")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
            #expect(error.message.contains("made by another program"), "\(error.message)")
        }
        #expect(bytes(newPath) == "theirs")
        #expect(records.path == path, "the records stay the file's")
    }

    @Test("a temporary file a crashed save left behind is removed by the next save of that file, and only that file's")
    func aCrashsLeftoverIsRemoved() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let leftover = files.write("half a file", named: ".data.json.saving-Ab12Cd")
        let another = files.write("someone else's", named: ".other.json.saving-Ab12Cd")
        let records = try DataFileRecords.loaded(from: path)
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "new"}"#.utf8)]))
        #expect(!FileManager.default.fileExists(atPath: leftover), "the crash's temporary file is gone")
        #expect(FileManager.default.fileExists(atPath: another), "another file's is not this save's to remove")
        #expect(bytes(path) == #"[{"title": "new"}]"#)
    }

    @Test("another program's rewrite of the same size that puts the modification time back is not overwritten; a change of permissions alone is")
    func aRewriteThatRestoresTheModificationTimeIsNoticed() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let records = try DataFileRecords.loaded(from: path)
        var before = stat()
        stat(path, &before)
        // Same size, other bytes, and the old modification time put back (`touch -r`).
        let theirs = #"[{"title": "ONE"}]"#
        try theirs.write(toFile: path, atomically: false, encoding: .utf8)
        var times = [before.st_atim, before.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(try #require(FileIdentity.of(path)).differsAtMostInChangeTime(from: try #require(records.store.identity)))
        do {
            try records.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
            Issue.record("saved over another program's rewrite")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(bytes(path) == theirs)
        // The same bytes as read, only the change time moved (chmod, a hard link): saved.
        let other = files.write(#"[{"title": "two"}]"#, named: "other.json")
        let otherRecords = try DataFileRecords.loaded(from: other)
        chmod(other, 0o640)
        link(other, other + ".link")
        try otherRecords.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
        #expect(bytes(other) == #"[{"title": "mine"}]"#)
    }

    @Test("at start, what killed saves left beside the data file, the book changes and the state file is removed before anything is read; other files stay")
    func aStartRemovesLeftovers() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "one"}]"#)
        let leftovers = [files.write("half", named: ".data.json.saving-Ab12Cd"), files.write("half", named: ".book-changes.json.saving-Xy34Zw"),
                         files.write("half", named: ".state.json.saving-Qr56St")]
        let others = [files.write("keep", named: ".data.json.saving-toolong"), files.write("keep", named: ".other.json.saving-Ab12Cd")]
        _ = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        #expect(!FileManager.default.fileExists(atPath: leftovers[0]), "the data file's leftover is gone at start")
        #expect(FileManager.default.fileExists(atPath: leftovers[1]) && FileManager.default.fileExists(atPath: leftovers[2]))
        _ = BundledBookRecords(bundled: try JSONRecordStore.load(path: path), changesPath: files.directory.appendingPathComponent("book-changes.json").path)
        #expect(!FileManager.default.fileExists(atPath: leftovers[1]), "the book changes' leftover is gone at start")
        _ = StateStore(url: files.directory.appendingPathComponent("state.json")).load()
        #expect(!FileManager.default.fileExists(atPath: leftovers[2]), "the state file's leftover is gone at start")
        #expect(others.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "names that are not a save's of these files stay")
        #expect(bytes(path) == #"[{"title": "one"}]"#)
    }
}

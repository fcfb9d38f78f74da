import Foundation
import Testing
@testable import TUI

/// The one choice of how a save writes (``SaveWriter/choose(for:of:to:)``), and the lock every
/// save holds from what it finds to the rename, whichever writer it is.
@MainActor
@Suite("The save writer: one choice of edits, splice or a new file, under one lock")
struct SaveWriterTests {
    private let text = "[\n  {\"title\": \"A\", \"n\": 1},\n  {\"title\": \"B\", \"n\": 2}\n]\n"

    enum Kind: Equatable, Sendable { case edits, splice, newFile }

    private func kind(_ writer: SaveWriter) -> Kind {
        switch writer {
        case .edits: .edits
        case .splice: .splice
        case .newFile: .newFile
        }
    }

    private func loaded(_ text: String, _ files: TemporaryFiles) throws -> (store: JSONRecordStore, path: String, identity: FileIdentity) {
        let path = files.write(text)
        let store = try JSONRecordStore.load(path: path)
        return (store, path, try #require(store.identity))
    }

    private func bytes(_ path: String) -> [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }

    @Test("a change to records of the file read is written by its edits: a form's Save, an add, a delete, several deleted")
    func changesToTheFileReadAreWrittenByTheirEdits() throws {
        let files = TemporaryFiles()
        let (store, path, identity) = try loaded(text, files)
        for changes in [RecordChanges(replaced: [1: Array(#"{"title": "C"}"#.utf8)]), RecordChanges(added: [Array(#"{"title": "D"}"#.utf8)]),
                        RecordChanges(deleted: [0]), RecordChanges(deleted: [0, 1])] {
            #expect(kind(.choose(for: changes, of: store, to: .readFile(path: path, identity: identity))) == .edits, "\(changes)")
        }
    }

    @Test("changes the store cannot take from the file written are spliced and read back whole: none, a record not there, a member record deleted")
    func changesTheStoreCannotTakeAreSpliced() throws {
        let files = TemporaryFiles()
        let (store, path, identity) = try loaded(text, files)
        for changes in [RecordChanges(), RecordChanges(replaced: [7: Array(#"{"title": "C"}"#.utf8)]), RecordChanges(deleted: [-1])] {
            #expect(kind(.choose(for: changes, of: store, to: .readFile(path: path, identity: identity))) == .splice, "\(changes)")
        }
        let members = try loaded(#"{"alice": {"age": 1}, "bob": {"age": 2}}"#, files)
        let destination = SaveDestination.readFile(path: members.path, identity: members.identity)
        #expect(kind(.choose(for: RecordChanges(deleted: [0]), of: members.store, to: destination)) == .splice)
        #expect(kind(.choose(for: RecordChanges(replaced: [0: Array(#"{"age": 3}"#.utf8)]), of: members.store, to: destination)) == .edits)
    }

    @Test("Save As writes a new file whole: the records with the changes spliced in, refused over any file, made readable by others")
    func saveAsWritesANewFile() throws {
        let files = TemporaryFiles()
        let (store, _, _) = try loaded(text, files)
        let changes = RecordChanges(replaced: [0: Array(#"{"title": "Z"}"#.utf8)])
        let newPath = files.directory.appendingPathComponent("copy.json").path
        guard case .newFile(let file) = SaveWriter.choose(for: changes, of: store, to: .newFile(path: newPath)) else {
            Issue.record("Save As is not a new file")
            return
        }
        #expect(file.bytes == store.splicing(changes))
        #expect(file.records == file.bytes)
        #expect(file.path == newPath)
        #expect(file.expecting == nil)
        #expect(file.mode == 0o644)
    }

    @Test("the changes to the bundled books are a file written whole over the one found under the lock, the records being the merge")
    func bookChangesAreWrittenWhole() throws {
        let files = TemporaryFiles()
        let (store, path, identity) = try loaded(text, files)
        let changes = Array("[]\n".utf8), records = Array(text.utf8)
        let destination = SaveDestination.bookChanges(path: path, found: identity, changes: changes, records: records)
        guard case .newFile(let file) = SaveWriter.choose(for: RecordChanges(deleted: [0]), of: store, to: destination) else {
            Issue.record("the book changes are not written whole")
            return
        }
        #expect(file.bytes == changes)
        #expect(file.records == records)
        #expect(file.expecting == identity)
        #expect(file.mode == 0o600)
    }

    @Test("each writer writes the records with the changes, and returns them as the file now holds them", arguments: [Kind.edits, .splice, .newFile])
    func eachWriterWritesTheChanges(kind: Kind) throws {
        let files = TemporaryFiles()
        let (store, path, identity) = try loaded(text, files)
        let changes = RecordChanges(replaced: [1: Array(#"{"title": "C", "n": 3}"#.utf8)], added: [Array(#"{"title": "D"}"#.utf8)])
        let expected = store.splicing(changes)
        let splice = SaveWriter.Splice(records: store, changes: changes, path: path, identity: identity)
        let newPath = files.directory.appendingPathComponent("new.json").path
        let writer: SaveWriter = switch kind {
        case .edits: .edits(splice)
        case .splice: .splice(splice)
        case .newFile: .choose(for: changes, of: store, to: .newFile(path: newPath))
        }
        let saved = try writer.write(fileSystem: SystemFileSystemCalls())
        let written = kind == .newFile ? newPath : path
        #expect(saved.path == written)
        #expect(bytes(written) == expected)
        #expect(saved.identity == FileIdentity.of(written))
        let records = try #require(saved.records)
        #expect((0 ..< records.count).map { records.title(at: $0) } == ["A", "C", "D"])
    }

    @Test("every writer refuses a file changed since it was read, and writes nothing", arguments: [Kind.edits, .splice, .newFile])
    func everyWriterRefusesAChangedFile(kind: Kind) throws {
        let files = TemporaryFiles()
        let (store, path, identity) = try loaded(text, files)
        let changes = RecordChanges(replaced: [0: Array(#"{"title": "Z"}"#.utf8)])
        let other = Array(#"[{"title": "another program's"}]"#.utf8) + Array("\n".utf8)
        try #require(FileManager.default.createFile(atPath: path, contents: Data(other)), "another program rewrites the file")
        let splice = SaveWriter.Splice(records: store, changes: changes, path: path, identity: identity)
        let writer: SaveWriter = switch kind {
        case .edits: .edits(splice)
        case .splice: .splice(splice)
        // A new file over one that is there now.
        case .newFile: .choose(for: changes, of: store, to: .newFile(path: path))
        }
        #expect(throws: SaveFailure.self) { try writer.write(fileSystem: SystemFileSystemCalls()) }
        #expect(bytes(path) == other)
    }

    @Test("every save holds its folder's lock from the first look at the file to the rename, books and Save As too", arguments: [Kind.edits, .splice, .newFile])
    func everySaveHoldsTheLock(kind: Kind) throws {
        let files = TemporaryFiles()
        let (store, path, _) = try loaded(text, files)
        let records = DataFileRecords(store: store, path: path)
        let recording = RecordingFileSystem()
        records.fileSystem = recording
        switch kind {
        case .edits: try records.save(RecordChanges(replaced: [0: Array(#"{"title": "Z"}"#.utf8)]))
        case .splice: try records.save(RecordChanges())
        case .newFile: try records.saveAs(RecordChanges(), to: files.directory.appendingPathComponent("as.json").path)
        }
        try recording.expectLockHeldFromFirstLookToRename()
        let calls = recording.calls
        #expect(calls.filter { $0.step == .lockFolder }.count == 1, "one lock, taken once: \(calls)")
    }
}

extension SaveWriterTests {
    @Test("a change to the bundled books holds the same lock from the look at the file of changes to its rename")
    func bookChangesHoldTheSameLock() throws {
        let files = TemporaryFiles()
        let books = files.write(#"[{"title": "Emma", "author": "Jane Austen"}, {"title": "Ulysses", "author": "James Joyce"}]"#)
        let changesPath = files.directory.appendingPathComponent("changes/book-changes.json").path
        let records = BundledBookRecords(bundled: try JSONRecordStore.load(path: books), changesPath: changesPath)
        let recording = RecordingFileSystem()
        records.fileSystem = recording
        try records.save(RecordChanges(deleted: [1]))
        try recording.expectLockHeldFromFirstLookToRename()
        #expect(records.store.count == 1)
    }
}

extension SaveWriterTests {
    @Test("records read with lone surrogate escapes as U+FFFD are spliced and read back whole, not written by their edits")
    func loneSurrogatesAreSpliced() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "\ud800 A"}, {"title": "B"}]"# + "\n")
        let store = try JSONRecordStore.load(path: path, options: .init(strict: false))
        #expect(store.replacementCount > 0)
        let changes = RecordChanges(replaced: [1: Array(#"{"title": "C"}"#.utf8)])
        #expect(kind(.choose(for: changes, of: store, to: .readFile(path: path, identity: try #require(store.identity)))) == .splice)
    }
}

import Foundation
import Testing
@testable import TUI

/// Another program, which takes no lock of ours, writing the file at the last moment of a
/// save (issue 40): the save checks the file again just before it replaces it, exchanges the
/// two in one step and checks that the file it displaced is the one it found; a file that
/// another program put there or rewrote meanwhile is exchanged back, that program's bytes
/// stay at the path as it left them, and the save is refused with the edit kept. The other
/// program runs inside the recording file system's `beforeCall`, at the exchange (or the
/// rename) itself: after every check a save could make before it.
@MainActor
@Suite("Atomic save: another program writing just before the file is replaced")
struct AtomicSaveOtherProgramTests {
    /// Whether two files in the temporary folder can be exchanged in one step: not under
    /// `TABLEKIT_PORTABLE` (`make test-portable`), nor on a file system without
    /// `RENAME_EXCHANGE`, where saves take the fallback the other tests here check.
    nonisolated static let canExchange: Bool = {
        let files = TemporaryFiles()
        let first = files.write("1", named: "first"), second = files.write("2", named: "second")
        return (try? SystemFileSystemCalls().exchange(first, second)) != nil
    }()

    private let old = Array(#"[{"title": "old"}]"#.utf8) + [10]
    private let new = Array(#"[{"title": "new", "year": 2026}]"#.utf8) + [10]
    private let others = Array(#"[{"title": "the other program's"}]"#.utf8) + [10]

    /// A folder with one file of `old` bytes, and the file's path as a save names it.
    private func makeFile(mode: mode_t = 0o640) -> (files: TemporaryFiles, path: String, folder: String) {
        let files = TemporaryFiles()
        let path = URL(fileURLWithPath: files.write(String(decoding: old, as: UTF8.self))).resolvingSymlinksInPath().path
        chmod(path, mode)
        return (files, path, URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    private func bytes(_ path: String) -> [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }

    private func temporaries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".saving-") }
    }

    /// Another program's save the way editors make it: its bytes to a file of its own, renamed
    /// over `path` (a new inode at the path).
    private func replaceByRename(_ path: String, with bytes: [UInt8]) {
        let own = path + ".other"
        #expect(FileManager.default.createFile(atPath: own, contents: Data(bytes)))
        #expect(Glibc.rename(own, path) == 0)
    }

    /// Another program's write into the file itself (`>` in a shell): the same inode, new bytes.
    private func rewriteInPlace(_ path: String, with bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        close(descriptor)
    }

    /// A file system on which `otherProgram` runs once, just before the first call of `step`.
    private func fileSystem(otherProgramAt step: FileSystemStep, _ otherProgram: @escaping () -> Void) -> RecordingFileSystem {
        let fileSystem = RecordingFileSystem()
        var hasRun = false
        fileSystem.beforeCall = { call in
            guard call.step == step, !hasRun else { return }
            hasRun = true
            otherProgram()
        }
        return fileSystem
    }

    /// The file as it was read: what a save of the records read from it expects.
    private func asRead(_ path: String) throws -> FileExpectation {
        .identity(try #require(FileIdentity.of(path)), contents: nil)
    }

    enum OtherWrite: String, CaseIterable, Sendable {
        case renamedOver = "renamed over the file"
        case writtenInPlace = "written into the file"
    }

    private func write(_ kind: OtherWrite, _ path: String) {
        switch kind {
        case .renamedOver: replaceByRename(path, with: others)
        case .writtenInPlace: rewriteInPlace(path, with: others)
        }
    }

    @Test("a file another program writes just before the exchange is exchanged back: the save is refused, the other's bytes stay at the path",
          .enabled(if: canExchange, "no RENAME_EXCHANGE here"), arguments: OtherWrite.allCases)
    func anotherProgramsWriteJustBeforeTheExchangeIsKept(_ kind: OtherWrite) throws {
        let (files, path, folder) = makeFile()
        let expectation = try asRead(path)
        let fileSystem = fileSystem(otherProgramAt: .exchange) { write(kind, path) }
        do {
            try AtomicFile.write(new, to: path, expecting: expectation, fileSystem: fileSystem)
            Issue.record("saved over another program's write: \(fileSystem.calls)")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
            #expect(error.message.contains("changed on disk"), "\(error.message)")
        }
        #expect(bytes(path) == others, "the other program's bytes are at the path, as it left them")
        let exchanges = fileSystem.calls.filter { $0.step == .exchange }
        #expect(exchanges.count == 2, "exchanged, then exchanged back: \(fileSystem.calls)")
        #expect(!fileSystem.calls.contains { $0.step == .rename }, "\(fileSystem.calls)")
        #expect(temporaries(in: folder).isEmpty, "the save's own file is removed: \(fileSystem.calls)")
        _ = files
    }

    @Test("the records of a refused save stay as they were (the edit is kept in its form), and the other program's file stays")
    func theEditIsKeptWhenAnotherProgramWroteAtTheExchange() throws {
        let (files, path, _) = makeFile()
        let records = try DataFileRecords.loaded(from: path)
        records.fileSystem = fileSystem(otherProgramAt: .exchange) { replaceByRename(path, with: others) }
        do {
            try records.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
            Issue.record("saved over another program's write")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(bytes(path) == others)
        #expect(records.store.title(at: 0) == "old", "the records are the ones read: the edit stays to be re-applied")
        _ = files
    }

    @Test("a rewrite during the flush that puts the modification time back is found just before the exchange (only the change time tells)")
    func aRewriteThatHidesItsTimeIsFoundBeforeTheExchange() throws {
        let (files, path, _) = makeFile()
        let records = try DataFileRecords.loaded(from: path)
        // Same size as the old bytes, its modification time set back (as `cp -p` or `touch -r` do).
        let sameSize = Array(#"[{"title": "OLD"}]"#.utf8) + [10]
        let recording = RecordingFileSystem()
        var hasRun = false
        recording.beforeCall = { call in
            guard case .fsync = call, !hasRun else { return }
            hasRun = true
            var info = stat()
            stat(path, &info)
            rewriteInPlace(path, with: sameSize)
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        records.fileSystem = recording
        do {
            try records.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
            Issue.record("saved over another program's rewrite: \(recording.calls)")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(bytes(path) == sameSize)
        #expect(!recording.calls.contains { $0.step.replacesFile }, "refused before anything replaced the file: \(recording.calls)")
        _ = files
    }

    @Test("a file whose change time alone moved since it was read (chmod) is compared byte for byte once, not again just before the exchange")
    func bytesAreComparedOnce() throws {
        let (files, path, _) = makeFile()
        let records = try DataFileRecords.loaded(from: path)
        let read = try #require(FileIdentity.of(path))
        // New permissions move the change time (once the clock has ticked: it is coarse).
        var turn = 0
        while FileIdentity.of(path) == read, turn < 100_000 {
            chmod(path, turn.isMultiple(of: 2) ? 0o600 : 0o640)
            turn += 1
        }
        try #require(FileIdentity.of(path) != read, "the change time did not move")
        let recording = RecordingFileSystem()
        records.fileSystem = recording
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
        #expect(recording.calls.filter { $0 == .openForReading(path) }.count == 1, "\(recording.calls)")
        #expect(records.store.title(at: 0) == "mine")
        _ = files
    }

    @Test("where the file system cannot exchange, the file is checked again after the attempt and just before the rename",
          arguments: [EINVAL, ENOSYS, EOPNOTSUPP])
    func withoutAnExchangeTheFileIsCheckedJustBeforeTheRename(_ error: Int32) throws {
        let (files, path, folder) = makeFile()
        let expectation = try asRead(path)
        let fileSystem = fileSystem(otherProgramAt: .exchange) { replaceByRename(path, with: others) }
        fileSystem.failure = { $0.step == .exchange ? error : nil }
        do {
            try AtomicFile.write(new, to: path, expecting: expectation, fileSystem: fileSystem)
            Issue.record("saved over another program's write: \(fileSystem.calls)")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(bytes(path) == others)
        #expect(!fileSystem.calls.contains { $0.step == .rename }, "\(fileSystem.calls)")
        #expect(temporaries(in: folder).isEmpty)

        // Nobody else writing: the save goes through by rename.
        let quiet = RecordingFileSystem()
        quiet.failure = { $0.step == .exchange ? error : nil }
        let saved = try AtomicFile.write(new, to: path, expecting: try asRead(path), fileSystem: quiet)
        #expect(bytes(path) == new)
        #expect(saved == FileIdentity.of(path))
        let exchange = try #require(quiet.calls.firstIndex { $0.step == .exchange })
        let rename = try #require(quiet.calls.firstIndex { $0.step == .rename }, "\(quiet.calls)")
        let check = try #require(quiet.calls[..<rename].lastIndex(of: .stat(path)), "\(quiet.calls)")
        #expect(exchange < check && check < rename, "the exchange is tried, the file checked, then renamed: \(quiet.calls)")
        #expect(temporaries(in: folder).isEmpty)
        _ = files
    }

    @Test("a file another program makes where a new file goes, just before the rename, is not replaced", arguments: [0, EINVAL])
    func aNewFileDoesNotReplaceOneMadeMeanwhile(_ error: Int32) throws {
        let files = TemporaryFiles()
        let folder = URL(fileURLWithPath: files.directory.path).resolvingSymlinksInPath().path
        let path = folder + "/new.json"
        let fileSystem = fileSystem(otherProgramAt: .renameWithoutReplacing) { replaceByRename(path, with: others) }
        if error != 0 { fileSystem.failure = { $0.step == .renameWithoutReplacing ? error : nil } }
        do {
            try AtomicFile.write(new, to: path, expecting: .absent, fileSystem: fileSystem)
            Issue.record("saved over a file another program made: \(fileSystem.calls)")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
            #expect(error.message.contains("made by another program"), "\(error.message)")
        }
        #expect(bytes(path) == others)
        #expect(!fileSystem.calls.contains { $0.step == .rename }, "\(fileSystem.calls)")
        #expect(temporaries(in: folder).isEmpty)
    }

    @Test("a file already where a new file goes is refused by the first check, before anything is written")
    func aFileFoundWhereANewFileGoesIsRefusedFirst() throws {
        let files = TemporaryFiles()
        let path = URL(fileURLWithPath: files.write(String(decoding: others, as: UTF8.self), named: "new.json")).resolvingSymlinksInPath().path
        let fileSystem = RecordingFileSystem()
        do {
            try AtomicFile.write(new, to: path, expecting: .absent, fileSystem: fileSystem)
            Issue.record("saved over a file another program made: \(fileSystem.calls)")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(!fileSystem.calls.contains { $0.step == .mkstemp }, "nothing is written: \(fileSystem.calls)")
        #expect(bytes(path) == others)
    }

    @Test("an exchange that goes through keeps the file's permissions and owner, and removes the file it displaced",
          .enabled(if: canExchange, "no RENAME_EXCHANGE here"))
    func theExchangeKeepsModeAndOwner() throws {
        let (files, path, folder) = makeFile(mode: 0o604)
        let asRoot = geteuid() == 0
        if asRoot { #expect(chown(path, 4242, 4343) == 0) }
        let inodeBefore = try #require(FileIdentity.of(path)).inode
        let expectation = try asRead(path)
        let fileSystem = RecordingFileSystem()
        let saved = try AtomicFile.write(new, to: path, expecting: expectation, fileSystem: fileSystem)
        let calls = fileSystem.calls
        let exchange = try #require(calls.firstIndex { $0.step == .exchange }, "\(calls)")
        guard case let .exchange(temporary, destination) = calls[exchange] else { return }
        #expect(destination == path)
        let mode = try #require(calls.firstIndex(of: .fchmod(temporary, 0o604)), "\(calls)")
        #expect(mode < exchange)
        #expect(calls.filter { $0.step == .exchange }.count == 1, "\(calls)")
        let removed = try #require(calls.firstIndex(of: .unlink(temporary)), "the displaced file is removed: \(calls)")
        let flush = try #require(calls.lastIndex(of: .fsync(folder)), "\(calls)")
        #expect(exchange < removed && removed < flush, "exchange, remove the old file, flush the folder: \(calls)")
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o604)
        if asRoot { #expect(info.st_uid == 4242 && info.st_gid == 4343) }
        #expect(info.st_ino != inodeBefore, "the file is replaced, not written in place")
        #expect(saved == FileIdentity.of(path))
        #expect(bytes(path) == new)
        #expect(temporaries(in: folder).isEmpty)
        _ = files
    }

    @Test("an exchange back that fails leaves the other program's file beside the path, named in the message, not removed",
          .enabled(if: canExchange, "no RENAME_EXCHANGE here"))
    func aFailedExchangeBackRemovesNothing() throws {
        let (files, path, folder) = makeFile()
        let expectation = try asRead(path)
        let fileSystem = fileSystem(otherProgramAt: .exchange) { replaceByRename(path, with: others) }
        fileSystem.failure = { call in
            if case .exchange = call, fileSystem.calls.filter({ $0.step == .exchange }).count == 2 { return EIO }
            return nil
        }
        do {
            try AtomicFile.write(new, to: path, expecting: expectation, fileSystem: fileSystem)
            Issue.record("saved over another program's write")
        } catch {
            #expect(error.reason == .changedOnDisk)
            #expect(error.message.contains("could not be put back"), "\(error.message)")
        }
        let left = temporaries(in: folder)
        #expect(left.count == 1, "\(fileSystem.calls)")
        #expect(left.first.map { bytes(folder + "/" + $0) } == others, "the other program's file is kept, under the name in the message")
        _ = files
    }
}

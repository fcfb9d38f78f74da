import Foundation
import Testing
@testable import TUI

/// Each step of the atomic write, read from the system calls a save makes (through a
/// recording ``FileSystemCalls``): the bytes go to a temporary file in the same folder, which
/// is flushed before it is renamed over the file, and the folder is flushed after; the file's
/// permissions and owner are kept; a step that fails, or a crash at any step, leaves the old
/// file byte for byte.
@MainActor
@Suite("Atomic save: the steps of the write, read from its system calls")
struct AtomicSaveStepsTests {
    private let old = Array("[{\"title\": \"old\"}]\n".utf8)
    private let new = Array("[{\"title\": \"new\", \"year\": 2026}]\n".utf8)

    /// A folder with one file of `old` bytes, with `mode`.
    private func makeFile(mode: mode_t = 0o640) -> (files: TemporaryFiles, path: String, folder: String) {
        let files = TemporaryFiles()
        let path = files.write(String(decoding: old, as: UTF8.self))
        chmod(path, mode)
        // The path as the save names it (a temporary folder may sit behind a symbolic link).
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return (files, resolved, URL(fileURLWithPath: resolved).deletingLastPathComponent().path)
    }

    private func bytes(_ path: String) -> [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }

    private func temporaries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".saving-") }
    }

    /// The temporary file's path, as mkstemp made it.
    private func temporaryPath(_ calls: [FileSystemCall]) -> String? {
        for call in calls {
            if case let .rename(source, _) = call { return source }
            if case let .exchange(source, _) = call { return source }
            if case let .unlink(path) = call { return path }
        }
        return calls.lazy.compactMap { call -> String? in
            if case let .write(path, _) = call { return path }
            return nil
        }.first
    }

    /// A save of `new` over a file of `old` bytes, through a recording file system: the calls
    /// it made, and the file, folder and temporary file it made them on.
    private struct RecordedSave {
        let files: TemporaryFiles
        /// The file, as the save names it.
        let path: String
        let folder: String
        let calls: [FileSystemCall]
        /// The temporary file the bytes went to, as mkstemp made it.
        let temporary: String
    }

    /// Saves `new` over a file of `old` bytes with `mode`, which `prepare` is given (by its
    /// path) first.
    private func recordedSave(mode: mode_t = 0o640, prepare: (String) -> Void = { _ in }) throws -> RecordedSave {
        let (files, path, folder) = makeFile(mode: mode)
        prepare(path)
        let fileSystem = RecordingFileSystem()
        try AtomicFile.write(new, to: path, fileSystem: fileSystem)
        let temporary = try #require(temporaryPath(fileSystem.calls), "\(fileSystem.calls)")
        return RecordedSave(files: files, path: path, folder: folder, calls: fileSystem.calls, temporary: temporary)
    }

    @Test("the bytes are written to a temporary file in the same folder, never to the file itself")
    func bytesGoToATemporaryFileInTheSameFolder() throws {
        let save = try recordedSave()
        let (path, folder, calls, temporary) = (save.path, save.folder, save.calls, save.temporary)
        #expect(calls.contains(.mkstemp(folder + "/.data.json.saving-XXXXXX")), "\(calls)")
        #expect(URL(fileURLWithPath: temporary).deletingLastPathComponent().path == folder)
        let writes = calls.compactMap { call -> (String, Int)? in
            if case let .write(file, count) = call { return (file, count) }
            return nil
        }
        #expect(!writes.isEmpty)
        #expect(writes.allSatisfy { $0.0 == temporary }, "every write goes to the temporary file: \(calls)")
        #expect(writes.first?.1 == new.count, "the first write is asked for every byte")
        #expect(bytes(path) == new)
        #expect(temporaries(in: folder).isEmpty)
    }

    @Test("the temporary file is flushed after its last write and before the rename; the rename replaces the file")
    func temporaryFileIsFlushedBeforeTheRename() throws {
        var inodeBefore: UInt64?
        let save = try recordedSave { inodeBefore = FileIdentity.of($0)?.inode }
        let (path, calls, temporary) = (save.path, save.calls, save.temporary)
        let lastWrite = try #require(calls.lastIndex { $0.step == .write })
        let flush = try #require(calls.firstIndex(of: .fsync(temporary)), "the temporary file is flushed: \(calls)")
        let rename = try #require(calls.firstIndex(of: .rename(temporary, path)), "the temporary file is renamed over the file: \(calls)")
        #expect(lastWrite < flush && flush < rename, "write, then fsync, then rename: \(calls)")
        #expect(bytes(path) == new)
        #expect(try #require(FileIdentity.of(path)).inode != (try #require(inodeBefore)), "the file is replaced, not written in place")
    }

    @Test("the folder is opened and flushed after the rename, so that the rename reaches the disk")
    func folderIsFlushedAfterTheRename() throws {
        let save = try recordedSave()
        let (path, folder, calls, temporary) = (save.path, save.folder, save.calls, save.temporary)
        let rename = try #require(calls.firstIndex(of: .rename(temporary, path)))
        let open = try #require(calls.firstIndex(of: .openFolder(folder)), "the folder is opened: \(calls)")
        let flush = try #require(calls.lastIndex(of: .fsync(folder)), "the folder is flushed: \(calls)")
        #expect(rename < open && open < flush, "rename, then the folder's fsync: \(calls)")
        #expect(calls.lastIndex(of: .close(folder)).map { $0 > flush } == true, "the folder is closed after its fsync")
    }

    @Test("the file's permissions are kept: the temporary file gets them before the rename")
    func permissionsAreKept() throws {
        let save = try recordedSave(mode: 0o604)
        let (path, calls, temporary) = (save.path, save.calls, save.temporary)
        let change = try #require(calls.firstIndex(of: .fchmod(temporary, 0o604)), "\(calls)")
        let rename = try #require(calls.firstIndex(of: .rename(temporary, path)))
        #expect(change < rename)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o604)
    }

    @Test("a new file gets the mode asked for, less the umask")
    func newFileGetsTheModeLessTheUmask() throws {
        let files = TemporaryFiles()
        let path = URL(fileURLWithPath: files.directory.appendingPathComponent("new.json").path).resolvingSymlinksInPath().path
        let fileSystem = RecordingFileSystem()
        try AtomicFile.write(new, to: path, mode: 0o644, fileSystem: fileSystem)
        let mask = umask(0)
        umask(mask)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o644 & ~mask)
        #expect(bytes(path) == new)
    }

    @Test("the file's owner is kept: the temporary file is given it before the rename (as root)",
          .enabled(if: geteuid() == 0, "only root may give a file to someone else"))
    func ownerIsKept() throws {
        let save = try recordedSave { #expect(chown($0, 4242, 4343) == 0) }
        let (path, calls, temporary) = (save.path, save.calls, save.temporary)
        let change = try #require(calls.firstIndex(of: .fchown(temporary, 4242, 4343)), "\(calls)")
        let rename = try #require(calls.firstIndex(of: .rename(temporary, path)))
        #expect(change < rename)
        var info = stat()
        stat(path, &info)
        #expect(info.st_uid == 4242 && info.st_gid == 4343)
    }

    @Test("the file's group is kept when only the group differs (as root)",
          .enabled(if: geteuid() == 0, "only root may give a file to another group"))
    func groupIsKept() throws {
        let save = try recordedSave { #expect(chown($0, geteuid(), 4343) == 0) }
        #expect(save.calls.contains(.fchown(save.temporary, geteuid(), 4343)), "\(save.calls)")
        var info = stat()
        stat(save.path, &info)
        #expect(info.st_uid == geteuid() && info.st_gid == 4343)
    }

    @Test("short writes are carried on until every byte is written")
    func shortWritesAreCarriedOn() throws {
        let (files, path, _) = makeFile()
        let fileSystem = RecordingFileSystem()
        fileSystem.largestWrite = 5
        try AtomicFile.write(new, to: path, fileSystem: fileSystem)
        let writes = fileSystem.calls.compactMap { call -> Int? in
            if case let .write(_, count) = call { return count }
            return nil
        }
        #expect(writes == Array(stride(from: new.count, to: 0, by: -5)), "each write asks for the rest: \(writes)")
        #expect(bytes(path) == new)
        _ = files
    }

    /// A step that fails, the errno it fails with, the reason and the words the user reads.
    struct FailingStep: CustomTestStringConvertible, Sendable {
        var step: FileSystemStep
        var error: Int32
        var reason: SaveFailure.Reason
        var words: String
        var needsRoot = false
        var testDescription: String { "\(step.rawValue) fails (errno \(error))" }
    }

    nonisolated static let failingSteps: [FailingStep] = [
        FailingStep(step: .mkstemp, error: EACCES, reason: .readOnlyFolder, words: "is read-only: no file can be made there"),
        FailingStep(step: .mkstemp, error: EMFILE, reason: .other, words: "a file cannot be made in its folder"),
        FailingStep(step: .write, error: ENOSPC, reason: .diskFull, words: "The disk is full"),
        FailingStep(step: .write, error: EDQUOT, reason: .diskFull, words: "The disk is full"),
        FailingStep(step: .write, error: EIO, reason: .other, words: "writing failed"),
        FailingStep(step: .fsync, error: EIO, reason: .other, words: "flushing it to the disk failed"),
        FailingStep(step: .fchmod, error: EPERM, reason: .other, words: "its permissions cannot be kept"),
        FailingStep(step: .fchown, error: EPERM, reason: .other, words: "its owner cannot be kept", needsRoot: true),
        FailingStep(step: .rename, error: EXDEV, reason: .other, words: "it cannot be replaced"),
    ]

    @Test("each step that fails leaves the file byte for byte, no temporary file, and says why in words",
          arguments: failingSteps)
    func eachFailingStepLeavesTheFile(_ failing: FailingStep) throws {
        if failing.needsRoot, geteuid() != 0 { return }
        let (files, path, folder) = makeFile()
        if failing.needsRoot { chown(path, 4242, 4343) }
        let fileSystem = RecordingFileSystem(failing: failing.step, with: failing.error)
        do {
            try AtomicFile.write(new, to: path, fileSystem: fileSystem)
            Issue.record("saved although \(failing.step) failed: \(fileSystem.calls)")
        } catch {
            #expect(error.reason == failing.reason)
            #expect(error.message.contains(failing.words), "\(error.message)")
            #expect(error.message.contains(path) || error.message.contains(folder), "the message names the file or its folder")
        }
        #expect(bytes(path) == old, "the file is the old one, byte for byte")
        #expect(temporaries(in: folder).isEmpty, "no temporary file is left: \(fileSystem.calls)")
        #expect(!fileSystem.calls.contains { $0.step.replacesFile } || failing.step.replacesFile, "nothing is renamed after a failure")
        if failing.step != .mkstemp {
            let temporary = try #require(temporaryPath(fileSystem.calls))
            // Removed last, while the folder is still locked; then the lock is let go.
            #expect(fileSystem.calls.suffix(2) == [.unlink(temporary), .unlockFolder(folder)], "the temporary file is removed last: \(fileSystem.calls)")
        }
        _ = files
    }

    @Test("an interrupted write (EINTR) is tried again, and the save goes through")
    func interruptedWriteIsRetried() throws {
        let (files, path, _) = makeFile()
        let fileSystem = RecordingFileSystem(failing: .write, with: EINTR)
        try AtomicFile.write(new, to: path, fileSystem: fileSystem)
        #expect(fileSystem.calls.filter { $0.step == .write }.count == 2)
        #expect(bytes(path) == new)
        _ = files
    }

    @Test("a folder flush that fails after the rename does not undo the save", arguments: [FileSystemStep.openFolder, .fsync])
    func folderFlushFailureAfterTheRename(_ step: FileSystemStep) throws {
        let (files, path, folder) = makeFile()
        // The folder's fsync is the second one; its open the first.
        let fileSystem = RecordingFileSystem(failing: step, with: EIO, occurrence: step == .fsync ? 2 : 1)
        try AtomicFile.write(new, to: path, fileSystem: fileSystem)
        #expect(bytes(path) == new)
        #expect(temporaries(in: folder).isEmpty)
        _ = files
    }

    @Test("a crash at any step before the rename leaves the old file whole; the next save works",
          arguments: [FileSystemStep.mkstemp, .write, .fsync, .fchmod, .close, .rename])
    func crashBeforeTheRenameLeavesTheOldFile(_ step: FileSystemStep) throws {
        let (files, path, folder) = makeFile()
        let fileSystem = RecordingFileSystem(stoppingAt: step)
        _ = try? AtomicFile.write(new, to: path, fileSystem: fileSystem)
        #expect(fileSystem.hasStopped)
        #expect(!fileSystem.calls.contains { $0.step.replacesFile }, "the process stopped before the rename")
        #expect(bytes(path) == old, "the file is the old one, byte for byte")
        // Whatever the crash left behind, the next save goes through.
        try AtomicFile.write(new, to: path)
        #expect(bytes(path) == new)
        _ = (files, folder)
    }

    @Test("a crash just after the rename leaves the new file whole")
    func crashAfterTheRenameLeavesTheNewFile() throws {
        let (files, path, _) = makeFile()
        let fileSystem = RecordingFileSystem(stoppingAt: .openFolder)
        _ = try? AtomicFile.write(new, to: path, fileSystem: fileSystem)
        #expect(fileSystem.hasStopped)
        #expect(bytes(path) == new)
        _ = files
    }

    @Test("a save's bytes are checked while they are written and flushed: the check comes after the flush and before the rename, and a change that would not read back never replaces the file")
    func theReadBackGatesTheRename() throws {
        let (files, path, folder) = makeFile()
        let fileSystem = RecordingFileSystem()
        let records = try DataFileRecords.loaded(from: path)
        records.fileSystem = fileSystem
        // A good change: written, flushed, then renamed; the records are the new ones.
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "new"}"#.utf8)]))
        let calls = fileSystem.calls
        let flush = try #require(calls.firstIndex { if case .fsync = $0 { return true } else { return false } }, "\(calls)")
        let rename = try #require(calls.firstIndex { $0.step.replacesFile }, "\(calls)")
        #expect(flush < rename)
        #expect(records.store.title(at: 0) == "new")
        #expect(bytes(path) == Array(#"[{"title": "new"}]"#.utf8) + [10])

        // A change that is not JSON: written to the temporary file while it is read back,
        // then refused before the rename; the file and the records stay as they were.
        let before = bytes(path)
        let callsBefore = fileSystem.calls.count
        do {
            try records.save(RecordChanges(replaced: [0: Array(#"{"title": "broken"#.utf8)]))
            Issue.record("a change that does not read back was saved")
        } catch {
            #expect(error.message.contains("would not read back") && error.message.contains("nothing was written"), "\(error.message)")
        }
        let refused = fileSystem.calls.dropFirst(callsBefore)
        #expect(refused.contains { if case .write = $0 { return true } else { return false } }, "it was written meanwhile: \(refused)")
        #expect(!refused.contains { $0.step.replacesFile }, "\(refused)")
        #expect(bytes(path) == before)
        #expect(temporaries(in: folder).isEmpty, "the temporary file is removed")
        #expect(records.store.title(at: 0) == "new")
        _ = files
    }

}

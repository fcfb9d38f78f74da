import Foundation
import TableKit
#if canImport(Glibc)
import Glibc
#endif

/// Writing a file so that it is either the old file or the new one, whatever happens: the
/// bytes go to a temporary file in the same folder, which is flushed, given the old file's
/// permissions and owner, and put in the old file's place in one step (exchanged with the
/// file read, which must still be the one there; renamed otherwise), and the folder is
/// flushed too.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically and returns the new file's identity.
    ///
    /// - Parameters:
    ///   - expecting: What must be there: the file as it was read (refused when it has another
    ///     identity, or went), no file (refused when one was made meanwhile), or anything.
    ///     It is checked first, and again just before the file is replaced: another program,
    ///     which takes no lock of ours, may write the file while this one copies and flushes.
    ///   - mode: The permissions of a new file (an existing file keeps its own); the umask
    ///     applies.
    ///   - fileSystem: The system calls the save makes: the real ones, except in tests.
    ///   - folderIsLocked: The caller holds the folder's lock already
    ///     (``withFolderLocked(of:fileSystem:_:)``), to read, merge and write as one step.
    ///   - beforeRename: Called with the temporary file's descriptor (open for reading and
    ///     writing) once it is written and flushed, just before it replaces the file: a
    ///     check that throws keeps the file as it was (a save checks that its bytes read
    ///     back while the disk flushes them, or takes its records from the file written).
    /// - Throws: `SaveFailure`, the file untouched and no temporary file left behind.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String, expecting: FileExpectation = .anything, mode newMode: mode_t = 0o666,
                      fileSystem: any FileSystemCalls = SystemFileSystemCalls(), folderIsLocked: Bool = false,
                      beforeRename: (_ descriptor: Int32) throws(SaveFailure) -> Void = { _ in }) throws(SaveFailure) -> FileIdentity {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SaveFailure) in
                try write(pieces: [WritePiece(buffer)], to: path, expecting: expecting, mode: newMode, fileSystem: fileSystem,
                          folderIsLocked: folderIsLocked, beforeRename: beforeRename)
            }
        }
        return try outcome.get()
    }

    /// Writes `pieces`, one after another, to `path` atomically and returns the new file's
    /// identity, as ``write(_:to:expecting:mode:fileSystem:folderIsLocked:beforeRename:)``
    /// does: a file made of the pieces of another (a save's unchanged bytes and its new
    /// records) is written without first being copied into one.
    ///
    /// - Parameter whileFlushing: Called with the temporary file's descriptor once it is
    ///   written, just before it is flushed: work on the bytes written (a save taking its
    ///   records from them) can go on on another thread while the disk flushes them, and
    ///   `beforeRename` wait for it. The descriptor is closed once `beforeRename` returns or
    ///   the write fails: work that outlives the call uses a descriptor of its own.
    @discardableResult
    static func write(pieces: [WritePiece], to path: String, expecting: FileExpectation = .anything, mode newMode: mode_t = 0o666,
                      fileSystem: any FileSystemCalls = SystemFileSystemCalls(), folderIsLocked: Bool = false,
                      whileFlushing: (_ descriptor: Int32) -> Void = { _ in },
                      beforeRename: (_ descriptor: Int32) throws(SaveFailure) -> Void = { _ in }) throws(SaveFailure) -> FileIdentity {
        // A symbolic link stays a link: the file it points to is the one replaced.
        let path = resolved(path)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let shown = ControlEscaping.escaped(path)
        // Writers of one folder take turns, from the identity check to the rename: a second
        // instance saving the same file waits, then finds it changed and is refused, instead
        // of both passing the check and one edit being lost. (A folder that cannot be locked,
        // or does not exist, is left to the checks below.)
        let lock = folderIsLocked ? nil : try? fileSystem.lockFolder(folder)
        defer { if let lock { fileSystem.unlockFolder(lock) } }
        let existing = try? fileSystem.stat(path)
        try check(existing, against: expecting, path: path, fileSystem: fileSystem)
        if let existing, (existing.st_mode & S_IFMT) != S_IFREG {
            throw SaveFailure(reason: .other, message: "\(shown) is not a regular file.")
        }
        // Root may write anything; a file or folder that nobody may write is still taken at
        // its word, as editors do.
        let isRoot = fileSystem.isRoot()
        if let existing, !fileSystem.access(path, W_OK) || (isRoot && existing.st_mode & 0o222 == 0) {
            throw SaveFailure(reason: .notWritable, message: "\(shown) is not writable.")
        }
        guard let folderInfo = try? fileSystem.stat(folder) else {
            throw SaveFailure(reason: .other, message: "The folder \(ControlEscaping.escaped(folder)) does not exist.")
        }
        if !fileSystem.access(folder, W_OK) || (isRoot && folderInfo.st_mode & 0o222 == 0) {
            throw SaveFailure(reason: .readOnlyFolder, message: "The folder \(ControlEscaping.escaped(folder)) is read-only: no file can be made there.")
        }

        // Under the lock no save of ours is midway: a temporary file of this name is what a
        // crash (kill -9, a power cut) left behind, and nothing else would ever remove it.
        if lock != nil || folderIsLocked { removeLeftovers(of: url.lastPathComponent, in: folder, fileSystem: fileSystem) }
        let temporary: (descriptor: Int32, path: String)
        do {
            temporary = try fileSystem.mkstemp(folder + "/." + url.lastPathComponent + ".saving-XXXXXX")
        } catch {
            throw failure(error.code, "a file cannot be made in its folder", path: shown, folder: folder)
        }
        // Whether the temporary name still holds a file this save must remove: its own, or
        // the old file an exchange put there.
        var removesTemporary = true
        defer {
            if removesTemporary { fileSystem.unlink(temporary.path) }
        }
        do {
            defer { fileSystem.close(temporary.descriptor) }
            try fill(temporary.descriptor, with: pieces, keeping: existing, newMode: newMode, fileSystem: fileSystem, path: shown, folder: folder,
                     whileFlushing: whileFlushing)
            try beforeRename(temporary.descriptor)
        }
        try replace(path, with: temporary.path, expecting: expecting, checked: existing, fileSystem: fileSystem, removesTemporary: &removesTemporary)
        try? flushFolder(folder, fileSystem: fileSystem)
        let saved = try? fileSystem.stat(path)
        return saved.map(FileIdentity.init) ?? FileIdentity(device: 0, inode: 0, size: 0, modified: timespec(), changed: timespec())
    }

    /// Refuses `existing`, what is at `path` now, unless it is what `expecting` says must be
    /// there.
    private static func check(_ existing: stat?, against expecting: FileExpectation, path: String,
                              fileSystem: any FileSystemCalls) throws(SaveFailure) {
        let shown = ControlEscaping.escaped(path)
        switch expecting {
        case .anything:
            break
        case .absent:
            if existing != nil { throw madeByAnother(shown) }
        case .identity(let expecting, let contents):
            guard let existing else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) was moved or deleted since it was opened.")
            }
            let found = FileIdentity(existing)
            guard found == expecting
                || found.differsAtMostInChangeTime(from: expecting) && contents.map({ holds($0, path: path, fileSystem: fileSystem) }) == true else {
                throw changedByAnother(shown)
            }
        }
    }

    /// Checks the file at `path` again as ``check(_:against:path:fileSystem:)`` did, and
    /// returns what it found: a file found exactly as that first check found it (`checked`,
    /// change time and all) is let through without its bytes being compared again.
    private static func checkAgain(_ path: String, against expecting: FileExpectation, checked: stat?,
                                   fileSystem: any FileSystemCalls) throws(SaveFailure) -> stat? {
        let found = try? fileSystem.stat(path)
        if found.map(FileIdentity.init) != checked.map(FileIdentity.init) {
            try check(found, against: expecting, path: path, fileSystem: fileSystem)
        }
        return found
    }

    private static func madeByAnother(_ shown: String) -> SaveFailure {
        SaveFailure(reason: .changedOnDisk, message: "\(shown) was made by another program since this one started; saving would overwrite it.")
    }

    private static func changedByAnother(_ shown: String) -> SaveFailure {
        SaveFailure(reason: .changedOnDisk, message: "\(shown) changed on disk since it was opened; saving would overwrite those changes.")
    }

    /// Puts the written file at `temporary` in the place of `path`, in one step, when `path`
    /// still holds what `expecting` says.
    ///
    /// Our lock binds only our own saves: another program may rewrite or replace the file at
    /// any moment, so the file is checked again just before it is replaced (it was checked
    /// first before the copy and the flush, tens of milliseconds earlier). The file read is
    /// replaced by exchanging the two (``FileSystemCalls/exchange(_:_:)``), and the file it
    /// displaced is then checked to be the one just found: one that another program put
    /// there, or rewrote, between that check and the exchange is exchanged back and the save
    /// refused, its file at `path` as it left it. Where the file system cannot exchange, a
    /// plain rename follows the check (a window of one system call). A new file is renamed
    /// without replacing one another program made meanwhile.
    /// - Parameters:
    ///   - checked: What the first check found at `path` and let through: a file found
    ///     unchanged since is let through again without comparing its bytes.
    ///   - removesTemporary: Set to false when nothing at `temporary` is this save's to
    ///     remove (it was renamed, or it holds another program's file that could not be put
    ///     back).
    private static func replace(_ path: String, with temporary: String, expecting: FileExpectation, checked: stat?,
                                fileSystem: any FileSystemCalls, removesTemporary: inout Bool) throws(SaveFailure) {
        let shown = ControlEscaping.escaped(path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let cannotReplace = { (error: SystemCallError) in failure(error.code, "it cannot be replaced", path: shown, folder: folder) }
        // Errors of a file system (or a system) that has no such rename: the save falls back.
        let unsupported: [Int32] = [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP]
        switch expecting {
        case .anything:
            break
        case .absent:
            do throws(SystemCallError) {
                try fileSystem.renameWithoutReplacing(temporary, path)
                removesTemporary = false
                return
            } catch where error.code == EEXIST {
                throw madeByAnother(shown)
            } catch where unsupported.contains(error.code) {
                break
            } catch {
                throw cannotReplace(error)
            }
        case .identity:
            let found = try checkAgain(path, against: expecting, checked: checked, fileSystem: fileSystem)
            do throws(SystemCallError) {
                try fileSystem.exchange(temporary, path)
            } catch where unsupported.contains(error.code) {
                break
            } catch {
                throw cannotReplace(error)
            }
            // The exchange itself moves the displaced file's change time, so only the rest of
            // its identity can tell it from another: the change time was compared just before.
            let displaced = (try? fileSystem.stat(temporary)).map(FileIdentity.init)
            guard let displaced, let found, displaced.differsAtMostInChangeTime(from: FileIdentity(found)) else {
                do throws(SystemCallError) {
                    try fileSystem.exchange(path, temporary)
                } catch {
                    removesTemporary = false
                    throw SaveFailure(reason: .changedOnDisk, message: "\(shown) was replaced by another program while it was being saved, "
                                      + "and could not be put back: that program's file is \(ControlEscaping.escaped(temporary)).")
                }
                throw changedByAnother(shown)
            }
            // The old file, displaced: removed before the folder is flushed.
            fileSystem.unlink(temporary)
            removesTemporary = false
            return
        }
        // No exchange here (nor a rename that refuses to replace): the file is checked once
        // more, one system call before the rename.
        if !expecting.acceptsAnything {
            _ = try checkAgain(path, against: expecting, checked: checked, fileSystem: fileSystem)
        }
        do throws(SystemCallError) {
            try fileSystem.rename(temporary, path)
        } catch {
            throw cannotReplace(error)
        }
        removesTemporary = false
    }

    /// Runs `body` while this process holds the lock on the folder of `path` (the folder a
    /// save there locks), so that reading the file, merging into it and writing it
    /// (``write(_:to:expecting:mode:fileSystem:folderIsLocked:beforeRename:)`` with `folderIsLocked`) is
    /// one step no other instance's save can come between. A folder that cannot be locked (it
    /// does not exist yet, say) runs `body` unlocked: `body` is told which, for the write.
    static func withFolderLocked<Result>(of path: String, fileSystem: any FileSystemCalls = SystemFileSystemCalls(),
                                         _ body: (_ isLocked: Bool) throws(SaveFailure) -> Result) throws(SaveFailure) -> Result {
        let folder = URL(fileURLWithPath: resolved(path)).deletingLastPathComponent().path
        let lock = try? fileSystem.lockFolder(folder)
        defer { if let lock { fileSystem.unlockFolder(lock) } }
        return try body(lock != nil)
    }

    /// Removes the temporary files that saves of `path` left behind when they were killed
    /// (`.NAME.saving-XXXXXX` beside it), under the folder's lock, when no save of any
    /// instance can be midway: at start, before anything is read. They are removed, not
    /// recovered: a save that never reached its rename never reported success, and the file
    /// itself is still the old one, whole.
    static func removeLeftovers(besides path: String, fileSystem: any FileSystemCalls = SystemFileSystemCalls()) {
        let url = URL(fileURLWithPath: resolved(path))
        let folder = url.deletingLastPathComponent().path
        guard let lock = try? fileSystem.lockFolder(folder) else { return }
        defer { fileSystem.unlockFolder(lock) }
        removeLeftovers(of: url.lastPathComponent, in: folder, fileSystem: fileSystem)
    }

    /// `path` with its symbolic links followed: the file a save replaces.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Whether the file at `path` holds `contents`; a file that cannot be read does not.
    private static func holds(_ contents: ExpectedContents, path: String, fileSystem: any FileSystemCalls) -> Bool {
        guard let descriptor = try? fileSystem.openForReading(path) else { return false }
        defer { fileSystem.close(descriptor) }
        return contents.matches(descriptor)
    }

    /// Removes the temporary files a save of `name` makes (`.NAME.saving-XXXXXX`) from
    /// `folder`: called with the folder locked, when none can be a live save's.
    private static func removeLeftovers(of name: String, in folder: String, fileSystem: any FileSystemCalls) {
        let prefix = "." + name + ".saving-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + 6 {
            fileSystem.unlink(folder + "/" + entry)
        }
    }

    /// Flushes the folder, so that the rename itself reaches the disk.
    private static func flushFolder(_ folder: String, fileSystem: any FileSystemCalls) throws(SystemCallError) {
        let folderDescriptor = try fileSystem.openFolder(folder)
        defer { fileSystem.close(folderDescriptor) }
        try fileSystem.fsync(folderDescriptor)
    }

    /// Writes and flushes the temporary file, and gives it the old file's permissions and
    /// owner (or `newMode`, for a new file).
    private static func fill(_ descriptor: Int32, with pieces: [WritePiece], keeping existing: stat?, newMode: mode_t,
                             fileSystem: any FileSystemCalls, path: String, folder: String,
                             whileFlushing: (_ descriptor: Int32) -> Void) throws(SaveFailure) {
        for piece in pieces {
            var done = 0
            if let source = piece.source {
                done = try copyAll(piece.bytes.count, from: source, to: descriptor, fileSystem: fileSystem, path: path, folder: folder)
            }
            try writeAll(UnsafeRawBufferPointer(rebasing: piece.bytes[done...]), to: descriptor, fileSystem: fileSystem, path: path, folder: folder)
        }
        whileFlushing(descriptor)
        do {
            try fileSystem.fsync(descriptor)
        } catch {
            throw failure(error.code, "flushing it to the disk failed", path: path, folder: folder)
        }
        guard let existing else {
            try? fileSystem.fchmod(descriptor, newMode & ~fileSystem.currentUmask())
            return
        }
        do {
            try fileSystem.fchmod(descriptor, existing.st_mode & 0o7777)
        } catch {
            throw failure(error.code, "its permissions cannot be kept", path: path, folder: folder)
        }
        let made = try? fileSystem.fstat(descriptor)
        if made?.st_uid != existing.st_uid || made?.st_gid != existing.st_gid {
            do {
                try fileSystem.fchown(descriptor, existing.st_uid, existing.st_gid)
            } catch {
                throw failure(error.code, "its owner cannot be kept", path: path, folder: folder)
            }
        }
    }

    /// Copies `count` bytes from `source` to `descriptor` in the kernel and returns how many
    /// it copied: all of them, or fewer when the kernel or the file system cannot copy
    /// between the two (the caller writes the rest).
    /// - Throws: `SaveFailure` for a write that fails (a full disk), or a source that ends
    ///   early: the file was cut short while it was being saved.
    private static func copyAll(_ count: Int, from source: (descriptor: Int32, offset: Int), to descriptor: Int32, fileSystem: any FileSystemCalls,
                                path: String, folder: String) throws(SaveFailure) -> Int {
        var done = 0
        while done < count {
            let copied: Int
            do throws(SystemCallError) {
                copied = try fileSystem.copyFileRange(from: source.descriptor, offset: source.offset + done, to: descriptor, count: count - done)
            } catch {
                if error.code == EINTR { continue }
                // No copy between these two here: the rest is written instead.
                if [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP, EBADF].contains(error.code) { return done }
                throw failure(error.code, "writing failed", path: path, folder: folder)
            }
            guard copied > 0 else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(path) was cut short by another program while it was being saved; nothing was written over it.")
            }
            done += copied
        }
        return done
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, fileSystem: any FileSystemCalls, path: String,
                                 folder: String) throws(SaveFailure) {
        var offset = 0
        while offset < buffer.count {
            do throws(SystemCallError) {
                offset += try fileSystem.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            } catch where error.code == EINTR {
                continue
            } catch {
                throw failure(error.code, "writing failed", path: path, folder: folder)
            }
        }
    }

    /// A failure for `error` (an errno) met while `doing`, in words.
    private static func failure(_ error: Int32, _ doing: String, path: String, folder: String) -> SaveFailure {
        if error == ENOSPC || error == EDQUOT {
            return SaveFailure(reason: .diskFull, message: "The disk is full: \(path) cannot be saved.")
        }
        if error == EROFS || ((error == EACCES || error == EPERM) && doing.hasPrefix("a file")) {
            return SaveFailure(reason: .readOnlyFolder, message: "The folder \(ControlEscaping.escaped(folder)) is read-only: no file can be made there.")
        }
        return SaveFailure(reason: .other, message: "\(path) cannot be saved: \(doing) (\(String(cString: strerror(error)))).")
    }
}

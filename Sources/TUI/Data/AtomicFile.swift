import Foundation
import TableKit
#if canImport(Glibc)
import Glibc
#endif

/// What the file system says about a file's contents: a save compares it with what it was
/// when the file was read, to find a file changed (or replaced) underneath. The change time
/// is left out: fixing a file's permissions after a refused save must let the retry through.
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    /// The identity of the file at `path`, or nil when there is none.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}

extension FileIdentity {
    /// The identity `info` describes.
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: info.st_mtim)
    }
}

/// Why a save was refused or failed, in a sentence; nothing was written over the file.
struct SaveFailure: Error, CustomStringConvertible, Equatable {
    enum Reason: Sendable, Equatable {
        /// The file is not what was read: changed, replaced, moved or deleted.
        case changedOnDisk
        case diskFull
        case readOnlyFolder
        case notWritable
        case other
    }

    var reason: Reason
    var message: String
    var description: String { message }
}

/// What a save expects to find where it writes, checked under the folder's lock.
enum FileExpectation: Sendable, Equatable {
    /// Whatever is there is replaced (the app's own state, a benchmark's copy).
    case anything
    /// No file: one that another writer made meanwhile is not replaced (a first changes file,
    /// a Save As to a new path).
    case absent
    /// The file as it was read: one changed, replaced or gone since is not replaced.
    case identity(FileIdentity)
}

/// Writing a file so that it is either the old file or the new one, whatever happens: the
/// bytes go to a temporary file in the same folder, which is flushed, given the old file's
/// permissions and owner, renamed over the old file, and the folder is flushed too.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically and returns the new file's identity.
    ///
    /// - Parameters:
    ///   - expecting: What must be there: the file as it was read (refused when it has another
    ///     identity, or went), no file (refused when one was made meanwhile), or anything.
    ///   - mode: The permissions of a new file (an existing file keeps its own); the umask
    ///     applies.
    ///   - fileSystem: The system calls the save makes: the real ones, except in tests.
    /// - Throws: `SaveFailure`, the file untouched and no temporary file left behind.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String, expecting: FileExpectation = .anything, mode newMode: mode_t = 0o666,
                      fileSystem: any FileSystemCalls = SystemFileSystemCalls()) throws(SaveFailure) -> FileIdentity {
        // A symbolic link stays a link: the file it points to is the one replaced.
        let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let shown = ControlEscaping.escaped(path)
        // Writers of one folder take turns, from the identity check to the rename: a second
        // instance saving the same file waits, then finds it changed and is refused, instead
        // of both passing the check and one edit being lost. (A folder that cannot be locked,
        // or does not exist, is left to the checks below.)
        let lock = try? fileSystem.lockFolder(folder)
        defer { if let lock { fileSystem.unlockFolder(lock) } }
        let existing = try? fileSystem.stat(path)
        switch expecting {
        case .anything:
            break
        case .absent:
            if existing != nil {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) was made by another program since this one started; saving would overwrite it.")
            }
        case .identity(let expecting):
            guard let existing else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) was moved or deleted since it was opened.")
            }
            guard FileIdentity(existing) == expecting else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) changed on disk since it was opened; saving would overwrite those changes.")
            }
        }
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
        if lock != nil { removeLeftovers(of: url.lastPathComponent, in: folder, fileSystem: fileSystem) }
        let temporary: (descriptor: Int32, path: String)
        do {
            temporary = try fileSystem.mkstemp(folder + "/." + url.lastPathComponent + ".saving-XXXXXX")
        } catch {
            throw failure(error.code, "a file cannot be made in its folder", path: shown, folder: folder)
        }
        var isRenamed = false
        defer {
            if !isRenamed { fileSystem.unlink(temporary.path) }
        }
        do {
            defer { fileSystem.close(temporary.descriptor) }
            try fill(temporary.descriptor, with: bytes, keeping: existing, newMode: newMode, fileSystem: fileSystem, path: shown, folder: folder)
        }
        do {
            try fileSystem.rename(temporary.path, path)
        } catch {
            throw failure(error.code, "it cannot be replaced", path: shown, folder: folder)
        }
        isRenamed = true
        try? flushFolder(folder, fileSystem: fileSystem)
        let saved = try? fileSystem.stat(path)
        return saved.map(FileIdentity.init) ?? FileIdentity(device: 0, inode: 0, size: 0, modified: timespec())
    }

    /// Flushes the folder, so that the rename itself reaches the disk.
    /// Removes the temporary files a save of `name` makes (`.NAME.saving-XXXXXX`) from
    /// `folder`: called with the folder locked, when none can be a live save's.
    private static func removeLeftovers(of name: String, in folder: String, fileSystem: any FileSystemCalls) {
        let prefix = "." + name + ".saving-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + 6 {
            fileSystem.unlink(folder + "/" + entry)
        }
    }

    private static func flushFolder(_ folder: String, fileSystem: any FileSystemCalls) throws(SystemCallError) {
        let folderDescriptor = try fileSystem.openFolder(folder)
        defer { fileSystem.close(folderDescriptor) }
        try fileSystem.fsync(folderDescriptor)
    }

    /// Writes and flushes the temporary file, and gives it the old file's permissions and
    /// owner (or `newMode`, for a new file).
    private static func fill(_ descriptor: Int32, with bytes: [UInt8], keeping existing: stat?, newMode: mode_t,
                             fileSystem: any FileSystemCalls, path: String, folder: String) throws(SaveFailure) {
        try writeAll(bytes, to: descriptor, fileSystem: fileSystem, path: path, folder: folder)
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

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, fileSystem: any FileSystemCalls, path: String,
                                 folder: String) throws(SaveFailure) {
        let failedErrno: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                do throws(SystemCallError) {
                    offset += try fileSystem.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                } catch where error.code == EINTR {
                    continue
                } catch {
                    return error.code
                }
            }
            return nil
        }
        if let failedErrno { throw failure(failedErrno, "writing failed", path: path, folder: folder) }
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

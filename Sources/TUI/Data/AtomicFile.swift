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
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modified: info.st_mtim)
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
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

/// Faults a save can be made to meet, for the tests that prove nothing is lost: set from the
/// `TABLE_BROWSER_INJECT_FAULT` environment variable (`write-enospc`, `sync-eio`,
/// `rename-exdev` or `crash-before-rename`) or given directly.
struct SaveFaults: Sendable, Equatable {
    enum Step: String, Sendable {
        case write, sync, rename
    }

    /// The step that fails, and with which `errno`.
    var failing: (step: Step, error: Int32)?
    /// The process dies (SIGKILL) after the new file is written and flushed, before it is
    /// renamed over the old one: what a power cut does.
    var crashesBeforeRename = false

    static let none = SaveFaults()

    static func == (a: SaveFaults, b: SaveFaults) -> Bool {
        a.failing?.step == b.failing?.step && a.failing?.error == b.failing?.error && a.crashesBeforeRename == b.crashesBeforeRename
    }

    /// The faults the environment asks for (none, normally).
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SaveFaults {
        switch environment["TABLE_BROWSER_INJECT_FAULT"] {
        case "write-enospc": return SaveFaults(failing: (.write, ENOSPC))
        case "sync-eio": return SaveFaults(failing: (.sync, EIO))
        case "rename-exdev": return SaveFaults(failing: (.rename, EXDEV))
        case "crash-before-rename": return SaveFaults(crashesBeforeRename: true)
        default: return .none
        }
    }
}

/// Writing a file so that it is either the old file or the new one, whatever happens: the
/// bytes go to a temporary file in the same folder, which is flushed, given the old file's
/// permissions and owner, renamed over the old file, and the folder is flushed too.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically and returns the new file's identity.
    ///
    /// - Parameters:
    ///   - expecting: The identity the file had when it was read; the save is refused when it
    ///     has another (or none: the file went). `nil` writes whatever is there.
    ///   - mode: The permissions of a new file (an existing file keeps its own); the umask
    ///     applies.
    /// - Throws: `SaveFailure`, the file untouched and no temporary file left behind.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String, expecting: FileIdentity? = nil, mode newMode: mode_t = 0o666,
                      faults: SaveFaults = .fromEnvironment()) throws(SaveFailure) -> FileIdentity {
        // A symbolic link stays a link: the file it points to is the one replaced.
        let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let shown = ControlEscaping.escaped(path)
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if let expecting {
            guard exists, let now = FileIdentity.of(path) else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) was moved or deleted since it was opened.")
            }
            guard now == expecting else {
                throw SaveFailure(reason: .changedOnDisk, message: "\(shown) changed on disk since it was opened; saving would overwrite those changes.")
            }
        }
        if exists, (existing.st_mode & S_IFMT) != S_IFREG {
            throw SaveFailure(reason: .other, message: "\(shown) is not a regular file.")
        }
        // Root may write anything; a file or folder that nobody may write is still taken at
        // its word, as editors do.
        let isRoot = geteuid() == 0
        if exists, access(path, W_OK) != 0 || (isRoot && existing.st_mode & 0o222 == 0) {
            throw SaveFailure(reason: .notWritable, message: "\(shown) is not writable.")
        }
        var folderInfo = stat()
        if stat(folder, &folderInfo) != 0 {
            throw SaveFailure(reason: .other, message: "The folder \(ControlEscaping.escaped(folder)) does not exist.")
        }
        if access(folder, W_OK) != 0 || (isRoot && folderInfo.st_mode & 0o222 == 0) {
            throw SaveFailure(reason: .readOnlyFolder, message: "The folder \(ControlEscaping.escaped(folder)) is read-only: no file can be made there.")
        }

        var template = Array((folder + "/." + url.lastPathComponent + ".saving-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw failure(errno, "a file cannot be made in its folder", path: shown, folder: folder) }
        let temporary = String(cString: template.map { UInt8(bitPattern: $0) })
        var isRenamed = false
        defer {
            if !isRenamed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try fill(fd, with: bytes, keeping: exists ? existing : nil, newMode: newMode, faults: faults, path: shown, folder: folder)
        }
        if faults.crashesBeforeRename { kill(getpid(), SIGKILL) }
        if let (step, error) = faults.failing, step == .rename { throw failure(error, "it cannot be replaced", path: shown, folder: folder) }
        guard rename(temporary, path) == 0 else { throw failure(errno, "it cannot be replaced", path: shown, folder: folder) }
        isRenamed = true
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
        return FileIdentity.of(path) ?? FileIdentity(device: 0, inode: 0, size: 0, modified: timespec())
    }

    /// Writes and flushes the temporary file, and gives it the old file's permissions and
    /// owner (or `newMode`, for a new file).
    private static func fill(_ fd: Int32, with bytes: [UInt8], keeping existing: stat?, newMode: mode_t, faults: SaveFaults,
                             path: String, folder: String) throws(SaveFailure) {
        try writeAll(bytes, to: fd, faults: faults, path: path, folder: folder)
        if let (step, error) = faults.failing, step == .sync { throw failure(error, "flushing it to the disk failed", path: path, folder: folder) }
        guard fsync(fd) == 0 else { throw failure(errno, "flushing it to the disk failed", path: path, folder: folder) }
        guard let existing else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, newMode & ~mask)
            return
        }
        guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw failure(errno, "its permissions cannot be kept", path: path, folder: folder) }
        var made = stat()
        fstat(fd, &made)
        if made.st_uid != existing.st_uid || made.st_gid != existing.st_gid {
            guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else { throw failure(errno, "its owner cannot be kept", path: path, folder: folder) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, faults: SaveFaults, path: String, folder: String) throws(SaveFailure) {
        if let (step, error) = faults.failing, step == .write { throw failure(error, "writing failed", path: path, folder: folder) }
        let failedErrno: Int32? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
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

import CSimdjson
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An `errno` returned by a call of ``FileSystemCalls``.
struct SystemCallError: Error, Equatable, Sendable {
    /// The `errno` value, such as `ENOSPC`.
    var code: Int32
}

/// The system calls an atomic save makes, one method each, named after the C call it stands
/// for: the seam between ``AtomicFile`` and the disk.
///
/// The app only ever uses ``SystemFileSystemCalls``, the calls themselves: nothing in the
/// shipped binary can make a save fail or stop on purpose. Tests pass an implementation that
/// records every call in order and can fail any of them with an `errno`, or stop there as a
/// crash would (as swift-nio's tests record system calls). A new call a save needs (`flock`,
/// `fcntl` locks) is a new requirement here, its real form in ``SystemFileSystemCalls``.
protocol FileSystemCalls: Sendable {
    /// `stat(2)`: what the file system says about `path`, following symbolic links.
    func stat(_ path: String) throws(SystemCallError) -> Glibc.stat
    /// `access(2)`: whether `path` may be used as `mode` (`W_OK`) says.
    func access(_ path: String, _ mode: Int32) -> Bool
    /// `mkstemp(3)`: a new file, open for reading and writing, named by `template` with its
    /// trailing `XXXXXX` replaced; returns the descriptor and the name.
    func mkstemp(_ template: String) throws(SystemCallError) -> (descriptor: Int32, path: String)
    /// `write(2)`: writes some of `bytes` (at least one, unless empty) and says how many.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
    /// `copy_file_range(2)`: copies some of the `count` bytes at `offset` of the file open at
    /// `source` (at least one, unless the source ends there: then none) to where `descriptor`
    /// stands, in the kernel, and says how many.
    func copyFileRange(from source: Int32, offset: Int, to descriptor: Int32, count: Int) throws(SystemCallError) -> Int
    /// `fsync(2)`: the file's bytes and metadata reach the disk.
    func fsync(_ descriptor: Int32) throws(SystemCallError)
    /// `fchmod(2)`: the open file's permissions become `mode`.
    func fchmod(_ descriptor: Int32, _ mode: mode_t) throws(SystemCallError)
    /// `fstat(2)`: what the file system says about an open file.
    func fstat(_ descriptor: Int32) throws(SystemCallError) -> Glibc.stat
    /// `fchown(2)`: the open file's owner and group become `user` and `group`.
    func fchown(_ descriptor: Int32, _ user: uid_t, _ group: gid_t) throws(SystemCallError)
    /// `close(2)`.
    func close(_ descriptor: Int32)
    /// `rename(2)`: `source` takes the place of `destination`, in one step.
    func rename(_ source: String, _ destination: String) throws(SystemCallError)
    /// `renameat2(2)` with `RENAME_EXCHANGE` (`renamex_np(2)` with `RENAME_SWAP` on macOS):
    /// the files at `first` and `second` trade places in one step, each name then holding
    /// the other's file. Fails with `EINVAL`, `ENOSYS` or `ENOTSUP` where the file system or
    /// the system cannot exchange.
    func exchange(_ first: String, _ second: String) throws(SystemCallError)
    /// `renameat2(2)` with `RENAME_NOREPLACE` (`renamex_np(2)` with `RENAME_EXCL` on macOS):
    /// `rename(_:_:)`, except that a file at `destination` fails it with `EEXIST` instead of
    /// being replaced; `EINVAL`, `ENOSYS` or `ENOTSUP` where it cannot be done so.
    func renameWithoutReplacing(_ source: String, _ destination: String) throws(SystemCallError)
    /// `unlink(2)`: removes the name `path`.
    func unlink(_ path: String)
    /// `open(2)` of a file, read-only, to compare its bytes with those read before.
    func openForReading(_ path: String) throws(SystemCallError) -> Int32
    /// `open(2)` of a folder, read-only, to flush it with ``fsync(_:)``.
    func openFolder(_ path: String) throws(SystemCallError) -> Int32
    /// `open(2)` and `flock(2)` of a folder, exclusively: waits while another writer (another
    /// instance of the app) holds it; returns the descriptor that holds the lock.
    func lockFolder(_ path: String) throws(SystemCallError) -> Int32
    /// Lets go of a lock ``lockFolder(_:)`` took, and closes its descriptor.
    func unlockFolder(_ descriptor: Int32)
    /// `umask(2)`, read without changing it: the permissions a new file is refused.
    func currentUmask() -> mode_t
    /// `geteuid(2)`: whether the process runs as root, who may write anything.
    func isRoot() -> Bool
}

/// The system calls themselves: what every save in the app uses.
struct SystemFileSystemCalls: FileSystemCalls {
    /// The calls of the C library.
    init() {}

    func stat(_ path: String) throws(SystemCallError) -> Glibc.stat {
        var info = Glibc.stat()
        guard statusOfPath(path, &info) == 0 else { throw SystemCallError(code: errno) }
        return info
    }

    func access(_ path: String, _ mode: Int32) -> Bool {
        Glibc.access(path, mode) == 0
    }

    func mkstemp(_ template: String) throws(SystemCallError) -> (descriptor: Int32, path: String) {
        var name = Array(template.utf8CString)
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { Glibc.mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        return (descriptor, String(cString: name.map { UInt8(bitPattern: $0) }))
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = Glibc.write(descriptor, base, bytes.count)
        guard count >= 0 else { throw SystemCallError(code: errno) }
        return count
    }

    func copyFileRange(from source: Int32, offset: Int, to descriptor: Int32, count: Int) throws(SystemCallError) -> Int {
        let copied = tk_json_copy_file_range(source, Int64(offset), descriptor, count)
        guard copied >= 0 else { throw SystemCallError(code: errno) }
        return Int(copied)
    }

    func fsync(_ descriptor: Int32) throws(SystemCallError) {
        guard Glibc.fsync(descriptor) == 0 else { throw SystemCallError(code: errno) }
    }

    func fchmod(_ descriptor: Int32, _ mode: mode_t) throws(SystemCallError) {
        guard Glibc.fchmod(descriptor, mode) == 0 else { throw SystemCallError(code: errno) }
    }

    func fstat(_ descriptor: Int32) throws(SystemCallError) -> Glibc.stat {
        var info = Glibc.stat()
        guard Glibc.fstat(descriptor, &info) == 0 else { throw SystemCallError(code: errno) }
        return info
    }

    func fchown(_ descriptor: Int32, _ user: uid_t, _ group: gid_t) throws(SystemCallError) {
        guard Glibc.fchown(descriptor, user, group) == 0 else { throw SystemCallError(code: errno) }
    }

    func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    func rename(_ source: String, _ destination: String) throws(SystemCallError) {
        guard Glibc.rename(source, destination) == 0 else { throw SystemCallError(code: errno) }
    }

    func exchange(_ first: String, _ second: String) throws(SystemCallError) {
        guard tk_json_rename_exchange(first, second) == 0 else { throw SystemCallError(code: errno) }
    }

    func renameWithoutReplacing(_ source: String, _ destination: String) throws(SystemCallError) {
        guard tk_json_rename_noreplace(source, destination) == 0 else { throw SystemCallError(code: errno) }
    }

    func unlink(_ path: String) {
        _ = Glibc.unlink(path)
    }

    func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        return descriptor
    }

    func openFolder(_ path: String) throws(SystemCallError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        return descriptor
    }

    func lockFolder(_ path: String) throws(SystemCallError) -> Int32 {
        let descriptor = try openFolder(path)
        while lockOrUnlock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                _ = Glibc.close(descriptor)
                throw SystemCallError(code: code)
            }
        }
        return descriptor
    }

    func unlockFolder(_ descriptor: Int32) {
        _ = lockOrUnlock(descriptor, LOCK_UN)
        _ = Glibc.close(descriptor)
    }

    func currentUmask() -> mode_t {
        let mask = Glibc.umask(0)
        Glibc.umask(mask)
        return mask
    }

    func isRoot() -> Bool {
        geteuid() == 0
    }
}

/// `stat(2)` itself, out of reach of ``SystemFileSystemCalls/stat(_:)`` and of the `stat`
/// type, whose names hide it inside the type.
private func statusOfPath(_ path: String, _ info: inout stat) -> Int32 {
    stat(path, &info)
}

/// `flock(2)` itself, out of reach of the `flock` type (fcntl's lock), whose name hides it.
private func lockOrUnlock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    flock(descriptor, operation)
}

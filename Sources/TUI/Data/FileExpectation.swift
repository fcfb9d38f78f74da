import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What a save expects of the file it replaces (its identity, its bytes), how it fails, and
// the stretches it writes: the values ``AtomicFile`` works with.

/// What the file system says about a file's contents: a save compares it with what it was
/// when the file was read, to find a file changed (or replaced) underneath.
///
/// The change time moves with every write, so it catches a rewrite of the same size that put
/// the modification time back (`touch -r`, `cp -p`); it also moves when only permissions,
/// owner or links change, so a save that finds only it moved compares the bytes themselves
/// (``ExpectedContents``): fixing a file's permissions after a refused save lets the retry
/// through.
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    /// The inode's change time (`st_ctim`), which no program can set back.
    var changed: timespec

    /// The identity of the file at `path`, or nil when there is none.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.differsAtMostInChangeTime(from: b) && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }

    /// Whether the two are one file of one size and modification time: the same contents,
    /// unless something rewrote it and set the modification time back (only the change
    /// time then tells).
    func differsAtMostInChangeTime(from other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
    }
}

extension FileIdentity {
    /// The identity `info` describes.
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: info.st_mtim,
                  changed: info.st_ctim)
    }
}

/// The bytes a file held when it was read, for a save that finds only the file's change time
/// moved: the file is still the one read when it holds exactly these bytes.
struct ExpectedContents {
    /// Whether the file open at the descriptor holds the bytes read, to its end.
    let matches: (_ descriptor: Int32) -> Bool

    /// Contents compared with `bytes`, which `withBytes` lends for the length of a call.
    init(withBytes: @escaping ((UnsafeBufferPointer<UInt8>) -> Bool) -> Bool) {
        matches = { descriptor in withBytes { Self.file(descriptor, holds: $0) } }
    }

    /// Contents compared with `bytes`.
    init(_ bytes: [UInt8]) {
        self.init { body in bytes.withUnsafeBufferPointer(body) }
    }

    /// Reads the file a block at a time, so that a large file needs no second copy.
    private static func file(_ descriptor: Int32, holds expected: UnsafeBufferPointer<UInt8>) -> Bool {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 { return offset == expected.count }
            guard offset + count <= expected.count,
                  block[0 ..< count].elementsEqual(expected[offset ..< offset + count]) else { return false }
            offset += count
        }
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
        /// Another save of the same records is still running, or they are being read again:
        /// nothing was tried.
        case busy
        case other
    }

    var reason: Reason
    var message: String
    var description: String { message }
}

/// What a save expects to find where it writes, checked under the folder's lock.
enum FileExpectation {
    /// Whatever is there is replaced (the app's own state, a benchmark's copy).
    case anything
    /// No file: one that another writer made meanwhile is not replaced (a first changes file,
    /// a Save As to a new path).
    case absent
    /// The file as it was read: one changed, replaced or gone since is not replaced. When
    /// only its change time moved (new permissions, or a rewrite that set the modification
    /// time back), it is still the file read if it holds `contents`; without them it is not.
    case identity(FileIdentity, contents: ExpectedContents?)
}

extension FileExpectation {
    /// Whether whatever is there may be replaced: nothing to check.
    var acceptsAnything: Bool {
        if case .anything = self { return true }
        return false
    }
}

/// A stretch of a file to write: `bytes`, which the file open at `source` (when there is
/// one) also holds from `offset` on. Such a stretch is copied from file to file in the kernel
/// (`copy_file_range(2)`), without this process reading it: a save copies the unchanged
/// stretches of a mapped file so, and writing them from the mapping would fault in every
/// page of it first. Where the kernel or the file system cannot copy, `bytes` are written.
struct WritePiece {
    var bytes: UnsafeRawBufferPointer
    var source: (descriptor: Int32, offset: Int)?

    /// Bytes written as they are.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        source = nil
    }

    /// `bytes`, which the file open at `descriptor` also holds from `offset` on.
    init(_ bytes: UnsafeRawBufferPointer, copiedFrom descriptor: Int32, at offset: Int) {
        self.bytes = bytes
        source = (descriptor, offset)
    }
}

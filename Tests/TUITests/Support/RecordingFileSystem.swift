import Foundation
import Testing
@testable import TUI

/// One call a save made, with the path it was made on: a descriptor is named by the path it
/// was opened from, so that a test reads `.fsync(temporary)` rather than `.fsync(5)`.
enum FileSystemCall: Equatable, CustomStringConvertible {
    case stat(String)
    case access(String)
    /// The template, ending in `XXXXXX`.
    case mkstemp(String)
    /// The file written and how many bytes the call was asked to write.
    case write(String, count: Int)
    /// `copy_file_range`: the file written and how many bytes the call was asked to copy
    /// into it (a write, as far as failures go).
    case copy(String, count: Int)
    case fsync(String)
    case fchmod(String, mode_t)
    case fstat(String)
    case fchown(String, uid_t, gid_t)
    case close(String)
    case rename(String, String)
    /// `renameat2` with `RENAME_EXCHANGE`: the two trade places.
    case exchange(String, String)
    /// `renameat2` with `RENAME_NOREPLACE`.
    case renameWithoutReplacing(String, String)
    case unlink(String)
    case openForReading(String)
    case openFolder(String)
    case lockFolder(String)
    case unlockFolder(String)
    case umask
    case isRoot

    /// Which call this is, whatever its arguments.
    var step: FileSystemStep {
        switch self {
        case .stat: .stat
        case .access: .access
        case .mkstemp: .mkstemp
        case .write, .copy: .write
        case .fsync: .fsync
        case .fchmod: .fchmod
        case .fstat: .fstat
        case .fchown: .fchown
        case .close: .close
        case .rename: .rename
        case .exchange: .exchange
        case .renameWithoutReplacing: .renameWithoutReplacing
        case .unlink: .unlink
        case .openForReading: .openForReading
        case .openFolder: .openFolder
        case .lockFolder: .lockFolder
        case .unlockFolder: .unlockFolder
        case .umask: .umask
        case .isRoot: .isRoot
        }
    }

    var description: String {
        switch self {
        case let .stat(path): "stat(\(path))"
        case let .access(path): "access(\(path))"
        case let .mkstemp(template): "mkstemp(\(template))"
        case let .write(path, count): "write(\(path), \(count))"
        case let .copy(path, count): "copy_file_range(\(path), \(count))"
        case let .fsync(path): "fsync(\(path))"
        case let .fchmod(path, mode): "fchmod(\(path), \(String(mode, radix: 8)))"
        case let .fstat(path): "fstat(\(path))"
        case let .fchown(path, user, group): "fchown(\(path), \(user), \(group))"
        case let .close(path): "close(\(path))"
        case let .rename(source, destination): "rename(\(source), \(destination))"
        case let .exchange(first, second): "exchange(\(first), \(second))"
        case let .renameWithoutReplacing(source, destination): "renameWithoutReplacing(\(source), \(destination))"
        case let .unlink(path): "unlink(\(path))"
        case let .openForReading(path): "openForReading(\(path))"
        case let .openFolder(path): "openFolder(\(path))"
        case let .lockFolder(path): "lockFolder(\(path))"
        case let .unlockFolder(path): "unlockFolder(\(path))"
        case .umask: "umask"
        case .isRoot: "isRoot"
        }
    }
}

/// The kinds of call a save makes (``FileSystemCall/step``).
enum FileSystemStep: String, CaseIterable {
    case stat, access, mkstemp, write, fsync, fchmod, fstat, fchown, close, rename, exchange, renameWithoutReplacing, unlink, openForReading, openFolder,
         lockFolder, unlockFolder, umask, isRoot

    /// Whether a call of this kind can put a new file in the place of the old one: a rename,
    /// or an exchange.
    var replacesFile: Bool { self == .rename || self == .exchange || self == .renameWithoutReplacing }
}

/// The system calls of a save, made for real on the disk but recorded in order; any call can
/// be made to fail with an `errno` instead, or to stop the "process" there: that call and
/// every call after it do nothing (a killed process makes no more calls and runs no cleanup).
// Safe to send (as far as tests go): a save makes its calls on one thread at a time, and a test
// reads `calls` only after the save's end has reached it as an event.
final class RecordingFileSystem: FileSystemCalls, @unchecked Sendable {
    /// Every call made, in order (calls after a stop are not made, and not recorded).
    private(set) var calls: [FileSystemCall] = []
    /// Whether the process model has stopped.
    private(set) var hasStopped = false
    /// The `errno` a call fails with instead of being made, or nil to make it.
    var failure: (FileSystemCall) -> Int32? = { _ in nil }
    /// Whether the process stops at this call (before making it).
    var stopsAt: (FileSystemCall) -> Bool = { _ in false }
    /// Told of every call before it is made (and recorded): a test can run another writer
    /// there.
    var beforeCall: (FileSystemCall) -> Void = { _ in }
    /// The most bytes one write writes (a short write, as a signal or some file systems
    /// cause), or nil for as many as asked.
    var largestWrite: Int?
    /// The `errno` every `copy_file_range` fails with (`EXDEV`: no copy between these two
    /// files), or nil to make it.
    var copyFailure: Int32?
    /// How many `copy_file_range` calls copy before ``copyFailure`` applies: 1 with
    /// ``largestWrite`` makes a copy that stops partway, as one across file systems can.
    var copiesBeforeFailure = 0
    private var copiesMade = 0

    private let real = SystemFileSystemCalls()
    private var openPaths: [Int32: String] = [:]

    /// A file system on which every call is made; set ``failure`` or ``stopsAt`` to change that.
    init() {}

    /// Fails the `occurrence`-th call of `step` (counting from 1) with `error`.
    convenience init(failing step: FileSystemStep, with error: Int32, occurrence: Int = 1) {
        self.init()
        var seen = 0
        failure = { call in
            guard call.step == step else { return nil }
            seen += 1
            return seen == occurrence ? error : nil
        }
    }

    /// Stops the process model at the first call of `step`, before it is made.
    convenience init(stoppingAt step: FileSystemStep) {
        self.init()
        stopsAt = { $0.step == step }
    }

    /// Whether `call` is made: it is recorded unless the process has stopped; a planned
    /// failure throws its errno.
    private func enter(_ call: FileSystemCall) throws(SystemCallError) {
        beforeCall(call)
        if !hasStopped, stopsAt(call) { hasStopped = true }
        guard !hasStopped else { throw SystemCallError(code: EIO) }
        calls.append(call)
        if let error = failure(call) { throw SystemCallError(code: error) }
    }

    private func name(_ descriptor: Int32) -> String { openPaths[descriptor] ?? "fd \(descriptor)" }

    func stat(_ path: String) throws(SystemCallError) -> Glibc.stat {
        try enter(.stat(path))
        return try real.stat(path)
    }

    func access(_ path: String, _ mode: Int32) -> Bool {
        (try? enter(.access(path))) != nil && real.access(path, mode)
    }

    func mkstemp(_ template: String) throws(SystemCallError) -> (descriptor: Int32, path: String) {
        try enter(.mkstemp(template))
        let made = try real.mkstemp(template)
        openPaths[made.descriptor] = made.path
        return made
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try enter(.write(name(descriptor), count: bytes.count))
        guard let largestWrite, bytes.count > largestWrite else { return try real.write(descriptor, bytes) }
        return try real.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(largestWrite)))
    }

    /// A write made by the kernel: fails where a write would (``failure`` at `.write`), and
    /// with ``copyFailure`` where the kernel or the file system cannot copy.
    func copyFileRange(from source: Int32, offset: Int, to descriptor: Int32, count: Int) throws(SystemCallError) -> Int {
        try enter(.copy(name(descriptor), count: count))
        if let copyFailure, copiesMade >= copiesBeforeFailure { throw SystemCallError(code: copyFailure) }
        copiesMade += 1
        return try real.copyFileRange(from: source, offset: offset, to: descriptor, count: min(count, largestWrite ?? count))
    }

    func fsync(_ descriptor: Int32) throws(SystemCallError) {
        try enter(.fsync(name(descriptor)))
        try real.fsync(descriptor)
    }

    func fchmod(_ descriptor: Int32, _ mode: mode_t) throws(SystemCallError) {
        try enter(.fchmod(name(descriptor), mode))
        try real.fchmod(descriptor, mode)
    }

    func fstat(_ descriptor: Int32) throws(SystemCallError) -> Glibc.stat {
        try enter(.fstat(name(descriptor)))
        return try real.fstat(descriptor)
    }

    func fchown(_ descriptor: Int32, _ user: uid_t, _ group: gid_t) throws(SystemCallError) {
        try enter(.fchown(name(descriptor), user, group))
        try real.fchown(descriptor, user, group)
    }

    func close(_ descriptor: Int32) {
        _ = try? enter(.close(name(descriptor)))
        // Closed in any case: a stopped process's descriptors are closed by the kernel.
        openPaths[descriptor] = nil
        real.close(descriptor)
    }

    func rename(_ source: String, _ destination: String) throws(SystemCallError) {
        try enter(.rename(source, destination))
        try real.rename(source, destination)
    }

    func exchange(_ first: String, _ second: String) throws(SystemCallError) {
        try enter(.exchange(first, second))
        try real.exchange(first, second)
    }

    func renameWithoutReplacing(_ source: String, _ destination: String) throws(SystemCallError) {
        try enter(.renameWithoutReplacing(source, destination))
        try real.renameWithoutReplacing(source, destination)
    }

    func unlink(_ path: String) {
        guard (try? enter(.unlink(path))) != nil else { return }
        real.unlink(path)
    }

    func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
        try enter(.openForReading(path))
        let descriptor = try real.openForReading(path)
        openPaths[descriptor] = path
        return descriptor
    }

    func openFolder(_ path: String) throws(SystemCallError) -> Int32 {
        try enter(.openFolder(path))
        let descriptor = try real.openFolder(path)
        openPaths[descriptor] = path
        return descriptor
    }

    func lockFolder(_ path: String) throws(SystemCallError) -> Int32 {
        try enter(.lockFolder(path))
        let descriptor = try real.lockFolder(path)
        openPaths[descriptor] = path
        return descriptor
    }

    func unlockFolder(_ descriptor: Int32) {
        _ = try? enter(.unlockFolder(name(descriptor)))
        // Let go in any case: a stopped process's locks go with its descriptors.
        openPaths[descriptor] = nil
        real.unlockFolder(descriptor)
    }

    func currentUmask() -> mode_t {
        _ = try? enter(.umask)
        return real.currentUmask()
    }

    func isRoot() -> Bool {
        _ = try? enter(.isRoot)
        return real.isRoot()
    }
}

extension RecordingFileSystem {
    /// Expects the save recorded here to have held its folder's lock from its first look at
    /// the file (`stat`, the identity check) until after its rename (or exchange).
    func expectLockHeldFromFirstLookToRename(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lock = try #require(calls.firstIndex { $0.step == .lockFolder }, "\(calls)", sourceLocation: sourceLocation)
        let firstLook = try #require(calls.firstIndex { $0.step == .stat }, "\(calls)", sourceLocation: sourceLocation)
        let rename = try #require(calls.lastIndex { $0.step.replacesFile }, "\(calls)", sourceLocation: sourceLocation)
        let unlock = try #require(calls.lastIndex { $0.step == .unlockFolder }, "\(calls)", sourceLocation: sourceLocation)
        #expect(lock < firstLook && rename < unlock, "\(calls)", sourceLocation: sourceLocation)
    }
}

import CSimdjson
import Foundation
import Synchronization

/// Where a save of records goes: what ``SaveWriter/choose(for:of:to:)`` chooses the writer from.
enum SaveDestination: Sendable {
    /// The file the records were read from, which had `identity` then: it is replaced only
    /// while it is still that file.
    case readFile(path: String, identity: FileIdentity)
    /// A file that must not exist yet (Save As), which takes the records with the changes made.
    case newFile(path: String)
    /// The file of changes to the bundled books, found under the lock with `found` (nil: there
    /// is none): it takes `changes` (what was found there with this save merged in), and the
    /// records become `records` (those changes merged over the books).
    case bookChanges(path: String, found: FileIdentity?, changes: [UInt8], records: [UInt8])
}

/// How a save writes its file, with everything it writes: the one choice every save of
/// records makes (form save, add, delete, several deleted, Save As, changes to the bundled
/// books), in ``choose(for:of:to:)``. A writer is a value: it holds its inputs, touches no
/// screen, and returns what it wrote (``SavedRecords``).
enum SaveWriter: Sendable {
    /// Only the records changed are written anew: the unchanged stretches are copied from the
    /// file read, and the records are taken from the file written with only the new ones
    /// parsed (DECISIONS: a save that parses only what it changed).
    case edits(Splice)
    /// The file read and the changes spliced into one copy, written, and read back whole on
    /// another core meanwhile; the records read back then map the file written.
    case splice(Splice)
    /// A file written whole from bytes: a Save As, or the file of changes to the books.
    case newFile(NewFile)

    /// What the `edits` and `splice` writers write: `records` with `changes` made, over the
    /// file at `path` that held them as `identity` says.
    struct Splice: Sendable {
        var records: JSONRecordStore
        var changes: RecordChanges
        var path: String
        var identity: FileIdentity
    }

    /// What the `newFile` writer writes: `bytes` to `path`, which must hold what was found
    /// there (`expecting`, nil: nothing) and is made with `mode` when new; the records are
    /// `records` read as `like`'s were, and `recordsName` stands for them in errors.
    struct NewFile: Sendable {
        var bytes: [UInt8]
        var path: String
        var expecting: FileIdentity?
        var mode: mode_t
        var records: [UInt8]
        var recordsName: String
        var like: JSONRecordStore
    }

    /// The writer for `changes` to `store` that go to `destination`: the one place a save's
    /// writer is chosen. A file read is written by its edits when the store can take its
    /// records from the file written (``JSONRecordStore/canTakeEditedRecords(_:)``), else
    /// spliced and read back whole; a new file and the file of book changes are written whole.
    static func choose(for changes: RecordChanges, of store: JSONRecordStore, to destination: SaveDestination) -> SaveWriter {
        switch destination {
        case .readFile(let path, let identity):
            let splice = Splice(records: store, changes: changes, path: path, identity: identity)
            return store.canTakeEditedRecords(changes) ? .edits(splice) : .splice(splice)
        case .newFile(let path):
            let bytes = store.splicing(changes)
            return .newFile(NewFile(bytes: bytes, path: path, expecting: nil, mode: 0o644, records: bytes, recordsName: path, like: store))
        case .bookChanges(let path, let found, let changes, let records):
            return .newFile(NewFile(bytes: changes, path: path, expecting: found, mode: 0o600, records: records, recordsName: "books", like: store))
        }
    }

    /// Runs a save under the lock of `path`'s folder, from what is found there to the rename,
    /// so that no other instance's save comes between: `choosing` gets the identity of the
    /// file at `path` as found under the lock (nil: none), reads and merges what it must, and
    /// returns the writer (``choose(for:of:to:)``), which writes before the lock is let go.
    /// - Throws: `SaveFailure`, with nothing written.
    static func save(at path: String, fileSystem: any FileSystemCalls,
                     choosing: (_ found: FileIdentity?) throws(SaveFailure) -> SaveWriter) throws(SaveFailure) -> SavedRecords {
        try AtomicFile.withFolderLocked(of: path, fileSystem: fileSystem) { isLocked throws(SaveFailure) in
            let found = (try? fileSystem.stat(path)).map(FileIdentity.init)
            return try choosing(found).write(fileSystem: fileSystem, folderIsLocked: isLocked)
        }
    }

    /// Writes the file atomically and returns what it now holds.
    /// - Parameter folderIsLocked: The caller holds the folder's lock (``save(at:fileSystem:choosing:)``).
    /// - Throws: `SaveFailure`, with nothing written: the file changed on disk, a change that
    ///   would not read back, a full disk, a folder that is read-only …
    func write(fileSystem: any FileSystemCalls, folderIsLocked: Bool = false) throws(SaveFailure) -> SavedRecords {
        switch self {
        case .edits(let splice): try Self.writeEdits(splice, fileSystem: fileSystem, folderIsLocked: folderIsLocked)
        case .splice(let splice): try Self.writeSplice(splice, fileSystem: fileSystem, folderIsLocked: folderIsLocked)
        case .newFile(let file): try Self.writeNewFile(file, fileSystem: fileSystem, folderIsLocked: folderIsLocked)
        }
    }

    /// What the file must still be: the one read. A mapped store's bytes are the file's as it
    /// is now, so comparing them proves nothing: only an identical identity passes (DECISIONS:
    /// a mapped file and a save); a store's own copy is compared when only the change time moved.
    private static func expectation(_ splice: Splice) -> FileExpectation {
        let read = splice.records
        return .identity(splice.identity, contents: read.isMapped ? nil : ExpectedContents { body in read.withFileBytes(body) })
    }

    private static func writeEdits(_ splice: Splice, fileSystem: any FileSystemCalls, folderIsLocked: Bool) throws(SaveFailure) -> SavedRecords {
        let (read, path) = (splice.records, splice.path)
        let expecting = expectation(splice)
        let written = try read.withEditedRecords(splice.changes) { (pieces, edits) throws(SaveFailure) in
            var taking: ReadBack?
            var edited: JSONRecordStore?
            let identity = try AtomicFile.write(pieces: pieces, to: path, expecting: expecting, fileSystem: fileSystem, folderIsLocked: folderIsLocked,
                                                whileFlushing: { descriptor in
                taking = ReadBack(editing: edits, of: read, inFileAt: descriptor, name: path)
            }, beforeRename: { (descriptor) throws(SaveFailure) in
                edited = try (taking ?? ReadBack(editing: edits, of: read, inFileAt: descriptor, name: path)).result()
            })
            return SavedRecords(path: path, identity: identity, records: edited)
        }
        // Only a writer made by hand gets here: choose(for:of:to:) asks canTakeEditedRecords first.
        guard let written else { throw SaveFailure(reason: .other, message: "These changes cannot be written by their edits; nothing was written.") }
        return written
    }

    private static func writeSplice(_ splice: Splice, fileSystem: any FileSystemCalls, folderIsLocked: Bool) throws(SaveFailure) -> SavedRecords {
        let bytes = splice.records.splicing(splice.changes)
        let readBack = ReadBack(bytes, name: splice.path, like: splice.records)
        var checked: JSONRecordStore?
        let identity = try AtomicFile.write(bytes, to: splice.path, expecting: expectation(splice), fileSystem: fileSystem,
                                            folderIsLocked: folderIsLocked) { _ throws(SaveFailure) in
            checked = try readBack.result()
        }
        // The file now holds exactly the bytes read back: map it rather than keep them.
        checked?.mapFile(at: splice.path)
        return SavedRecords(path: splice.path, identity: identity, records: checked)
    }

    private static func writeNewFile(_ file: NewFile, fileSystem: any FileSystemCalls, folderIsLocked: Bool) throws(SaveFailure) -> SavedRecords {
        let readBack = ReadBack(file.records, name: file.recordsName, like: file.like)
        var checked: JSONRecordStore?
        let identity = try AtomicFile.write(file.bytes, to: file.path, expecting: file.expecting.map { .identity($0, contents: nil) } ?? .absent,
                                            mode: file.mode, fileSystem: fileSystem, folderIsLocked: folderIsLocked) { _ throws(SaveFailure) in
            checked = try readBack.result()
        }
        return SavedRecords(path: file.path, identity: identity, records: checked)
    }
}

/// What a save wrote: the file, its identity now, and the records it holds (nil only if the
/// write returned without its check, which it does not).
struct SavedRecords: Sendable {
    var path: String
    var identity: FileIdentity
    var records: JSONRecordStore?
}

extension SaveFailure {
    /// A save refused before its rename because what it wrote would not load as the records.
    static func wouldNotReadBack(_ error: JSONLoadError) -> SaveFailure {
        SaveFailure(reason: .other, message: "The change would not read back (\(error.description)); nothing was written.")
    }
}

/// The records a save's file will hold, worked out on another core while the caller writes
/// or flushes that file, and checked before it replaces the old one.
private final class ReadBack: Sendable {
    private let outcome = Mutex<Result<JSONRecordStore, SaveFailure>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on another core.
    private init(_ work: @escaping @Sendable () -> Result<JSONRecordStore, SaveFailure>) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = work()
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// Reads all of `bytes` back, as `store`'s were read (its keys, format and limits).
    convenience init(_ bytes: [UInt8], name: String, like store: JSONRecordStore) {
        let options = JSONRecordStore.LoadOptions(titleKey: store.titleKey.isEmpty ? nil : store.titleKey, subtitleKey: store.subtitleKey,
                                                  strict: true, format: store.isLines ? .lines : .text, limits: store.limits)
        self.init { Self.read(bytes, name: name, options: options) }
    }

    /// Takes `store`'s records from the file open at `descriptor`, which holds its bytes
    /// with `edits` made (``JSONRecordStore/edited(_:inFileAt:name:)``): the new records are
    /// checked, the others moved. Uses a descriptor of its own, so that the caller may close
    /// `descriptor` meanwhile.
    convenience init(editing edits: [SpliceEdit], of store: JSONRecordStore, inFileAt descriptor: Int32, name: String) {
        let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        // The file is mapped, or read, as the store's was: the store keeps its limits.
        self.init {
            guard own >= 0 else { return .failure(SaveFailure(reason: .other, message: "The file written cannot be read back; nothing was written.")) }
            defer { close(own) }
            do throws(JSONLoadError) {
                return .success(try store.edited(edits, inFileAt: own, name: name))
            } catch {
                return .failure(SaveFailure.wouldNotReadBack(error))
            }
        }
    }

    private static func read(_ bytes: [UInt8], name: String, options: JSONRecordStore.LoadOptions) -> Result<JSONRecordStore, SaveFailure> {
        do throws(JSONLoadError) {
            return .success(try JSONRecordStore.load(data: bytes, name: name, options: options))
        } catch {
            return .failure(SaveFailure.wouldNotReadBack(error))
        }
    }

    /// The records, or why they would not read back: waits for the other core's work (the
    /// save waits for its own check; the screen is told when the save is done).
    func result() throws(SaveFailure) -> JSONRecordStore {
        done.wait()
        done.signal()  // a second call finds it done too
        guard let result = outcome.withLock({ $0 }) else { throw SaveFailure(reason: .other, message: "The change could not be read back; nothing was written.") }
        return try result.get()
    }
}

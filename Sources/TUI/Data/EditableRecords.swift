import CSimdjson
import Foundation
import Synchronization
import TableKit

/// Records a person may change, and where the changes go: the `--data` file itself
/// (``DataFileRecords``), or a file of changes kept beside the bundled books
/// (``BundledBookRecords``). The list, a record's detail and its form share one.
class EditableRecords {
    /// The records as they are now.
    fileprivate(set) var store: JSONRecordStore {
        didSet { editedRecord = nil }
    }
    /// The one record whose bytes the last change of ``store`` replaced, when that change was
    /// exactly one replacement and nothing else (a form's Save): the list moves that record
    /// instead of sorting every record again. Nil after any other change.
    fileprivate(set) var editedRecord: Int?
    /// The system calls the saves make: the real ones, except in tests.
    var fileSystem: any FileSystemCalls = SystemFileSystemCalls()

    fileprivate init(store: JSONRecordStore) {
        self.store = store
    }

    /// Where saves go, in words, for messages.
    var destination: String { "" }

    /// Whether a failed save may be retried under another path.
    var canSaveAs: Bool { false }

    /// Saves `changes` to the records as they are now, and takes the result.
    /// - Throws: `SaveFailure`, with nothing written and the records as they were.
    func save(_ changes: RecordChanges) throws(SaveFailure) {
        throw SaveFailure(reason: .other, message: "These records cannot be changed.")
    }

    /// Saves `changes` to a new file at `path`, which then takes the place of the file.
    func saveAs(_ changes: RecordChanges, to path: String) throws(SaveFailure) {
        throw SaveFailure(reason: .other, message: "These records cannot be saved elsewhere.")
    }

    /// Takes records read again from their source (⟳).
    func adopt(_ store: JSONRecordStore) {
        self.store = store
    }

    /// Whether the records can be read again from where saves go, after a save refused
    /// because another writer changed them (Reload and Re-apply).
    var canReload: Bool { false }

    /// Reads the records again from where saves go, with another writer's changes, and
    /// takes them; returns where record `index` (as it was before) is now: nil when it is no
    /// longer there, or `index` is nil.
    /// - Throws: `SaveFailure` when they cannot be read; the records stay as they were.
    func reload(following index: Int?) throws(SaveFailure) -> Int? {
        throw SaveFailure(reason: .other, message: "These records cannot be read again.")
    }

    /// The records of `bytes`, checked before anything is written: a change that would not
    /// read back is refused.
    fileprivate func reading(_ bytes: [UInt8], name: String, identity: FileIdentity? = nil) throws(SaveFailure) -> JSONRecordStore {
        try ReadBack.read(bytes, name: name, like: store, identity: identity).get()
    }

    /// Reads `bytes` back on another core while they are written and flushed, for
    /// ``AtomicFile/write(_:to:expecting:mode:fileSystem:folderIsLocked:beforeRename:)``'s
    /// check before the rename: a change that would not read back still never replaces the
    /// file, and the save takes about as long as the longer of the two instead of both.
    fileprivate func readingWhileWriting(_ bytes: [UInt8], name: String) -> ReadBack {
        ReadBack(bytes, name: name, like: store)
    }
}

/// The records of a `--data` file, saved back into it: only the records changed are written
/// anew, everything else is copied byte for byte, and the file is replaced atomically, keeping
/// its permissions and owner, and only while it is still the file that was read.
final class DataFileRecords: EditableRecords {
    /// The file; another one after a Save As.
    private(set) var path: String
    private var identity: FileIdentity?

    init(store: JSONRecordStore, path: String) {
        self.path = path
        identity = store.identity
        super.init(store: store)
    }

    override var destination: String { ControlEscaping.escaped(path) }

    override var canSaveAs: Bool { true }

    override func save(_ changes: RecordChanges) throws(SaveFailure) {
        guard let identity else {
            throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was not read from the disk, so it cannot be saved over.")
        }
        // The file holds what the store read, unless another program changed it: a save that
        // finds only the change time moved compares the two. A mapped store's bytes are the
        // file's as it is now, so comparing them proves nothing: only an identical identity
        // passes (DECISIONS: a mapped file and a save).
        let read = store
        let contents = read.isMapped ? nil : ExpectedContents { body in read.withFileBytes(body) }
        let expecting = FileExpectation.identity(identity, contents: contents)
        let saved: (identity: FileIdentity, store: JSONRecordStore?)
        if let edited = try writtenByEdits(changes, from: read, expecting: expecting) {
            saved = edited
        } else {
            saved = try writtenBySplice(changes, from: read, expecting: expecting)
        }
        self.identity = saved.identity
        guard let savedStore = saved.store else { return }
        store = savedStore
        if changes.deleted.isEmpty, changes.added.isEmpty, changes.replaced.count == 1 { editedRecord = changes.replaced.first?.key }
    }

    /// Writes the file from `read`'s bytes and what `changes` put in, and takes the records
    /// from the file written, only the new ones parsed, on the other core while the disk
    /// flushes (DECISIONS: a save that parses only what it changed); nil, with nothing
    /// written, for changes that must be read back whole (``JSONRecordStore/withEditedRecords(_:_:)``).
    private func writtenByEdits(_ changes: RecordChanges, from read: JSONRecordStore, expecting: FileExpectation) throws(SaveFailure)
        -> (identity: FileIdentity, store: JSONRecordStore?)? {
        let name = path
        return try read.withEditedRecords(changes) { (pieces, edits) throws(SaveFailure) in
            var taking: ReadBack?
            var edited: JSONRecordStore?
            let written = try AtomicFile.write(pieces: pieces, to: name, expecting: expecting, fileSystem: fileSystem, whileFlushing: { descriptor in
                taking = ReadBack(editing: edits, of: read, inFileAt: descriptor, name: name)
            }, beforeRename: { (descriptor) throws(SaveFailure) in
                edited = try (taking ?? ReadBack(editing: edits, of: read, inFileAt: descriptor, name: name)).result()
            })
            return (written, edited)
        }
    }

    /// Splices `read`'s bytes with `changes` into one copy and writes it, reading it all back
    /// on the other core meanwhile; the records read back map the file written.
    private func writtenBySplice(_ changes: RecordChanges, from read: JSONRecordStore, expecting: FileExpectation) throws(SaveFailure)
        -> (identity: FileIdentity, store: JSONRecordStore?) {
        let bytes = read.splicing(changes)
        let readBack = readingWhileWriting(bytes, name: path)
        var checked: JSONRecordStore?
        let written = try AtomicFile.write(bytes, to: path, expecting: expecting, fileSystem: fileSystem) { _ throws(SaveFailure) in
            checked = try readBack.result()
        }
        // The file now holds exactly the bytes read back: map it rather than keep them.
        checked?.mapFile(at: path)
        return (written, checked)
    }

    override func saveAs(_ changes: RecordChanges, to newPath: String) throws(SaveFailure) {
        if let problem = Self.problem(withSaveAsPath: newPath) {
            throw SaveFailure(reason: .other, message: "\(ControlEscaping.escaped(newPath)) \(problem).")
        }
        let bytes = store.splicing(changes)
        let checked = try reading(bytes, name: newPath)
        identity = try AtomicFile.write(bytes, to: newPath, expecting: .absent, mode: 0o644, fileSystem: fileSystem)
        path = newPath
        store = checked
    }

    override func adopt(_ store: JSONRecordStore) {
        identity = store.identity
        super.adopt(store)
    }

    override var canReload: Bool { true }

    /// Reads the file again; the record followed is the one with the same bytes (the other
    /// writer left it alone), else one with the same title (the other writer changed it) —
    /// the nearest to where it was, when there are several — else none (it was removed).
    override func reload(following index: Int?) throws(SaveFailure) -> Int? {
        let old = store
        let options = JSONRecordStore.LoadOptions(pointer: old.recordsPointer.isEmpty ? nil : old.recordsPointer,
                                                  titleKey: old.titleKey.isEmpty ? nil : old.titleKey, subtitleKey: old.subtitleKey,
                                                  strict: true, format: old.isLines ? .lines : .text)
        let new: JSONRecordStore
        do {
            new = try JSONRecordStore.load(path: path, options: options)
        } catch {
            throw SaveFailure(reason: .other, message: "\(destination) cannot be read again: \(error.description)")
        }
        adopt(new)
        guard let index, index >= 0, index < old.count else { return nil }
        let raw = old.rawBytes(at: index)
        let twins = (0 ..< new.count).filter { new.rawRange(at: $0).count == raw.count && new.rawBytes(at: $0) == raw }
        let nearest = { (candidates: [Int]) in candidates.min { abs($0 - index) < abs($1 - index) } }
        if let twin = nearest(twins) { return twin }
        let title = old.title(at: index)
        return nearest((0 ..< new.count).filter { new.title(at: $0) == title })
    }

    /// Why a Save As may not go to `path` (the end of a sentence that starts with the path),
    /// or nil when it may: a new file in a folder that exists.
    static func problem(withSaveAsPath path: String) -> String? {
        guard !path.isEmpty else { return "is empty" }
        guard !path.contains("\0") else { return "holds a NUL character" }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? "is a folder" : "already exists: choose a new name"
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "is in a folder that does not exist"
        }
        return nil
    }
}

/// The bundled books with the changes a person made to them, which are kept in a file of
/// their own (`$XDG_DATA_HOME/table-browser/book-changes.json`) and merged over the books at
/// start: the bundled file is never written.
///
/// A bundled book is known by its title and author as bundled, so an edit follows it into a
/// later version of the app; added books have an id of their own.
final class BundledBookRecords: EditableRecords {
    /// The books as bundled.
    let bundled: JSONRecordStore
    /// The file of changes.
    let changesPath: String
    private var changes: BookChanges
    private var changesIdentity: FileIdentity?
    /// Why the file of changes could not be read; saving is refused (so that it is never
    /// overwritten) until it is fixed or moved.
    let problem: String?
    /// Where each record of `store` comes from.
    private var origins: [BookChanges.Origin]

    /// The bundled books with the changes in `changesPath` (if it exists) merged over them.
    init(bundled: JSONRecordStore, changesPath: String) {
        self.bundled = bundled
        self.changesPath = changesPath
        AtomicFile.removeLeftovers(besides: changesPath)
        let read = Self.read(changesPath, over: bundled)
        changesIdentity = read.identity
        problem = read.problem
        changes = read.changes
        origins = read.origins
        super.init(store: read.store)
    }

    /// The changes in `changesPath` and the books with them merged over `bundled`; a file
    /// that cannot be read or merged gives the books as bundled, and says why.
    private static func read(_ changesPath: String, over bundled: JSONRecordStore)
        -> (changes: BookChanges, identity: FileIdentity?, store: JSONRecordStore, origins: [BookChanges.Origin], problem: String?) {
        var problem: String?
        var changes = BookChanges()
        let identity = FileIdentity.of(changesPath)
        if identity != nil {
            do {
                changes = try BookChanges.load(path: changesPath)
            } catch {
                problem = "Your changes to the books in \(ControlEscaping.escaped(changesPath)) cannot be read (\(error.message)). The books are shown as bundled, and nothing is saved over that file until it is fixed or moved."
            }
        }
        var merged = changes.merged(over: bundled)
        let store = try? JSONRecordStore.load(data: merged.bytes, name: "books", titleKey: bundled.titleKey, subtitleKey: bundled.subtitleKey)
        if store == nil {
            // Not expected (the changes were read strictly): show the books as bundled.
            problem = problem ?? "Your changes to the books in \(ControlEscaping.escaped(changesPath)) do not merge into the books. The books are shown as bundled, and nothing is saved over that file until it is fixed or moved."
            changes = BookChanges()
            merged = changes.merged(over: bundled)
        }
        return (changes, identity, store ?? bundled, merged.origins, problem)
    }

    override var canReload: Bool { problem == nil }

    /// Reads the file of changes again; the book followed is the same book (by its bundled
    /// title and author, or its id), wherever it is now.
    override func reload(following index: Int?) throws(SaveFailure) -> Int? {
        let origin = index.flatMap { origins.indices.contains($0) ? origins[$0] : nil }
        let read = Self.read(changesPath, over: bundled)
        if let problem = read.problem { throw SaveFailure(reason: .other, message: problem) }
        changesIdentity = read.identity
        changes = read.changes
        origins = read.origins
        store = read.store
        return origin.flatMap { origin in origins.firstIndex(of: origin) }
    }

    /// The file of changes for this environment: `XDG_DATA_HOME`, else `HOME/.local/share`.
    static func standardChangesPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        xdgDirectory("XDG_DATA_HOME", else: ".local/share", environment: environment)
            .appendingPathComponent("table-browser/book-changes.json").path
    }

    override var destination: String { ControlEscaping.escaped(changesPath) }

    /// Saves `recordChanges`, merged into the file of changes as it is on disk: another
    /// instance's changes to other books, saved meanwhile, are kept and come into view. Only
    /// a change to a book that the other instance changed too is refused (its edit kept).
    override func save(_ recordChanges: RecordChanges) throws(SaveFailure) {
        if let problem { throw SaveFailure(reason: .other, message: problem) }
        let folder = URL(fileURLWithPath: changesPath).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveFailure(reason: .readOnlyFolder, message: "The folder \(ControlEscaping.escaped(folder.path)) cannot be made (\(error.localizedDescription)).")
        }
        // Read, merge and write as one step: no other instance saves between them.
        let (newChanges, merged, checked, written) = try AtomicFile.withFolderLocked(of: changesPath, fileSystem: fileSystem) { isLocked throws(SaveFailure) in
            let found = (try? fileSystem.stat(changesPath)).map(FileIdentity.init)
            let onDisk = try changesOnDisk(found: found)
            let (newChanges, touched) = onDisk.applying(recordChanges, origins: origins)
            if let clash = touched.first(where: { onDisk.entry(for: $0) != changes.entry(for: $0) }) {
                throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was saved by another instance of the app meanwhile, with a change to \(Self.describe(clash)) too; saving would overwrite it.")
            }
            let merged = newChanges.merged(over: bundled)
            let checked = try reading(merged.bytes, name: "books")
            // What was found is what is replaced: a file made or changed since (by another
            // program, which takes no lock) is not.
            let written = try AtomicFile.write(newChanges.serialized(), to: changesPath, expecting: found.map { .identity($0, contents: nil) } ?? .absent,
                                               mode: 0o600, fileSystem: fileSystem, folderIsLocked: isLocked)
            return (newChanges, merged, checked, written)
        }
        changesIdentity = written
        changes = newChanges
        origins = merged.origins
        store = checked
    }

    /// The changes in the file as found under the lock: those read at start (or last saved)
    /// when it is still that file, else the file read again.
    private func changesOnDisk(found: FileIdentity?) throws(SaveFailure) -> BookChanges {
        guard found != changesIdentity else { return changes }
        // Removed meanwhile (a person starting over): this change is made to no changes.
        guard found != nil else { return BookChanges() }
        do {
            return try BookChanges.load(path: changesPath)
        } catch {
            throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was changed by another program and cannot be read (\(error.message)); saving would overwrite it.")
        }
    }

    /// A book in words: “Emma” by Jane Austen, or an added book.
    private static func describe(_ origin: BookChanges.Origin) -> String {
        switch origin {
        case .bundled(let key): return "“\(ControlEscaping.escaped(key.title))” by \(ControlEscaping.escaped(key.author))"
        case .added: return "a book added here"
        }
    }
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

    /// Reads all of `bytes` back, as `store`'s were read (its keys and format).
    convenience init(_ bytes: [UInt8], name: String, like store: JSONRecordStore) {
        let (titleKey, subtitleKey, isLines) = (store.titleKey, store.subtitleKey, store.isLines)
        self.init { Self.read(bytes, name: name, titleKey: titleKey, subtitleKey: subtitleKey, isLines: isLines, identity: nil) }
    }

    /// Takes `store`'s records from the file open at `descriptor`, which holds its bytes
    /// with `edits` made (``JSONRecordStore/edited(_:inFileAt:name:)``): the new records are
    /// checked, the others moved. Uses a descriptor of its own, so that the caller may close
    /// `descriptor` meanwhile.
    convenience init(editing edits: [SpliceEdit], of store: JSONRecordStore, inFileAt descriptor: Int32, name: String) {
        let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        // The file is mapped, or read, as a load on the saving thread would do it.
        let mappingMinimum = tk_json_mapping_minimum()
        self.init {
            guard own >= 0 else { return .failure(SaveFailure(reason: .other, message: "The file written cannot be read back; nothing was written.")) }
            let workersMinimum = tk_json_mapping_minimum()
            tk_json_set_mapping_minimum(mappingMinimum)
            defer {
                tk_json_set_mapping_minimum(workersMinimum)
                close(own)
            }
            do throws(JSONLoadError) {
                return .success(try store.edited(edits, inFileAt: own, name: name))
            } catch {
                return .failure(SaveFailure.wouldNotReadBack(error))
            }
        }
    }

    /// The records of `bytes` read as `store`'s were (its keys and format), or why they would
    /// not read back.
    static func read(_ bytes: [UInt8], name: String, like store: JSONRecordStore, identity: FileIdentity?) -> Result<JSONRecordStore, SaveFailure> {
        read(bytes, name: name, titleKey: store.titleKey, subtitleKey: store.subtitleKey, isLines: store.isLines, identity: identity)
    }

    private static func read(_ bytes: [UInt8], name: String, titleKey: String, subtitleKey: String?, isLines: Bool,
                             identity: FileIdentity?) -> Result<JSONRecordStore, SaveFailure> {
        do throws(JSONLoadError) {
            return .success(try JSONRecordStore.load(data: bytes, name: name, titleKey: titleKey.isEmpty ? nil : titleKey, subtitleKey: subtitleKey,
                                                     identity: identity, format: isLines ? .lines : .text))
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

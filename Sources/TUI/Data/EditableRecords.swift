import Foundation
import TableKit

/// Records a person may change, and where the changes go: the `--data` file itself
/// (``DataFileRecords``), or a file of changes kept beside the bundled books
/// (``BundledBookRecords``). The list, a record's detail and its form share one.
///
/// A save is made in two halves: ``prepareSave(_:)``, on the main actor, hands everything it
/// needs (the store as read, the changes, the path, the file's identity) to a ``RecordSave``,
/// which runs on any thread and touches nothing here; ``take(_:)``, on the main actor again,
/// takes what it wrote. ``startSave(_:)`` runs the middle in the background, one save at a
/// time; ``save(_:)`` runs all three at once (benchmarks, tests).
@MainActor
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

    /// The columns' profiles over a sample of ``store`` (every key the sample has), made in
    /// the background when the store changes (``takeColumnProfiles(_:of:)``): a form opens
    /// without reading the sample again on the main actor (at ten million records, right
    /// after a save, those reads go to the disk).
    private var sampledProfiles: [String: ColumnProfile] = [:]
    /// The store ``sampledProfiles`` are of; held weakly, so that they keep no old store (and
    /// its mapping) alive, and never match a new store that took an old one's address.
    private weak var profiledStore: JSONRecordStore?

    /// Whether the columns' profiles of the records as they are now are made.
    var hasColumnProfiles: Bool { profiledStore === store }

    /// Takes profiles made in the background over `of`'s sample; kept while `of` is the store.
    func takeColumnProfiles(_ profiles: [String: ColumnProfile], of sampled: JSONRecordStore) {
        guard sampled === store else { return }
        sampledProfiles = profiles
        profiledStore = sampled
    }

    /// What the columns of `keys` hold across the records, counting record `record` (the one
    /// a form edits or takes its keys from): from the profiles made in the background when
    /// they are there, else read now.
    func columnProfiles(keys: [String], including record: Int) -> [String: ColumnProfile] {
        guard hasColumnProfiles else { return ColumnProfile.profiles(of: store, keys: keys, including: record) }
        return ColumnProfile.profiles(of: store, keys: keys, including: record, sampled: sampledProfiles)
    }

    /// The save running in the background, while it runs (``startSave(_:)``).
    private(set) var saveUnderWay: SaveUnderWay?
    /// Why a save may not start now, when the records are being read again (⟳): the list
    /// says so while its reload runs, so that no save is made of records about to be replaced.
    var savesWaitFor: String?

    /// A save running in the background: its task, and what it changes.
    struct SaveUnderWay {
        /// The work; its end is delivered as an event (``BackgroundTask/deliver(to:_:)``).
        let task: BackgroundTask<Result<RecordSaveOutcome, SaveFailure>>
        /// The save, for what it changes (``RecordSave/changes``).
        let save: RecordSave
    }

    /// Makes ready a save of `changes` to the records as they are now, run anywhere.
    /// - Throws: `SaveFailure` when these records cannot take it (nothing is written).
    func prepareSave(_ changes: RecordChanges) throws(SaveFailure) -> RecordSave {
        throw SaveFailure(reason: .other, message: "These records cannot be changed.")
    }

    /// Makes ready a save of `changes` to a new file at `path`, which then takes the place of
    /// the file.
    func prepareSaveAs(_ changes: RecordChanges, to path: String) throws(SaveFailure) -> RecordSave {
        throw SaveFailure(reason: .other, message: "These records cannot be saved elsewhere.")
    }

    /// Takes what a save wrote: the file's identity, and its records.
    func take(_ outcome: RecordSaveOutcome) {
        if let records = outcome.saved.records { store = records }
        editedRecord = outcome.editedRecord
    }

    /// Saves `changes` to the records as they are now, and takes the result, on this thread.
    /// - Throws: `SaveFailure`, with nothing written and the records as they were.
    func save(_ changes: RecordChanges) throws(SaveFailure) {
        take(try prepareSave(changes).run())
    }

    /// Saves `changes` to a new file at `path`, on this thread, as ``save(_:)`` does.
    func saveAs(_ changes: RecordChanges, to path: String) throws(SaveFailure) {
        take(try prepareSaveAs(changes, to: path).run())
    }

    /// Starts `save` in the background: the records stay as they are until its end, which the
    /// caller has delivered to a screen and hands to ``finishSave(_:)``. Given the records in
    /// the order shown (`ordering`), the task also works out their order after the save from
    /// what it changed (``IndexedRecords/updated(by:in:)``), off the main actor too.
    /// - Throws: `SaveFailure` when another save of these records is still running, or they
    ///   are being read again: the caller keeps the edit and says why.
    func startSave(_ save: RecordSave, ordering shown: IndexedRecords? = nil) throws(SaveFailure) -> BackgroundTask<Result<RecordSaveOutcome, SaveFailure>> {
        if let savesWaitFor { throw SaveFailure(reason: .busy, message: savesWaitFor) }
        guard saveUnderWay == nil else {
            throw SaveFailure(reason: .busy, message: "Another change to \(destination) is still being saved; save again once it is done.")
        }
        let task = BackgroundTask { _ in
            Result { () throws(SaveFailure) in
                var outcome = try save.run()
                if let shown, let written = outcome.saved.records {
                    if outcome.keepsRecordOrder {
                        outcome.order = shown.updated(by: save.changes, in: written).map { RecordSaveOutcome.Reordering(from: shown, update: $0) }
                    }
                    // Where the order cannot be updated (records put back in the middle by an
                    // undo, another instance's books, an order by a field's values), it is
                    // sorted whole here, not on the main actor where the save lands.
                    if outcome.order == nil {
                        outcome.sorted = IndexedRecords(store: written, collation: shown.collation, sortOrder: shown.sortOrder)
                    }
                }
                return outcome
            }
        }
        saveUnderWay = SaveUnderWay(task: task, save: save)
        return task
    }

    /// Takes the end of the save ``startSave(_:)`` started: the records it wrote, or why it
    /// failed (the records as they were). Nil when `task` is not the save under way.
    func finishSave(_ task: BackgroundTask<Result<RecordSaveOutcome, SaveFailure>>) -> Result<RecordSaveOutcome, SaveFailure>? {
        guard let underWay = saveUnderWay, underWay.task === task else { return nil }
        saveUnderWay = nil
        let result = task.takeResult() ?? .failure(SaveFailure(reason: .other, message: "The save was cancelled; nothing was written."))
        if case .success(let outcome) = result { take(outcome) }
        return result
    }

    /// Takes records read again from their source (⟳).
    func adopt(_ store: JSONRecordStore) {
        self.store = store
        didAdopt?()
    }

    /// Called when records read again replace these: changes registered for undo no longer
    /// apply to them.
    var didAdopt: (() -> Void)?

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

    override func prepareSave(_ changes: RecordChanges) throws(SaveFailure) -> RecordSave {
        guard let identity else {
            throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was not read from the disk, so it cannot be saved over.")
        }
        let (read, path, fileSystem) = (store, path, fileSystem)
        let edited = changes.deleted.isEmpty && changes.added.isEmpty && changes.inserted.isEmpty && changes.replaced.count == 1 ? changes.replaced.first?.key : nil
        return RecordSave(changes: changes, destination: destination) { () throws(SaveFailure) in
            let saved = try SaveWriter.save(at: path, fileSystem: fileSystem) { _ in
                .choose(for: changes, of: read, to: .readFile(path: path, identity: identity))
            }
            return RecordSaveOutcome(saved: saved, editedRecord: edited)
        }
    }

    override func take(_ outcome: RecordSaveOutcome) {
        path = outcome.saved.path
        identity = outcome.saved.identity
        super.take(outcome)
    }

    override func prepareSaveAs(_ changes: RecordChanges, to newPath: String) throws(SaveFailure) -> RecordSave {
        if let problem = Self.problem(withSaveAsPath: newPath) {
            throw SaveFailure(reason: .other, message: "\(ControlEscaping.escaped(newPath)) \(problem).")
        }
        let (read, fileSystem) = (store, fileSystem)
        return RecordSave(changes: changes, destination: ControlEscaping.escaped(newPath)) { () throws(SaveFailure) in
            let saved = try SaveWriter.save(at: newPath, fileSystem: fileSystem) { _ in .choose(for: changes, of: read, to: .newFile(path: newPath)) }
            return RecordSaveOutcome(saved: saved, editedRecord: nil)
        }
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
                                                  strict: true, format: old.isLines ? .lines : .text, limits: old.limits)
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
    nonisolated static func problem(withSaveAsPath path: String) -> String? {
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
    override func prepareSave(_ recordChanges: RecordChanges) throws(SaveFailure) -> RecordSave {
        if let problem { throw SaveFailure(reason: .other, message: problem) }
        let (read, changesPath, fileSystem, destination, bundled) = (store, changesPath, fileSystem, destination, bundled)
        let (known, knownIdentity, origins) = (changes, changesIdentity, origins)
        return RecordSave(changes: recordChanges, destination: destination) { () throws(SaveFailure) in
            let folder = URL(fileURLWithPath: changesPath).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw SaveFailure(reason: .readOnlyFolder, message: "The folder \(ControlEscaping.escaped(folder.path)) cannot be made (\(error.localizedDescription)).")
            }
            // Read, merge and write as one step: no other instance saves between them. What was
            // found is what is replaced: a file made or changed since (by another program, which
            // takes no lock) is not.
            var merge: RecordSaveOutcome.BookMerge?
            var keepsOrder = false
            var broughtOtherChanges = false
            let saved = try SaveWriter.save(at: changesPath, fileSystem: fileSystem) { (found) throws(SaveFailure) in
                let onDisk = try Self.changesOnDisk(found: found, known: known, knownIdentity: knownIdentity, path: changesPath, destination: destination)
                broughtOtherChanges = onDisk != known
                var (newChanges, touched) = onDisk.applying(recordChanges, origins: origins)
                // Books put back by an undo: a deleted bundled book comes back in its place.
                for record in recordChanges.inserted.sorted(by: { $0.key < $1.key }).flatMap(\.value) {
                    if let key = newChanges.restore(record, bundled: bundled) { touched.append(.bundled(key)) }
                }
                if let clash = touched.first(where: { onDisk.entry(for: $0) != known.entry(for: $0) }) {
                    throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was saved by another instance of the app meanwhile, with a change to \(Self.describe(clash)) too; saving would overwrite it.")
                }
                let merged = newChanges.merged(over: bundled)
                merge = RecordSaveOutcome.BookMerge(changes: newChanges, origins: merged.origins)
                keepsOrder = known.keepsRecordOrder(applying: recordChanges, onDisk: onDisk, origins: origins, newOrigins: merged.origins)
                return .choose(for: recordChanges, of: read,
                               to: .bookChanges(path: changesPath, found: found, changes: newChanges.serialized(), records: merged.bytes))
            }
            return RecordSaveOutcome(saved: saved, editedRecord: nil, bookMerge: merge, keepsRecordOrder: keepsOrder, broughtOtherChanges: broughtOtherChanges)
        }
    }

    override func take(_ outcome: RecordSaveOutcome) {
        guard let merge = outcome.bookMerge else { return }
        changesIdentity = outcome.saved.identity
        changes = merge.changes
        origins = merge.origins
        super.take(outcome)
    }

    /// The changes in the file as found under the lock: those read at start (or last saved)
    /// when it is still that file, else the file read again.
    private nonisolated static func changesOnDisk(found: FileIdentity?, known: BookChanges, knownIdentity: FileIdentity?, path changesPath: String,
                                                  destination: String) throws(SaveFailure) -> BookChanges {
        guard found != knownIdentity else { return known }
        // Removed meanwhile (a person starting over): this change is made to no changes.
        guard found != nil else { return BookChanges() }
        do {
            return try BookChanges.load(path: changesPath)
        } catch {
            throw SaveFailure(reason: .changedOnDisk, message: "\(destination) was changed by another program and cannot be read (\(error.message)); saving would overwrite it.")
        }
    }

    /// A book in words: “Emma” by Jane Austen, or an added book.
    private nonisolated static func describe(_ origin: BookChanges.Origin) -> String {
        switch origin {
        case .bundled(let key): return "“\(ControlEscaping.escaped(key.title))” by \(ControlEscaping.escaped(key.author))"
        case .added: return "a book added here"
        }
    }
}

/// A save made ready on the main actor (``EditableRecords/prepareSave(_:)``) to run on any
/// thread: it holds the store as read, the changes and where they go, as values, and
/// touches no screen and nothing of ``EditableRecords``.
struct RecordSave: Sendable {
    /// What it changes, by the records' indices as read.
    let changes: RecordChanges
    /// Where it writes, in words, for messages.
    let destination: String
    /// The work: writes, and returns what it wrote.
    fileprivate let work: @Sendable () throws(SaveFailure) -> RecordSaveOutcome

    /// Writes the file, under its folder's lock, and returns what it now holds.
    /// - Throws: `SaveFailure`, with nothing written.
    func run() throws(SaveFailure) -> RecordSaveOutcome { try work() }
}

/// What a ``RecordSave`` wrote, for ``EditableRecords/take(_:)`` on the main actor.
struct RecordSaveOutcome: Sendable {
    /// The file, its identity now, and its records.
    var saved: SavedRecords
    /// The one record a single replacement changed (``EditableRecords/editedRecord``).
    var editedRecord: Int?
    /// For the bundled books: the file of changes as saved, and where each record comes from.
    var bookMerge: BookMerge?
    /// Whether the records written are those read, in their order, less the ones deleted and
    /// with the ones added after them: what an order can be updated by (``order``). Not so
    /// when another instance's book changes came into view with this save.
    var keepsRecordOrder = true
    /// Whether changes another instance saved meanwhile came in with this save (the bundled
    /// books' file of changes): the records are numbered anew, and what undo kept no longer
    /// applies.
    var broughtOtherChanges = false
    /// The order shown, updated by what the save changed, when the save was given it
    /// (``EditableRecords/startSave(_:ordering:)``) and could.
    var order: Reordering?
    /// The records sorted whole after the save, where ``order`` could not be worked out.
    var sorted: IndexedRecords?

    /// An order worked out after a save, with the order it was worked out from: it stands
    /// only while the list still shows that one.
    struct Reordering: Sendable {
        let from: IndexedRecords
        let update: IndexedRecords.OrderUpdate
    }

    /// The changes to the bundled books a save left in their file, merged.
    struct BookMerge: Sendable {
        var changes: BookChanges
        var origins: [BookChanges.Origin]
    }
}

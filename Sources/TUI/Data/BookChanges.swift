import Foundation

/// The changes a person made to the bundled books: edited books by their bundled title and
/// author, deleted ones likewise, and added ones. Kept as a JSON array of change records:
///
/// ```json
/// [
///   {"change": "edit", "title": "Emma", "author": "Jane Austen", "record": {…}},
///   {"change": "delete", "title": "Ulysses", "author": "James Joyce"},
///   {"change": "add", "id": "5E0…", "record": {…}}
/// ]
/// ```
///
/// A record is kept exactly as it was saved (the bundled book's bytes with the edited values
/// spliced in), so merging copies bytes rather than re-encoding them.
struct BookChanges: Equatable {
    /// A bundled book's identity: its title and author as bundled.
    struct Key: Hashable, Comparable {
        var title: String
        var author: String

        static func < (a: Key, b: Key) -> Bool { (a.title, a.author) < (b.title, b.author) }
    }

    /// Where a merged record comes from.
    enum Origin: Equatable {
        case bundled(Key)
        case added(id: String)
    }

    /// Why a file of changes cannot be used, in words.
    struct ReadError: Error {
        var message: String
    }

    private(set) var edited: [Key: [UInt8]] = [:]
    private(set) var deleted: Set<Key> = []
    private(set) var added: [(id: String, record: [UInt8])] = []

    static func == (a: BookChanges, b: BookChanges) -> Bool {
        a.edited == b.edited && a.deleted == b.deleted && a.added.map(\.id) == b.added.map(\.id) && a.added.map(\.record) == b.added.map(\.record)
    }

    /// The book `origin` now reads `record`.
    mutating func set(_ record: [UInt8], for origin: Origin) {
        switch origin {
        case .bundled(let key):
            edited[key] = record
        case .added(let id):
            if let index = added.firstIndex(where: { $0.id == id }) { added[index].record = record }
        }
    }

    /// The book `origin` is gone.
    mutating func delete(_ origin: Origin) {
        switch origin {
        case .bundled(let key):
            edited[key] = nil
            deleted.insert(key)
        case .added(let id):
            added.removeAll { $0.id == id }
        }
    }

    /// A new book, after the others.
    mutating func add(_ record: [UInt8]) {
        added.append((id: UUID().uuidString, record: record))
    }

    /// A book deleted before is back (an undo): a bundled book with its title and author comes
    /// back in its place, edited when `record` is not as bundled; any other comes back as
    /// added, after the others. Returns the bundled book's key, when it was one.
    mutating func restore(_ record: [UInt8], bundled: JSONRecordStore) -> Key? {
        let object = (try? JSONSerialization.jsonObject(with: Data(record))) as? [String: Any]
        let key = Key(title: object?["title"] as? String ?? "", author: object?["author"] as? String ?? "")
        guard deleted.contains(key) else {
            add(record)
            return nil
        }
        deleted.remove(key)
        let asBundled = (0 ..< bundled.count).first { Self.key(of: $0, in: bundled) == key }.map { bundled.rawBytes(at: $0) }
        if asBundled != record { edited[key] = record }
        return key
    }

    /// What these changes say of one book.
    enum Entry: Equatable {
        /// A bundled book as bundled.
        case unchanged
        case edited([UInt8])
        case deleted
        case added([UInt8])
        /// An added book that is not (or no longer) here.
        case absent
    }

    /// What these changes say of the book `origin`.
    func entry(for origin: Origin) -> Entry {
        switch origin {
        case .bundled(let key):
            if deleted.contains(key) { return .deleted }
            return edited[key].map(Entry.edited) ?? .unchanged
        case .added(let id):
            return added.first { $0.id == id }.map { .added($0.record) } ?? .absent
        }
    }

    /// These changes with `recordChanges` made to the books whose origins `origins` gives by
    /// index; and the books they touch (whose entries another writer must not have changed).
    func applying(_ recordChanges: RecordChanges, origins: [Origin]) -> (changes: BookChanges, touched: [Origin]) {
        var result = self
        var touched: [Origin] = []
        for (index, bytes) in recordChanges.replaced.sorted(by: { $0.key < $1.key }) where origins.indices.contains(index) {
            result.set(bytes, for: origins[index])
            touched.append(origins[index])
        }
        for index in recordChanges.deleted.sorted() where origins.indices.contains(index) {
            result.delete(origins[index])
            touched.append(origins[index])
        }
        for bytes in recordChanges.added {
            result.add(bytes)
        }
        return (result, touched)
    }

    /// The key of bundled record `index`: its `title` and `author` values.
    static func key(of index: Int, in store: JSONRecordStore) -> Key {
        let members = store.members(at: index)
        let value = { (name: String) in members.first { $0.key == name }?.value ?? "" }
        return Key(title: value("title"), author: value("author"))
    }

    /// The books as a JSON array: the bundled ones in their order, edited or left out as
    /// changed, then the added ones; and where each comes from.
    func merged(over bundled: JSONRecordStore) -> (bytes: [UInt8], origins: [Origin]) {
        var records: [[UInt8]] = []
        var origins: [Origin] = []
        for index in 0 ..< bundled.count {
            let key = Self.key(of: index, in: bundled)
            if deleted.contains(key) { continue }
            records.append(edited[key] ?? bundled.rawBytes(at: index))
            origins.append(.bundled(key))
        }
        for book in added {
            records.append(book.record)
            origins.append(.added(id: book.id))
        }
        return (Self.array(records), origins)
    }

    /// The changes as the file keeps them.
    func serialized() -> [UInt8] {
        var entries: [[UInt8]] = []
        for key in edited.keys.sorted() {
            guard let record = edited[key] else { continue }
            entries.append(RecordBytes.object([("change", .string("edit")), ("title", .string(key.title)), ("author", .string(key.author)), ("record", .raw(record))]))
        }
        for key in deleted.sorted() {
            entries.append(RecordBytes.object([("change", .string("delete")), ("title", .string(key.title)), ("author", .string(key.author))]))
        }
        for book in added {
            entries.append(RecordBytes.object([("change", .string("add")), ("id", .string(book.id)), ("record", .raw(book.record))]))
        }
        return Self.array(entries)
    }

    private static func array(_ records: [[UInt8]]) -> [UInt8] {
        var out = Array("[".utf8)
        for (offset, record) in records.enumerated() {
            out += Array((offset == 0 ? "\n  " : ",\n  ").utf8)
            out += record
        }
        out += Array((records.isEmpty ? "]\n" : "\n]\n").utf8)
        return out
    }

    /// Reads a file of changes.
    /// - Throws: `ReadError` when it is not JSON, or holds a change this version does not know.
    static func load(path: String) throws(ReadError) -> BookChanges {
        let store: JSONRecordStore
        do {
            store = try JSONRecordStore.load(path: path, titleKey: "change")
        } catch {
            throw ReadError(message: error.description)
        }
        var changes = BookChanges()
        for index in 0 ..< store.count {
            let members = store.members(at: index)
            let raw = store.rawBytes(at: index)
            let member = { (name: String) in members.first { $0.key == name } }
            let text = { (name: String) in member(name).flatMap { $0.kind == .string ? $0.value : nil } }
            let record = member("record").flatMap { $0.kind == .object && $0.rawValue.upperBound <= raw.count ? Array(raw[$0.rawValue]) : nil }
            switch text("change") {
            case "edit":
                guard let title = text("title"), let author = text("author"), let record else {
                    throw ReadError(message: "change \(index + 1) is an edit without a title, an author and a record")
                }
                changes.edited[Key(title: title, author: author)] = record
            case "delete":
                guard let title = text("title"), let author = text("author") else {
                    throw ReadError(message: "change \(index + 1) is a deletion without a title and an author")
                }
                changes.deleted.insert(Key(title: title, author: author))
            case "add":
                guard let id = text("id"), let record else {
                    throw ReadError(message: "change \(index + 1) is an addition without an id and a record")
                }
                changes.added.append((id: id, record: record))
            default:
                throw ReadError(message: "change \(index + 1) is of a kind this version does not know")
            }
        }
        return changes
    }
}

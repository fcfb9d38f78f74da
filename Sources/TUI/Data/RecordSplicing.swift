import Foundation

/// A JSON value to write into a record.
enum JSONValue: Sendable, Equatable {
    case string(String)
    /// A number, as valid JSON number text.
    case number(String)
    case bool(Bool)
    case null
    /// A value kept exactly as written (nested objects and arrays, unchanged spellings).
    case raw([UInt8])

    /// The value as JSON text: strings escaped as JSON requires (and control characters as
    /// `\u` escapes), other text as UTF-8.
    var bytes: [UInt8] {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .number(let text): return Array(text.utf8)
        case .bool(let value): return Array((value ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        case .raw(let bytes): return bytes
        }
    }

    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0 ..< 0x20, 0x7F: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}

/// Changes to a file of records, to be written by splicing bytes: whatever a change does not
/// touch is copied byte for byte.
struct RecordChanges: Sendable, Equatable {
    /// New bytes (`{` to `}`) for records, by index.
    var replaced: [Int: [UInt8]] = [:]
    /// Records to remove, by index.
    var deleted: Set<Int> = []
    /// Records to append after the last, in order.
    var added: [[UInt8]] = []
    /// Records to put back before the record at an index, in order (an undone deletion); an
    /// index past the last record puts them after it, before ``added``.
    var inserted: [Int: [[UInt8]]] = [:]
    /// What separates records put in, when not what the file separates its records with now:
    /// an undo's, which the file had before the change it takes back (with one record left,
    /// the file no longer shows it).
    var separator: [UInt8]?

    var isEmpty: Bool { replaced.isEmpty && deleted.isEmpty && added.isEmpty && inserted.isEmpty }
}

/// One stretch of a file's bytes that a save changes: what takes its place, and where in
/// that the records it holds are (``JSONRecordStore/spliceEdits(_:in:)``).
struct SpliceEdit: Equatable {
    /// The bytes of the file replaced.
    var range: Range<Int>
    /// What takes their place.
    var bytes: [UInt8]
    /// The records `bytes` hold, `{` to `}`, in order.
    var records: [Range<Int>]
}

extension JSONRecordStore {
    /// The edits of the file's bytes that make `changes`, in order and not overlapping.
    /// Records not changed, and every byte between them, stay as they are; a removed record
    /// takes the separator after it with it (before it, when it was the last); added records
    /// follow the last record, separated as the file separates its records. Indices that
    /// are not records are left out.
    func spliceEdits(_ changes: RecordChanges, in file: UnsafeBufferPointer<UInt8>) -> [SpliceEdit] {
        var edits: [SpliceEdit] = []
        let deleted = changes.deleted.filter { $0 >= 0 && $0 < count }
        var lastKept = count - 1
        while lastKept >= 0, deleted.contains(lastKept) { lastKept -= 1 }
        // Records put back before a kept record go in front of it; before a deleted one, in
        // front of the first record kept after it (its bytes go with it); after the last kept
        // one, at the head of the tail.
        var insertedBefore: [Int: [[UInt8]]] = [:]
        var insertedAtEnd: [[UInt8]] = []
        for (index, records) in changes.inserted.sorted(by: { $0.key < $1.key }) {
            var next = max(0, index)
            while next <= lastKept, deleted.contains(next) { next += 1 }
            if next <= lastKept { insertedBefore[next, default: []] += records } else { insertedAtEnd += records }
        }
        let insertSeparator = changes.inserted.isEmpty ? [] : changes.separator ?? addedSeparator(file)
        let indices = Set(changes.replaced.keys.filter { $0 >= 0 && $0 <= lastKept }).union(deleted.filter { $0 < lastKept }).union(insertedBefore.keys).sorted()
        for index in indices {
            if let records = insertedBefore[index] {
                var put = SpliceEdit(range: rawRange(at: index).lowerBound ..< rawRange(at: index).lowerBound, bytes: [], records: [])
                for record in records {
                    put.records.append(put.bytes.count ..< put.bytes.count + record.count)
                    put.bytes += record + insertSeparator
                }
                edits.append(put)
            }
            if deleted.contains(index) {
                edits.append(SpliceEdit(range: rawRange(at: index).lowerBound ..< rawRange(at: index + 1).lowerBound, bytes: [], records: []))
            } else if let bytes = changes.replaced[index] {
                edits.append(SpliceEdit(range: rawRange(at: index), bytes: bytes, records: [0 ..< bytes.count]))
            }
        }
        // The tail: the records removed after the last kept one go, the added ones come.
        let separator = changes.added.isEmpty && insertedAtEnd.isEmpty ? [] : changes.separator ?? addedSeparator(file)
        var tail = SpliceEdit(range: 0 ..< 0, bytes: [], records: [])
        for (offset, record) in (insertedAtEnd + changes.added).enumerated() {
            if lastKept >= 0 || offset > 0 { tail.bytes += separator }
            tail.records.append(tail.bytes.count ..< tail.bytes.count + record.count)
            tail.bytes += record
        }
        /// `bytes` put before the tail's records, which move after them.
        func prefixTail(with bytes: [UInt8]) {
            tail.bytes = bytes + tail.bytes
            tail.records = tail.records.map { $0.lowerBound + bytes.count ..< $0.upperBound + bytes.count }
        }
        let tailStart: Int
        if lastKept >= 0 {
            tailStart = rawRange(at: lastKept).upperBound
        } else if count > 0 {
            tailStart = rawRange(at: 0).lowerBound
        } else if isLines {
            // JSON Lines with no records: the new ones are the file's lines.
            tailStart = file.count
            if !tail.bytes.isEmpty, file.last.map({ $0 != UInt8(ascii: "\n") }) == true { prefixTail(with: Array("\n".utf8)) }
            if !tail.bytes.isEmpty { tail.bytes += Array("\n".utf8) }
        } else {
            tailStart = openingBracket(file).map { $0 + 1 } ?? file.count
            if !tail.bytes.isEmpty {
                prefixTail(with: Array("\n".utf8))
                tail.bytes += Array("\n".utf8)
            }
        }
        let tailEnd = count > 0 && lastKept < count - 1 ? rawRange(at: count - 1).upperBound : tailStart
        tail.range = tailStart ..< tailEnd
        if !tail.bytes.isEmpty || tailEnd > tailStart { edits.append(tail) }
        var cursor = 0
        return edits.filter { edit in
            defer { cursor = max(cursor, edit.range.upperBound) }
            return edit.range.lowerBound >= cursor
        }
    }

    /// The file's bytes with `changes` made (``spliceEdits(_:in:)``).
    func splicing(_ changes: RecordChanges) -> [UInt8] {
        withFileBytes { file in
            let edits = spliceEdits(changes, in: file)
            var out: [UInt8] = []
            out.reserveCapacity(file.count + edits.reduce(0) { $0 + $1.bytes.count })
            var cursor = 0
            for edit in edits {
                out += file[cursor ..< edit.range.lowerBound]
                out += edit.bytes
                cursor = edit.range.upperBound
            }
            out += file[min(cursor, file.count)...]
            return out
        }
    }

    /// Whether a save of `changes` can take these records from the file it writes with only
    /// the new ones parsed (``withEditedRecords(_:_:)``, ``edited(_:inFileAt:name:)``). Not
    /// for no changes, changes that name a record that is not there, that delete or add an
    /// object's member records (their names would go or be missing: the whole file is read
    /// back, which refuses them), nor for bytes that a lenient load repaired (they are not the
    /// file's) or read with lone surrogates as U+FFFD (the file must then be read back whole):
    /// those are spliced (``splicing(_:)``).
    func canTakeEditedRecords(_ changes: RecordChanges) -> Bool {
        !changes.isEmpty && !bytesRepaired && replacementCount == 0
            && changes.replaced.keys.allSatisfy({ $0 >= 0 && $0 < count }) && changes.deleted.allSatisfy({ $0 >= 0 && $0 < count })
            && (container != .members || changes.deleted.isEmpty && changes.added.isEmpty) && changes.inserted.isEmpty
    }

    /// Calls `body` with the file's bytes with `changes` made, as pieces to write one after
    /// another (the unchanged stretches of the file, copied from the file the store maps
    /// when it maps one, and what the edits put in), and the edits (``spliceEdits(_:in:)``):
    /// nothing is copied into memory. Returns nil without calling `body` for changes it cannot
    /// take (``canTakeEditedRecords(_:)``).
    func withEditedRecords<Result>(_ changes: RecordChanges,
                                   _ body: (_ pieces: [WritePiece], _ edits: [SpliceEdit]) throws(SaveFailure) -> Result) throws(SaveFailure) -> Result? {
        guard canTakeEditedRecords(changes) else { return nil }
        let source = mappedFileDescriptor
        let outcome = withFileBytes { file in
            let edits = spliceEdits(changes, in: file)
            let inserted = edits.flatMap(\.bytes)
            return inserted.withUnsafeBytes { inserted in
                Swift.Result { () throws(SaveFailure) in
                    var pieces: [WritePiece] = []
                    func unchanged(_ range: Range<Int>) {
                        guard !range.isEmpty else { return }
                        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: file[range]))
                        pieces.append(source.map { WritePiece(bytes, copiedFrom: $0, at: range.lowerBound) } ?? WritePiece(bytes))
                    }
                    var cursor = 0, at = 0
                    for edit in edits {
                        unchanged(cursor ..< edit.range.lowerBound)
                        if !edit.bytes.isEmpty { pieces.append(WritePiece(UnsafeRawBufferPointer(rebasing: inserted[at ..< at + edit.bytes.count]))) }
                        cursor = edit.range.upperBound
                        at += edit.bytes.count
                    }
                    unchanged(cursor ..< file.count)
                    return try body(pieces, edits)
                }
            }
        }
        return try outcome.get()
    }

    /// What goes before an added record: the file's own separator between its last two
    /// records, else a comma and the space before its only record, else a comma and a line
    /// (in JSON Lines, a line break).
    /// What separates the records of the file now, or would separate one added to it.
    var recordSeparator: [UInt8] { withFileBytes { addedSeparator($0) } }

    private func addedSeparator(_ file: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if isLines, count < 2 { return Array("\n".utf8) }
        if count >= 2 {
            return Array(file[rawRange(at: count - 2).upperBound ..< rawRange(at: count - 1).lowerBound])
        }
        if count == 1, let bracket = openingBracket(file), bracket < rawRange(at: 0).lowerBound {
            return [UInt8(ascii: ",")] + Array(file[(bracket + 1) ..< rawRange(at: 0).lowerBound])
        }
        return Array(",\n".utf8)
    }

    /// Where the records' array's `[` is (inside a top-level object, perhaps), or the `{` of
    /// the object whose members they are: where the load found it, else the file's first
    /// `[` when that comes before the first record (a `[` inside a record is no opening).
    private func openingBracket(_ file: UnsafeBufferPointer<UInt8>) -> Int? {
        let opening = UInt8(ascii: container == .members ? "{" : "[")
        if file.indices.contains(arrayOffset), file[arrayOffset] == opening { return arrayOffset }
        guard let first = file.firstIndex(of: UInt8(ascii: "[")) else { return nil }
        return count == 0 || first < rawRange(at: 0).lowerBound ? first : nil
    }
}

/// Making a record's new bytes from its old ones.
enum RecordBytes {
    /// `raw` with the values of `newValues` written in place of the last member of each key
    /// — the one `JSON.parse` and `json.loads` read where a key is duplicated; the earlier
    /// ones stay byte for byte — and every other byte (keys, order, spacing, values not
    /// given) as it is. Keys the record lacks are added before its closing brace, in the
    /// order given.
    static func editing(_ raw: [UInt8], members: [RecordMember], newValues: [(key: String, value: JSONValue)]) -> [UInt8] {
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        var missing: [(key: String, value: JSONValue)] = []
        for (key, value) in newValues {
            if let member = members.last(where: { $0.key == key }), member.rawValue.upperBound <= raw.count {
                replacements.append((member.rawValue, value.bytes))
            } else {
                missing.append((key, value))
            }
        }
        replacements.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var cursor = 0
        for replacement in replacements where replacement.range.lowerBound >= cursor {
            out += raw[cursor ..< replacement.range.lowerBound]
            out += replacement.bytes
            cursor = replacement.range.upperBound
        }
        out += raw[cursor...]
        guard !missing.isEmpty, let close = out.lastIndex(of: UInt8(ascii: "}")) else { return out }
        let indent = memberIndent(raw, members: members)
        var insertion: [UInt8] = []
        for (offset, member) in missing.enumerated() {
            if !members.isEmpty || offset > 0 { insertion.append(UInt8(ascii: ",")) }
            insertion += indent.before + JSONValue.quoted(member.key) + Array(": ".utf8) + member.value.bytes
        }
        // After the last value, before the whitespace that leads to the brace.
        var end = close
        while end > 0, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(out[end - 1]) { end -= 1 }
        if members.isEmpty { insertion += indent.after }
        out.insert(contentsOf: insertion, at: end)
        return out
    }

    /// A new record with `members` in order, laid out as `{"key": value, …}` on one line.
    static func object(_ members: [(key: String, value: JSONValue)], indent: String? = nil) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (offset, member) in members.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            if let indent { out += Array(("\n" + indent + "  ").utf8) } else if offset > 0 { out.append(UInt8(ascii: " ")) }
            out += JSONValue.quoted(member.key) + Array(": ".utf8) + member.value.bytes
        }
        if let indent, !members.isEmpty { out += Array(("\n" + indent).utf8) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The space before a member (taken from the record's first member) and before the
    /// closing brace.
    private static func memberIndent(_ raw: [UInt8], members: [RecordMember]) -> (before: [UInt8], after: [UInt8]) {
        guard let first = members.first, let brace = raw.firstIndex(of: UInt8(ascii: "{")),
              let keyQuote = raw[brace ..< first.rawValue.lowerBound].firstIndex(of: UInt8(ascii: "\"")) else {
            return (Array(" ".utf8), Array(" ".utf8))
        }
        let before = Array(raw[(brace + 1) ..< keyQuote])
        return (before.isEmpty ? Array(" ".utf8) : before, [])
    }
}

import CSimdjson
import Foundation
import TableKit

/// The kind of a JSON value.
enum JSONValueKind: Sendable, Equatable {
    case string, number, bool, null, object, array

    init(_ kind: tk_json_value_kind) {
        switch kind {
        case TK_JSON_STRING: self = .string
        case TK_JSON_NUMBER: self = .number
        case TK_JSON_BOOL: self = .bool
        case TK_JSON_OBJECT: self = .object
        case TK_JSON_ARRAY: self = .array
        default: self = .null
        }
    }
}

/// One member of a record as the file has it: what it says, and where its value is written.
struct RecordMember: Sendable, Equatable {
    /// The key, unescaped.
    var key: String
    /// The value as text: a string unescaped, anything else as its (compact) JSON text.
    var value: String
    /// What kind of value it is.
    var kind: JSONValueKind
    /// Where the value's exact text is in the record's bytes (`{` is byte 0).
    var rawValue: Range<Int>
    /// Whether ``value`` is only the start of a long string (``JSONRecordStore/members(at:valuePrefix:)``).
    var isPrefix = false
}

extension JSONRecordStore {
    /// The keys of up to `samples` records spread evenly across the store, in the order
    /// first met, each once: the fields a list can be sorted by.
    func sampledKeys(samples: Int = 200) -> [String] {
        var keys: [String] = [], seen = Set<String>()
        let stride = max(1, count / samples)
        for index in Swift.stride(from: 0, to: count, by: stride) {
            for member in members(at: index) where seen.insert(member.key).inserted { keys.append(member.key) }
        }
        return keys
    }

    /// Every member of record `index` in file order, duplicate keys included; empty outside
    /// `0..<count`. Values may hold control characters: escape before display.
    /// Why a key named on the command line cannot be used: it is the key of no record, so
    /// every row would be blank. Names the keys the records have (from up to 200 records
    /// spread across the file, in the order first met, at most 20). Nil when every key given
    /// is some record's, or there are no records.
    func missingKeyProblem(name: String, titleKey: String?, subtitleKey: String?) -> String? {
        guard count > 0 else { return nil }
        var missing: [String] = []
        if let titleKey, !(0 ..< count).contains(where: hasTitle(at:)) {
            missing.append("--title-key \"\(ControlEscaping.escaped(titleKey))\"")
        }
        if let subtitleKey, !(0 ..< count).contains(where: { subtitle(at: $0) != nil }) {
            missing.append("--subtitle-key \"\(ControlEscaping.escaped(subtitleKey))\"")
        }
        guard !missing.isEmpty else { return nil }
        let keys = sampledKeys().map(ControlEscaping.escaped)
        let shown = keys.prefix(20).joined(separator: ", ") + (keys.count > 20 ? ", …" : "")
        let verb = missing.count == 1 ? "names" : "name"
        return "\(ControlEscaping.escaped(name)): \(missing.joined(separator: " and ")) \(verb) no record's key; the records have: \(shown.isEmpty ? "no keys" : shown)"
    }

    /// Whether record `index` has no title to show: it lacks the title key, or its value is
    /// `null` (whose text is the word "null", like the string "null": the record's bytes tell).
    func lacksTitle(at index: Int) -> Bool {
        guard hasTitle(at: index) else { return true }
        let isNullText = withTitleUTF8(at: index) { Self.isNullText($0) }
        guard isNullText else { return false }
        let key = Array(titleKey.utf8)
        return withRawUTF8(at: index) { raw in
            RecordScanner.valueRange(ofMember: key, inObject: raw).map { raw[$0.lowerBound] == UInt8(ascii: "n") } ?? true
        }
    }

    /// Whether `text` is the four bytes `null`. Asked of every title while a million are
    /// sorted: a generic `elementsEqual` against a string's UTF-8 took a fifth of the load.
    static func isNullText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == 4 && text[0] == UInt8(ascii: "n") && text[1] == UInt8(ascii: "u") && text[2] == UInt8(ascii: "l") && text[3] == UInt8(ascii: "l")
    }

    private func hasTitle(at index: Int) -> Bool {
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        return tk_json_title(handle, index, &bytes, &length) != 0
    }

    /// Every member of record `index`, in file order (duplicates kept), values whole.
    func members(at index: Int) -> [RecordMember] {
        members(at: index, valuePrefix: .max)
    }

    /// ``members(at:)``, with a string value of more than `valuePrefix` bytes of text
    /// unescaped only that far (``RecordMember/isPrefix``): a screen that shows the start of
    /// a 50 MB value decodes only the start.
    func members(at index: Int, valuePrefix: Int) -> [RecordMember] {
        guard index >= 0, index < count, let fields = tk_json_record_fields_prefix(handle, index, max(0, valuePrefix)) else { return [] }
        defer { tk_json_fields_free(fields) }
        let fieldCount = tk_json_fields_count(fields)
        var result: [RecordMember] = []
        result.reserveCapacity(fieldCount)
        for i in 0..<fieldCount {
            var key: UnsafePointer<UInt8>?
            var keyLength = 0
            var value: UnsafePointer<UInt8>?
            var valueLength = 0
            var kind = TK_JSON_NULL
            var rawOffset = 0
            var rawLength = 0
            guard tk_json_fields_get(fields, i, &key, &keyLength, &value, &valueLength, &kind) != 0,
                  tk_json_fields_raw_value(fields, i, &rawOffset, &rawLength) != 0 else { continue }
            result.append(RecordMember(
                key: String(decoding: UnsafeBufferPointer(start: key, count: keyLength), as: UTF8.self),
                value: String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self),
                kind: JSONValueKind(kind),
                rawValue: rawOffset ..< rawOffset + rawLength,
                isPrefix: tk_json_fields_is_prefix(fields, i) != 0
            ))
        }
        return result
    }

    /// Where record `index` is in the file's bytes, `{` to `}`; empty outside `0..<count`.
    func rawRange(at index: Int) -> Range<Int> {
        var offset = 0
        var length = 0
        guard tk_json_raw_range(handle, index, &offset, &length) != 0 else { return 0 ..< 0 }
        return offset ..< offset + length
    }

    /// Whether the store's bytes are a mapping of its file (a regular file of 16 MiB or
    /// more): they are then the file's as it is now, and another program's rewrite in place
    /// shows through them, so they cannot tell whether the file still holds what was read.
    var isMapped: Bool { tk_json_store_is_mapped(handle) != 0 }

    /// A descriptor of the file the store maps, open for reading, or nil when the store
    /// keeps its own copy of the bytes: a save copies the unchanged stretches from it, file
    /// to file. The store owns it; it stays open while the store lives.
    var mappedFileDescriptor: Int32? {
        let descriptor = tk_json_store_file_descriptor(handle)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Maps the file at `path` in place of the store's own copy of its bytes, when the file
    /// is big enough to map and holds exactly those bytes: after a save, the store the save
    /// read back from memory need not keep a second copy of what is now the file. Returns
    /// whether the store is now mapped.
    @discardableResult
    func mapFile(at path: String) -> Bool { tk_json_store_map_file(handle, path) != 0 }

    /// Whether the file shrank under the mapping and a read past its new end found zeros
    /// instead of its bytes: the rows may show blanks, and the bytes must not be saved.
    var lostBytes: Bool { tk_json_store_lost_bytes(handle) != 0 }

    /// Calls `body` with the file's bytes exactly as read (for a mapped store, as the file
    /// holds them now); valid only during the call.
    func withFileBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var length = 0
        let bytes = tk_json_bytes(handle, &length)
        return try body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }

    /// Record `index`'s bytes exactly as written, `{` to `}`.
    func rawBytes(at index: Int) -> [UInt8] {
        let range = rawRange(at: index)
        return withFileBytes { Array($0[range.clamped(to: 0 ..< $0.count)]) }
    }
}

import CSimdjson
import Foundation

/// A JSON file that is an array of objects ("records"), loaded fast and kept compact.
///
/// Loading (through `CSimdjson`, see `Sources/CSimdjson/loader.cpp`) checks the whole file
/// strictly and keeps only its bytes plus 24 bytes per record: where the record, its title and
/// its subtitle are. Strings are made lazily, for the rows on screen; titles can be read as
/// UTF-8 bytes without making strings at all (to sort a million rows).
///
/// Immutable after `load`, so it may be shared between threads. Every accessor accepts any
/// index: outside `0..<count` it returns an empty value rather than trapping.
// Safe to send: every stored property is a `let`; the C store behind `handle` is immutable
// after loading and its accessors may be called from any thread (csimdjson.h), except
// `mapFile(at:)`, which a save calls on a store it has just made, before anyone else holds it;
// deinit frees the C store once.
final class JSONRecordStore: @unchecked Sendable {
    /// The number of records.
    let count: Int
    /// The key whose value titles each row: given to `load`, or inferred ("title", then "name",
    /// then the first string-valued field). Empty when there was nothing to choose from.
    let titleKey: String
    /// The key whose value is shown under the title, or nil when rows have no subtitle.
    let subtitleKey: String?

    /// What the file system said about the file just before it was read (nil for data held
    /// in memory): a save refuses to overwrite a file that no longer matches it.
    let identity: FileIdentity?
    let handle: OpaquePointer
    /// The JSON Pointer of the array the records are in (`/3166-1`); empty for a top-level array.
    let recordsPointer: String
    /// Where the records' array begins (its `[`) in the file's bytes.
    let arrayOffset: Int
    /// Whether the records were read as JSON Lines: one a line, no array around them.
    let isLines: Bool
    /// Whether the records are the members of an object, each titled by its name unless a
    /// title key was given (``recordName(at:)``).
    let recordsAreMembers: Bool
    /// A top-level object's member arrays of objects, largest first (the records' own
    /// included): their JSON Pointers and sizes in bytes. Empty for any other shape.
    let candidates: [(pointer: String, bytes: Int)]
    /// How many U+FFFD a lenient load put in place of ill-formed text: ill-formed UTF-8
    /// sequences and lone surrogate escapes (`\ud800`).
    let replacementCount: Int
    /// Whether a lenient load replaced ill-formed UTF-8: the store's bytes are then that
    /// repaired copy, not the file's, and must not be spliced back over it. Lone surrogate
    /// escapes alone leave the bytes the file's.
    let bytesRepaired: Bool
    /// Where the records are, and so what parts them in the file.
    let container: Container

    /// Where the records are (`tk_json_container`).
    enum Container: Sendable, Equatable {
        /// The top-level array's elements, parted by commas.
        case topArray
        /// An array inside the text (``recordsPointer``), commas.
        case innerArray
        /// JSON Lines: line breaks.
        case lines
        /// An object's member values, each after its name (``recordName(at:)``), commas.
        case members
    }

    /// Everything a load can be told (``load(path:options:)``). The defaults find the records
    /// wherever they are, infer the keys, replace ill-formed text and detect JSON Lines.
    struct LoadOptions: Sendable {
        /// A JSON Pointer naming the array of objects, or the object of objects, that holds the records.
        var pointer: String?
        /// The member shown as each row's title; nil infers it.
        var titleKey: String?
        /// The member shown under the title; nil infers it.
        var subtitleKey: String?
        /// When true, ill-formed UTF-8 and lone surrogate escapes refuse the file; when
        /// false they become U+FFFD (``replacementCount``). Structure is strict either way.
        var strict: Bool
        /// JSON text, JSON Lines, or detect which.
        var format: Format
        /// Asked while the bytes are read: true stops the load at once ("loading cancelled").
        var isCancelled: (@Sendable () -> Bool)?
        /// How long a pipe or FIFO may stay silent, before its first byte or between any two
        /// reads after it; nil waits for ever.
        var waitForData: Duration?
        /// The most bytes a pipe or FIFO may send (one more is refused at once); nil: the most
        /// that can be loaded, 4 GiB - 1. Regular files are checked against their size.
        var streamLimit: Int?
        /// The sizes the load works in (threads, simdjson's windows, mapping): how, not what.
        var limits: Limits

        init(pointer: String? = nil, titleKey: String? = nil, subtitleKey: String? = nil, strict: Bool = false, format: Format = .detect,
             isCancelled: (@Sendable () -> Bool)? = nil, waitForData: Duration? = nil, streamLimit: Int? = nil, limits: Limits = Limits()) {
            self.pointer = pointer
            self.titleKey = titleKey
            self.subtitleKey = subtitleKey
            self.strict = strict
            self.format = format
            self.isCancelled = isCancelled
            self.waitForData = waitForData
            self.streamLimit = streamLimit
            self.limits = limits
        }
    }

    /// How the records are written.
    enum Format: Sendable {
        /// JSON Lines when the first line is a whole object and more follows, else one text.
        case detect
        /// One JSON text.
        case text
        /// JSON Lines.
        case lines

        /// `.jsonl` and `.ndjson` files are JSON Lines; others are detected.
        static func of(path: String) -> Format {
            let lowered = path.lowercased()
            return lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") ? .lines : .detect
        }

        var c: tk_json_format {
            switch self {
            case .detect: return TK_JSON_FORMAT_DETECT
            case .text: return TK_JSON_FORMAT_TEXT
            case .lines: return TK_JSON_FORMAT_LINES
            }
        }
    }

    private init(handle: OpaquePointer, identity: FileIdentity? = nil) {
        self.handle = handle
        self.identity = identity
        count = tk_json_count(handle)
        var pointerLength = 0
        let pointer = tk_json_records_pointer(handle, &pointerLength)
        recordsPointer = pointer.map { Self.decode($0, count: pointerLength) } ?? ""
        arrayOffset = tk_json_array_offset(handle)
        isLines = tk_json_is_lines(handle) != 0
        recordsAreMembers = tk_json_records_are_members(handle) != 0
        replacementCount = tk_json_replacement_count(handle)
        bytesRepaired = tk_json_bytes_repaired(handle) != 0
        switch tk_json_records_container(handle) {
        case TK_JSON_CONTAINER_INNER_ARRAY: container = .innerArray
        case TK_JSON_CONTAINER_LINES: container = .lines
        case TK_JSON_CONTAINER_MEMBERS: container = .members
        default: container = .topArray
        }
        candidates = (0 ..< tk_json_candidate_count(handle)).compactMap { index in
            var length = 0, bytes = 0
            guard let pointer = tk_json_candidate(handle, index, &length, &bytes) else { return nil }
            return (Self.decode(pointer, count: length), bytes)
        }
        titleKey = Self.string(tk_json_title_key, handle) ?? ""
        subtitleKey = Self.string(tk_json_subtitle_key, handle)
    }

    deinit {
        // Releasing a mapped file unmaps it and, once a save has replaced the file, drops the
        // old file's pages: tens of milliseconds at a million records, which the thread that
        // let go of the records (the main thread, after a save) does not wait for.
        if tk_json_store_is_mapped(handle) != 0 {
            let retired = RetiredHandle(handle: handle)
            DispatchQueue.global(qos: .utility).async { tk_json_free(retired.handle) }
        } else {
            tk_json_free(handle)
        }
    }

    /// A store's handle on its way to being freed on another thread.
    // Safe to send: made in deinit, so nothing else holds the handle; the one thread it goes
    // to frees it once.
    private struct RetiredHandle: @unchecked Sendable {
        let handle: OpaquePointer
    }

    /// Loads the JSON file at `path`: an array of objects, a top-level object whose largest
    /// member array of objects holds the records, or the array at `pointer` (a JSON Pointer).
    ///
    /// - Parameters:
    ///   - titleKey: the member shown as each row's title; nil infers it.
    ///   - subtitleKey: the member shown under the title; nil infers it (the first other
    ///     string-valued member, if any).
    /// - Throws: `JSONLoadError`, with line and column for malformed JSON.
    ///   - format: JSON text, JSON Lines, or detect which.
    ///   - strict: When false, ill-formed UTF-8 and lone surrogate escapes become U+FFFD
    ///     (``replacementCount``) instead of refusing the file.
    static func load(path: String, pointer: String? = nil, titleKey: String? = nil, subtitleKey: String? = nil,
                     format: Format = .text, strict: Bool = true) throws(JSONLoadError) -> JSONRecordStore {
        try load(path: path, options: LoadOptions(pointer: pointer, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict, format: format))
    }

    /// Loads the JSON file at `path` as `options` say: an array of objects, a top-level
    /// object's largest member array of objects (``candidates`` lists them), an object of
    /// objects (``recordName(at:)``), or JSON Lines.
    /// - Throws: `JSONLoadError`, with line and column for malformed JSON.
    static func load(path: String, options: LoadOptions) throws(JSONLoadError) -> JSONRecordStore {
        guard !path.utf8.contains(0) else {
            throw JSONLoadError(kind: .unreadable, path: path, message: "no such file")
        }
        var error = tk_json_error()
        // Taken before reading: a change made while reading makes a later save refuse.
        let identity = FileIdentity.of(path)
        let handle = options.withC { tk_json_load_file(path, $0, &error) }
        guard let handle else { throw JSONLoadError(error, path: path) }
        return JSONRecordStore(handle: handle, identity: identity)
    }

    /// Loads JSON held in memory (e.g. a bundled resource, standard input); `name` stands for
    /// the path in errors. `pointer` finds the records as ``load(path:pointer:titleKey:subtitleKey:)`` does.
    static func load(data: some ContiguousBytes, name: String, pointer: String? = nil, titleKey: String? = nil, subtitleKey: String? = nil,
                     identity: FileIdentity? = nil, format: Format = .text, strict: Bool = true) throws(JSONLoadError) -> JSONRecordStore {
        try load(data: data, name: name, options: LoadOptions(pointer: pointer, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict, format: format),
                 identity: identity)
    }

    /// Loads what the open `descriptor` holds (standard input), read from where it stands to
    /// its end, as `options` say; `name` stands for the path in errors. A terminal or a device
    /// is refused at once; a pipe may stay silent as long as `options.waitForData` says, and
    /// send at most `options.streamLimit` bytes.
    static func load(descriptor: Int32, name: String, options: LoadOptions) throws(JSONLoadError) -> JSONRecordStore {
        var error = tk_json_error()
        let handle = options.withC { tk_json_load_descriptor(descriptor, $0, &error) }
        guard let handle else { throw JSONLoadError(error, path: name) }
        return JSONRecordStore(handle: handle, identity: nil)
    }

    /// Loads JSON held in memory as `options` say; `name` stands for the path in errors.
    static func load(data: some ContiguousBytes, name: String, options: LoadOptions, identity: FileIdentity? = nil) throws(JSONLoadError) -> JSONRecordStore {
        var error = tk_json_error()
        let handle = Self.loadMemory(data, options: options, error: &error)
        guard let handle else { throw JSONLoadError(error, path: name) }
        return JSONRecordStore(handle: handle, identity: identity)
    }

    /// These records as they are in the file open at `descriptor`, which a save wrote from
    /// this store's bytes with `edits` made, every other byte as it was
    /// (``withEditedRecords(_:_:)``): the file is mapped, the records inside an edit go and
    /// its new records take their place, each checked to be one valid object and its title
    /// taken, and every other record is moved, not parsed again (`tk_json_store_edited`).
    ///
    /// The file is mapped when it has at least this store's ``limits`` `mappingMinimum`
    /// bytes, which the new store keeps.
    /// - Throws: `JSONLoadError` when a new record is not one valid object, or the file is
    ///   not what the edits make; `name` stands for the file in it.
    func edited(_ edits: [SpliceEdit], inFileAt descriptor: Int32, name: String) throws(JSONLoadError) -> JSONRecordStore {
        var error = tk_json_error()
        let byteEdits = edits.map { tk_json_byte_edit(start: $0.range.lowerBound, end: $0.range.upperBound, length: $0.bytes.count, records: $0.records.count) }
        let offsets = edits.flatMap { $0.records.map(\.lowerBound) }, lengths = edits.flatMap { $0.records.map(\.count) }
        guard let made = tk_json_store_edited(handle, descriptor, byteEdits, byteEdits.count, offsets, lengths, &error) else {
            throw JSONLoadError(error, path: name)
        }
        return JSONRecordStore(handle: made, identity: nil)
    }

    /// Record `index`'s title: its string unescaped, or the JSON text of another value
    /// (`1999`, `true`); empty when the record has no such member.
    func title(at index: Int) -> String {
        title(at: index, maximumBytes: .max)
    }

    /// The most bytes of a title or a subtitle a one-line row is given: more than the widest
    /// terminal shows, however long the value (a 50 MB title would otherwise be copied for
    /// every row drawn).
    static let rowTextBytes = 4096

    /// Record `index`'s title as ``title(at:)`` gives it, cut to at most `maximumBytes` at the
    /// start of a code point and ended with `…` when cut.
    func title(at index: Int, maximumBytes: Int) -> String {
        withTitleUTF8(at: index) { Self.text($0, maximumBytes: maximumBytes) }
    }

    /// What the load spent reading, finding the structure (per half), walking the records
    /// (per half) and settling the keys, for the benchmark.
    var timings: tk_json_timings {
        var timings = tk_json_timings()
        tk_json_get_timings(handle, &timings)
        return timings
    }

    /// Record `index`'s subtitle, or nil when there is no subtitle key or the record lacks it.
    func subtitle(at index: Int) -> String? {
        subtitle(at: index, maximumBytes: .max)
    }

    /// Every member of record `index` in file order (duplicate keys included): keys and
    /// string values unescaped, numbers, booleans and null as their JSON text, arrays and
    /// objects as compact JSON. Values may hold control characters: escape before display.
    func fields(at index: Int) -> [(key: String, value: String)] {
        members(at: index).map { (key: $0.key, value: $0.value) }
    }
}

/// Why a JSON file could not be loaded, in one line that is safe to print.
struct JSONLoadError: Error, CustomStringConvertible {
    /// What went wrong.
    enum Kind: Sendable, Equatable {
        /// The file is missing, unreadable, a directory or too large (exit status 66).
        case unreadable
        /// The bytes are not valid JSON (exit status 65).
        case syntax
        /// Valid JSON, but not an array of objects (exit status 65).
        case notArrayOfObjects
    }

    var kind: Kind
    /// The path as given to `load` (or the name given for in-memory data).
    var path: String
    /// 1-based line of the fault, when there is a position.
    var line: Int?
    /// 1-based column of the fault in Unicode scalars, when there is a position.
    var column: Int?
    /// What is wrong, e.g. "expected ',' or '}' after object member".
    var message: String

    /// The sysexits status for this error: 66 (EX_NOINPUT) when the file cannot be read,
    /// 65 (EX_DATAERR) when its contents are wrong.
    var exitCode: Int32 { kind == .unreadable ? 66 : 65 }

    /// `books.json:3:17: error: expected ',' or '}' after object member`, or
    /// `missing.json: error: no such file`. Control characters are escaped.
    var description: String {
        var location = Self.escapingControlCharacters(path)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(Self.escapingControlCharacters(message))"
    }

    init(kind: Kind, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ error: tk_json_error, path: String) {
        switch error.kind {
        case TK_JSON_ERROR_SYNTAX: kind = .syntax
        case TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS: kind = .notArrayOfObjects
        default: kind = .unreadable
        }
        self.path = path
        line = error.line > 0 ? Int(error.line) : nil
        column = error.line > 0 && error.column > 0 ? Int(error.column) : nil
        message = Self.text(ofMessage: error)
        if message.isEmpty { message = "cannot load the file" }
    }

    /// `s` with C0/C1 controls, DEL and invisible format characters (e.g. bidi overrides)
    /// written as `\u{…}`, so a message never moves the cursor or changes a terminal.
    static func escapingControlCharacters(_ s: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for scalar in s.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

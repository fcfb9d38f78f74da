import CSimdjson
import Foundation
import Testing
@testable import TUI

/// A directory of small JSON files for one test, removed when the test ends.
private final class TempFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("JSONRecordStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func write(_ text: String, name: String = "records.json") throws -> String {
        try write(Array(text.utf8), name: name)
    }

    func write(_ bytes: [UInt8], name: String = "records.json") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

private func load(_ text: String, titleKey: String? = nil, subtitleKey: String? = nil) throws -> JSONRecordStore {
    let files = try TempFiles()
    return try JSONRecordStore.load(path: files.write(text), titleKey: titleKey, subtitleKey: subtitleKey)
}

/// The error loading the file at `path` throws, or nil when it loads.
private func loadError(path: String) -> JSONLoadError? {
    do {
        _ = try JSONRecordStore.load(path: path)
        return nil
    } catch {
        return error
    }
}

/// The error loading `bytes` throws, or nil when they load.
private func loadError(_ bytes: [UInt8]) throws -> JSONLoadError? {
    let files = try TempFiles()
    return loadError(path: try files.write(bytes, name: "bad.json"))
}

private func loadError(_ text: String) throws -> JSONLoadError? { try loadError(Array(text.utf8)) }

/// The title `generatedBooks` gives record `index`.
private func expectedTitle(_ index: Int) -> String {
    index % 10 == 0 ? "Café \(index)" : (index % 7 == 0 ? "\"Quoted\" \(index)" : "Book \(index)")
}

/// `count` book-like records, one per line, with varied escapes.
private func generatedBooks(_ count: Int) -> String {
    var lines: [String] = []
    lines.reserveCapacity(count)
    for i in 0..<count {
        let title = i % 10 == 0 ? "Caf\\u00e9 \(i)" : (i % 7 == 0 ? "\\\"Quoted\\\" \(i)" : "Book \(i)")
        lines.append(#"{"title": "\#(title)", "author": "Author \#(i % 97)", "year": \#(1800 + i % 225), "description": "Line one\nline two of book \#(i).", "tags": ["a", {"n": \#(i)}], "isbn": "978-\#(i)"}"#)
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
}

struct JSONRecordStoreTests {
    // MARK: - Titles and subtitles

    @Test func titlesAndSubtitlesOfBooks() throws {
        let store = try load("""
            [
              {"title": "Dune", "author": "Frank Herbert", "year": 1965},
              {"title": "Emma", "author": "Jane Austen", "year": 1815}
            ]
            """)
        #expect(store.count == 2)
        #expect(store.titleKey == "title")
        #expect(store.subtitleKey == "author")
        #expect(store.title(at: 0) == "Dune")
        #expect(store.subtitle(at: 0) == "Frank Herbert")
        #expect(store.title(at: 1) == "Emma")
        #expect(store.subtitle(at: 1) == "Jane Austen")
    }

    @Test func titleUTF8BytesMatchTheTitle() throws {
        let store = try load(#"[{"title": "Élan \u00e9 😀"}, {"other": 1}]"#)
        #expect(store.withTitleUTF8(at: 0) { Array($0) } == Array("Élan é 😀".utf8))
        #expect(store.withTitleUTF8(at: 1) { $0.count } == 0)
    }

    @Test func inferenceFallsBackToNameThenFirstStringField() throws {
        let named = try load(#"[{"id": 7, "name": "Ada", "city": "London"}]"#)
        #expect(named.titleKey == "name")
        #expect(named.subtitleKey == "city")
        #expect(named.title(at: 0) == "Ada")

        let firstString = try load(#"[{"id": 7, "label": "Ada", "note": "first", "more": "x"}]"#)
        #expect(firstString.titleKey == "label")
        #expect(firstString.subtitleKey == "note")
        #expect(firstString.subtitle(at: 0) == "first")

        let onlyOneString = try load(#"[{"id": 7, "title": "Solo", "n": 2}]"#)
        #expect(onlyOneString.titleKey == "title")
        #expect(onlyOneString.subtitleKey == nil)
        #expect(onlyOneString.subtitle(at: 0) == nil)
    }

    @Test func inferenceUsesTheFirstRecordWithAStringAndFillsEarlierRecords() throws {
        let store = try load(#"[{"id": 1, "title": 1999}, {}, {"id": 2, "title": "Two", "by": "B"}, {"title": "Three"}]"#)
        #expect(store.titleKey == "title")
        #expect(store.subtitleKey == "by")
        #expect(store.title(at: 0) == "1999")
        #expect(store.subtitle(at: 0) == nil)
        #expect(store.title(at: 1) == "")
        #expect(store.title(at: 2) == "Two")
        #expect(store.subtitle(at: 2) == "B")
        #expect(store.title(at: 3) == "Three")
        #expect(store.subtitle(at: 3) == nil)
    }

    @Test func inferenceWithoutAnyStringValue() throws {
        let store = try load(#"[{}, {"year": 1999, "n": 1}, {"year": 2000}]"#)
        #expect(store.titleKey == "year")
        #expect(store.subtitleKey == nil)
        #expect(store.title(at: 0) == "")
        #expect(store.title(at: 1) == "1999")
        #expect(store.title(at: 2) == "2000")
    }

    @Test func explicitKeys() throws {
        let text = #"[{"title": "Dune", "isbn": "978-0", "year": 1965}, {"title": "No ISBN"}]"#
        let store = try load(text, titleKey: "isbn", subtitleKey: "year")
        #expect(store.titleKey == "isbn")
        #expect(store.subtitleKey == "year")
        #expect(store.title(at: 0) == "978-0")
        #expect(store.subtitle(at: 0) == "1965")
        #expect(store.title(at: 1) == "")  // missing key: empty title
        #expect(store.subtitle(at: 1) == nil)

        let missing = try load(text, titleKey: "nope")
        #expect(missing.titleKey == "nope")
        #expect(missing.title(at: 0) == "")
        #expect(missing.subtitleKey == "title")  // inferred: first string field that is not the title key
    }

    @Test func explicitKeyMatchesAnEscapedKeyAndTheFirstDuplicate() throws {
        let store = try load(#"[{"ti\u0074le": "escaped key", "title": "second"}]"#, titleKey: "title")
        #expect(store.title(at: 0) == "escaped key")
    }

    @Test func nonStringTitlesShowTheirJSONText() throws {
        let store = try load(#"[{"t": 1999}, {"t": -2.5e3}, {"t": true}, {"t": null}, {"t": [1, "a" ,{"b" : null}]}, {"t": { "k" : [ ] }}]"#, titleKey: "t")
        #expect((0..<store.count).map { store.title(at: $0) } == ["1999", "-2.5e3", "true", "null", #"[1,"a",{"b":null}]"#, #"{"k":[]}"#])
    }

    /// A first screen sections every record by its title's first bytes, read ahead without
    /// reading each title: they are the title's as a row shows it (after spaces), for a
    /// string plain or escaped, an array or an object, and 0 where the title is to be read
    /// whole — a number, true, null (shown as "—"), a missing or empty title — or the record
    /// is out of range; and the list sectioned that way is sectioned as the whole sort does.
    @Test func titleLeadsAreTheTitlesFirstBytesOrZero() throws {
        let store = try load(#"[{"t": "Abc"}, {"t": "   Éa"}, {"t": "\"q\" x"}, {"t": "東京"}, {"t": "ab"}, {"t": 1999}, {"t": true}, {"t": null}, {"x": 1}, {"t": ""}, {"t": "   "}, {"t": [1, "a"]}, {"t": {"k": 2}}, {"t": "😀!"}]"#, titleKey: "t")
        func packed(_ text: String) -> UInt32 {
            var lead: UInt32 = 0
            for (offset, byte) in text.utf8.drop(while: { $0 == 0x20 }).prefix(4).enumerated() { lead |= UInt32(byte) << (8 * offset) }
            return lead
        }
        var leads = [UInt32](repeating: 7, count: store.count + 2)
        leads.withUnsafeMutableBufferPointer { store.titleLeads(0 ..< store.count + 2, into: $0.baseAddress!) }
        let expected = ["Abc", "Éa", "\"q\" x", "東京", "ab"].map(packed) + [0, 0, 0, 0, 0, 0] + [packed("[1,\"a\"]"), packed("{\"k\":2}"), packed("😀!")] + [0, 0]
        #expect(leads == expected)
        var read = [UInt32](repeating: 7, count: store.count + 2)
        read.withUnsafeMutableBufferPointer { tk_json_title_leads_from_titles(store.handle, 0, store.count + 2, $0.baseAddress!) }
        #expect(read == expected, "the leads the walk kept are the titles'")
        #expect(tk_json_title_leads_kept(store.handle) == 1, "an array's walk keeps them")
        var tail = [UInt32](repeating: 7, count: 3)
        tail.withUnsafeMutableBufferPointer { store.titleLeads(store.count - 1 ..< store.count + 2, into: $0.baseAddress!) }
        #expect(tail == [packed("😀!"), 0, 0])
        let preview = IndexedRecords.firstRowsFirst(store: store, rows: 3)
        let whole = IndexedRecords(store: store)
        #expect(preview.order.sectionStarts == whole.order.sectionStarts)
        #expect(preview.order.order.prefix(3) == whole.order.order.prefix(3))
    }

    // MARK: - Escapes

    /// A walk looks ahead for the next backslash once for many strings: an escape far past
    /// where it last looked (long plain values between) is still unescaped, in a title, a
    /// subtitle and a key.
    @Test func escapesFarApartAreUnescaped() throws {
        let long = String(repeating: "plain words ", count: 2_000)  // 24 KB a record
        let records = (0 ..< 12).map { i in
            i % 4 == 3
                ? #"{"title": "Say \"hi\" \#(i)", "author": "A\u00e9 \#(i)", "d": "\#(long)", "k\u0065y": 1}"#
                : #"{"title": "Plain \#(i)", "author": "B \#(i)", "d": "\#(long)"}"#
        }
        let store = try load("[" + records.joined(separator: ",\n") + "]")
        #expect((0 ..< 12).map { store.title(at: $0) } == (0 ..< 12).map { $0 % 4 == 3 ? "Say \"hi\" \($0)" : "Plain \($0)" })
        #expect(store.subtitle(at: 11) == "Aé 11")
        #expect(store.fields(at: 11).map(\.key) == ["title", "author", "d", "key"])
    }

    @Test func escapedStringsAreUnescaped() throws {
        let store = try load(#"""
            [{"title": "Say \"hi\"\n\tnow \\ \/ caf\u00e9 \ud83d\ude00 \u00E9", "author": "plain"}]
            """#)
        #expect(store.title(at: 0) == "Say \"hi\"\n\tnow \\ / café 😀 é")
        #expect(store.subtitle(at: 0) == "plain")
    }

    @Test func controlCharacterEscapesBecomeTheRealCharacters() throws {
        let store = try load(#"[{"title": "bell\u0007 esc\u001b[31m nul\u0000 end"}]"#)
        #expect(store.title(at: 0).unicodeScalars.map(\.value).contains(0x07))
        #expect(store.title(at: 0) == "bell\u{07} esc\u{1B}[31m nul\u{00} end")
    }

    // MARK: - Fields and raw JSON

    @Test func fieldsInFileOrderWithRenderedValues() throws {
        let store = try load(#"""
            [{"title": "A \"q\"", "year": 1999, "ok": false, "none": null,
              "tags": [ "x", 1.5e2, { "k" : "v\n" } ], "empty": {}, "title": "dup", "esc\u00e9": 0}]
            """#)
        let fields = store.fields(at: 0)
        #expect(fields.map(\.key) == ["title", "year", "ok", "none", "tags", "empty", "title", "escé"])
        #expect(fields.map(\.value) == ["A \"q\"", "1999", "false", "null", #"["x",1.5e2,{"k":"v\n"}]"#, "{}", "dup", "0"])
        #expect(store.title(at: 0) == "A \"q\"")
    }

    @Test func rawJSONIsTheRecordAsWritten() throws {
        let store = try load("[ {\"a\" : 1 ,\n \"b\": [2] } ,{}\n]")
        #expect(store.rawJSON(at: 0) == "{\"a\" : 1 ,\n \"b\": [2] }")
        #expect(store.rawJSON(at: 1) == "{}")
    }

    @Test func emptyArrayHasNoRecords() throws {
        let store = try load(" \n[ \n ] \n")
        #expect(store.count == 0)
        #expect(store.titleKey == "")
        #expect(store.subtitleKey == nil)
    }

    @Test func indexesOutOfRangeGiveEmptyValues() throws {
        let store = try load(#"[{"title": "only"}]"#)
        for index in [-1, 1, Int.max, Int.min] {
            #expect(store.title(at: index) == "")
            #expect(store.subtitle(at: index) == nil)
            #expect(store.fields(at: index).isEmpty)
            #expect(store.rawJSON(at: index) == "")
            #expect(store.withTitleUTF8(at: index) { $0.count } == 0)
        }
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let store = try load("\u{FEFF}[\r\n{\"title\": \"x\"}\r\n]\r\n")
        #expect(store.count == 1)
        #expect(store.title(at: 0) == "x")
    }

    @Test func loadsFromMemory() throws {
        let store = try JSONRecordStore.load(data: Data(#"[{"name": "mem"}]"#.utf8), name: "bundled.json")
        #expect(store.title(at: 0) == "mem")
        #expect(throws: JSONLoadError.self) { try JSONRecordStore.load(data: Data("[1]".utf8), name: "bundled.json") }
    }

    // MARK: - Numbers

    /// Numbers are checked against the JSON grammar only and shown as written: 1e999 and
    /// 30-digit integers are valid JSON (simdjson 3.0.1's number parser rejects both) and load.
    @Test func numbersOutOfDoubleRangeAreValidAndShownAsWritten() throws {
        let store = try load(#"[{"n": 1e999}, {"n": -123456789012345678901234567890}, {"n": -0}, {"n": 1E+2}, {"n": 0.5e-400}]"#, titleKey: "n")
        #expect((0..<store.count).map { store.title(at: $0) } == ["1e999", "-123456789012345678901234567890", "-0", "1E+2", "0.5e-400"])
    }

    // MARK: - Errors

    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(text: "[\n  {\"a\": 1},\n]", line: 2, column: 11, message: "trailing comma before ']'"),
        SyntaxCase(text: "[{\"a\": 1,}]", line: 1, column: 9, message: "trailing comma before '}'"),
        SyntaxCase(text: "[{\"a\": tru}]", line: 1, column: 8, message: "invalid literal (expected true)"),
        SyntaxCase(text: "[{\"a\": nulll}]", line: 1, column: 8, message: "invalid literal (expected null)"),
        SyntaxCase(text: "[\n {\"title\": \"A\", \"year\": 1999},\n {\"title\": \"B\", \"year\": 19x9}\n]", line: 3, column: 27, message: "invalid number: unexpected 'x'"),
        SyntaxCase(text: "[{\"a\": 01}]", line: 1, column: 8, message: "invalid number: leading zeros are not allowed"),
        SyntaxCase(text: "[{\"a\": 1.}]", line: 1, column: 10, message: "invalid number: expected a digit after '.'"),
        SyntaxCase(text: "[{\"a\": -}]", line: 1, column: 9, message: "invalid number: expected a digit after '-'"),
        SyntaxCase(text: "[{\"a\": 1e+}]", line: 1, column: 11, message: "invalid number: expected a digit in the exponent"),
        SyntaxCase(text: "[{\"a\": \"bad \\q escape\"}]", line: 1, column: 13, message: "invalid escape \\q in string"),
        SyntaxCase(text: "[{\"a\": \"\\u12G4\"}]", line: 1, column: 9, message: "invalid \\u escape: expected 4 hex digits"),
        SyntaxCase(text: "[{\"a\": \"\\ud83d alone\"}]", line: 1, column: 9, message: "invalid \\u escape: high surrogate \\uD83D is not followed by a low surrogate"),
        SyntaxCase(text: "[{\"a\": \"\\ude00\"}]", line: 1, column: 9, message: "invalid \\u escape: lone low surrogate \\uDE00"),
        SyntaxCase(text: "[{\"a\": 1}] x", line: 1, column: 12, message: "trailing characters after the top-level value"),
        SyntaxCase(text: "[{\"a\": 1}]]", line: 1, column: 11, message: "trailing characters after the top-level value"),
        SyntaxCase(text: "[{\"a\": \"ctl \u{01} here\"}]", line: 1, column: 13, message: "control character U+0001 in string must be escaped"),
        SyntaxCase(text: "[{\"a\": \"tab\tin string\"}]", line: 1, column: 12, message: "control character U+0009 in string must be escaped"),
        SyntaxCase(text: "[{\"a\": \"no end\n}]", line: 1, column: 15, message: "line break in string must be escaped as \\n (missing closing quote?)"),
        SyntaxCase(text: "[{\"a\": \"no end", line: 1, column: 8, message: "unterminated string"),
        SyntaxCase(text: "[{\"a\" 1}]", line: 1, column: 7, message: "expected ':' after object key"),
        SyntaxCase(text: "[{\"a\": 1 \"b\": 2}]", line: 1, column: 10, message: "expected ',' or '}' after object member"),
        SyntaxCase(text: "[{\"a\": \"b\": 1}]", line: 1, column: 11, message: "expected ',' or '}' after object member"),
        SyntaxCase(text: "[{\"a\": 1} {\"b\": 2}]", line: 1, column: 11, message: "expected ',' or ']' after array element"),
        SyntaxCase(text: "[{a: 1}]", line: 1, column: 3, message: "expected a string key in quotes, found 'a'"),
        SyntaxCase(text: "[{\"a\": [1, 2}]}]", line: 1, column: 13, message: "expected ',' or ']' after array element"),
        SyntaxCase(text: "[{\"a\": NaN}]", line: 1, column: 8, message: "unexpected 'N', expected a value"),
        SyntaxCase(text: "", line: 1, column: 1, message: "unexpected end of input, expected a JSON value"),
        SyntaxCase(text: "  \n ", line: 2, column: 2, message: "unexpected end of input, expected a JSON value"),
        SyntaxCase(text: "[\n{\"a\": 1}", line: 2, column: 9, message: "unexpected end of input, expected ',' or ']'; the array opened at line 1, column 1 is not closed"),
        // Columns count Unicode scalars: "é" and "😀" are one column each.
        SyntaxCase(text: "[{\"é😀\": \"😀\", \"b\": x}]", line: 1, column: 19, message: "unexpected 'x', expected a value"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsGiveLineColumnAndReason(_ testCase: SyntaxCase) throws {
        let error = try #require(try loadError(testCase.text))
        #expect(error.kind == .syntax)
        #expect(error.exitCode == 65)
        #expect(error.message == testCase.message)
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
        #expect(error.description.hasSuffix("bad.json:\(testCase.line):\(testCase.column): error: \(testCase.message)"))
    }

    @Test func descriptionIsOneCompilerStyleLine() throws {
        let error = JSONLoadError(kind: .syntax, path: "books.json", line: 3, column: 17, message: "expected ',' or '}' after object member")
        #expect(error.description == "books.json:3:17: error: expected ',' or '}' after object member")
        let missing = JSONLoadError(kind: .unreadable, path: "missing.json", message: "no such file")
        #expect(missing.description == "missing.json: error: no such file")
        #expect(missing.exitCode == 66)
    }

    @Test func descriptionEscapesControlCharacters() {
        let error = JSONLoadError(kind: .syntax, path: "evil\u{1B}[2J\n.json", line: 1, column: 1, message: "bad \u{07}\u{202E}")
        #expect(error.description == "evil\\u{1B}[2J\\u{A}.json:1:1: error: bad \\u{7}\\u{202E}")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func invalidUTF8IsASyntaxError() throws {
        let inString = try #require(try loadError(Array("[{\"a\": \"ok ".utf8) + [0xC3, 0x28] + Array("\"}]".utf8)))
        #expect(inString.kind == .syntax)
        #expect(inString.message == "invalid UTF-8 in string")
        #expect((inString.line, inString.column) == (1, 12))

        let overlong = try #require(try loadError(Array("[{\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}]".utf8)))
        #expect(overlong.message == "invalid UTF-8 in string")

        let surrogate = try #require(try loadError(Array("[{\"a\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}]".utf8)))
        #expect(surrogate.message == "invalid UTF-8 in string")

        let outside = try #require(try loadError(Array("[{\"a\": 1}, ".utf8) + [0xFF] + Array("]".utf8)))
        #expect(outside.message == "unexpected byte 0xFF (invalid UTF-8), expected a value")
        #expect((outside.line, outside.column) == (1, 12))
    }

    @Test func faultsDeepInABigFileAreFoundWithTheirLine() throws {
        // Record 15,000 of 20,000 hides a bad number inside a nested object.
        var text = generatedBooks(20_000)
        let marker = #"{"n": 15000}"#
        let range = try #require(text.range(of: marker))
        text.replaceSubrange(range, with: #"{"n": 15000.}"#)
        let error = try #require(try loadError(text))
        #expect(error.kind == .syntax)
        #expect(error.line == 15_002)
        #expect(error.message == "invalid number: expected a digit after '.'")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[15_001]
        let column = try #require(line.range(of: "15000.}")).upperBound
        #expect(error.column == line.unicodeScalars.distance(from: line.startIndex, to: column))
    }

    @Test func missingFileIsUnreadable() throws {
        let files = try TempFiles()
        let path = files.directory.appendingPathComponent("missing.json").path
        let error = try #require(loadError(path: path), "loaded a missing file")
        #expect(error.kind == .unreadable)
        #expect(error.exitCode == 66)
        #expect(error.line == nil)
        #expect(error.description == "\(path): error: no such file")
    }

    @Test func directoryIsUnreadable() throws {
        let files = try TempFiles()
        let error = try #require(loadError(path: files.directory.path), "loaded a directory")
        #expect(error.kind == .unreadable)
        #expect(error.message == "is a directory")
    }

    @Test func topLevelValueMustBeAnArray() throws {
        let object = try #require(try loadError(" {\"title\": \"x\"}"))
        #expect(object.kind == .notArrayOfObjects)
        #expect(object.exitCode == 65)
        #expect(object.message == "the top-level object holds no array of objects (--path chooses a value)",
                "an object is searched for its arrays of records (InnerArrayTests)")
        #expect((object.line, object.column) == (1, 2))

        let scalar = try #require(try loadError("\"just a string\""))
        #expect(scalar.message == "the top-level value is a string, not an array of objects")
    }

    @Test func everyElementMustBeAnObject() throws {
        let error = try #require(try loadError("[\n  {\"a\": 1},\n  {},\n  {\"b\": 2},\n  42,\n  {}\n]"))
        #expect(error.kind == .notArrayOfObjects)
        #expect(error.exitCode == 65)
        #expect(error.message == "element 3 is a number, not an object")
        #expect((error.line, error.column) == (5, 3))

        let array = try #require(try loadError("[[]]"))
        #expect(array.message == "element 0 is an array, not an object")
        let null = try #require(try loadError("[{}, null]"))
        #expect(null.message == "element 1 is null, not an object")
    }

    @Test func syntaxErrorsWinOverShapeErrors() throws {
        let error = try #require(try loadError("[42, {\"a\": tru}]"))
        #expect(error.kind == .syntax)
        #expect(error.message == "invalid literal (expected true)")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let unclosed = try #require(try loadError(String(repeating: "[", count: 5000)))
        #expect(unclosed.kind == .syntax)
        #expect(unclosed.message == "nesting deeper than 1024 levels of arrays and objects")
        #expect((unclosed.line, unclosed.column) == (1, 1025))

        let closed = try #require(try loadError(String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)))
        #expect(closed.message == "nesting deeper than 1024 levels of arrays and objects")

        // Inside a record: array (1) > object (2) > 1022 arrays reach exactly 1024 levels.
        let deepest = "[{\"a\": " + String(repeating: "[", count: 1022) + String(repeating: "]", count: 1022) + "}]"
        #expect(try load(deepest).count == 1)
        let tooDeep = "[{\"a\": " + String(repeating: "[", count: 1023) + String(repeating: "]", count: 1023) + "}]"
        let error = try #require(try loadError(tooDeep))
        #expect(error.message == "nesting deeper than 1024 levels of arrays and objects")
        #expect(error.column == 1 + 7 + 1022)
    }

    /// A device may never end (/dev/zero, /dev/urandom): it is refused before a byte is read.
    @Test func characterDevicesAreRefusedAtOnce() {
        for device in ["/dev/null", "/dev/zero", "/dev/urandom"] {
            guard let error = loadError(path: device) else {
                Issue.record("loaded \(device)")
                continue
            }
            #expect(error.kind == .unreadable)
            #expect(error.message == "not a regular file (a character device, such as /dev/zero)")
        }
    }

    @Test func filesOf4GiBAreRefusedBeforeReading() throws {
        let files = try TempFiles()
        let path = try files.write("", name: "huge.json")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        // Sparse: no disk space is used (every file system the tests run on can do that; one
        // that cannot fails here, saying so, rather than pass without a look).
        try handle.truncate(atOffset: 1 << 32)
        let error = try #require(loadError(path: path), "loaded a 4 GiB file")
        #expect(error.kind == .unreadable)
        #expect(error.exitCode == 66)
        #expect(error.message == "file is 4294967296 bytes; the largest that can be loaded is 4 GiB - 1 (4294967295 bytes)")
    }

    // MARK: - Size

    /// Files of 16 MiB or more are walked as two halves on two threads; the result must be
    /// the same as one walk, and errors in either half must be found at the same place.
    @Test func bigFilesLoadTheSameInTwoHalves() throws {
        let count = 110_000  // about 18 MB
        let text = generatedBooks(count)
        #expect(text.utf8.count > 16 << 20)
        let store = try load(text)
        #expect(store.count == count)
        for index in [0, 1, count / 2 - 1, count / 2, count / 2 + 1, count - 1] {
            #expect(store.title(at: index) == expectedTitle(index))
            #expect(store.subtitle(at: index) == "Author \(index % 97)")
            #expect(store.rawJSON(at: index).hasPrefix("{\"title\""))
            #expect(store.rawJSON(at: index).hasSuffix("\"isbn\": \"978-\(index)\"}"))
        }
        #expect(store.fields(at: count / 2).count == 6)

        // A fault late in the second half.
        var broken = text
        let marker = try #require(broken.range(of: "{\"n\": \(count - 10)}"))
        broken.replaceSubrange(marker, with: "{\"n\": \(count - 10) ]")
        let error = try #require(try loadError(broken))
        #expect(error.kind == .syntax)
        #expect(error.line == count - 10 + 2)
        #expect(error.message == "expected ',' or '}' after object member")

        // Minified (no line breaks to cut at) and cut-inside-a-nested-array files still load.
        let minified = text.replacingOccurrences(of: ",\n", with: ",")
        #expect(try load(minified).count == count)
        let padding = String(repeating: "x", count: 200)
        let items = (0..<80_000).map { "{\"item\": \($0), \"padding\": \"\(padding)\"}" }.joined(separator: ",\n")
        let nested = "[{\"title\": \"first\"},\n{\"title\": \"middle\", \"items\": [\n\(items)\n]},\n{\"title\": \"last\"}]"
        #expect(nested.utf8.count > 16 << 20)
        let nestedStore = try load(nested)
        #expect(nestedStore.count == 3)
        #expect(nestedStore.title(at: 2) == "last")
    }

    @Test func mediumFileLoadsEveryRecord() throws {
        let store = try load(generatedBooks(20_000))
        #expect(store.count == 20_000)
        #expect(store.titleKey == "title")
        #expect(store.subtitleKey == "author")
        #expect(store.title(at: 0) == "Café 0")
        #expect(store.title(at: 7) == "\"Quoted\" 7")
        #expect(store.title(at: 19_998) == "Book 19998")
        #expect(store.title(at: 19_999) == "\"Quoted\" 19999")
        #expect(store.subtitle(at: 19_999) == "Author \(19_999 % 97)")
        let fields = store.fields(at: 12_345)
        #expect(fields.map(\.key) == ["title", "author", "year", "description", "tags", "isbn"])
        #expect(fields[3].value == "Line one\nline two of book 12345.")
        #expect(fields[4].value == #"["a",{"n":12345}]"#)
    }
}

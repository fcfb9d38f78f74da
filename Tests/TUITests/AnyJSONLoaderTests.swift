import CSimdjson
import Foundation
import Testing
@testable import TUI

/// The loader's C side of "any JSON a user hands it", through `JSONRecordStore.load(path:options:)`:
/// JSON Lines, lenient text with strict structure, objects of objects, and the other arrays
/// a top-level object offers.
@MainActor
@Suite("Any JSON: JSON Lines, lenient text, objects of objects, candidate arrays")
struct AnyJSONLoaderTests {
    typealias Options = JSONRecordStore.LoadOptions

    private func write(_ bytes: [UInt8], named name: String = "data.json") -> (TemporaryFiles, String) {
        let files = TemporaryFiles()
        let path = files.write("", named: name)
        #expect(throws: Never.self) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        return (files, path)
    }

    private func load(_ bytes: [UInt8], _ options: Options = Options()) throws(JSONLoadError) -> JSONRecordStore {
        let (files, path) = write(bytes)
        defer { withExtendedLifetime(files) {} }
        return try JSONRecordStore.load(path: path, options: options)
    }

    private func load(_ text: String, _ options: Options = Options()) throws(JSONLoadError) -> JSONRecordStore {
        try load(Array(text.utf8), options)
    }

    /// The error loading `bytes` throws, or nil when it loads.
    private func failure(_ bytes: [UInt8], _ options: Options = Options()) -> JSONLoadError? {
        do {
            _ = try load(bytes, options)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String, _ options: Options = Options()) -> JSONLoadError? { failure(Array(text.utf8), options) }

    private func titles(_ store: JSONRecordStore) -> [String] { (0 ..< store.count).map(store.title(at:)) }

    // MARK: - JSON Lines

    @Test func jsonLinesWithBlankLinesCRLFAndNoFinalLineBreak() throws {
        let text = "{\"title\": \"Ada\", \"born\": 1815}\r\n\r\n{\"title\": \"Grace\", \"born\": 1906}\n\n  {\"title\": \"Linus\"}"
        let store = try load(text, Options(format: .lines))
        #expect(store.count == 3 && store.isLines && store.container == .lines)
        #expect(titles(store) == ["Ada", "Grace", "Linus"])
        // Every record's range is one of the file's: what a save splices into.
        let bytes = Array(text.utf8)
        for index in 0 ..< store.count {
            #expect(Array(bytes[store.rawRange(at: index)]) == Array(store.rawJSON(at: index).utf8))
        }
        #expect(store.rawJSON(at: 1) == #"{"title": "Grace", "born": 1906}"#)
        #expect(store.subtitleKey == nil && store.replacementCount == 0)
    }

    @Test func aBadLineStopsWithItsLineAndColumn() throws {
        let trailing = try #require(failure("{\"title\": \"A\"}\n{\"title\": \"B\",}\n", Options(format: .lines)))
        #expect(trailing.kind == .syntax && trailing.line == 2 && trailing.column == 14 && trailing.message == "trailing comma before '}'")
        let number = try #require(failure("{\"title\": \"A\"}\n\n5\n", Options(format: .lines)))
        #expect(number.kind == .notArrayOfObjects && number.line == 3 && number.column == 1)
        #expect(number.message == "line 3 is a number, not an object")
        let open = try #require(failure("{\"title\": \"A\"}\n{\"title\": \"B\"\n{\"title\": \"C\"}\n", Options(format: .lines)))
        #expect(open.line == 2 && open.column == 14 && open.message.contains("the object opened at line 2, column 1 is not closed"))
        let twoOnALine = try #require(failure("{\"title\": \"A\"} {\"title\": \"B\"}\n", Options(format: .lines)))
        #expect(twoOnALine.line == 1 && twoOnALine.column == 16 && twoOnALine.message.contains("second value on line 1"))
        let control = try #require(failure("{\"title\": \"A\"}\n{\"title\": \"B\u{01}\"}\n", Options(format: .lines)))
        #expect(control.line == 2 && control.column == 13 && control.message.contains("control character U+0001"))
    }

    @Test func detectionFindsLinesAndTextTakesOneText() throws {
        let lines = "{\"title\": \"A\"}\n{\"title\": \"B\"}\n"
        #expect(try load(lines).isLines, "detected by default")
        #expect(try load(lines, Options(format: .detect)).count == 2)
        let asText = try #require(failure(lines, Options(format: .text)))
        #expect(asText.kind == .syntax && asText.line == 2 && asText.message == "trailing characters after the top-level value")
        // Records written over several lines (as jq prints them) are detected too.
        let pretty = try load("{\n  \"title\": \"A\"\n}\n{\n  \"title\": \"B\"\n}\n")
        #expect(pretty.isLines && titles(pretty) == ["A", "B"])
        // One object followed by nothing is one text: here, an object of objects.
        let single = try load("{\"a\": {\"title\": \"x\"}}\n")
        #expect(!single.isLines && single.container == .members)
        // An array is never lines, and lines are refused by the old, strict entry point.
        #expect(try !load("[{\"title\": \"A\"}]\n").isLines)
        let (files, path) = write(Array(lines.utf8))
        #expect(throws: JSONLoadError.self) { try JSONRecordStore.load(path: path) }
        withExtendedLifetime(files) {}
    }

    @Test func twoThreadsGiveTheSameRecordsAsOne() throws {
        var lines: [String] = []
        for i in 0 ..< 4_000 {
            lines.append(i % 500 == 7 ? "{\n  \"title\": \"Book \(i)\",\n  \"n\": \(i)\n}"
                                      : #"{"title": "Book \#(i)", "n": \#(i), "tags": ["a", {"b": "c\u00e9"}]}"#)
        }
        let text = lines[..<2_000].joined(separator: "\n") + "\r\n" + lines[2_000...].joined(separator: "\r\n")
        let split = try load(text, Options(format: .lines, limits: .init(splitMinimum: 1 << 10)))
        let whole = try load(text, Options(format: .lines, limits: .init(splitMinimum: .max)))
        #expect(split.count == 4_000 && whole.count == 4_000)
        #expect((0 ..< 4_000).allSatisfy { split.title(at: $0) == whole.title(at: $0) && split.rawRange(at: $0) == whole.rawRange(at: $0) })
        #expect(split.title(at: 3_999) == "Book 3999" && split.subtitleKey == whole.subtitleKey)
    }

    // MARK: - Lenient text, strict structure

    static let latin1: [UInt8] = Array(#"[{"title": "Caf"#.utf8) + [0xE9] + Array(#"", "n": 1}, {"title": "plain"}]"#.utf8)

    @Test func aLatin1ByteInATitleIsOneReplacement() throws {
        let store = try load(Self.latin1)
        #expect(store.replacementCount == 1 && store.bytesRepaired)
        #expect(store.title(at: 0) == "Caf\u{FFFD}" && store.title(at: 1) == "plain")
        #expect(store.fields(at: 0).map(\.value) == ["Caf\u{FFFD}", "1"])
        #expect(store.rawJSON(at: 0) == "{\"title\": \"Caf\u{FFFD}\", \"n\": 1}", "the raw record is the repaired text")
    }

    @Test func aTruncatedSequenceIsOneReplacementAndEachSubpartCounts() throws {
        let cut = try load(Array(#"[{"title": "a"#.utf8) + [0xE2, 0x82] + Array(#"b"}]"#.utf8))
        #expect(cut.title(at: 0) == "a\u{FFFD}b" && cut.replacementCount == 1)
        // An overlong (C0 AF) is two, a UTF-8-encoded surrogate (ED A0 80) three.
        let more = try load(Array(#"[{"title": "x"#.utf8) + [0xC0, 0xAF] + [0xED, 0xA0, 0x80] + Array(#""}]"#.utf8))
        #expect(more.title(at: 0) == "x" + String(repeating: "\u{FFFD}", count: 5) && more.replacementCount == 5)
    }

    @Test func loneSurrogateEscapesAreReplacementsButTheBytesStayTheFiles() throws {
        let text = #"[{"title": "a\ud800b", "k\udc00": "\ud83d\ude00", "esc": "\\ud800"}]"#
        let store = try load(text)
        #expect(store.title(at: 0) == "a\u{FFFD}b")
        #expect(store.fields(at: 0).map(\.key) == ["title", "k\u{FFFD}", "esc"])
        #expect(store.fields(at: 0).map(\.value)[1 ... 2] == ["😀", "\\ud800"], "a pair and an escaped backslash are not lone")
        #expect(store.replacementCount == 2 && !store.bytesRepaired)
        #expect(store.rawJSON(at: 0) == String(text.dropFirst().dropLast()), "the file's own bytes: it can be saved back")
        let high = try load(#"[{"title": "\ud800\ud800"}]"#)
        #expect(high.title(at: 0) == "\u{FFFD}\u{FFFD}" && high.replacementCount == 2)
    }

    @Test func strictStillRefusesWithTodaysMessages() throws {
        let latin1 = try #require(failure(Self.latin1, Options(strict: true)))
        #expect(latin1.kind == .syntax && latin1.line == 1 && latin1.column == 16 && latin1.message == "invalid UTF-8 in string")
        let lone = try #require(failure(#"[{"title": "a\ud800"}]"#, Options(strict: true)))
        #expect(lone.line == 1 && lone.column == 14)
        #expect(lone.message == #"invalid \u escape: high surrogate \uD800 is not followed by a low surrogate"#)
        // The old entry point is strict.
        let (files, path) = write(Self.latin1)
        #expect(throws: JSONLoadError.self) { try JSONRecordStore.load(path: path) }
        withExtendedLifetime(files) {}
    }

    @Test func structuralFaultsStillStopWithTheFilesPlace() throws {
        // A replaced byte before the fault on the same line: the column counts it as the one
        // character it shows as, and the byte offset is the file's.
        let text = Array(#"[{"title": "Caf"#.utf8) + [0xE9] + Array(#""}, {"title": 1,}]"#.utf8)
        let comma = try #require(failure(text))
        #expect(comma.kind == .syntax && comma.line == 1 && comma.column == 32 && comma.message == "trailing comma before '}'")
        #expect(Self.cError(text).byte_offset == 31, "the file's offset, not the repaired copy's (33)")
        let control = try #require(failure(Array("[{\"title\": \"a\u{01}\"}]".utf8)))
        #expect(control.line == 1 && control.column == 14 && control.message.contains("control character U+0001"))
        let outside = try #require(failure([0xFF] + Array(#"[{"title": "x"}]"#.utf8)))
        #expect(outside.line == 1 && outside.column == 1 && outside.message == "unexpected byte 0xFF (invalid UTF-8), expected a value")
        let unterminated = try #require(failure(Array("[{\"title\": \"Caf".utf8) + [0xE9]))
        #expect(unterminated.line == 1 && unterminated.column == 12 && unterminated.message == "unterminated string")
    }

    /// The C error of a lenient load of `bytes` from memory (`JSONLoadError` keeps no byte offset).
    static func cError(_ bytes: [UInt8]) -> tk_json_error {
        var error = tk_json_error()
        var options = tk_json_load_options()  // all 0: lenient, detect
        let store = bytes.withUnsafeBytes { tk_json_load_memory($0.baseAddress, $0.count, &options, &error) }
        tk_json_free(store)
        return error
    }

    @Test func jsonLinesAreLenientToo() throws {
        let store = try load([0x7B] + Array(#""title": "a"#.utf8) + [0xFF] + Array("\"}\n{\"title\": \"b\\udfff\"}\n".utf8))
        #expect(store.isLines && titles(store) == ["a\u{FFFD}", "b\u{FFFD}"] && store.replacementCount == 2)
    }

    // MARK: - Objects of objects

    static let people = #"{"alice": {"age": 30, "city": "Oslo"}, "b\"ob": {"age": 25, "city": "Rome"}, "c\u00e9": {"age": 1, "city": "Nice"}}"#

    @Test func anObjectOfObjectsIsTitledByItsNames() throws {
        let store = try load(Self.people)
        #expect(store.container == .members && store.recordsAreMembers && store.count == 3)
        #expect(titles(store) == ["alice", "b\"ob", "cé"])
        #expect((0 ..< 3).map { store.recordName(at: $0) } == ["alice", "b\"ob", "cé"])
        #expect(store.titleKey.isEmpty, "no title key: the names title the records")
        #expect(store.subtitleKey == "city" && store.subtitle(at: 1) == "Rome")
        #expect(store.rawJSON(at: 0) == #"{"age": 30, "city": "Oslo"}"#, "a record is its value object")
        #expect(store.candidates.isEmpty)
    }

    @Test func aGivenTitleKeyStillTitlesThem() throws {
        let store = try load(Self.people, Options(titleKey: "city"))
        #expect(titles(store) == ["Oslo", "Rome", "Nice"] && store.titleKey == "city")
        #expect(store.recordName(at: 2) == "cé")
    }

    @Test func aPointerNamesAnObjectOfObjects() throws {
        let text = #"{"meta": {"v": 1}, "list": [{"title": "x"}], "people": "# + Self.people + "}"
        let store = try load(text, Options(pointer: "/people"))
        #expect(store.container == .members && store.recordsPointer == "/people" && titles(store) == ["alice", "b\"ob", "cé"])
        // Not every member an object: not records.
        #expect(failure(#"{"a": {"n": 1}, "b": 2}"#)?.kind == .notArrayOfObjects)
        // An array of objects among the members: it holds the records, as before.
        let mixed = try load(#"{"a": {"n": 1}, "list": [{"title": "x"}]}"#)
        #expect(mixed.container == .innerArray && mixed.recordsPointer == "/list")
    }

    // MARK: - Candidate arrays

    static let several = #"{"small": [{"title": "s"}], "3166-1": [{"title": "Aruba"}, {"title": "Afghanistan"}], "n": [1], "none": [], "meta": {"x": 1}}"#

    @Test func theArraysOfObjectsAreListedLargestFirstWithTheirSizes() throws {
        let store = try load(Self.several)
        #expect(store.recordsPointer == "/3166-1" && store.container == .innerArray && store.count == 2)
        #expect(store.candidates.map(\.pointer) == ["/3166-1", "/small", "/none"], "arrays of numbers are not candidates; an empty one is")
        #expect(store.candidates.map(\.bytes) == [#"[{"title": "Aruba"}, {"title": "Afghanistan"}]"#.utf8.count, #"[{"title": "s"}]"#.utf8.count, 2])
        // With a pointer the same list comes back, so that the others can still be offered.
        let small = try load(Self.several, Options(pointer: "/small"))
        #expect(small.recordsPointer == "/small" && small.title(at: 0) == "s")
        #expect(small.candidates.map(\.pointer) == ["/3166-1", "/small", "/none"])
        // A pointer to the last member goes the quick way, and still lists the others.
        let last = try load(#"{"source": "x", "a": [{"title": "one"}, {"title": "two"}], "b": [{"title": "last"}]}"#, Options(pointer: "/b"))
        #expect(last.recordsPointer == "/b" && titles(last) == ["last"] && last.candidates.map(\.pointer) == ["/a", "/b"])
        #expect(failure(Self.several, Options(pointer: "/missing"))?.message == "nothing at --path /missing")
        #expect(failure(Self.several, Options(pointer: "/meta"))?.message.contains("not an array of objects or an object of objects") == true)
        let broken = try #require(failure(#"{"small": [{"title": "s"}], "x": [1,]}"#, Options(pointer: "/small")))
        #expect(broken.line == 1 && broken.column == 36 && broken.message == "trailing comma before ']'", "the other members are still checked")
        // A pointer deeper than a member lists none: its records are not among them.
        #expect(try load(#"{"deep": {"list": [{"title": "a"}]}, "top": [{"title": "b"}]}"#, Options(pointer: "/deep/list")).candidates.isEmpty)
        // A top-level array has none.
        #expect(try load(#"[{"title": "a"}]"#).candidates.isEmpty)
    }
}

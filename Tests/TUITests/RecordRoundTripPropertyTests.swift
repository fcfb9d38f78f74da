import Foundation
import PropertyBased
import TableKit
import Testing
@testable import TUI

/// The promise of a `--data` form, over random files: a save without a change writes the
/// same bytes, and a change to one field changes only that value's bytes, to JSON of the
/// value's type (issue 23).
@MainActor
@Suite("Saving a record: round trips over random records, JSON and JSON Lines")
struct RecordRoundTripPropertyTests {
    /// Values as a file may write them: every JSON type, escapes, a surrogate pair, numbers in
    /// the forms that must keep their spelling.
    static let values = [
        "0", "-0", "1.50", "1E3", "-12", "1e-7", "42", "3.25",
        #""""#, #""plain""#, #""é\u00e9""#, #""tab\there""#, #""q\"uote\\""#, #""\ud83d\ude00 smile""#, #""日本""#, #""a\/b""#,
        "true", "false", "null", "[]", #"{"k": [1, 2]}"#, #"[{"a": null}]"#,
    ]
    static let keys = ["title", "a", "n", "with space", "é", #"q\"k"#]

    /// A file of `records` (indices into ``values``, one a key in turn) in one of five
    /// layouts: compact, one record a line, indented members, JSON Lines, JSON Lines with
    /// CRLF and no final line break. JSON Lines are named `.jsonl`: a one-line `.json` file is
    /// one JSON document, whose array of records may be inside a top-level object.
    static func file(_ records: [[Int]], layout: Int) -> String {
        let objects = records.map { members in
            members.enumerated().map { (#""\#(keys[$0.offset % keys.count])""#, values[$0.element % values.count]) }
        }
        switch layout {
        case 0: return "[" + objects.map { "{" + $0.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}" }.joined(separator: ",") + "]"
        case 1: return "[\n  " + objects.map { "{" + $0.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}" }.joined(separator: ",\n  ") + "\n]\n"
        case 2: return "[\n" + objects.map { "  {\n" + $0.map { "    \($0.0): \($0.1)" }.joined(separator: ",\n") + "\n  }" }.joined(separator: ",\n") + "\n]\n"
        case 3: return objects.map { "{" + $0.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}" }.joined(separator: "\n") + "\n"
        default: return objects.map { "{" + $0.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}" }.joined(separator: "\r\n")
        }
    }

    static let records = Gen.int(in: 0 ... values.count - 1).array(of: 1 ... 6).array(of: 1 ... 4)

    private func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// The form of record `record` of the file at `path`, laid out.
    private func form(_ record: Int, path: String) throws -> RecordFormScreen {
        let records = DataFileRecords(store: try JSONRecordStore.load(path: path, format: .of(path: path)), path: path)
        let form = RecordFormScreen(editing: RecordIndex(record), of: records, isBook: false, startSave: savingAtOnce(records)) { _ in }
        form.layout(for: Size(width: 80, height: 30))
        return form
    }

    private func press(_ keys: [Key], on form: RecordFormScreen) {
        for key in keys { _ = form.handle(.key(key), area: Rect(x: 0, y: 0, width: 80, height: 30)) }
    }

    @Test("opened and saved with no change, every record's file is the same, byte for byte")
    func saveWithoutAChange() async throws {
        await propertyCheck(count: 120, input: Self.records, Gen.int(in: 0 ... 4), Gen.int(in: 0 ... 3)) { records, layout, pick in
            let files = TemporaryFiles()
            let text = Self.file(records, layout: layout)
            let path = files.write(text, named: layout >= 3 ? "data.jsonl" : "data.json")
            let record = pick % records.count
            let form = try form(record, path: path)
            press([.tab, .backTab, .control("s")], on: form)
            #expect(bytes(path) == Array(text.utf8), "record \(record) of \(text)")
        }
    }

    @Test("one field changed: only that value's bytes differ, and it reads back as the value typed, in its type")
    func changeOneField() async throws {
        await propertyCheck(count: 150, input: Self.records, Gen.int(in: 0 ... 4), Gen.int(in: 0 ... 3), Gen.int(in: 0 ... 5)) { records, layout, pick, column in
            let files = TemporaryFiles()
            let text = Self.file(records, layout: layout)
            let path = files.write(text, named: layout >= 3 ? "data.jsonl" : "data.json")
            let record = pick % records.count
            let store = try JSONRecordStore.load(path: path, format: .of(path: path))
            #expect(store.count == records.count, "every record of \(text) loads")
            let members = store.members(at: record)
            guard !members.isEmpty else {
                Issue.record("record \(record) of \(text) has no members")
                return
            }
            let member = members[column % members.count]
            let form = try form(record, path: path)
            guard let row = form.indexPath(ofKey: member.key), let field = form.field(at: row), field.kind != .readOnly, !field.traits.isMultiline else { return }
            form.focusRow(at: row)
            let expected: String
            switch field.kind {
            case .toggle:
                press([.space], on: form)
                expected = member.value == "true" ? "false" : "true"
            case .text where field.valueType == .number:
                press([.control("u"), .character("4"), .character("2")], on: form)
                expected = "42"
            default:
                press([.control("u"), .character("z"), .character("é"), .character("\"")], on: form)
                expected = #""zé\"""#
            }
            press([.control("s")], on: form)
            // The value's bytes in the file, and the file with only them replaced.
            let start = store.rawRange(at: record).lowerBound + member.rawValue.lowerBound
            let end = store.rawRange(at: record).lowerBound + member.rawValue.upperBound
            let original = Array(text.utf8)
            let wanted = Array(original[..<start]) + Array(expected.utf8) + Array(original[end...])
            #expect(bytes(path) == wanted, "\(member.key) of record \(record) in \(text) → \(String(decoding: bytes(path), as: UTF8.self))")
            let reread = try JSONRecordStore.load(path: path, format: .of(path: path)).members(at: record).first { $0.key == member.key }
            switch expected {
            case "42": #expect(reread?.kind == .number && reread?.value == "42")
            case "true", "false": #expect(reread?.kind == .bool && reread?.value == expected)
            default: #expect(reread?.kind == .string && reread?.value == "zé\"")
            }
        }
    }
}

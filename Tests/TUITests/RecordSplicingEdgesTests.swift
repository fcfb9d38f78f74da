import Foundation
import Testing
@testable import TUI

/// Splicing at both ends of a record: a value edited last in its record keeps every byte
/// after it, and a member added to a record goes after its last value, before the line
/// break and indentation that lead to the closing brace (whatever the line endings).
@Suite("Splicing: the bytes at both ends of an edited record")
struct RecordSplicingEdgesTests {
    /// The one record of `file`, edited with `newValues`, as text.
    private func edited(_ file: String, _ newValues: [(key: String, value: JSONValue)]) throws -> String {
        let store = try JSONRecordStore.load(data: Array(file.utf8), name: "edges.json")
        let bytes = RecordBytes.editing(store.rawBytes(at: 0), members: store.members(at: 0), newValues: newValues)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a member added to a pretty-printed record goes on its own line after the last value")
    func addedMemberFollowsTheLastValue() throws {
        let file = "[\n  {\n    \"title\": \"A\",\n    \"year\": 1\n  }\n]\n"
        #expect(try edited(file, [("pages", .number("12"))]) == "{\n    \"title\": \"A\",\n    \"year\": 1,\n    \"pages\": 12\n  }")
    }

    @Test("with Windows line endings (and tabs) the added member still goes before the break")
    func addedMemberBeforeCarriageReturnAndTabs() throws {
        let file = "[\r\n\t{\r\n\t\t\"title\": \"A\"\r\n\t}\r\n]\r\n"
        #expect(try edited(file, [("year", .number("2"))]) == "{\r\n\t\t\"title\": \"A\",\r\n\t\t\"year\": 2\r\n\t}")
    }

    @Test("editing the last value of a record keeps every byte after it, up to the brace")
    func lastValueEditedKeepsTheEnd() throws {
        let file = "[{\"title\": \"A\", \"year\": 1  }]"
        #expect(try edited(file, [("year", .number("1999"))]) == "{\"title\": \"A\", \"year\": 1999  }")
        #expect(try edited(file, [("title", .string("B"))]) == "{\"title\": \"B\", \"year\": 1  }")
    }
}

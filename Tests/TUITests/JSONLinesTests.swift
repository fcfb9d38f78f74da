import CSimdjson
import Foundation
import TableKit
import Testing
@testable import TUI

/// JSON Lines: one record a line, as logs and exports write them.
@MainActor
@Suite("JSON Lines: .jsonl, .ndjson or detected, checked line by line, saved line by line")
struct JSONLinesTests {
    static let people = "{\"name\": \"Ada\", \"born\": 1815}\n\n{\"name\": \"Grace\", \"born\": 1906}\r\n{\"name\": \"Linus\"}"

    private func load(_ text: String, named name: String = "people.jsonl", format: JSONRecordStore.Format? = nil,
                      limits: JSONRecordStore.Limits = .init()) throws -> JSONRecordStore {
        let files = TemporaryFiles()
        let path = files.write(text, named: name)
        return try JSONRecordStore.load(path: path, options: .init(strict: true, format: format ?? .of(path: path), limits: limits))
    }

    private func failure(_ text: String, named name: String = "bad.jsonl") -> String? {
        do {
            _ = try load(text, named: name)
            return nil
        } catch {
            return "\(error)".components(separatedBy: "/").last
        }
    }

    @Test func linesBlankLinesCRLFAndNoFinalLineBreak() throws {
        let store = try load(Self.people)
        #expect(store.isLines)
        #expect(store.count == 3)
        #expect((0 ..< 3).map(store.title(at:)) == ["Ada", "Grace", "Linus"])
        #expect(store.rawJSON(at: 1) == #"{"name": "Grace", "born": 1906}"#, "offsets are the file's")
        #expect(store.fields(at: 0).map(\.key) == ["name", "born"])
    }

    @Test func detectedWithoutTheExtensionButNotForOneObjectOverSeveralLines() throws {
        #expect(try load(Self.people, named: "people.txt").isLines)
        #expect(try load(Self.people, named: "people.json").count == 3)
        #expect(failure("{\n  \"name\": \"one\"\n}\n", named: "one.json")?.contains("no array of objects") == true,
                "a pretty-printed object is one text, not lines")
        #expect((try? load(Self.people, named: "people.json", format: .text)) == nil, "asked for one text, lines are an error")
    }

    @Test func aBadLineSaysItsLineAndColumn() {
        #expect(failure("{\"name\": \"Ada\"}\n{\"name\": 1,}\n") == "bad.jsonl:2:11: error: trailing comma before '}'")
        #expect(failure("{\"name\": \"Ada\"}\n5\n") == "bad.jsonl:2:1: error: line 2 is a number, not an object")
        #expect(failure("{\"name\": \"Ada\"}\n{\"name\": \"B\"")?.hasPrefix("bad.jsonl:2:13: error: unexpected end of input") == true)
        #expect(failure("{\"name\": \"Ada\"}\n{\"name\": \"B\"")?.contains("opened at line 2, column 1") == true)
    }

    @Test func twoThreadsGiveTheSameRecords() throws {
        let lines = (0 ..< 5_000).map { #"{"title": "Book \#($0)", "n": \#($0), "tags": ["a", {"b": "c\u00e9"}]}"# }.joined(separator: "\n")
        let split = try load(lines, limits: .init(splitMinimum: 1 << 10))
        let whole = try load(lines, limits: .init(splitMinimum: .max))
        #expect(split.count == 5_000 && whole.count == 5_000)
        #expect((0 ..< 5_000).allSatisfy { split.title(at: $0) == whole.title(at: $0) && split.rawRange(at: $0) == whole.rawRange(at: $0) })
    }

    @Test func aLineLongerThanSimdjsonsWindowStillLoads() throws {
        let long = String(repeating: "x", count: 3 << 20)
        let store = try load("{\"title\": \"short\"}\n{\"title\": \"\(long)\"}\n")
        #expect(store.count == 2 && store.title(at: 1).count == 3 << 20)
    }

    @Test func savesEditDeleteAndAddLineByLine() throws {
        let files = TemporaryFiles()
        let path = files.write("{\"name\": \"Ada\"}\n{\"name\": \"Grace\"}\n{\"name\": \"Linus\"}\n", named: "p.jsonl")
        let records = DataFileRecords(store: try JSONRecordStore.load(path: path, format: .lines), path: path)
        let edited = RecordBytes.editing(records.store.rawBytes(at: 0), members: records.store.members(at: 0), newValues: [("name", .string("Ada L."))])
        try records.save(RecordChanges(replaced: [0: edited], deleted: [1], added: [Array(#"{"name": "Barbara"}"#.utf8)]))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\"name\": \"Ada L.\"}\n{\"name\": \"Linus\"}\n{\"name\": \"Barbara\"}\n")
        #expect(records.store.isLines && records.store.count == 3)
    }
}

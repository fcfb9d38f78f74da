import CSimdjson
import Foundation
import Testing
@testable import TUI

/// The sizes a load works in (`JSONRecordStore.Limits`, C's `tk_json_limits`) are the load's
/// own, passed with its options (issue 39): no setting of a thread's, so tests running at once
/// cannot undo each other's, and a save reads its file back as the store was read.
@Suite("Load limits: passed with the load, kept by the store, its defaults C's")
struct LoadLimitsTests {
    /// About 60 bytes a record, one a line.
    private static let books = Array(("[\n" + (0 ..< 3_000).map { #"{"title": "Book \#($0)", "author": "Author \#($0 % 97)"}"# }
        .joined(separator: ",\n") + "\n]\n").utf8)

    private func load(_ limits: JSONRecordStore.Limits?) throws -> JSONRecordStore {
        let options = limits.map { JSONRecordStore.LoadOptions(strict: true, format: .text, limits: $0) } ?? JSONRecordStore.LoadOptions(strict: true, format: .text)
        return try JSONRecordStore.load(data: Self.books, name: "books", options: options)
    }

    @Test("the Swift defaults are the C loader's, and a store keeps the limits it was loaded with")
    func defaultsAndKept() throws {
        #expect(try load(nil).limits == JSONRecordStore.Limits(splitMinimum: 16 << 20, linesWindow: 1 << 20, arrayWindow: 1 << 20, mappingMinimum: 16 << 20))
        var none = tk_json_limits()
        let store = try #require(tk_json_load_memory(Self.books, Self.books.count, nil, nil))
        defer { tk_json_free(store) }
        tk_json_store_limits(store, &none)
        #expect(JSONRecordStore.Limits(none) == JSONRecordStore.Limits(), "NULL options load with the defaults")
        let small = JSONRecordStore.Limits(splitMinimum: 1, linesWindow: 64, arrayWindow: 256, mappingMinimum: 1)
        #expect(try load(small).limits == small)
    }

    @Test("the split minimum of the load decides whether the records are walked in two halves; the records are the same")
    func splitMinimumDecides() throws {
        let split = try load(JSONRecordStore.Limits(splitMinimum: 1))
        let whole = try load(JSONRecordStore.Limits(splitMinimum: .max))
        #expect(split.timings.parse_ns.1 > 0, "walked as two halves")
        #expect(whole.timings.parse_ns.1 == 0, "walked whole")
        #expect(split.count == 3_000 && (0 ..< 3_000).allSatisfy { split.title(at: $0) == whole.title(at: $0) && split.rawRange(at: $0) == whole.rawRange(at: $0) })
    }
}

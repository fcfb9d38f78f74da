import CSimdjson
import Foundation
import PropertyBased
import Testing
@testable import TUI

/// A save writes the file from the old one and what its changes put in, and takes the
/// records from the file written, parsing only the new ones
/// (`tk_json_store_edited`): what it ends with must be what loading the whole file would
/// give, and what it refuses what that load would refuse.
@MainActor
@Suite("A save of records replaced, deleted or added: the new records parsed, the others moved, as a whole load would have them")
struct SaveReplacingTests {
    /// New records: titles plain, escaped, long, not strings or missing; and records no load
    /// takes (a trailing comma, not an object, a lone surrogate, nesting past the limit, an
    /// unclosed string), some only where the records are nested deeper, and one over two lines (which JSON Lines takes too: only a line
    /// break between two records is required).
    static let newRecords: [String] = [
        #"{"title": "x"}"#,
        #"{"title": "Zebra", "a": 1}"#,
        #"{"a": "first", "title": "after a"}"#,
        #"{"title": "esc\"aped \u00e9\n", "a": "sub\\title"}"#,
        #"{"title": "\#(String(repeating: "long ", count: 300))"}"#,
        #"{"title": 42, "a": [1, {"b": null}]}"#,
        #"{"title": null}"#,
        #"{"a": "no title"}"#,
        #"{}"#,
        #"{"title": "日本語", "a": "\ud83d\ude00"}"#,
        #"{"title": "two", "a":"#, // unclosed, and below
        #"{"title": "comma",}"#,
        #"{"title": "\ud800 lone"}"#,
        "{\"a\": " + String(repeating: "[", count: 1_100) + String(repeating: "]", count: 1_100) + "}",
        // Nested to the limit's edge: within it one level shallower (JSON Lines, or a top
        // array), past it one level deeper (a top array, or an array inside an object).
        "{\"a\": " + String(repeating: "[", count: 1_022) + String(repeating: "]", count: 1_022) + "}",
        "{\"a\": " + String(repeating: "[", count: 1_023) + String(repeating: "]", count: 1_023) + "}",
        "{\"title\": \"two\",\n \"a\": 1}",
    ]

    /// A file of `records` in one of seven layouts: the round-trip tests' five (compact, a
    /// record a line, indented, JSON Lines, JSON Lines with CRLF), an array inside a
    /// top-level object, and an object whose members are the records.
    static func file(_ records: [[Int]], layout: Int) -> String {
        switch layout {
        case 5:
            return #"{"source": {"note": "[not the records]"}, "books": "# + RecordRoundTripPropertyTests.file(records, layout: 1) + "}"
        case 6:
            // The compact array's elements as the members "r0", "r\u00e91", ... of one object.
            let bytes = Array(RecordRoundTripPropertyTests.file(records, layout: 0).utf8)
            var members: [String] = []
            var depth = 0, start = 0, index = 0
            var inString = false, escaped = false
            for (offset, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth == 1 { start = offset }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 1 {
                        let name = index % 2 == 0 ? "r\(index)" : #"r\u00e9\#(index)"#
                        members.append("\"\(name)\": " + String(decoding: bytes[start ... offset], as: UTF8.self))
                        index += 1
                    }
                default: break
                }
            }
            return "{\n" + members.joined(separator: ",\n") + "\n}\n"
        default:
            return RecordRoundTripPropertyTests.file(records, layout: layout)
        }
    }

    private static func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// The options `store` was loaded with, to load other bytes as it was.
    private static func options(like store: JSONRecordStore) -> JSONRecordStore.LoadOptions {
        JSONRecordStore.LoadOptions(pointer: store.recordsPointer.isEmpty ? nil : store.recordsPointer, titleKey: "title", subtitleKey: "a",
                                    strict: true, format: store.isLines ? .lines : .text)
    }

    /// Everything a list and a form read of `store`'s records, one line each.
    private static func described(_ store: JSONRecordStore) -> [String] {
        var kept = [UInt32](repeating: 0, count: store.count + 1)
        var fromTitles = kept
        kept.withUnsafeMutableBufferPointer { tk_json_title_leads(store.handle, 0, store.count, $0.baseAddress!) }
        fromTitles.withUnsafeMutableBufferPointer { tk_json_title_leads_from_titles(store.handle, 0, store.count, $0.baseAddress!) }
        #expect(kept == fromTitles, "the leads kept are the titles'")
        return (0 ..< store.count).map { index in
            "\(store.rawRange(at: index)) \(store.title(at: index)) | \(store.subtitle(at: index) ?? "-") | \(store.recordName(at: index) ?? "-") | \(kept[index])"
        }
    }

    @Test("records replaced, deleted and added at random, in every layout, mapped or not: the records and the file are a whole load's, or the save is refused as it would refuse")
    func editedRecordsAreAWholeLoads() async throws {
        let picks = Gen.int(in: 0 ... 200).array(of: 1 ... 4)
        await propertyCheck(count: 200, input: RecordRoundTripPropertyTests.records, Gen.int(in: 0 ... 6), picks, Gen.bool) { records, layout, picks, mapped in
            let files = TemporaryFiles()
            let text = Self.file(records, layout: layout)
            let path = files.write(text, named: layout == 3 || layout == 4 ? "data.jsonl" : "data.json")
            let store = try JSONRecordStore.load(path: path, options: JSONRecordStore.LoadOptions(titleKey: "title", subtitleKey: "a", strict: true,
                                                                                                   format: .of(path: path),
                                                                                                   limits: .init(mappingMinimum: mapped ? 1 : 16 << 20)))
            #expect(store.isMapped == mapped)
            // Each pick replaces, deletes or adds a record.
            var changes = RecordChanges()
            for pick in picks {
                let record = Array(Self.newRecords[pick / 3 % Self.newRecords.count].utf8)
                switch pick % 3 {
                case 0: changes.replaced[pick % store.count] = record
                case 1: changes.deleted.insert(pick % store.count)
                default: changes.added.append(record)
                }
            }
            let spliced = store.splicing(changes)
            let wholeLoad = try? JSONRecordStore.load(data: spliced, name: path, options: Self.options(like: store))
            let records = DataFileRecords(store: store, path: path)
            let context = "layout \(layout), replaced \(changes.replaced.keys.sorted()), deleted \(changes.deleted.sorted()), added \(changes.added.count), mapped \(mapped):\n\(String(decoding: spliced, as: UTF8.self))"
            do throws(SaveFailure) {
                try records.save(changes)
            } catch {
                #expect(wholeLoad == nil, "refused what a whole load takes (\(error.message)): \(context)")
                #expect(error.message.contains("would not read back"), "\(error.message)")
                #expect(Self.bytes(path) == Array(text.utf8), "a refused save leaves the file as it was")
                #expect(records.store === store)
                return
            }
            let whole = try #require(wholeLoad, "saved what a whole load refuses: \(context)")
            #expect(Self.bytes(path) == spliced, "the file is the old one with the records replaced: \(context)")
            #expect(records.store.withFileBytes { Array($0) } == spliced)
            #expect(records.store.isMapped == (mapped && !spliced.isEmpty), "a mapped store maps the file it wrote (an empty one cannot be)")
            #expect(Self.described(records.store) == Self.described(whole), "\(context)")
        }
    }

    @Test("an object whose one member record holds an array splices without taking that array's [ for the records' opening")
    func aMembersFilesOnlyRecordWithAnArraySplices() throws {
        let files = TemporaryFiles()
        let text = #"{"only": {"title": "One", "tags": ["a", "b"]}}"#
        let path = files.write(text)
        let store = try JSONRecordStore.load(path: path)
        #expect(store.container == .members && store.count == 1)
        // The splice a delete or an add makes (a replacement alone no longer splices).
        let mine = Array(#"{"title": "Mine", "tags": []}"#.utf8)
        #expect(store.splicing(RecordChanges(replaced: [0: mine])) == Array(text.replacingOccurrences(of: #"{"title": "One", "tags": ["a", "b"]}"#, with: #"{"title": "Mine", "tags": []}"#).utf8))
        let records = DataFileRecords(store: store, path: path)
        do throws(SaveFailure) {
            try records.save(RecordChanges(deleted: [0]))
            #expect(records.store.count == 0)
        } catch {
            #expect(error.message.contains("would not read back"), "\(error.message)")
            #expect(Self.bytes(path) == Array(text.utf8))
        }
    }

    @Test("an object's member record replaced keeps its name, and the records after it keep theirs, moved; deleting one reads the file back whole")
    func aMemberRecordReplacedKeepsItsName() throws {
        let files = TemporaryFiles()
        let text = "{\n\"first\": {\"title\": \"One\", \"a\": \"x\"},\n\"s\\u00e9cond\": {\"title\": \"Two\"},\n\"third\": {\"title\": \"Three\"}\n}\n"
        let path = files.write(text)
        let store = try JSONRecordStore.load(path: path, options: JSONRecordStore.LoadOptions(titleKey: "title", subtitleKey: "a", strict: true))
        #expect(store.container == .members && store.count == 3)
        let records = DataFileRecords(store: store, path: path)
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "One, and longer", "a": "y"}"#.utf8), 1: Array(#"{"title": "2"}"#.utf8)]))
        let whole = try JSONRecordStore.load(path: path, options: Self.options(like: store))
        #expect(Self.described(records.store) == Self.described(whole))
        #expect((0 ..< 3).map { records.store.recordName(at: $0) } == ["first", "sécond", "third"])
        let editsItsBytes = try records.store.withEditedRecords(RecordChanges(deleted: [1])) { _, _ in true }
        #expect(editsItsBytes == nil, "a member record's delete is not an edit of its bytes alone")
    }

    /// A store mapped from a file of `count` books, in `files`.
    private static func mappedBooks(_ count: Int, in files: TemporaryFiles) throws -> (path: String, records: DataFileRecords) {
        let text = "[\n" + (0 ..< count).map { #"  {"title": "Book \#($0)", "author": "Author \#($0)"}"# }.joined(separator: ",\n") + "\n]\n"
        let path = files.write(text)
        let store = try JSONRecordStore.load(path: path, options: .init(strict: true, format: .text, limits: .init(mappingMinimum: 1)))
        #expect(store.isMapped && store.mappedFileDescriptor != nil)
        return (path, DataFileRecords(store: store, path: path))
    }

    @Test("the unchanged stretches are copied file to file and the new record written; where the kernel cannot copy, all is written, the same file")
    func unchangedStretchesAreCopiedOrWritten() throws {
        let files = TemporaryFiles()
        for copies in [true, false] {
            let (path, records) = try Self.mappedBooks(500, in: files)
            let before = Self.bytes(path)
            let calls = RecordingFileSystem()
            if !copies { calls.copyFailure = EXDEV }
            records.fileSystem = calls
            let record = Array(#"{"title": "mine"}"#.utf8)
            let range = records.store.rawRange(at: 250)
            try records.save(RecordChanges(replaced: [250: record]))
            #expect(Self.bytes(path) == Array(before[..<range.lowerBound]) + record + Array(before[range.upperBound...]))
            #expect(records.store.title(at: 250) == "mine" && records.store.title(at: 499) == "Book 499")
            let temporary = try #require(calls.calls.compactMap { call -> String? in
                if case let .write(path, _) = call { return path }
                if case let .copy(path, _) = call { return path }
                return nil
            }.first)
            let filling = calls.calls.filter { call in
                switch call {
                case let .write(path, _), let .copy(path, _): path == temporary
                default: false
                }
            }
            if copies {
                #expect(filling == [.copy(temporary, count: range.lowerBound), .write(temporary, count: record.count),
                                    .copy(temporary, count: before.count - range.upperBound)])
            } else {
                // Each copy is tried once, refused, and its stretch written instead.
                #expect(filling == [.copy(temporary, count: range.lowerBound), .write(temporary, count: range.lowerBound),
                                    .write(temporary, count: record.count),
                                    .copy(temporary, count: before.count - range.upperBound), .write(temporary, count: before.count - range.upperBound)])
            }
        }
    }

    /// A copy that stops partway and is then refused (`EXDEV`): the rest of that stretch is
    /// written once, from where the copy stopped (issue 39: a mutant that wrote the whole
    /// stretch again passed every test).
    @Test("a copy refused partway: the rest is written once, from where the copy stopped")
    func aCopyRefusedPartwayWritesTheRestOnce() throws {
        let files = TemporaryFiles()
        let (path, records) = try Self.mappedBooks(500, in: files)
        let before = Self.bytes(path)
        let calls = RecordingFileSystem()
        calls.copyFailure = EXDEV
        calls.copiesBeforeFailure = 1
        calls.largestWrite = 1_000
        records.fileSystem = calls
        let record = Array(#"{"title": "mine"}"#.utf8)
        let range = records.store.rawRange(at: 250)
        try records.save(RecordChanges(replaced: [250: record]))
        #expect(Self.bytes(path) == Array(before[..<range.lowerBound]) + record + Array(before[range.upperBound...]), "every byte once, in place")
        let first = calls.calls.filter { call in
            switch call {
            case .copy, .write: true
            default: false
            }
        }.prefix(3)
        guard case let .copy(temporary, _)? = first.first else {
            Issue.record("no copy: \(calls.calls)")
            return
        }
        #expect(Array(first) == [.copy(temporary, count: range.lowerBound), .copy(temporary, count: range.lowerBound - 1_000),
                                 .write(temporary, count: range.lowerBound - 1_000)],
                "a thousand bytes copied, the rest refused, then written from there")
        #expect(records.store.title(at: 250) == "mine" && records.store.title(at: 499) == "Book 499")
    }

    @Test("a file cut short by another program while it is copied: the save is refused, nothing written over it, no temporary file left")
    func aFileCutShortWhileCopiedIsRefused() throws {
        let files = TemporaryFiles()
        let (path, records) = try Self.mappedBooks(500, in: files)
        let calls = RecordingFileSystem()
        var cut = false
        calls.beforeCall = { call in
            guard case .copy = call, !cut else { return }
            cut = true
            truncate(path, 10)
        }
        records.fileSystem = calls
        do {
            try records.save(RecordChanges(replaced: [250: Array(#"{"title": "mine"}"#.utf8)]))
            Issue.record("saved over a file cut short")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
            #expect(error.message.contains("cut short"), "\(error.message)")
        }
        #expect(Self.bytes(path).count == 10, "the other program's file is as it left it")
        let names = try FileManager.default.contentsOfDirectory(atPath: files.directory.path)
        #expect(!names.contains { $0.contains(".saving-") }, "\(names)")
    }
}

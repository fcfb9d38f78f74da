import CSimdjson
import Foundation
import TableKit
import Testing
@testable import TUI

/// Big files are mapped rather than read (issue 29): the same records either way, no crash
/// when another program truncates the file under the mapping, and a save that does not take
/// the mapped bytes' word for what the file held. The size at which files are mapped is
/// lowered here (the load's limits) so that small files take the mapped path.
@MainActor
@Suite("A mapped file: the same records, zeros and no crash when truncated, saves by identity")
struct MappedFileTests {
    /// `count` records, each with a title and an author; about 60 bytes a record.
    private static func books(_ count: Int) -> String {
        "[" + (0 ..< count).map { #"{"title": "Book \#($0)", "author": "Author \#($0 % 97)"}"# }.joined(separator: ",\n") + "]\n"
    }

    /// Loads `path` with files of `minimum` bytes or more mapped (and `limits` otherwise).
    private func load(_ path: String, mappingFrom minimum: Int, limits: JSONRecordStore.Limits = .init()) throws -> JSONRecordStore {
        var limits = limits
        limits.mappingMinimum = minimum
        return try JSONRecordStore.load(path: path, options: .init(strict: true, format: .text, limits: limits))
    }

    private func titles(_ store: JSONRecordStore) -> [String] {
        (0 ..< store.count).map { store.title(at: $0) }
    }

    @Test("a file at the minimum is mapped and one byte under it is read; both give the same records")
    func mappedAndReadAgree() throws {
        let files = TemporaryFiles()
        let text = Self.books(2_000)
        let path = files.write(text)
        let size = text.utf8.count
        let mapped = try load(path, mappingFrom: size)
        let read = try load(path, mappingFrom: size + 1)
        #expect(mapped.isMapped && !read.isMapped)
        #expect(mapped.count == 2_000 && titles(mapped) == titles(read))
        #expect((0 ..< mapped.count).allSatisfy { mapped.subtitle(at: $0) == read.subtitle(at: $0) && mapped.rawBytes(at: $0) == read.rawBytes(at: $0) })
        #expect(!mapped.lostBytes)
    }

    @Test("an array walked in windows over a mapped file, on two threads, gives the records a whole walk of the read file gives, and leaves the bytes as they were")
    func windowsOverAMapping() throws {
        let files = TemporaryFiles()
        let text = Self.books(3_000)
        let path = files.write(text)
        let windowed = try load(path, mappingFrom: 1, limits: .init(splitMinimum: 1, arrayWindow: 256))
        let whole = try load(path, mappingFrom: .max)
        #expect(windowed.isMapped && !whole.isMapped && windowed.count == 3_000)
        #expect(tk_json_title_leads_kept(windowed.handle) == 1 && tk_json_title_leads_kept(whole.handle) == 1, "both walks keep the titles' leads")
        #expect(titles(windowed) == titles(whole))
        #expect((0 ..< whole.count).allSatisfy { windowed.rawBytes(at: $0) == whole.rawBytes(at: $0) })
        // What a save splices from: every `,` and line break the windows borrowed is back.
        #expect(windowed.withFileBytes { Array($0) } == Array(text.utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8))
    }

    @Test("a file whose size is a whole number of pages (no slack after its last byte) loads mapped", arguments: [4096, 8192, 65536])
    func aWholeNumberOfPages(size: Int) throws {
        let files = TemporaryFiles()
        let records = #"[{"title": "a"}, {"title": "b"}]"#
        // White space after the array fills the file to exactly `size` bytes; the last byte
        // of the last page is the file's, and simdjson's padding must come from elsewhere.
        let text = records + String(repeating: " ", count: size - records.utf8.count - 1) + "\n"
        let path = files.write(text)
        #expect(text.utf8.count == size)
        let store = try load(path, mappingFrom: 1)
        #expect(store.isMapped && titles(store) == ["a", "b"])
    }

    @MainActor
    @Test("a list over a mapped file that another program cuts short says so in its footer once its rows read the zeros")
    func aListOverATruncatedFileSaysSo() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.books(5_000))
        let store = try load(path, mappingFrom: 1)
        let app = BrowserApp(list: RecordListScreen(title: "data", records: IndexedRecords(store: store)), size: Size(width: 80, height: 16),
                             options: AppOptions(animates: false))
        let before = text(app)
        #expect(!before.joined().contains("cut short"))
        #expect(truncate(path, 0) == 0)
        // The rows drawn read past the new end: zeros, and the footer says why.
        _ = text(app)
        let after = text(app)
        #expect(after.last?.contains("⚠ file cut short by another program: rows past its end read as ^@") == true,
                "\(after.joined(separator: "\n"))")
        #expect(after[2].hasPrefix(" ^@^@^@"), "the rows show the zeros, escaped: \(after[2])")
    }

    @Test("a mapped file truncated by another program reads as zeros, with no crash, and says it lost bytes; a read file keeps its bytes")
    func truncatedUnderTheMapping() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.books(5_000))
        let mapped = try load(path, mappingFrom: 1)
        let read = try load(path, mappingFrom: .max)
        let before = titles(read)
        #expect(mapped.isMapped && !mapped.lostBytes)
        #expect(truncate(path, 0) == 0)
        // Every record's title, subtitle and bytes: past the new end each would be a SIGBUS.
        let shown = titles(mapped)
        let raw = (0 ..< mapped.count).map { mapped.rawBytes(at: $0) }
        #expect(shown.count == 5_000 && raw.count == 5_000)
        #expect(raw.allSatisfy { $0.allSatisfy { $0 == 0 } }, "the bytes past the new end are zeros")
        #expect(mapped.lostBytes)
        #expect(titles(read) == before, "a store that read its file keeps what it read")
        #expect(!read.lostBytes)
    }

    @Test("a save over a mapped file trusts only an unchanged identity: a rewrite in place with the old times put back is refused, and so is a chmod; an untouched file saves")
    func savesTrustTheIdentityOnly() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.books(100))
        let records = DataFileRecords(store: try load(path, mappingFrom: 1), path: path)
        #expect(records.store.isMapped)
        var before = stat()
        stat(path, &before)
        // Another program rewrites the file in place, the same size, and puts the times back
        // (`touch -r`): the mapped bytes now show its text, so they cannot vouch for it.
        let theirs = Self.books(100).replacingOccurrences(of: "Book 7\"", with: "BOOK 7\"")
        try theirs.write(toFile: path, atomically: false, encoding: .utf8)
        var times = [before.st_atim, before.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        do {
            try records.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
            Issue.record("saved over another program's rewrite")
        } catch {
            #expect(error.reason == .changedOnDisk, "\(error.message)")
        }
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == theirs)

        // Only the permissions changed: a mapped store cannot tell, so this is refused too.
        let other = files.write(Self.books(100), named: "other.json")
        let otherRecords = DataFileRecords(store: try load(other, mappingFrom: 1), path: other)
        chmod(other, 0o640)
        #expect(throws: SaveFailure.self) { try otherRecords.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)])) }

        // Untouched: saved, the other records byte for byte.
        let third = files.write(Self.books(100), named: "third.json")
        let thirdRecords = DataFileRecords(store: try load(third, mappingFrom: 1), path: third)
        try thirdRecords.save(RecordChanges(replaced: [0: Array(#"{"title": "mine"}"#.utf8)]))
        let saved = String(decoding: try Data(contentsOf: URL(fileURLWithPath: third)), as: UTF8.self)
        #expect(saved == Self.books(100).replacingOccurrences(of: #"{"title": "Book 0", "author": "Author 0"}"#, with: #"{"title": "mine"}"#))
    }

    @Test("after a save the records map the file they wrote, where the file is big enough, instead of keeping a copy; below the minimum they keep it")
    func aSavedStoreMapsTheFileItWrote() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.books(2_000))
        let records = DataFileRecords(store: try load(path, mappingFrom: 1), path: path)
        for title in ["mine", "mine again"] {
            try records.save(RecordChanges(replaced: [0: Array("{\"title\": \"\(title)\"}".utf8)]))
            #expect(records.store.isMapped, "the store reads the file it wrote")
            #expect(records.store.title(at: 0) == title && records.store.title(at: 1_999) == "Book 1999")
            let onDisk = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(records.store.withFileBytes { Data($0) } == onDisk)
        }
        // A delete takes its records from the file written too.
        try records.save(RecordChanges(deleted: [1_999]))
        #expect(records.store.isMapped && records.store.count == 1_999, "the store reads the file it wrote")
        #expect(records.store.withFileBytes { Data($0) } == (try Data(contentsOf: URL(fileURLWithPath: path))))
        // An object's member record deleted is spliced and read back whole: those records
        // map the file they wrote as well.
        let members = files.write("{\n" + (0 ..< 2_000).map { #""m\#($0)": {"title": "Book \#($0)"}"# }.joined(separator: ",\n") + "\n}\n",
                                  named: "members.json")
        let memberRecords = DataFileRecords(store: try load(members, mappingFrom: 1), path: members)
        #expect(memberRecords.store.container == .members && memberRecords.store.isMapped)
        try memberRecords.save(RecordChanges(deleted: [1_999]))
        #expect(memberRecords.store.isMapped && memberRecords.store.count == 1_999, "the store reads the file it wrote")
        #expect(memberRecords.store.withFileBytes { Data($0) } == (try Data(contentsOf: URL(fileURLWithPath: members))))
        // A file that does not hold the store's bytes (another writer came between the
        // rename and the mapping) is not mapped: the store keeps its own copy.
        let text = Self.books(100)
        let other = files.write(text.replacingOccurrences(of: "Book 7\"", with: "BOOK 7\""), named: "other.json")
        let copy = try JSONRecordStore.load(data: Data(text.utf8), name: "copy",
                                            options: .init(titleKey: "title", strict: true, format: .text, limits: .init(mappingMinimum: 1)))
        #expect(!copy.mapFile(at: other) && !copy.isMapped && copy.title(at: 7) == "Book 7")
        #expect(copy.mapFile(at: files.write(text, named: "same.json")) && copy.isMapped && copy.title(at: 7) == "Book 7")
        // Files under the minimum (the store's limits: here the default, 16 MiB) keep their
        // bytes in memory, saved or not.
        let unmapped = try JSONRecordStore.load(data: Data(text.utf8), name: "copy", titleKey: "title")
        #expect(unmapped.limits == JSONRecordStore.Limits() && !unmapped.mapFile(at: files.write(text, named: "same again.json")) && !unmapped.isMapped)
        let readRecords = DataFileRecords(store: try load(path, mappingFrom: .max), path: path)
        try readRecords.save(RecordChanges(replaced: [0: Array(#"{"title": "kept"}"#.utf8)]))
        #expect(!readRecords.store.isMapped && readRecords.store.title(at: 0) == "kept")
    }
}

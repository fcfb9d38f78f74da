import Foundation
import TableKit
import Testing
@testable import TUI

/// Records inside a top-level object, the most common shape of a published data file:
/// `{"3166-1": [ … ]}`, found on their own or named with `--path`.
@MainActor
@Suite("Inner arrays: a top-level object's largest array of objects, or the one at --path")
struct InnerArrayTests {
    static let countries = """
        {"note": "codes [ISO]", "3166-1": [
          {"alpha_2": "AW", "name": "Aruba"},
          {"alpha_2": "AF", "name": "Afghanistan"},
          {"alpha_2": "NO", "name": "Norway"}
         ],
         "letters": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"],
         "small": [{"name": "only"}],
         "deep": {"a/b": {"list": [{"name": "deep one"}, {"name": "deep two"}]}},
         "none": []
        }
        """

    private func load(_ text: String, pointer: String? = nil) throws -> JSONRecordStore {
        let files = TemporaryFiles()
        return try JSONRecordStore.load(path: files.write(text), pointer: pointer)
    }

    private func failure(_ text: String, pointer: String? = nil) -> String? {
        let files = TemporaryFiles()
        do {
            _ = try JSONRecordStore.load(path: files.write(text), pointer: pointer)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aTopLevelObjectOpensItsLargestArrayOfObjectsAndSaysWhich() throws {
        let store = try load(Self.countries)
        #expect(store.recordsPointer == "/3166-1", "the array of scalars is larger but holds no records")
        #expect(store.count == 3 && store.title(at: 1) == "Afghanistan")
        #expect(store.rawJSON(at: 0) == #"{"alpha_2": "AW", "name": "Aruba"}"#)
        let plain = try load(#"[{"name": "x"}]"#)
        #expect(plain.recordsPointer.isEmpty && plain.count == 1)
    }

    @Test func pathChoosesAnyArrayByItsJSONPointer() throws {
        #expect(try load(Self.countries, pointer: "/small").title(at: 0) == "only")
        let deep = try load(Self.countries, pointer: "/deep/a~1b/list")
        #expect(deep.count == 2 && deep.title(at: 1) == "deep two" && deep.recordsPointer == "/deep/a~1b/list")
        #expect(try load(Self.countries, pointer: "/none").count == 0)
        #expect(try load(#"[{"name": "x"}, {"name": "y"}]"#, pointer: "").count == 2, "the empty pointer is the whole text")
    }

    @Test func aPathToNothingOrToWhatIsNotRecordsSaysSoWithAPlace() {
        #expect(failure(Self.countries, pointer: "/nope")?.hasSuffix("1:1: error: nothing at --path /nope") == true)
        #expect(failure(Self.countries, pointer: "/note")?.contains("the value at --path /note is not an array of objects") == true)
        #expect(failure(Self.countries, pointer: "/letters")?.contains("6:14: error: element 0 is a string, not an object") == true,
                "\(failure(Self.countries, pointer: "/letters") ?? "")")
        #expect(failure(#"{"a": 1, "b": [1, 2]}"#)?.contains("the top-level object holds no array of objects") == true)
        #expect(failure(#"{"a": [{"x": 1}], "b": tru}"#)?.contains("1:24: error: invalid literal") == true, "outside the array the text is still checked")
        for broken in [#"{"a": [{"x": 1}, {"x": 2}], "b": {"c": [1,]}}"#, #"{"a": [{"x": 1}, {"x": 2}], "b": [{"y": 01}]}"#,
                       #"{"a": [{"x": 1}, {"x": 2}], "b": "\q"}"#, #"{"a": [{"x": 1}, {"x": 2}]} 7"#] {
            #expect(failure(broken)?.contains("error:") == true, "\(broken) is not JSON")
        }
    }

    @Test func editsInsideTheArrayLeaveEveryOtherByteAsItWas() throws {
        let store = try load(Self.countries)
        let edited = store.splicing(RecordChanges(replaced: [1: Array(#"{"alpha_2": "AF", "name": "Afghanistan!"}"#.utf8)]))
        #expect(String(decoding: edited, as: UTF8.self) == Self.countries.replacingOccurrences(of: #""Afghanistan"}"#, with: #""Afghanistan!"}"#))
        let removed = store.splicing(RecordChanges(deleted: [2]))
        #expect(String(decoding: removed, as: UTF8.self).contains(#""Afghanistan"}"# + "\n ],"))
        // One record, and an earlier `[` in a string: the new record joins the right array.
        let small = try load(Self.countries, pointer: "/small")
        let added = String(decoding: small.splicing(RecordChanges(added: [Array(#"{"name": "two"}"#.utf8)])), as: UTF8.self)
        #expect(added.contains(#""small": [{"name": "only"},{"name": "two"}]"#), "\(added)")
        let empty = try load(Self.countries, pointer: "/none")
        let first = String(decoding: empty.splicing(RecordChanges(added: [Array(#"{"name": "first"}"#.utf8)])), as: UTF8.self)
        #expect(first.contains("\"none\": [\n{\"name\": \"first\"}\n]"), "\(first)")
        #expect(first.contains(#""note": "codes [ISO]""#), "the string with a bracket is untouched")
    }

    @Test func theListSaysWhereTheRecordsAreAndTheCommandLineTakesPath() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.countries, named: "iso_3166-1.json")
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        #expect(list.title == "iso_3166-1" && list.prompt == "Records at /3166-1 · 2 other arrays (a)", "small and none are arrays of objects too")
        let chosen = try DataOptions.parse(["--data", path, "--path", "/deep/a~1b/list"]).loadListScreen(searchesSynchronously: true)
        #expect(chosen.prompt == "Records at /deep/a~1b/list" && chosen.records.count == 2)
        let bare = try DataOptions.parse(["--data", files.write("[{\"name\": \"x\"}]")]).loadListScreen(searchesSynchronously: true)
        #expect(bare.prompt == nil, "a top-level array needs no prompt")
    }

    @Test func thePromptStandsAboveTheBarAndClicksStillReachTheBar() throws {
        let files = TemporaryFiles()
        let path = files.write(Self.countries, named: "iso_3166-1.json")
        let app = try headlessApp(["--data", path], size: Size(width: 60, height: 12))
        let shown = text(app)
        #expect(shown[0] == "          Records at /3166-1 · 2 other arrays (a)")
        #expect(shown[1].hasPrefix("Edit (E)  Sort (o)") && shown[1].contains("iso_"), "\(shown[1])")
        #expect(shown[2] == " A                                                         A")
        // A click on Sort (o), now on the second line, opens the sort sheet.
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: 12, y: 1))))
        #expect(text(app).contains { $0.contains("Sort By") })
    }

    // MARK: Objects of objects, and the other arrays

    static let people = #"{"alice": {"age": 30, "city": "Oslo"}, "bob": {"age": 25, "city": "Rome"}, "c\u00e9": {"age": 1}}"#

    @Test func anObjectOfObjectsOpensAsRecordsKeyedByTheirNames() throws {
        let store = try load(Self.people)
        #expect(store.recordsAreMembers && store.count == 3)
        #expect((0 ..< 3).map(store.title(at:)) == ["alice", "bob", "cé"], "names as titles, unescaped")
        #expect((0 ..< 3).map { store.recordName(at: $0) } == ["alice", "bob", "cé"])
        #expect(store.titleKey.isEmpty && store.subtitleKey == "city")
        #expect(store.rawJSON(at: 1) == #"{"age": 25, "city": "Rome"}"#)
        let files = TemporaryFiles()
        let byCity = try JSONRecordStore.load(path: files.write(Self.people), titleKey: "city")
        #expect(byCity.title(at: 0) == "Oslo", "a given title key still titles the rows")
    }

    @Test func aPointerReachesAnObjectOfObjectsAndMixedObjectsAreRefused() throws {
        let deep = try load(#"{"x": {"people": {"a": {"n": 1}, "b": {"n": 2}}}}"#, pointer: "/x/people")
        #expect(deep.recordsAreMembers && deep.count == 2 && deep.title(at: 1) == "b")
        #expect(failure(#"{"x": {"a": {"n": 1}, "b": 2}}"#, pointer: "/x")?.contains("not an array of objects or an object of objects") == true)
        #expect(failure(#"{"a": {"n": 1}, "b": 2}"#)?.contains("holds no array of objects") == true, "one scalar member: not records")
    }

    @Test func anObjectOfObjectsIsShownReadOnlyWithAPrompt() throws {
        let files = TemporaryFiles()
        let list = try DataOptions.parse(["--data", files.write(Self.people, named: "people.json")]).loadListScreen(searchesSynchronously: true)
        #expect(list.prompt == "Records keyed by name")
        #expect(!list.rightBarButtonItems.contains { $0.id == .addRecord }, "no Add: a new member would need a name")
    }

    @Test func theOtherArraysAreOfferedLargestFirstAndOpenInPlace() throws {
        let files = TemporaryFiles()
        let path = files.write(#"{"a": [{"name": "one"}], "b": [{"name": "two"}, {"name": "three"}], "n": 5}"#, named: "multi.json")
        let store = try JSONRecordStore.load(path: path)
        #expect(store.candidates.map(\.pointer) == ["/b", "/a"])
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        #expect(list.prompt == "Records at /b · 1 other array (a)")
        let app = BrowserApp(list: list, size: Size(width: 60, height: 12), options: AppOptions(searchesSynchronously: true, animates: false))
        try keys(app, "a")
        #expect(text(app).contains { $0.contains("Open /a (") })
        try keys(app, "Enter")
        for _ in 0 ..< 500 where list.records.store.recordsPointer != "/a" {
            _ = app.handle(.tick)
            usleep(2_000)
        }
        #expect(list.records.store.recordsPointer == "/a" && list.records.count == 1)
        #expect(list.prompt == "Records at /a · 1 other array (a)", "the way back is still offered")
    }

    // MARK: The quick way to a last member

    @Test func anArrayThatIsTheLastMemberIsFoundAndEverythingIsStillChecked() throws {
        let wrapped = #"{"source": "gen", "small": [{"name": "s"}], "n": [1, 2], "books": [{"title": "A"}, {"title": "B"}]}"#
        let store = try load(wrapped)
        #expect(store.recordsPointer == "/books" && store.count == 2 && store.title(at: 1) == "B")
        #expect(store.candidates.map(\.pointer) == ["/books", "/small"])
        // A larger array before it wins, as ever.
        let larger = try load(#"{"big": [{"title": "one"}, {"title": "two"}, {"title": "three"}], "last": [{"title": "x"}]}"#)
        #expect(larger.recordsPointer == "/big")
        // A member after the array: the last `]` is not the records' array's.
        let after = try load(#"{"a": [{"title": "x"}], "b": [1]}"#)
        #expect(after.recordsPointer == "/a" && after.count == 1)
    }

    @Test func faultsAroundALastMemberArrayAreStillReportedWithTheirPlace() {
        #expect(failure(#"{"source": "a\qb", "books": [{"title": "A"}]}"#)?.contains(":1:14: error: invalid escape") == true)
        #expect(failure(#"{"source": 01, "books": [{"title": "A"}]}"#)?.contains(":1:12:") == true)
        #expect(failure(#"{"books": [{"title": "A",}]}"#)?.contains("trailing comma") == true)
        #expect(failure(#"{"books": [{"title": "A"}, 5]}"#)?.contains("element 1 is a number, not an object") == true)
    }
}

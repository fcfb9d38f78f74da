import Foundation
import TableKit
import Testing
@testable import TUI

/// Objects and arrays inside a record open as screens of their own, and every field can be
/// searched (the All Fields scope).
@MainActor
@Suite("Nested values you can open, and search over every field")
struct NestedValuesTests {
    static let people = """
        [{"name": "Ada Lovelace", "origin": "Europe", "born": 1815,
          "address": {"city": "London", "geo": {"lat": 51.50, "lon": -0.12}, "note": null},
          "tags": ["math", "poetry", 1E3, true],
          "children": [{"name": "Byron", "born": 1836}, {"name": "Anne", "born": 1837}],
          "empty": {}},
         {"name": "Grace Hopper", "origin": "USA", "born": 1906, "address": null, "tags": [],
          "quote": "It's easier to ask forgiveness than it is to get permission.",
          "ship": {"name": "USS Hopper", "note": "Caf\\u00e9 on board"}}]
        """

    private func app(_ data: String = people, width: Int = 60) throws -> BrowserApp {
        try headlessApp(json: data, size: Size(width: width, height: 16))
    }

    // MARK: Opening nested values

    @Test func aRecordsObjectsAndArraysSayHowBigTheyAreAndHaveADisclosureIndicator() throws {
        let app = try app()
        try keys(app, "Enter")
        let shown = text(app)
        #expect(shown.contains(" address                                                  ›"))
        #expect(shown.contains(" 3 fields"))
        #expect(shown.contains(" tags                                                     ›"))
        #expect(shown.contains(" 4 items"))
        #expect(!shown.contains { $0.contains("{\"city\"") }, "no JSON cut mid-token")
    }

    @Test func enterOpensAnObjectAsValue1RowsTitledByItsPath() throws {
        let app = try app()
        try keys(app, "Enter j j j Enter")
        let shown = text(app)
        #expect(shown[0] == "‹ Ada Lovelace            address")
        #expect(shown[1] == " city                                                London")
        #expect(shown[2] == " geo                                             2 fields ›")
        #expect(shown[3] == " note                                                     —")
        try keys(app, "j Enter")
        let deeper = text(app)
        #expect(deeper[0] == "‹ address               address.geo", "the back title is the way back")
        #expect(deeper[1] == " lat                                                  51.50", "numbers as written")
        try keys(app, "Esc Esc")
        #expect(text(app)[0].hasPrefix("‹ data"), "back through the path to the record")
    }

    @Test func anArrayOfObjectsIsATableAndAnArrayOfScalarsAList() throws {
        let app = try app()
        try keys(app, "Enter j j j j j Enter")
        var shown = text(app)
        #expect(shown[0] == "‹ Ada Lovelace            children")
        #expect(shown[1] == " Byron                                                    ›")
        #expect(shown[2] == " Anne                                                     ›")
        try keys(app, "j Enter")
        shown = text(app)
        #expect(shown[0] == "‹ children              children[1]")
        #expect(shown[1] == " name                                                  Anne")
        try keys(app, "Esc Esc k Enter")
        shown = text(app)
        #expect(shown[0] == "‹ Ada Lovelace              tags")
        #expect(shown[1] == " math                                                   [0]")
        #expect(shown[3] == " 1E3                                                    [2]")
        #expect(shown[4] == " true                                                   [3]")
    }

    @Test func onlyRowsThatOpenOfferEnter() throws {
        let app = try app()
        try keys(app, "Enter")
        #expect(!app.root.helpOverlay().sections.flatMap(\.entries).contains { $0.key.contains("Enter") }, "name is not a nested value")
        let before = text(app)
        try keys(app, "Enter")
        #expect(text(app) == before, "Enter on a plain field does nothing")
        try keys(app, "j j j")
        #expect(app.root.helpOverlay().sections.flatMap(\.entries).contains { $0.key.contains("Enter") })
    }

    @Test func emptyContainersOpenToAnEmptyScreen() throws {
        let app = try app()
        try keys(app, "Enter G")
        #expect(text(app).contains(" empty object"))
        try keys(app, "Enter")
        #expect(text(app).contains { $0.contains("This object has no fields") })
    }

    // MARK: Parsing

    @Test func theTreeKeepsOrderDuplicatesAndNumberSpellings() throws {
        let tree = try #require(JSONTree(parsing: #"{"b": 1.50, "a": [1E3, -0, "x\u00e9\ud83d\ude00"], "b": null, "c": {"d": []}}"#))
        guard case .object(let members) = tree else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b", "c"])
        #expect(members[1].value == .array([.number("1E3"), .number("-0"), .string("xé😀")]))
        #expect(tree.compactJSON == #"{"b":1.50,"a":[1E3,-0,"xé😀"],"b":null,"c":{"d":[]}}"#)
        #expect(tree.prettyJSON == "{\n  \"b\": 1.50,\n  \"a\": [\n    1E3,\n    -0,\n    \"xé😀\"\n  ],\n  \"b\": null,\n  \"c\": {\n    \"d\": []\n  }\n}")
        #expect(JSONTree(parsing: #"{"a": 1,}"#) == nil)
        #expect(JSONTree(parsing: #""\ud800 lone""#) == .string("\u{FFFD} lone"))
    }

    /// The loader refuses nesting deeper than 1,024 levels, so that is as deep as a nested
    /// value gets (the tree itself is freed recursively).
    @Test func theDeepestValueTheLoaderTakesParses() throws {
        let depth = 1_024
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(JSONTree(parsing: text) != nil)
    }

    // MARK: Search scope

    @Test func allFieldsFindsValuesTheTitleSearchMisses() throws {
        let app = try app()
        try keys(app, "/ l o n d o n")
        #expect(text(app).contains { $0.contains("No Results") }, "Title searches the name and the subtitle only")
        try keys(app, "Tab")
        let shown = text(app)
        #expect(shown[2].contains("( Title │ All Fields ◗"))
        #expect(shown.contains { $0.hasPrefix(" Ada Lovelace") }, "London is in Ada's address")
        #expect(!shown.contains { $0.hasPrefix(" Grace Hopper") })
    }

    @Test func allFieldsFoldsCaseAccentsAndEscapesAndSkipsKeysAndLiterals() throws {
        let app = try app()
        try keys(app, "/ Tab c a f e")
        #expect(text(app).contains { $0.hasPrefix(" Grace Hopper") }, "\\u00e9 is é, and é matches e")
        try keys(app, "C-u n o t e")
        #expect(text(app).contains { $0.contains("No Results") }, "keys are not searched")
        try keys(app, "C-u t r u e")
        #expect(text(app).contains { $0.contains("No Results") }, "true, false and null are not text")
        try keys(app, "C-u 1 8 3 6")
        #expect(text(app).contains { $0.hasPrefix(" Ada Lovelace") }, "numbers are searched as written")
    }

    @Test func theHaystackKeepsFieldsApart() {
        var bytes: [UInt8] = []
        let json = Array(#"{"a": "lon", "b": "don", "c": {"d": ["x\"y", 12.5e3, false]}}"#.utf8)
        json.withUnsafeBufferPointer { FilterHaystack.appendFoldedValues(ofJSON: $0, collation: .english, to: &bytes) }
        let fields = bytes.split(separator: FilterHaystack.fieldSeparator).map { String(decoding: $0, as: UTF8.self) }
        #expect(fields == ["lon", "don", "x\"y", "12.5e3"])
    }
}

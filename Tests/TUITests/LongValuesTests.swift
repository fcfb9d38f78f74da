import Foundation
import TableKit
import Testing
@testable import TUI

@MainActor
@Suite("Long values: a preview in the record, the whole in a reader, bounded rows and search")
struct LongValuesTests {
    /// A record whose `notes` are 3,000 numbered words, then a short field.
    static let wordsRecord: String = {
        let words = (0 ..< 3_000).map { "word\($0)" }.joined(separator: " ")
        return #"[{"title": "Long", "notes": "\#(words)", "after": "z"}]"#
    }()

    @Test func aLongValueShowsTenLinesEndingInAnEllipsisWithADisclosureIndicator() throws {
        let screen = try snapshot(Self.wordsRecord, size: Size(width: 50, height: 20), keys: "Enter")
        #expect(screen[3].hasPrefix(" notes "))
        #expect(screen[3].hasSuffix("›"))
        #expect(screen[4] == " word0 word1 word2 word3 word4 word5 word6")
        #expect(screen[13].hasSuffix("…"))
        #expect(screen[14] == " after")
    }

    @Test func enterOnTheValueReadsItWholeAndEndShowsItsLastWord() throws {
        let opened = try snapshot(Self.wordsRecord, size: Size(width: 50, height: 14), keys: "Enter Down Enter")
        #expect(opened[0].hasPrefix("‹ Long"))
        #expect(opened[0].contains("notes"))
        #expect(opened[1] == "word0 word1 word2 word3 word4 word5 word6 word7")
        #expect(opened.contains { $0.hasSuffix("0 % of 26 KB") })
        let end = try snapshot(Self.wordsRecord, size: Size(width: 50, height: 14), keys: "Enter Down Enter End")
        #expect(end.contains { $0.hasSuffix("word2999") })
        #expect(end.contains { $0.hasSuffix("End · 26 KB") })
        let back = try snapshot(Self.wordsRecord, size: Size(width: 50, height: 14), keys: "Enter Down Enter End Esc")
        #expect(back[1].hasPrefix(" notes "))
        #expect(back[2].hasPrefix(" word0 word1"))
    }

    @Test func aValueOfManyShortLinesIsLongToo() throws {
        let lines = (0 ..< 200_000).map { "line \($0)" }.joined(separator: "\\n")
        let json = #"[{"title": "Lines", "notes": "\#(lines)"}]"#
        let screen = try snapshot(json, size: Size(width: 50, height: 20), keys: "Enter Down Enter End")
        #expect(screen.contains("line 199999"))
    }

    @Test func aShortValueStaysWholeAndOpensNothing() throws {
        let json = #"[{"title": "Short", "notes": "one\ntwo\nthree"}]"#
        let screen = try snapshot(json, size: Size(width: 50, height: 14), keys: "Enter Down Enter")
        #expect(screen[3] == " notes")
        #expect(Array(screen[4 ... 6]) == [" one", " two", " three"])
        #expect(screen[0].hasPrefix("‹ data"))
    }

    /// A 2 MB title and subtitle: the row shows their start, the action sheet too, and the
    /// search given the subtitle holds its first thousand characters and finds the record.
    @Test func aHugeTitleAndSubtitleAreCutForRowsAlertsAndSearch() throws {
        let long = String(repeating: "naïve río ", count: 200_000)
        let json = #"[{"title": "\#(long)", "subtitle": "\#(long)"}, {"title": "Short", "subtitle": "s"}]"#
        let list = try snapshot(json, size: Size(width: 40, height: 12))
        #expect(list.contains { $0.hasPrefix(" naïve río naïve río naïve río n…") })
        let files = TemporaryFiles()
        let path = files.write(json)
        let screen = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        screen.search(for: long)
        let query = try #require(screen.searchController?.session?.field.text)
        #expect(query.count == SearchField.maximumLength)
        #expect(screen.records.count == 2)
    }

    @Test func theSearchFieldStopsAtItsMaximumLength() {
        var field = SearchField()
        #expect(field.paste(String(repeating: "ab", count: 700)) == .changed)
        #expect(field.text.count == SearchField.maximumLength)
        #expect(field.handle(.character("x")) == nil)
        #expect(field.handle(.backspace) == .changed)
        #expect(field.handle(.character("x")) == .changed)
        #expect(field.text.hasSuffix("ax"))
        field.setText(String(repeating: "c", count: 5_000))
        #expect(field.text.count == SearchField.maximumLength)
    }
}

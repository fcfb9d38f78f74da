import Foundation
import TableKit
import Testing
@testable import TUI

/// Sorting a list by any field, by the field's type: the order, the sections, and the rows.
@MainActor
@Suite("Typed order: numbers, dates, booleans and text; nulls and missing values last")
struct TypedSortTests {
    static let cars = """
        [{"name": "chevelle", "mpg": 18, "year": "1970-01-01", "electric": false, "origin": "USA"},
         {"name": "beetle", "mpg": 26, "year": "1970-01-01", "electric": false, "origin": "Europe"},
         {"name": "504", "mpg": 25.5, "year": "1972-03-01T10:00:00Z", "origin": "Europe"},
         {"name": "corona", "mpg": null, "year": "1975-01-01", "electric": true, "origin": "Japan"},
         {"name": "pinto", "mpg": 230, "year": "1982-01-01", "origin": "USA"},
         {"name": "gremlin", "mpg": 46, "year": "1982-06-01T00:00:00+02:00", "origin": "usa"},
         {"name": "A'ou 10", "mpg": "n/a", "year": null, "origin": "Japan"},
         {"name": "A'ou 2", "mpg": -3, "year": "1969-12-31", "origin": "Éire"}]
        """

    private func store(_ text: String = cars) throws -> JSONRecordStore {
        let files = TemporaryFiles()
        return try JSONRecordStore.load(path: files.write(text))
    }

    /// The titles in the order sorted, and the sections as "title: names".
    private func sorted(by key: String, _ text: String = cars) throws -> (names: [String], sections: [String]) {
        let store = try store(text)
        let byField = FieldOrder.build(store: store, key: key, collation: .english)
        let order = byField.order
        let names = order.order.map { store.title(at: Int($0)) }
        let sections = (0 ..< order.sectionCount).filter { order.rows(inSection: $0) > 0 }.map { section in
            byField.sectionTitles[section] + ": " + (0 ..< order.rows(inSection: section)).map { store.title(at: order.record(section: section, row: $0)) }.joined(separator: ", ")
        }
        return (names, sections)
    }

    @Test func numbersSortNumericallyNotAsText() throws {
        let result = try sorted(by: "mpg")
        #expect(result.names == ["A'ou 2", "chevelle", "504", "beetle", "gremlin", "pinto", "A'ou 10", "corona"],
                "230 after 46; the text n/a after the numbers; null last")
        #expect(result.sections == ["-20: A'ou 2", "0: chevelle", "20: 504, beetle", "40: gremlin", "220: pinto", "Other: A'ou 10", "—: corona"])
    }

    @Test func isoDatesSortByTimeAndSectionByYear() throws {
        let result = try sorted(by: "year")
        #expect(result.names == ["A'ou 2", "chevelle", "beetle", "504", "corona", "pinto", "gremlin", "A'ou 10"])
        #expect(result.sections == ["1969: A'ou 2", "1970: chevelle, beetle", "1972: 504", "1975: corona", "1982: pinto, gremlin", "—: A'ou 10"])
    }

    @Test func datesWithinTwoYearsSectionByMonthAndZonesCount() throws {
        let text = """
            [{"t": "2024-03-05T00:30:00+01:00", "name": "a"}, {"t": "2024-03-04T23:45:00Z", "name": "b"},
             {"t": "2024-01-31", "name": "c"}, {"t": "2025-02-01 08:00", "name": "d"}]
            """
        let result = try sorted(by: "t", text)
        #expect(result.names == ["c", "a", "b", "d"], "00:30+01:00 is 23:30Z the day before, so before 23:45Z")
        #expect(result.sections == ["January 2024: c", "March 2024: a, b", "February 2025: d"])
    }

    /// ohlc.json's days (vega-datasets, ISO dates): June and July 2009. Cut to the index's five
    /// columns, `2009-06` and `2009-07` both read `2009`; the index says `6/09` and `7/09`.
    @Test func monthsInTheIndexNeverReadAlike() throws {
        let days = (1 ... 30).map { String(format: "2009-06-%02d", $0) } + (1 ... 31).map { String(format: "2009-07-%02d", $0) }
            + ["2010-06-15"]
        let text = "[" + days.map { #"{"date": "\#($0)", "open": 28.7}"# }.joined(separator: ",\n") + "]"
        let records = IndexedRecords(store: try store(text), sortOrder: .field("date"))
        let titles = try #require(records.sections.sectionIndexTitles)
        #expect(titles == ["6/09", "7/09", "6/10"])
        let cut = titles.map { String($0.prefix(5)) }  // the index's widest title: 5 columns
        #expect(Set(cut).count == cut.count, "no two index titles read alike: \(cut)")
        #expect(records.sectionTitles == ["June 2009", "July 2009", "June 2010"], "the headers in words")
    }

    @Test func booleansFalseThenTrueThenMissing() throws {
        let result = try sorted(by: "electric")
        #expect(result.sections == ["false: chevelle, beetle", "true: corona", "—: 504, pinto, gremlin, A'ou 10, A'ou 2"],
                "missing values keep the file's order")
    }

    @Test func textSortsByTheCollationUnderLetters() throws {
        let result = try sorted(by: "origin")
        #expect(result.sections == ["E: A'ou 2, beetle, 504", "J: corona, A'ou 10", "U: chevelle, pinto, gremlin"],
                "case and accents folded; equal values keep the file's order")
    }

    @Test func aMissingFieldSortsEverythingLast() throws {
        let result = try sorted(by: "nope")
        #expect(result.sections == ["—: chevelle, beetle, 504, corona, pinto, gremlin, A'ou 10, A'ou 2"])
    }

    @Test func theScannerFindsTopLevelMembersOnly() {
        let json = Array(#"{"a": {"key": 1}, "k\u0065y": [1, "x]"], "key": 2}"#.utf8)
        let range = json.withUnsafeBufferPointer { RecordScanner.valueRange(ofMember: Array("key".utf8), inObject: $0) }
        #expect(range.map { String(decoding: json[$0], as: UTF8.self) } == #"[1, "x]"]"#, "an escaped key matches; a nested one does not")
    }

    @Test func isoDatesAreReadStrictly() {
        func seconds(_ text: String) -> Double? {
            var text = text
            return text.withUTF8 { ISODate.seconds($0) }
        }
        #expect(seconds("1970-01-02") == 86_400)
        #expect(seconds("1970-01-01T00:00:01.5Z") == 1.5)
        #expect(seconds("1970-01-01T01:00+01:00") == 0)
        for bad in ["1970-13-01", "1970-1-01", "tomorrow", "1970-01-01T25:00", "1970-01-01Tx", "1970-01-01 and more"] {
            #expect(seconds(bad) == nil, "\(bad)")
        }
    }

    // MARK: In the app

    private func app() throws -> BrowserApp {
        try headlessApp(json: Self.cars, size: Size(width: 60, height: 20))
    }

    @Test("Sort By (o) is a radio list of every field, the mark before the name, the title first and chosen")
    func oOffersEveryFieldAndSortsByTheOneChosen() throws {
        let app = try app()
        try keys(app, "o")
        #expect(text(app).prefix(10) == [
            "‹ data                    Sort By",
            " ╭────────────────────────────────────────────────────────╮",
            " │ ◉   name                                         title │",
            " │ ○   mpg                                                │",
            " │ ○   year                                      subtitle │",
            " │ ○   electric                                           │",
            " │ ○   origin                                             │",
            " ╰────────────────────────────────────────────────────────╯",
            "   Numbers, dates and true/false sort by value; nulls come",
            "   last.",
        ], "\(text(app).joined(separator: "\n"))")
        #expect(text(app).last == " ↓ move  Enter choose  Esc back  ? help  q quit")
        try keys(app, "Down Enter g")
        let shown = text(app)
        #expect(shown[0].hasPrefix("Edit (E)  Sort (o)"), "choosing goes back to the list")
        #expect(shown[1] == " -20", "a section per range of values")
        #expect(shown[2].hasPrefix(" A'ou 2") && shown[3] == " mpg: -3", "the value stands under the title")
        #expect(shown.contains { $0.hasSuffix("220") }, "the index lists the ranges")
        try keys(app, "o")
        let again = text(app)
        #expect(again[2] == " │ ○   name                                         title │" && again[3] == " │ ◉   mpg                                                │",
                "the field sorted by is chosen when Sort By opens again: \(again.joined(separator: "\n"))")
    }

    @Test("Esc leaves Sort By with the order as it was, and choosing the current field goes back too")
    func escAndTheCurrentFieldLeaveTheOrder() throws {
        let app = try app()
        let before = text(app)
        try keys(app, "o Down Esc")
        #expect(text(app) == before, "\(text(app).joined(separator: "\n"))")
        try keys(app, "o Space")
        #expect(text(app) == before, "\(text(app).joined(separator: "\n"))")
        try keys(app, "o Down Down Space g")
        #expect(text(app)[0].hasPrefix("Edit (E)  Sort (o)") && text(app)[1] == " 1969", "Space chooses as Enter does, by year: \(text(app).joined(separator: "\n"))")
    }

    @Test("Sort By offers every field, not a first twenty, and scrolls to the one chosen")
    func everyFieldScrolls() throws {
        let fields = (1 ... 30).map { "\"f\($0)\": \($0)" }.joined(separator: ", ")
        let app = try headlessApp(json: "[{\"name\": \"a\", \(fields)}]", size: Size(width: 60, height: 20))
        try keys(app, "o G Enter o")
        #expect(text(app).contains(" │ ◉   f30                                                │"), "\(text(app).joined(separator: "\n"))")
    }

    @Test func nullsShowAsADash() throws {
        let app = try app()
        try keys(app, "o Down Enter G")
        #expect(text(app).contains(" mpg: —"))
    }
}

/// The columns layout of a `--data` list (c).
@MainActor
@Suite("Columns: the title and the fields picked, under a header that stays")
struct ColumnsTests {
    @Test func checkingFieldsShowsThemAsColumnsWithNumbersOnTheRight() throws {
        let app = try headlessApp(json: TypedSortTests.cars, size: Size(width: 64, height: 14))
        try keys(app, "c")
        #expect(text(app)[0].contains("Columns"))
        // The fields in the records' order: mpg, year, electric, origin.
        try keys(app, "j Space j j j Space Esc")
        let shown = text(app)
        #expect(shown[1] == " name                                         mpg  origin")
        #expect(shown.contains(" chevelle                                      18  USA    [✎]  Z"), "numbers on the right")
        #expect(shown.contains(" A'ou 10                                      n/a  Japan  [✎]  •"))
        try keys(app, "G")
        #expect(text(app)[1] == " name                                         mpg  origin", "the header stays while the rows scroll")
        #expect(text(app).contains { $0.hasPrefix(" 504                                         25.5  Europe") })
        // Off again: titles and subtitles.
        try keys(app, "c Space Esc")
        #expect(!text(app)[1].contains("origin"))
    }
}

@MainActor
@Suite("Records without a title")
struct MissingTitleTests {
    @Test func nullMissingAndEmptyTitlesShowADashAndSortLast() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"name": null, "n": 1}, {"name": "null", "n": 2}, {"n": 3}, {"name": "", "n": 4}, {"name": "Zed", "n": 5}]"#)
        let lines = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        let app = BrowserApp(list: lines, size: Size(width: 50, height: 14), options: AppOptions(searchesSynchronously: true, animates: false))
        let shown = text(app).map { $0.prefix(8).trimmingCharacters(in: .whitespaces) }
        #expect(Array(shown[1 ... 9]) == ["N", "null", "Z", "Zed", "#", "—", "—", "—", ""],
                "the string \"null\" is a title; null, a missing name and an empty one are not")
    }
}

import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Any JSON file (--data): the list, a record, its form, nested values, Sort By, Columns")
struct DataScreenFramesTests {
    @Test("The list of a --data file") func dataList() throws {
        try expectScreen("data-list", in: .people, keys: "")
    }

    @Test("A record's detail, with its nested values") func dataRecordDetail() throws {
        try expectScreen("data-record-detail", in: .people, keys: "Enter")
    }

    @Test("Edit Record, the form of a record's fields") func dataRecordForm() throws {
        try expectScreen("data-record-form", in: .people, keys: "e")
    }

    @Test("A nested object opened from the detail") func nestedValue() throws {
        try expectScreen("data-nested-value", in: .people, keys: "Enter j j j Enter")
    }

    @Test("Sort By, a radio list of the fields") func sortBy() throws {
        try expectScreen("data-sort-by", in: .people, keys: "o")
    }

    @Test("Columns: show the fields side by side") func columns() throws {
        try expectScreen("data-columns", in: .people, keys: "c")
    }
}

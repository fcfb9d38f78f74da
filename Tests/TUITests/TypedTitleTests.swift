import Foundation
import TableKit
import Testing
@testable import TUI

/// A title column of numbers or dates sorts by value, in sections of ranges with an index,
/// as Sort (o) sorts any such field; choosing the title in Sort keeps that order (issue 23).
@MainActor
@Suite("Typed titles: number and date titles sort by value")
struct TypedTitleTests {
    static let cars = """
        [{"name": "a", "hp": 100, "built": "1971-05-01"}, {"name": "b", "hp": 46, "built": "1969-12-31"},
         {"name": "c", "hp": 230, "built": "1970-01-01T08:00:00Z"}, {"name": "d", "hp": 98, "built": "1982-01-01"},
         {"name": "e", "hp": null, "built": null}, {"name": "f", "hp": 52.5, "built": "1970-06-01"},
         {"name": "g", "hp": -4, "built": "1969-01-01"}]
        """

    private func app(_ arguments: [String]) throws -> BrowserApp {
        let files = TemporaryFiles()
        let path = files.write(Self.cars)
        let list = try DataOptions.parse(["--data", path] + arguments).loadListScreen(searchesSynchronously: true, environment: [:])
        return BrowserApp(list: list, size: Size(width: 40, height: 24), options: AppOptions(searchesSynchronously: true, animates: false))
    }

    /// The list's rows and index: the frame between the bar and the tab bar.
    private func list(_ app: BrowserApp) -> [String] {
        Array(text(app).dropFirst().prefix(19))
    }

    @Test("number titles: -4 and 46 before 100, sections of ranges, null last, the ranges in the index")
    func numberTitles() throws {
        let app = try app(["--title-key", "hp", "--subtitle-key", "name"])
        #expect(list(app) == [
            " -20",
            " -4                             [✎]",
            " g",
            " 40",
            " 46                             [✎]",
            " b",
            " 52.5                           [✎]",
            " f                                   -20",
            " 80                                   40",
            " 98                             [✎]   80",
            " d                                   100",
            " 100                                 220",
            " 100                            [✎]    —",
            " a",
            " 220",
            " 230                            [✎]",
            " c",
            " —",
            " —                              [✎]",
        ], "\(text(app).joined(separator: "\n"))")
    }

    @Test("date titles: by time (zones count), sectioned by year")
    func dateTitles() throws {
        let app = try app(["--title-key", "built", "--subtitle-key", "name"])
        #expect(list(app).map { String($0.prefix(22)).trimmingCharacters(in: .whitespaces) }.filter { $0.count > 1 } == [
            "1969", "1969-01-01", "1969-12-31", "1970", "1970-01-01T08:00:00Z", "1970-06-01", "1971", "1971-05-01", "1982", "1982-01-01",
        ], "\(text(app).joined(separator: "\n"))")
    }

    @Test("Sort (o) lists the title first and choosing it keeps the order by value")
    func sortByTheTitleField() throws {
        let app = try app(["--title-key", "hp", "--subtitle-key", "name"])
        let before = text(app)
        try keys(app, "o")
        #expect(text(app)[2] == " │ ◉   hp                       title │" && text(app)[3] == " │ ○   name                  subtitle │", "\(text(app).joined(separator: "\n"))")
        try keys(app, "Down Enter o Up Enter")
        #expect(text(app) == before, "by name, then by hp again: \(text(app).joined(separator: "\n"))")
    }

    @Test("text titles still sort by the collation, in letters")
    func textTitles() throws {
        let app = try app(["--title-key", "name", "--subtitle-key", "hp"])
        #expect(list(app).prefix(4) == [" A                                     A", " a                                [✎]  •", " 100                                   D", " B                                     •"], "\(text(app).joined(separator: "\n"))")
    }
}

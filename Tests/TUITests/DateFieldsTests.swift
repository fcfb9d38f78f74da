import Foundation
import Testing
import TableKit
@testable import TUI

/// Dates chosen on a date screen and handed back: a Profile's birthday, a book's publication
/// date, a game's release date.
@MainActor
@Suite("Date fields: the date screen opens from a field, Save hands the date back, Cancel does not")
struct DateFieldsTests {
    let size = Size(width: 80, height: 24)
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    private func app(settings: AppSettings = AppSettings(store: nil), environment: [String: String] = [:]) throws -> BrowserApp {
        try headlessApp(size: size, environment: environment, options: AppOptions(searchesSynchronously: true, animates: false, settings: settings))
    }

    /// Settings in memory whose saved profile is Ann's, born on `birthday` (`yyyy-MM-dd`).
    private static func profile(birthday: String) -> AppSettings {
        var state = AppState()
        state.profile = ["name": "Ann", "birthday": birthday]
        return AppSettings(store: nil, state: state)
    }

    /// `yyyy-MM-dd` of today `years` years ago, in UTC.
    private func today(minusYears years: Int) -> String {
        let date = Self.utc.date(byAdding: .year, value: -years, to: Date()) ?? Date()
        let parts = Self.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func aBirthdayIsChosenOnTheDateScreenAndSavedWithTheProfile() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "4 Enter A n n Tab Tab Enter")
        var lines = text(app)
        #expect(lines[0].contains("Cancel (Esc)") && lines[0].contains("Birthday") && lines[0].contains("Save (^S)"))
        #expect(lines[3].hasPrefix(" │ Birthday"), "the value above the wheels: \(lines[3])")
        #expect(lines.contains { $0.contains("Between January 1, 1876 and") }, "the allowed range under them")
        // An empty field starts at today; the year wheel goes back 30 years.
        try keys(app, "Right Right")
        for _ in 0 ..< 30 { try keys(app, "Up") }
        try keys(app, "Enter")
        lines = text(app)
        #expect(lines[0].contains("Profile"), "Save goes back to the form")
        let expected = try #require(RecordForm.dayConfiguration(from: "1876-01-01", until: Date()).date(fromValueText: today(minusYears: 30)))
        let shown = DatePicker.Configuration(mode: .date, calendar: Self.utc).displayText(date: expected, countDownDuration: 60)
        #expect(lines[5].contains(shown + " ›"), "the field shows \(shown): \(lines[5])")
        try keys(app, "C-s")
        #expect(settings.state.profile?["birthday"] == today(minusYears: 30))
    }

    @Test func cancelEscAndBackspaceLeaveOrClearTheDate() throws {
        let settings = Self.profile(birthday: "1985-07-14")
        let app = try app(settings: settings)
        try keys(app, "4 Enter Tab Tab")
        #expect(text(app)[5].contains("July 14, 1985 ›"))
        try keys(app, "Enter Down Down Esc")
        #expect(text(app)[0].contains("Profile") && text(app)[5].contains("July 14, 1985 ›"), "Esc on the date screen changes nothing")
        try keys(app, "Space Up Enter")
        #expect(text(app)[5].contains("June 14, 1985 ›"), "Space opens it too; Enter saves")
        try keys(app, "BS")
        #expect(text(app)[5].contains("Not set ›"), "Backspace clears the date")
        try keys(app, "C-s")
        #expect(settings.state.profile?["birthday"] == "")
    }

    @Test func aDayAMonthLacksRollsBackOnTheDateScreen() throws {
        let settings = Self.profile(birthday: "2001-01-31")
        let app = try app(settings: settings)
        try keys(app, "4 Enter Tab Tab Enter Down")
        #expect(text(app)[3].contains("February 28, 2001"), "31 February is not a day: \(text(app)[3])")
    }

    @Test func aGamesReleaseDateIsFilledInFromItsReviewAndKept() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        let games = try GameLibrary.loadBundled().get()
        let first = GamesScreen(library: .success(games), wishlist: Wishlist()).dataSource.cell(for: IndexPath(row: 0, section: 0)).text
        let game = try #require(games.first { $0.title == first })
        try keys(app, "3 Enter")
        #expect(text(app)[0].contains(game.title))
        let shownOnTheReview = try #require(text(app).first { $0.contains("Released") })
        try keys(app, "Down Down Down Enter")
        #expect(text(app)[0].contains("Released"))
        // The review and the date screen write the date alike: "June 18, 2013".
        let dateRow = try #require(text(app).first { $0.contains("Released") && $0.contains("│") })
        let dateRange = try #require(dateRow.range(of: #"[A-Z][a-z]+ [0-9]+, [0-9]{4}"#, options: .regularExpression), "\(dateRow)")
        let shownDate = String(dateRow[dateRange])
        #expect(!shownDate.contains(" 0"), "no leading zero in the day: \(shownDate)")
        #expect(shownOnTheReview.contains(shownDate), "the review says \(shownOnTheReview), the date screen \(shownDate)")
        try keys(app, "Down Enter")
        let released = try #require(game.released)
        let moved = try #require(ReleaseDates.configuration().date(fromValueText: released))
        let next = try #require(Self.utc.date(byAdding: .month, value: 1, to: moved))
        let expected = DatePicker.Configuration(mode: .date, calendar: Self.utc).valueText(date: next, countDownDuration: 60)
        #expect(settings.state.releaseDates?[game.title] == expected, "kept in the state")
        var dated = game
        dated.released = expected
        #expect(text(app).contains { $0.contains("Released") && $0.contains(dated.releasedText) }, "the review shows it")
        try keys(app, "Up Enter")
        #expect(text(app)[0].contains(game.title), "the other facts open nothing")
    }

    @Test func aBookGetsItsPublicationDayFromTheDateScreen() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let app = try app(environment: environment)
        try keys(app, "+")
        for character in "A Dated Book" { _ = app.handle(.key(.character(character))) }
        try keys(app, "Tab Tab Tab Enter")
        #expect(text(app)[0].contains("Published"))
        try keys(app, "Right Right")
        for _ in 0 ..< 100 { try keys(app, "Up") }
        try keys(app, "C-s")
        #expect(text(app).contains { $0.contains("Published") && $0.contains(", \(Self.utc.component(.year, from: Date()) - 100) ›") })
        try keys(app, "C-s")
        let changes = try String(contentsOfFile: files.directory.appendingPathComponent("table-browser/book-changes.json").path, encoding: .utf8)
        #expect(changes.contains("\"published\":\"\(today(minusYears: 100))\"") || changes.contains("\"published\": \"\(today(minusYears: 100))\""), "\(changes)")
    }
}

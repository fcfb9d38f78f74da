import Foundation
import TableKit
import Testing

@MainActor
@Suite("Date picker: month lengths, leap years, limits, roll-back, time zones, the date screen")
struct DatePickerTests {
    nonisolated static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()
    static let start = ContinuousClock.now

    nonisolated static func day(_ text: String, _ calendar: Calendar = utc) -> Date {
        DatePicker.Configuration(mode: .date, calendar: calendar).date(fromValueText: text) ?? Date.distantPast
    }

    /// A picker of days on `text`, between `minimum` and `maximum` when given, in UTC.
    nonisolated static func picker(_ text: String, minimum: String? = nil, maximum: String? = nil) -> DatePicker {
        DatePicker(configuration: .init(mode: .date, minimumDate: minimum.map { day($0) }, maximumDate: maximum.map { day($0) }, calendar: utc),
                   date: day(text))
    }

    /// The middle line of the wheels: what they stand on.
    static func band(_ picker: DatePicker) -> String {
        var canvas = Canvas(size: Size(width: 40, height: 5))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
        return canvas.lines[2].split(separator: " ").joined(separator: " ")
    }

    @Test func aDayTheMonthDoesNotHaveRollsBackToItsLastDayAnimated() {
        var picker = Self.picker("2026-01-31")
        let changed = picker.handle(.down, at: Self.start)
        #expect(changed, "January to February")
        #expect(picker.valueText == "2026-02-28", "the value is already the last day")
        #expect(Self.band(picker) == "February 31 2026", "the wheel still shows 31 for a moment")
        #expect(picker.isRollingBack)
        picker.tick(at: Self.start + .milliseconds(60))
        #expect(Self.band(picker) == "February 30 2026", "one row a step")
        picker.tick(at: Self.start + .milliseconds(200))
        #expect(Self.band(picker) == "February 28 2026" && !picker.isRollingBack)
    }

    @Test func leapYearsHaveTheTwentyNinthAndOthersDoNot() {
        var leap = Self.picker("2024-02-29")
        #expect(leap.displayText == "February 29, 2024")
        _ = leap.handle(.right, at: Self.start)
        _ = leap.handle(.right, at: Self.start)
        _ = leap.handle(.down, at: Self.start)
        #expect(leap.valueText == "2025-02-28", "2025 is not a leap year")
        for (year, days) in [(1900, 28), (2000, 29), (2100, 28), (2400, 29)] {
            var picker = Self.picker("\(year)-02-01")
            _ = picker.handle(.right, at: Self.start)
            _ = picker.handle(.up, at: Self.start)
            #expect(picker.valueText == "\(year)-02-\(days)", "31 February \(year) rolls back to the last day")
        }
        var april = Self.picker("2026-03-31")
        _ = april.handle(.down, at: Self.start)
        #expect(april.valueText == "2026-04-30", "thirty days hath April")
    }

    @Test func theDaysAMonthLacksAreGreyed() {
        let picker = Self.picker("2026-02-27")
        var canvas = Canvas(size: Size(width: 40, height: 9))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
        let below = (5 ... 8).map { canvas.styledLine($0) }
        #expect(below[0].contains("28") && !below[0].contains("dim"), "28 exists: \(below[0])")
        #expect(below[1].contains("dim") && below[1].contains("29"), "29 does not, in 2026: \(below[1])")
    }

    @Test func valuesOutsideTheLimitsRollBackToTheNearestAllowed() {
        var picker = Self.picker("2020-06-20", minimum: "2020-06-15", maximum: "2021-03-10")
        _ = picker.handle(.right, at: Self.start)
        for _ in 0 ..< 10 { _ = picker.handle(.up, at: Self.start) }
        #expect(picker.valueText == "2020-06-15", "below the minimum: the minimum")
        _ = picker.handle(.right, at: Self.start)
        _ = picker.handle(.down, at: Self.start)
        #expect(picker.valueText == "2021-03-10", "past the maximum: the maximum")
        #expect(picker.isRollingBack)
        let code = DatePicker(configuration: .init(mode: .date, minimumDate: Self.day("2020-06-15"), calendar: Self.utc), date: Self.day("1999-01-01"))
        #expect(code.valueText == "2020-06-15", "a value set in code is held to the limits too")
    }

    @Test func aMinimumAfterTheMaximumTurnsBothOff() {
        var picker = Self.picker("2020-06-20", minimum: "2021-01-01", maximum: "2020-01-01")
        #expect(picker.valueText == "2020-06-20", "neither limit applies")
        _ = picker.handle(.right, at: Self.start)
        _ = picker.handle(.right, at: Self.start)
        for _ in 0 ..< 5 { _ = picker.handle(.down, at: Self.start) }
        #expect(picker.valueText == "2025-06-20")
        #expect(!picker.isRollingBack)
    }

    @Test func theWheelsShowTheDateInTheCalendarsTimeZone() {
        let instant = Self.day("2026-03-01") // midnight in UTC
        var losAngeles = Calendar(identifier: .gregorian)
        losAngeles.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? .current
        let west = DatePicker(configuration: .init(mode: .date, calendar: losAngeles), date: instant)
        #expect(west.displayText == "February 28, 2026", "still the 28th in California")
        #expect(Self.band(west) == "February 28 2026")
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .current
        let time = DatePicker(configuration: .init(mode: .time, calendar: tokyo), date: instant)
        #expect(time.displayText == "9:00 AM" && Self.band(time) == "9 00 AM")
    }

    @Test func timeDateAndTimeAndCountdownModes() {
        var time = DatePicker(configuration: .init(mode: .time, calendar: Self.utc), date: Self.day("2026-11-23").addingTimeInterval(23 * 3600 + 59 * 60))
        #expect(time.displayText == "11:59 PM")
        _ = time.handle(.right, at: Self.start)
        _ = time.handle(.down, at: Self.start)
        #expect(time.displayText == "11:00 PM", "the minute wheel goes round without changing the hour")
        #expect(time.valueText == "23:00")

        var both = DatePicker(configuration: .init(mode: .dateAndTime, calendar: Self.utc), date: Self.day("2026-02-28").addingTimeInterval(9 * 3600))
        #expect(Self.band(both).hasPrefix("Sat Feb 28 9 00 AM"))
        _ = both.handle(.down, at: Self.start)
        #expect(both.displayText == "March 1, 2026 at 9:00 AM")
        #expect(Self.band(both).hasPrefix("Sun Mar 1"), "the day wheel is laid around the new day")

        var countdown = DatePicker(configuration: .init(mode: .countDownTimer, calendar: Self.utc), countDownDuration: 90 * 60)
        #expect(countdown.displayText == "1 hour 30 min")
        _ = countdown.handle(.up, at: Self.start)
        #expect(countdown.displayText == "30 min")
        _ = countdown.handle(.right, at: Self.start)
        for _ in 0 ..< 30 { _ = countdown.handle(.up, at: Self.start) }
        #expect(countdown.countDownDuration == 60, "a countdown never reaches 0: it rolls back to a minute")
    }

    @Test func theDateScreenShowsTheValueAboveTheWheelsAndHandsItBackOnSave() {
        var saved: String?
        let screen = DatePickerController(title: "Released", datePicker: Self.picker("2011-03-04")) { saved = $0.valueText }
        let size = Size(width: 60, height: 16)
        #expect(lines(of: screen, size: size)[2].hasPrefix(" │ Released") && lines(of: screen, size: size)[2].hasSuffix("March 4, 2011 │"), "the day without a leading zero, as UIKit's long style")
        press([.down, .down], on: screen, size: size)
        #expect(lines(of: screen, size: size)[2].hasSuffix("May 4, 2011 │"))
        #expect(saved == nil, "nothing is handed back before Save")
        #expect(screen.barButtonTapped(.dateCancel, area: Rect(origin: .zero, size: size)).isPop && saved == nil)
        #expect(press([.enter], on: screen, size: size).isPop)
        #expect(saved == "2011-05-04")
    }
}

@MainActor
extension ScreenResponse {
    var isPop: Bool {
        if case .pop = self { return true }
        return false
    }
}

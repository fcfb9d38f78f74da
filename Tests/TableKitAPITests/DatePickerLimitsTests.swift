import Foundation
import TableKit
import Testing

/// The limits as the wheels show them, at both ends: the days, months and years outside them
/// are greyed or not offered at all.
@Suite("Date picker: what the wheels show at the minimum and at the maximum")
struct DatePickerLimitsTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    static func day(_ text: String) -> Date {
        DatePicker.Configuration(mode: .date, calendar: utc).date(fromValueText: text) ?? Date.distantPast
    }

    /// The wheels of a picker on `text`, five lines: two above the value, the value, two below.
    static func wheels(_ text: String, minimum: String? = nil, maximum: String? = nil) -> [String] {
        let picker = DatePicker(configuration: .init(mode: .date, minimumDate: minimum.map { day($0) }, maximumDate: maximum.map { day($0) },
                                                     calendar: utc), date: day(text))
        var canvas = Canvas(size: Size(width: 40, height: 5))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
        return (0 ..< 5).map { canvas.styledLine($0) }
    }

    @Test("at the minimum, the day and the month before it are greyed; without limits they are not")
    func beforeTheMinimumIsGreyed() {
        let free = Self.wheels("2020-06-15")
        #expect(free[1].contains("14") && !free[1].contains("dim"), "no limit, nothing greyed: \(free[1])")
        let limited = Self.wheels("2020-06-15", minimum: "2020-06-15")
        #expect(limited[1].contains("14") && limited[1].contains("dim"), "14 June is before the minimum: \(limited[1])")
        #expect(!limited[2].contains("dim"), "the minimum itself is allowed: \(limited[2])")
    }

    @Test("at the maximum, the day and the month after it are greyed; without limits they are not")
    func afterTheMaximumIsGreyed() {
        let free = Self.wheels("2021-03-10")
        #expect(free[3].contains("11") && !free[3].contains("dim"), "no limit, nothing greyed: \(free[3])")
        let limited = Self.wheels("2021-03-10", maximum: "2021-03-10")
        #expect(limited[3].contains("11") && limited[3].contains("dim"), "11 March is after the maximum: \(limited[3])")
        #expect(!limited[2].contains("dim"), "the maximum itself is allowed: \(limited[2])")
    }

    @Test("the year wheel offers the years between the limits only")
    func yearWheelStopsAtTheLimits() {
        let limited = Self.wheels("2021-03-10", minimum: "2021-01-01", maximum: "2021-12-31")
        #expect(!limited[3].contains("2022"), "no year after the maximum: \(limited[3])")
        #expect(!limited[1].contains("2020"), "no year before the minimum: \(limited[1])")
        let free = Self.wheels("2021-03-10")
        #expect(free[3].contains("2022") && free[1].contains("2020"), "without limits the years go on: \(free)")
    }
}

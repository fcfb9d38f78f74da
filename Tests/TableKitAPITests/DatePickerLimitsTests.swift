import Foundation
import TableKit
import Testing

/// The limits as the wheels show them, at both ends: the days, months and years outside them
/// are greyed or not offered at all.
@Suite("Date picker: what the wheels show at the minimum and at the maximum")
struct DatePickerLimitsTests {
    /// The wheels of a picker on `text`, five lines: two above the value, the value, two below.
    static func wheels(_ text: String, minimum: String? = nil, maximum: String? = nil) -> [String] {
        let picker = DatePickerTests.picker(text, minimum: minimum, maximum: maximum)
        var canvas = Canvas(size: Size(width: 40, height: 5))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
        return (0 ..< 5).map { canvas.styledLine($0) }
    }

    @Test("at a limit, the day and the month beyond it are greyed; without limits they are not", arguments: [
        // At the minimum, 14 June is the line above the value.
        ("2020-06-15", "2020-06-15", nil, 1, "14"),
        // At the maximum, 11 March is the line below it.
        ("2021-03-10", nil, "2021-03-10", 3, "11"),
    ] as [(String, String?, String?, Int, String)])
    func beyondALimitIsGreyed(value: String, minimum: String?, maximum: String?, line: Int, day: String) {
        let free = Self.wheels(value)
        #expect(free[line].contains(day) && !free[line].contains("dim"), "no limit, nothing greyed: \(free[line])")
        let limited = Self.wheels(value, minimum: minimum, maximum: maximum)
        #expect(limited[line].contains(day) && limited[line].contains("dim"), "\(day) is beyond the limit: \(limited[line])")
        #expect(!limited[2].contains("dim"), "the limit itself is allowed: \(limited[2])")
    }

    @Test("the year wheel offers the years between the limits only")
    func yearWheelStopsAtTheLimits() {
        let limited = Self.wheels("2021-03-10", minimum: "2021-01-01", maximum: "2021-12-31")
        #expect(!limited[3].contains("2022"), "no year after the maximum: \(limited[3])")
        #expect(!limited[1].contains("2020"), "no year before the minimum: \(limited[1])")
        let free = Self.wheels("2021-03-10")
        #expect(free[3].contains("2022") && free[1].contains("2020"), "without limits the years go on: \(free)")
    }

    /// The footer of the date screen a form's day field opens, with `configuration`.
    @MainActor
    static func rangeFooter(_ configuration: DatePicker.Configuration) -> [String] {
        let form = FormEditor(title: "Book", sections: [FormSection(fields: [FormField(key: "day", label: "Day", kind: .date(configuration))])])
        let root = RootController(content: NavigationController(root: form), size: Size(width: 60, height: 16))
        _ = root.handle(.key(.enter))
        return root.render(context: RenderContext()).lines
    }

    @Test("a limit at Date.distantPast or Date.distantFuture is none: the range a person reads, or none, never January 1, 4001")
    @MainActor
    func distantDatesAreNoLimits() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let start = DatePicker.Configuration(mode: .date, calendar: utc).date(fromValueText: "1876-01-01")
        let from = Self.rangeFooter(DatePicker.Configuration(mode: .date, minimumDate: start, maximumDate: .distantFuture, calendar: utc))
        #expect(from.contains { $0.contains("From January 1, 1876 on.") }, "\(from)")
        let none = Self.rangeFooter(DatePicker.Configuration(mode: .date, minimumDate: .distantPast, maximumDate: .distantFuture, calendar: utc))
        #expect(!none.joined().contains("Between") && !none.joined().contains("4001") && !none.joined().contains("From"), "\(none)")
        let between = Self.rangeFooter(DatePicker.Configuration(mode: .date, minimumDate: start, maximumDate: start.map { $0 + 86_400 * 366 }, calendar: utc))
        #expect(between.contains { $0.contains("Between January 1, 1876 and January 1, 1877.") }, "\(between)")
    }
}

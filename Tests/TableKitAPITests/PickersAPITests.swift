import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A date screen that names the chosen day's weekday above its bar as the wheels turn, as a
/// `UIDatePicker`'s owner reads its `date` before Save.
@MainActor
private final class WeekdayDateScreen: DatePickerController {
    override var prompt: String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE"
        return formatter.string(from: datePicker.date)
    }
}

@MainActor
@Suite("Pickers: wheels changed as properties, the change an app reads, presses and spins; a date picker set up and set in code")
struct PickersAPITests {
    static let utc = calendar("UTC")

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? calendar.timeZone
        return calendar
    }

    /// `2026-03-04T` + `time`, in UTC.
    static func march4(_ time: String) -> Date {
        DatePicker.Configuration(mode: .dateAndTime, calendar: utc).date(fromValueText: "2026-03-04T" + time) ?? .distantPast
    }

    static func shirt() -> PickerView {
        PickerView(components: [PickerComponent(["S", "M", "L", "XL"]), PickerComponent(["Red", "Blue", "Green"])])
    }

    @Test func aWheelMadeEndlessGoesRoundAndItsDisabledRowsAreGreyed() {
        var picker = Self.shirt()
        #expect(picker.handle(.up) == nil, "at the top of S M L XL")
        picker.components[0].isEndless = true
        #expect(picker.handle(.up) == PickerChange(component: 0, row: 3), "round to XL")
        picker.components[1].disabledRows = [1]
        var canvas = Canvas(size: Size(width: 16, height: 3))
        picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
        expectFrame(canvas, equals: [
            "   L",
            "  «fg=#ebebf5 bg=#3a3a3c| »«bold fg=#ebebf5 bg=#3a3a3c|XL»«fg=#ebebf5 bg=#3a3a3c|    »«bold fg=#ebebf5 bg=#3a3a3c|Red»«fg=#ebebf5 bg=#3a3a3c|  »",
            "   S    «dim fg=grey|Blue»",
        ], styled: true, "XL between L and S, round the end; Blue greyed")
    }

    @Test func theChangeSaysWhichWheelTurnedToWhichRow() {
        var picker = Self.shirt()
        var chosen = ["S", "Red"]
        for key: Key in [.right, .down, .down, .left, .down] {
            guard let change = picker.handle(key) else { continue }
            chosen[change.component] = picker.components[change.component].titles[change.row]
        }
        #expect(chosen == ["M", "Green"])
    }

    @Test func aPressTurnsTheWheelUnderItToTheRowPressedAndASpinTurnsItByRows() {
        var picker = Self.shirt()
        let size = Size(width: 16, height: 5)
        let columns = picker.columns(width: size.width)
        // The chosen rows sit on the middle line, 2.
        #expect(picker.perform(.press(at: Point(x: columns[1].lowerBound, y: 3)), size: size) == PickerChange(component: 1, row: 1))
        #expect(picker.focusedComponent == 1, "the pressed wheel takes the keys")
        #expect(picker.perform(.press(at: Point(x: columns[1].lowerBound, y: 2)), size: size) == nil, "the row already chosen")
        #expect(picker.perform(.spin(at: Point(x: columns[0].lowerBound, y: 0), rows: 2), size: size) == PickerChange(component: 0, row: 2))
        #expect(picker.perform(.spin(at: Point(x: size.width - 1, y: 2), rows: 1), size: size) == nil, "beside the wheels")
        #expect(picker.selectedRows == [2, 1])
    }

    @Test func aConfigurationSetUpOneSettingAtATimeHoldsThePickerToItsHoursInItsTimeZone() {
        var configuration = DatePicker.Configuration()
        configuration.mode = .time
        configuration.calendar = Self.calendar("Asia/Tokyo")
        configuration.minimumDate = Self.march4("00:00")  // 9:00 in Tokyo
        configuration.maximumDate = Self.march4("08:00")  // 17:00 in Tokyo
        var picker = DatePicker(configuration: configuration, date: Self.march4("23:30").addingTimeInterval(-86_400))
        #expect(picker.displayText == "9:00 AM", "8:30 in Tokyo is before the first hour allowed")
        picker.setDate(Self.march4("09:30"))
        #expect(picker.displayText == "5:00 PM", "held to the last hour")
        picker.setDate(Self.march4("03:15"))
        #expect(picker.displayText == "12:15 PM" && picker.date == Self.march4("03:15"))
    }

    @Test func aCountdownSetInCodeIsWholeMinutesAtLeastOne() {
        var timer = DatePicker(configuration: .init(mode: .countDownTimer, calendar: Self.utc))
        timer.setCountDownDuration(5_430)
        #expect(timer.displayText == "1 hour 30 min" && timer.countDownDuration == 5_400)
        timer.setCountDownDuration(10)
        #expect(timer.displayText == "1 min" && timer.countDownDuration == 60)
    }

    @Test func theDateScreensPickerIsTheOneTheWheelsTurn() {
        let picker = DatePicker(configuration: .init(mode: .date, calendar: Self.utc), date: Self.march4("12:00"))
        let screen = WeekdayDateScreen(title: "Due", datePicker: picker) { _ in }
        let root = RootController(content: NavigationController(root: screen), size: Size(width: 36, height: 16))
        expectFrame(root.render(context: RenderContext()), equals: [
            "             Wednesday",
            "Cancel (Esc)    Due        Save (^S)",
            "",
            " ╭────────────────────────────────╮",
            " │ Due              March 4, 2026 │",
            " ╰────────────────────────────────╯",
            "",
            "       December    1    2023",
            "        January    2    2024",
            "       February    3    2025",
            "         March     4    2026",
            "         April     5    2027",
            "          May      6    2028",
            "         June      7    2029",
            "",
            " ↑ ↓ turn  ← → wheel  ^C quit",
        ])
        _ = root.handle(.key(.right))
        _ = root.handle(.key(.down))
        #expect(root.render(context: RenderContext()).lines[0].contains("Thursday"), "March 5")
    }
}

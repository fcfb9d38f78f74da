import Foundation

/// Wheels for a date, a time, both, or a countdown, as `UIDatePicker` in its wheels style.
///
/// The value is always one the picker allows: a person may turn a wheel to a day a month does
/// not have (31 February) or past the ``Configuration/minimumDate`` or
/// ``Configuration/maximumDate``, and the wheels then roll back, animated, to the nearest
/// allowed value — which ``date`` already holds. Such days are greyed on the wheels. A minimum
/// after the maximum turns both off, as in UIKit.
///
/// ```swift
/// var picker = DatePicker(configuration: .init(mode: .date), date: Date())
/// if picker.handle(.down, at: .now) { print(picker.displayText) } // "November 24, 2026"
/// ```
public struct DatePicker: Sendable {
    /// What the wheels choose, as `UIDatePicker.Mode`.
    public enum Mode: Hashable, Sendable {
        /// Month, day and year.
        case date
        /// Hour, minute and AM/PM.
        case time
        /// A day (today, yesterday, Tue 24 Nov…), hour, minute and AM/PM.
        case dateAndTime
        /// Hours and minutes of a duration (``DatePicker/countDownDuration``), at least a minute.
        case countDownTimer
    }

    /// What a picker chooses and within which limits; a form's date field carries one.
    public struct Configuration: Hashable, Sendable {
        /// The wheels.
        public var mode: Mode
        /// The earliest value allowed (ignored when after ``maximumDate``, and at
        /// `Date.distantPast`, which stands for none).
        public var minimumDate: Date?
        /// The latest value allowed (ignored when before ``minimumDate``, and at
        /// `Date.distantFuture`, which stands for none).
        public var maximumDate: Date?
        /// The calendar and, through it, the time zone the wheels show.
        public var calendar: Calendar

        /// A configuration in the Gregorian calendar of the current time zone, unless given.
        public init(mode: Mode = .date, minimumDate: Date? = nil, maximumDate: Date? = nil, calendar: Calendar? = nil) {
            self.mode = mode
            self.minimumDate = minimumDate
            self.maximumDate = maximumDate
            var gregorian = Calendar(identifier: .gregorian)
            gregorian.timeZone = TimeZone.current
            self.calendar = calendar ?? gregorian
        }

        /// The limits that apply: none of them when the minimum is after the maximum, and none
        /// at `Date.distantPast` or `Date.distantFuture` (or beyond), which stand for no limit
        /// (a person would read "January 1, 4001").
        var limits: (minimum: Date?, maximum: Date?) {
            if let minimumDate, let maximumDate, minimumDate > maximumDate { return (nil, nil) }
            return (minimumDate.flatMap { $0 <= .distantPast ? nil : $0 }, maximumDate.flatMap { $0 >= .distantFuture ? nil : $0 })
        }

        /// `date` held to the limits.
        func clamped(_ date: Date) -> Date {
            let (minimum, maximum) = limits
            if let minimum, date < minimum { return minimum }
            if let maximum, date > maximum { return maximum }
            return date
        }

        /// The value as a form stores it: `2011-03-04`, `14:05`, `2011-03-04T14:05`, or a
        /// countdown's seconds.
        package func valueText(date: Date, countDownDuration: TimeInterval) -> String {
            if mode == .countDownTimer { return String(Int(countDownDuration)) }
            return formatter(storageFormat).string(from: date)
        }

        /// The date (or, for a countdown, the duration from the reference date) a form's
        /// stored text stands for; `nil` when it does not read as one.
        public func date(fromValueText text: String) -> Date? {
            if mode == .countDownTimer { return TimeInterval(text).map { Date(timeIntervalSinceReferenceDate: $0) } }
            return formatter(storageFormat).date(from: text)
        }

        /// The value as a person reads it, as UIKit's long date style writes it: `March 4, 2011`,
        /// `2:05 PM`, both, or `1 hour 30 min`.
        package func displayText(date: Date, countDownDuration: TimeInterval) -> String {
            switch mode {
            case .date: return formatter("MMMM d, yyyy").string(from: date)
            case .time: return formatter("h:mm a").string(from: date)
            case .dateAndTime: return formatter("MMMM d, yyyy 'at' h:mm a").string(from: date)
            case .countDownTimer:
                let minutes = Int(countDownDuration) / 60
                let hours = minutes / 60
                let hourText = hours == 0 ? "" : hours == 1 ? "1 hour " : "\(hours) hours "
                return hourText + "\(minutes % 60) min"
            }
        }

        private var storageFormat: String {
            switch mode {
            case .date: return "yyyy-MM-dd"
            case .time: return "HH:mm"
            case .dateAndTime, .countDownTimer: return "yyyy-MM-dd'T'HH:mm"
            }
        }

        private func formatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = format
            return formatter
        }
    }

    /// The mode, limits and calendar.
    let configuration: Configuration
    /// The value chosen: always within the limits and a day that exists.
    public private(set) var date: Date
    /// The countdown's length in the ``Mode/countDownTimer`` mode: whole minutes, at least one,
    /// under a day.
    public private(set) var countDownDuration: TimeInterval
    /// Whether the wheels roll back from a value that is not allowed (otherwise they jump).
    var animatesRollBack = true
    /// The wheels as drawn; rolling back, they show the way from the refused value.
    private(set) var wheels = PickerView(components: [])
    /// The day the ``Mode/dateAndTime`` day wheel is laid around.
    private var centreDay: Date
    /// A roll-back under way.
    private var rollBack: RollBack?

    /// How many days the ``Mode/dateAndTime`` day wheel shows either side of its centre.
    static let dayWindow = 30
    /// How long a roll-back takes for each row it turns.
    static let rollBackStep = Duration.milliseconds(60)

    /// A picker showing `date` (held to the limits), or a countdown of `countDownDuration`.
    public init(configuration: Configuration, date: Date = Date(), countDownDuration: TimeInterval = 60) {
        self.configuration = configuration
        let allowed = configuration.clamped(date)
        self.date = allowed
        centreDay = allowed
        self.countDownDuration = Self.validDuration(countDownDuration)
        wheels = makeWheels()
    }

    private var calendar: Calendar { configuration.calendar }

    /// `Configuration.displayText(date:countDownDuration:)` of the value.
    public var displayText: String { configuration.displayText(date: date, countDownDuration: countDownDuration) }
    /// `Configuration.valueText(date:countDownDuration:)` of the value.
    public var valueText: String { configuration.valueText(date: date, countDownDuration: countDownDuration) }
    /// Whether the wheels are rolling back and need ticks.
    public var isRollingBack: Bool { rollBack != nil }

    /// Sets the value in code: held to the limits, shown at once, reported to no one.
    public mutating func setDate(_ date: Date) {
        rollBack = nil
        self.date = configuration.clamped(date)
        centreDay = self.date
        wheels = makeWheels(focus: wheels.focusedComponent)
    }

    /// Sets the countdown in code: whole minutes, at least one, under a day.
    public mutating func setCountDownDuration(_ duration: TimeInterval) {
        rollBack = nil
        countDownDuration = Self.validDuration(duration)
        wheels = makeWheels(focus: wheels.focusedComponent)
    }

    private static func validDuration(_ duration: TimeInterval) -> TimeInterval {
        let minutes = Int((duration / 60).rounded(.down))
        return TimeInterval(max(1, min(minutes, 24 * 60 - 1)) * 60)
    }

    // MARK: A person's turns

    /// A key (the wheel keys of ``PickerView``) at `instant`: whether the value changed.
    public mutating func handle(_ key: Key, at instant: ContinuousClock.Instant) -> Bool {
        finishRollBack()
        guard wheels.handle(key) != nil else { return false }
        return settle(at: instant)
    }

    /// A gesture on wheels drawn in `size` (see ``PickerView/addGestureRecognizers(to:frame:perform:)``)
    /// at `instant`: whether the value changed.
    mutating func perform(_ gesture: PickerView.Gesture, size: Size, at instant: ContinuousClock.Instant) -> Bool {
        finishRollBack()
        guard wheels.perform(gesture, size: size) != nil else { return false }
        return settle(at: instant)
    }

    /// After a person turned a wheel: the value the wheels stand on, made valid, and a
    /// roll-back of the wheels to it when they stand elsewhere.
    private mutating func settle(at instant: ContinuousClock.Instant) -> Bool {
        let before = (date, countDownDuration)
        var turned = wheels.selectedRows
        if configuration.mode == .countDownTimer {
            countDownDuration = Self.validDuration(TimeInterval(turned[0] * 3600 + turned[1] * 60))
        } else {
            let wanted = candidate(from: turned)
            date = configuration.clamped(wanted.date)
            if configuration.mode == .dateAndTime {
                // The day wheel is laid around the day turned to, which sits in its middle.
                centreDay = wanted.day
                turned[0] = Self.dayWindow
            }
        }
        let target = rows(for: date)
        let focus = wheels.focusedComponent
        if target != turned, animatesRollBack {
            wheels = makeWheels(focus: focus)
            for (component, row) in turned.enumerated() { wheels.selectRow(row, inComponent: component) }
            rollBack = RollBack(from: turned, to: target, counts: wheels.components.map(\.titles.count),
                                endless: wheels.components.map(\.isEndless), start: instant)
        } else {
            centreDay = date
            wheels = makeWheels(focus: focus)
        }
        return before != (date, countDownDuration)
    }

    /// The date the wheels' rows stand for, with a day the month does not have brought back
    /// to its last day, and the day the day wheel stands on.
    private func candidate(from rows: [Int]) -> (date: Date, day: Date) {
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        parts.second = 0
        var day = date
        switch configuration.mode {
        case .date:
            parts.month = rows[0] + 1
            parts.year = yearRange.lowerBound + rows[2]
            parts.day = min(rows[1] + 1, daysIn(month: rows[0] + 1, year: parts.year ?? 1))
        case .time:
            parts.hour = rows[0] + (rows[2] == 1 ? 12 : 0)
            parts.minute = rows[1]
        case .dateAndTime:
            day = calendar.date(byAdding: .day, value: rows[0] - Self.dayWindow, to: centreDay) ?? centreDay
            let dayParts = calendar.dateComponents([.year, .month, .day], from: day)
            (parts.year, parts.month, parts.day) = (dayParts.year, dayParts.month, dayParts.day)
            parts.hour = rows[1] + (rows[3] == 1 ? 12 : 0)
            parts.minute = rows[2]
        case .countDownTimer:
            break
        }
        return (calendar.date(from: parts) ?? date, day)
    }

    // MARK: Rolling back

    private struct RollBack: Sendable {
        var from: [Int]
        /// Signed rows each component turns, the short way round on an endless wheel.
        var distances: [Int]
        var start: ContinuousClock.Instant

        init(from: [Int], to: [Int], counts: [Int], endless: [Bool], start: ContinuousClock.Instant) {
            self.from = from
            self.start = start
            distances = from.indices.map { component in
                let straight = to[component] - from[component]
                guard endless[component], counts[component] > 0 else { return straight }
                let count = counts[component]
                let forward = ((straight % count) + count) % count
                return forward <= count / 2 ? forward : forward - count
            }
        }

        func rows(at instant: ContinuousClock.Instant) -> [Int] {
            let steps = max(0, Int(((instant - start) / DatePicker.rollBackStep).rounded(.down)))
            return zip(from, distances).map { from, distance in from + (distance < 0 ? -min(steps, -distance) : min(steps, distance)) }
        }

        func isFinished(at instant: ContinuousClock.Instant) -> Bool {
            rows(at: instant) == zip(from, distances).map { $0 + $1 }
        }
    }

    /// Moves a roll-back on to `instant`; at its end the wheels stand on the value.
    public mutating func tick(at instant: ContinuousClock.Instant) {
        guard let rollBack else { return }
        if rollBack.isFinished(at: instant) {
            finishRollBack()
            return
        }
        for (component, row) in rollBack.rows(at: instant).enumerated() { wheels.selectRow(row, inComponent: component) }
    }

    private mutating func finishRollBack() {
        guard rollBack != nil else { return }
        rollBack = nil
        centreDay = date
        wheels = makeWheels(focus: wheels.focusedComponent)
    }

    // MARK: Wheels

    /// The years the year wheel offers: those between the limits, or 1 to 9999.
    private var yearRange: ClosedRange<Int> {
        let (minimum, maximum) = configuration.limits
        let low = minimum.map { calendar.component(.year, from: $0) } ?? 1
        let high = maximum.map { calendar.component(.year, from: $0) } ?? 9999
        return low ... max(low, high)
    }

    private func daysIn(month: Int, year: Int) -> Int {
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
              let days = calendar.range(of: .day, in: .month, for: first) else { return 31 }
        return days.count
    }

    /// The rows that show `date` (or the countdown).
    private func rows(for date: Date) -> [Int] {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        switch configuration.mode {
        case .date: return [(parts.month ?? 1) - 1, (parts.day ?? 1) - 1, (parts.year ?? 1) - yearRange.lowerBound]
        case .time: return [hour % 12, minute, hour >= 12 ? 1 : 0]
        case .dateAndTime:
            let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: centreDay), to: calendar.startOfDay(for: date)).day ?? 0
            return [Self.dayWindow + days, hour % 12, minute, hour >= 12 ? 1 : 0]
        case .countDownTimer:
            let minutes = Int(countDownDuration) / 60
            return [minutes / 60, minutes % 60]
        }
    }

    private static let hours = ["12"] + (1 ... 11).map(String.init)
    private static let minutes = (0 ... 59).map { $0 < 10 ? "0\($0)" : String($0) }
    /// January to December, in English whatever the locale (as the date's text is).
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]

    /// The wheels for the value now, on its rows, with the days that are not allowed greyed.
    private func makeWheels(focus: Int = 0) -> PickerView {
        let rows = rows(for: date)
        var components: [PickerComponent]
        switch configuration.mode {
        case .date:
            let parts = calendar.dateComponents([.year, .month], from: date)
            let year = parts.year ?? 1, month = parts.month ?? 1
            components = [
                PickerComponent(Self.monthNames, isEndless: true, disabledRows: disabledMonths(year: year)),
                PickerComponent((1 ... 31).map(String.init), isEndless: true, disabledRows: disabledDays(month: month, year: year)),
                PickerComponent(yearRange.map(String.init)),
            ]
        case .time:
            components = [PickerComponent(Self.hours, isEndless: true), PickerComponent(Self.minutes, isEndless: true), PickerComponent(["AM", "PM"])]
        case .dateAndTime:
            components = [dayWheel(), PickerComponent(Self.hours, isEndless: true), PickerComponent(Self.minutes, isEndless: true), PickerComponent(["AM", "PM"])]
        case .countDownTimer:
            components = [
                PickerComponent((0 ... 23).map { $0 == 1 ? "1 hour" : "\($0) hours" }),
                PickerComponent((0 ... 59).map { "\($0) min" }, isEndless: true),
            ]
        }
        var picker = PickerView(components: components)
        for (component, row) in rows.enumerated() { picker.selectRow(row, inComponent: component) }
        picker.focusedComponent = max(0, min(focus, components.count - 1))
        return picker
    }

    /// The months of `year` outside the limits.
    private func disabledMonths(year: Int) -> Set<Int> {
        Set((1 ... 12).filter { month in
            guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let last = calendar.date(byAdding: DateComponents(month: 1, second: -1), to: first) else { return false }
            return !isAllowed(from: first, to: last)
        }.map { $0 - 1 })
    }

    /// The days the month does not have, and those outside the limits.
    private func disabledDays(month: Int, year: Int) -> Set<Int> {
        let count = daysIn(month: month, year: year)
        return Set((1 ... 31).filter { day in
            guard day <= count, let start = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                  let end = calendar.date(byAdding: DateComponents(day: 1, second: -1), to: start) else { return true }
            return !isAllowed(from: start, to: end)
        }.map { $0 - 1 })
    }

    /// Whether any moment from `start` to `end` is within the limits.
    private func isAllowed(from start: Date, to end: Date) -> Bool {
        let (minimum, maximum) = configuration.limits
        if let minimum, end < minimum { return false }
        if let maximum, start > maximum { return false }
        return true
    }

    /// The days around ``centreDay``: "Today" for today, else "Tue Nov 24"; those outside the
    /// limits greyed.
    private func dayWheel() -> PickerComponent {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "EEE MMM d"
        var titles: [String] = [], disabled = Set<Int>()
        for offset in -Self.dayWindow ... Self.dayWindow {
            let day = calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: centreDay)) ?? centreDay
            titles.append(calendar.isDateInToday(day) ? "Today" : formatter.string(from: day))
            let end = calendar.date(byAdding: DateComponents(day: 1, second: -1), to: day) ?? day
            if !isAllowed(from: day, to: end) { disabled.insert(titles.count - 1) }
        }
        return PickerComponent(titles, disabledRows: disabled)
    }

    /// Draws the wheels in `rect` (see ``PickerView/render(into:rect:isFocused:context:)``).
    public func render(into canvas: inout Canvas, rect: Rect, isFocused: Bool, context: RenderContext) {
        wheels.render(into: &canvas, rect: rect, isFocused: isFocused, context: context)
    }
}

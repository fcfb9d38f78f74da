import Foundation
import TableKit

/// Records sorted by the value of one field, by its type: numbers numerically, ISO dates by
/// time, booleans false before true, text by the collation; values of another type than most
/// follow ("Other"), and records where the field is null or missing come last ("—").
///
/// Sections are ranges of values where the field is not text — `0 · 100 · 200 …` for
/// numbers, years for dates, `false · true` — and the collation's letters where it is.
struct FieldOrder: Sendable {
    /// What most of the field's values are.
    enum Kind: Equatable, Sendable {
        case number, date, bool, text
    }

    /// The order, sections and section titles.
    let order: CollatedOrder
    let sectionTitles: [String]
    /// The index's titles of the sections, one per section: the section titles, but months
    /// as `6/09` where their titles (`June 2009`) would be cut to read alike.
    let indexTitles: [String]
    /// What most values are (text when there are none).
    let kind: Kind

    /// The title of the section of records whose field is null or missing.
    static let missingTitle = "—"
    /// The title of the section of values of a minority type.
    static let otherTitle = "Other"

    /// One record's value of the field, classified.
    private enum Value {
        case number(Double)
        case date(Double)
        case bool(Bool)
        case text
        case missing

        var kind: Kind? {
            switch self {
            case .number: return .number
            case .date: return .date
            case .bool: return .bool
            case .text: return .text
            case .missing: return nil
            }
        }
    }

    /// Sorts the records of `store` by `key`.
    ///
    /// - Complexity: O(n log n) in the number of records, and one pass over their bytes.
    static func build(store: JSONRecordStore, key: String, collation: Collation) -> FieldOrder {
        let keyBytes = Array(key.utf8)
        let count = store.count
        var values = [Value](repeating: .missing, count: count)
        var tally: [Kind: Int] = [:]
        for index in 0 ..< count {
            let value: Value = store.withRawUTF8(at: index) { raw in
                guard let range = RecordScanner.valueRange(ofMember: keyBytes, inObject: raw) else { return .missing }
                return classify(UnsafeBufferPointer(rebasing: raw[range]))
            }
            values[index] = value
            if let kind = value.kind { tally[kind, default: 0] += 1 }
        }
        // Most values decide; ties go to text, which always sorts sensibly.
        let kind = tally.max { a, b in a.value != b.value ? a.value < b.value : a.key == .text }?.key ?? .text
        var main: [Int32] = [], other: [Int32] = [], missing: [Int32] = []
        for (index, value) in values.enumerated() {
            if value.kind == kind { main.append(Int32(index)) } else if value.kind == nil { missing.append(Int32(index)) } else { other.append(Int32(index)) }
        }
        var order: [Int32] = []
        order.reserveCapacity(count)
        var starts: [Int] = []
        var titles: [String] = []
        var indexTitles: [String]?
        switch kind {
        case .text:
            // The collation's letters, over the field's text.
            let textual = CollatedOrder.build(count: main.count, collation: collation) { position, body in
                var text = fieldText(store: store, record: Int(main[position]), key: keyBytes)
                text.withUTF8 { body($0) }
            }
            order = textual.order.map { main[Int($0)] }
            starts = Array(textual.sectionStarts.dropLast())
            titles = collation.sectionTitles
        case .number, .date, .bool:
            let number: (Int32) -> Double = { index in
                switch values[Int(index)] {
                case .number(let x), .date(let x): return x
                case .bool(let flag): return flag ? 1 : 0
                default: return 0
                }
            }
            main.sort { a, b in
                let x = number(a), y = number(b)
                return x != y ? x < y : a < b
            }
            let buckets = Buckets(kind: kind, values: main.map(number))
            var last: Int?
            var shortTitles: [String] = []
            for (position, index) in main.enumerated() {
                let bucket = buckets.bucket(of: number(index))
                if bucket != last {
                    starts.append(position)
                    titles.append(buckets.title(of: bucket))
                    shortTitles.append(buckets.indexTitle(of: bucket))
                    last = bucket
                }
            }
            indexTitles = shortTitles
            order = main
        }
        // Values of another type, by their text, then null and missing ones, in file order.
        other.sort { a, b in
            collation.areInIncreasingOrder(fieldText(store: store, record: Int(a), key: keyBytes), fieldText(store: store, record: Int(b), key: keyBytes))
        }
        var shortTitles = indexTitles ?? titles
        for (title, group) in [(otherTitle, other), (missingTitle, missing)] where !group.isEmpty {
            starts.append(order.count)
            titles.append(title)
            shortTitles.append(title)
            order += group
        }
        starts.append(order.count)
        return FieldOrder(order: CollatedOrder(order: order, sectionStarts: starts), sectionTitles: titles, indexTitles: shortTitles, kind: kind)
    }

    /// What most of `key`'s values are in up to `samples` records spread evenly across
    /// `store` (null and missing ones aside), or nil when none has a value.
    ///
    /// - Complexity: O(s · b): s records sampled, b bytes a record.
    static func sampledKind(store: JSONRecordStore, key: String, samples: Int = 1000) -> Kind? {
        let keyBytes = Array(key.utf8)
        var tally: [Kind: Int] = [:]
        for index in Swift.stride(from: 0, to: store.count, by: max(1, store.count / max(samples, 1))).prefix(samples) {
            let kind: Kind? = store.withRawUTF8(at: index) { raw in
                guard let range = RecordScanner.valueRange(ofMember: keyBytes, inObject: raw) else { return nil }
                return classify(UnsafeBufferPointer(rebasing: raw[range])).kind
            }
            if let kind { tally[kind, default: 0] += 1 }
        }
        return tally.max { a, b in a.value != b.value ? a.value < b.value : a.key == .text }?.key
    }

    /// The field's value in record `record` as shown in a row: strings as they are, other
    /// values as written, nested ones as compact JSON, `—` when null or missing.
    static func fieldText(store: JSONRecordStore, record: Int, key: [UInt8]) -> String {
        store.withRawUTF8(at: record) { raw in
            guard let range = RecordScanner.valueRange(ofMember: key, inObject: raw) else { return missingTitle }
            let value = UnsafeBufferPointer(rebasing: raw[range])
            if value.first == UInt8(ascii: "\"") {
                let body = UnsafeBufferPointer(rebasing: value.dropFirst().dropLast())
                return body.contains(UInt8(ascii: "\\")) ? JSONText.unescaped(body) : String(decoding: body, as: UTF8.self)
            }
            let text = String(decoding: value, as: UTF8.self)
            return text == "null" ? missingTitle : text
        }
    }

    private static func classify(_ value: UnsafeBufferPointer<UInt8>) -> Value {
        guard let first = value.first else { return .missing }
        switch first {
        case UInt8(ascii: "n"): return .missing
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "\""):
            let body = UnsafeBufferPointer(rebasing: value.dropFirst().dropLast())
            return ISODate.seconds(body).map(Value.date) ?? .text
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            return Double(String(decoding: value, as: UTF8.self)).map(Value.number) ?? .text
        default:
            return .text  // an object or array: shown as its JSON, sorted as text among "Other"
        }
    }
}

/// Ranges of numbers (a round step giving at most about twenty sections), years or months of
/// dates, or false and true, as sections.
private struct Buckets {
    let kind: FieldOrder.Kind
    let step: Double
    let byMonth: Bool

    init(kind: FieldOrder.Kind, values: [Double]) {
        self.kind = kind
        let low = values.first ?? 0, high = values.last ?? 0
        switch kind {
        case .number:
            let span = max(high - low, 1e-9)
            var step = pow(10, floor(log10(span / 20)))
            for factor in [1.0, 2, 5, 10] where span / (step * factor) <= 20 {
                step *= factor
                break
            }
            self.step = step.isFinite && step > 0 ? step : 1
            byMonth = false
        default:
            step = 1
            // Dates within two years are sectioned by month.
            byMonth = kind == .date && high - low < 2 * 365 * 86_400
        }
    }

    func bucket(of value: Double) -> Int {
        switch kind {
        case .number:
            let bucket = (value / step).rounded(.down)
            return bucket.isFinite ? Int(max(min(bucket, Double(Int32.max)), Double(Int32.min))) : (value > 0 ? Int(Int32.max) : Int(Int32.min))
        case .date:
            let components = ISODate.calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: value))
            return (components.year ?? 0) * (byMonth ? 12 : 1) + (byMonth ? (components.month ?? 1) - 1 : 0)
        case .bool, .text:
            return Int(value)
        }
    }

    func title(of bucket: Int) -> String {
        switch kind {
        case .number:
            let lower = Double(bucket) * step
            return lower == lower.rounded() && abs(lower) < 1e15 ? String(Int(lower)) : String(format: "%g", lower)
        case .date:
            return byMonth ? Self.monthNames[(bucket % 12 + 12) % 12] + " " + String(bucket / 12) : String(bucket)
        case .bool, .text:
            return bucket == 0 ? "false" : "true"
        }
    }

    /// The title the index shows for `bucket`: its title, but a month as `6/09` (June 2009),
    /// which fits the index whole — `June 2009` or `2009-06` cut to its five columns would
    /// read `2009` for every month of the year.
    func indexTitle(of bucket: Int) -> String {
        guard kind == .date, byMonth else { return title(of: bucket) }
        return String((bucket % 12 + 12) % 12 + 1) + "/" + String(format: "%02d", abs(bucket / 12) % 100)
    }

    /// January to December, in English as the rest of the app's words.
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                     "October", "November", "December"]
}

/// ISO 8601 dates in the forms JSON files use: `2024-03-05`, `2024-03-05T14:30`,
/// `2024-03-05T14:30:00.250Z`, `2024-03-05 14:30:00+01:00`.
enum ISODate {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Seconds since 1970 (UTC where no zone is given), or nil when `text` is no such date.
    static func seconds(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count >= 10, text.count <= 35 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= text.count else { return nil }
            var value = 0
            for byte in text[start ..< start + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = digits(0, 4), text[4] == UInt8(ascii: "-"), let month = digits(5, 2), text[7] == UInt8(ascii: "-"),
              let day = digits(8, 2), (1 ... 12).contains(month), (1 ... 31).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        var index = 10
        if index < text.count, text[index] == UInt8(ascii: "T") || text[index] == UInt8(ascii: " ") {
            guard let hour = digits(11, 2), text.count > 13, text[13] == UInt8(ascii: ":"), let minute = digits(14, 2),
                  hour < 24, minute < 60 else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            index = 16
            if index < text.count, text[index] == UInt8(ascii: ":") {
                guard let second = digits(17, 2), second <= 60 else { return nil }
                seconds += Double(second)
                index = 19
                if index < text.count, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ",") {
                    index += 1
                    var scale = 0.1
                    while index < text.count, let digit = digits(index, 1) {
                        seconds += Double(digit) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            if index < text.count, text[index] == UInt8(ascii: "Z") {
                index += 1
            } else if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                let sign: Double = text[index] == UInt8(ascii: "+") ? 1 : -1
                guard let hours = digits(index + 1, 2) else { return nil }
                var minutes = 0
                index += 3
                if index < text.count, text[index] == UInt8(ascii: ":") { index += 1 }
                if let found = digits(index, 2) {
                    minutes = found
                    index += 2
                }
                seconds -= sign * Double(hours * 3600 + minutes * 60)
            }
        }
        return index == text.count ? seconds : nil
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Finding one member of a record in its bytes without parsing the rest.
enum RecordScanner {
    /// The byte range of the value of the first top-level member named `key` in `object`
    /// (the exact text of one valid JSON object), or nil when it has none.
    ///
    /// - Complexity: O(n) in the length of `object`.
    static func valueRange(ofMember key: [UInt8], inObject object: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var index = 0
        let end = object.count
        var depth = 0
        func skipSpace() {
            while index < end, JSONText.isSpace(object[index]) { index += 1 }
        }
        /// Moves past the string starting at `index`; returns its body and whether it held an escape.
        func skipString() -> (body: Range<Int>, hasEscape: Bool) {
            let string = JSONText.string(in: object, openingAt: index)
            index = string.body.upperBound + 1
            return string
        }
        func skipValue() {
            guard index < end else { return }
            switch object[index] {
            case UInt8(ascii: "\""):
                _ = skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var level = 0
                repeat {
                    let byte = object[index]
                    if byte == UInt8(ascii: "\"") {
                        _ = skipString()
                        continue
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { level += 1 }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { level -= 1 }
                    index += 1
                } while index < end && level > 0
            default:
                while index < end, !JSONText.endsScalar(object[index]) { index += 1 }
            }
        }
        while index < end {
            let byte = object[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                let name = skipString()
                guard depth == 1 else { continue }
                skipSpace()
                guard index < end, object[index] == UInt8(ascii: ":") else { continue }
                index += 1
                skipSpace()
                let body = UnsafeBufferPointer(rebasing: object[name.body])
                let matches = name.hasEscape ? Array(JSONText.unescaped(body).utf8) == key : body.elementsEqual(key)
                guard matches else { continue }
                let valueStart = index
                skipValue()
                return valueStart ..< index
            default:
                index += 1
            }
        }
        return nil
    }
}

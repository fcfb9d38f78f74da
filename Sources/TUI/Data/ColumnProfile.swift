import Foundation
import TableKit

/// What one key of a file's records holds across the file: how many of its values are whole
/// numbers, numbers with a fraction or an exponent, negative numbers, booleans, days, other
/// strings (e-mail addresses, web addresses, long or multi-line ones among them), nested
/// values. `null` and missing values are not counted: they decide nothing.
///
/// A form's field takes its kind from its column, not from the one record it edits: a `15`
/// in a column of `15.5`s gets a decimal pad, a `null` in a column of numbers a number pad.
struct ColumnProfile: Sendable, Equatable {
    var wholeNumbers = 0
    var fractions = 0
    var negatives = 0
    var booleans = 0
    var days = 0
    var strings = 0
    var emailAddresses = 0
    var webAddresses = 0
    var longStrings = 0
    var nested = 0

    /// The JSON types the column's values are of (a day is a string).
    var kinds: Set<JSONValueKind> {
        var kinds = Set<JSONValueKind>()
        if wholeNumbers + fractions > 0 { kinds.insert(.number) }
        if booleans > 0 { kinds.insert(.bool) }
        if strings > 0 { kinds.insert(.string) }
        if nested > 0 { kinds.insert(.object) }
        return kinds
    }

    /// The one type every value of the column has, or nil when it has none (only `null`s)
    /// or several (a mixed column, where each value keeps its own).
    var type: FormValueType? {
        let kinds = kinds
        guard kinds.count == 1, let kind = kinds.first else { return nil }
        switch kind {
        case .number: return .number
        case .bool: return .bool
        case .string: return days == strings ? .date : .text
        default: return nil
        }
    }

    /// Counts one value, given as its exact JSON text.
    mutating func count(_ value: UnsafeBufferPointer<UInt8>) {
        guard let first = value.first else { return }
        switch first {
        case UInt8(ascii: "n"):
            return
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            booleans += 1
        case UInt8(ascii: "\""):
            strings += 1
            let body = UnsafeBufferPointer(rebasing: value.dropFirst().dropLast())
            if body.count == 10, let day = String(bytes: body, encoding: .utf8), RecordForm.isDay(day) {
                days += 1
            } else if body.count > 60 || Self.contains(body, escape: UInt8(ascii: "n")) {
                longStrings += 1
            } else if !body.contains(UInt8(ascii: "\\")) {
                let text = String(decoding: body, as: UTF8.self)
                if KeyboardType.isEmailAddress(text) {
                    emailAddresses += 1
                } else if text.contains("://"), KeyboardType.URL.validationError(of: text, range: nil, decimalSeparator: ".") == nil {
                    webAddresses += 1
                }
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            nested += 1
        default:
            if first == UInt8(ascii: "-") { negatives += 1 }
            if value.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                fractions += 1
            } else {
                wholeNumbers += 1
            }
        }
    }

    private static func contains(_ body: UnsafeBufferPointer<UInt8>, escape letter: UInt8) -> Bool {
        var index = 0
        while index + 1 < body.count {
            if body[index] == UInt8(ascii: "\\") {
                if body[index + 1] == letter { return true }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }

    /// The profiles of `keys` over up to `samples` records spread evenly across `store`, and
    /// always over record `including` (the one a form edits), so that its own value is one
    /// its field takes.
    ///
    /// - Complexity: O(s · k · b): s records sampled, k keys, b bytes a record.
    static func profiles(of store: JSONRecordStore, keys: [String], including: Int?, samples: Int = 4096) -> [String: ColumnProfile] {
        var records = Array(Swift.stride(from: 0, to: store.count, by: max(1, store.count / max(samples, 1))).prefix(samples))
        if let including, including >= 0, including < store.count, !isSampled(including, of: store, samples: samples) { records.append(including) }
        let keyBytes = keys.map { Array($0.utf8) }
        var profiles = [ColumnProfile](repeating: ColumnProfile(), count: keys.count)
        for record in records {
            store.withRawUTF8(at: record) { raw in
                for (column, key) in keyBytes.enumerated() {
                    guard let range = RecordScanner.valueRange(ofMember: key, inObject: raw) else { continue }
                    profiles[column].count(UnsafeBufferPointer(rebasing: raw[range]))
                }
            }
        }
        return Dictionary(zip(keys, profiles), uniquingKeysWith: { first, _ in first })
    }

    /// Whether ``profiles(of:keys:including:samples:)`` samples record `record` of `store`.
    static func isSampled(_ record: Int, of store: JSONRecordStore, samples: Int = 4096) -> Bool {
        let step = max(1, store.count / max(samples, 1))
        return record >= 0 && record < store.count && record % step == 0 && record / step < samples
    }

    /// `sampled` (the profiles of the sampled records, made beforehand) with record
    /// `including` counted too when the sample left it out: what
    /// ``profiles(of:keys:including:samples:)`` gives for `keys`, without reading the sample
    /// again. Keys `sampled` lacks are profiled here.
    static func profiles(of store: JSONRecordStore, keys: [String], including: Int, sampled: [String: ColumnProfile]) -> [String: ColumnProfile] {
        let missing = keys.filter { sampled[$0] == nil }
        var profiles = sampled.filter { keys.contains($0.key) }
        if !missing.isEmpty { profiles.merge(Self.profiles(of: store, keys: missing, including: nil)) { first, _ in first } }
        guard including >= 0, including < store.count, !isSampled(including, of: store) else { return profiles }
        store.withRawUTF8(at: including) { raw in
            for key in keys {
                guard let range = RecordScanner.valueRange(ofMember: Array(key.utf8), inObject: raw) else { continue }
                profiles[key, default: ColumnProfile()].count(UnsafeBufferPointer(rebasing: raw[range]))
            }
        }
        return profiles
    }
}

import Foundation
import TableKit

/// One field of a record's form: the form's field, and the kind of JSON value its text
/// becomes again.
struct RecordFieldSpec: Sendable {
    var field: FormField
    /// The kind the value has in the record (or gets, in a new record).
    var kind: JSONValueKind
}

/// Between records and forms: fields inferred from a record's values (or the book form's
/// fixed ones), the form's values of a record, and the values a saved form writes back.
enum RecordForm {
    /// A field per key of `members`, where the key first comes, holding the last value of a
    /// duplicated key — the one `JSON.parse` and `json.loads` read (the earlier ones are kept
    /// as they are) — each typed by its column across the file (`columns`, from
    /// ``ColumnProfile/profiles(of:keys:including:samples:)``), not by this record's value:
    /// whole numbers take the number pad, any fraction or exponent the decimal pad (with a
    /// sign where the column has negatives), booleans a switch, days (`2011-03-04`) a date
    /// screen, e-mail and web addresses their keyboards, long strings a text view, nested
    /// values read-only JSON. A `null` takes its column's type. In a mixed column (numbers
    /// and text, say) each value keeps its own type, and the label says which. Every field
    /// can be given another type or made `null` with ⌃T.
    static func inferredSpecs(from members: [RecordMember], columns: [String: ColumnProfile] = [:], locale: Locale = .current) -> [RecordFieldSpec] {
        var seen = Set<String>()
        let lastOfKey = Dictionary(members.map { ($0.key, $0) }) { _, last in last }
        return members.compactMap { first in
            guard seen.insert(first.key).inserted else { return nil }
            let member = lastOfKey[first.key] ?? first
            var profile = columns[member.key] ?? ColumnProfile()
            if profile.kinds.isEmpty, member.kind != .null {
                // No column to go by: the record's own value.
                profile = Self.profile(of: member)
            }
            let isNested = member.kind == .object || member.kind == .array
            let type: FormValueType = isNested ? .text : profile.type ?? Self.ownType(of: member, in: profile)
            var traits = TextInputTraits(autocapitalizationType: .none, locale: locale)
            traits.returnKeyType = .next
            var field = FormField(key: member.key, traits: traits)
            // A file's dates have no limits: the form shows no range (not "Between January 1,
            // 0001 and January 1, 4001").
            let days = dayConfiguration()
            field.dateConfiguration = days
            switch type {
            case .number:
                field.traits.keyboardType = profile.fractions > 0 || member.kind == .number && FormNumber(member.value)?.isWhole == false ? .decimalPad : .numberPad
                field.traits.allowsNegativeNumbers = profile.negatives > 0 || member.value.hasPrefix("-")
            case .bool:
                field.kind = .toggle
            case .date:
                field.kind = .date(days)
            case .text:
                if isNested {
                    field.kind = .readOnly
                    field.traits.isMultiline = true
                } else if profile.longStrings > 0 {
                    field.traits.isMultiline = true
                } else if profile.strings > 0, profile.emailAddresses == profile.strings {
                    field.traits.keyboardType = .emailAddress
                } else if profile.strings > 0, profile.webAddresses == profile.strings {
                    field.traits.keyboardType = .URL
                }
            }
            if !isNested {
                field.allowsNull = true
                field.alternativeTypes = FormValueType.allCases
                // The type is not obvious where the column has several, or none to go by.
                field.showsValueType = profile.type == nil
            }
            return RecordFieldSpec(field: field, kind: member.kind != .null ? member.kind : Self.jsonKind(of: type))
        }
    }

    /// The JSON kind values of `type` are written as.
    private static func jsonKind(of type: FormValueType) -> JSONValueKind {
        switch type {
        case .number: return .number
        case .bool: return .bool
        case .text, .date: return .string
        }
    }

    /// The type a value of a mixed (or empty) column keeps: its own.
    private static func ownType(of member: RecordMember, in profile: ColumnProfile) -> FormValueType {
        switch member.kind {
        case .number: return .number
        case .bool: return .bool
        case .string: return isDay(member.value) && profile.strings == profile.days ? .date : .text
        case .null, .object, .array: return .text
        }
    }

    /// A column of one value: the record's own.
    private static func profile(of member: RecordMember) -> ColumnProfile {
        var profile = ColumnProfile()
        let text = member.kind == .string ? Array(JSONValue.quoted(member.value)) : Array(member.value.utf8)
        text.withUnsafeBufferPointer { profile.count($0) }
        return profile
    }

    /// A date field's days (stored as `2011-03-04`, in UTC so that they never shift) from
    /// `minimum` (`yyyy-MM-dd`) to the day of `now`; without them, any day.
    static func dayConfiguration(from minimum: String? = nil, until now: Date? = nil) -> DatePicker.Configuration {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let days = DatePicker.Configuration(mode: .date, calendar: utc)
        return DatePicker.Configuration(mode: .date, minimumDate: minimum.flatMap(days.date(fromValueText:)), maximumDate: now, calendar: utc)
    }

    /// Whether `text` is a day as `2011-03-04` writes it.
    static func isDay(_ text: String) -> Bool {
        text.utf8.count == 10 && text.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        } && dayConfiguration().date(fromValueText: text) != nil
    }

    /// The book form: title (required), author, year (number pad, 1450 to this year), the day
    /// it was published (a date screen, 1450 to today), ISBN (checked by its check digit) and
    /// a description in a text view.
    static func bookSpecs(now: Date = Date(), locale: Locale = .current) -> [RecordFieldSpec] {
        var title = TextInputTraits(autocapitalizationType: .words, locale: locale)
        title.isRequired = true
        title.returnKeyType = .next
        var author = TextInputTraits(autocapitalizationType: .words, locale: locale)
        author.returnKeyType = .next
        var year = TextInputTraits(keyboardType: .numberPad, locale: locale)
        year.range = 1450 ... Double(Calendar(identifier: .gregorian).component(.year, from: now))
        year.returnKeyType = .next
        var isbn = TextInputTraits(keyboardType: .numbersAndPunctuation, autocapitalizationType: .allCharacters, locale: locale)
        isbn.returnKeyType = .next
        var description = TextInputTraits(locale: locale)
        description.isMultiline = true
        return [
            RecordFieldSpec(field: FormField(key: "title", label: "Title", placeholder: "Required", traits: title), kind: .string),
            RecordFieldSpec(field: FormField(key: "author", label: "Author", placeholder: "First Last", traits: author), kind: .string),
            RecordFieldSpec(field: FormField(key: "year", label: "Year", placeholder: "1859", traits: year), kind: .number),
            RecordFieldSpec(field: FormField(key: "published", label: "Published", placeholder: "Not set",
                                             kind: .date(dayConfiguration(from: "1450-01-01", until: now))), kind: .string),
            RecordFieldSpec(field: FormField(key: "isbn", label: "ISBN", placeholder: "ISBN-10 or ISBN-13", traits: isbn, validate: isbnProblem), kind: .string),
            RecordFieldSpec(field: FormField(key: "description", label: "Description", placeholder: "What the book is about", traits: description), kind: .string),
        ]
    }

    /// Why `text` is not an ISBN (the end of a sentence that starts with the label), or nil:
    /// ten characters (the last may be X) whose weighted sum is a multiple of 11, or thirteen
    /// digits whose alternately weighted sum is a multiple of 10; hyphens and spaces aside.
    @Sendable static func isbnProblem(_ text: String) -> String? {
        let characters = text.filter { $0 != "-" && $0 != " " }.uppercased()
        let digits = characters.compactMap(\.wholeNumberValue)
        if characters.count == 10 {
            let last = characters.last == "X" ? 10 : characters.last?.wholeNumberValue
            guard digits.count >= 9, characters.prefix(9).allSatisfy({ $0.isASCII && $0.isNumber }), let last else {
                return "must be 10 digits (the last may be X) or 13 digits"
            }
            let sum = digits.prefix(9).enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element } + last
            return sum % 11 == 0 ? nil : "has a wrong check digit"
        }
        if characters.count == 13, digits.count == 13, characters.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let sum = digits.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * $1.element }
            return sum % 10 == 0 ? nil : "has a wrong check digit"
        }
        return "must be 10 digits (the last may be X) or 13 digits"
    }

    /// The keys that `members` has more than once, in the order they first come, with how
    /// many times.
    static func duplicatedKeys(of members: [RecordMember]) -> [(key: String, count: Int)] {
        var counts: [String: Int] = [:]
        for member in members { counts[member.key, default: 0] += 1 }
        var seen = Set<String>()
        return members.compactMap { member in
            guard let count = counts[member.key], count > 1, seen.insert(member.key).inserted else { return nil }
            return (member.key, count)
        }
    }

    /// Says, in words, which keys `members` has more than once and which value the form
    /// holds; nil when none is duplicated.
    static func duplicatesNote(of members: [RecordMember]) -> String? {
        let duplicated = duplicatedKeys(of: members)
        guard !duplicated.isEmpty else { return nil }
        let each = duplicated.map { "“\(ControlEscaping.escaped($0.key))” appears \($0.count) times in this record" }.joined(separator: "; ")
        return each + ": the form shows and saves the last, the value other programs read; the earlier "
            + (duplicated.count == 1 && duplicated[0].count == 2 ? "one stays" : "ones stay") + " as written."
    }

    /// The form's values for a record, typed: strings as text (days as dates in a date
    /// field), numbers as written, booleans, `null`, nested values as their JSON text.
    static func values(of members: [RecordMember], specs: [RecordFieldSpec]) -> [String: FormValue] {
        var values: [String: FormValue] = [:]
        for spec in specs {
            // The last of a duplicated key, as other readers read it.
            guard let member = members.last(where: { $0.key == spec.field.key }) else { continue }
            values[spec.field.key] = value(of: member, field: spec.field)
        }
        return values
    }

    /// One member's value as its field takes it.
    static func value(of member: RecordMember, field: FormField) -> FormValue {
        switch member.kind {
        case .null: return .null
        case .bool: return .bool(member.value == "true")
        case .number: return FormNumber(member.value).map(FormValue.number) ?? .text(member.value)
        case .string:
            if case .date(let configuration) = field.kind, let date = configuration.date(fromValueText: member.value) { return .date(date) }
            return .text(member.value)
        case .object, .array: return .text(member.value)
        }
    }

    /// What a saved form writes: the values that changed (all of them for a new record), and
    /// the labels of numbers that become `null` because their fields were emptied. A value
    /// is written in its type: a number as a JSON number (`15.5`, never `"15.5"`), text as a
    /// string, a date as its day (`2011-03-04`).
    static func newValues(specs: [RecordFieldSpec], values: [String: FormValue], original members: [RecordMember]?)
        -> (values: [(key: String, value: JSONValue)], becomingNull: [String]) {
        var result: [(key: String, value: JSONValue)] = []
        var becomingNull: [String] = []
        for spec in specs {
            let key = spec.field.key
            let new = values[key] ?? .null
            let original = members?.last { $0.key == key }
            if let original, value(of: original, field: spec.field) == new { continue }
            // A key the record lacks, left empty: nothing was given, so nothing is written
            // (a book without a day of publication gets no `"published": null`).
            if members != nil, original == nil, new == .null { continue }
            let written: JSONValue
            if spec.field.kind == .readOnly {
                guard original == nil else { continue }
                written = spec.kind == .array ? .raw(Array("[]".utf8)) : .raw(Array("{}".utf8))
            } else {
                switch new {
                case .text(let text): written = .string(text)
                case .number(let number): written = .number(number.text)
                case .bool(let isOn): written = .bool(isOn)
                case .date(let date):
                    var days = spec.field.dateConfiguration
                    if case .date(let configuration) = spec.field.kind { days = configuration }
                    written = .string(days.valueText(date: date, countDownDuration: 0))
                case .null:
                    // An empty date is left out of a new record.
                    if members == nil, case .date = spec.field.kind { continue }
                    written = .null
                    if original?.kind == .number { becomingNull.append(spec.field.label) }
                }
            }
            result.append((key, written))
        }
        return (result, becomingNull)
    }
}

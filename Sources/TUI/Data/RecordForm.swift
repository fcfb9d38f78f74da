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
    /// A field per key of `members` (the first of duplicate keys; later ones are kept as
    /// they are), in order, with traits inferred from the values: integers take the number
    /// pad, other numbers the decimal pad (negative ones and exponents numbers and
    /// punctuation), days (`2011-03-04`) a date screen, e-mail addresses and web addresses
    /// their keyboards, long strings a text view, booleans an on/off row, `null` an empty
    /// field, nested values read-only JSON.
    static func inferredSpecs(from members: [RecordMember], locale: Locale = .current) -> [RecordFieldSpec] {
        var seen = Set<String>()
        return members.compactMap { member in
            guard seen.insert(member.key).inserted else { return nil }
            var traits = TextInputTraits(autocapitalizationType: .none, locale: locale)
            traits.returnKeyType = .next
            var kind = FormField.Kind.text
            var placeholder = ""
            var validate: (@Sendable (String) -> String?)?
            switch member.kind {
            case .string:
                if Self.isDay(member.value) {
                    kind = .date(dayConfiguration(from: "0001-01-01", until: .distantFuture))
                } else if KeyboardType.isEmailAddress(member.value) {
                    traits.keyboardType = .emailAddress
                } else if member.value.contains("://"), KeyboardType.URL.validationError(of: member.value, range: nil, decimalSeparator: ".") == nil {
                    traits.keyboardType = .URL
                } else if member.value.count > 60 || member.value.contains("\n") {
                    traits.isMultiline = true
                }
            case .number:
                let isPlain = !member.value.hasPrefix("-") && !member.value.contains(where: { $0 == "e" || $0 == "E" })
                if isPlain, !member.value.contains(".") {
                    traits.keyboardType = .numberPad
                } else if isPlain {
                    traits.keyboardType = .decimalPad
                } else {
                    traits.keyboardType = .numbersAndPunctuation
                    validate = { JSONValue.numberText($0) == nil ? "must be a number" : nil }
                }
                placeholder = "null"
            case .bool:
                kind = .toggle
            case .null:
                placeholder = "null"
            case .object, .array:
                kind = .readOnly
                traits.isMultiline = true
            }
            return RecordFieldSpec(field: FormField(key: member.key, placeholder: placeholder, traits: traits, kind: kind, validate: validate), kind: member.kind)
        }
    }

    /// A date field's days (stored as `2011-03-04`, in UTC so that they never shift) from
    /// `minimum` (`yyyy-MM-dd`) to the day of `now`.
    static func dayConfiguration(from minimum: String, until now: Date) -> DatePicker.Configuration {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let days = DatePicker.Configuration(mode: .date, calendar: utc)
        return DatePicker.Configuration(mode: .date, minimumDate: days.date(fromValueText: minimum), maximumDate: now, calendar: utc)
    }

    /// Whether `text` is a day as `2011-03-04` writes it.
    static func isDay(_ text: String) -> Bool {
        text.utf8.count == 10 && text.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        } && dayConfiguration(from: "0001-01-01", until: .distantFuture).date(fromValueText: text) != nil
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

    /// The form's values for a record: strings as they read, numbers as written (with the
    /// locale's decimal separator in a decimal pad), `null` empty, nested values as JSON.
    static func values(of members: [RecordMember], specs: [RecordFieldSpec]) -> [String: String] {
        var values: [String: String] = [:]
        for spec in specs {
            guard let member = members.first(where: { $0.key == spec.field.key }) else { continue }
            switch member.kind {
            case .null: values[spec.field.key] = ""
            case .number where spec.field.traits.keyboardType == .decimalPad:
                values[spec.field.key] = member.value.replacingOccurrences(of: ".", with: spec.field.traits.decimalSeparator)
            default: values[spec.field.key] = member.value
            }
        }
        return values
    }

    /// What a saved form writes: the values that changed (all of them for a new record), and
    /// the labels of numbers that become `null` because their fields were emptied.
    static func newValues(specs: [RecordFieldSpec], values: [String: String], original members: [RecordMember]?)
        -> (values: [(key: String, value: JSONValue)], becomingNull: [String]) {
        var result: [(key: String, value: JSONValue)] = []
        var becomingNull: [String] = []
        let originalValues = members.map { Self.values(of: $0, specs: specs) }
        for spec in specs {
            let key = spec.field.key
            let text = values[key] ?? ""
            let original = members?.first { $0.key == key }
            if let original, originalValues?[key] == text, original.kind != .null || text.isEmpty { continue }
            let value: JSONValue
            switch spec.field.kind {
            case .readOnly:
                guard original == nil else { continue }
                value = spec.kind == .array ? .raw(Array("[]".utf8)) : .raw(Array("{}".utf8))
            case .toggle:
                value = .bool(text == "true")
            case .date:
                // An empty date is left out of a new record, and made null in one that had it.
                if text.isEmpty, original == nil { continue }
                value = text.isEmpty ? .null : .string(text)
            case .text:
                switch spec.kind {
                case .number:
                    if text.isEmpty {
                        value = .null
                        if original?.kind == .number { becomingNull.append(spec.field.label) }
                    } else {
                        value = JSONValue.numberText(text, decimalSeparator: spec.field.traits.decimalSeparator).map(JSONValue.number) ?? .string(text)
                    }
                case .null:
                    value = text.isEmpty ? .null : .string(text)
                default:
                    value = .string(text)
                }
            }
            result.append((key, value))
        }
        return (result, becomingNull)
    }
}

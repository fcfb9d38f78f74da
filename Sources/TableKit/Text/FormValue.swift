import Foundation

/// A form field's value, typed: what a ``FormEditor`` takes in and hands back, so that a
/// number comes back a number and an emptied number comes back `null`, not a string to
/// parse again.
///
/// ```swift
/// let form = FormEditor(title: "Car", sections: [FormSection(fields: [
///     FormField(key: "name", label: "Name"),
///     FormField(key: "mpg", label: "MPG", traits: TextInputTraits(keyboardType: .decimalPad)),
///     FormField(key: "imported", label: "Imported", kind: .toggle),
/// ])], typedValues: ["name": .text("chevelle"), "mpg": .number(18), "imported": .null])
/// ```
public enum FormValue: Hashable, Sendable {
    /// Text (an empty text is an empty string, not null).
    case text(String)
    /// A number, as written.
    case number(FormNumber)
    /// On or off.
    case bool(Bool)
    /// A date, as the field's ``DatePicker/Configuration`` stores it.
    case date(Date)
    /// No value: an emptied number or date field, or a field set to null on purpose (⌃T).
    case null

    /// The value's type, or nil for `null`.
    var type: FormValueType? {
        switch self {
        case .text: return .text
        case .number: return .number
        case .bool: return .bool
        case .date: return .date
        case .null: return nil
        }
    }
}

/// The types a form field's value can have (``FormValue`` without the value).
public enum FormValueType: String, CaseIterable, Hashable, Sendable {
    /// Text: a text field, with its keyboard.
    case text
    /// A number: a number pad, or a decimal pad where fractions are allowed.
    case number
    /// On or off: a switch.
    case bool
    /// A date: a date picker's screen.
    case date

    /// The type in words, as a form shows it beside a label ("number").
    var name: String {
        switch self {
        case .text: return "text"
        case .number: return "number"
        case .bool: return "true or false"
        case .date: return "date"
        }
    }
}

/// A number as a person wrote it, in plain JSON form: `15.5`, `1.50`, `1E3` and `-0` keep
/// their spelling (so a value nobody edited is written back byte for byte), while a typed
/// `007`, `.5` or `5.` becomes `7`, `0.5` and `5`.
public struct FormNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number's text in JSON's grammar (a point as the decimal separator).
    public let text: String

    /// The number in `text`, where the locale's `decimalSeparator` stands for the point, or
    /// nil when it is no number: an optional sign, digits with at most one separator, and an
    /// optional exponent (`e` or `E`, an optional sign, digits). Surrounding spaces are ignored.
    public init?(_ text: String, decimalSeparator: String = ".") {
        guard let normalised = Self.normalised(text, decimalSeparator: decimalSeparator) else { return nil }
        self.text = normalised
    }

    /// A whole number.
    public init(_ value: Int) {
        text = String(value)
    }

    /// A finite number, in its shortest form (`0.1`, `1e-07`); infinity and NaN, which JSON
    /// cannot write, become 0.
    public init(_ value: Double) {
        guard value.isFinite else { text = "0"; return }
        if value == value.rounded(), abs(value) < 1e15 {
            text = value.sign == .minus && value == 0 ? "-0" : String(Int(value))
        } else {
            text = "\(value)"
        }
    }

    /// A whole number, from a literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// A number, from a literal.
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// The number as a `Double` (the nearest one).
    public var doubleValue: Double { Double(text) ?? 0 }

    /// Whether the number is written with a fraction or an exponent.
    public var isWhole: Bool { !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }

    /// The number's text, with `decimalSeparator` for the point: what a decimal pad shows.
    func text(decimalSeparator: String) -> String {
        decimalSeparator == "." ? text : text.replacingOccurrences(of: ".", with: decimalSeparator)
    }

    /// The number's text.
    public var description: String { text }

    /// `text` in JSON's grammar, or nil: leading zeros go, a bare point gets its zero, a
    /// trailing point goes, a `+` sign goes; the exponent's letter is kept as written.
    private static func normalised(_ text: String, decimalSeparator: String) -> String? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if decimalSeparator != "." {
            guard !rest.contains(".") || decimalSeparator.isEmpty else { return nil }
            rest = Substring(rest.replacingOccurrences(of: decimalSeparator, with: "."))
        }
        var sign = ""
        if rest.first == "-" { sign = "-"; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        var mantissa = rest
        var exponent: Substring = ""
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = rest[..<e]
            exponent = rest[e...]
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        var integer = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard isDigits(integer), isDigits(fraction), !(integer.isEmpty && fraction.isEmpty) else { return nil }
        while integer.count > 1, integer.first == "0" { integer = integer.dropFirst() }
        var result = sign + (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction)
        if let letter = exponent.first {
            var digits = exponent.dropFirst()
            var exponentSign = ""
            if let first = digits.first, first == "+" || first == "-" { exponentSign = String(first); digits = digits.dropFirst() }
            guard !digits.isEmpty, isDigits(digits) else { return nil }
            result += String(letter) + exponentSign + digits
        }
        return result
    }

    private static func isDigits(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

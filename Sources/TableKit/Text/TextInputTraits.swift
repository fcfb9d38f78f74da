import Foundation

/// The keyboards of iOS, as a terminal can honour them: each decides what may be typed into
/// a field and what the field must hold when it is saved (`UIKeyboardType`).
public enum KeyboardType: String, CaseIterable, Hashable, Sendable {
    /// Any text.
    case `default`
    /// ASCII characters only.
    case asciiCapable
    /// Digits, punctuation and symbols; no letters.
    case numbersAndPunctuation
    /// A web address: no spaces; on save, a scheme and a host.
    case URL
    /// Digits only; on save, a whole number within the field's range.
    case numberPad
    /// Digits and `+ * # ( ) -` and spaces; on save, a phone number with a digit.
    case phonePad
    /// Letters, digits, spaces and the phone symbols, for a name or a number.
    case namePhonePad
    /// An e-mail address: no spaces; on save, `local@domain.tld`.
    case emailAddress
    /// Digits and one decimal separator of the field's locale; on save, a number within range.
    case decimalPad
    /// Any text, for a post: `@` and `#` are at hand.
    case twitter
    /// Any text, for a web search.
    case webSearch

    /// A short name, for lists of keyboards.
    public var name: String {
        switch self {
        case .default: return "Default"
        case .asciiCapable: return "ASCII Capable"
        case .numbersAndPunctuation: return "Numbers and Punctuation"
        case .URL: return "URL"
        case .numberPad: return "Number Pad"
        case .phonePad: return "Phone Pad"
        case .namePhonePad: return "Name Phone Pad"
        case .emailAddress: return "Email Address"
        case .decimalPad: return "Decimal Pad"
        case .twitter: return "Twitter"
        case .webSearch: return "Web Search"
        }
    }

    /// Whether every character may be typed (nothing to check, however long the paste).
    var takesAnyCharacter: Bool {
        self == .default || self == .twitter || self == .webSearch
    }

    /// The characters of a phone number besides digits.
    static let phoneSymbols: Set<Character> = ["+", "*", "#", "(", ")", "-", " "]

    /// Why `character` may not be typed at the end of `text` with this keyboard, as the end of
    /// a sentence that starts with the field's label ("takes digits only"); `nil` when it may.
    /// A number or decimal pad answers as ``rejection(ofInserting:into:at:decimalSeparator:allowsNegativeNumbers:)``
    /// does, without a minus.
    func rejection(of character: Character, in text: String, decimalSeparator: String) -> String? {
        switch self {
        case .default, .twitter, .webSearch:
            return nil
        case .asciiCapable:
            return character.isASCII ? nil : "takes ASCII characters only"
        case .numbersAndPunctuation:
            return character.isLetter ? "takes numbers and punctuation only" : nil
        case .URL, .emailAddress:
            return character.isWhitespace ? "takes no spaces" : nil
        case .numberPad, .decimalPad:
            return rejection(ofInserting: [character], into: Array(text), at: text.count, decimalSeparator: decimalSeparator, allowsNegativeNumbers: false)
        case .phonePad:
            return (character.isASCII && character.isNumber) || Self.phoneSymbols.contains(character)
                ? nil : "takes digits, spaces and + * # ( ) - only"
        case .namePhonePad:
            return character.isLetter || character.isNumber || Self.phoneSymbols.contains(character) || "'.,".contains(character)
                ? nil : "takes letters, digits, spaces and + * # ( ) - ' . , only"
        }
    }

    /// Why inserting `inserted` at `cursor` into `text` is refused by a number or decimal
    /// pad, as the end of a sentence that starts with the field's label; `nil` when the text
    /// that results can still become a number as the keyboard writes it. A number pad takes
    /// digits; a decimal pad digits, one `decimalSeparator` and an exponent (`1E3`: `e` or
    /// `E` after a digit, then an optional sign); either takes a leading `-` when
    /// `allowsNegativeNumbers`. Other keyboards answer as ``rejection(of:in:decimalSeparator:)``
    /// does, character by character.
    ///
    /// - Complexity: O(n) in the length of the text.
    func rejection(ofInserting inserted: [Character], into text: [Character], at cursor: Int,
                          decimalSeparator: String, allowsNegativeNumbers: Bool) -> String? {
        guard self == .numberPad || self == .decimalPad else {
            // Only a decimal pad looks at the text: typing into a long field costs nothing more.
            return inserted.lazy.compactMap { rejection(of: $0, in: "", decimalSeparator: decimalSeparator) }.first
        }
        var result = text
        result.insert(contentsOf: inserted, at: max(0, min(cursor, text.count)))
        if Self.isNumberPrefix(result, isDecimal: self == .decimalPad, decimalSeparator: decimalSeparator, allowsNegative: allowsNegativeNumbers) {
            return nil
        }
        let separators = result.filter { String($0) == decimalSeparator }.count
        if self == .decimalPad, separators > 1, inserted.contains(where: { String($0) == decimalSeparator }) {
            return "takes one \"\(decimalSeparator)\" only"
        }
        switch (self, allowsNegativeNumbers) {
        case (.numberPad, false): return "takes digits only"
        case (.numberPad, true): return "takes digits and a leading \"-\" only"
        case (_, false): return "takes digits and \"\(decimalSeparator)\" only"
        case (_, true): return "takes digits, \"\(decimalSeparator)\" and a leading \"-\" only"
        }
    }

    /// Whether `text` is the start of a number as a number pad (whole numbers) or decimal pad
    /// writes it: `-`? digits (separator digits)? ((e|E) (+|-)? digits)?, the exponent only
    /// after a digit.
    static func isNumberPrefix(_ text: [Character], isDecimal: Bool, decimalSeparator: String, allowsNegative: Bool) -> Bool {
        var index = 0
        if allowsNegative, text.first == "-" { index = 1 }
        var sawDigit = false, sawSeparator = false
        while index < text.count {
            let character = text[index]
            if character.isASCII, character.isNumber {
                sawDigit = true
            } else if isDecimal, !sawSeparator, String(character) == decimalSeparator {
                sawSeparator = true
            } else if isDecimal, sawDigit, character == "e" || character == "E" {
                index += 1
                if index < text.count, text[index] == "-" || text[index] == "+" { index += 1 }
                return text[index...].allSatisfy { $0.isASCII && $0.isNumber }
            } else {
                return false
            }
            index += 1
        }
        return true
    }

    /// Why `text` is not a valid value of this keyboard on save, as the end of a sentence that
    /// starts with the field's label; `nil` when it is (an empty text is left to
    /// ``TextInputTraits/isRequired``). A number or decimal pad takes a leading `-` only when
    /// `allowsNegativeNumbers`; a decimal pad takes an exponent (`1E3`).
    public func validationError(of text: String, range: ClosedRange<Double>?, decimalSeparator: String,
                                allowsNegativeNumbers: Bool = false) -> String? {
        guard !text.isEmpty else { return nil }
        switch self {
        case .numberPad:
            let digits = allowsNegativeNumbers && text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Double(text) else { return "must be a whole number" }
            return Self.rangeError(value, range: range, decimals: false)
        case .decimalPad:
            // A number, as the keyboard writes it (no "+", a minus only where allowed).
            guard let number = FormNumber(text, decimalSeparator: decimalSeparator),
                  Self.isNumberPrefix(Array(text), isDecimal: true, decimalSeparator: decimalSeparator, allowsNegative: allowsNegativeNumbers)
            else { return "must be a number" }
            return Self.rangeError(number.doubleValue, range: range, decimals: true)
        case .URL:
            guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty,
                  let host = components.host, !host.isEmpty else { return "must be a web address with a scheme and a host (https://example.com)" }
            return nil
        case .emailAddress:
            return Self.isEmailAddress(text) ? nil : "must be an e-mail address (name@example.com)"
        case .phonePad:
            let allowed = text.allSatisfy { ($0.isASCII && $0.isNumber) || Self.phoneSymbols.contains($0) }
            return allowed && text.contains(where: \.isNumber) ? nil : "must be a phone number: digits, spaces and + * # ( ) -"
        case .default, .asciiCapable, .numbersAndPunctuation, .namePhonePad, .twitter, .webSearch:
            return nil
        }
    }

    private static func rangeError(_ value: Double, range: ClosedRange<Double>?, decimals: Bool) -> String? {
        guard let range, !range.contains(value) else { return nil }
        let format = { (number: Double) in decimals ? String(number) : String(Int(number)) }
        return "must be from \(format(range.lowerBound)) to \(format(range.upperBound))"
    }

    /// `local@domain.tld`: one `@`, no spaces, a dot in the domain with a letter-only ending of
    /// at least two letters.
    package static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let tld = labels.last else { return false }
        return tld.count >= 2 && tld.allSatisfy(\.isLetter)
    }
}

/// How typed letters are capitalised (`UITextAutocapitalizationType`). Pasted text is left
/// as it is.
public enum AutocapitalizationType: Hashable, Sendable {
    /// As typed.
    case none
    /// The first letter of each word.
    case words
    /// The first letter of each sentence.
    case sentences
    /// Every letter.
    case allCharacters
}

/// When a field shows its clear button `×` (`UITextField.ViewMode`).
public enum ClearButtonMode: Hashable, Sendable {
    /// Never.
    case never
    /// While the field is being edited and is not empty.
    case whileEditing
    /// While the field is not being edited and is not empty.
    case unlessEditing
    /// Whenever the field is not empty.
    case always
}

/// What Enter does in a field, and the label it shows there (`UIReturnKeyType`).
public enum ReturnKeyType: String, CaseIterable, Hashable, Sendable {
    /// Return: on to the next field.
    case `default`
    /// Go.
    case go
    /// Join.
    case join
    /// Next: on to the next field.
    case next
    /// Route.
    case route
    /// Search.
    case search
    /// Send.
    case send
    /// Done.
    case done

    /// The label drawn on the focused field and in the footer.
    public var title: String {
        switch self {
        case .default: return "Return"
        case .go: return "Go"
        case .join: return "Join"
        case .next: return "Next"
        case .route: return "Route"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        }
    }

    /// Whether Enter moves on to the next field rather than submitting the form.
    public var movesToNextField: Bool { self == .default || self == .next }
}

/// How a field is aligned in its room.
public enum TextAlignment: Hashable, Sendable {
    /// At the leading edge.
    case left
    /// Centred.
    case center
    /// At the trailing edge.
    case right
}

/// Everything that makes a field behave as the iOS field it stands for
/// (`UITextInputTraits` and a field's own settings).
///
/// ```swift
/// var age = TextInputTraits(keyboardType: .numberPad)
/// age.range = 0 ... 150
/// var password = TextInputTraits()
/// password.isSecureTextEntry = true
/// ```
public struct TextInputTraits: Hashable, Sendable {
    /// What may be typed, and what is valid on save.
    public var keyboardType: KeyboardType
    /// How typed letters are capitalised.
    public var autocapitalizationType: AutocapitalizationType
    /// Bullets in place of the text; the last character typed shows for a moment.
    public var isSecureTextEntry = false
    /// When the clear button `×` shows.
    public var clearButtonMode = ClearButtonMode.never
    /// Whether the field empties when editing begins.
    public var clearsOnBeginEditing = false
    /// What Enter does, and its label.
    public var returnKeyType = ReturnKeyType.default
    /// Whether Enter is inert while the field is empty.
    public var enablesReturnKeyAutomatically = false
    /// The most characters the field takes; a counter shows how many are used.
    public var maximumLength: Int?
    /// The numbers a number or decimal field accepts on save.
    public var range: ClosedRange<Double>?
    /// Whether an empty field is refused on save.
    public var isRequired = false
    /// The decimal separator a decimal pad types: the locale's.
    public var decimalSeparator: String
    /// Where the text sits in the field.
    public var alignment = TextAlignment.left
    /// Several lines (a text view): Enter breaks the line, ↑ ↓ move between lines, the row grows.
    public var isMultiline = false
    /// Whether a number or decimal pad takes a leading `-` (iOS's pads have no minus key; a
    /// column of numbers with negatives among them needs one).
    public var allowsNegativeNumbers = false

    /// Traits for `keyboardType`, capitalised as `autocapitalizationType`, with the decimal
    /// separator of `locale`.
    public init(keyboardType: KeyboardType = .default, autocapitalizationType: AutocapitalizationType = .sentences, locale: Locale = .current) {
        self.keyboardType = keyboardType
        self.autocapitalizationType = autocapitalizationType
        decimalSeparator = locale.decimalSeparator ?? "."
    }
}

import Foundation
import TableKit
import Testing

/// The second case of each keyboard's rules: what the typing filter refuses beyond the
/// obvious, and what the check on save refuses at both ends of a range.
@Suite("Keyboards: the edges of each typing filter and each check on save")
struct KeyboardFilterTests {
    private static let english = Locale(identifier: "en_US")

    /// Why `text` cannot be saved in a field of `keyboard` labelled "Value" with `range`.
    private func error(_ keyboard: KeyboardType, _ text: String, range: ClosedRange<Double>? = nil) -> String? {
        var traits = TextInputTraits(keyboardType: keyboard, locale: Self.english)
        traits.range = range
        return TextField(text: text, traits: traits).validationError(label: "Value")
    }

    /// The characters of `text` that a field of `keyboard` refuses, typed one by one.
    private func refused(_ keyboard: KeyboardType, _ text: String) -> [Character] {
        var field = TextField(text: "", traits: TextInputTraits(keyboardType: keyboard, autocapitalizationType: .none, locale: Self.english))
        field.beginEditing()
        return text.filter { character in
            if case .rejected? = field.handle(.character(character)) { return true }
            return false
        }.map { $0 }
    }

    @Test("a number pad refuses digits of other scripts (Arabic-Indic, fullwidth): they do not save as a number")
    func numberPadTakesASCIIDigitsOnly() {
        #expect(refused(.numberPad, "1٣２4") == ["٣", "２"])
        #expect(refused(.decimalPad, "1٣.5") == ["٣"])
        #expect(refused(.phonePad, "+1٣") == ["٣"])
    }

    @Test("a number pad's value must be a whole number, whatever is pasted in")
    func numberPadSavesWholeNumbersOnly() {
        #expect(error(.numberPad, "1.5") == "Value must be a whole number")
        #expect(error(.numberPad, "-3") == "Value must be a whole number")
        #expect(error(.numberPad, "1e3") == "Value must be a whole number")
        #expect(error(.numberPad, "42") == nil)
    }

    @Test("a range is checked at both ends, and its ends are allowed")
    func rangeAtBothEnds() {
        #expect(error(.numberPad, "17", range: 18 ... 150) == "Value must be from 18 to 150")
        #expect(error(.numberPad, "151", range: 18 ... 150) == "Value must be from 18 to 150")
        #expect(error(.numberPad, "18", range: 18 ... 150) == nil)
        #expect(error(.numberPad, "150", range: 18 ... 150) == nil)
        #expect(error(.decimalPad, "0.5", range: 1 ... 10) == "Value must be from 1.0 to 10.0")
        #expect(error(.decimalPad, "10.5", range: 1 ... 10) == "Value must be from 1.0 to 10.0")
        #expect(error(.decimalPad, "1", range: 1 ... 10) == nil)
    }

    @Test("a web address needs a host as well as a scheme")
    func urlNeedsAHost() {
        #expect(error(.URL, "https://") == "Value must be a web address with a scheme and a host (https://example.com)")
        #expect(error(.URL, "mailto:ann@example.org") == "Value must be a web address with a scheme and a host (https://example.com)")
        #expect(error(.URL, "http://localhost") == nil)
    }

    @Test("an e-mail address needs a name, and a domain ending in two letters or more")
    func emailAddressEdges() {
        #expect(error(.emailAddress, "ann@example.c") == "Value must be an e-mail address (name@example.com)")
        #expect(error(.emailAddress, "ann@example.co") == nil)
        #expect(error(.emailAddress, "ann@example.c0m") == "Value must be an e-mail address (name@example.com)")
        #expect(error(.emailAddress, "ann@@example.com") == "Value must be an e-mail address (name@example.com)")
    }

    @Test("a numbers-and-punctuation field refuses letters of either case and of any script")
    func numbersAndPunctuationRefusesEveryLetter() {
        #expect(refused(.numbersAndPunctuation, "1aB,é-") == ["a", "B", "é"])
    }

    @Test("a name phone pad takes letters of any script, digits and the phone symbols, not other symbols")
    func namePhonePadEdges() {
        #expect(refused(.namePhonePad, "Zoë O'Neil +1 (555)") == [])
        #expect(refused(.namePhonePad, "a!b@c") == ["!", "@"])
    }

    /// What a refusal says a phone pad takes, and what it takes, agree: every character it
    /// names is taken, spaces included, and a character it does not name is refused.
    @Test(arguments: [KeyboardType.phonePad, .namePhonePad])
    func aPhonePadsRefusalNamesWhatItTakes(keyboard: KeyboardType) throws {
        var field = TextField(text: "", traits: TextInputTraits(keyboardType: keyboard, locale: Self.english))
        field.beginEditing()
        guard case .rejected(let message)? = field.handle(.character("!")) else {
            Issue.record("! is refused")
            return
        }
        let named = try #require(message.split(separator: " and ", maxSplits: 1).last).split(separator: " ").dropLast().map(String.init)
        #expect(refused(keyboard, named.joined()) == [], "\(message): each named symbol is taken")
        #expect(message.contains("spaces") == refused(keyboard, " ").isEmpty, "\(message): a space is taken exactly when the message says so")
        #expect(refused(keyboard, "!?%@&") == Array("!?%@&"), "none of these is named, none is taken")
    }
}

import Foundation
import TableKit
import Testing

private func field(_ keyboard: KeyboardType = .default, text: String = "", capitalisation: AutocapitalizationType = .none,
                   locale: Locale = Locale(identifier: "en_US")) -> TextField {
    var field = TextField(text: text, traits: TextInputTraits(keyboardType: keyboard, autocapitalizationType: capitalisation, locale: locale))
    field.beginEditing()
    return field
}

/// Types `text` key by key; returns the rejections.
@discardableResult
private func type(_ text: String, into field: inout TextField) -> [String] {
    text.compactMap { character in
        if case .rejected(let reason)? = field.handle(.character(character)) { return reason }
        return nil
    }
}

/// Draws a field laid out `width` columns wide and returns its line(s), styles marked.
private func drawn(_ field: TextField, width: Int, glyphs: Glyphs = .unicode) -> String {
    var field = field
    field.layout(width: width)
    var canvas = Canvas(size: Size(width: width, height: field.lineCount(width: width)))
    field.render(into: &canvas, rect: canvas.bounds, context: RenderContext(glyphs: glyphs))
    return canvas.styledText
}

@Suite("TextField: grapheme editing, keyboard types, traits, paste, scrolling")
struct TextFieldTests {
    /// What each keyboard lets through, typed key by key.
    @Test(arguments: [
        (KeyboardType.default, "Hé 1!", "Hé 1!"),
        (.asciiCapable, "aé1", "a1"),
        (.numbersAndPunctuation, "1a,2-", "1,2-"),
        (.URL, "a b.c", "ab.c"),
        (.numberPad, "4a2.", "42"),
        (.phonePad, "+1 (555) x#*-", "+1 (555) #*-"),
        (.namePhonePad, "Ann 5!", "Ann 5"),
        (.emailAddress, "a b@c", "ab@c"),
        (.decimalPad, "1.2.3a", "1.23"),
        (.twitter, "@me #tag", "@me #tag"),
        (.webSearch, "what is x?", "what is x?"),
    ])
    func eachKeyboardTakesOnlyItsCharacters(keyboard: KeyboardType, typed: String, kept: String) {
        var field = field(keyboard)
        type(typed, into: &field)
        #expect(field.text == kept, "\(keyboard)")
    }

    @Test func aRejectedKeyLeavesTheTextFlashesAndSaysWhy() {
        var field = field(.numberPad, text: "4")
        let before = field.text
        let change = field.handle(.character("x"))
        #expect(change == .rejected("takes digits only"))
        #expect(field.text == before)
        #expect(field.flashUntil != nil)
        #expect(drawn(field, width: 10).contains("fg=red"), "flashed in the danger colour")
        field.tick(now: .now + .seconds(1))
        #expect(field.flashUntil == nil)
    }

    @Test func theDecimalPadTypesTheLocalesSeparator() {
        var german = field(.decimalPad, locale: Locale(identifier: "de_DE"))
        #expect(type("3.", into: &german) == ["takes digits and \",\" only"])
        type(",5", into: &german)
        #expect(type(",", into: &german) == ["takes one \",\" only"])
        #expect(german.text == "3,5")
        #expect(german.validationError(label: "Price") == nil)
    }

    /// What each validator says on save.
    @Test(arguments: [
        (KeyboardType.numberPad, "42", nil as String?),
        (.numberPad, "151", "Age must be from 0 to 150"),
        (.decimalPad, "2.5", nil),
        (.URL, "https://example.com/a", nil),
        (.URL, "example.com", "Age must be a web address with a scheme and a host (https://example.com)"),
        (.emailAddress, "ann@example.org", nil),
        (.emailAddress, "ann@example", "Age must be an e-mail address (name@example.com)"),
        (.emailAddress, "@example.org", "Age must be an e-mail address (name@example.com)"),
        (.phonePad, "+1 (555) 010-2030", nil),
        (.phonePad, "()", "Age must be a phone number: digits, spaces and + * # ( ) -"),
        (.default, "", nil),
    ])
    func validatorsOnSave(keyboard: KeyboardType, text: String, error: String?) {
        var traits = TextInputTraits(keyboardType: keyboard, locale: Locale(identifier: "en_US"))
        traits.range = 0 ... 150
        let field = TextField(text: text, traits: traits)
        #expect(field.validationError(label: "Age") == error)
    }

    @Test func aRequiredFieldMustNotBeEmpty() {
        var traits = TextInputTraits()
        traits.isRequired = true
        #expect(TextField(text: "  ", traits: traits).validationError(label: "Title") == "Title is required")
    }

    @Test func theCursorMovesByCharacterAsAPersonSeesIt() {
        // 👩‍👩‍👧 (one cluster of five scalars), é as e + combining accent, and CJK.
        var field = field(text: "a👩‍👩‍👧e\u{301}漢字")
        #expect(field.characters.count == 5)
        field.handle(.left)
        field.handle(.backspace)
        #expect(field.text == "a👩‍👩‍👧e\u{301}字")
        field.handle(.backspace)
        #expect(field.text == "a👩‍👩‍👧字", "the accented letter goes whole")
        field.handle(.backspace)
        #expect(field.text == "a字", "the family emoji goes whole")
        field.handle(.home)
        field.handle(.delete)
        #expect(field.text == "字")
        #expect(drawn(field, width: 6).hasPrefix("«rev|字»"), "the cursor sits on the whole wide character")
    }

    @Test func wordKeysAndTheLineKeys() {
        var field = field(text: "one two  three")
        field.handle(.altLeft)
        #expect(field.cursor == 9)
        field.handle(.altLeft)
        #expect(field.cursor == 4)
        field.handle(.altRight)
        #expect(field.cursor == 7)
        field.handle(.control("e"))
        field.handle(.control("w"))
        #expect(field.text == "one two  ")
        field.handle(.control("a"))
        #expect(field.cursor == 0)
        field.handle(.control("u"))
        #expect(field.text.isEmpty)
    }

    @Test(arguments: [
        (AutocapitalizationType.none, "hi there. ok", "hi there. ok"),
        (.words, "hi there. ok", "Hi There. Ok"),
        (.sentences, "hi there. ok! yes", "Hi there. Ok! Yes"),
        (.allCharacters, "hi 2u", "HI 2U"),
    ])
    func autocapitalisationAsYouType(capitalisation: AutocapitalizationType, typed: String, result: String) {
        var field = field(capitalisation: capitalisation)
        type(typed, into: &field)
        #expect(field.text == result)
    }

    @Test func pasteIsOneInsertionWithoutCapitalisationOrControls() {
        var field = field(text: "x", capitalisation: .words)
        #expect(field.paste("two words\nnext\u{7}line\ttab") == .changed)
        #expect(field.text == "xtwo words nextline tab", "a single line: breaks and tabs become spaces, controls go")
        var digits = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        #expect(digits.paste("12a") == .rejected("takes digits only"))
        #expect(digits.text.isEmpty, "one refused character refuses the paste")
        var limited = TextField(traits: { var t = TextInputTraits(); t.maximumLength = 5; return t }())
        limited.beginEditing()
        #expect(limited.paste("abcdefgh") == .rejected("takes at most 5 characters: the paste was cut"))
        #expect(limited.text == "abcde")
        #expect(drawn(limited, width: 12).contains("5/5"))
    }

    @Test func secureEntryShowsBulletsRevealsTheLastCharacterAndIsReplacedWhenRefocused() {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isSecureTextEntry = true
        var field = TextField(traits: traits)
        field.beginEditing()
        let start = ContinuousClock.now
        field.handle(.character("a"), now: start)
        field.handle(.character("b"), now: start)
        #expect(drawn(field, width: 8).hasPrefix("•b«rev| »"))
        #expect(field.needsTicks)
        field.tick(now: start + .seconds(2))
        #expect(drawn(field, width: 8).hasPrefix("••«rev| »"))
        #expect(drawn(field, width: 8, glyphs: .ascii).hasPrefix("**"))
        field.endEditing()
        field.beginEditing()
        field.handle(.character("z"))
        #expect(field.text == "z", "the first character typed replaces the old text")
    }

    @Test func clearButtonModesAndClearsOnBeginEditing() {
        var traits = TextInputTraits()
        traits.clearButtonMode = .whileEditing
        var field = TextField(text: "abc", traits: traits)
        #expect(!field.showsClearButton)
        field.beginEditing()
        #expect(field.showsClearButton)
        #expect(drawn(field, width: 8).hasSuffix("«fg=grey|×»"))
        traits.clearButtonMode = .unlessEditing
        field.traits = traits
        #expect(!field.showsClearButton)
        traits.clearsOnBeginEditing = true
        var clearing = TextField(text: "old", traits: traits)
        clearing.beginEditing()
        #expect(clearing.text.isEmpty)
    }

    @Test func returnKeysAndEnablesReturnKeyAutomatically() {
        var traits = TextInputTraits()
        traits.returnKeyType = .send
        traits.enablesReturnKeyAutomatically = true
        var field = TextField(traits: traits)
        field.beginEditing()
        #expect(field.handle(.enter) == .moved, "inert while empty")
        field.handle(.character("x"))
        #expect(field.handle(.enter) == .returned)
        #expect(ReturnKeyType.send.title == "Send" && !ReturnKeyType.send.movesToNextField)
    }

    @Test func aLongLineScrollsToKeepTheCursorInView() {
        var field = field(text: "abcdefghijklmnop")
        field.layout(width: 6)
        #expect(drawn(field, width: 6) == "mnop«rev| »")
        field.handle(.home)
        #expect(drawn(field, width: 6) == "«rev|a»bcdef")
        field.handle(.end)
        field.handle(.left)
        field.handle(.left)
        field.handle(.left)
        field.handle(.left)
        field.handle(.left)
        field.handle(.left)
        #expect(drawn(field, width: 6) == "«rev|k»lmnop", "the view scrolls only when the cursor leaves it")
    }

    @Test func placeholderAndAlignment() {
        var traits = TextInputTraits()
        traits.alignment = .right
        var field = TextField(placeholder: "Name", traits: traits)
        #expect(drawn(field, width: 8) == "   «dim fg=grey|Name»")
        field.setText("Al")
        #expect(drawn(field, width: 8) == "     Al", "the last column is the cursor's")
    }

    @Test func aTextViewWrapsGrowsAndMovesBetweenLines() {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        var view = TextField(text: "one two three\nfour", traits: traits)
        view.beginEditing()
        view.layout(width: 8)
        #expect(view.lineCount(width: 8) == 3)
        #expect(drawn(view, width: 8).components(separatedBy: "\n") == ["one two", "three", "four«rev| »"])
        view.handle(.up)
        #expect(view.cursor == 12, "the column is kept: thre|e")
        view.handle(.up)
        #expect(view.cursor == 4)
        #expect(view.handle(.up) == nil, "past the first line, the owner moves on")
        view.handle(.end)
        view.handle(.enter)
        #expect(view.text == "one two \nthree\nfour")
    }
}

import Foundation
import PropertyBased
import TableKit
import Testing

/// What a person does to a field, one key at a time.
private enum Edit: CaseIterable {
    case type, backspace, delete, left, right, home, end, clear
}

/// The pieces typed: grapheme clusters of one and of many scalars, wide and narrow.
private let pieces: [Character] = ["a", "Z", " ", "é", "e\u{301}", "日", "😀", "👩‍👩‍👧", "🇦🇫", "ß", "-", "1"]

/// Text-field editing against a model a reader can check by eye: an array of characters and
/// a cursor between them (issue 23).
@Suite("Text fields against a model: insert, delete and cursor moves by grapheme")
struct TextFieldPropertyTests {
    @Test("any sequence of typing, deleting and moving leaves the text and cursor of the model")
    func editsFollowTheModel() async {
        let edits = zip(Gen<Edit>.case, Gen.element(of: pieces).map { $0 ?? "a" }).array(of: 0 ... 40)
        await propertyCheck(count: 400, input: edits) { edits in
            var field = TextField(traits: TextInputTraits(autocapitalizationType: .none))
            field.beginEditing()
            var model: [Character] = [], cursor = 0
            for (edit, piece) in edits {
                switch edit {
                case .type:
                    field.handle(.character(piece))
                    model.insert(piece, at: cursor)
                    cursor += 1
                case .backspace:
                    field.handle(.backspace)
                    if cursor > 0 { model.remove(at: cursor - 1); cursor -= 1 }
                case .delete:
                    field.handle(.delete)
                    if cursor < model.count { model.remove(at: cursor) }
                case .left:
                    field.handle(.left)
                    cursor = max(0, cursor - 1)
                case .right:
                    field.handle(.right)
                    cursor = min(model.count, cursor + 1)
                case .home:
                    field.handle(.home)
                    cursor = 0
                case .end:
                    field.handle(.end)
                    cursor = model.count
                case .clear:
                    field.handle(.control("u"))
                    model = []
                    cursor = 0
                }
                #expect(field.characters == model && field.cursor == cursor, "after \(edit) \(piece): \(field.text) at \(field.cursor)")
            }
        }
    }

    @Test("every keyboard keeps only what its rule allows, whatever is typed", arguments: KeyboardType.allCases)
    func eachKeyboardKeepsItsRule(keyboard: KeyboardType) async {
        let typed = Gen.element(of: Array("aZé9 0.,-+*#()@/:_'日😀\t")).map { $0 ?? "a" }.array(of: 0 ... 16)
        await propertyCheck(count: 150, input: typed) { typed in
            var field = TextField(traits: TextInputTraits(keyboardType: keyboard, autocapitalizationType: .none, locale: Locale(identifier: "en_US_POSIX")))
            field.beginEditing()
            for character in typed { field.handle(.character(character)) }
            let text = field.text
            let isDigit = { (c: Character) in c.isASCII && c.isNumber }
            let phone: Set<Character> = ["+", "*", "#", "(", ")", "-", " "]
            let kept: Bool
            switch keyboard {
            case .default, .twitter, .webSearch: kept = text == String(typed.filter { $0 != "\t" })
            case .asciiCapable: kept = text.allSatisfy(\.isASCII) && text == String(typed.filter { $0.isASCII && $0 != "\t" })
            case .numbersAndPunctuation: kept = !text.contains(where: \.isLetter) && text == String(typed.filter { !$0.isLetter && $0 != "\t" })
            case .URL, .emailAddress: kept = !text.contains(where: \.isWhitespace) && text == String(typed.filter { !$0.isWhitespace })
            case .numberPad: kept = text.allSatisfy(isDigit) && text == String(typed.filter(isDigit))
            case .phonePad: kept = text.allSatisfy { isDigit($0) || phone.contains($0) } && text == String(typed.filter { isDigit($0) || phone.contains($0) })
            case .namePhonePad:
                let allowed = { (c: Character) in c.isLetter || c.isNumber || phone.contains(c) || "'.,".contains(c) }
                kept = text == String(typed.filter(allowed))
            case .decimalPad:
                // Digits, then at most one point, never anything else (no minus: negatives are off).
                kept = text.allSatisfy { isDigit($0) || $0 == "." || $0 == "e" || $0 == "E" } && text.filter { $0 == "." }.count <= 1 && !text.hasPrefix("e")
            }
            #expect(kept, "\(keyboard.name): typed \(String(typed)) → \(text)")
        }
    }
}

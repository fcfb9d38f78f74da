import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A text field's placeholder and editing, and its traits set one by one, as an app sets a
/// `UITextField`'s.
@Suite("Text input: the placeholder, editing, and traits that decide what may be typed")
struct TextInputAPITests {
    static func drawn(_ field: TextField) -> Canvas {
        var canvas = Canvas(size: Size(width: 12, height: 1))
        field.render(into: &canvas, rect: canvas.bounds, context: RenderContext())
        return canvas
    }

    @Test func anEmptyFieldShowsItsPlaceholderDimAndTheCursorOnlyWhileEditing() {
        var field = TextField()
        field.placeholder = "Search"
        field.layout(width: 12)
        let placeholder = ["«dim fg=grey|Search»"]
        expectFrame(Self.drawn(field), equals: placeholder, styled: true)
        #expect(!field.isEditing)
        field.beginEditing()
        #expect(field.isEditing)
        expectFrame(Self.drawn(field), equals: ["«rev dim fg=grey|S»«dim fg=grey|earch»"], styled: true, "the cursor on its first cell")
        field.endEditing()
        #expect(!field.isEditing)
        expectFrame(Self.drawn(field), equals: placeholder, styled: true)
    }

    /// `typed` typed into a field of `traits`, one key at a time.
    static func typing(_ typed: String, into traits: TextInputTraits) -> String {
        var field = TextField(traits: traits)
        field.beginEditing()
        for character in typed { field.handle(.character(character)) }
        return field.text
    }

    @Test func theKeyboardAndTheCapitalisationSetOnTheTraitsDecideWhatIsTyped() {
        var traits = TextInputTraits()
        #expect(Self.typing("ada lovelace 1815", into: traits) == "Ada lovelace 1815", "sentences, by default")
        traits.autocapitalizationType = .words
        #expect(Self.typing("ada lovelace 1815", into: traits) == "Ada Lovelace 1815")
        traits.keyboardType = .numberPad
        #expect(Self.typing("ada lovelace 1815", into: traits) == "1815", "a number pad takes digits only")
    }

    @Test func aDecimalPadTypesTheSeparatorItIsGiven() {
        var traits = TextInputTraits(keyboardType: .decimalPad, locale: Locale(identifier: "en_US"))
        #expect(Self.typing("2,5", into: traits) == "25" && Self.typing("2.5", into: traits) == "2.5")
        traits.decimalSeparator = ","
        #expect(Self.typing("2.5", into: traits) == "25" && Self.typing("2,5", into: traits) == "2,5")
    }
}

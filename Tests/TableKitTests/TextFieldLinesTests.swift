import Foundation
import PropertyBased
import Testing
@testable import TableKit

/// What a person does to a text view: keys, pastes, and the cursor put anywhere.
private enum LineEdit: CaseIterable {
    case type, paste, backspace, delete, wordErase, up, down, home, end, moveCursor, clear, relayout
}

/// Pieces that make wrapping hard: spaces, line breaks, wide and zero-width clusters, long runs.
private let linePieces = ["a", "bc", " ", "  ", "\n", "日", "😀", "e\u{301}", "word ", "xxxxxxxxx", "\n\n", " z", "👩‍👩‍👧"]

/// A text view's kept lines (issue 24): re-wrapped around each edit, they must be the lines a
/// whole wrap gives, and the part of a long value a form shows must be what a fresh field of
/// the same text shows.
@MainActor
@Suite("Text view lines: kept by every edit, drawn a window at a time")
struct TextFieldLinesTests {
    @Test("after any edits, the kept lines at the measured and drawn widths are those of a whole wrap")
    func keptLinesAreAWholeWrap() async {
        let edits = zip(zip(Gen<LineEdit>.case, Gen.element(of: linePieces).map { $0 ?? "a" }.array(of: 1 ... 4)), Gen.int(in: 0 ... 400))
            .array(of: 1 ... 50)
        let widths = Gen.int(in: 1 ... 12)
        await propertyCheck(count: 400, input: widths, edits) { width, edits in
            var traits = TextInputTraits(autocapitalizationType: .none)
            traits.isMultiline = true
            traits.clearButtonMode = .whileEditing
            traits.maximumLength = width > 8 ? 150 : nil
            var field = TextField(text: "one two three\nfour five", traits: traits)
            field.beginEditing()
            field.layout(width: width)
            for ((edit, pieces), number) in edits {
                switch edit {
                case .type: for piece in pieces { for character in piece { field.handle(character == "\n" ? .enter : .character(character)) } }
                case .paste: field.paste(pieces.joined())
                case .backspace: field.handle(.backspace)
                case .delete: field.handle(.delete)
                case .wordErase: field.handle(.control("w"))
                case .up: field.handle(.up)
                case .down: field.handle(.down)
                case .home: field.handle(.home)
                case .end: field.handle(.end)
                case .moveCursor: field.moveCursor(to: number % (field.characters.count + 1))
                case .clear: field.handle(.control("u"))
                case .relayout: field.layout(width: 1 + number % 12)
                }
                for shown in [field.width, field.textWidth].map({ max(1, $0) }) {
                    let kept = field.lineLayouts.lines(width: shown)
                    #expect(kept == TextField.wrappedLines(field.characters, width: shown),
                            "after \(edit) \(pieces) at width \(shown): \(field.text.debugDescription)")
                }
            }
        }
    }

    /// Numbered words, about `bytes` long: every line of it can be told from the others.
    static func numberedWords(_ bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(bytes + 16)
        var number = 0
        while text.utf8.count < bytes {
            text += number == 0 ? "w0" : " w\(number)"
            number += 1
        }
        return text
    }

    /// The lines around the cursor of `field`, drawn as a form row draws them.
    static func window(of field: TextField, lines: Int = 6) -> [String] {
        let all = field.visualLines(width: field.textWidth)
        let first = max(0, field.cursorLine(in: all) - lines / 2)
        var canvas = Canvas(size: Size(width: field.width, height: lines))
        field.render(into: &canvas, rect: canvas.bounds, context: RenderContext(glyphs: .unicode), firstLine: first)
        return canvas.styledText.components(separatedBy: "\n")
    }

    @Test("a key at the start, middle and end of a 2 MB value: the lines shown are those of a fresh field of the text", arguments: [0, 1, 2])
    func aKeyInALongValueRedrawsItsLines(place: Int) {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        let value = Self.numberedWords(2 << 20)
        var field = TextField(text: value, traits: traits)
        field.beginEditing()
        field.layout(width: 24)
        let position = [0, value.count / 2, value.count][place]
        field.moveCursor(to: position)
        // A space splits the word: the line and every line after it wrap anew.
        field.handle(.character(" "))
        field.handle(.character("X"))
        var fresh = TextField(text: field.text, traits: traits)
        fresh.beginEditing()
        fresh.layout(width: 24)
        fresh.moveCursor(to: field.cursor)
        #expect(Self.window(of: field) == Self.window(of: fresh))
        #expect(field.lineCount(width: 24) == fresh.lineCount(width: 24))
        // And erased again: the lines of the value before.
        field.handle(.backspace)
        field.handle(.backspace)
        var before = TextField(text: value, traits: traits)
        before.beginEditing()
        before.layout(width: 24)
        before.moveCursor(to: position)
        #expect(Self.window(of: field) == Self.window(of: before))
    }

    @Test("a key at the start of a 2 MB value in a form: its first lines, drawn", arguments: [false, true])
    func aKeyAtTheStartOfALongValueInAForm(backspace: Bool) {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        let form = FormEditor(title: "Long", sections: [FormSection(fields: [FormField(key: "notes", label: "Notes", traits: traits)])],
                              values: ["notes": Self.numberedWords(2 << 20)])
        let root = RootController(content: NavigationController(root: form), size: Size(width: 40, height: 10))
        _ = root.render(context: RenderContext(glyphs: .unicode))
        form.moveCursor(to: 0, inFieldWithKey: "notes")
        _ = root.handle(.key(.character("x")))
        _ = root.handle(.key(.character(" ")))
        if backspace { _ = root.handle(.key(.backspace)) }
        let lines = root.render(context: RenderContext(glyphs: .unicode)).text.components(separatedBy: "\n")
        let typed = [
            " │ Notes       x w0 w1 w2 w3 w4 w5    │",
            " │             w6 w7 w8 w9 w10 w11    │",
            " │             w12 w13 w14 w15 w16    │",
            " │             w17 w18 w19 w20 w21    │",
        ]
        let erased = [
            " │ Notes       xw0 w1 w2 w3 w4 w5 w6  │",
            " │             w7 w8 w9 w10 w11 w12   │",
            " │             w13 w14 w15 w16 w17    │",
            " │             w18 w19 w20 w21 w22    │",
        ]
        #expect(Array(lines[1 ... 4]) == (backspace ? erased : typed))
    }
}

@Suite("A long text view in a form, scrolled: the lines shown are the field's own")
@MainActor
struct FormTextViewWindowTests {
    @Test("Tab past a 1 MB text view: its last lines show above the next field, after a key at its end")
    func theLastLinesShowAboveTheNextField() throws {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        let value = TextFieldLinesTests.numberedWords(1 << 20)
        let form = FormEditor(title: "Long", sections: [FormSection(fields: [
            FormField(key: "notes", label: "Notes", traits: traits), FormField(key: "after", label: "After"),
        ])], values: ["notes": value])
        let root = RootController(content: NavigationController(root: form), size: Size(width: 40, height: 10))
        _ = root.render(context: RenderContext(glyphs: .unicode))
        _ = root.handle(.key(.character(" ")))
        _ = root.handle(.key(.character("Z")))
        _ = root.handle(.key(.tab))
        let lines = root.render(context: RenderContext(glyphs: .unicode)).text.components(separatedBy: "\n")
        let after = try #require(lines.firstIndex { $0.contains("After") })
        // The field's last lines, wrapped whole at the width the form gives it.
        let editor = try #require(form.fields.first?.first)
        let characters = Array(value + " Z")
        let wrapped = TextField.wrappedLines(characters, width: editor.textWidth).suffix(3).map {
            String(characters[$0.range]).trimmingCharacters(in: .whitespaces)
        }
        let shown = lines[after - 3 ..< after].map { String($0.dropFirst(15).prefix(editor.textWidth)).trimmingCharacters(in: .whitespaces) }
        #expect(shown == wrapped, "\(lines)")
        #expect(wrapped.last?.hasSuffix(" Z") == true)
    }
}

@MainActor
@Suite("Pasted line breaks")
struct PastedLineBreakTests {
    @Test("CR LF, CR and LF pasted are one line break each in a text view, one space each in a single line")
    func lineBreaksOfEveryKind() {
        var traits = TextInputTraits(autocapitalizationType: .none)
        traits.isMultiline = true
        var view = TextField(traits: traits)
        view.paste("a\r\nb\rc\nd\te\u{7}")
        #expect(view.text == "a\nb\nc\nd e")
        var line = TextField(traits: TextInputTraits(autocapitalizationType: .none))
        line.paste("a\r\nb\rc\nd\te\u{7}")
        #expect(line.text == "a b c d e")
    }
}

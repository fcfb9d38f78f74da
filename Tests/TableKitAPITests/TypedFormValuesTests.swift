import Foundation
import PropertyBased
import TableKit
import Testing

/// A delegate that keeps what a save handed it, typed and as texts.
@MainActor
private final class SaveRecorder: FormEditorDelegate {
    var typed: [String: FormValue]?
    func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult {
        typed = values
        return .saved(.handled)
    }
}

/// A delegate written before typed values: only the method with texts.
@MainActor
private final class TextSaveRecorder: FormEditorDelegate {
    var texts: [String: String]?
    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult {
        texts = values
        return .saved(.handled)
    }
}

private let size = Size(width: 60, height: 16)

/// A form of every type: text, a whole number, a signed decimal with "," for the point, a
/// switch, a day, and a text that may be null.
@MainActor
private func everyTypeForm(_ values: [String: FormValue]) -> FormEditor {
    var count = TextInputTraits(keyboardType: .numberPad)
    count.returnKeyType = .next
    var price = TextInputTraits(keyboardType: .decimalPad, locale: Locale(identifier: "de_DE"))
    price.allowsNegativeNumbers = true
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
    var note = FormField(key: "note", label: "Note")
    note.allowsNull = true
    note.alternativeTypes = [.number]
    let form = FormEditor(title: "Item", sections: [FormSection(fields: [
        FormField(key: "name", label: "Name"),
        FormField(key: "count", label: "Count", traits: count),
        FormField(key: "price", label: "Price", traits: price),
        FormField(key: "sold", label: "Sold", kind: .toggle),
        FormField(key: "day", label: "Day", kind: .date(DatePicker.Configuration(mode: .date, calendar: utc))),
        note,
    ])], typedValues: values)
    form.layout(for: size)
    return form
}

@MainActor
@Suite("Typed form values: numbers, booleans, dates, text and null in and out")
struct TypedFormValuesTests {
    static let day = Date(timeIntervalSince1970: 1_299_974_400)  // 2011-03-13, midnight UTC

    @Test("values come back as they went in, typed; untouched, the form is clean and numbers keep their spelling")
    func roundTrip() {
        let values: [String: FormValue] = ["name": .text("Ann"), "count": .number(7), "price": .number(FormNumber("-1.50")!), "sold": .bool(true),
                                           "day": .date(Self.day), "note": .null]
        let form = everyTypeForm(values)
        #expect(form.typedValues == values)
        #expect(!form.isDirty)
        #expect(form.values["price"] == "-1,50", "a decimal pad shows the locale's separator")
        let drawn = lines(of: form, size: size).joined(separator: "\n")
        #expect(drawn.contains("-1,50") && drawn.contains("March 13, 2011"), "\(drawn)")
    }

    @Test("an emptied number is null, a number typed is a number, and the delegate gets them typed")
    func typedSave() {
        let form = everyTypeForm(["name": .text("Ann"), "count": .number(7), "price": .number(2), "sold": .bool(false), "note": .null])
        let recorder = SaveRecorder()
        form.formDelegate = recorder
        press([.tab, .control("u"), .tab, .control("u")] + "-3,25".map { Key.character($0) } + [.tab, .space, .control("s")], on: form, size: size)
        #expect(recorder.typed == ["name": .text("Ann"), "count": .null, "price": .number(FormNumber("-3.25")!), "sold": .bool(true), "day": .null, "note": .null])
    }

    @Test("a null reads No value and a value left out its placeholder: neither reads the word null, and untouched both stay as they were")
    func nullReadsInWords() {
        var note = FormField(key: "note", label: "Note", placeholder: "Not set")
        note.allowsNull = true
        var memo = FormField(key: "memo", label: "Memo", placeholder: "Not set")
        memo.allowsNull = true
        var sold = FormField(key: "sold", label: "Sold", kind: .toggle)
        sold.allowsNull = true
        let form = FormEditor(title: "Item", sections: [FormSection(fields: [note, memo, sold])], typedValues: ["note": .null, "sold": .null])
        form.layout(for: size)
        let drawn = lines(of: form, size: size)
        #expect(drawn.contains { $0.contains("Note") && $0.contains("No value") }, "an explicit null: \(drawn)")
        #expect(drawn.contains { $0.contains("Memo") && $0.contains("Not set") }, "a value left out: \(drawn)")
        #expect(drawn.contains { $0.contains("Sold") && $0.contains("No value") }, "a null switch: \(drawn)")
        #expect(!drawn.joined().contains("null"), "\(drawn)")
        #expect(!form.isDirty && form.typedValues["note"] == .null && form.typedValues["sold"] == .null)
    }

    @Test("a delegate with only the method with texts still gets its save")
    func textDelegate() {
        let form = everyTypeForm(["name": .text("Ann"), "count": .number(7)])
        let recorder = TextSaveRecorder()
        form.formDelegate = recorder
        press([.control("s")], on: form, size: size)
        #expect(recorder.texts?["name"] == "Ann" && recorder.texts?["count"] == "7" && recorder.texts?["sold"] == "false")
    }

    @Test("a null text stays null until something is typed, and again when emptied; ^T makes it a number or null")
    func nullText() {
        let form = everyTypeForm(["note": .null])
        let root = RootController(content: NavigationController(root: form), size: size)
        let screen = { root.render(context: RenderContext()).lines.joined(separator: "\n") }
        let press = { (keys: [Key]) in for key in keys { _ = root.handle(.key(key)) } }
        #expect(screen().contains("Note               No value"), "an empty null field says No value")
        form.focusRow(at: IndexPath(row: 5, section: 0))
        press([.character("4"), .character("2")])
        #expect(form.typedValues["note"] == .text("42"), "typed into, it is text: the field's own type")
        press([.control("u")])
        #expect(form.typedValues["note"] == .null, "emptied, it is null again")
        press([.character("4"), .character("2"), .control("t")])
        #expect(screen().contains("Text ✓") && screen().contains("Number") && screen().contains("null"), "\(screen())")
        press([.down, .enter])
        #expect(form.typedValues["note"] == .number(42), "^T Number: the same text, now a number")
        #expect(screen().contains("Note (number)"), "a field whose type changed says it: \(screen())")
        press([.control("t"), .down, .down, .enter])
        #expect(form.typedValues["note"] == .null)
        #expect(screen().contains("Note (number)      No value"), "\(screen())")
    }

    @Test("numbers as written: leading zeros and bare points are tidied, 1.50, 1E3 and -0 are kept")
    func numberSpelling() {
        let cases: [(String, String, String?)] = [
            ("007", ".", "7"), ("0", ".", "0"), (".5", ".", "0.5"), ("5.", ".", "5"), ("3,25", ",", "3.25"), ("+3", ".", "3"),
            ("-12", ".", "-12"), ("1E3", ".", "1E3"), ("1e-7", ".", "1e-7"), ("1.50", ".", "1.50"), ("-0", ".", "-0"),
            ("1.2.3", ".", nil), ("", ".", nil), ("12a", ".", nil), ("1e", ".", nil), ("-", ".", nil), (".", ".", nil), ("1.5", ",", nil),
        ]
        for (text, separator, expected) in cases {
            #expect(FormNumber(text, decimalSeparator: separator)?.text == expected, "\(text)")
        }
        #expect(FormNumber(0.1).text == "0.1" && FormNumber(-0.0).text == "-0" && FormNumber(1e21).text == "1e+21" && FormNumber(Double.nan).text == "0")
    }

    @Test("any text typed into a number or decimal pad, key by key, leaves a text its keyboard writes", arguments: [
        (KeyboardType.numberPad, false), (.numberPad, true), (.decimalPad, false), (.decimalPad, true),
    ])
    func numberPadsKeepTheirGrammar(keyboard: KeyboardType, allowsNegative: Bool) async {
        let keys = Gen.element(of: Array("0123456789.,-+eEx ")).map { $0 ?? "0" }.array(of: 0 ... 14)
        await propertyCheck(count: 300, input: keys, Gen.int(in: 0 ... 14)) { typed, moves in
            var traits = TextInputTraits(keyboardType: keyboard, locale: Locale(identifier: "en_US_POSIX"))
            traits.allowsNegativeNumbers = allowsNegative
            var field = TextField(traits: traits)
            field.beginEditing()
            for (offset, character) in typed.enumerated() {
                // Now and then the cursor goes home, so that keys land at every place.
                if offset == moves { field.handle(.home) }
                field.handle(.character(character))
            }
            let text = field.text
            let rule: Bool
            switch (keyboard, allowsNegative) {
            case (.numberPad, false): rule = text.allSatisfy { $0.isASCII && $0.isNumber }
            case (.numberPad, true): rule = text.drop { $0 == "-" }.allSatisfy { $0.isASCII && $0.isNumber } && text.filter { $0 == "-" }.count <= 1 && (!text.contains("-") || text.hasPrefix("-"))
            default:
                // Completed with a digit where it stops half-way ("5.", "1e-", "-"), it is a number.
                let completed = text.isEmpty ? "0" : text.last.map { $0.isASCII && $0.isNumber } == true ? text : text + "1"
                rule = FormNumber(completed) != nil && !text.hasPrefix("+") && (allowsNegative || !text.hasPrefix("-"))
            }
            #expect(rule, "typed \(String(typed)) → \(text)")
        }
    }

    @Test("what a decimal pad takes it also saves; the save refuses what it would not take", arguments: [false, true])
    func decimalPadSavesWhatItTakes(allowsNegative: Bool) async {
        await propertyCheck(count: 300, input: Gen.element(of: Array("0123456789.-eE")).map { $0 ?? "0" }.array(of: 1 ... 10)) { typed in
            let text = String(typed)
            var traits = TextInputTraits(keyboardType: .decimalPad, locale: Locale(identifier: "en_US_POSIX"))
            traits.allowsNegativeNumbers = allowsNegative
            let error = KeyboardType.decimalPad.validationError(of: text, range: nil, decimalSeparator: ".", allowsNegativeNumbers: allowsNegative)
            let isNumber = FormNumber(text) != nil && (allowsNegative || !text.hasPrefix("-"))
            #expect((error == nil) == isNumber, "\(text): \(error ?? "valid")")
        }
    }
}

import Foundation
import TableKit

/// Long values edited, as a person edits them: a form whose text view holds 1, 5 and 8 MB
/// (words, short lines, no spaces), a key typed and erased at its start, middle and end (and
/// the first key there, which also moves the field's gap from where the last edit was); a
/// single-line field likewise; and 1 and 8 MB pasted into an empty text view, an empty
/// single-line field and the search field. Each with the frame drawn after it. Figures only;
/// `table-browser benchmark --text-editing`.
@MainActor
func benchmarkTextEditing(size: Size, repetitions: Int, sizes: [Int] = [1 << 20, 5 << 20, 8 << 20]) throws -> String {
    var report = "Text editing at \(size.width)x\(size.height) (frame drawn after every key; keys are means of \(repetitions) typed and erased):\n"
    let context = RenderContext(glyphs: .unicode)
    for bytes in sizes {
        let label = "\(bytes >> 20) MB"
        for (kind, value) in [("words", longWords(bytes)), ("lines", longLines(bytes)), ("no spaces", longRun(bytes))] {
            for multiline in [true, false] {
                var traits = TextInputTraits(autocapitalizationType: .none)
                traits.isMultiline = multiline
                let form = FormEditor(title: "Long", sections: [FormSection(fields: [FormField(key: "value", label: "Value", traits: traits)])],
                                      values: ["value": value])
                let (root, open) = timed {
                    let root = RootController(content: NavigationController(root: form), size: size)
                    _ = root.render(context: context)
                    return root
                }
                let count = value.count
                var figures: [String] = []
                for (place, position) in [("start", 0), ("middle", count / 2), ("end", count)] {
                    form.moveCursor(to: position, inFieldWithKey: "value")
                    _ = root.render(context: context)
                    // The first key after the cursor moved far also moves the field's gap there.
                    let first = timedKeys(root, [.character("x")], repetitions: 1, context: context)
                    _ = root.handle(.key(.backspace))
                    let key = timedKeys(root, [.character("x"), .backspace], repetitions: repetitions, context: context)
                    figures.append(String(format: "%@ %.3f ms (the first there %.1f ms)", place, key, first))
                }
                report += String(format: "  %@ %@, %@: form opens %.1f ms; a key at the ", label, kind, multiline ? "text view" : "single line", open)
                    + figures.joined(separator: ", ") + "\n"
            }
        }
    }
    for bytes in [1 << 20, 8 << 20] {
        let label = "\(bytes >> 20) MB"
        let text = longWords(bytes)
        var figures: [String] = []
        for multiline in [true, false] {
            var traits = TextInputTraits(autocapitalizationType: .none)
            traits.isMultiline = multiline
            let form = FormEditor(title: "Paste", sections: [FormSection(fields: [FormField(key: "value", label: "Value", traits: traits)])])
            let root = RootController(content: NavigationController(root: form), size: size)
            _ = root.render(context: context)
            let (_, paste) = timed {
                _ = root.handle(.paste(text))
                _ = root.render(context: context)
            }
            let key = timedKeys(root, [.character("x"), .backspace], repetitions: max(1, repetitions / 10), context: context)
            figures.append(String(format: "into a %@ %.1f ms, then a key %.3f ms", multiline ? "text view" : "single line", paste, key))
        }
        var search = SearchField()
        let (_, searchPaste) = timed {
            _ = search.paste(text)
            var canvas = Canvas(size: size)
            search.render(into: &canvas, area: canvas.bounds, isEditing: true, context: context)
        }
        figures.append(String(format: "into the search %.1f ms", searchPaste))
        report += "  \(label) pasted (words): " + figures.joined(separator: "; ") + "\n"
    }
    return report
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A form's own undo, field by field: ⌃_ takes back the last change to a field (typing in one
/// field is one change until the focus moves), ⌃Y makes it again, `u` and `U` do the same on a
/// field that takes no text, and the status line names the field.
@MainActor
@Suite("Form undo: ⌃_ and ⌃Y take a field's change back and make it again")
struct FormUndoTests {
    static let size = Size(width: 40, height: 9)

    static func form() -> (RootController, FormEditor) {
        let form = FormEditor(title: "Pet", sections: [FormSection(fields: [
            FormField(key: "name", label: "Name"), FormField(key: "age", label: "Age"), FormField(key: "sold", label: "Sold", kind: .toggle),
        ])], values: ["name": "Rex", "age": "3", "sold": "false"])
        return (RootController(content: NavigationController(root: form), size: size), form)
    }

    private static func press(_ root: RootController, _ keys: [Key]) {
        for key in keys { _ = root.handle(.key(key)) }
    }

    private static func type(_ root: RootController, _ text: String) {
        press(root, text.map { Key.character($0) })
    }

    @Test func eachFieldsChangeIsTakenBackWholeAndMadeAgain() {
        let (root, form) = Self.form()
        Self.type(root, "ie")
        Self.press(root, [.tab, .control("u")])
        Self.type(root, "12")
        Self.press(root, [.tab, .space])
        #expect(form.values == ["name": "Rexie", "age": "12", "sold": "true"])
        #expect(form.undoManager.undoActionName == "Sold", "the form's own manager, named by the field")
        #expect(textLines(of: root.render(context: RenderContext())).last?.contains("^_ undo") == true, "the footer offers undo")
        Self.press(root, [.character("u")])
        #expect(form.values == ["name": "Rexie", "age": "12", "sold": "false"], "u on the switch takes the switch back")
        #expect(textLines(of: root.render(context: RenderContext())).last == " Undo Sold")
        Self.press(root, [.control("_")])
        #expect(form.values == ["name": "Rexie", "age": "3", "sold": "false"], "the Age field's clearing and typing are one change")
        expectFrame(root.render(context: RenderContext()), equals: [
            "Cancel (Esc)      Pet          Save (^S)",
            " ╭────────────────────────────────────╮",
            " │ Name        Rexie                  │",
            " │ Age         3                      │",
            " │ Sold                          [○ ] │",
            " ╰────────────────────────────────────╯",
            "",
            "",
            " Undo Age",
        ], "the field taken back; the status line names it")
        Self.type(root, "0")
        #expect(form.values["age"] == "30", "the focus (and the cursor, at its end) went to the field taken back")
        Self.press(root, [.control("_")])
        #expect(form.values["age"] == "3")
        Self.press(root, [.control("_")])
        #expect(form.values == ["name": "Rex", "age": "3", "sold": "false"])
        Self.press(root, [.control("_")])
        #expect(textLines(of: root.render(context: RenderContext())).last == " Nothing to undo")
        #expect(!form.isDirty, "back as it began")
        Self.press(root, [.control("y"), .control("y")])
        #expect(form.values == ["name": "Rexie", "age": "30", "sold": "false"], "the last change to Age was the 0 typed")
        Self.type(root, "x")
        Self.press(root, [.control("y")])
        #expect(textLines(of: root.render(context: RenderContext())).last == " Nothing to redo", "typing cleared the redo")
    }

    @Test func typingInTheSameFieldAfterTheFocusCameBackIsAChangeOfItsOwn() {
        let (root, form) = Self.form()
        Self.type(root, "a")
        Self.press(root, [.tab, .backTab])
        Self.type(root, "b")
        Self.press(root, [.control("_")])
        #expect(form.values["name"] == "Rexa")
        Self.press(root, [.control("_")])
        #expect(form.values["name"] == "Rex")
    }
}

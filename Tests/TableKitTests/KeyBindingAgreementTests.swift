import Foundation
import Testing
@testable import TableKit

/// How help names a key: the arrows as arrows, controls as `^W`, Space by name.
func helpName(of key: Key) -> String {
    switch key {
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .altLeft: return "A-←"
    case .altRight: return "A-→"
    case .altUp: return "A-↑"
    case .altDown: return "A-↓"
    case .control(let c): return "^" + c.uppercased()
    default: return key.description
    }
}

/// Whether `binding`'s label names every key it binds (`1…5` and `F1…F5` name ranges: each
/// key's number must lie in the range).
func labelNamesEveryKey<Action>(_ binding: KeyBinding<Action>) -> Bool {
    let words = binding.label.split(separator: " ").map(String.init)
    return binding.keys.allSatisfy { key in
        if words.contains(helpName(of: key)) { return true }
        let name = helpName(of: key)
        return words.contains { word in
            let ends = word.split(separator: "…").map(String.init)
            guard ends.count == 2, let low = Int(ends[0].filter(\.isNumber)), let high = Int(ends[1].filter(\.isNumber)),
                  ends[0].filter({ !$0.isNumber }) == name.filter({ !$0.isNumber }), let number = Int(name.filter(\.isNumber)) else { return false }
            return (low ... high).contains(number)
        }
    }
}

@Suite("Help and handling agree: every bound key is named by its help and handled")
@MainActor
struct KeyBindingAgreementTests {
    @Test("every binding's label names each of its keys, in every table")
    func labelsNameEveryKey() {
        func check<Action>(_ table: [KeyBinding<Action>], _ name: String) {
            for binding in table {
                #expect(labelNamesEveryKey(binding), "\(name): \(binding.label) binds \(binding.keys.map(helpName(of:)))")
            }
        }
        check(TableView.rowKeyBindings, "rows")
        check(TableView.indexKeyBindings, "index")
        check(TextField.editingKeyBindings, "text field")
        check([TextField.returnKeyBinding], "return")
        check(SearchField.keyBindings, "search field")
        check(PickerView.keyBindings, "picker")
        check(Slider.keyBindings, "slider")
        check(DatePickerController.keyBindings, "date screen")
        check(NavigationController.keyBindings, "back")
        check(TabBarController.keyBindings(tabCount: 5, capturesTextInput: false), "tabs")
        check(RootController.globalBindings, "global")
        check(FormEditor.formKeyBindings, "form")
        check(FormEditor.toggleKeyBindings, "toggle field")
        check(FormEditor.dateKeyBindings, "date field")
        check(AlertController.keyBindings, "alert")
        check(TableViewController.searchKeyBindings(helpText: "search", isActive: true), "search")
        check(EditingPart.deleteBindings + EditingPart.insertBindings + EditingPart.moveBindings + EditingPart.doneBindings, "editing")
        check(EditingPart.confirmingBindings, "delete button")
    }

    @Test("neighbours with the same help share one entry in help and in the footer")
    func neighboursShareAnEntry() {
        #expect(TextField.keyHelp.map(\.key) == ["← →", "A-← A-→", "Home End ^A ^E", "Backspace Delete", "^W", "^U"])
        #expect(PickerView.keyBindings.footerHints() == [KeyHint("↑ ↓", "turn"), KeyHint("← →", "wheel")])
    }

    @Test("every editing key does something to a field with text on both sides of the cursor")
    func everyEditingKeyIsHandled() {
        for binding in TextField.editingKeyBindings {
            for key in binding.keys {
                var field = TextField(text: "one two three")
                field.moveCursor(to: 6)
                let before = field
                #expect(field.handle(key) != nil && (field.text != before.text || field.cursor != before.cursor), "\(helpName(of: key))")
            }
        }
    }

    @Test("every wheel key turns a wheel or moves to another")
    func everyWheelKeyIsHandled() {
        for binding in PickerView.keyBindings {
            for key in binding.keys {
                var picker = PickerView(components: (0 ..< 3).map { _ in PickerComponent((1 ... 20).map(String.init)) })
                for component in 0 ..< 3 { picker.selectRow(10, inComponent: component) }
                picker.focusedComponent = 1
                let before = picker
                _ = picker.handle(key)
                #expect(picker != before, "\(helpName(of: key))")
            }
        }
    }

    @Test("every slider key moves the thumb from the middle")
    func everySliderKeyIsHandled() {
        for binding in Slider.keyBindings {
            for key in binding.keys {
                var slider = Slider(value: 50, in: 0 ... 100, step: 1, pageStep: 10)
                #expect(Slider.motion(for: key).map { slider.move($0) } == true, "\(helpName(of: key))")
            }
        }
    }

    @Test("every back key pops when the screen in front does not use it")
    func everyBackKeyPops() {
        for binding in NavigationController.keyBindings {
            for key in binding.keys {
                let navigation = NavigationController(root: TextViewController(title: "Root", text: "root"))
                navigation.push(TextViewController(title: "Top", text: "top"))
                let root = RootController(content: navigation, size: Size(width: 40, height: 20))
                _ = root.render(context: RenderContext(glyphs: .unicode))
                _ = root.handle(.key(key))
                #expect(navigation.stack.count == 1, "\(helpName(of: key))")
            }
        }
    }

    @Test("every form key is handled, whatever the field")
    func everyFormKeyIsHandled() {
        let fields = [
            FormField(key: "name"),
            FormField(key: "on", kind: .toggle),
            FormField(key: "when", kind: .date(.init(mode: .date))),
        ]
        for field in fields {
            let own: [[Key]] = switch field.kind {
            case .toggle: FormEditor.toggleKeyBindings.map(\.keys)
            case .date: FormEditor.dateKeyBindings.map(\.keys)
            default: []
            }
            for key in (FormEditor.formKeyBindings.map(\.keys) + own).joined() {
                let form = FormEditor(title: "Form", sections: [FormSection(fields: [field, FormField(key: "other")])])
                let root = RootController(content: NavigationController(root: form), size: Size(width: 40, height: 12))
                _ = root.render(context: RenderContext(glyphs: .unicode))
                let response = form.handle(.key(key), area: Rect(x: 0, y: 0, width: 40, height: 10))
                if case .ignored = response { Issue.record("\(field.key): \(helpName(of: key)) was ignored") }
            }
        }
    }

    @Test("help for the back keys leaves out h while the screen takes typed letters")
    func backHelpFollowsTheTable() {
        let navigation = NavigationController(root: TextViewController(title: "Root", text: "root"))
        navigation.push(TextViewController(title: "Top", text: "top"))
        #expect(navigation.keyHelp.last == KeyHint("Esc ← h Backspace", "back to Root"))
        #expect(navigation.keyHints.last == KeyHint("Esc", "back"))
    }
}

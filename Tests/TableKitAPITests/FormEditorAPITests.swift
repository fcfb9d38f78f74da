import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A delegate that keeps what the form told it, in order.
@MainActor
private final class FormLog: FormEditorDelegate {
    var events: [String] = []
    var saved: [String: FormValue]?

    func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult {
        events.append("save")
        saved = values
        return .saved(.pop)
    }

    func formEditorDidCancel(_ form: FormEditor) -> ScreenResponse {
        events.append("cancel")
        return .pop
    }

    func formEditorDidDelete(_ form: FormEditor) -> ScreenResponse {
        events.append("delete")
        return .pop
    }
}

/// A delegate that answers saves only: Cancel and Delete do what the protocol does by default.
@MainActor
private final class SavesOnly: FormEditorDelegate {
    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult { .saved(.handled) }
}

/// A form that hears its clear buttons, as `textFieldShouldClear(_:)` does, and lets the form
/// clear the field.
@MainActor
private final class ClearWatchingForm: FormEditor {
    var cleared: [IndexPath] = []

    override func clearButtonTapped(at indexPath: IndexPath) -> ScreenResponse {
        cleared.append(indexPath)
        return super.clearButtonTapped(at: indexPath)
    }
}

@MainActor
@Suite("Form editor: its buttons' titles, what its delegate hears and when, a save from code")
struct FormEditorAPITests {
    static let size = Size(width: 48, height: 9)

    static func contactFields() -> [FormSection] {
        var email = TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none)
        email.isRequired = true
        return [FormSection(fields: [FormField(key: "name", label: "Name"), FormField(key: "email", label: "Email", traits: email)])]
    }

    /// A contact list with a contact's form pushed on it, the form told to `delegate`.
    static func presented(_ form: FormEditor, delegate: any FormEditorDelegate) -> (RootController, NavigationController) {
        let navigation = NavigationController(root: TableViewController(title: "Contacts", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Ada")])))
        let root = RootController(content: navigation, size: size)
        form.formDelegate = delegate
        navigation.push(form)
        return (root, navigation)
    }

    @Test func theTitlesSetOnTheFormNameItsButtonsAndDeleteAsksBeforeTheDelegateHears() {
        let form = FormEditor(title: "Ada", sections: Self.contactFields(), values: ["name": "Ada", "email": "ada@example.org"])
        form.saveTitle = "Done"
        form.cancelTitle = "Close"
        form.deleteTitle = "Delete Contact"
        let log = FormLog()
        let (root, navigation) = Self.presented(form, delegate: log)
        expectFrame(root.render(context: RenderContext()), equals: [
            "Close (Esc)           Ada              Done (^S)",
            " ╭────────────────────────────────────────────╮",
            " │ Name           Ada                         │",
            " │ Email          ada@example.org             │",
            " ╰────────────────────────────────────────────╯",
            "",
            "",
            "              Delete Contact (^D)",
            " Tab next  Enter Return  ^S done  ^C quit",
        ])
        _ = root.handle(.key(.control("d")))
        expectFrame(root.render(context: RenderContext()), equals: [
            "Close (Es╭────────────────────────────╮Done (^S)",
            " ╭───────│      Delete Contact?       │───────╮",
            " │ Name  ├────────────────────────────┤       │",
            " │ Email │     Delete Contact (d)     │       │",
            " ╰───────╰────────────────────────────╯───────╯",
            "         ╭────────────────────────────╮",
            "         │           Cancel           │",
            "         ╰────────────────────────────╯",
            " ↑ ↓ move  Enter choose  Esc cancel",
        ])
        #expect(log.events.isEmpty, "not before the sheet's answer")
        _ = root.handle(.key(.character("d")))
        #expect(log.events == ["delete"] && navigation.stack.count == 1)
    }

    @Test func cancelTellsTheDelegateAtOnceWhenCleanAndAfterDiscardWhenEdited() {
        let log = FormLog()
        let (root, navigation) = Self.presented(FormEditor(title: "New", sections: Self.contactFields()), delegate: log)
        _ = root.handle(.key(.escape))
        #expect(log.events == ["cancel"] && navigation.stack.count == 1)
        let (edited, editedNavigation) = Self.presented(FormEditor(title: "New", sections: Self.contactFields()), delegate: log)
        _ = edited.handle(.key(.character("G")))
        _ = edited.handle(.key(.escape))
        #expect(log.events == ["cancel"] && edited.modals.count == 1, "Discard changes? first")
        _ = edited.handle(.key(.right))
        _ = edited.handle(.key(.enter))
        #expect(log.events == ["cancel", "cancel"] && editedNavigation.stack.count == 1)
    }

    @Test func withoutItsOwnCancelAndDeleteTheFormGoesBack() {
        let delegate = SavesOnly()
        let form = FormEditor(title: "Ada", sections: Self.contactFields(), values: ["name": "Ada"], deleteTitle: "Delete")
        let (root, navigation) = Self.presented(form, delegate: delegate)
        _ = root.handle(.key(.escape))
        #expect(navigation.stack.count == 1)
        let (deleting, deletingNavigation) = Self.presented(
            FormEditor(title: "Ada", sections: Self.contactFields(), values: ["name": "Ada"], deleteTitle: "Delete"), delegate: delegate)
        _ = deleting.handle(.key(.control("d")))
        _ = deleting.handle(.key(.character("d")))
        #expect(deletingNavigation.stack.count == 1)
    }

    @Test func aSaveFromCodeSaysWhyUnderTheFieldAndSavesOnlyWhenEveryFieldIsValid() {
        let form = FormEditor(title: "New", sections: Self.contactFields(), values: ["name": "Grace"])
        let log = FormLog()
        let (root, _) = Self.presented(form, delegate: log)
        if case .pop = form.save() { Issue.record("an invalid form does not go back") }
        #expect(form.errors.keys.sorted() == ["email"] && log.events.isEmpty)
        expectFrame(root.render(context: RenderContext()), equals: [
            "Cancel (Esc)          New              Save (^S)",
            " ╭────────────────────────────────────────────╮",
            " │ Name           Grace                       │",
            " │ Email                                      │",
            " │ Email is required                          │",
            " ╰────────────────────────────────────────────╯",
            "",
            "",
            " 1 field needs attention: nothing was saved",
        ])
        for character in "grace@example.org" { _ = root.handle(.key(.character(character))) }
        _ = form.save()
        #expect(form.errors.isEmpty && log.events == ["save"])
        #expect(log.saved == ["name": .text("Grace"), "email": .text("grace@example.org")])
    }

    @Test func aClickOnAFieldsClearButtonIsTheFormsToHandleAndASubclassHearsIt() throws {
        var name = TextInputTraits()
        name.clearButtonMode = .whileEditing
        let form = ClearWatchingForm(title: "Ada", sections: [FormSection(fields: [FormField(key: "name", label: "Name", traits: name)])],
                                     values: ["name": "Ada"])
        form.layout(for: Self.size)
        let lines = textLines(of: canvas(of: form, size: Self.size))
        let line = try #require(lines.firstIndex { $0.contains("Ada") && $0.contains("×") })
        let column = lines[line].distance(from: lines[line].startIndex, to: try #require(lines[line].firstIndex(of: "×")))
        _ = form.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: line))), area: Rect(origin: .zero, size: Self.size))
        _ = form.handle(.mouse(MouseEvent(.release, at: Point(x: column, y: line))), area: Rect(origin: .zero, size: Self.size))
        #expect(form.cleared == [IndexPath(row: 0, section: 0)])
        #expect(form.values["name"] == "", "the form cleared it")
    }

    @Test func aNumberComesBackAsAFormNumberThatTheAppReadsAsADouble() {
        var price = TextInputTraits(keyboardType: .decimalPad)
        price.decimalSeparator = ","
        let count = 3
        let form = FormEditor(title: "Item", sections: [FormSection(fields: [
            FormField(key: "count", label: "Count", traits: TextInputTraits(keyboardType: .numberPad)),
            FormField(key: "price", label: "Price", traits: price),
        ])], typedValues: ["count": .number(FormNumber(count)), "price": .null])
        let log = FormLog()
        let (root, _) = Self.presented(form, delegate: log)
        for key: Key in [.tab, .character("2"), .character("."), .character(","), .character("5")] { _ = root.handle(.key(key)) }
        expectFrame(root.render(context: RenderContext()), equals: [
            "Cancel (Esc)          Item             Save (^S)",
            " ╭────────────────────────────────────────────╮",
            " │ Count          3                           │",
            " │ Price          2,5                         │",
            " ╰────────────────────────────────────────────╯",
            "",
            "",
            "",
            " Tab next  Enter Return  ^S save  ^C quit",
        ], "the point refused, the comma taken")
        _ = form.save()
        guard case .number(let total)? = log.saved?["count"], case .number(let cost)? = log.saved?["price"] else {
            Issue.record("numbers did not come back as numbers: \(String(describing: log.saved))")
            return
        }
        #expect(total.doubleValue == 3 && total.isWhole)
        #expect(cost.doubleValue == 2.5 && !cost.isWhole, "2,5 typed with a comma for the point")
    }
}

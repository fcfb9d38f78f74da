import Foundation
import TableKit
import Testing

/// A form that watches its own table, as a `UITableViewController` subclass would: it
/// overrides delegate methods the form implements (select) and those it leaves alone (focus).
private final class WatchingForm: FormEditor {
    var focused: [IndexPath?] = []
    var selected: [IndexPath] = []

    override func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) {
        focused.append(indexPath)
    }

    override func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        selected.append(indexPath)
        return super.tableView(tableView, didSelectRowAt: indexPath)
    }
}

@Suite("A FormEditor subclass's table delegate methods")
@MainActor
struct FormEditorSubclassTests {
    private let size = Size(width: 40, height: 10)

    @Test("are called: a click on another field tells the subclass the focus moved and the row was selected, and the form still edits it")
    func subclassDelegateMethodsAreCalled() throws {
        let form = WatchingForm(title: "Profile", sections: [FormSection(fields: [
            FormField(key: "name", label: "Name"), FormField(key: "email", label: "Email"),
        ])], values: ["name": "Ann"])
        form.layout(for: size)
        let line = try #require(lines(of: form, size: size).firstIndex { $0.contains("Email") })
        _ = form.handle(.mouse(MouseEvent(.press, at: Point(x: 4, y: line))), area: Rect(origin: .zero, size: size))
        #expect(form.focused.last == IndexPath(row: 1, section: 0))
        #expect(form.selected == [IndexPath(row: 1, section: 0)])
        press(Array("42").map { Key.character($0) }, on: form, size: size)
        #expect(form.values["email"] == "42", "the form's own behaviour stays: the clicked field takes the keys")
    }
}

import Foundation
import TableKit
import Testing

/// A screen's left bar button items take the back button's place, as in UIKit (a form's
/// Cancel), and the footer and help say the keys of what the bar shows, each once.
@MainActor
@Suite("Left bar items replace the back button; the footer names what the bar shows")
struct LeftBarItemsTests {
    let area = Rect(x: 0, y: 0, width: 60, height: 20)

    private func stack() -> NavigationController {
        NavigationController(root: TableViewController(title: "Books", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Emma")])))
    }

    private func barLine(_ navigation: NavigationController) -> String {
        var canvas = Canvas(size: area.size)
        navigation.render(into: &canvas, area: area, context: RenderContext())
        return canvas.lines[0]
    }

    @Test func aPushedListHasItsBackButtonAndTheFooterSaysEscGoesBack() {
        let navigation = stack()
        navigation.push(TableViewController(title: "Emma", dataSource: StaticTableDataSource(cells: [])))
        #expect(barLine(navigation).hasPrefix("‹ Books"))
        #expect(navigation.showsBackButton)
        #expect(navigation.keyHints.contains(KeyHint("Esc", "back")), "\(navigation.keyHints)")
        #expect(navigation.keyHelp.contains { $0.help == "back to Books" })
    }

    @Test func aScreenWithCancelShowsCancelWhereBackWasAndNamesEscOnce() {
        let navigation = stack()
        let date = DatePickerController(title: "Released", datePicker: DatePicker(configuration: .init(mode: .date))) { _ in }
        navigation.push(date)
        let bar = barLine(navigation)
        #expect(bar.hasPrefix("Cancel (Esc)") && !bar.contains("‹") && !bar.contains("Books"), "\(bar)")
        #expect(!navigation.showsBackButton)
        let escapes = navigation.keyHints.filter { $0.key.split(separator: " ").contains("Esc") }
        #expect(escapes == [KeyHint("Esc", "cancel")], "Esc once, as Cancel: \(navigation.keyHints)")
        #expect(!navigation.keyHelp.contains { $0.help.hasPrefix("back to") }, "\(navigation.keyHelp)")
        // A press where the back button was is no back button.
        _ = navigation.handle(.mouse(MouseEvent(.press, at: Point(x: 14, y: 0))), area: area)
        #expect(navigation.stack.count == 2)
    }

    @Test func aFormsSaveHintSaysWhatItsButtonSays() {
        let form = FormEditor(title: "Reply", sections: [FormSection(fields: [FormField(key: "text", placeholder: "Tweet your reply")])],
                              values: [:], saveTitle: "Send")
        form.layout(for: area.size)
        #expect(form.keyHints.last == KeyHint("^S", "send"), "\(form.keyHints)")
        #expect(form.rightBarButtonItems.first?.title == "Send")
    }
}

import Foundation
import TableKit
import Testing

/// Records what a table controller tells its delegate; can refuse or redirect selections.
@MainActor
private final class RecordingDelegate: TableViewDelegate {
    var calls: [String] = []
    var redirect: (IndexPath) -> IndexPath? = { $0 }

    func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willSelect \(indexPath.section).\(indexPath.row)")
        return redirect(indexPath)
    }
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        calls.append("didSelect \(indexPath.section).\(indexPath.row)")
        return .push(TableViewController(title: "Row \(indexPath.row)", dataSource: StaticTableDataSource([])))
    }
    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        calls.append("info \(indexPath.section).\(indexPath.row)")
        return .handled
    }
    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        calls.append("edit \(indexPath.section).\(indexPath.row)")
        return .handled
    }
    func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) {
        calls.append("focus \(indexPath.map { "\($0.section).\($0.row)" } ?? "none")")
    }
}

@MainActor
private func cells(_ accessories: [Accessory]) -> StaticTableDataSource {
    StaticTableDataSource(cells: accessories.enumerated().map { TableViewCell(text: "Row \($0.offset)", accessory: $0.element) })
}

@MainActor
@Suite("TableViewController: keys and clicks in, delegate calls out")
struct TableViewControllerTests {
    let size = Size(width: 30, height: 6)

    private func controller(_ accessories: [Accessory]) -> (TableViewController, RecordingDelegate) {
        let controller = TableViewController(title: "T", dataSource: cells(accessories))
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        controller.layout(for: size)
        delegate.calls = []
        return (controller, delegate)
    }

    @Test func enterSelectsThroughWillSelectAndTheDelegatesAnswerIsReturned() {
        let (controller, delegate) = controller([.disclosureIndicator, .disclosureIndicator])
        let response = press([.down, .enter], on: controller, size: size)
        #expect(delegate.calls == ["focus 0.1", "willSelect 0.1", "didSelect 0.1"])
        #expect(response.pushedTitle == "Row 1")
    }

    @Test func willSelectMayRefuseOrRedirect() {
        let (controller, delegate) = controller([.none, .none, .none])
        delegate.redirect = { _ in nil }
        #expect(press([.enter], on: controller, size: size).pushedTitle == nil)
        #expect(delegate.calls == ["willSelect 0.0"], "refused: no didSelect")
        delegate.calls = []
        delegate.redirect = { _ in IndexPath(row: 2, section: 0) }
        #expect(press([.enter], on: controller, size: size).pushedTitle == "Row 2")
        #expect(delegate.calls == ["willSelect 0.0", "focus 0.2", "didSelect 0.2"])
        #expect(controller.state.focusedRow == IndexPath(row: 2, section: 0))
    }

    @Test func accessoryButtonsActWithoutSelectingByKeyAndByClick() throws {
        let (controller, delegate) = controller([.detailDisclosureButton, .button("[✎]")])
        press([.character("i")], on: controller, size: size)
        press([.down, .character("e")], on: controller, size: size)
        #expect(delegate.calls == ["info 0.0", "focus 0.1", "edit 0.1"])
        // A click on the ⓘ of row 0 (its columns are at the right edge) and on row 1's [✎].
        delegate.calls = []
        let infoColumn = try #require(lines(of: controller, size: size)[0].firstIndex(of: "ⓘ")?.utf16Offset(in: lines(of: controller, size: size)[0]))
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: infoColumn, y: 0))), area: Rect(origin: .zero, size: size))
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: size.width - 2, y: 1))), area: Rect(origin: .zero, size: size))
        #expect(delegate.calls == ["focus 0.0", "info 0.0", "focus 0.1", "edit 0.1"])
        #expect(!delegate.calls.contains { $0.hasPrefix("didSelect") })
        // A click elsewhere on the row selects it.
        delegate.calls = []
        _ = controller.handle(.mouse(MouseEvent(.press, at: Point(x: 2, y: 0))), area: Rect(origin: .zero, size: size))
        #expect(delegate.calls == ["focus 0.0", "willSelect 0.0", "didSelect 0.0"])
    }

    @Test func helpListsOnlyTheKeysThatActOnTheFocusedRow() {
        let (controller, delegate) = controller([.detailButton, .none])
        let keys = controller.keyHelp.map(\.key)
        #expect(keys.contains("i") && !keys.contains("e") && keys.contains("Enter → l"))
        #expect(!keys.contains("Tab"), "no section index, no Tab")
        press([.down], on: controller, size: size)
        #expect(!controller.keyHelp.map(\.key).contains("i"))
        withExtendedLifetime(delegate) {}
        controller.delegate = nil
        #expect(!controller.keyHelp.map(\.key).contains("Enter → l"), "nobody to tell: Enter does nothing")
        let empty = TableViewController(title: "E", dataSource: StaticTableDataSource([]))
        empty.layout(for: size)
        #expect(empty.keyHelp.isEmpty)
    }

    @Test func programmaticFocusTellsNoDelegate() {
        let (controller, delegate) = controller(Array(repeating: .none, count: 20))
        controller.focusRow(at: IndexPath(row: 15, section: 0))
        #expect(delegate.calls.isEmpty)
        #expect(lines(of: controller, size: size).last == " Row 15")
    }

    @Test func theControllerDrawsFocusAndAnEmptyMessage() {
        let (controller, _) = controller([.disclosureIndicator, .none])
        press([.down], on: controller, size: size)
        let styled = styledLines(of: controller, size: size)
        #expect(styled[1].hasPrefix("«rev| Row 1"))
        #expect(!styled[0].contains("rev"))
        let empty = TableViewController(title: "E", tableView: TableView(emptyMessage: "Nothing Here"), dataSource: StaticTableDataSource([]))
        empty.layout(for: size)
        #expect(lines(of: empty, size: size).contains { $0.contains("Nothing Here") })
    }
}

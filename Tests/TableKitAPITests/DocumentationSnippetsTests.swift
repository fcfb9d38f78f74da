import Foundation
import TableKit
import Testing

/// The code samples of the documentation, compiled and run, so that none of them rots.
@MainActor
@Suite("Documentation samples compile and do what they say")
struct DocumentationSnippetsTests {
    /// `TableKit.md`: a list in two lines.
    @Test func theOverviewsList() {
        let list = TableViewController(title: "Fruit", dataSource: IndexedSections(["Apple", "Banana"], title: { $0 }) {
            TableViewCell(text: $0)
        })
        let root = RootController(content: NavigationController(root: list), size: Size(width: 30, height: 8))
        let lines = root.render(context: RenderContext()).lines
        #expect(lines[1].hasPrefix(" A "))
        #expect(lines[2].hasPrefix(" Apple"))
    }

    /// `Screen`'s doc comment: a screen that is not a table.
    @Test func aScreenOfAnotherKind() {
        final class AboutScreen: Screen {
            let title = "About"
            func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
                canvas.draw("TableKit", at: area.origin, style: .plain, clip: area)
            }
            func handle(_ event: Event, area: Rect) -> ScreenResponse { .ignored }
        }
        let root = RootController(content: NavigationController(root: AboutScreen()), size: Size(width: 30, height: 8))
        #expect(root.render(context: RenderContext()).lines[1].hasPrefix("TableKit"))
    }

    /// `StaticTableDataSource`'s doc comment.
    @Test func aStaticGroupedScreen() {
        let about = StaticTableDataSource([
            TableSection(header: "Fruit", cells: [
                TableViewCell(style: .value1, text: "Name", detailText: "Apple"),
                TableViewCell(style: .value1, text: "Colour", detailText: "Red"),
            ]),
        ])
        let screen = TableViewController(title: "Apple", style: .grouped, dataSource: about)
        screen.layout(for: Size(width: 30, height: 6))
        #expect(lines(of: screen, size: Size(width: 30, height: 6)).contains(" │ Colour               Red │"))
    }
}

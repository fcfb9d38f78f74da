import Testing
@testable import TableKit

@Suite("Navigation bar")
struct NavigationBarTests {
    private func draw(_ bar: NavigationBar, width: Int) -> String {
        var canvas = Canvas(size: Size(width: width, height: 1))
        bar.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        return canvas.lines[0]
    }

    @Test func rootHasACentredTitleAndNoBackButton() {
        #expect(draw(NavigationBar(title: "Books"), width: 15) == "     Books     ")
    }

    @Test func backTitleFallsBackAsTheBarNarrows() {
        let bar = NavigationBar(title: "Dune", backTitle: "Books")
        #expect(draw(bar, width: 30) == "‹ Books      Dune             ")
        #expect(bar.backButtonText(width: 18) == "‹ Back")
        #expect(bar.backButtonText(width: 10) == "‹")
        #expect(draw(bar, width: 10) == "‹  Dune   ")
    }

    @Test func buttonsThatDoNotFitAreLeftOutNotDrawnOverEachOther() {
        let left = [("Edit", "E"), ("Sort", "o"), ("Columns", "c")].map { BarButtonItem(id: .init($0.0), title: $0.0, key: .character(Character($0.1))) }
        let right = [("⋯", "a"), ("+", "+"), ("⟳", "r")].map { BarButtonItem(id: .init($0.0), title: $0.0, key: .character(Character($0.1))) }
        let bar = NavigationBar(title: "people", leftItems: left, rightItems: right)
        #expect(draw(bar, width: 60) == "Edit (E)  Sort (o)  Columns (c) people   ⋯ (a)  + (+)  ⟳ (r)")
        // The left side's last button goes first, then the next; the right side keeps its own.
        #expect(draw(bar, width: 40) == "Edit (E)  Sort (o) … ⋯ (a)  + (+)  ⟳ (r)")
        #expect(draw(bar, width: 30) == "Edit (E) … ⋯ (a)  + (+)  ⟳ (r)")
        // With the left side gone, the right side's first buttons go: its last stays.
        let narrow = draw(bar, width: 12)
        #expect(narrow.hasSuffix("⟳ (r)") && !narrow.contains("Edit") && !narrow.contains("⋯"), "\(narrow)")
        // Whatever stays is where a click lands, and every key still works.
        #expect(bar.itemID(atColumn: 0, width: 12) == nil && bar.itemID(atColumn: 11, width: 12) == .init("⟳"))
        #expect(bar.itemID(for: .character("E")) == .init("Edit"))
    }

    @Test func longTitlesTruncateBesideTheBackButton() {
        let bar = NavigationBar(title: "The Hitchhiker's Guide to the Galaxy", backTitle: "Books")
        let line = draw(bar, width: 20)
        #expect(line.hasPrefix("‹ "))
        #expect(line.contains("…"))
        #expect(line.displayWidth == 20)
    }

    @Test func backButtonIsClickable() {
        let bar = NavigationBar(title: "Dune", backTitle: "Books")
        #expect(bar.isBackButton(atColumn: 0, width: 30))
        #expect(bar.isBackButton(atColumn: 6, width: 30))
        #expect(!bar.isBackButton(atColumn: 14, width: 30))
        #expect(!NavigationBar(title: "Root").isBackButton(atColumn: 0, width: 30))
    }
}

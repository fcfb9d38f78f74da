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

import Foundation
import TableKit
import TableKitTerminal
import Testing

// The code of DocC's "Running an App" that needs TableKitTerminal: ArticleSnippetsTests finds
// each block of the article here, word for word, and the test below runs it.

@MainActor
func headlessFrame() throws -> [String] {
    let planets = StaticTableDataSource(cells: ["Mercury", "Venus", "Earth"].map { TableViewCell(text: $0, accessory: .disclosureIndicator) })
    let app = TerminalApp { capabilities in
        RootController(content: NavigationController(root: TableViewController(title: "Planets", dataSource: planets)), size: Size(width: 30, height: 8))
    }
    let frame = try app.snapshot(size: Size(width: 30, height: 8), keys: [.down, .down])
    return frame.lines
}

@MainActor
@Suite("DocC's Running an App: its headless code runs")
struct ArticleTerminalSnippetsTests {
    @Test func aHeadlessRunGivesTheFrameAfterTheKeys() throws {
        let lines = try headlessFrame().map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(lines[0].contains("Planets"))
        #expect(lines[1 ... 3].map { $0.hasPrefix(" Mercury") || $0.hasPrefix(" Venus") || $0.hasPrefix(" Earth") } == [true, true, true], "\(lines)")
        #expect(lines.last?.contains("? help") == true, "the footer, as a terminal shows it: \(lines)")
    }
}

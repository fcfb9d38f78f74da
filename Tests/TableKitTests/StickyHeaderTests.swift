import Foundation
import Testing
@testable import TableKit

@MainActor
@Suite("Plain style: sticky section headers")
struct StickyHeaderTests {
    @Test func headerSticksWhileItsSectionScrolls() {
        let table = TableView(style: .plain)
        let data = CountingDataSource(rows: [6, 6])
        var state = TableViewState()
        state.scrollPosition = ScrollPosition(item: .row(IndexPath(row: 2, section: 0)))
        #expect(table.lines(state, data, size: Size(width: 12, height: 4)) == [" A", " Row 0.3", " Row 0.4", " Row 0.5"])
    }

    @Test func nextHeaderReplacesThePinnedOne() {
        let table = TableView(style: .plain)
        let data = CountingDataSource(rows: [3, 3])
        var state = TableViewState()
        state.scrollPosition = ScrollPosition(item: ContentItem(.header, section: 1))
        #expect(table.lines(state, data, size: Size(width: 12, height: 3)) == [" B", " Row 1.0", " Row 1.1"])
    }

    /// With two-line headers the hand-over is visible: the outgoing header is pushed up one
    /// line at a time and never overlaps the incoming one.
    @Test func nextHeaderPushesThePinnedOneUpLineByLine() {
        let table = TableView(style: .plain, sectionHeaderHeight: 2)
        let data = CountingDataSource(rows: [4, 4])
        let size = Size(width: 12, height: 5)
        var state = TableViewState()
        // Content lines: A(2) rows 0.0–0.3, B(2) rows 1.0–1.3.
        var frames: [[String]] = []
        for offset in 0..<6 {
            state.scrollPosition = TableContent(table: table, dataSource: data, width: 12)
                .position(ScrollPosition(item: .row(IndexPath(row: 0, section: 0))), movedBy: offset)
            frames.append(table.lines(state, data, size: size))
        }
        #expect(frames[0] == ["", " A", " Row 0.2", " Row 0.3", ""])
        #expect(frames[1] == ["", " A", " Row 0.3", "", " B"])
        // The outgoing header sits right above the incoming one, then is pushed up by one line…
        #expect(frames[2] == ["", " A", "", " B", " Row 1.0"])
        #expect(frames[3] == [" A", "", " B", " Row 1.0", " Row 1.1"])
        // …and then the incoming header is at its natural place, then pinned.
        #expect(frames[4] == ["", " B", " Row 1.0", " Row 1.1", " Row 1.2"])
        #expect(frames[5] == ["", " B", " Row 1.1", " Row 1.2", " Row 1.3"])
        // At every step exactly one header title is on the top two lines.
        for frame in frames {
            let titles = frame.prefix(2).filter { $0 == " A" || $0 == " B" }
            #expect(titles.count == 1, "\(frame)")
        }
    }

    @Test func groupedHeadersDoNotStick() {
        let table = TableView(style: .grouped)
        let data = CountingDataSource(rows: [6, 6])
        var state = TableViewState()
        state.scrollPosition = ScrollPosition(item: .row(IndexPath(row: 2, section: 0)))
        #expect(table.lines(state, data, size: Size(width: 13, height: 3)) == [" │ Row 0.2 │", " │ Row 0.3 │", " │ Row 0.4 │"])
    }
}

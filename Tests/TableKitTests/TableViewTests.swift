import Foundation
import Testing
@testable import TableKit

@MainActor
@Suite("Table view: drawing, focus and scrolling")
struct TableViewTests {
    let table = TableView(style: .plain)

    @Test func drawsHeadersRowsAndFocus() {
        let data = CountingDataSource(rows: [2, 1])
        data.accessory = .disclosureIndicator
        var state = TableViewState()
        table.update(&state, action: .refresh, dataSource: data, size: Size(width: 12, height: 6))
        #expect(table.lines(state, data, size: Size(width: 12, height: 6)) == [
            " A", " Row 0.0  ›", " Row 0.1  ›", " B", " Row 1.0  ›", "",
        ])
        #expect(table.focusLines(state, data, size: Size(width: 12, height: 6)) == [1])
    }

    @Test func subtitleCellsTakeTwoLines() {
        let data = CountingDataSource(rows: [1])
        data.style = .subtitle
        var state = TableViewState()
        table.update(&state, action: .refresh, dataSource: data, size: Size(width: 14, height: 4))
        #expect(table.lines(state, data, size: Size(width: 14, height: 4)) == [" A", " Row 0.0", " detail 0", ""])
    }

    @Test func emptyTableSaysSo() {
        let data = CountingDataSource(rows: [])
        let state = TableViewState()
        #expect(table.lines(state, data, size: Size(width: 12, height: 3)) == ["", "  No Items", ""])
    }

    @Test func zeroSizeAndOneLineDoNotCrash() {
        let data = CountingDataSource(rows: [5, 5])
        var state = TableViewState()
        for size in [Size.zero, Size(width: 1, height: 1), Size(width: 40, height: 1), Size(width: 3, height: 2)] {
            for action in [TableViewAction.moveFocus(by: 3), .pageDown, .end, .pageUp, .home, .toggleIndexFocus, .moveIndex(by: 1)] {
                table.update(&state, action: action, dataSource: data, size: size)
                let drawn = table.lines(state, data, size: size)
                // Every line of the area, none wider than it; the focus on a row that exists.
                #expect(drawn.count == size.height, "\(action) at \(size)")
                #expect(drawn.allSatisfy { $0.displayWidth <= size.width }, "\(action) at \(size): \(drawn)")
                if let focus = state.focusedRow {
                    #expect((0 ..< 2).contains(focus.section) && (0 ..< 5).contains(focus.row), "\(action) at \(size): \(focus)")
                }
            }
        }
        #expect(state.focusedRow != nil, "ten rows keep a focus through it all")
    }

    @Test func narrowerThanTheContentTruncates() {
        let data = CountingDataSource(rows: [1])
        data.accessory = .disclosureIndicator
        var state = TableViewState()
        table.update(&state, action: .refresh, dataSource: data, size: Size(width: 8, height: 2))
        #expect(table.lines(state, data, size: Size(width: 8, height: 2)) == [" A", " Row… ›"])
    }

    /// The invariant: after any movement the focused row is fully on screen and not under
    /// the pinned header, at every height from 1 to 200 lines.
    @Test(arguments: [CellStyle.default, .subtitle])
    func focusStaysVisibleAtEveryHeight(style: CellStyle) {
        let data = CountingDataSource(rows: [7, 0, 30, 1, 12, 3])
        data.style = style
        let moves: [TableViewAction] = [.moveFocus(by: 1), .moveFocus(by: 5), .pageDown, .moveFocus(by: -3), .end, .pageUp,
                                        .moveFocus(by: -1), .home, .pageDown, .pageDown, .moveFocus(by: 40), .pageUp, .moveFocus(by: -17)]
        for height in 1...200 {
            let size = Size(width: 20, height: height)
            var state = TableViewState()
            for move in moves {
                table.update(&state, action: move, dataSource: data, size: size)
                guard let focus = state.focusedRow else { Issue.record("no focus"); return }
                let content = TableContent(table: table, dataSource: data, width: 20)
                let layout = content.layout(from: state.scrollPosition, viewportHeight: height)
                let rowHeight = content.height(of: .row(focus))
                guard let placed = layout.placement(of: .row(focus)) else {
                    Issue.record("height \(height), after \(move): focus \(focus) is off screen"); return
                }
                let inset = layout.topInset(forSection: focus.section, headerHeight: 1)
                if rowHeight + 1 <= height {
                    #expect(placed.y >= inset && placed.maxY <= height, "height \(height), after \(move): focus at \(placed.y)")
                } else {
                    // No room for the row and a header line: the row starts at the top, or just under its header.
                    #expect(placed.y <= 1, "height \(height), after \(move): a tall row starts at the top")
                }
            }
        }
    }

    @Test func movingTheFocusWalksAcrossSectionsAndSkipsEmptyOnes() {
        let data = CountingDataSource(rows: [2, 0, 1])
        var state = TableViewState()
        let size = Size(width: 20, height: 10)
        table.update(&state, action: .moveFocus(by: 2), dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 0, section: 2))
        table.update(&state, action: .moveFocus(by: 5), dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 0, section: 2))
        table.update(&state, action: .moveFocus(by: -1), dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 1, section: 0))
    }

    @Test func endAndHomeJump() {
        let data = CountingDataSource(rows: [50, 50])
        var state = TableViewState()
        let size = Size(width: 12, height: 5)
        table.update(&state, action: .end, dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 49, section: 1))
        #expect(table.lines(state, data, size: size) == [" B", " Row 1.46", " Row 1.47", " Row 1.48", " Row 1.49"])
        table.update(&state, action: .home, dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 0, section: 0))
        #expect(table.lines(state, data, size: size).first == " A")
    }

    @Test func pageDownMovesAPageAndKeepsTheFocusOnScreen() {
        let data = CountingDataSource(rows: [100])
        var state = TableViewState()
        let size = Size(width: 12, height: 10)
        table.update(&state, action: .pageDown, dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 8, section: 0))
        table.update(&state, action: .pageUp, dataSource: data, size: size)
        #expect(state.focusedRow == IndexPath(row: 0, section: 0))
    }

    /// A million rows cost what a screenful costs: the data source is asked for a few cells only.
    @Test func onlyVisibleRowsAreAskedFor() {
        let data = CountingDataSource(rows: [1_000_000, 1_000_000])
        var state = TableViewState()
        let size = Size(width: 30, height: 24)
        table.update(&state, action: .end, dataSource: data, size: size)
        table.update(&state, action: .moveFocus(by: -1), dataSource: data, size: size)
        _ = table.lines(state, data, size: size)
        #expect(data.cellRequests < 400)
        #expect(state.focusedRow == IndexPath(row: 999_998, section: 1))
    }
}

/// Rows whose detail text wraps to as many lines as it needs, in several scripts.
@MainActor
private struct WrappingRows: TableViewDataSource {
    static let texts = [
        "short",
        "emoji 😀😃😄😁😆😅 🤣😂🙂🙃 wrap like any wide character, two columns each 🎉🎉🎉",
        "日本語のテキストは空白なしで折り返されます。幅の広い文字が行をまたぐことはありません。",
        "combining marks: e\u{301}le\u{300}ve, nai\u{308}ve, Zu\u{308}rich, re\u{301}sume\u{301} — each cluster one column",
        String(repeating: "abcdefghij", count: 30),
    ]
    func numberOfSections() -> Int { 3 }
    func numberOfRows(inSection section: Int) -> Int { 5 }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(style: .subtitle, text: "Row \(indexPath.section).\(indexPath.row)",
                      detailText: Self.texts[(indexPath.row + indexPath.section) % Self.texts.count], detailNumberOfLines: 0)
    }
    func titleForHeader(inSection section: Int) -> String? { "S\(section)" }
}

@MainActor
@Suite("Self-sizing rows")
struct SelfSizingTests {
    @Test(arguments: [20, 33, 50])
    func wrappedRowsTakeTheirLinesAndFitTheWidth(width: Int) {
        let source = WrappingRows()
        let table = TableView(style: .plain, showsSectionIndex: false)
        for row in 0 ..< 5 {
            let cell = source.cell(for: IndexPath(row: row, section: 0))
            let lines = cell.wrappedLabels(width: width)
            #expect(cell.height(width: width) == lines?.lineCount)
            for line in (lines?.text ?? []) + (lines?.detail ?? []) {
                #expect(line.displayWidth <= width - 2, "'\(line)' fits \(width - 2) columns")
            }
        }
        // Drawn, each row takes exactly its height: the next row's title follows its last line.
        let size = Size(width: width, height: 60)
        var state = TableViewState()
        table.update(&state, action: .refresh, dataSource: source, size: size)
        let drawn = table.lines(state, source, size: size)
        let first = drawn.firstIndex { $0.hasPrefix(" Row 0.1") } ?? -1
        let second = drawn.firstIndex { $0.hasPrefix(" Row 0.2") } ?? -1
        #expect(second - first == source.cell(for: IndexPath(row: 1, section: 0)).height(width: width))
    }

    @Test func theFocusIsFullyVisibleAtEveryViewportHeight() {
        let source = WrappingRows()
        let table = TableView(style: .plain, showsSectionIndex: false)
        let cache = RowHeightCache()
        for height in 1 ... 30 {
            var state = TableViewState()
            let size = Size(width: 24, height: height)
            for step in 0 ..< 16 {
                table.update(&state, action: step < 15 ? .moveFocus(by: 1) : .home, dataSource: source, size: size, heightCache: cache)
                guard let focus = state.focusedRow else { continue }
                let rowHeight = source.cell(for: focus).height(width: 24)
                let focused = table.focusLines(state, source, size: size)
                // The section's header holds the top line (when there is more than one): a row
                // shows all its lines below it, or fills the rest when it is taller.
                let room = height > 1 ? height - 1 : height
                #expect(focused.count == min(rowHeight, room), "height \(height), focus \(focus): \(focused.count) of \(rowHeight) lines shown")
            }
        }
    }
}

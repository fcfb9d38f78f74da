import Testing
@testable import TableKit

@Suite("Progress bar")
struct ProgressBarTests {
    private func canvas(_ bar: ProgressBar, width: Int, phase: Int = 0, glyphs: Glyphs = .unicode) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: 1))
        bar.render(into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs), phase: phase)
        return canvas
    }

    private func draw(_ bar: ProgressBar, width: Int, phase: Int = 0, glyphs: Glyphs = .unicode) -> String {
        width == 0 ? "" : canvas(bar, width: width, phase: phase, glyphs: glyphs).lines[0]
    }

    @Test func determinateLines() {
        #expect(draw(ProgressBar(fraction: 0, label: "Loading"), width: 40) == "Loading ░░░░░░░░░░░░░░░░░░░░░░░░░░░   0%")
        // 42% of 27 columns is 11.34: rounded down to 11.
        #expect(draw(ProgressBar(fraction: 0.42, label: "Loading"), width: 40) == "Loading ███████████░░░░░░░░░░░░░░░░  42%")
        #expect(draw(ProgressBar(fraction: 1, label: "Loading"), width: 40) == "Loading ███████████████████████████ 100%")
        #expect(draw(ProgressBar(fraction: 0.42, label: "Loading"), width: 40, glyphs: .ascii) == "Loading ###########----------------  42%")
        // Almost done is not done: the percentage rounds down.
        #expect(draw(ProgressBar(fraction: 0.999), width: 20) == "██████████████░  99%")
    }

    @Test func colours() {
        let c = canvas(ProgressBar(fraction: 0.42, label: "Loading"), width: 40)
        #expect(c[8, 0].style.foreground == .tint)
        #expect(c[19, 0].style.foreground == .secondary)
        #expect(c[0, 0].style == .plain)
    }

    @Test func fractionsAreClampedAndNaNIsIndeterminate() {
        #expect(ProgressBar(fraction: -0.5).clampedFraction == 0)
        #expect(ProgressBar(fraction: 2).clampedFraction == 1)
        #expect(ProgressBar(fraction: .infinity).clampedFraction == 1)
        #expect(ProgressBar(fraction: .nan).clampedFraction == nil)
        #expect(ProgressBar(fraction: nil).clampedFraction == nil)
        #expect(draw(ProgressBar(fraction: 7), width: 12) == "███████ 100%")
        #expect(draw(ProgressBar(fraction: -1), width: 12) == "░░░░░░░   0%")
        #expect(draw(ProgressBar(fraction: .nan), width: 12) == draw(ProgressBar(fraction: nil), width: 12))
    }

    @Test func indeterminateBlockBouncesWithThePhase() {
        let bar = ProgressBar(fraction: nil)
        #expect(draw(bar, width: 20, phase: 0) == "████░░░░░░░░░░░░░░░░")
        #expect(draw(bar, width: 20, phase: 5) == "░░░░░████░░░░░░░░░░░")
        #expect(draw(bar, width: 20, phase: 16) == "░░░░░░░░░░░░░░░░████")
        #expect(draw(bar, width: 20, phase: 20) == "░░░░░░░░░░░░████░░░░")
        #expect(draw(bar, width: 20, phase: 32) == draw(bar, width: 20, phase: 0))
        #expect(draw(bar, width: 20, phase: -1) == "░████░░░░░░░░░░░░░░░")
        #expect(draw(bar, width: 20, phase: Int.max).count == 20)
        #expect(draw(bar, width: 20, phase: Int.min).count == 20)
        #expect(draw(ProgressBar(fraction: nil, label: "Indexing"), width: 24, phase: 2, glyphs: .ascii) == "Indexing --###----------")
    }

    @Test func theLabelGivesWayBeforeTheBar() {
        let long = ProgressBar(fraction: 0.5, label: "Loading a very long file name.json")
        // 30 columns: 5 for the percentage, 10 for the bar, the label gets the rest.
        #expect(draw(long, width: 30) == "Loading a ver… █████░░░░░  50%")
        #expect(draw(long, width: 17) == "██████░░░░░░  50%")
    }

    @Test func tinyWidthsNeverCrash() {
        let bar = ProgressBar(fraction: 0.42, label: "Loading")
        #expect(draw(bar, width: 0) == "")
        #expect(draw(bar, width: 1) == "░")
        #expect(draw(bar, width: 5) == "██░░░")
        #expect(draw(bar, width: 6) == "░  42%")
        #expect(draw(ProgressBar(fraction: nil, label: "Loading"), width: 1) == "█")
        #expect(draw(ProgressBar(fraction: nil, label: "Loading"), width: 5, phase: 3) == "░███░")
        var empty = Canvas(size: .zero)
        bar.render(into: &empty, area: Rect(x: 0, y: 0, width: 0, height: 0), context: RenderContext())
        bar.render(into: &empty, area: Rect(x: -3, y: -3, width: 10, height: 10), context: RenderContext())
    }

    @Test func drawsOnOneLineOfItsAreaOnly() {
        var canvas = Canvas(size: Size(width: 14, height: 3))
        canvas.fill(canvas.bounds, with: "x", style: .plain)
        ProgressBar(fraction: 0.5).render(into: &canvas, area: Rect(x: 2, y: 1, width: 10, height: 2), context: RenderContext())
        #expect(canvas.lines == [
            "xxxxxxxxxxxxxx",
            "xx██░░░  50%xx",
            "xxxxxxxxxxxxxx",
        ])
    }
}

@Suite("Progress sheet")
struct ProgressBarSheetTests {
    private let sheet = ProgressSheet(title: "Loading books.json…", progress: ProgressBar(fraction: 0.5))

    @Test func aCentredRoundedBox() {
        var canvas = Canvas(size: Size(width: 50, height: 9))
        canvas.fill(canvas.bounds, with: ".", style: .plain)
        sheet.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        #expect(canvas.lines == [
            "..................................................",
            ".....╭──────────────────────────────────────╮.....",
            ".....│         Loading books.json…          │.....",
            ".....│                                      │.....",
            ".....│ ███████████████░░░░░░░░░░░░░░░░  50% │.....",
            ".....│                                      │.....",
            ".....│             Cancel (Esc)             │.....",
            ".....╰──────────────────────────────────────╯.....",
            "..................................................",
        ])
        #expect(sheet.cancelButtonRect(in: canvas.bounds) == Rect(x: 19, y: 6, width: 12, height: 1))
        #expect(canvas[19, 6].style == Theme.tint)
        #expect(canvas[15, 2].style.attributes.contains(.bold))
    }

    @Test func theCancelRectMatchesTheDrawnButton() {
        for size in [Size(width: 80, height: 24), Size(width: 30, height: 6), Size(width: 20, height: 5), Size(width: 14, height: 4)] {
            var canvas = Canvas(size: size)
            let area = canvas.bounds
            sheet.render(into: &canvas, area: area, context: RenderContext())
            let rect = sheet.cancelButtonRect(in: area)
            #expect(!rect.isEmpty, "\(size)")
            let drawn = (rect.minX..<rect.maxX).map { canvas[$0, rect.minY].grapheme }.joined()
            #expect(drawn.hasPrefix("Cancel") || drawn.hasPrefix("Canc"), "\(size): \(drawn)")
            #expect(canvas[rect.minX - 1, rect.minY].grapheme == " ")
        }
        let offset = Rect(x: 10, y: 5, width: 80, height: 24)
        #expect(sheet.cancelButtonRect(in: offset) == Rect(x: 44, y: 18, width: 12, height: 1))
    }

    @Test func shortScreensDropBlankLinesThenTheTitleThenTheButton() {
        var canvas = Canvas(size: Size(width: 44, height: 5))
        sheet.render(into: &canvas, area: canvas.bounds, context: RenderContext())
        #expect(canvas.lines == [
            "  ╭──────────────────────────────────────╮  ",
            "  │         Loading books.json…          │  ",
            "  │ ███████████████░░░░░░░░░░░░░░░░  50% │  ",
            "  │             Cancel (Esc)             │  ",
            "  ╰──────────────────────────────────────╯  ",
        ])
        #expect(sheet.cancelButtonRect(in: Rect(x: 0, y: 0, width: 44, height: 3)).isEmpty)
    }

    @Test func tinyAreasNeverCrash() {
        for width in 0...6 {
            for height in 0...8 {
                var canvas = Canvas(size: Size(width: width, height: height))
                sheet.render(into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: .ascii), phase: 3)
                _ = sheet.cancelButtonRect(in: canvas.bounds)
            }
        }
    }
}

import TableKit
import TableKitTestSupport
import Testing

/// What a custom header view or a part draws with: rectangles to lay a panel out, fills,
/// styled text, the theme's named colours and the columns a character takes.
@Suite("Canvas: a panel laid out with rectangles, drawn with fills, styled text and named colours")
struct CanvasAPITests {
    /// An order panel, drawn as a stranger's header view would draw it into `area`: a reversed
    /// title band on the top line, the body inset a column each side, a link on the bottom
    /// line. What lies outside the canvas is not drawn.
    static func drawOrder(into canvas: inout Canvas, area: Rect) {
        let panel = area.intersection(canvas.bounds)
        guard !panel.isEmpty else { return }
        canvas.fill(panel, with: "·", style: Style(foreground: .secondary))
        let title = panel.topLines(1)
        canvas.fill(title, style: Style(attributes: [.reverse]))
        var heading = StyledText("Order", style: Style(attributes: [.reverse, .bold]))
        heading.append(StyledText(" 東京", style: Style(attributes: [.reverse, .italic])))
        canvas.draw(heading, at: title.origin, clip: title)
        let body = panel.inset(top: 1, left: 1, bottom: 1, right: 1)
        canvas.fill(body, style: .plain)
        canvas.draw("Tea", at: body.origin, style: .plain, clip: body)
        let stock = "in stock"
        canvas.draw(stock, at: Point(x: body.maxX - stock.displayWidth, y: body.minY), style: Style(foreground: .slateBlue), clip: body)
        canvas.draw("Cancel", at: Point(x: body.minX, y: body.maxY - 1), style: Style(foreground: .destructive), clip: body)
        let link = panel.bottomLines(1)
        canvas.draw("Pay now", at: link.origin, style: Style(attributes: [.underline]).foreground(.tint), clip: link)
    }

    @Test func thePanelIsLaidOutByItsRectanglesAndDrawnInItsStyles() {
        var canvas = Canvas(size: Size(width: 22, height: 5))
        Self.drawOrder(into: &canvas, area: Rect(x: 1, y: 0, width: 20, height: 5))
        expectFrame(canvas, equals: [
            " «rev bold|Order»«rev it| 東京»«rev|          »",
            " «fg=grey|·»Tea       «fg=slate|in stock»«fg=grey|·»",
            " «fg=grey|·»                  «fg=grey|·»",
            " «fg=grey|·»«fg=red|Cancel»            «fg=grey|·»",
            " «ul fg=tint|Pay now»«fg=grey|·············»",
        ], styled: true)
    }

    @Test func aPanelPartlyOffTheCanvasIsLaidOutInWhatShowsAndOneWhollyOffDrawsNothing() {
        var canvas = Canvas(size: Size(width: 16, height: 5))
        Self.drawOrder(into: &canvas, area: Rect(x: 2, y: 1, width: 20, height: 6))
        expectFrame(textLines(of: canvas), equals: [
            "",
            "  Order 東京",
            "  ·Tea in stock·",
            "  ·Cancel      ·",
            "  Pay now·······",
        ])
        let beside = Rect(x: 16, y: 0, width: 5, height: 3).intersection(canvas.bounds)
        #expect(beside.isEmpty && beside.height == 3, "three lines of no column: empty")
        let outside = Rect(x: 16, y: 5, width: 5, height: 3)
        #expect(outside.intersection(canvas.bounds).isEmpty && outside.intersection(canvas.bounds).size == .zero)
        var untouched = Canvas(size: canvas.size)
        Self.drawOrder(into: &untouched, area: outside)
        Self.drawOrder(into: &untouched, area: Rect(x: 0, y: 0, width: 16, height: 0))
        #expect(untouched == Canvas(size: Size(width: 16, height: 5)), "an empty area draws nothing")
    }

    @Test func aWideCharacterTakesTwoCellsAndAMarkNone() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        let bold = Style(attributes: [.bold])
        let end = canvas.draw("東e\u{301}x", at: Point(x: 1, y: 0), style: bold)
        #expect(end == 5, "東 takes two columns, é one, x one")
        #expect(canvas[1, 0] == Cell(grapheme: "東", width: 2, style: bold))
        #expect(canvas[2, 0].isContinuation && canvas[2, 0].width == 0, "the right half of 東")
        #expect(canvas[3, 0] == Cell(grapheme: "e\u{301}", width: 1, style: bold), "the mark rides on its letter")
        #expect(!canvas[3, 0].isContinuation)
        #expect(DisplayWidth.of("東" as Character) == 2 && DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("\u{301}" as Unicode.Scalar) == 0, "a combining mark alone takes no column")
        #expect(DisplayWidth.of("\u{301}" as Character) == 1, "with nothing to sit on it is drawn on a dotted circle")
        #expect(DisplayWidth.of("\u{7}" as Unicode.Scalar) == 0, "a control character: drawing escapes it first")
    }
}

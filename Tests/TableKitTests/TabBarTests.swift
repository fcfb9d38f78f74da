import Testing
@testable import TableKit

@Suite("Tab bar")
struct TabBarTests {
    private let bar = TabBar(items: [
        TabBarItem(title: "Books"),
        TabBarItem(title: "Tweets", badge: .count(3)),
        TabBarItem(title: "Games", badge: .dot),
        TabBarItem(title: "Forms"),
        TabBarItem(title: "Settings"),
    ])

    private func canvas(_ bar: TabBar, width: Int, selected: Int, indicator: Double? = nil, glyphs: Glyphs = .unicode) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: TabBar.height))
        bar.render(selectedIndex: selected, indicatorColumn: indicator, into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
        return canvas
    }

    private func draw(_ bar: TabBar, width: Int, selected: Int, indicator: Double? = nil, glyphs: Glyphs = .unicode) -> [String] {
        canvas(bar, width: width, selected: selected, indicator: indicator, glyphs: glyphs).lines
    }

    // The columns of line 1 drawn in the selected tab's highlight.
    private func highlighted(_ canvas: Canvas) -> [Int] {
        (0..<canvas.size.width).filter { canvas[$0, 1].style.attributes.contains(.reverse) }
    }

    @Test func eightyColumnsShowEveryTitleAndBadge() {
        let c = canvas(bar, width: 80, selected: 0)
        #expect(c.lines == [
            "───────▲────────────────────────────────────────────────────────────────────────",
            "    1 Books       2 Tweets (3)     3 Games ●        4 Forms        5 Settings   ",
        ])
        // The selected tab is reversed with a column of padding each side.
        #expect(highlighted(c) == Array(3...11))
        #expect(c[3, 1].style.attributes.contains(.bold))
        // Badges: a count in red, the glow dot in the tint colour.
        #expect(c[28, 1].grapheme == "3" && c[28, 1].style.foreground == .destructive)
        #expect(c[43, 1].grapheme == "●" && c[43, 1].style.foreground == .tint)
        #expect(c[7, 0].style.foreground == .tint)
    }

    @Test func fortyColumnsTruncateTitlesAndKeepBadges() {
        let c = canvas(bar, width: 40, selected: 1)
        #expect(c.lines == [
            "───────────▲────────────────────────────",
            " 1 Boo…  2 (3)    3 ●    4 For…  5 Set… ",
        ])
        #expect(highlighted(c) == Array(8...14))
        // The badge keeps its red inside the highlight.
        #expect(c[12, 1].grapheme == "3" && c[12, 1].style.foreground == .destructive)
    }

    @Test("where an equal share would cut titles that fit whole in slots as wide as their labels, the slots take their labels' widths")
    func slotsAsWideAsTheirLabels() {
        let app = TabBar(items: ["Books", "Tweets", "Games", "Forms", "More"].map { TabBarItem(title: $0) })
        let c = canvas(app, width: 40, selected: 1)
        #expect(c.lines == [
            "────────────▲───────────────────────────",
            "1 Books 2 Tweets 3 Games 4 Forms 5 More ",
        ])
        #expect(highlighted(c) == Array(8...16), "the label and the column after it")
        // Clicks and the indicator follow the slots as drawn.
        #expect(app.itemIndex(atColumn: 8, width: 40) == .item(1) && app.itemIndex(atColumn: 7, width: 40) == .item(0))
        // Two spare columns at 42 are shared out; at 39 the titles are cut as before.
        #expect(draw(app, width: 42, selected: 0)[1] == "1 Books 2 Tweets  3 Games 4 Forms  5 More ")
        #expect(draw(app, width: 39, selected: 0)[1] == " 1 Bo…  2 Twe…  3 Gam…  4 For…  5 More ")
    }

    @Test func twelveColumnsFallBackToTheNumbers() {
        let c = canvas(bar, width: 12, selected: 2)
        #expect(c.lines == [
            "─────▲──────",
            "1 2  3 4  5 ",
        ])
        #expect(highlighted(c) == Array(4...6))
    }

    @Test func asciiGlyphs() {
        #expect(draw(bar, width: 80, selected: 2, glyphs: .ascii) == [
            "---------------------------------------^----------------------------------------",
            "    1 Books       2 Tweets (3)     3 Games *        4 Forms        5 Settings   ",
        ])
        #expect(draw(bar, width: 40, selected: 0, glyphs: .ascii)[1] == " 1 Boo~  2 (3)    3 *    4 For~  5 Set~ ")
    }

    @Test func theIndicatorFollowsAnAnimatedColumn() {
        #expect(draw(bar, width: 40, selected: 1, indicator: 6.4)[0] == "──────▲─────────────────────────────────")
        #expect(draw(bar, width: 40, selected: 1, indicator: 6.6)[0] == "───────▲────────────────────────────────")
        // Kept inside the bar; a non-finite column falls back to the selected tab.
        #expect(draw(bar, width: 40, selected: 1, indicator: -5)[0].hasPrefix("▲─"))
        #expect(draw(bar, width: 40, selected: 1, indicator: 99)[0].hasSuffix("─▲"))
        #expect(draw(bar, width: 40, selected: 1, indicator: .nan)[0] == draw(bar, width: 40, selected: 1)[0])
    }

    @Test func indicatorTargetsAreTheSlotCentres() {
        #expect((0..<5).map { bar.indicatorTarget(for: $0, width: 80) } == [7, 23, 39, 55, 71])
        #expect((0..<5).map { bar.indicatorTarget(for: $0, width: 12) } == [0, 2, 5, 7, 10])
        #expect(bar.indicatorTarget(for: 9, width: 80) == 71)
        #expect(TabBar(items: []).indicatorTarget(for: 0, width: 80) == 0)
    }

    @Test func badgesOfEveryKind() {
        let badged = TabBar(items: [
            TabBarItem(title: "A", badge: .text("!")),
            TabBarItem(title: "B", badge: .text("")),
            TabBarItem(title: "C", badge: .count(120)),
            TabBarItem(title: "D", badge: .text("new\u{1B}")),
        ])
        let c = canvas(badged, width: 60, selected: 3)
        #expect(c.lines[1] == "    1 A (!)         2 B ●        3 C (120)     4 D (new^[)  ")
        // An empty text badge is a red dot; the glow dot would be tinted.
        #expect(c[24, 1].grapheme == "●" && c[24, 1].style.foreground == .destructive)
    }

    @Test func narrowSlotsDegradeStepByStep() {
        let slot = TabBar.Slot(hit: .item(0), number: 2, title: "Tweets", badge: .count(3), columns: 0..<20)
        let text = { (width: Int) in TabBar.label(for: slot, width: width, glyphs: .unicode).map(\.text).joined() }
        #expect(text(12) == "2 Tweets (3)")
        #expect(text(9) == "2 Tw… (3)")
        #expect(text(8) == "2 (3)")
        #expect(text(4) == "2●")
        #expect(text(1) == "2")
    }

    @Test func everyColumnOfADrawnTabSelectsThatTab() {
        for width in [80, 40, 12, 7, 5] {
            for selected in 0..<5 {
                let c = canvas(bar, width: width, selected: selected)
                let columns = highlighted(c)
                #expect(!columns.isEmpty || width < 5, "width \(width) tab \(selected)")
                for x in columns {
                    #expect(bar.itemIndex(atColumn: x, width: width) == .item(selected), "width \(width) column \(x)")
                }
                // The tab's number is drawn inside its highlight.
                if width >= 5 {
                    #expect(columns.contains { c[$0, 1].grapheme == String(selected + 1) }, "width \(width) tab \(selected)")
                }
            }
            // The slots tile the bar: every column maps somewhere, nothing outside does.
            #expect((0..<width).allSatisfy { bar.itemIndex(atColumn: $0, width: width) != nil })
            #expect(bar.itemIndex(atColumn: -1, width: width) == nil)
            #expect(bar.itemIndex(atColumn: width, width: width) == nil)
        }
        #expect(bar.itemIndex(atColumn: 15, width: 80) == .item(0))
        #expect(bar.itemIndex(atColumn: 16, width: 80) == .item(1))
    }

    @Test func moreThanFiveItemsShowFourAndMore() {
        let six = TabBar(items: ["A", "B", "C", "D", "E", "F"].map { TabBarItem(title: $0, badge: $0 == "F" ? .count(1) : nil) })
        #expect(six.hasMore)
        #expect(draw(six, width: 40, selected: 5) == [
            "───────────────────────────────────▲────",
            "  1 A     2 B     3 C     4 D    5 More ",
        ])
        #expect(draw(six, width: 40, selected: 0)[1] == "  1 A     2 B     3 C     4 D    5 More ")
        #expect(six.itemIndex(atColumn: 35, width: 40) == .more)
        #expect(six.itemIndex(atColumn: 3, width: 40) == .item(0))
        #expect(six.hit(forItemAt: 3) == .item(3))
        #expect(six.hit(forItemAt: 4) == .more)
        #expect(six.hit(forItemAt: 5) == .more)
        #expect(six.hit(forItemAt: 6) == nil)
        #expect(six.indicatorTarget(for: 4, width: 40) == 35)
        #expect(six.hit(for: .character("5")) == .more)
        #expect(six.hit(for: .character("6")) == nil)
        #expect(bar.hit(for: .character("5")) == .item(4))
        #expect(!bar.hasMore)
    }

    @Test func hotkeysPickSlots() {
        #expect(bar.hit(for: .character("1")) == .item(0))
        #expect(bar.hit(for: .function(3)) == .item(2))
        #expect(bar.hit(for: .character("0")) == nil)
        #expect(bar.hit(for: .character("x")) == nil)
        #expect(bar.hit(for: .enter) == nil)
        #expect(TabBar(items: [TabBarItem(title: "Only")]).hit(for: .character("2")) == nil)
    }

    @Test func tinyAreasNeverCrash() {
        for width in 0...6 {
            for height in 0...3 {
                var canvas = Canvas(size: Size(width: width, height: height))
                bar.render(selectedIndex: 2, indicatorColumn: 3, into: &canvas, area: canvas.bounds, context: RenderContext())
                bar.render(selectedIndex: -1, indicatorColumn: nil, into: &canvas, area: canvas.bounds, context: RenderContext())
                TabBar(items: []).render(selectedIndex: 0, indicatorColumn: nil, into: &canvas, area: canvas.bounds, context: RenderContext())
                _ = bar.itemIndex(atColumn: 0, width: width)
                _ = bar.indicatorTarget(for: 4, width: width)
            }
        }
        // One line: only the tabs.
        var one = Canvas(size: Size(width: 12, height: 1))
        bar.render(selectedIndex: 0, indicatorColumn: nil, into: &one, area: one.bounds, context: RenderContext())
        #expect(one.lines == ["1 2  3 4  5 "])
    }

    @Test func drawsAtTheBottomOfItsAreaOnly() {
        var canvas = Canvas(size: Size(width: 14, height: 5))
        canvas.fill(canvas.bounds, with: "x", style: .plain)
        bar.render(selectedIndex: 0, indicatorColumn: nil, into: &canvas, area: Rect(x: 1, y: 1, width: 12, height: 3), context: RenderContext())
        #expect(canvas.lines == [
            "xxxxxxxxxxxxxx",
            "xxxxxxxxxxxxxx",
            "x▲───────────x",
            "x1 2  3 4  5 x",
            "xxxxxxxxxxxxxx",
        ])
    }
}

@Suite("Slide animation")
struct TabBarSlideAnimationTests {
    // A fixed base instant; every other instant is an offset from it, so nothing sleeps.
    private let t0 = ContinuousClock.now

    @Test func easesOutFromStartToEnd() {
        let slide = SlideAnimation(from: 0, to: 100, start: t0, duration: .milliseconds(100))
        #expect(slide.value(at: t0 - .milliseconds(10)) == 0)
        #expect(slide.value(at: t0) == 0)
        // Cubic ease-out: at half the time, 1 - 0.5³ of the way.
        #expect(slide.value(at: t0 + .milliseconds(50)) == 87.5)
        #expect(slide.value(at: t0 + .milliseconds(100)) == 100)
        #expect(slide.value(at: t0 + .seconds(5)) == 100)
        #expect(!slide.isFinished(at: t0 + .milliseconds(99)))
        #expect(slide.isFinished(at: t0 + .milliseconds(100)))
        #expect(slide.isFinished(at: t0 + .seconds(1)))
    }

    @Test func movesMonotonicallyAndFasterAtFirst() {
        let slide = SlideAnimation(from: 71, to: 7, start: t0)
        let values = stride(from: 0, through: 150, by: 10).map { slide.value(at: t0 + .milliseconds($0)) }
        #expect(values.first == 71 && values.last == 7)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 })
        #expect(values[0] - values[1] > values[14] - values[15])
        #expect(slide.duration == .milliseconds(150))
    }

    @Test func retargetingStartsFromTheCurrentValue() {
        let slide = SlideAnimation(from: 0, to: 100, start: t0, duration: .milliseconds(100))
        let mid = t0 + .milliseconds(50)
        let back = slide.retargeted(to: 20, at: mid)
        #expect(back.value(at: mid) == 87.5)
        #expect(back.to == 20)
        #expect(back.value(at: mid + .milliseconds(100)) == 20)
        #expect(!back.isFinished(at: t0 + .milliseconds(100)))
        // The same target keeps the slide in flight.
        #expect(slide.retargeted(to: 100, at: mid) == slide)
        // After the end, a retarget starts from the target reached.
        #expect(slide.retargeted(to: 0, at: t0 + .seconds(1)).from == 100)
    }

    @Test func zeroDurationIsInstant() {
        let jump = SlideAnimation(from: 7, to: 23, start: t0, duration: .zero)
        #expect(jump.isInstant)
        #expect(jump.value(at: t0) == 23)
        #expect(jump.value(at: t0 - .seconds(1)) == 23)
        #expect(jump.isFinished(at: t0))
        #expect(jump.retargeted(to: 39, at: t0).value(at: t0) == 39)
        #expect(SlideAnimation(from: 1, to: 2, start: t0, duration: .milliseconds(-5)).value(at: t0) == 2)
    }
}

import Testing
@testable import TableKit

@Suite("Canvas")
struct CanvasTests {
    @Test func drawsTextAndReadsItBack() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        canvas.draw("Hello", at: Point(x: 1, y: 0), style: .plain)
        #expect(canvas.lines == [" Hello    ", "          "])
        #expect(canvas.text == " Hello\n")
    }

    @Test func clipsToTheClipRectangleAndTheCanvas() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        let end = canvas.draw("abcdefgh", at: Point(x: 2, y: 0), style: .plain, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        #expect(canvas.lines == ["  abc "])
        // Drawing stops at the clip's edge: the rest of the text is not even measured.
        #expect(end == 5)
        canvas.draw("zz", at: Point(x: -1, y: 0), style: .plain)
        #expect(canvas.lines == ["z abc "])
        canvas.draw("zz", at: Point(x: 0, y: 5), style: .plain)
        #expect(canvas.lines == ["z abc "])
    }

    @Test func wideCharactersTakeTwoCellsAndNeverStraddleTheEdge() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        canvas.draw("日本語", at: .zero, style: .plain)
        // The third character would need columns 4 and 5: a space stands in its place.
        #expect(canvas.lines == ["日本 "])
        #expect(canvas[1, 0].isContinuation)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw("日本", at: .zero, style: .plain)
        canvas.draw("x", at: Point(x: 1, y: 0), style: .plain)
        #expect(canvas.lines == [" x本"])
        canvas.draw("y", at: Point(x: 2, y: 0), style: .plain)
        #expect(canvas.lines == [" xy "])
    }

    @Test func controlCharactersAreDrawnEscapedNeverRaw() {
        var canvas = Canvas(size: Size(width: 20, height: 1))
        canvas.draw("a\u{1B}[2Jb\u{7}\u{9B}c", at: .zero, style: .plain)
        #expect(canvas.lines == ["a^[[2Jb^G<9B>c      "])
        for cell in canvas.cells {
            #expect(!cell.grapheme.unicodeScalars.contains(where: ControlEscaping.isControl))
        }
    }

    @Test func aLoneCombiningMarkSitsOnADottedCircle() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.draw("\u{301}a", at: .zero, style: .plain)
        #expect(canvas[0, 0].grapheme == "\u{25CC}\u{301}")
        #expect(canvas[1, 0].grapheme == "a")
    }

    @Test func zeroSizeCanvasAcceptsDrawing() {
        var canvas = Canvas(size: .zero)
        canvas.draw("abc", at: .zero, style: .plain)
        canvas.fill(Rect(x: 0, y: 0, width: 5, height: 5), style: .plain)
        #expect(canvas.lines.isEmpty)
    }

    @Test func restyleKeepsTheText() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.draw("abc", at: .zero, style: .plain)
        canvas.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(canvas.lines == ["abc"])
        #expect(canvas[1, 0].style.attributes.contains(.reverse))
        #expect(!canvas[0, 0].style.attributes.contains(.reverse))
    }
}

@Suite("Styled text: the canvas with its styles marked")
struct StyledTextTests {
    @Test func runsOfOneStyleAreMarkedOnceAndPlainTextIsLeftAlone() {
        var canvas = Canvas(size: Size(width: 12, height: 2))
        canvas.draw("ab", at: Point(x: 0, y: 0), style: .plain)
        canvas.draw("cd", at: Point(x: 2, y: 0), style: Style(foreground: .tint, attributes: [.bold]))
        canvas.fill(Rect(x: 0, y: 1, width: 6, height: 1), style: Theme.focus)
        canvas.draw("«x»", at: Point(x: 0, y: 1), style: Theme.focus)
        #expect(canvas.styledLine(0) == "ab«bold fg=tint|cd»")
        #expect(canvas.styledLine(1) == "«rev|\\«x\\»   »", "styled spaces show where the highlight ends")
    }

    @Test func coloursAreNamedByRoleOrByValue() {
        #expect(Style(foreground: .rgb(1, 2, 255), background: .slateBlue).markupSpec == "fg=#0102ff bg=slate")
        #expect(Style(foreground: .ansi(3), background: .indexed(208), attributes: [.dim, .underline]).markupSpec == "dim ul fg=ansi3 bg=idx208")
    }

    @Test func wideCharactersCountOnce() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("日本", at: Point(x: 0, y: 0), style: Theme.focus)
        #expect(canvas.styledLine(0) == "«rev|日本»")
    }
}

@Suite("Canvas fill")
struct CanvasFillTests {
    @Test func fillingAcrossWideCharactersBlanksTheHalvesItCuts() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("日本語", at: Point(x: 0, y: 0), style: .plain)
        canvas.fill(Rect(x: 1, y: 0, width: 4, height: 1), with: "x", style: Theme.focus)
        #expect(canvas.line(0) == " xxxx ", "日 and 語 were cut: their other halves are blank")
        #expect(canvas.styledLine(0) == " «rev|xxxx»")
        #expect((0..<6).allSatisfy { canvas[$0, 0].width == 1 })
    }

    @Test func aWideOrZeroWidthFillStillGoesCellByCell() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        canvas.fill(canvas.bounds, with: "日", style: .plain)
        #expect(canvas.line(0) == "日日 ", "a wide character that does not fit the last column leaves a space")
    }
}

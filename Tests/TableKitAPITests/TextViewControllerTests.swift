import Foundation
import TableKit
import Testing

@MainActor
@Suite("TextViewController: a long text read by line and by page")
struct TextViewControllerTests {
    /// `count` numbered lines of about 20 bytes.
    private func numberedLines(_ count: Int) -> String {
        (1 ... count).map { "line \($0) of the text" }.joined(separator: "\n")
    }

    @Test func aShortTextShowsWholeAndDoesNotScroll() {
        let reader = TextViewController(title: "notes", text: "one\ntwo three four five six seven")
        reader.layout(for: Size(width: 12, height: 5))
        #expect(reader.visibleLines == ["one", "two three", "four five", "six seven"])
        reader.perform(.end)
        reader.perform(.pageDown)
        #expect(reader.visibleLines.first == "one")
        #expect(lines(of: reader, size: Size(width: 12, height: 5)) == ["one", "two three", "four five", "six seven", ""])
    }

    @Test func pagingFromStartToEndShowsEveryLineOnceAsWrappingWouldAcrossManyBlocks() {
        // About 210 KB: some 26 blocks, each cut after a line feed.
        let text = numberedLines(10_000)
        let reader = TextViewController(title: "lines", text: text)
        let height = 7
        reader.layout(for: Size(width: 15, height: height))
        var read: [String] = []
        var previousFirst: String?
        while reader.visibleLines.first != previousFirst {
            previousFirst = reader.visibleLines.first
            read += reader.visibleLines
            reader.perform(.scroll(lines: height))
        }
        let expected = TextLayout.wrap(text, width: 15)
        // The last scroll is clamped so that the end sits at the bottom: the last screen
        // repeats some lines of the one before it.
        let lastScreen = reader.visibleLines
        #expect(Array(expected.suffix(height)) == lastScreen)
        #expect(Array(read.prefix(expected.count - expected.count % height)) == Array(expected.prefix(expected.count - expected.count % height)))
        #expect(expected.count > 10_000)
    }

    @Test func endShowsTheLastLineAtTheBottomAndUpStepsBackALine() {
        let reader = TextViewController(title: "lines", text: numberedLines(5_000))
        reader.layout(for: Size(width: 40, height: 4))
        reader.perform(.end)
        #expect(reader.visibleLines == ["line 4997 of the text", "line 4998 of the text", "line 4999 of the text", "line 5000 of the text"])
        #expect(reader.toolbarItems.contains { $0.title.hasPrefix("End") })
        reader.perform(.scroll(lines: -1))
        #expect(reader.visibleLines.first == "line 4996 of the text")
        reader.perform(.pageUp)
        #expect(reader.visibleLines.first == "line 4993 of the text")
        #expect(reader.toolbarItems.contains { $0.title.hasPrefix("99 % of ") })
        reader.perform(.home)
        #expect(reader.visibleLines.first == "line 1 of the text")
        reader.perform(.scroll(lines: -3))
        #expect(reader.visibleLines.first == "line 1 of the text")
    }

    @Test func aParagraphLongerThanABlockKeepsEveryWordInOrder() {
        let words = (0 ..< 20_000).map { "w\($0)" }
        let reader = TextViewController(title: "words", text: words.joined(separator: " "))
        reader.layout(for: Size(width: 33, height: 10))
        var read: [String] = []
        var previousFirst: String?
        while reader.visibleLines.first != previousFirst {
            previousFirst = reader.visibleLines.first
            let shown = reader.visibleLines
            #expect(shown.allSatisfy { $0.count <= 33 })
            read += shown
            reader.perform(.scroll(lines: 10))
        }
        let readWords = read.joined(separator: " ").split(separator: " ").map(String.init)
        // The last screen overlaps the one before; every word up to it came once and in order.
        #expect(Array(readWords.prefix(19_000)) == Array(words.prefix(19_000)))
        #expect(readWords.last == "w19999")
    }

    @Test func aNewWidthWrapsAgainAndKeepsThePlace() {
        let reader = TextViewController(title: "lines", text: numberedLines(5_000))
        reader.layout(for: Size(width: 40, height: 4))
        reader.perform(.end)
        reader.layout(for: Size(width: 10, height: 4))
        #expect(reader.visibleLines == ["line 4997", "of the", "text", "line 4998"])
    }

    @Test func controlAndBidiCharactersInTheTextAreShownEscaped() {
        let reader = TextViewController(title: "t", text: "a\u{1B}[2Jb \u{202E}evil")
        reader.layout(for: Size(width: 30, height: 2))
        #expect(reader.visibleLines == ["a^[[2Jb <U+202E>evil"])
    }

    @Test func theWheelScrollsThreeLines() {
        let reader = TextViewController(title: "lines", text: numberedLines(100))
        reader.layout(for: Size(width: 40, height: 5))
        _ = reader.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 1, y: 1))), area: Rect(x: 0, y: 0, width: 40, height: 5))
        #expect(reader.visibleLines.first == "line 4 of the text")
        _ = reader.handle(.key(.character("G")), area: Rect(x: 0, y: 0, width: 40, height: 5))
        #expect(reader.visibleLines.last == "line 100 of the text")
    }

    /// Only a layout of the whole text could take this long: opening, ending and paging a
    /// 50 MB text lays out a few blocks of 8 KB (milliseconds even in a debug build).
    @Test func fiftyMegabytesOpenEndAndPageWithoutLayingOutTheWhole() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 2_000_000)
        let start = ContinuousClock.now
        let reader = TextViewController(title: "big", text: text)
        reader.layout(for: Size(width: 80, height: 24))
        _ = lines(of: reader, size: Size(width: 80, height: 24))
        reader.perform(.end)
        for _ in 0 ..< 50 { reader.perform(.pageUp) }
        reader.perform(.home)
        for _ in 0 ..< 50 { reader.perform(.pageDown) }
        #expect(reader.visibleLines.count == 24)
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}

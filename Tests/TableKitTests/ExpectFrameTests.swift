import Synchronization
import Testing
import TableKit
import TableKitTestSupport

/// The shared frame comparison: one issue with a readable difference when frames differ,
/// nothing when they are equal.
@Suite("expectFrame: whole frames, and a difference a person can read")
struct ExpectFrameTests {
    let fruit = ["Fruit", " Apple", " Banana", " Cherry", " Damson", " Elder"]

    @Test func equalFramesHaveNoDifferenceAndRecordNothing() {
        #expect(frameDifference(expected: fruit, actual: fruit) == nil)
        expectFrame(fruit, equals: fruit)
    }

    @Test func theDifferenceShowsOnlyTheDifferingLinesAndOneLineAroundThem() {
        var changed = fruit
        changed[1] = " Apples"
        changed[5] = " Eldér"
        #expect(frameDifference(expected: fruit, actual: changed) == """
            frame differs at lines 1, 5 (expected 6 lines, got 6)
              0 │ Fruit
            - 1 │  Apple
            + 1 │  Apples
              2 │  Banana
                ┆
              4 │  Damson
            - 5 │  Elder
            + 5 │  Eldér
            """)
    }

    @Test func aDifferenceInTheLastLineOrInTrailingSpacesIsShownWithTheSpacesVisible() {
        var changed = fruit
        changed[5] += "  "
        #expect(frameDifference(expected: fruit, actual: changed) == """
            frame differs at line 5 (expected 6 lines, got 6)
              4 │  Damson
            - 5 │  Elder
            + 5 │  Elder␠␠
            """)
    }

    @Test func aMissingOrExtraLineIsALineThatDiffers() {
        let shorter = Array(fruit.dropLast())
        #expect(frameDifference(expected: fruit, actual: shorter) == """
            frame differs at line 5 (expected 6 lines, got 5)
              4 │  Damson
            - 5 │  Elder
            + 5 │ (no line)
            """)
        #expect(frameDifference(expected: [], actual: ["x"]) == """
            frame differs at line 0 (expected 0 lines, got 1)
            - 0 │ (no line)
            + 0 │ x
            """)
    }

    @Test func differentFramesRecordOneIssueThatCarriesTheDifference() {
        var changed = fruit
        changed[0] = "Fruits"
        changed[4] = ""
        let comments = Mutex<[String]>([])
        withKnownIssue {
            expectFrame(changed, equals: fruit, "the fruit list")
        } matching: { issue in
            comments.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let recorded = comments.withLock { $0 }
        #expect(recorded.count == 1)
        #expect(recorded.first?.hasPrefix("the fruit list\nframe differs at lines 0, 4 (expected 6 lines, got 6)") == true)
    }

    @Test func aStyledComparisonSeesTheFocusThatTheTextDoesNot() {
        var canvas = Canvas(size: Size(width: 8, height: 2))
        _ = canvas.draw("Apple", at: Point(x: 0, y: 0), style: .plain)
        _ = canvas.draw("Banana", at: Point(x: 0, y: 1), style: Style(attributes: .reverse))
        expectFrame(canvas, equals: ["Apple", "Banana"])
        expectFrame(canvas, equals: ["Apple", "«rev|Banana»"], styled: true)
        withKnownIssue("the focus is not on Apple") {
            expectFrame(canvas, equals: ["«rev|Apple»", "Banana"], styled: true)
        }
    }
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

@Suite("The spin: seeded, fair, easing out wheel by wheel, dimmed while it turns")
struct PickerSpinTests {
    static let wheels = PickerView(components: [
        PickerComponent(["Puzzle", "Action", "Racing", "Word", "Card"], isEndless: true),
        PickerComponent(["Free", "$0.99", "$1.99"], isEndless: true),
        PickerComponent(["★", "★★", "★★★", "★★★★"], isEndless: true),
    ])
    static let start = ContinuousClock.now

    @Test func tenThousandSeededSpinsReachEveryValueAndSpreadNearlyEvenly() {
        var random = SeededRandomNumberGenerator(seed: 20261123)
        var picker = Self.wheels
        var counts = picker.components.map { Array(repeating: 0, count: $0.titles.count) }
        let spins = 10_000
        for _ in 0 ..< spins {
            let spin = PickerSpin.random(for: picker, start: Self.start, using: &random)
            let stopped = picker.apply(spin, at: Self.start + .seconds(3))
            #expect(stopped, "every wheel has stopped after 2.4 s")
            #expect(picker.selectedRows == spin.targets, "each wheel stops on its target")
            for (component, row) in picker.selectedRows.enumerated() { counts[component][row] += 1 }
        }
        for (component, wheel) in counts.enumerated() {
            let expected = Double(spins) / Double(wheel.count)
            #expect(wheel.allSatisfy { $0 > 0 }, "wheel \(component) reaches every row")
            // At this many spins a fair wheel's counts stray about 2 % from the mean (one
            // standard deviation); 6 % is three of them.
            #expect(wheel.allSatisfy { abs(Double($0) - expected) / expected < 0.06 }, "wheel \(component): \(wheel)")
        }
    }

    @Test func theSameSeedSpinsTheSameWay() {
        var first = SeededRandomNumberGenerator(seed: 9), second = SeededRandomNumberGenerator(seed: 9)
        let a = (0 ..< 20).map { _ in PickerSpin.random(for: Self.wheels, start: Self.start, using: &first).targets }
        let b = (0 ..< 20).map { _ in PickerSpin.random(for: Self.wheels, start: Self.start, using: &second).targets }
        #expect(a == b)
    }

    @Test func eachWheelGoesRoundAndSlowsDownOnItsOwn() {
        let spin = PickerSpin(of: Self.wheels, to: [3, 2, 1], start: Self.start)
        // Two whole turns, then on to the target: 2×5+3, 2×3+2 and 2×4+1 rows.
        #expect(spin.rows(at: Self.start) == [0, 0, 0])
        #expect(spin.rows(at: Self.start + .seconds(3)) == [13, 8, 9])
        let early = spin.rows(at: Self.start + .milliseconds(400)), late = spin.rows(at: Self.start + .milliseconds(1200))
        #expect(early[0] > 13 / 4, "easing out: a quarter of the time covers more than a quarter of the way (\(early))")
        #expect(late[0] - early[0] < early[0], "and it slows down after")
        #expect(!spin.isSpinning(0, at: Self.start + .milliseconds(1600)) && spin.isSpinning(1, at: Self.start + .milliseconds(1600)),
                "the first wheel stops before the second")
        #expect(spin.isSpinning(2, at: Self.start + .milliseconds(2300)) && spin.isFinished(at: Self.start + .milliseconds(2400)))
    }

    @Test func aSpinInCodeReportsNothingAndIgnoresAWheelWithEnds() {
        let bounded = PickerView(components: [PickerComponent(["S", "M", "L"])])
        let spin = PickerSpin(of: bounded, to: [7], start: Self.start)
        #expect(spin.targets == [2], "held to the last row")
        #expect(spin.rows(at: Self.start + .seconds(2)) == [2], "no whole turns on a wheel with ends")
    }

    @Test func theFramesAtTheStartHalfwayAndTheEnd() {
        var picker = Self.wheels
        let spin = PickerSpin(of: picker, to: [3, 2, 1], start: Self.start, durations: [.seconds(2)])
        func drawn(at instant: ContinuousClock.Instant) -> (lines: [String], middle: String) {
            picker.apply(spin, at: instant)
            var canvas = Canvas(size: Size(width: 30, height: 3))
            picker.render(into: &canvas, rect: canvas.bounds, isFocused: false, context: RenderContext())
            return (canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }, canvas.styledLine(1))
        }
        let first = drawn(at: Self.start)
        expectFrame(first.lines, equals: ["Card    $1.99   ★★★★", "Puzzle   Free     ★", "Action   $0.99    ★★"])
        #expect(first.middle.contains("dim") && first.middle.contains("|Puzzle"), "dimmed while spinning: \(first.middle)")
        // Halfway in time, 7/8 of the way (cubic ease-out): 11 of 13 rows, 7 of 8 and 7 of 9.
        let half = drawn(at: Self.start + .seconds(1))
        #expect(half.lines[1] == "Action   $0.99   ★★★★", "\(half.lines)")
        #expect(half.middle.contains("dim"))
        let last = drawn(at: Self.start + .seconds(2))
        expectFrame(last.lines, equals: ["Racing   $0.99    ★", "Word    $1.99    ★★", "Card    Free    ★★★"])
        #expect(!last.middle.contains("dim") && last.middle.contains("bold"), "sharp once stopped: \(last.middle)")
        #expect(picker.spinningComponents.isEmpty)
    }
}

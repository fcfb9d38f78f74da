import Foundation
import TableKit
import Testing

/// Recognizers' state machines under a clock of the test's own: every input carries its time,
/// and the arena hears deadlines only when the test advances it.
@MainActor
@Suite("Gesture recognizers: taps, long presses, pans, swipes, pinches and rotations, as UIKit's")
struct GestureRecognizerTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// Press at `point` at `milliseconds`, release there `held` later.
    func click(_ arena: GestureArena, _ point: Point, at milliseconds: Int, held: Int = 40) {
        arena.handle(MouseEvent(.press, at: point), now: at(milliseconds))
        arena.handle(MouseEvent(.release, at: point), now: at(milliseconds + held))
    }

    /// A recognizer's states as its actions heard them.
    @MainActor final class Log {
        var states: [GestureRecognizer.State] = []
        func record(_ recognizer: GestureRecognizer) { states.append(recognizer.state) }
    }

    /// A fresh arena holding `recognizer`, and the log of the states a target of it hears.
    func logged(_ recognizer: GestureRecognizer) -> (arena: GestureArena, log: Log) {
        let arena = GestureArena(), log = Log()
        recognizer.addTarget { log.record($0) }
        arena.addGestureRecognizer(recognizer)
        return (arena, log)
    }

    func tapPair() -> (arena: GestureArena, single: TapGestureRecognizer, double: TapGestureRecognizer, singles: Log, doubles: Log) {
        let arena = GestureArena()
        let singles = Log(), doubles = Log()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { doubles.record($0) }
        let single = TapGestureRecognizer { singles.record($0) }
        single.require(toFail: double)
        arena.addGestureRecognizer(double)
        arena.addGestureRecognizer(single)
        return (arena, single, double, singles, doubles)
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (arena, single, double, singles, doubles) = tapPair()
        click(arena, Point(x: 5, y: 2), at: 0)
        #expect(singles.states.isEmpty, "the single tap waits while a second tap may come")
        #expect(single.state == .possible && double.state == .possible)
        #expect(arena.nextDeadline == at(40 + 350))
        arena.advance(to: at(389))
        #expect(singles.states.isEmpty)
        arena.advance(to: at(390))
        #expect(double.state == .failed && doubles.states.isEmpty)
        #expect(single.state == .recognized && singles.states == [.ended])
        #expect(single.location == Point(x: 5, y: 2))
        #expect(arena.nextDeadline == nil)
    }

    @Test func aDoubleTapMakesTheSingleTapFail() {
        let (arena, single, double, singles, doubles) = tapPair()
        click(arena, Point(x: 5, y: 2), at: 0)
        click(arena, Point(x: 5, y: 2), at: 200)
        #expect(double.state == .recognized && doubles.states == [.ended])
        #expect(single.state == .failed && singles.states.isEmpty)
        arena.advance(to: at(5000))
        #expect(singles.states.isEmpty, "no late single tap")
        // The next tap is a new gesture: both start again.
        click(arena, Point(x: 9, y: 3), at: 6000)
        arena.advance(to: at(7000))
        #expect(singles.states == [.ended] && doubles.states == [.ended])
    }

    @Test func aSecondTapTooLateOrTooFarIsANewSingleTap() {
        let (arena, _, _, singles, doubles) = tapPair()
        click(arena, Point(x: 5, y: 2), at: 0)
        // 400 ms after the release: the double tap failed at 390, so the first single tap
        // came then, and this press starts over.
        click(arena, Point(x: 5, y: 2), at: 440)
        #expect(singles.states == [.ended])
        arena.advance(to: at(1000))
        #expect(singles.states == [.ended, .ended] && doubles.states.isEmpty)
        // A second tap in time but three cells away, across or down, is not the same double tap.
        click(arena, Point(x: 5, y: 2), at: 2000)
        click(arena, Point(x: 8, y: 2), at: 2100)
        arena.advance(to: at(3000))
        click(arena, Point(x: 5, y: 2), at: 4000)
        click(arena, Point(x: 5, y: 5), at: 4100)
        arena.advance(to: at(5000))
        #expect(doubles.states.isEmpty)
    }

    @Test func aRequirementThatTakesNoPartDoesNotHoldATapUp() {
        let arena = GestureArena()
        let log = Log()
        let elsewhere = LongPressGestureRecognizer()
        let tap = TapGestureRecognizer { log.record($0) }
        tap.require(toFail: elsewhere)
        elsewhere.isEnabled = false
        arena.addGestureRecognizer(elsewhere)
        arena.addGestureRecognizer(tap)
        click(arena, Point(x: 1, y: 1), at: 0)
        #expect(log.states == [.ended])
    }

    @Test func aLongPressBeginsAfterItsDurationFollowsThePointerAndEnds() {
        let press = LongPressGestureRecognizer()
        let (arena, log) = logged(press)
        arena.handle(MouseEvent(.press, at: Point(x: 4, y: 4)), now: at(0))
        arena.advance(to: at(499))
        #expect(press.state == .possible)
        arena.advance(to: at(500))
        #expect(press.state == .began && press.location == Point(x: 4, y: 4))
        arena.handle(MouseEvent(.drag, at: Point(x: 10, y: 6)), now: at(600))
        #expect(press.state == .changed && press.location == Point(x: 10, y: 6))
        arena.handle(MouseEvent(.release, at: Point(x: 10, y: 6)), now: at(700))
        #expect(log.states == [.began, .changed, .ended])
        // Alone in its arena, moved two cells before its time, across or down: it fails.
        for moved in [Point(x: 6, y: 4), Point(x: 4, y: 6)] {
            arena.handle(MouseEvent(.press, at: Point(x: 4, y: 4)), now: at(1000))
            arena.handle(MouseEvent(.drag, at: moved), now: at(1100))
            arena.advance(to: at(1600))
            #expect(press.state == .failed, "moved to \(moved)")
            arena.handle(MouseEvent(.release, at: moved), now: at(1700))
        }
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func aLongPressFailsWhenMovedOrLetGoTooSoonAndATapWinsInstead() {
        let arena = GestureArena()
        let presses = Log(), taps = Log(), pans = Log()
        let press = LongPressGestureRecognizer { presses.record($0) }
        let tap = TapGestureRecognizer { taps.record($0) }
        let pan = PanGestureRecognizer { pans.record($0) }
        for recognizer in [press, tap, pan] as [GestureRecognizer] { arena.addGestureRecognizer(recognizer) }
        // Moved two cells before the half second: the long press fails, the pan begins.
        arena.handle(MouseEvent(.press, at: Point(x: 4, y: 4)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 6, y: 4)), now: at(100))
        #expect(press.state == .failed && tap.state == .failed && pan.state == .began)
        arena.advance(to: at(600))
        #expect(presses.states.isEmpty, "no long press after a move")
        arena.handle(MouseEvent(.release, at: Point(x: 6, y: 4)), now: at(700))
        // Two lines down is as far as two columns across.
        arena.handle(MouseEvent(.press, at: Point(x: 4, y: 4)), now: at(800))
        arena.handle(MouseEvent(.drag, at: Point(x: 4, y: 6)), now: at(850))
        #expect(press.state == .failed && pan.state == .began)
        arena.handle(MouseEvent(.release, at: Point(x: 4, y: 6)), now: at(900))
        // Let go after 300 ms: a tap, not a long press.
        click(arena, Point(x: 4, y: 4), at: 1000, held: 300)
        arena.advance(to: at(2000))
        #expect(presses.states.isEmpty && taps.states == [.ended] && pans.states == [.began, .ended, .began, .ended])
        // Held long enough, the long press makes the tap fail.
        click(arena, Point(x: 4, y: 4), at: 3000, held: 800)
        #expect(presses.states == [.began, .ended] && taps.states == [.ended])
    }

    @Test func aPanMeasuresItsTranslationAndTheSpeedItIsLetGoWith() {
        let pan = PanGestureRecognizer()
        let (arena, log) = logged(pan)
        arena.handle(MouseEvent(.press, at: Point(x: 10, y: 10)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 10, y: 10)), now: at(10))
        #expect(pan.state == .possible, "no move, no pan")
        // Ten cells right and two down in 100 ms, in steps.
        for step in 1...5 {
            arena.handle(MouseEvent(.drag, at: Point(x: 10 + 2 * step, y: 10 + (step > 2 ? 1 : 0) + (step > 4 ? 1 : 0))), now: at(10 + 20 * step))
        }
        #expect(pan.translation == Point(x: 10, y: 2))
        #expect(abs(pan.velocity.x - 100) < 1e-9, "\(pan.velocity)")  // 10 cells over 0.1 s
        #expect(abs(pan.velocity.y - 20) < 1e-9, "\(pan.velocity)")
        arena.handle(MouseEvent(.release, at: Point(x: 20, y: 12)), now: at(120))
        #expect(log.states == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(pan.velocity.x > 0, "let go in motion: it flings")
        // Held still for 300 ms before letting go: nothing to fling with.
        arena.handle(MouseEvent(.press, at: Point(x: 0, y: 0)), now: at(1000))
        arena.handle(MouseEvent(.drag, at: Point(x: 8, y: 0)), now: at(1050))
        arena.handle(MouseEvent(.release, at: Point(x: 8, y: 0)), now: at(1350))
        #expect(pan.state == .ended && pan.velocity == .zero && pan.translation == Point(x: 8, y: 0))
        // Leftwards and up, the other signs.
        arena.handle(MouseEvent(.press, at: Point(x: 30, y: 30)), now: at(2000))
        arena.handle(MouseEvent(.drag, at: Point(x: 25, y: 28)), now: at(2050))
        #expect(pan.translation == Point(x: -5, y: -2) && pan.velocity.x == -100 && pan.velocity.y == -40)
    }

    @Test func aPanByItsKeysMovesAStep() {
        let pan = PanGestureRecognizer()
        let (arena, log) = logged(pan)
        pan.keyTranslations = [.left: Point(x: -1, y: 0), .down: Point(x: 0, y: 1)]
        #expect(arena.handle(.down, at: Point(x: 3, y: 3), now: at(0)))
        #expect(pan.translation == Point(x: 0, y: 1) && log.states == [.began, .ended])
        #expect(!arena.handle(.up, at: Point(x: 3, y: 3), now: at(10)), "a key it has no step for")
    }

    /// A stroke from `from` to `to` in four drags over `milliseconds`, released 5 ms later, fed
    /// to a swipe recognizer of `direction` that `configure` may set up further first.
    func swipe(from: Point, to: Point, milliseconds: Int, direction: SwipeGestureRecognizer.Direction,
               configure: (SwipeGestureRecognizer) -> Void = { _ in }) -> SwipeGestureRecognizer {
        let arena = GestureArena()
        let recognizer = SwipeGestureRecognizer(direction: direction)
        configure(recognizer)
        arena.addGestureRecognizer(recognizer)
        arena.handle(MouseEvent(.press, at: from), now: at(0))
        let steps = 4
        for step in 1...steps {
            let point = Point(x: from.x + (to.x - from.x) * step / steps, y: from.y + (to.y - from.y) * step / steps)
            arena.handle(MouseEvent(.drag, at: point), now: at(milliseconds * step / steps))
        }
        arena.handle(MouseEvent(.release, at: to), now: at(milliseconds + 5))
        return recognizer
    }

    @Test func aSwipeIsRecognizedInEachDirectionItAllows() {
        let all: SwipeGestureRecognizer.Direction = [.left, .right, .up, .down]
        let strokes: [(Point, SwipeGestureRecognizer.Direction)] = [
            (Point(x: 30, y: 10), .right), (Point(x: 10, y: 10), .left), (Point(x: 20, y: 4), .up), (Point(x: 20, y: 16), .down),
        ]
        for (end, expected) in strokes {
            let recognizer = swipe(from: Point(x: 20, y: 10), to: end, milliseconds: 100, direction: all)
            #expect(recognizer.state == .recognized && recognizer.recognizedDirection == expected, "towards \(end)")
            let other = swipe(from: Point(x: 20, y: 10), to: end, milliseconds: 100, direction: all.subtracting(expected))
            #expect(other.state == .failed, "\(expected) is not allowed")
        }
    }

    @Test func aSlowOrCrookedStrokeIsNoSwipe() {
        let slow = swipe(from: Point(x: 0, y: 10), to: Point(x: 10, y: 10), milliseconds: 550, direction: .right)
        #expect(slow.state == .failed, "10 columns in 0.55 s is a drag")
        let diagonal = swipe(from: Point(x: 0, y: 0), to: Point(x: 10, y: 5), milliseconds: 100, direction: [.right, .down])
        #expect(diagonal.state == .failed, "as far down as across (a line is two columns tall)")
        let short = swipe(from: Point(x: 0, y: 0), to: Point(x: 3, y: 0), milliseconds: 30, direction: .right)
        #expect(short.state == .failed, "three columns is short of a swipe")
    }

    /// Lets a pinch and a rotation recognize together, as a photo board does.
    @MainActor final class Together: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            (recognizer is PinchGestureRecognizer && other is RotationGestureRecognizer) || (recognizer is RotationGestureRecognizer && other is PinchGestureRecognizer)
        }
    }

    func pinchAndRotation(together: Bool) -> (GestureArena, PinchGestureRecognizer, RotationGestureRecognizer, Log, Log, Together) {
        let arena = GestureArena()
        let pinches = Log(), rotations = Log()
        let pinch = PinchGestureRecognizer { pinches.record($0) }
        let rotation = RotationGestureRecognizer { rotations.record($0) }
        pinch.zoomInKeys = [.character("+")]
        pinch.zoomOutKeys = [.character("-")]
        rotation.clockwiseKeys = [.character("]")]
        rotation.counterclockwiseKeys = [.character("[")]
        let delegate = Together()
        if together { pinch.delegate = delegate }
        arena.addGestureRecognizer(pinch)
        arena.addGestureRecognizer(rotation)
        return (arena, pinch, rotation, pinches, rotations, delegate)
    }

    @Test func aPinchAndARotationRecognizeTogetherOnlyWhenTheDelegateAllows() {
        let (arena, pinch, rotation, pinches, rotations, delegate) = pinchAndRotation(together: true)
        defer { withExtendedLifetime(delegate) {} }  // a recognizer holds its delegate weakly
        #expect(arena.handle(MouseEvent(.scrollUp, at: Point(x: 5, y: 5), modifiers: .control), now: at(0)))
        #expect(arena.handle(MouseEvent(.scrollDown, at: Point(x: 5, y: 5), modifiers: .alt), now: at(50)))
        #expect(arena.handle(MouseEvent(.scrollUp, at: Point(x: 5, y: 5), modifiers: .control), now: at(100)))
        #expect(pinch.state == .changed && rotation.state == .began)
        #expect(abs(pinch.scale - 1.21) < 1e-9 && abs(rotation.rotation - .pi / 12) < 1e-9)
        arena.advance(to: at(400))
        #expect(pinches.states == [.began, .changed, .ended] && rotations.states == [.began, .ended])

        let (alone, soloPinch, soloRotation, _, soloRotations, _) = pinchAndRotation(together: false)
        alone.handle(MouseEvent(.scrollUp, at: Point(x: 5, y: 5), modifiers: .control), now: at(0))
        alone.handle(MouseEvent(.scrollDown, at: Point(x: 5, y: 5), modifiers: .alt), now: at(50))
        #expect(soloPinch.state == .began && soloRotation.state == .failed && soloRotations.states.isEmpty)
    }

    @Test func theKeysPinchAndRotateStepByStepAndAQuietEndsTheGesture() {
        let (arena, pinch, rotation, pinches, rotations, delegate) = pinchAndRotation(together: true)
        defer { withExtendedLifetime(delegate) {} }
        #expect(arena.handle(.character("+"), at: Point(x: 1, y: 1), now: at(0)))
        #expect(arena.handle(.character("+"), at: Point(x: 1, y: 1), now: at(100)))
        #expect(arena.handle(.character("-"), at: Point(x: 1, y: 1), now: at(200)))
        #expect(abs(pinch.scale - 1.1) < 1e-9)
        #expect(arena.handle(.character("["), at: Point(x: 1, y: 1), now: at(250)))
        #expect(abs(rotation.rotation + .pi / 12) < 1e-9, "[ turns counterclockwise")
        #expect(arena.nextDeadline == at(500))
        arena.advance(to: at(500))
        #expect(pinch.state == .ended && pinches.states == [.began, .changed, .changed, .ended])
        arena.advance(to: at(550))
        #expect(rotations.states == [.began, .ended])
        // A new step after the quiet is a new pinch from 1.
        arena.handle(.character("-"), at: Point(x: 1, y: 1), now: at(1000))
        #expect(pinch.state == .began && abs(pinch.scale - 1 / 1.1) < 1e-9)
        #expect(arena.handle(.character("]"), at: Point(x: 1, y: 1), now: at(1010)) && rotation.rotation > 0, "] turns clockwise")
    }

    @Test func anotherKeyOrAPressEndsAPinchAtOnceSoThatItsGestureCanBegin() {
        let (arena, pinch, _, pinches, _, delegate) = pinchAndRotation(together: true)
        defer { withExtendedLifetime(delegate) {} }
        let taps = Log()
        let tap = TapGestureRecognizer { taps.record($0) }
        tap.keyEquivalents = [.enter]
        arena.addGestureRecognizer(tap)
        arena.handle(.character("+"), at: Point(x: 1, y: 1), now: at(0))
        #expect(arena.handle(.enter, at: Point(x: 1, y: 1), now: at(50)))
        #expect(pinches.states == [.began, .ended] && taps.states == [.ended], "Enter, 50 ms after +, is a tap")
        arena.handle(.character("+"), at: Point(x: 1, y: 1), now: at(1000))
        click(arena, Point(x: 2, y: 2), at: 1050)
        #expect(pinches.states == [.began, .ended, .began, .ended] && taps.states == [.ended, .ended], "a click too")
        #expect(pinch.state == .failed, "the pinch took the click afresh, which was no pinch")
    }

    @Test func thePlainWheelIsLeftToScroll() {
        let (arena, pinch, rotation, _, _, _) = pinchAndRotation(together: true)
        #expect(!arena.handle(MouseEvent(.scrollUp, at: Point(x: 5, y: 5)), now: at(0)))
        #expect(pinch.state == .possible && rotation.state == .possible)
    }

    @Test func aPressWhoseReleaseWasLostEndsThatPressFirst() {
        let press = LongPressGestureRecognizer()
        let (arena, log) = logged(press)
        press.minimumPressDuration = .zero
        arena.handle(MouseEvent(.press, at: Point(x: 1, y: 1)), now: at(0))
        arena.handle(MouseEvent(.press, at: Point(x: 5, y: 1)), now: at(100))
        #expect(log.states == [.began, .ended, .began] && press.location == Point(x: 5, y: 1))
    }

    @Test func cancellingEndsAGestureUnderWayAsCancelled() {
        let pan = PanGestureRecognizer()
        let (arena, log) = logged(pan)
        arena.handle(MouseEvent(.press, at: Point(x: 0, y: 0)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 3, y: 0)), now: at(10))
        arena.cancelAllGestures()
        #expect(log.states == [.began, .cancelled] && !arena.isPressed)
        // The release of the cancelled press changes nothing; the next press starts again.
        arena.handle(MouseEvent(.release, at: Point(x: 3, y: 0)), now: at(20))
        arena.handle(MouseEvent(.press, at: Point(x: 0, y: 0)), now: at(30))
        arena.handle(MouseEvent(.drag, at: Point(x: 0, y: 2)), now: at(40))
        #expect(pan.state == .began && pan.translation == Point(x: 0, y: 2))
    }

    /// Lets a recognizer take presses left of column 10 only, and begin only while it allows.
    /// (Declared here, not inside the test: the index store `make api` reads has no function's
    /// local types, so their methods would not count as uses of the delegate's requirements.)
    @MainActor final class Gate: GestureRecognizerDelegate {
        var allowsBegin = true
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { allowsBegin }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceivePressAt point: Point) -> Bool { point.x < 10 }
    }

    @Test func aDelegateMayKeepARecognizerOutOfAPressOrFromBeginning() {
        let arena = GestureArena()
        let gate = Gate()
        let log = Log()
        let tap = TapGestureRecognizer { log.record($0) }
        tap.delegate = gate
        arena.addGestureRecognizer(tap)
        click(arena, Point(x: 12, y: 0), at: 0)
        #expect(log.states.isEmpty && tap.state == .possible, "outside its area: it sits the press out")
        click(arena, Point(x: 2, y: 0), at: 100)
        #expect(log.states == [.ended])
        gate.allowsBegin = false
        click(arena, Point(x: 2, y: 0), at: 1000)
        #expect(log.states == [.ended] && tap.state == .failed)
    }
    @Test func aPanThatAllowsTheWheelMovesALineANotchAndARunIsOnePan() {
        let arena = GestureArena()
        let log = Log()
        var translations: [Point] = []
        let pan = PanGestureRecognizer { pan in
            log.record(pan)
            translations.append(pan.translation)
        }
        arena.addGestureRecognizer(pan)
        #expect(!arena.handle(MouseEvent(.scrollUp, at: Point(x: 3, y: 3)), now: at(0)), "by default the wheel is left to scroll")
        pan.allowedScrollTypesMask = .discrete
        #expect(arena.handle(MouseEvent(.scrollUp, at: Point(x: 3, y: 3)), now: at(1000)))
        #expect(arena.handle(MouseEvent(.scrollUp, at: Point(x: 3, y: 3)), now: at(1100)))
        #expect(arena.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 3)), now: at(1200)))
        #expect(arena.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 3), modifiers: .shift), now: at(1250)))
        #expect(!arena.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 3), modifiers: .control), now: at(1260)), "Ctrl-wheel is a pinch's")
        #expect(!arena.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 3), modifiers: .alt), now: at(1270)), "Alt-wheel a rotation's")
        #expect(translations == [Point(x: 0, y: 1), Point(x: 0, y: 2), Point(x: 0, y: 1), Point(x: -1, y: 1)],
                "up as a drag down, down as a drag up, Shift across")
        #expect(arena.nextDeadline == at(1550), "a quiet 0.3 s after the last notch")
        arena.advance(to: at(1550))
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
        arena.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 3)), now: at(2000))
        #expect(translations.last == Point(x: 0, y: -1) && log.states.last == .began, "after the quiet a new pan from nothing")
        // A press ends the wheel's pan at once, and the pan follows the drag that comes.
        arena.handle(MouseEvent(.press, at: Point(x: 3, y: 3)), now: at(2050))
        #expect(log.states.suffix(2) == [.began, .ended])
        arena.handle(MouseEvent(.drag, at: Point(x: 3, y: 6)), now: at(2100))
        #expect(pan.state == .began && pan.translation == Point(x: 0, y: 3))
    }
}

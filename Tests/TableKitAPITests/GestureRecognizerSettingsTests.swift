import Foundation
import TableKit
import Testing

/// What an app sets on a recognizer, as on UIKit's, and the arena's own calls: each setting
/// changes which input is the gesture. (The suite of `GestureRecognizerTests`, its clock and
/// helpers.)
extension GestureRecognizerTests {
    @Test func aTapCountsTheTapsItRequiresWithinItsIntervalAndMovement() {
        let arena = GestureArena()
        let log = Log()
        let triple = TapGestureRecognizer { log.record($0) }
        triple.numberOfTapsRequired = 3
        triple.maximumTapInterval = .milliseconds(100)
        triple.allowableMovement = 0
        arena.addGestureRecognizer(triple)
        click(arena, Point(x: 4, y: 4), at: 0)
        click(arena, Point(x: 4, y: 4), at: 100)
        #expect(log.states.isEmpty, "two taps of three")
        click(arena, Point(x: 4, y: 4), at: 200)
        #expect(log.states == [.ended])
        // 110 ms between a release and the next press is too long.
        for start in [1000, 1150, 1300] { click(arena, Point(x: 4, y: 4), at: start) }
        arena.advance(to: at(2000))
        #expect(log.states == [.ended])
        // A second tap a cell away is another place.
        for (start, x) in [(3000, 4), (3100, 5), (3200, 5)] { click(arena, Point(x: x, y: 4), at: start) }
        arena.advance(to: at(4000))
        #expect(log.states == [.ended])
    }

    @Test func aLongPressToleratesItsMovementAndItsKeyPressesAtOnce() {
        let arena = GestureArena()
        let log = Log()
        let press = LongPressGestureRecognizer { log.record($0) }
        press.allowableMovement = 3
        press.keyEquivalents = [.enter]
        arena.addGestureRecognizer(press)
        arena.handle(MouseEvent(.press, at: Point(x: 4, y: 4)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 7, y: 4)), now: at(100))
        arena.advance(to: at(500))
        #expect(press.state == .began, "three cells is still holding still")
        arena.handle(MouseEvent(.release, at: Point(x: 7, y: 4)), now: at(600))
        #expect(arena.handle(.enter, at: Point(x: 9, y: 2), now: at(1000)))
        #expect(log.states == [.began, .ended, .began, .ended] && press.location == Point(x: 9, y: 2))
        #expect(!arena.handle(.space, at: Point(x: 9, y: 2), now: at(2000)), "not one of its keys")
    }

    @Test func aPanBeginsAfterItsDistanceAndAnActionThatResetsItsTranslationHearsSteps() {
        let arena = GestureArena()
        var steps: [Point] = []
        let pan = PanGestureRecognizer { pan in
            steps.append(pan.translation)
            pan.setTranslation(.zero)
        }
        pan.minimumDistance = 3
        arena.addGestureRecognizer(pan)
        arena.handle(MouseEvent(.press, at: Point(x: 0, y: 0)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 2, y: 0)), now: at(10))
        #expect(pan.state == .possible, "two cells of three")
        arena.handle(MouseEvent(.drag, at: Point(x: 3, y: 1)), now: at(20))
        arena.handle(MouseEvent(.drag, at: Point(x: 5, y: 1)), now: at(30))
        arena.handle(MouseEvent(.release, at: Point(x: 6, y: 3)), now: at(40))
        #expect(steps == [Point(x: 3, y: 1), Point(x: 2, y: 0), Point(x: 1, y: 2)], "each step since the last, adding up to the drag")
        #expect(!arena.handle(MouseEvent(.scrollDown, at: Point(x: 1, y: 1)), now: at(100)))
        pan.allowedScrollTypesMask = .all
        #expect(arena.handle(MouseEvent(.scrollDown, at: Point(x: 1, y: 1)), now: at(200)), "every kind of scrolling drives it")
    }

    @Test func aSwipeMustGoItsDistanceAtItsSpeedWithinItsTime() {
        let stroke = { (columns: Int, milliseconds: Int, configure: (SwipeGestureRecognizer) -> Void) in
            self.swipe(from: Point(x: 0, y: 5), to: Point(x: columns, y: 5), milliseconds: milliseconds, direction: .right, configure: configure)
        }
        #expect(stroke(6, 60) { _ in }.state == .recognized, "six columns at 100 a second, by default")
        #expect(stroke(6, 60) { $0.minimumDistance = 8 }.state == .failed)
        #expect(stroke(8, 80) { $0.minimumDistance = 8 }.state == .recognized)
        #expect(stroke(6, 60) { $0.minimumSpeed = 200 }.state == .failed, "100 columns a second is too slow")
        #expect(stroke(10, 200) { _ in }.state == .recognized, "it got there 100 ms in")
        #expect(stroke(10, 200) { $0.maximumDuration = .milliseconds(50) }.state == .failed)
        let turned = stroke(6, 60) { $0.direction = .left }
        #expect(turned.state == .failed, "only leftwards now")
    }

    @Test func aSwipesKeysAreItsStrokesInTheDirectionsItAllows() {
        let arena = GestureArena()
        let swipe = SwipeGestureRecognizer(direction: .left)
        swipe.keyEquivalents = [.shiftLeft: .left, .shiftRight: .right]
        arena.addGestureRecognizer(swipe)
        #expect(!arena.handle(.shiftRight, at: Point(x: 3, y: 3), now: at(0)), "rightwards is not allowed")
        #expect(arena.handle(.shiftLeft, at: Point(x: 3, y: 3), now: at(10)))
        #expect(swipe.state == .recognized && swipe.recognizedDirection == .left)
    }

    @Test func aPinchGrowsByItsStepUnderItsModifierAndMeasuresItsSpeed() {
        let arena = GestureArena()
        let pinch = PinchGestureRecognizer()
        pinch.stepFactor = 2
        pinch.wheelModifiers = .alt
        arena.addGestureRecognizer(pinch)
        #expect(!arena.handle(MouseEvent(.scrollUp, at: Point(x: 1, y: 1), modifiers: .control), now: at(0)), "Control is no longer its")
        #expect(arena.handle(MouseEvent(.scrollUp, at: Point(x: 1, y: 1), modifiers: .alt), now: at(100)))
        #expect(pinch.scale == 2 && pinch.velocity == 0, "one step has no speed yet")
        arena.handle(MouseEvent(.scrollUp, at: Point(x: 1, y: 1), modifiers: .alt), now: at(200))
        #expect(pinch.scale == 4 && abs(pinch.velocity - 20) < 1e-9, "two more in a tenth of a second: 20 a second")
        arena.advance(to: at(500))
        #expect(pinch.state == .ended && pinch.velocity == 0, "at rest when it ends")
    }

    @Test func aRotationTurnsByItsStepUnderItsModifier() {
        let arena = GestureArena()
        let rotation = RotationGestureRecognizer()
        rotation.stepAngle = .pi / 2
        rotation.wheelModifiers = .control
        arena.addGestureRecognizer(rotation)
        #expect(!arena.handle(MouseEvent(.scrollDown, at: Point(x: 1, y: 1), modifiers: .alt), now: at(0)))
        #expect(arena.handle(MouseEvent(.scrollDown, at: Point(x: 1, y: 1), modifiers: .control), now: at(10)))
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9, "a quarter turn clockwise")
    }

    @Test func everyTargetHearsEveryStateButFailure() {
        let arena = GestureArena()
        let first = Log(), second = Log()
        let tap = TapGestureRecognizer()
        tap.addTarget { first.record($0) }
        tap.addTarget { second.record($0) }
        arena.addGestureRecognizer(tap)
        click(arena, Point(x: 2, y: 2), at: 0)
        arena.handle(MouseEvent(.press, at: Point(x: 2, y: 2)), now: at(100))
        arena.handle(MouseEvent(.drag, at: Point(x: 9, y: 2)), now: at(110))
        #expect(tap.state == .failed)
        #expect(first.states == [.ended] && second.states == [.ended])
    }

    @Test func theArenaHoldsEachRecognizerOnceAndOneRemovedMidGestureIsCancelled() {
        let arena = GestureArena()
        let log = Log()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer { log.record($0) }
        arena.addGestureRecognizer(tap)
        arena.addGestureRecognizer(pan)
        arena.addGestureRecognizer(tap)
        #expect(arena.gestureRecognizers.map(ObjectIdentifier.init) == [ObjectIdentifier(tap), ObjectIdentifier(pan)])
        arena.handle(MouseEvent(.press, at: Point(x: 0, y: 0)), now: at(0))
        arena.handle(MouseEvent(.drag, at: Point(x: 4, y: 0)), now: at(10))
        arena.removeGestureRecognizer(pan)
        arena.handle(MouseEvent(.drag, at: Point(x: 8, y: 0)), now: at(20))
        #expect(log.states == [.began, .cancelled], "it hears nothing more")
        #expect(arena.gestureRecognizers.map(ObjectIdentifier.init) == [ObjectIdentifier(tap)])
    }

    @Test func theArenaIsTrackingWhileAButtonIsDownOrARecognizerWaits() {
        let (arena, _, _, singles, _) = tapPair()
        #expect(!arena.isTracking)
        arena.handle(MouseEvent(.press, at: Point(x: 1, y: 1)), now: at(0))
        #expect(arena.isTracking)
        arena.handle(MouseEvent(.release, at: Point(x: 1, y: 1)), now: at(40))
        #expect(arena.isTracking, "the double tap waits for a second tap")
        arena.advance(to: at(390))
        #expect(!arena.isTracking && singles.states == [.ended])
    }

    @Test func aRecognizerAddedForOnePartTakesOnlyItsPressesAndBeginsOnlyWhenAllowed() {
        let arena = GestureArena()
        let log = Log()
        var isEnabled = true
        let button = Rect(x: 0, y: 0, width: 6, height: 1)
        let save = TapGestureRecognizer { log.record($0) }
        arena.addGestureRecognizer(save, receivingPressesWhere: { button.contains($0) }, beginningWhen: { _ in isEnabled })
        click(arena, Point(x: 8, y: 0), at: 0)
        #expect(log.states.isEmpty && save.state == .possible, "beside the button: not its press")
        click(arena, Point(x: 2, y: 0), at: 100)
        #expect(log.states == [.ended])
        isEnabled = false
        click(arena, Point(x: 2, y: 0), at: 200)
        #expect(log.states == [.ended] && save.state == .failed)
    }
}

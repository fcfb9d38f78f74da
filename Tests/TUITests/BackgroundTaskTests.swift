import Foundation
import Testing
@testable import TUI

/// These tests wait on their own thread (`usleep`) rather than suspending: the end-to-end
/// tests keep the shared task pool busy, and a suspended test may resume seconds later.
@Suite("BackgroundTask: results are polled, a cancelled one never arrives")
struct BackgroundTaskTests {
    /// Waits until `condition` holds or a minute passes (a deadline, not a timing).
    private func wait(until condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < deadline { usleep(1_000) }
    }

    @Test func aFinishedResultIsTakenOnce() {
        let task = BackgroundTask { _ in 42 }
        wait { task.isFinished }
        #expect(task.takeResult() == 42)
        #expect(task.takeResult() == nil)
    }

    @Test func cancellingTellsTheWorkWhichStopsAtItsNextStepAndDeliversNothing() {
        // Work in steps that would run for a minute unless told to stop, as the loader checks
        // between parsing and sorting.
        let task = BackgroundTask { isCancelled -> Int in
            var steps = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while !isCancelled(), ContinuousClock.now < deadline {
                steps += 1
                usleep(1_000)
            }
            return steps
        }
        task.cancel()
        let cancelledAt = ContinuousClock.now
        wait { task.isFinished }
        #expect(task.isFinished && ContinuousClock.now - cancelledAt < .seconds(30), "the work saw the cancellation and stopped")
        #expect(task.takeResult() == nil, "a cancelled result is never delivered")
    }
}

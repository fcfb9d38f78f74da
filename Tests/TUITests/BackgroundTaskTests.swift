import Foundation
import Synchronization
import Testing
@testable import TUI

@Suite("BackgroundTask: results are polled, a cancelled one never arrives")
struct BackgroundTaskTests {
    @Test func aFinishedResultIsTakenOnce() async throws {
        let task = BackgroundTask { _ in 42 }
        while !task.isFinished { try await Task.sleep(for: .milliseconds(1)) }
        #expect(task.takeResult() == 42)
        #expect(task.takeResult() == nil)
    }

    @Test func cancellingTellsTheWorkWhichStopsAtItsNextStepAndDeliversNothing() async throws {
        let started = Atomic<Bool>(false)
        let stepsDone = Atomic<Int>(0)
        let task = BackgroundTask { isCancelled -> Int in
            started.store(true, ordering: .sequentiallyConsistent)
            // Steps of work, checking between them, as the loader does between parsing and sorting.
            for _ in 0 ..< 10_000 {
                if isCancelled() { break }
                stepsDone.add(1, ordering: .sequentiallyConsistent)
                usleep(1_000)
            }
            return stepsDone.load(ordering: .sequentiallyConsistent)
        }
        while !started.load(ordering: .sequentiallyConsistent) { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        while !task.isFinished { try await Task.sleep(for: .milliseconds(1)) }
        #expect(stepsDone.load(ordering: .sequentiallyConsistent) < 10_000, "the work stopped early")
        #expect(task.takeResult() == nil, "a cancelled result is never delivered")
    }
}

import Dispatch
import Foundation
import TableKitTerminal
import Testing
@testable import TUI

/// The process's wake-up, which a thread waiting for work in flight blocks on instead of
/// sleeping and looking again. Serialized: the wake-up is one per process.
@Suite("Wakeup: waits end on a post, not on a poll", .serialized)
struct WakeupTests {
    /// Takes any posts left by earlier work, so that each test starts from none.
    private func drain() {
        while Wakeup.wait(until: .now + .milliseconds(1)) {}
    }

    @Test("a post from another thread ends a wait; one made before the wait is not lost")
    func aPostEndsAWait() {
        drain()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { Wakeup.post() }
        #expect(Wakeup.wait(until: .now + .seconds(10)), "woken by the post, not by the deadline")
        Wakeup.post()
        #expect(Wakeup.wait(until: .now + .seconds(10)), "a post before the wait is not lost")
    }

    /// Two threads wait, each for its own work; one post, for the first's, must reach the
    /// first whatever the second does. (With a counting semaphore the second could take the
    /// post, look, find its own work unfinished and wait again, while the first waited for
    /// ever: the hang that kept CI from finishing.)
    @Test("a post wakes every waiter, so none waits for a post another took")
    func aPostWakesEveryWaiter() {
        final class Flags: @unchecked Sendable {
            let lock = NSLock()
            var firstDone = false, secondDone = false
            var firstWoken: Bool?
            func read<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
        }
        let flags = Flags()
        let waiting = DispatchGroup()
        let first = Thread {
            let deadline = ContinuousClock.now + .seconds(5)
            while !flags.read({ flags.firstDone }), ContinuousClock.now < deadline { Wakeup.wait(until: deadline) }
            flags.read { flags.firstWoken = flags.firstDone && ContinuousClock.now < deadline }
            waiting.leave()
        }
        let second = Thread {
            let deadline = ContinuousClock.now + .seconds(5)
            while !flags.read({ flags.secondDone }), ContinuousClock.now < deadline { Wakeup.wait(until: deadline) }
            waiting.leave()
        }
        waiting.enter()
        waiting.enter()
        first.start()
        second.start()
        // Both are waiting (or about to): the first's work ends, with one post.
        usleep(100_000)
        flags.read { flags.firstDone = true }
        Wakeup.post()
        usleep(200_000)
        flags.read { flags.secondDone = true }
        Wakeup.post()
        waiting.wait()
        #expect(flags.read { flags.firstWoken } == true, "the first waiter heard its post before its deadline")
    }

    @Test("without a post, a wait ends at its deadline and says so")
    func aDeadlineEndsAWait() {
        drain()
        let deadline = ContinuousClock.now + .milliseconds(30)
        // Another suite's background task may post meanwhile (the wake-up is the process's):
        // such a post ends the wait early and says so; the wait after it ends at the deadline.
        while Wakeup.wait(until: deadline) {}
        #expect(ContinuousClock.now >= deadline, "not before the deadline")
        #expect(!Wakeup.wait(until: .now - .seconds(1)), "a deadline already past does not wait")
    }

    @Test("a background task's end posts it: a key waiting for the rest of a sort wakes when the sort is done")
    func aTaskEndPosts() {
        drain()
        let gate = DispatchSemaphore(value: 0)
        let task = BackgroundTask { _ in gate.wait(); return 42 }
        gate.signal()
        while !task.isFinished {
            #expect(Wakeup.wait(until: .now + .seconds(10)), "the task's end woke the wait")
        }
        #expect(task.takeResult() == 42)
    }
}

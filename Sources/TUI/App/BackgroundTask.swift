import Dispatch
import Synchronization
import TableKitTerminal

/// Work running on another thread, polled from the event loop each tick; a thread that must
/// wait for it blocks in ``Wakeup/wait(until:)``, which its end posts.
///
/// Cancelling marks the result unwanted, so the app's state stays exactly as it was, and
/// tells the work, which checks between its steps and stops early (a step already under way,
/// such as simdjson's parse, runs to its end).
final class BackgroundTask<Value: Sendable>: Sendable {
    private let state = Mutex<(result: Value?, isFinished: Bool, isCancelled: Bool)>((nil, false, false))
    /// When the work started, for the half-second rule of progress sheets.
    let startedAt: ContinuousClock.Instant

    /// Starts `work` on a background queue; it is handed a check that says whether the task
    /// was cancelled. `startedAt` is when the wait began for the user, if earlier than now.
    init(startedAt: ContinuousClock.Instant = .now, _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Value) {
        self.startedAt = startedAt
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let value = work { [self] in isCancelled }
            state.withLock { $0 = (value, true, $0.isCancelled) }
            Wakeup.post()
        }
    }

    /// Whether the result was marked unwanted.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Whether the work has finished (whatever became of its result).
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Whether the work has run long enough to deserve a progress sheet.
    var isSlow: Bool { ContinuousClock.now >= slowSince }

    /// When the work becomes slow: half a second after it started.
    var slowSince: ContinuousClock.Instant { startedAt + .milliseconds(500) }

    /// Marks the result unwanted.
    func cancel() { state.withLock { $0.isCancelled = true } }

    /// The result, once, if it finished and was not cancelled.
    func takeResult() -> Value? {
        state.withLock { current in
            guard current.isFinished, !current.isCancelled, let value = current.result else { return nil }
            current.result = nil
            return value
        }
    }
}

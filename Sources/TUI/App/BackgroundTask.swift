import Dispatch
import Synchronization
import TableKit
import TableKitTerminal

/// Work running on another thread whose end reaches a screen as an event: the screen that
/// waits for it says so with ``deliver(to:_:)``, and the app's ``Mailbox`` delivers the
/// answer on the main actor once the work is done. A thread that must wait for it before the
/// app runs (a load before the terminal is taken over) blocks in ``Wakeup/wait(until:)``,
/// which its end also posts.
///
/// Cancelling marks the result unwanted, so the app's state stays exactly as it was, and
/// tells the work, which checks between its steps and stops early (a step already under way,
/// such as simdjson's parse, runs to its end).
final class BackgroundTask<Value: Sendable>: Sendable {
    private struct State {
        var result: Value?
        var isFinished = false
        var isCancelled = false
        /// Posts the end to whoever hears it, once one is set.
        var postEnd: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    /// When the work started, for the half-second rule of progress sheets.
    let startedAt: ContinuousClock.Instant

    /// Starts `work` on a background queue; it is handed a check that says whether the task
    /// was cancelled. `startedAt` is when the wait began for the user, if earlier than now.
    init(startedAt: ContinuousClock.Instant = .now, _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Value) {
        self.startedAt = startedAt
        Mailbox.main.workDidBegin()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let value = work { [self] in isCancelled }
            let postEnd = state.withLock { state in
                state.result = value
                state.isFinished = true
                return state.postEnd
            }
            postEnd?()
            Mailbox.main.workDidEnd()
            Wakeup.post()
        }
    }

    /// Has the end of the work delivered to `screen` as an event: `answer` runs on the main
    /// actor, with the screen, once the work is done (at once, if it is already), and returns
    /// the screen's response. A cancelled task still delivers; ``takeResult()`` is then `nil`.
    @MainActor
    func deliver<Recipient: Screen>(to screen: Recipient, _ answer: @escaping @MainActor (Recipient) -> ScreenResponse) {
        let postEnd: @Sendable () -> Void = { [weak screen] in
            guard let screen else { return }
            Mailbox.main.post(to: screen) { [weak screen] in screen.map(answer) ?? .handled }
        }
        let isFinished = state.withLock { state in
            state.postEnd = postEnd
            return state.isFinished
        }
        if isFinished { postEnd() }
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

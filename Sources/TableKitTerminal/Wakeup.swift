import CNcurses

/// The process's one wake-up: work that finishes on another thread posts it, and so does a
/// termination signal (SIGINT, SIGTERM, SIGHUP, a SIGQUIT sent by a process) once the
/// handlers are installed. A thread that must wait for either — a load before the terminal is
/// taken over, a key that needs work in flight — blocks in ``wait(until:)`` instead of
/// sleeping and looking again.
///
/// A post wakes every waiting thread, and a thread's next wait returns at once when there was
/// a post since it last woke, so none is lost, however many threads wait; a waiter may wake
/// for another piece of work's post, so it checks what it waits for and waits again:
///
/// ```swift
/// while !task.isFinished {
///     if let signal = ProcessSignals.pendingTermination { ProcessSignals.exit(forSignal: signal) }
///     Wakeup.wait()
/// }
/// ```
package enum Wakeup {
    /// Wakes every thread waiting in ``wait(until:)``; a thread that waits later, and has not
    /// woken since, returns at once.
    package static func post() {
        tk_wakeup_post()
    }

    /// Blocks until a post this thread has not yet woken for, or until `deadline` passes (nil:
    /// no limit).
    /// - Returns: Whether a post woke it (false: the deadline came first).
    @discardableResult
    package static func wait(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        guard let deadline else { return tk_wakeup_wait(-1) != 0 }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return false }
        let milliseconds = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return tk_wakeup_wait(Int(milliseconds)) != 0
    }
}

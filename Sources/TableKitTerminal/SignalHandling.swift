import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's signal handling while curses owns the terminal.
///
/// The handlers are C functions in `CNcurses/shim.h`, because a signal handler may only do
/// async-signal-safe work and Swift code cannot promise that. They never touch curses:
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT record the signal; ``CursesTerminal/nextEvent(timeout:)``
///   wakes at least every ``pollInterval``, returns `nil`, and the app loop reads
///   ``CursesTerminal/pendingTerminationSignal``, restores and exits with 128 + signo. A second
///   termination signal before that happens restores the terminal from the handler (a prepared
///   byte string and the saved `termios`, nothing else) and `_exit`s at once.
/// - SIGTSTP (`kill -TSTP`; in raw mode Ctrl-Z is a key, not a signal) and SIGCONT set flags that
///   the event loop turns into ``CursesTerminal/suspend()`` and a full repaint.
/// - SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP restore the terminal, then pass the signal
///   on: a real fault to the previous handler (the Swift runtime's backtracer, or the default
///   action) when it repeats; one sent by another process (`kill -SEGV`, which nothing repeats)
///   to the default action, raised again, so that the process ends with that signal.
/// - SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ and SIGSYS, where
///   their default action stands, restore the terminal and are raised again with it.
/// - `atexit` restores the terminal if the process exits without ``CursesTerminal/restore()``.
///
/// SIGWINCH is deliberately left alone: ncurses installs its own handler and reports
/// `KEY_RESIZE`. What this cannot do: restore after SIGKILL, or after a SIGSTOP that the shell
/// never continues.
enum SignalHandling {
    /// The longest `nextEvent` waits in one piece before it looks at the signal flags again.
    static let pollInterval: Duration = .milliseconds(100)

    /// Installs the handlers and the `atexit` safety net; a second call does nothing.
    /// Call before `newterm`, so that ncurses keeps its hands off SIGINT, SIGTERM and SIGTSTP.
    static func install() {
        tk_install_signal_handlers()
    }

    /// Puts back the dispositions the process had before ``install()``. Pending flags are kept,
    /// so ``pendingTermination`` still answers after the terminal is restored.
    static func uninstall() {
        tk_restore_signal_handlers()
    }

    /// The first termination signal received (SIGINT, SIGTERM, SIGHUP or SIGQUIT), if any.
    static var pendingTermination: Int32? {
        let signal = tk_pending_signal()
        return signal == 0 ? nil : signal
    }

    /// Whether a SIGTSTP arrived since the last call.
    static func takeStopRequest() -> Bool {
        tk_take_stop_request() != 0
    }

    /// Whether a SIGCONT arrived since the last call.
    static func takeContinueNotice() -> Bool {
        tk_take_continue_notice() != 0
    }

    /// Stops the process with SIGTSTP's default action; returns once a shell continues it
    /// (at once when the process group is orphaned, where a stop would be for ever).
    static func stopProcess() {
        tk_stop_process()
    }

    /// Remembers the terminal modes of `fd` as the shell left them, for the emergency restore.
    /// Call before curses changes them.
    /// - Returns: `false` when they could not be read.
    @discardableResult
    static func saveTerminalModes(fileDescriptor fd: Int32) -> Bool {
        tk_save_terminal_modes(fd) == 0
    }

    /// Remembers the bytes that leave curses' screen, for the emergency restore.
    static func setLeaveSequence(_ bytes: [UInt8]) {
        TerminalIO.withCChars(bytes) { tk_set_leave_sequence($0, $1) }
    }

    /// Arms (`true`) or disarms the emergency restore: armed while curses owns the screen.
    static func setTerminalActive(_ active: Bool) {
        tk_set_terminal_active(active ? 1 : 0)
    }

    /// Ends the process as a shell expects after `signal`: exit status 128 + signo.
    /// Call only after ``CursesTerminal/restore()``.
    static func exit(forSignal signal: Int32) -> Never {
        ProcessExit.now(128 + signal)
    }
}

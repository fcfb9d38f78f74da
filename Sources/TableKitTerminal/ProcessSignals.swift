import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling for a TableKit app's whole process, from its first instruction: before any
/// file is read, before the terminal is taken over, and after it is given back.
///
/// Call ``install(programName:)`` first thing in `main`. From then on:
///
/// - SIGINT, SIGTERM, SIGHUP and a SIGQUIT sent by a process are recorded, not acted on:
///   work done before the terminal is taken over (a load) asks ``pendingTermination`` and
///   ends with ``exit(forSignal:)`` (status 128 + signo, nothing printed); once the terminal
///   is taken over, ``TerminalApp`` restores it and does the same. A second one ends the
///   process at once with that status.
/// - SIGTSTP and SIGCONT keep their usual meaning until the terminal is taken over (Ctrl-Z
///   during a load stops the process, and `fg` continues it); while curses owns the screen
///   they suspend and repaint it, and after it is given back they are as they were.
/// - A SIGQUIT from the terminal itself (Ctrl-\ while the terminal still turns keys into
///   signals) is ignored: in curses' raw mode the same key means nothing either.
/// - A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP raised by the process) restores
///   the terminal if it is taken, writes one line on standard error ("name: crashed:
///   segmentation fault (SIGSEGV). This is a bug; …") and ends by the signal's default action
///   (status 128 + signo), instead of the Swift runtime's backtracer and its 30-second prompt.
///   With `SWIFT_BACKTRACE` set in the environment the backtracer gets it, as that says.
///   The same signals sent by another process end it quietly by their default action.
///
/// Without ``install(programName:)``, ``TerminalApp`` installs the same handlers only while
/// the terminal is taken over, and a crash goes on to the runtime's backtracer.
package enum ProcessSignals {
    /// Installs the handlers for the rest of the process's life; a second call does nothing.
    /// - Parameter programName: The name a crash's line starts with, such as `table-browser`.
    package static func install(programName: String) {
        tk_install_process_signal_handlers(programName)
    }

    /// The first termination signal received (SIGINT, SIGTERM, SIGHUP, or SIGQUIT sent by a
    /// process), if any. Work that runs before the terminal is taken over should ask it often
    /// (every few milliseconds) and stop with ``exit(forSignal:)``.
    package static var pendingTermination: Int32? {
        SignalHandling.pendingTermination
    }

    /// Ends the process as a shell expects after `signal`: output flushed, nothing printed,
    /// exit status 128 + signo. Call only when the terminal is not taken over (or restored).
    package static func exit(forSignal signal: Int32) -> Never {
        SignalHandling.exit(forSignal: signal)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a TableKit app's process ends, on every path: output flushed, then `_exit`.
///
/// Work may still be running on a background thread when the user quits. A normal `exit`
/// runs C++ static destructors, which can tear a library down under that work (in
/// table-browser, simdjson under a parse still running: "pure virtual method called", then
/// SIGABRT). Nothing needs those destructors or atexit handlers once the terminal has been
/// given back.
package enum ProcessExit {
    /// Flushes standard output and error and ends the process with `status`. Call only after
    /// the terminal is restored: the atexit safety net does not run.
    package static func now(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the process ends, on every path: output flushed, then `_exit`.
///
/// A reload or a search may still be running on a background thread when the user quits. A
/// normal `exit` runs C++ static destructors, which tear down simdjson's implementation objects
/// under a parse still using them ("pure virtual method called", then SIGABRT). Nothing of ours
/// needs those destructors or atexit handlers once the terminal has been given back.
enum ProcessExit {
    /// Flushes standard output and error and ends the process with `status`. Call only after
    /// the terminal is restored: the atexit safety net does not run.
    static func now(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}

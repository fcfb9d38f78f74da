import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the app asks of the system differently per platform: only its memory figures. Linux
/// splits the resident memory into anonymous and file pages (`/proc/self/status`); elsewhere
/// — and on Linux too when `TABLEKIT_PORTABLE` is set (`make test-portable`), so that this
/// path is built and tested here — only `getrusage(2)`'s peak is known.
enum Platform {
    /// The process's resident memory now in kibibytes, as anonymous and file pages; nil where
    /// the system does not say.
    static func residentKibibytes() -> (anonymous: Double, file: Double)? {
        #if os(Linux) && !TABLEKIT_PORTABLE
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func kibibytes(_ field: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
            return line.split(separator: " ").dropFirst().lazy.compactMap { Double($0) }.first
        }
        guard let anonymous = kibibytes("RssAnon"), let file = kibibytes("RssFile") else { return nil }
        return (anonymous, file)
        #else
        return nil
        #endif
    }

    /// The most memory the process has held resident at once, in bytes (`getrusage(2)`'s
    /// `ru_maxrss`, which Linux counts in kibibytes and macOS in bytes).
    static func peakResidentBytes() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #endif
        #if canImport(Darwin)
        return Double(usage.ru_maxrss)
        #else
        return Double(usage.ru_maxrss) * 1024
        #endif
    }
}

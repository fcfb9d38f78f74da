import CNcurses
import CProcessStart
import CSimdjson
import Foundation
import TableKitTerminal
import Testing
@testable import TUI
#if canImport(Glibc)
import Glibc
#endif

/// Whether these tests were built with `TABLEKIT_PORTABLE` (`make test-portable`): the POSIX
/// fallbacks a macOS build compiles, in place of Linux's calls.
private let builtPortable: Bool = {
    #if TABLEKIT_PORTABLE
    true
    #else
    false
    #endif
}()

/// Each module's platform file (issue 39): the Linux calls by default, the POSIX fallbacks
/// under `TABLEKIT_PORTABLE` — and every one of them in this build is the one it says.
@Suite("Platform: the Linux calls, or their POSIX fallbacks under TABLEKIT_PORTABLE")
struct PlatformTests {
    @Test("every module compiled the path of this build (Swift's -D and C's -D agree)")
    func everyModuleTookThePathOfThisBuild() {
        // The C headers' static inline functions are compiled by Swift's importer: a define
        // that reached the C targets and not the importer would leave the futex in a
        // "portable" build.
        #expect(tk_wakeup_is_portable() == (builtPortable ? 1 : 0), "CNcurses' wake-up")
        #expect(tk_json_copies_in_kernel() == (builtPortable ? 0 : 1), "CSimdjson's copy")
        #expect(tk_process_start_runs_early() == (builtPortable ? 0 : 1), "CProcessStart's start hook")
        #expect((Platform.residentKibibytes() == nil) == builtPortable, "TUI's memory figures")
    }

    /// The binary a macOS build makes calls no Linux-only copy: `nm -D` lists the dynamic
    /// symbols `table-browser` takes from the C library. The default build's must name
    /// `copy_file_range` (or the check could not see it); the portable build's must not.
    @Test("the portable table-browser takes no copy_file_range from the C library; the default one does")
    func thePortableBinaryCallsNoCopyFileRange() throws {
        let binary = try TableBrowserBinary.url()
        let result = try TmuxSession.run("/usr/bin/env", ["nm", "-D", "--undefined-only", binary.path], environment: TableBrowserBinary.environment)
        try #require(result.status == 0, "nm -D \(binary.path): \(result.standardError)")
        let symbols = result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(symbols.contains { $0.hasPrefix("write") }, "nm listed the binary's imports: \(symbols.count) of them")
        let imported = symbols.contains { $0 == "copy_file_range" || $0.hasPrefix("copy_file_range@") }
        #expect(imported == !builtPortable, "\(binary.path) \(imported ? "imports" : "does not import") copy_file_range")
    }

    /// The start hook's promise in both builds: from the executable's first initialiser on (the
    /// first instruction, with `.preinit_array`), a crash signal ends the process quietly by its
    /// default action, never through the runtime's backtracer. In a fresh child process,
    /// before anything of the app's has installed a handler. (SEGV: a test runner may start
    /// its children with QUIT ignored, which the hook rightly leaves alone.)
    @Test("a SEGV before main's handlers ends the process by the signal, without the runtime's crash report")
    func theStartHookKeepsTheCrashSignals() async {
        let result = await #expect(processExitsWith: .signal(SIGSEGV), observing: [\.standardErrorContent]) {
            // Asked for, the backtracer keeps the signals: nothing of the hook's to see.
            if getenv("SWIFT_BACKTRACE") != nil { signal(SIGSEGV, SIG_DFL) }
            else if tk_process_start_kept_signals() != 1 { exit(10) }
            var segv = sigset_t()
            sigemptyset(&segv)
            sigaddset(&segv, SIGSEGV)
            pthread_sigmask(SIG_UNBLOCK, &segv, nil)
            raise(SIGSEGV)
            exit(11)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        for word in EndToEndEarlySignalsTests.crashWords {
            #expect(!text.contains(word), "'\(word)' on standard error: \(text)")
        }
    }

    @Test("ResidentMemory: split into anonymous and file pages on Linux, the peak from getrusage elsewhere")
    func residentMemoryFigures() {
        let memory = ResidentMemory.now()
        switch memory.figures {
        case let .split(anonymous, file):
            #expect(!builtPortable)
            #expect(anonymous > 1 && file > 1, "\(memory)")
        case let .peak(peak):
            #expect(builtPortable)
            #expect(peak > 1, "\(memory)")
            #expect(memory.description.hasPrefix("resident at most"))
        }
    }

    /// `getrusage`'s peak counts kibibytes on Linux and bytes on macOS. In bytes it is about at
    /// least the kernel's own count of this image's peak (VmHWM; `getrusage` also remembers the peak
    /// of the image before exec, which may be larger) and at most the machine's memory.
    @Test("the peak resident memory from getrusage is in bytes: at least VmHWM, at most the machine's memory")
    func peakResidentIsInBytes() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kibibytes = try #require(line.split(separator: " ").lazy.compactMap { Double($0) }.first)
        let peak = Platform.peakResidentBytes()
        let memory = Double(sysconf(Int32(_SC_PHYS_PAGES))) * Double(sysconf(Int32(_SC_PAGESIZE)))
        // Half, not all: with many threads the kernel's RSS counts lag a little behind, each
        // its own way; a wrong unit is 1024 times off.
        #expect(peak >= kibibytes * 1024 / 2 && peak <= memory, "getrusage \(peak) B, VmHWM \(kibibytes) KiB, memory \(memory) B")
    }
}

/// The save's copy from file to file through a buffer (`tk_json_copy_by_reading`), which the
/// portable build uses in place of `copy_file_range(2)`; compiled and tested in both builds.
@Suite("Platform: the read-and-write copy")
struct CopyByReadingTests {
    /// A file of `count` bytes, none the same as its neighbours, open for reading.
    private static func source(_ files: TemporaryFiles, count: Int) throws -> (descriptor: Int32, bytes: [UInt8]) {
        let bytes = (0 ..< count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
        let path = files.directory.appendingPathComponent("source").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        return (descriptor, bytes)
    }

    private static func destination(_ files: TemporaryFiles) throws -> (descriptor: Int32, path: String) {
        let path = files.directory.appendingPathComponent("destination").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        return (descriptor, path)
    }

    @Test("copies every byte of a stretch of several buffers and a remainder, from an offset, to where the destination stands",
          arguments: [false, true])
    func copiesEveryByte(throughTheSaveCall: Bool) throws {
        let files = TemporaryFiles()
        let (source, bytes) = try Self.source(files, count: 300_017)
        defer { close(source) }
        let (destination, path) = try Self.destination(files)
        let prefix = Array("kept:".utf8)
        #expect(write(destination, prefix, prefix.count) == prefix.count)
        let offset = 1_000, count = 3 * 65_536 + 4_321
        let copied = throughTheSaveCall
            ? tk_json_copy_file_range(source, Int64(offset), destination, count)
            : tk_json_copy_by_reading(source, Int64(offset), destination, count)
        close(destination)
        #expect(copied == Int64(count))
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written.count == prefix.count + count)
        #expect(written == prefix + bytes[offset ..< offset + count], "the destination holds what it held, then the stretch")
    }

    @Test("stops where the source ends: what was left, then nothing")
    func stopsAtTheSourceEnd() throws {
        let files = TemporaryFiles()
        let (source, bytes) = try Self.source(files, count: 70_000)
        defer { close(source) }
        let (destination, path) = try Self.destination(files)
        #expect(tk_json_copy_by_reading(source, 60_000, destination, 100_000) == 10_000)
        #expect(tk_json_copy_by_reading(source, 70_000, destination, 100) == 0)
        close(destination)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == Array(bytes[60_000...]))
    }

    @Test("nothing copied and an error: -1 and errno")
    func anErrorBeforeAnyByte() throws {
        let files = TemporaryFiles()
        let (source, _) = try Self.source(files, count: 1_000)
        defer { close(source) }
        errno = 0
        #expect(tk_json_copy_by_reading(source, 0, -1, 1_000) == -1)
        #expect(errno == EBADF)
    }

    /// A write cut short by the file-size limit (RLIMIT_FSIZE: the write that crosses it
    /// writes up to it, the next fails with EFBIG): the copy counts exactly the bytes
    /// written, and the next call meets the error. In a child process, whose limit is its own.
    @Test("a short write: exactly the bytes written are counted, and the next call fails")
    func aShortWrite() async {
        await #expect(processExitsWith: .exitCode(0)) {
            signal(SIGXFSZ, SIG_IGN)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-short-write-\(getpid())")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let bytes = (0 ..< 300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let sourcePath = directory.appendingPathComponent("source").path
            guard (try? Data(bytes).write(to: URL(fileURLWithPath: sourcePath))) != nil else { exit(10) }
            let source = open(sourcePath, O_RDONLY)
            let destinationPath = directory.appendingPathComponent("destination").path
            let destination = open(destinationPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard source >= 0, destination >= 0 else { exit(11) }
            // Within the second buffer: its write is cut short.
            let limit = 100_001
            var lowered = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t.max)
            guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &lowered) == 0 else { exit(12) }
            let copied = tk_json_copy_by_reading(source, 0, destination, 300_000)
            guard copied == Int64(limit) else { exit(copied < Int64(limit) ? 13 : 14) }
            errno = 0
            guard tk_json_copy_by_reading(source, Int64(limit), destination, 300_000 - limit) == -1, errno == EFBIG else { exit(15) }
            close(destination)
            guard let written = try? Data(contentsOf: URL(fileURLWithPath: destinationPath)), [UInt8](written) == Array(bytes[..<limit]) else { exit(16) }
            exit(0)
        }
    }
}

/// The wake-up's paths the app takes and the other tests do not: a wait with no deadline, and
/// a post from a signal handler (the portable wake-up cannot take a lock there).
@Suite("Platform: the wake-up without a deadline, and posted by a signal", .serialized)
struct WakeupPathTests {
    @Test("a wait with no deadline ends on a post from another thread")
    func aWaitWithoutADeadline() async {
        while Wakeup.wait(until: .now + .milliseconds(1)) {}
        let ended = DispatchSemaphore(value: 0)
        let waiter = Thread {
            Wakeup.wait()
            ended.signal()
        }
        waiter.start()
        // However late the waiter starts, a post after its start reaches it: a post before
        // its wait ends it at once.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { Wakeup.post() }
        #expect(ended.wait(timeout: .now() + .seconds(10)) == .success, "the waiter woke")
    }

    /// In a child process: the handler is the process's. The signal reaches the waiting
    /// thread itself (every other thread blocks it), in the middle of its wait.
    @Test("a post from a signal handler ends a wait, on the waiting thread itself")
    func aPostFromASignalHandler() async {
        await #expect(processExitsWith: .exitCode(0)) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in Wakeup.post() }
            sigemptyset(&action.sa_mask)
            guard sigaction(SIGUSR2, &action, nil) == 0 else { exit(10) }
            func blockingTheSignal(_ how: Int32) {
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, SIGUSR2)
                pthread_sigmask(how, &only, nil)
            }
            let waiter = pthread_self()
            let sender = Thread {
                usleep(100_000)
                pthread_kill(waiter, SIGUSR2)
            }
            // The sender, and every thread it starts, blocks the signal: it reaches the waiter only.
            blockingTheSignal(SIG_BLOCK)
            sender.start()
            blockingTheSignal(SIG_UNBLOCK)
            while Wakeup.wait(until: .now + .milliseconds(1)) {}
            exit(Wakeup.wait(until: .now + .seconds(10)) ? 0 : 20)
        }
    }
}

import Foundation
import Testing
@testable import TUI

/// Issue 24, bounded everything: a pipe or FIFO is refused as soon as it sends more than the
/// stream limit (`--stream-limit`), and `--timeout` bounds every silence, not only the one
/// before the first byte — when browsing too.
@MainActor
@Suite("Bounded streams: the size limit at its crossing, every silence timed")
struct BoundedStreamsTests {
    /// A pipe whose read end is loaded here; its write end stays open (no end of file) until
    /// `closeWriter()`, so that only a limit or a timeout can end a load that waits for more.
    private final class Pipe: @unchecked Sendable {
        let reader: Int32
        private(set) var writer: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            // Close-on-exec: a process that another test starts meanwhile must not inherit the
            // write end, or closing it here would never be an end of file.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            (reader, writer) = (ends[0], ends[1])
        }
        /// Writes all of `text` (less than the pipe's 64 KiB buffer: no reader needed yet).
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count)
        }
        func closeWriter() {
            if writer >= 0 { close(writer) }
            writer = -1
        }
        deinit {
            closeWriter()
            close(reader)
        }
    }

    /// Loads the pipe as `--data -` would, with `limit` and `timeout`; a load still running
    /// after `giveUp` is cancelled, so that a broken rule fails the test instead of hanging it.
    private func load(_ pipe: Pipe, limit: Int? = nil, timeout: Duration? = nil,
                      giveUp: Duration = .seconds(6)) -> (result: Result<Int, JSONLoadError>, elapsed: Duration) {
        let started = ContinuousClock.now
        let options = JSONRecordStore.LoadOptions(isCancelled: { ContinuousClock.now - started > giveUp },
                                                  waitForData: timeout, streamLimit: limit)
        do {
            let store = try JSONRecordStore.load(descriptor: pipe.reader, name: "stdin", options: options)
            return (.success(store.count), ContinuousClock.now - started)
        } catch {
            return (.failure(error), ContinuousClock.now - started)
        }
    }

    /// `[`, spaces, `{"a":1}]`: records of exactly `size` bytes.
    private func records(ofSize size: Int) -> String {
        "[" + String(repeating: " ", count: size - 9) + #"{"a":1}]"#
    }

    @Test func aPipeMayFillTheLimitExactlyButNotPassIt() throws {
        let full = try Pipe()
        full.write(records(ofSize: 4096))
        full.closeWriter()
        let accepted = load(full, limit: 4096).result
        #expect((try? accepted.get()) == 1, "4,096 bytes under a limit of 4,096: \(accepted)")

        let over = try Pipe()
        over.write(records(ofSize: 4097))
        over.closeWriter()
        guard case .failure(let error) = load(over, limit: 4096).result else {
            Issue.record("4,097 bytes under a limit of 4,096 were loaded")
            return
        }
        #expect(error.description == "stdin: error: more than 4 KiB (4096 bytes) arrived, the most a pipe or FIFO may send")
        #expect(error.exitCode == 66)
    }

    /// The writer sends one byte past the limit and stays: the refusal must come from the
    /// crossing, since no end of file ever comes.
    @Test func aPipeIsRefusedWhenTheLimitIsPassedNotAtItsEnd() throws {
        let pipe = try Pipe()
        pipe.write(String(repeating: " ", count: 5000))
        let (result, elapsed) = load(pipe, limit: 4096, timeout: .seconds(30))
        guard case .failure(let error) = result else {
            Issue.record("loaded \(result)")
            return
        }
        #expect(error.message.hasPrefix("more than 4 KiB"), "\(error.message)")
        #expect(elapsed < .seconds(3), "refused after \(elapsed)")
    }

    /// Issue 40: a pipe's reading is linear in its bytes. Megabytes of white space before the
    /// records, sent in many writes: the white space is looked at once, not again after every
    /// read (that was quadratic: 274 s of CPU for 1.2 GB), and no byte is copied to a bigger
    /// buffer (a doubling buffer held twice the limit when it grew). Counted, not timed.
    @Test func aPipeIsReadInTimeLinearInItsBytes() throws {
        let pipe = try Pipe()
        let space = 8 << 20
        let thread = Thread {
            let block = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 16)
            for _ in 0 ..< space / block.count {
                var offset = 0
                while offset < block.count {
                    let written = block.withUnsafeBytes { Glibc.write(pipe.writer, $0.baseAddress! + offset, $0.count - offset) }
                    guard written > 0 else { return }
                    offset += written
                }
            }
            pipe.write(#"[{"a":1}]"#)
            pipe.closeWriter()
        }
        thread.start()
        let options = JSONRecordStore.LoadOptions(waitForData: .seconds(10))
        let store = try JSONRecordStore.load(descriptor: pipe.reader, name: "stdin", options: options)
        #expect(store.count == 1)
        let timings = store.timings
        #expect(timings.stream_scanned == UInt64(space), "the white space is looked at once: \(timings.stream_scanned) bytes for \(space)")
        #expect(timings.stream_moved == 0, "\(timings.stream_moved) bytes moved to a bigger buffer")
    }

    @Test func aPartialRecordThenSilenceIsRefusedAfterTheTimeout() throws {
        let pipe = try Pipe()
        pipe.write(#"[{"a":1},"#)
        let (result, elapsed) = load(pipe, timeout: .milliseconds(300))
        guard case .failure(let error) = result else {
            Issue.record("loaded \(result)")
            return
        }
        #expect(error.description == "stdin: error: no data for 1 second after 9 bytes (a writer that stopped without closing?)")
        #expect(error.exitCode == 66)
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(3), "refused after \(elapsed)")
    }

    /// The timeout bounds each silence, not the whole load: a writer that keeps sending, each
    /// piece well within it, is read to its end however long that takes in all.
    @Test func aSlowWriterWithinTheTimeoutIsReadToItsEnd() throws {
        let pipe = try Pipe()
        let pieces = [#"[{"a":"#, "1}", ",", #"{"a":2"#, "}", ",", #"{"a":3}"#, "]"]
        let thread = Thread {
            for piece in pieces {
                usleep(150_000)
                pipe.write(piece)
            }
            pipe.closeWriter()
        }
        thread.start()
        // 8 pieces, 150 ms apart: 1.2 s in all, three times the timeout.
        let (result, elapsed) = load(pipe, timeout: .milliseconds(400))
        #expect((try? result.get()) == 3, "\(result) after \(elapsed)")
        #expect(elapsed > .milliseconds(900))
    }

    @Test func browsingTakesATimeoutThatBoundsTheSilenceAfterTheFirstByte() throws {
        let files = TemporaryFiles()
        let path = files.directory.appendingPathComponent("records.fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        // Opens the FIFO (once the app opens it too), sends part of a record and goes quiet,
        // holding its end open until the app has ended (or 8 s, so a broken rule fails).
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            let bytes = Array(#"[{"title": "Half"#.utf8)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            _ = done.wait(timeout: .now() + 8)
            close(fd)
        }
        writer.start()
        let started = ContinuousClock.now
        let result = try TmuxSession.run(try TableBrowserBinary.url().path, ["--data", path, "--timeout", "0.3"],
                                         environment: TableBrowserBinary.environment, timeout: .seconds(15))
        done.signal()
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError == "table-browser: \(path): error: no data for 1 second after 16 bytes (a writer that stopped without closing?)\n")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func anEndlessPipeIsRefusedAtTheLimitWithWhatRaisesIt() throws {
        let binary = try TableBrowserBinary.url().path
        let result = try TmuxSession.run("/bin/sh", ["-c", "yes '{\"a\":1}' | '\(binary)' snapshot --data - --stream-limit 64K"],
                                         environment: TableBrowserBinary.environment, timeout: .seconds(15))
        #expect(result.status == 66)
        #expect(result.standardError == "table-browser: stdin: error: more than 64 KiB (65536 bytes) arrived, the most a pipe or FIFO may send (--stream-limit raises it above 64K)\n",
                "\(result.standardError)")
    }

    @Test(arguments: [("1", 1), ("64K", 65536), ("500M", 500 << 20), ("2GiB", 2 << 30), ("4G", (1 << 32) - 1), ("1g", 1 << 30)])
    func streamLimitsAreWrittenWithBinaryUnits(text: String, bytes: Int) {
        #expect(ByteCount(argument: text)?.bytes == bytes)
    }

    @Test(arguments: ["0", "-1", "5G", "1T", "", "G", "1.5G"])
    func streamLimitsOutsideWhatCanBeLoadedAreRefused(text: String) {
        #expect(ByteCount(argument: text) == nil)
    }

    @Test func theWaitingLineNamesTheSourceWithItsControlsEscaped() {
        #expect(DataOptions.slowLoadNotice(name: nil, isStream: true) == "Waiting for data on standard input… (Ctrl-C to cancel)\n")
        #expect(DataOptions.slowLoadNotice(name: "big.json", isStream: false) == "Loading big.json… (Ctrl-C to cancel)\n")
        let line = DataOptions.slowLoadNotice(name: "/tmp/a\u{1B}[2J\u{9B}b.fifo", isStream: true)
        #expect(!line.unicodeScalars.dropLast().contains { $0.properties.generalCategory == .control }, "\(line.debugDescription)")
    }

    @Test func browsingWaitsForEverByDefaultAndSnapshotsFiveSeconds() throws {
        #expect(try DataOptions.parse([]).waitForData(byDefault: nil) == nil)
        #expect(try DataOptions.parse([]).waitForData(byDefault: .seconds(5)) == .seconds(5))
        #expect(try DataOptions.parse(["--timeout", "0.25"]).waitForData(byDefault: nil) == .milliseconds(250))
        #expect(throws: (any Error).self) { try DataOptions.parse(["--timeout", "0"]) }
        #expect(try DataOptions.parse([]).streamLimit.bytes == 1 << 30)
    }
}

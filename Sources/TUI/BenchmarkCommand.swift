import ArgumentParser
import Foundation
@_spi(Benchmarks) import TableKit
import TableKitTerminal

/// `table-browser benchmark`: loads a file the way the app does and times what a person waits
/// for — the first frame, a focus move, an index jump, the jump to the last row — each with
/// the frame drawn after it. Figures are printed; nothing is asserted (see Scripts/benchmark.sh).
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Time loading, the first frame and table operations on a JSON file (release builds).",
        shouldDisplay: false
    )

    @OptionGroup var data: DataOptions

    @Option(help: "The screen size in columns and lines.")
    var size: String = "120x40"

    @Option(help: "How many times each operation is repeated.")
    var repetitions: Int = 200

    @Flag(help: "Also time live search: the UI thread per keystroke and the time until results are ready.")
    var search = false

    @Flag(help: "With --search, search every field of every record (the All Fields scope) instead of titles and subtitles.")
    var allFields = false

    @Flag(help: "Time self-sizing rows instead: a million rows of mixed heights, and a record with one value of 200 KB and of 1 MB without spaces.")
    var selfSizing = false

    @Flag(help: "Time long values instead: a record with one value of 1 KB, 1 MB and 50 MB (words, lines, no spaces) opened, paged and read, a list with such a title, and the search field given it.")
    var longValues = false

    @Flag(help: "Time text editing instead: a key at the start, middle and end of a form field holding 1, 5 and 8 MB, and pastes of 1 and 8 MB into a field and the search.")
    var textEditing = false

    @Option(help: "With --text-editing, the value sizes in MB (comma-separated).")
    var megabytes: String = "1,5,8"

    @Flag(help: "Time the save of the --data file after one edit instead (on a copy beside it; the file itself is not written).")
    var save = false

    @Flag(help: "Time the list's order after a save of a delete, an add, a thousand deletes and an edit instead: updated, and sorted again whole (--data FILE.json; nothing is written).")
    var orderUpdate = false

    @Flag(help: "Drive the app on the --data file with a real clock instead: each key's time to its frame (p50, p99, the longest) per action — scroll, search, open, edit, save, add, delete one and 1,000, sort — with j and k pressed every 5 ms while work runs. Writes the file: give it a copy.")
    var latency = false

    @Option(help: "Nanoseconds since the epoch when the process was started (date +%s%N), to time the first frame from process start.")
    var startedAt: UInt64?

    /// ArgumentParser calls this on the main thread; the app's screens live on the main actor.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        guard let screenSize = Size(parsing: size) else { throw ValidationError("--size takes columns x lines, such as 120x40") }
        if save {
            guard let path = data.dataPath else { throw ValidationError("--save needs --data FILE.json") }
            print(try benchmarkSave(path: path, repetitions: max(1, min(repetitions, 20))), terminator: "")
            return
        }
        if orderUpdate {
            guard let path = data.dataPath else { throw ValidationError("--order-update needs --data FILE.json") }
            print(try benchmarkOrderUpdate(path: path, repetitions: max(1, min(repetitions, 20))), terminator: "")
            return
        }
        if latency {
            print(try benchmarkLatency(data: data, size: screenSize), terminator: "")
            return
        }
        if longValues {
            print(try benchmarkLongValues(size: screenSize, repetitions: max(1, repetitions)), terminator: "")
            return
        }
        if textEditing {
            let sizes = megabytes.split(separator: ",").compactMap { Int($0) }.map { $0 << 20 }
            print(try benchmarkTextEditing(size: screenSize, repetitions: max(1, repetitions), sizes: sizes), terminator: "")
            return
        }
        if selfSizing {
            print(try benchmarkSelfSizing(size: screenSize, repetitions: max(1, repetitions)), terminator: "")
            return
        }
        let clock = ContinuousClock()
        let loadStart = clock.now
        let bundled = BundledContent()
        let root: RecordListScreen
        do {
            // As the app loads: the list shows its first rows while the rest sorts.
            root = try data.loadListScreen(sortsWhileShowing: true)
        } catch let failure as CommandFailure {
            throw failure.report()
        }
        let app = BrowserApp(list: root, size: screenSize, options: AppOptions(animates: false, games: bundled.games, tweets: bundled.tweets))
        // The first frame is the list as a person sees it: when the first rows were not
        // chosen in time, the app starts with its progress sheet and they replace it when
        // they come (an event, delivered here as the event loop would).
        while !root.records.isSorted {
            Wakeup.wait(until: .now + .milliseconds(50))
            app.root.deliverPosted()
        }
        let loaded = clock.now
        let context = RenderContext(glyphs: .unicode)
        var frame = app.render(context: context)
        let firstFrame = clock.now
        let sinceStart = startedAt.map { Double(Self.nanosecondsNow() &- $0) / 1e6 }
        // As the event loop does once the frame is out: what was posted is delivered (the
        // title search's index starts, or the rest of the sort goes on behind the list).
        app.root.deliverPosted()
        // A user who searches at once: `/` a quarter of a second after the first frame, then
        // "the", a key every 60 ms, as the event loop would hand them over between ticks —
        // while the rest of the sort may still run.
        func typeAt(_ moment: ContinuousClock.Instant, _ key: Key) {
            while clock.now < moment {
                Wakeup.wait(until: min(moment, .now + .milliseconds(1)))
                app.root.deliverPosted()
            }
            _ = app.handle(.key(key))
        }
        var firstSearch: (results: Duration, beforeTheRest: Bool)?
        if root.isSearchAvailable {
            typeAt(firstFrame + .milliseconds(250), .character("/"))
            for (offset, letter) in "the".enumerated() { typeAt(firstFrame + .milliseconds(310 + 60 * offset), .character(letter)) }
            let lastKey = clock.now
            let beforeTheRest = root.restOfSort != nil
            // The result arrives as an event, delivered as the event loop would once woken.
            while root.shown.searchResult?.query != "the", clock.now - lastKey < .seconds(30) {
                Wakeup.wait(until: .now + .milliseconds(1))
                app.root.deliverPosted()
            }
            firstSearch = (clock.now - lastKey, beforeTheRest)
            _ = app.handle(.key(.escape))
        }
        while root.restOfSort != nil || root.reloadTask != nil {
            Wakeup.wait(until: .now + .milliseconds(50))
            app.root.deliverPosted()
        }
        let wholeOrder = clock.now
        let peakBeforeIndex = Self.peakResidentMiB()
        let memoryBeforeIndex = ResidentMemory.now()
        // The title search's index is built in the background once the whole order is in.
        while !root.isTitleSearchPrepared, clock.now - firstFrame < .seconds(30) { usleep(1_000) }
        let indexReady = clock.now
        let peakWithIndex = Self.peakResidentMiB()
        let memoryWithIndex = ResidentMemory.now()

        // The keys are timed once the background work is done, so that they time the keys alone.
        func time(_ keys: [Key]) -> Double {
            let start = clock.now
            for key in keys {
                _ = app.handle(.key(key))
                frame = app.render(context: context)
            }
            return milliseconds(clock.now - start) / Double(max(1, keys.count))
        }
        let count = max(1, repetitions)
        let focusMove = time(Array(repeating: .down, count: count))
        _ = app.handle(.key(.tab))
        let letters: [Key] = "AMZEQ#BTK".map { .character($0) }
        let indexJump = time((0..<count).map { letters[$0 % letters.count] })
        _ = app.handle(.key(.enter))
        // Alternate End and Home so that every End really travels to the last row.
        var lastRowTimes: [Double] = []
        for _ in 0..<count {
            lastRowTimes.append(time([.end]))
            _ = app.handle(.key(.home))
        }
        let lastRow = lastRowTimes.reduce(0, +) / Double(lastRowTimes.count)
        _ = frame

        print("rows: \(root.records.count)")
        if let sinceStart {
            print(String(format: "first frame: %.1f ms after process start", sinceStart))
        }
        print(String(format: "  load, validate, collate and sort: %.1f ms; first render: %.1f ms",
                     milliseconds(loaded - loadStart), milliseconds(firstFrame - loaded)))
        let phases = root.records.store.timings
        func ms(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e6 }
        let sorting = root.records.buildTimings
        print(String(format: "  phases: read %.1f ms; parse (stage 1) %.1f | %.1f ms; walk %.1f | %.1f ms (halves); keys settled %.1f ms; sections %.1f ms; the first sections' keys %.1f ms; first rows %.1f ms; first draw %.1f ms",
                     ms(phases.read_ns), ms(phases.parse_ns.0), ms(phases.parse_ns.1), ms(phases.walk_ns.0), ms(phases.walk_ns.1),
                     ms(phases.refine_ns), milliseconds(sorting.sections), milliseconds(sorting.keys), milliseconds(sorting.sort),
                     milliseconds(firstFrame - loaded)))
        print(String(format: "  behind the first frame: every key and the sort %.1f ms; the whole order in place %.1f ms after the first frame",
                     milliseconds(sorting.sortRest), milliseconds(wholeOrder - firstFrame)))
        print(String(format: "focus move: %.4f ms, index jump: %.4f ms, last row: %.4f ms (means of %d, frame drawn each time)",
                     focusMove, indexJump, lastRow, count))
        print(String(format: "peak memory: %.1f MiB", peakBeforeIndex))
        print("  once sorted: " + memoryBeforeIndex.description + (root.records.store.isMapped ? " (the file is mapped)" : " (the file is read into memory)"))
        print(String(format: "title search index ready %.1f ms after the first frame (built in the background); peak memory with it: %.1f MiB",
                     milliseconds(indexReady - firstFrame), peakWithIndex))
        print("  with the index: " + memoryWithIndex.description)
        if let firstSearch {
            print(String(format: "first search: / 250 ms after the first frame, then \"the\" a key every 60 ms: its first screen of results %.1f ms after the last key%@",
                         milliseconds(firstSearch.results), firstSearch.beforeTheRest ? " (typed while the rest of the sort ran)" : ""))
        }
        if search {
            print(benchmarkSearch(records: root.records, scope: allFields ? .allFields : .titles))
            print(String(format: "peak memory after search: %.1f MiB", Self.peakResidentMiB()))
        }
    }

    private static func nanosecondsNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static func peakResidentMiB() -> Double {
        Platform.peakResidentBytes() / 1_048_576
    }
}

/// A duration in milliseconds, as the benchmarks print them.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The process's resident memory now, split as Linux counts it (`/proc/self/status`):
/// anonymous pages (the process's own: records, keys, indexes, a file read into memory) and
/// file pages (a mapped file's, shared with the page cache and dropped under pressure). Where
/// the system does not split it (``Platform/residentKibibytes()``), the peak so far.
struct ResidentMemory: CustomStringConvertible {
    /// The figures the system gives.
    enum Figures {
        /// Resident now, split.
        case split(anonymousMiB: Double, fileMiB: Double)
        /// The most held at once so far: all `getrusage(2)` says.
        case peak(MiB: Double)
    }

    var figures: Figures

    /// The figures now.
    static func now() -> ResidentMemory {
        if let split = Platform.residentKibibytes() {
            return ResidentMemory(figures: .split(anonymousMiB: split.anonymous / 1024, fileMiB: split.file / 1024))
        }
        return ResidentMemory(figures: .peak(MiB: Platform.peakResidentBytes() / 1_048_576))
    }

    var description: String {
        switch figures {
        case let .split(anonymous, file):
            String(format: "resident %.1f MiB: anonymous %.1f MiB, file %.1f MiB", anonymous + file, anonymous, file)
        case let .peak(peak):
            String(format: "resident at most %.1f MiB so far (this system does not split it into anonymous and file pages)", peak)
        }
    }
}

import Foundation
@_spi(Benchmarks) import TableKit
import TableKitTerminal

/// `table-browser benchmark --latency`: drives the app on a `--data` file with a real clock,
/// as a person at the keyboard would, and reports for each action the time from each key to
/// the frame that answers it (p50, p99, the longest) and the longest the main actor held on
/// to one key or one delivered result. While a save, a sort or the rest of the first sort
/// runs, `j` and `k` are pressed every 5 ms, so that those figures are a key's wait during
/// the work. The file is changed (saves, an add, deletes): give it a copy.
@MainActor
func benchmarkLatency(data: DataOptions, size: Size) throws -> String {
    guard let path = data.dataPath else { return "latency: needs --data FILE.json (a copy: it is written)\n" }
    let driver = try LatencyDriver(data: data, size: size)
    let list = driver.list
    let megabytes = { list.records.store.withFileBytes { $0.count >> 20 } }
    var report = "rows: \(list.records.count) (\(megabytes()) MB)\n"

    // Opening: the first frame is timed by the plain benchmark; here, keys while the rest of
    // the first sort runs behind the first rows.
    driver.pressWhile("keys during the rest of the sort", { list.restOfSort != nil })
    driver.settle()
    report += "  " + ResidentMemory.now().description + "\n"

    driver.press("scroll", Array(repeating: .character("j"), count: 200) + Array(repeating: .pageDown, count: 50) + [.end, .home])
    driver.press("search", "/the".map { .character($0) })
    driver.pressWhile("search", { list.searchController?.isPending == true })
    driver.press("search", [.escape])
    driver.press("open a record", [.enter, .escape, .enter, .escape])
    driver.press("edit a record", [.character("e"), .end] + " edited".map { $0 == " " ? .space : .character($0) })

    // A save of that one record: the wall time from Ctrl-S to the frame after it landed,
    // beside the floor of writing and flushing as many bytes to a new file.
    let saveStarted = ContinuousClock.now
    driver.press("save", [.control("s")])
    driver.pressWhile("save", { list.isSaving })
    let saveWall = ContinuousClock.now - saveStarted
    let floor = list.records.store.withFileBytes { writeAndFlush($0, to: path + ".latency-floor") }
    report += String(format: "  save of one record: %.1f ms from Ctrl-S to the frame after it landed; floor (write + fsync of %d MB): %.1f ms; %.2f× the floor\n",
                     milliseconds(saveWall), megabytes(), milliseconds(floor), milliseconds(saveWall) / max(0.001, milliseconds(floor)))

    driver.press("add", [.character("+")] + "Added by the benchmark".map { $0 == " " ? .space : .character($0) } + [.control("s")])
    driver.pressWhile("add", { list.isSaving })

    driver.press("delete one", [.character("e"), .control("d"), .character("d")])
    driver.pressWhile("delete one", { list.isSaving })

    driver.press("delete 1,000", [.character("E")])
    driver.press("check 1,000", Array([Key.space, .character("j")].repeated(1_000)))
    driver.press("delete 1,000", [.character("d"), .right, .enter])
    driver.pressWhile("delete 1,000", { list.isSaving })

    // Undo puts the thousand back where they were (records inserted in the middle: the order
    // is sorted whole in the background), and redo deletes them again.
    driver.press("undo delete 1,000 (u)", [.character("u")])
    driver.pressWhile("undo delete 1,000 (u)", { list.isSaving })
    driver.press("redo delete 1,000 (U)", [.character("U")])
    driver.pressWhile("redo delete 1,000 (U)", { list.isSaving })

    driver.press("sort", [.character("o"), .character("j"), .enter])
    driver.pressWhile("sort", { list.reloadTask != nil })
    driver.settle()

    report += "  action                            keys      p50 ms    p99 ms    max ms   longest main-actor hold ms (by)\n"
    for action in driver.order {
        let times = driver.latencies[action, default: []].sorted()
        guard !times.isEmpty else { continue }
        func at(_ fraction: Double) -> Double { times[min(times.count - 1, Int(Double(times.count - 1) * fraction + 0.5))] }
        report += String(format: "  %@ %6d %9.2f %9.2f %9.2f %12.2f (%@)\n", action.padding(toLength: 32, withPad: " ", startingAt: 0),
                         times.count, at(0.5), at(0.99), times.last ?? 0, driver.longestHold[action] ?? 0, driver.longestHoldCause[action] ?? "")
    }
    report += String(format: "  peak memory: %.1f MiB; now %@\n", Platform.peakResidentBytes() / 1_048_576, ResidentMemory.now().description)
    return report
}

/// The app, loaded as it starts, and a clock on every key and every delivered result.
@MainActor
private final class LatencyDriver {
    let app: BrowserApp
    let list: RecordListScreen
    private let context = RenderContext(glyphs: .unicode)
    /// Per action, the milliseconds from each key to its frame.
    private(set) var latencies: [String: [Double]] = [:]
    /// Per action, the longest the main actor spent on one key or one delivery with its frame.
    private(set) var longestHold: [String: Double] = [:]
    /// Per action, what that longest hold was: a key's name, or "delivery".
    private(set) var longestHoldCause: [String: String] = [:]
    /// The actions in the order first timed.
    private(set) var order: [String] = []

    init(data: DataOptions, size: Size) throws {
        list = try data.loadListScreen(sortsWhileShowing: true)
        app = BrowserApp(list: list, size: size, options: AppOptions(animates: false))
        // The first rows, as the event loop shows them (a progress sheet until they come).
        while !list.records.isSorted {
            _ = Wakeup.wait(until: .now + .milliseconds(5))
            deliver(to: "open")
        }
        _ = app.render(context: context)
    }

    private func note(_ action: String, key: Double?, hold: Double, cause: String) {
        if !order.contains(action) { order.append(action) }
        if let key { latencies[action, default: []].append(key) }
        if hold > longestHold[action] ?? -1 {
            longestHold[action] = hold
            longestHoldCause[action] = cause
        }
    }

    /// Delivers what is due, as the event loop does between keys, and draws the frame.
    private func deliver(to action: String) {
        guard let due = app.root.nextDelivery, due <= .now else { return }
        let start = ContinuousClock.now
        _ = app.root.deliverPosted()
        _ = app.render(context: context)
        note(action, key: nil, hold: milliseconds(ContinuousClock.now - start), cause: "a delivered result")
    }

    /// Presses `keys` one after another, each timed to its frame, with the results that come
    /// meanwhile delivered.
    func press(_ action: String, _ keys: [Key]) {
        for key in keys {
            deliver(to: action)
            let start = ContinuousClock.now
            _ = app.handle(.key(key))
            _ = app.render(context: context)
            let took = milliseconds(ContinuousClock.now - start)
            note(action, key: took, hold: took, cause: key.description)
        }
        deliver(to: action)
    }

    /// While `working` holds (at most two minutes), presses `j` and `k` every 5 ms and delivers
    /// what comes: each key's wait is the wait of a person scrolling during the work.
    func pressWhile(_ action: String, _ working: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(120)
        var down = true
        while working(), ContinuousClock.now < deadline {
            press(action, [.character(down ? "j" : "k")])
            down.toggle()
            let next = ContinuousClock.now + .milliseconds(5)
            while ContinuousClock.now < next {
                _ = Wakeup.wait(until: next)
                deliver(to: action)
            }
        }
        deliver(to: action)
    }

    /// Waits for background work to end (a title index, a search), delivering its results.
    func settle() {
        let deadline = ContinuousClock.now + .seconds(120)
        while app.root.isWorkInFlight, ContinuousClock.now < deadline {
            _ = Wakeup.wait(until: .now + .milliseconds(5))
            deliver(to: "settling")
        }
    }
}

extension Array {
    /// The elements `count` times over, in order.
    fileprivate func repeated(_ count: Int) -> [Element] {
        (0 ..< count).flatMap { _ in self }
    }
}

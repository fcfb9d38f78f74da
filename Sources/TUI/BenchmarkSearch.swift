import Foundation
import TableKit

/// Queries for ``benchmarkSearch(records:queries:)`` on the generated books: a common prefix
/// typed out, a subtitle (author) with accents typed without them, a query typed with accents,
/// and one that matches nothing.
let defaultSearchBenchmarkQueries = ["the silent river", "soren odegaard", "ÉLAN", "zqxj"]

/// Times live search over `records` the way a person types, and returns a printable report.
///
/// For each query it types the query one character at a time, as the UI does: `submit` plus
/// one poll and, once a result arrives, the filtered data source — the time the UI thread is
/// held per keystroke (what must stay under 50 ms) — and then polls every 0.25 ms until the
/// result is ready (the time until the table shows it). It also times the haystack build
/// (in the background, once), backspacing the last query (cached results), and a burst of
/// keystrokes typed without waiting. Figures are printed, nothing is asserted.
@MainActor
func benchmarkSearch(records: IndexedRecords, scope: FilterHaystack.Scope = .titles, queries: [String] = defaultSearchBenchmarkQueries) -> String {
    let clock = ContinuousClock()
    var report = "search over \(records.count) records, " + (scope == .titles ? "titles and subtitles" : "all fields") + "\n"
    var worstHold = 0.0

    /// Milliseconds in a duration.
    func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    let filter = RecordFilter(records: records, scope: scope)
    let prepareStart = clock.now
    filter.prepare()
    let prepareHold = ms(clock.now - prepareStart)
    while !filter.isPrepared { usleep(250) }
    let built = ms(clock.now - prepareStart)
    let memory = Double(filter.haystackMemoryBytes ?? 0) / 1_048_576
    report += String(format: "haystack: built in %.1f ms in the background (UI held %.3f ms), %.1f MiB\n",
                     built, prepareHold, memory)
    worstHold = max(worstHold, prepareHold)

    /// One keystroke: submit and poll (the UI's share), then wait for the result.
    func keystroke(_ query: String) -> (hold: Double, ready: Double, matches: Int) {
        let start = clock.now
        filter.submit(query: query)
        var result = filter.takeFinishedResult()
        var source = result.map { RecordsDataSource(records: records, result: $0) }
        var hold = ms(clock.now - start)
        while result == nil {
            usleep(250)
            let poll = clock.now
            result = filter.takeFinishedResult()
            source = result.map { RecordsDataSource(records: records, result: $0) }
            hold = max(hold, ms(clock.now - poll))
        }
        let ready = ms(clock.now - start)
        return (hold, ready, source?.result.count ?? 0)
    }

    report += "keystroke              UI hold ms   ready ms    matches\n"
    for query in queries {
        let characters = Array(query)
        for length in 1 ... max(characters.count, 1) {
            let typed = String(characters.prefix(length))
            let (hold, ready, matches) = keystroke(typed)
            worstHold = max(worstHold, hold)
            let label = "\"\(typed)\"".padding(toLength: 22, withPad: " ", startingAt: 0)
            report += label + String(format: " %10.3f %10.2f %10d\n", hold, ready, matches)
        }
        // Backspacing: every shorter query was searched a moment ago.
        var backspaceHold = 0.0, backspaceReady = 0.0
        for length in stride(from: characters.count - 1, through: 0, by: -1) {
            let (hold, ready, _) = keystroke(String(characters.prefix(length)))
            backspaceHold = max(backspaceHold, hold)
            backspaceReady = max(backspaceReady, ready)
        }
        worstHold = max(worstHold, backspaceHold)
        report += String(format: "  backspace to empty: worst UI hold %.3f ms, worst ready %.2f ms\n",
                         backspaceHold, backspaceReady)
    }

    // A burst: every keystroke submitted at once (each cancels the last), on a fresh filter
    // with the haystack built, so no cached result helps.
    if let query = queries.first, !query.isEmpty {
        let fresh = RecordFilter(records: records, scope: scope)
        _ = fresh.filterNow(query: String(query.prefix(1)))
        let burst = RecordFilter(records: records, scope: scope)
        burst.prepare()
        while !burst.isPrepared { usleep(250) }
        let start = clock.now
        var hold = 0.0
        for length in 1 ... query.count {
            let keyStart = clock.now
            burst.submit(query: String(query.prefix(length)))
            _ = burst.takeFinishedResult()
            hold = max(hold, ms(clock.now - keyStart))
        }
        var result: FilterResult?
        while result?.query != query {
            if let taken = burst.takeFinishedResult() { result = taken } else { usleep(250) }
        }
        worstHold = max(worstHold, hold)
        report += "burst \"\(query)\": " + String(format: "worst UI hold %.3f ms, last result ready %.2f ms after the first key\n",
                                                       hold, ms(clock.now - start))
        let syncStart = clock.now
        let sync = fresh.filterNow(query: query)
        report += "filterNow(\"\(query)\") after \"\(query.prefix(1))\" (synchronous): "
            + String(format: "%.2f ms, %d matches\n", ms(clock.now - syncStart), sync.count)
    }
    report += String(format: "worst UI hold per keystroke: %.3f ms (target < 50 ms)\n", worstHold)
    return report
}

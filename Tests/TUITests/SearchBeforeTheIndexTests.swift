import Dispatch
import Foundation
import PropertyBased
import Testing
@testable import TUI

/// A search typed while the title index (the haystack) is still being built, as at ten
/// million records for seconds after the first frame (issue 29): the records are scanned in
/// order meanwhile, and the first matches show at once. The haystack's build is held back
/// here by a gate, so that what the scan shows can be seen before the index's answer.
@Suite("Search before the index: the first matches at once, the same records as the index finds")
struct SearchBeforeTheIndexTests {
    /// 6,000 records: every third title has "the" in some case or accent, one has "zyxw".
    private static func records() throws -> IndexedRecords {
        let files = TemporaryFiles()
        let words = ["The", "thé", "river", "Tower", "valley", "ÞE", "garden"]
        let rows = (0 ..< 6_000).map { number -> String in
            let title = number == 4_321 ? "Zyxw \(number)" : "\(words[number % words.count]) \(words[(number / 7) % words.count]) \(number)"
            return #"{"title": "\#(title)", "author": "Author \#(number % 13)"}"#
        }
        return IndexedRecords(store: try JSONRecordStore.load(path: files.write("[" + rows.joined(separator: ",\n") + "]")))
    }

    /// A filter whose haystack waits for `gate`, and a count of the searches it said ended.
    private final class HeldFilter: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let filter: RecordFilter
        init(records: IndexedRecords) {
            let (gate, ended) = (gate, ended)
            filter = RecordFilter(records: records, searchDidEnd: { ended.signal() }) { records, scope, progress in
                gate.wait()
                gate.signal()  // and for any later build
                return FilterHaystack.build(records: records, scope: scope, progress: progress)
            }
        }

        /// The next result the filter says it has, waiting up to 60 s (a hang, not a slow
        /// machine: the suite runs beside every other on two cores).
        func nextResult() -> FilterResult? {
            guard ended.wait(timeout: .now() + 60) == .success else { return nil }
            return filter.takeFinishedResult()
        }
    }

    @Test("a common query shows its first matches before the index is built, then the index's whole result")
    func commonQueryShowsItsFirstMatchesFirst() throws {
        let records = try Self.records()
        let whole = RecordFilter(records: records).filterNow(query: "the")
        #expect(whole.count > RecordFilter.partialMatches)
        let held = HeldFilter(records: records)
        held.filter.submit(query: "the")
        let first = try #require(held.nextResult())
        #expect(first.count == RecordFilter.partialMatches, "a screenful and more, not the whole")
        #expect(first.matches.map { Array($0) } == whole.matches.map { Array($0.prefix(RecordFilter.partialMatches)) }, "the first matches of the whole result")
        #expect(held.filter.progress != nil, "the search is still under way")
        #expect(!held.filter.isPrepared)
        held.gate.signal()
        let last = try #require(held.nextResult())
        #expect(last == whole)
        #expect(held.filter.progress == nil)
    }

    @Test("a rare query, whose scan reaches the last record before the index, is the whole result at once")
    func rareQueryIsWholeBeforeTheIndex() throws {
        let records = try Self.records()
        let held = HeldFilter(records: records)
        held.filter.submit(query: "zyxw")
        let result = try #require(held.nextResult())
        #expect(result == RecordFilter(records: records).filterNow(query: "zyxw") && result.count == 1)
        #expect(held.filter.progress == nil, "nothing is left to wait for")
        #expect(!held.filter.isPrepared)
        held.gate.signal()
    }

    @Test("whatever the query, the scan finds the records the index finds")
    func theScanFindsWhatTheIndexFinds() async throws {
        let records = try Self.records()
        let index = RecordFilter(records: records)
        let query = Gen.element(of: ["t", "h", "e", "é", "þ", "T", "w", "r", " ", "1", "2", "zy"]).map { $0 ?? "t" }.array(of: 1 ... 4).map { $0.joined() }
        await propertyCheck(count: 40, input: query) { query in
            guard FilterHaystack.key(for: query, collation: records.collation) != nil else { return }
            let held = HeldFilter(records: records)
            held.filter.submit(query: query)
            var scanned = held.nextResult()
            // A partial result is a prefix; the scan stops at it, so the index completes it.
            if let partial = scanned, partial.count >= RecordFilter.partialMatches || held.filter.progress != nil {
                #expect(partial.matches.map { Array($0) } == index.filterNow(query: query).matches.map { Array($0.prefix(partial.count)) }, "\(query)")
                held.gate.signal()
                // The index's result: taken as it is announced, or, when the search ended
                // between two looks (its progress is cleared with its result in place, before
                // the announcement), taken where it is.
                while true {
                    if held.filter.progress == nil {
                        if let last = held.filter.takeFinishedResult() { scanned = last }
                        break
                    }
                    guard let next = held.nextResult() else { break }
                    scanned = next
                }
            }
            #expect(scanned == index.filterNow(query: query), "\(query)")
            held.gate.signal()
        }
    }
}

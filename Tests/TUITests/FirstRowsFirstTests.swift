import Dispatch
import Foundation
import TableKit
import Testing
@testable import TUI

/// The list shows its first rows while the rest of the first load's sort goes on behind it:
/// the screen does not move when the whole order arrives, and a key that comes before it
/// waits for it instead of reading rows that are not in place.
@MainActor
@Suite("The first screen before the whole sort")
struct FirstRowsFirstTests {
    /// 3,000 records whose titles share long beginnings, so that the first rows need the
    /// partial selection's ties.
    private static func file(in files: TemporaryFiles) -> String {
        var random = SeededRandomNumberGenerator(seed: 42)
        let starts = ["The Lord of the ", "A ", "a ", "Zebra ", "Über ", "東京 ", "42 "]
        let ends = ["Rings", "Flies", "Garden", "River", "Night", "Tower", "Valley"]
        let records = (0 ..< 3_000).map { number in
            let title = starts[Int.random(in: 0 ..< starts.count, using: &random)] + ends[Int.random(in: 0 ..< ends.count, using: &random)]
            return #"{"title": "\#(title) \#(number % 97)", "author": "Author \#(number)"}"#
        }
        return files.write("[" + records.joined(separator: ",\n") + "]")
    }

    /// A list showing only the first `rows` rows in place, whose rest arrives when `gate` is
    /// signalled; and the same records fully sorted, to compare with.
    private static func lists(rows: Int, gate: DispatchSemaphore, files: TemporaryFiles) throws -> (preview: BrowserApp, whole: BrowserApp, list: RecordListScreen) {
        let path = file(in: files)
        let loaded = try DataOptions.parse(["--data", path]).loadListScreen()
        // The whole order's list searches on the calling thread: its results are final once
        // the query is typed, with nothing to wait for.
        let whole = RecordListScreen(title: loaded.title, records: loaded.records, searchesSynchronously: true)
        let preview = IndexedRecords.firstRowsFirst(store: loaded.records.store, rows: rows)
        let rest = try #require(preview.restOfSort)
        #expect(preview.isPreview && preview.order != loaded.records.order, "the preview's rest is not sorted")
        let list = RecordListScreen(title: loaded.title, records: preview)
        list.finishSorting(BackgroundTask { _ in
            gate.wait()
            return .success(rest())
        })
        let size = Size(width: 60, height: 16)
        return (BrowserApp(list: list, size: size, options: AppOptions(animates: false)),
                BrowserApp(list: whole, size: size, options: AppOptions(animates: false)), list)
    }

    @Test func theFirstScreenIsTheWholeOrdersAndStaysPutWhenTheRestArrives() throws {
        let files = TemporaryFiles()
        let gate = DispatchSemaphore(value: 0)
        let (preview, whole, list) = try Self.lists(rows: 40, gate: gate, files: files)
        let context = RenderContext()
        // The same frame but the footer, which says the keys wait for the rest.
        #expect(text(preview).dropLast() == text(whole).dropLast())
        #expect(text(preview).last == " / search  … sorting 3,000 records; other keys wait  q quit", "\(text(preview).last ?? "")")
        #expect(preview.root.isAwaitingDeliveries, "the rest of the sort is awaited as an event")
        #expect(!list.isTitleSearchPrepared)
        _ = preview.handle(.tick)
        #expect(list.records.isPreview, "a tick does not wait for the rest")
        gate.signal()
        let deadline = ContinuousClock.now + .seconds(10)
        while list.restOfSort != nil, ContinuousClock.now < deadline {
            usleep(1_000)
            _ = preview.handle(.tick)
        }
        #expect(!list.records.isPreview)
        #expect(preview.render(context: context).text == whole.render(context: context).text, "nothing moved")
    }

    @Test("while the rest sorts, Enter opens a record in place, a tab's number switches tabs and q quits, at once")
    func keysThatReadNoMoreThanIsInPlaceAnswerAtOnce() throws {
        let files = TemporaryFiles()
        let gate = DispatchSemaphore(value: 0)
        let (preview, _, list) = try Self.lists(rows: 40, gate: gate, files: files)
        defer { gate.signal() }
        _ = preview.handle(.key(.enter))
        #expect(preview.root.content.frontScreen is RecordDetailScreen, "the focused record, in place, opened")
        _ = preview.handle(.key(.escape))
        #expect(preview.root.content.frontScreen === list)
        _ = preview.handle(.key(.character("2")))
        #expect(preview.root.content.frontScreen is TweetsScreen, "2 switched to Tweets")
        _ = preview.handle(.key(.character("1")))
        #expect(preview.handle(.key(.character("q"))) == .quit, "q quit")
        #expect(list.restOfSort != nil, "all before the rest of the sort came")
    }

    @Test func aKeyBeforeTheRestWaitsForItAndLandsWhereTheWholeOrderSays() throws {
        let files = TemporaryFiles()
        let gate = DispatchSemaphore(value: 0)
        let (preview, whole, list) = try Self.lists(rows: 40, gate: gate, files: files)
        let context = RenderContext()
        _ = preview.render(context: context)
        // What End would show if it read the preview's unsorted rest.
        let unsorted = BrowserApp(list: RecordListScreen(title: list.title, records: list.records), size: Size(width: 60, height: 16),
                                  options: AppOptions(animates: false))
        _ = unsorted.handle(.key(.end))
        let firstFrame = preview.render(context: context).text
        // The key is held, not the thread: End returns at once and waits, queued, for the rest.
        _ = preview.handle(.key(.end))
        #expect(list.records.isPreview)
        #expect(preview.render(context: context).text == firstFrame, "End waits for the rest of the sort")
        #expect(preview.root.isAwaitingDeliveries)
        gate.signal()
        Self.deliver(to: preview) { list.records.isPreview }
        #expect(!list.records.isPreview)
        _ = whole.handle(.key(.end))
        #expect(preview.render(context: context).text == whole.render(context: context).text)
        #expect(unsorted.render(context: context).text != whole.render(context: context).text, "the preview's last rows are not the whole order's")
    }

    /// Moving the focus among the first rows, which are in place, does not wait: the focus and
    /// the frame are the whole order's after the same keys. A move that would reach past them
    /// (with a screen of rows after it) waits, and lands where the whole order says once the
    /// rest comes.
    @Test func movesAmongTheRowsInPlaceDoNotWaitAndOthersDo() throws {
        let files = TemporaryFiles()
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let (preview, whole, list) = try Self.lists(rows: 80, gate: gate, files: files)
        let wholeList = try #require(whole.root.content.frontScreen as? RecordListScreen)
        let context = RenderContext()
        let height = 16
        let inPlace = list.records.positionsInPlace
        #expect(inPlace >= 3 + 2 * height && inPlace < 3_000, "\(inPlace)")
        func position(_ list: RecordListScreen) -> Int? { list.state.focusedRow.flatMap(list.dataSourceOfRecords.position(at:))?.rawValue }
        for key in [Key.down, .character("j"), .down, .up, .down] {
            _ = preview.handle(.key(key))
            _ = whole.handle(.key(key))
        }
        #expect(list.records.isPreview, "the rest is still sorting")
        #expect(position(list) == 3 && position(wholeList) == 3)
        #expect(text(preview).dropLast() == text(whole).dropLast(), "the same frame but the footer, which says keys wait")
        // Pages down: each moves while the rows it reaches are in place; the first that would
        // reach past them waits, and the rest wait behind it.
        for _ in 0 ..< 20 { _ = preview.handle(.key(.pageDown)) }
        #expect(list.records.isPreview)
        let reached = try #require(position(list))
        #expect(reached > 3, "pages among the rows in place moved")
        #expect(reached + 2 * height <= inPlace, "no move reached past the rows in place (\(reached) of \(inPlace))")
        #expect(preview.root.isAwaitingDeliveries, "the pages past them wait")
        let waiting = preview.render(context: context).text
        _ = preview.handle(.key(.up))
        #expect(preview.render(context: context).text == waiting, "a key behind a waiting one waits too, in order")
        gate.signal()
        Self.deliver(to: preview) { list.records.isPreview || preview.root.isAwaitingDeliveries }
        for _ in 0 ..< 20 { _ = whole.handle(.key(.pageDown)) }
        _ = whole.handle(.key(.up))
        #expect(position(list) == position(wholeList))
        #expect(preview.render(context: context).text == whole.render(context: context).text)
    }

    /// Delivers what `app` was posted, as the event loop would, while `condition` holds (for
    /// at most 10 s).
    private static func deliver(to app: BrowserApp, while condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while condition(), ContinuousClock.now < deadline {
            usleep(1_000)
            app.root.deliverPosted()
        }
    }

    /// A search typed while the rest sorts does not wait for it: its first screen of results
    /// is the whole order's (within one section, and across sections: the rows come from the
    /// first rows' sections, unsorted within them but the first), a key that would move
    /// into the results still waits, and the results are searched again in the whole order
    /// when it comes, unchanged on the screen.
    @Test(arguments: ["the", "river"])
    func aSearchTypedBeforeTheRestShowsTheWholeOrdersResults(query: String) throws {
        let files = TemporaryFiles()
        let gate = DispatchSemaphore(value: 0)
        let (preview, whole, list) = try Self.lists(rows: 40, gate: gate, files: files)
        defer { gate.signal() }
        let context = RenderContext()
        func type(_ app: BrowserApp) {
            for key in "/" + query { _ = app.handle(.key(.character(key))) }
        }
        func awaitResults(_ app: BrowserApp, _ screen: RecordListScreen) {
            Self.deliver(to: app) { screen.shown.searchResult?.query != query }
        }
        type(preview)
        #expect(list.records.isPreview, "the rest is still sorting")
        awaitResults(preview, list)
        #expect(list.shown.searchResult?.query == query, "the search did not wait for the rest")
        let wholeList = try #require(whole.root.content.frontScreen as? RecordListScreen)
        type(whole)
        #expect(wholeList.shown.searchResult?.query == query)
        // The rows of results, the search bar and the title. The index and the count say the
        // sections found so far (more than a screen, then the scan waits for the whole
        // order, as it waits for the index otherwise); the footer says what waits.
        let rows = { (app: BrowserApp) in
            text(app).prefix(12).map { line in String(line.prefix(56).reversed().drop { $0 == " " }.reversed()) }
        }
        #expect(rows(preview) == rows(whole), "\(text(preview).joined(separator: "\n"))\n\(text(whole).joined(separator: "\n"))")
        // Down would move into the results: it waits.
        let before = preview.render(context: context).text
        _ = preview.handle(.key(.down))
        #expect(preview.render(context: context).text == before)
        // The search again in the whole order is held before its index: Down waits for it too.
        let index = DispatchSemaphore(value: 0)
        defer { index.signal() }
        list.searching.buildHaystack = { records, scope, progress in
            index.wait()
            index.signal()
            return FilterHaystack.build(records: records, scope: scope, progress: progress)
        }
        gate.signal()
        Self.deliver(to: preview) { list.records.isPreview }
        #expect(!list.records.isPreview)
        // More matches than the scan shows before the index: the search goes on.
        #expect(list.defersEvents, "keys wait for the search in the whole order")
        index.signal()
        // Not "while a search runs": its end is posted after its progress is cleared, and
        // the keys wait until that post is delivered and the result shown.
        Self.deliver(to: preview) { list.defersEvents }
        _ = whole.handle(.key(.down))
        #expect(preview.render(context: context).text == whole.render(context: context).text, "searched again in the whole order, and Down applied there")
        // Nothing made over the preview stays: the title search's index is the whole order's.
        Self.deliver(to: preview) { !list.isTitleSearchPrepared }
        #expect(list.isTitleSearchPrepared)
    }

    @Test("first rows chosen after the deadline replace the progress sheet, and the rest sorts behind them; chosen in time, they show at once")
    func firstRowsAfterTheDeadlineStillShowFirst() throws {
        let files = TemporaryFiles()
        let path = Self.file(in: files)
        let size = Size(width: 60, height: 16)
        let wholeList = try DataOptions.parse(["--data", path]).loadListScreen()
        let whole = BrowserApp(list: wholeList, size: size, options: AppOptions(animates: false))
        // No time at all before the terminal: the app starts on the progress sheet's list.
        let late = try DataOptions.parse(["--data", path]).loadListScreen(sortsWhileShowing: true, firstRowsDeadline: .zero)
        #expect(!late.records.isSorted, "nothing is in place before the first rows come")
        let app = BrowserApp(list: late, size: size, options: AppOptions(animates: false))
        let deadline = ContinuousClock.now + .seconds(20)
        while late.records.isPreview || !late.records.isSorted || late.restOfSort != nil, ContinuousClock.now < deadline {
            usleep(2_000)
            app.root.deliverPosted()
        }
        // The first rows came as a preview, and its rest was sorted behind them: the list
        // ends in the whole order, not stuck on a preview.
        #expect(late.records.isSorted && !late.records.isPreview)
        #expect(late.records.order == wholeList.records.order)
        #expect(text(app).dropFirst().prefix(12) == text(whole).dropFirst().prefix(12), "\(text(app).joined(separator: "\n"))")
        // In time: the first rows at once, the rest behind them.
        let early = try DataOptions.parse(["--data", path]).loadListScreen(sortsWhileShowing: true, firstRowsDeadline: .seconds(30))
        #expect(early.records.isSorted)
        #expect(early.records.isPreview == (early.restOfSort != nil), "a preview has the rest of its sort under way")
    }

}

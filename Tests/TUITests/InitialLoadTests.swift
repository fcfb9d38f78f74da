import Foundation
import Synchronization
import Testing
import TableKit
@testable import TUI

/// The first load of a large file: read and checked before the terminal is touched, then
/// sorted behind the app's progress sheet when that takes longer than half a second.
/// A flag the test opens to let the background work go on.
private final class Gate: Sendable {
    private let flag = Atomic<Bool>(false)
    var isOpen: Bool { flag.load(ordering: .sequentiallyConsistent) }
    func open() { flag.store(true, ordering: .sequentiallyConsistent) }
}

@MainActor
@Suite("Initial load: sorting behind a progress sheet, with Cancel")
struct InitialLoadTests {
    let size = Size(width: 60, height: 16)

    /// A list whose first load waits for `release` before it sorts the fixture books.
    private func loadingApp(release: Gate, reload: RecordListScreen.Load? = nil, state: AppState = AppState()) throws -> (BrowserApp, RecordListScreen) {
        let store = try JSONRecordStore.load(data: Data(fixtureBooks.utf8), name: "fixture")
        let list = RecordListScreen(title: "fixture", records: IndexedRecords(unsortedStore: store),
                                    searchesSynchronously: true, reload: reload)
        // Started a second ago: the sheet is due at once.
        list.showWhenLoaded(BackgroundTask(startedAt: .now - .seconds(1)) { isCancelled in
            while !release.isOpen, !isCancelled() { usleep(1_000) }
            return .success(IndexedRecords(store: store))
        })
        var options = AppOptions()
        options.settings = AppSettings(store: nil, state: state)
        return (BrowserApp(list: list, size: size, options: options), list)
    }

    private func lines(_ app: BrowserApp) -> [String] {
        app.render(context: RenderContext()).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// Ticks until `condition` holds of the frame, or ten seconds pass (a deadline, not a
    /// timing). It waits on its own thread rather than suspending: the end-to-end tests keep
    /// the shared task pool busy, and a suspended test could wake long after its deadline.
    private func tick(_ app: BrowserApp, until condition: ([String]) -> Bool) -> [String] {
        let deadline = ContinuousClock.now + .seconds(10)
        repeat {
            _ = app.handle(.tick)
            if condition(lines(app)) { break }
            usleep(2_000)
        } while ContinuousClock.now < deadline
        return lines(app)
    }

    @Test func theSheetShowsWhileSortingAndTheListArrivesWhenDone() throws {
        let release = Gate()
        let (app, _) = try loadingApp(release: release)
        #expect(lines(app).contains { $0.contains("Loading 9 Records…") }, "the empty list says what is happening")
        #expect(!lines(app).contains { $0.hasSuffix(" A") }, "no index before there are sections")
        let sheet = tick(app) { $0.contains { $0.contains("Cancel (Esc)") } }
        #expect(sheet.contains { $0.contains("Loading fixture…") })
        _ = app.handle(.key(.character("/")))
        _ = app.handle(.key(.character("j")))
        #expect(lines(app) == sheet, "nothing behind the sheet reacts")
        release.open()
        let list = tick(app) { $0.contains { $0.hasPrefix(" Ångström Units") } }
        #expect(list.contains { $0.hasPrefix(" Ångström Units") }, "the sorted list:\n\(list.joined(separator: "\n"))")
        #expect(!list.contains { $0.contains("Cancel") }, "the sheet went with the work")
        #expect(list.last?.contains("/ search") == true)
    }

    /// Seen in the benchmark: the sheet stayed up until its next tick after the list arrived,
    /// and a key typed in between went to the sheet instead of the list. The sheet comes down
    /// with the delivery of the work's end, with no tick at all.
    @Test func theSheetComesDownAsTheWorkArrivesNotAtATick() throws {
        let release = Gate()
        let (app, list) = try loadingApp(release: release)
        app.root.deliverPosted()
        #expect(lines(app).contains { $0.contains("Cancel (Esc)") }, "the sheet, due at once")
        release.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while list.reloadTask != nil, ContinuousClock.now < deadline {
            usleep(1_000)
            app.root.deliverPosted()
        }
        let shown = lines(app)
        #expect(shown.contains { $0.hasPrefix(" Ångström Units") } && !shown.contains { $0.contains("Cancel") },
                "the list, with no sheet over it:\n\(shown.joined(separator: "\n"))")
        _ = app.handle(.key(.character("j")))
        #expect(list.state.focusedRow == IndexPath(row: 1, section: 0), "the next key reaches the list")
    }

    /// A load that fails under its sheet: the sheet comes down and the alert says why, never
    /// the two at once.
    @Test func aLoadThatFailsTradesItsSheetForAnAlert() throws {
        let release = Gate()
        let store = try JSONRecordStore.load(data: Data(fixtureBooks.utf8), name: "fixture")
        let list = RecordListScreen(title: "fixture", records: IndexedRecords(unsortedStore: store), searchesSynchronously: true)
        list.showWhenLoaded(BackgroundTask(startedAt: .now - .seconds(1)) { isCancelled in
            while !release.isOpen, !isCancelled() { usleep(1_000) }
            return .failure(CommandFailure(message: "the disk went away", exitCode: 74))
        })
        let app = BrowserApp(list: list, size: size, options: AppOptions(animates: false))
        app.root.deliverPosted()
        #expect(lines(app).contains { $0.contains("Cancel (Esc)") }, "the sheet, due at once")
        release.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while !lines(app).contains(where: { $0.contains("Could not reload") }), ContinuousClock.now < deadline {
            usleep(1_000)
            app.root.deliverPosted()
        }
        let shown = lines(app)
        #expect(shown.contains { $0.contains("the disk went away") }, "the alert says why:\n\(shown.joined(separator: "\n"))")
        #expect(!shown.contains { $0.contains("Cancel (Esc)") }, "the sheet went before the alert came")
        #expect(app.root.modals.count == 1)
    }

    /// Seen in CI: under load the bundled books took longer than half a second to sort, and
    /// the saved "sort by author" was dropped for the title order.
    @Test("a list still sorting at start takes the order Settings chose when it arrives")
    func theChosenOrderOutlivesASlowFirstLoad() throws {
        let release = Gate()
        var state = AppState()
        state.bookOrder = .author
        let (app, list) = try loadingApp(release: release, state: state)
        release.open()
        let shown = tick(app) { $0.contains { $0.hasPrefix(" Jane Austen") } }
        #expect(list.records.sortOrder == .subtitleLastName)
        #expect(shown.contains { $0.hasPrefix(" Jane Austen") }, "rows by author:\n\(shown.joined(separator: "\n"))")
    }

    @Test func cancelLeavesAnHonestEmptyListThatRLoads() throws {
        let release = Gate()
        let files = TemporaryFiles()
        let path = files.write(fixtureBooks)
        let reload = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true).reload
        let (app, list) = try loadingApp(release: release, reload: reload)
        _ = tick(app) { $0.contains { $0.contains("Cancel (Esc)") } }
        _ = app.handle(.key(.escape))
        let cancelled = lines(app)
        #expect(cancelled.contains { $0.contains("Not Loaded: ⟳ (r) Loads It") }, "\(cancelled.joined(separator: "\n"))")
        #expect(cancelled.last?.hasPrefix(" r load") == true)
        #expect(!list.records.isSorted)
        _ = app.handle(.key(.character("r")))
        let loaded = tick(app) { $0.contains { $0.hasPrefix(" Ångström Units") } }
        #expect(loaded.contains { $0.hasPrefix(" Ångström Units") }, "\(loaded.joined(separator: "\n"))")
        withExtendedLifetime(files) {}
    }
}

import Foundation
import Testing
@testable import TUI

@Suite("The state file: atomic, never overwritten when unreadable, never losing the state")
struct StateStoreTests {
    private func store() -> (StateStore, TemporaryFiles) {
        let files = TemporaryFiles()
        return (StateStore(url: files.directory.appendingPathComponent("state/table-browser/state.json")), files)
    }

    @Test func aStateRoundTripsAndAMissingFileIsTheDefaultsSilently() throws {
        let (store, files) = store()
        let fresh = store.load()
        #expect(fresh.state == AppState() && fresh.problem == nil)
        var state = AppState()
        state.theme = .monochrome
        state.bookOrder = .author
        state.wishlist = ["Robofix HD", "Cows vs Aliens"]
        state.bookFields = [.author, .isbn]
        try store.save(state)
        #expect(store.load().state == state)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
        #expect(leftovers == ["state.json"], "no temporary file is left behind: \(leftovers)")
        _ = files
    }

    @Test func aCorruptFileIsMovedAsideUnderANewNameAndReported() throws {
        let (store, files) = store()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // An earlier set-aside file already has the first name: it must not be overwritten.
        let earlier = store.url.deletingLastPathComponent().appendingPathComponent("state.json.unreadable-1")
        try Data("earlier".utf8).write(to: earlier)
        try Data("{ not json".utf8).write(to: store.url)
        let loaded = store.load()
        #expect(loaded.state == AppState())
        #expect(loaded.problem?.contains("not a settings file") == true)
        #expect(loaded.problem?.contains("state.json.unreadable-2") == true, "\(loaded.problem ?? "")")
        #expect(try String(contentsOf: earlier, encoding: .utf8) == "earlier")
        let aside = store.url.deletingLastPathComponent().appendingPathComponent("state.json.unreadable-2")
        #expect(try String(contentsOf: aside, encoding: .utf8) == "{ not json", "the file is kept, not deleted")
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
        #expect(store.load().problem == nil, "reported once: the next start finds no file")
        _ = files
    }

    @Test func aFileOfAnotherVersionIsSetAsideAndSaysWhichVersion() throws {
        let (store, files) = store()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 7, "theme": "neon", "somethingNew": true}"#.utf8).write(to: store.url)
        let loaded = store.load()
        #expect(loaded.state == AppState())
        #expect(loaded.problem?.contains("version 7") == true, "\(loaded.problem ?? "")")
        // A snapshot only reads: it neither sets the file aside nor reports.
        try Data(#"{"version": 7}"#.utf8).write(to: store.url)
        #expect(store.load(settingAside: false).problem == nil)
        #expect(FileManager.default.fileExists(atPath: store.url.path))
        _ = files
    }

    @Test func anUnwritableFolderIsReportedOnceAndTheStateStaysInMemory() throws {
        let files = TemporaryFiles()
        // A file where the folder should be: the folder cannot be made, whatever the user.
        let blocker = files.directory.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocker)
        let store = StateStore(url: blocker.appendingPathComponent("table-browser/state.json"))
        let settings = AppSettings(store: store)
        var applied: [AppState.ThemeChoice] = []
        settings.apply = { applied.append($0.theme) }
        settings.update { $0.theme = .highContrast }
        settings.update { $0.theme = .monochrome }
        #expect(applied == [.highContrast, .monochrome], "the changes apply anyway")
        #expect(settings.state.theme == .monochrome)
        // Reading failed too (the folder's place is a file); saving is reported once, not per change.
        let problems = settings.takeProblems()
        #expect(problems.filter { $0.contains("cannot be saved") }.count == 1, "reported once: \(problems)")
        #expect(problems.filter { $0.contains("cannot be read") }.count == 1)
    }

    @Test func twoWritersRacingLeaveOneCompleteFile() throws {
        let (store, files) = store()
        let variants: [AppState] = (0 ..< 2).map { writer in
            var state = AppState()
            state.theme = writer == 0 ? .highContrast : .monochrome
            state.wishlist = (0 ..< 20000).map { "Game \(writer)-\($0)" }
            return state
        }
        // Not the defaults: a half-written file reads as the defaults, which must show up.
        try store.save(variants[0])
        // Real threads (the test's task pool may run tasks one after another): two writers and
        // a reader that reads for as long as they write.
        let done = DispatchGroup()
        let writing = DispatchGroup()
        let badReads = Counter()
        for state in variants {
            writing.enter()
            Thread {
                for _ in 0 ..< 30 { try? store.save(state) }
                writing.leave()
            }.start()
        }
        done.enter()
        Thread {
            while writing.wait(timeout: .now()) == .timedOut {
                if !variants.contains(store.load(settingAside: false).state) { badReads.add() }
            }
            done.leave()
        }.start()
        done.wait()
        #expect(badReads.value == 0, "\(badReads.value) reads saw a mixture or a half-written file")
        #expect(variants.contains(store.load().state))
        _ = files
    }
}

/// A count shared between threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }

}

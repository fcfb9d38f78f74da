import Foundation
import Testing
@testable import TUI

@MainActor
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
        #expect(problems.filter { $0.contains("a part of its path is a file, not a folder") }.count == 1, "\(problems)")
        #expect(problems.contains { $0.contains("the folder \(blocker.path)/table-browser cannot be made (\(blocker.path) is a file, not a folder)") },
                "\(problems)")
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

    @Test("two instances' changes are merged into the file, not written over each other: stars, favourites, dates and settings from both survive")
    func twoInstancesChangesAreMerged() throws {
        let (store, files) = store()
        let first = AppSettings(store: store), second = AppSettings(store: store)
        for number in 0 ..< 10 {
            first.update { $0.wishlist = Set($0.wishlist).union(["First \(number)"]).sorted() }
            second.update { $0.wishlist = Set($0.wishlist).union(["Second \(number)"]).sorted() }
        }
        first.update { $0.theme = .monochrome }
        second.update { $0.bookOrder = .author }
        second.update { $0.releaseDates = ($0.releaseDates ?? [:]).merging(["Robofix HD": "2011-03-04"]) { $1 } }
        let saved = store.load().state
        #expect(Set(saved.wishlist) == Set((0 ..< 10).flatMap { ["First \($0)", "Second \($0)"] }), "\(saved.wishlist)")
        #expect(saved.theme == .monochrome && saved.bookOrder == .author && saved.releaseDates == ["Robofix HD": "2011-03-04"])
        #expect(second.state == saved, "the instance that saved last holds both instances' changes")
        #expect(first.state.wishlist.count == 20 && first.state.bookOrder == .title, "the first holds what was on disk at its last change (the theme), not what came after")
        _ = files
    }

    @Test("a change that could not be saved is saved with the next one that can, in order")
    func anUnsavedChangeIsSavedWithTheNext() throws {
        let files = TemporaryFiles()
        let blocker = files.directory.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocker)
        let store = StateStore(url: blocker.appendingPathComponent("table-browser/state.json"))
        let settings = AppSettings(store: store)
        settings.update { $0.theme = .monochrome }
        #expect(settings.takeProblems().contains { $0.contains("cannot be saved") })
        try FileManager.default.removeItem(at: blocker)
        settings.update { $0.bookOrder = .author }
        let saved = store.load().state
        #expect(saved.theme == .monochrome && saved.bookOrder == .author, "\(saved)")
    }

    @Test("a file this user cannot read is moved aside before the first change is saved, at start and when found later")
    func anUnreadableFileIsMovedAsideNotOverwritten() throws {
        let (plain, files) = store()
        var store = plain
        var mine = AppState()
        mine.wishlist = ["Kept"]
        try plain.save(mine)
        let original = try Data(contentsOf: plain.url)
        // Root may read anything: the refusal is the one `open` gives another user.
        store.read = { _ in throw CocoaError(.fileReadNoPermission) }
        let settings = AppSettings(store: store)
        #expect(settings.takeProblems().contains { $0.contains("was moved to state.json.unreadable-1") })
        let aside = plain.url.deletingLastPathComponent().appendingPathComponent("state.json.unreadable-1")
        #expect(try Data(contentsOf: aside) == original, "the file is kept whole under its new name")
        // Found unreadable again at a change (another program put it back): aside again, first.
        try plain.save(mine)
        settings.update { $0.theme = .monochrome }
        #expect(settings.takeProblems().contains { $0.contains("moved to state.json.unreadable-2") })
        #expect(try Data(contentsOf: plain.url.deletingLastPathComponent().appendingPathComponent("state.json.unreadable-2")) == original)
        #expect(plain.load().state.theme == .monochrome && plain.load().state.wishlist.isEmpty, "the change is saved to a new file")
        _ = files
    }

    @Test("a state file that can be neither read nor moved aside is left as it is, and nothing is saved over it")
    func aFileThatCannotBeMovedAsideIsNeverWrittenOver() throws {
        let (store, files) = store()
        // A folder in the file's place: reading fails, and a folder cannot be linked aside.
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: store.url.appendingPathComponent("inside"))
        let settings = AppSettings(store: store)
        #expect(settings.takeProblems().contains { $0.contains("could not be moved aside") })
        settings.update { $0.theme = .monochrome }
        #expect(settings.state.theme == .monochrome, "the change applies in memory")
        #expect(settings.takeProblems().contains { $0.contains("cannot be moved aside, so nothing is saved over it") })
        #expect(try Data(contentsOf: store.url.appendingPathComponent("inside")) == Data("mine".utf8))
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

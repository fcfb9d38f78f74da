import Foundation
import Testing
@testable import TUI

/// State files written by older and newer versions of the app: a missing key, a key or a name
/// this version does not know, a value of the wrong kind each cost that value alone, and only
/// a file that is not the app's state at all is set aside.
@MainActor
@Suite("State across versions: missing, unknown and wrong values cost themselves alone")
struct StateAcrossVersionsTests {
    private typealias Object = [String: KeptJSON]

    private func store() -> (StateStore, TemporaryFiles) {
        let files = TemporaryFiles()
        return (StateStore(url: files.directory.appendingPathComponent("state/table-browser/state.json")), files)
    }

    /// A state with every field other than its default (the version cannot be).
    private static func full() -> AppState {
        var state = AppState()
        state.theme = .monochrome
        state.bookOrder = .author
        state.reminder = .hour1
        state.bookFields = [.author, .isbn]
        state.sources = [.books, .games]
        state.animations = false
        state.mouse = false
        state.wishlist = ["Robofix HD", "Cows vs Aliens"]
        state.profile = ["name": "Ada", "twitter": "@ada"]
        state.tweets = TweetActivity(favorites: ["1"], retweets: ["2"], refreshed: true)
        state.swipeStyle = .push
        state.releaseDates = ["Robofix HD": "2011-03-04"]
        state.animationSpeed = 1.5
        state.reviewWidth = 60
        state.keyboards = ["numberPad", "default"]
        state.photoLayout = ["cat.png": PhotoPlacement(column: 3, line: 4.5, scale: 1.5, degrees: 90)]
        state.photoOrder = ["cat.png", "dog.png"]
        state.tabOrder = ["Games", "Books"]
        return state
    }

    /// `state` as the app writes it, as JSON values.
    private func json(_ state: AppState) throws -> Object {
        try JSONDecoder().decode(Object.self, from: JSONEncoder().encode(state))
    }

    /// The state file's JSON.
    private func saved(_ store: StateStore) throws -> Object {
        try JSONDecoder().decode(Object.self, from: Data(contentsOf: store.url))
    }

    private func write(_ object: Object, to store: StateStore) throws {
        try write(JSONEncoder().encode(object), to: store)
    }

    private func write(_ data: Data, to store: StateStore) throws {
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: store.url)
    }

    private func folder(of store: StateStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path).sorted()
    }

    /// A value of another kind than `value`, as a hand or another program might leave.
    private func wrongKind(_ value: KeptJSON) -> KeptJSON {
        switch value {
        case .string: return .integer(42)
        case .object: return .array([.integer(1)])
        case .null, .bool, .integer, .unsigned, .number, .array: return .string("x")
        }
    }

    @Test("the test's full state differs from the defaults in every field, and the file holds every property")
    func theFullStateCoversEveryField() throws {
        let full = try json(Self.full()), defaults = try json(AppState())
        let properties = Mirror(reflecting: Self.full()).children.compactMap(\.label).filter { $0 != "kept" }
        #expect(Set(properties) == Set(full.keys), "a property the file does not hold, or a key no property has")
        #expect(Set(defaults.keys).isSubset(of: Set(full.keys)))
        for key in full.keys where key != "version" {
            #expect(full[key] != defaults[key], "give “\(key)” a value other than its default in full()")
        }
    }

    @Test("every key left out in turn: the file loads, that key is its default and the others keep their values, silently")
    func everyKeyLeftOutIsItsDefaultAlone() throws {
        let full = try json(Self.full()), defaults = try json(AppState())
        for key in full.keys.sorted() {
            let (store, files) = store()
            try write(full.filter { $0.key != key }, to: store)
            let loaded = store.load()
            var expected = full
            expected[key] = defaults[key]
            #expect(try json(loaded.state) == expected, "without “\(key)”")
            #expect(loaded.problem == nil, "without “\(key)”: \(loaded.problem ?? "")")
            #expect(try folder(of: store) == ["state.json"], "without “\(key)”: nothing is set aside")
            _ = files
        }
    }

    @Test("a newer version's keys and names load, and are in the file unchanged after a change is saved")
    func aNewerVersionsKeysAreWrittenBack() throws {
        let (store, files) = store()
        let unknown: Object = [
            "futureText": .string("hello"),
            "futureNumber": .number(3.25),
            "futureCount": .integer(9_007_199_254_740_993),
            "futureObject": .object(["a": .array([.integer(1), .object(["b": .null])]), "c": .bool(true)]),
            "futureArray": .array([.integer(1), .string("two"), .bool(false), .null]),
        ]
        var file = try json(Self.full()).merging(unknown) { $1 }
        file["theme"] = .string("solarized")
        file["swipeStyle"] = .string("bounce")
        file["sources"] = .array([.string("books"), .string("podcasts"), .string("games")])
        file["bookFields"] = .array([.string("author"), .string("pages")])
        try write(file, to: store)

        let settings = AppSettings(store: store)
        #expect(settings.takeProblems() == [], "nothing was lost, so nothing is said")
        #expect(settings.state.theme == .standard && settings.state.swipeStyle == nil)
        #expect(settings.state.sources == [.books, .games] && settings.state.bookFields == [.author])
        #expect(settings.state.wishlist == Self.full().wishlist)

        settings.update { $0.mouse = true; $0.sources.remove(.games) }
        var saved = try saved(store)
        for (key, value) in unknown {
            #expect(saved[key] == value, "“\(key)” is written back as it was")
        }
        #expect(saved["theme"] == .string("solarized") && saved["swipeStyle"] == .string("bounce"), "untouched choices are kept")
        #expect(saved["sources"] == .array([.string("books"), .string("podcasts")]), "unknown names stay beside the change")
        #expect(saved["bookFields"] == .array([.string("author"), .string("pages")]))
        #expect(saved["mouse"] == .bool(true))

        // A choice made here replaces the kept one; the unknown keys stay.
        settings.update { $0.theme = .highContrast }
        saved = try self.saved(store)
        #expect(saved["theme"] == .string("high-contrast"))
        #expect(saved.filter { unknown[$0.key] != nil } == unknown)
        #expect(try folder(of: store) == ["state.json"])
        _ = files
    }

    @Test("each field given a value of the wrong kind in turn: that field alone is its default, and the problem names it")
    func aWrongKindCostsThatFieldAlone() throws {
        let full = try json(Self.full()), defaults = try json(AppState())
        for key in full.keys.sorted() {
            let (store, files) = store()
            var file = full
            file[key] = full[key].map(wrongKind)
            try write(file, to: store)
            let loaded = store.load()
            var expected = full
            expected[key] = defaults[key]
            #expect(try json(loaded.state) == expected, "“\(key)” of the wrong kind")
            #expect(loaded.problem?.contains("“\(key)” was not understood") == true, "\(loaded.problem ?? "nothing said")")
            #expect(try folder(of: store) == ["state.json"], "“\(key)” of the wrong kind: nothing is set aside")
            _ = files
        }
    }

    @Test("entries of the wrong kind in a list or an object are left out, and the others kept")
    func aWrongEntryCostsThatEntryAlone() throws {
        let (store, files) = store()
        var file = try json(Self.full())
        file["bookFields"] = .array([.string("author"), .integer(3), .string("isbn")])
        file["wishlist"] = .array([.string("A"), .object(["x": .integer(1)]), .string("B"), .null])
        file["profile"] = .object(["name": .string("Ada"), "age": .integer(3)])
        try write(file, to: store)
        let loaded = store.load()
        var expected = Self.full()
        expected.bookFields = [.author, .isbn]
        expected.wishlist = ["A", "B"]
        expected.profile = ["name": "Ada"]
        #expect(loaded.state == expected)
        let problem = loaded.problem ?? ""
        #expect(problem.contains("“bookFields” had an entry that was not understood"), "\(problem)")
        #expect(problem.contains("“wishlist” had 2 entries that were not understood"), "\(problem)")
        #expect(problem.contains("“profile” had an entry"), "\(problem)")
        _ = files
    }

    @Test("a value not understood is said once, and the next save writes its default")
    func aValueNotUnderstoodIsSaidOnce() throws {
        let (store, files) = store()
        var file = try json(Self.full())
        file["theme"] = .integer(42)
        try write(file, to: store)
        let settings = AppSettings(store: store)
        let problems = settings.takeProblems()
        #expect(problems.count == 1 && problems[0].contains("“theme” was not understood and is back to Default"), "\(problems)")
        settings.update { $0.mouse = true }
        #expect(settings.takeProblems() == [], "the first save finds it again, and does not say it again")
        #expect(try saved(store)["theme"] == .string("default"))
        #expect(AppSettings(store: store).takeProblems() == [], "the next start finds nothing to say")
        _ = files
    }

    @Test("a file that is not the app's state at all is still set aside whole, and said",
          arguments: ["[1,2]", #""x""#, "null", "42", "", "{ not json", #"{"version": 2, "theme": "monochrome"}"#].map { Array($0.utf8) }
            + [[0xFF, 0x00, 0xC3, 0x28, 0x7B]])
    func aFileThatIsNotStateIsSetAside(_ content: [UInt8]) throws {
        let (store, files) = store()
        let bytes = Data(content)
        try write(bytes, to: store)
        let loaded = store.load()
        #expect(loaded.state == AppState())
        #expect(loaded.problem?.contains("was moved to state.json.unreadable-1") == true, "\(loaded.problem ?? "nothing said")")
        #expect(try Data(contentsOf: store.url.deletingLastPathComponent().appendingPathComponent("state.json.unreadable-1")) == bytes)
        #expect(try folder(of: store) == ["state.json.unreadable-1"])
        _ = files
    }
}

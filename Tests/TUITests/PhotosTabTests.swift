import Foundation
import TableKit
import TableKitTestSupport
import Testing
@testable import TUI

/// The Photos tab in the app: the sixth tab where six fit, under More where they do not; the
/// photos decoded off the main actor; the tabs' order from More › Edit kept in the state.
@MainActor
@Suite("The Photos tab and More › Edit in the app")
struct PhotosTabTests {
    func app(width: Int, settings: AppSettings = AppSettings(store: nil)) throws -> BrowserApp {
        let files = TemporaryFiles()
        return try headlessApp(size: Size(width: width, height: 30), environment: ["XDG_DATA_HOME": files.directory.path],
                               options: AppOptions(searchesSynchronously: true, animates: false, settings: settings))
    }

    func lines(_ app: BrowserApp) -> [String] { app.render(context: RenderContext()).lines }

    /// Delivers posted answers until `done` or ten seconds pass (the photos decode in the
    /// background and arrive as a letter).
    func deliver(_ app: BrowserApp, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(), ContinuousClock.now < deadline {
            usleep(1_000)
            app.root.deliverPosted()
        }
    }

    @Test func sixOpensThePhotosOnAWideTerminalAndMoreOnANarrowOne() throws {
        let wide = try app(width: 100)
        #expect(lines(wide)[28].contains("6 Photos"))
        _ = wide.handle(.key(.character("6")))
        deliver(wide) { wide.photos.board != nil }
        #expect(wide.photos.board?.items.count == 12, "the twelve bundled photos")
        #expect(lines(wide)[0].contains("Photos") && lines(wide)[1].contains("▀"))
        #expect(lines(wide).last?.contains("Enter facts") == true)

        let narrow = try app(width: 60)
        #expect(lines(narrow)[28].contains("5 More") && !lines(narrow)[28].contains("Photos"))
        for key in try Key.parseScript("5 j Enter") { _ = narrow.handle(.key(key)) }
        deliver(narrow) { narrow.photos.board != nil }
        #expect(lines(narrow)[0].contains("Photos") && narrow.photos.board?.items.count == 12)
        // Enter opens the chosen photo's facts: the rainbow, in front from the start.
        _ = narrow.handle(.key(.enter))
        let facts = lines(narrow)
        #expect(facts[0].contains("Rainbow"), "\(facts)")
        #expect(facts.contains { $0.contains("Shutter") && $0.contains("1/200 s") }, "\(facts)")
        #expect(facts.contains { $0.contains("Latitude") && $0.contains("64° 8′ 47.8″ N") }, "\(facts)")
    }

    /// The facts are `.value2` rows, as a Contacts card: each label right-aligned in a column
    /// of its own, each value beside it, the values lined up under one another.
    @Test func theFactsLineTheirValuesUpAsAContactsCard() throws {
        let narrow = try app(width: 60)
        for key in try Key.parseScript("5 j Enter") { _ = narrow.handle(.key(key)) }
        deliver(narrow) { narrow.photos.board != nil }
        _ = narrow.handle(.key(.enter))
        let facts = lines(narrow)
        let top = try #require(facts.firstIndex { $0.contains("EXPOSURE") || $0.contains("Exposure") })
        expectFrame(Array(facts[top ... top + 6]), equals: [
            "   EXPOSURE                                                 ",
            " ╭────────────────────────────────────────────────────────╮ ",
            " │        Shutter 1/200 s                                 │ ",
            " │       Aperture ƒ/8                                     │ ",
            " │            ISO ISO 200                                 │ ",
            " │   Focal length 24 mm                                   │ ",
            " ╰────────────────────────────────────────────────────────╯ ",
        ], "the labels right-aligned, the values lined up after them")
    }

    @Test func theFactsListThePhotosTakenNearHereAndOpenThem() throws {
        let wide = try app(width: 100)
        _ = wide.handle(.key(.character("6")))
        deliver(wide) { wide.photos.board != nil }
        // Tab by name from the rainbow (the last) wraps to the sunset (the first).
        _ = wide.handle(.key(.tab))
        _ = wide.handle(.key(.enter))
        #expect(lines(wide)[0].contains("Sunset"))
        _ = wide.handle(.key(.end))
        var shown = lines(wide)
        let near = try #require(shown.firstIndex { $0.contains("PHOTOS TAKEN NEAR HERE") || $0.contains("Photos taken near here") }, "\(shown)")
        let rows = shown[(near + 1)...].prefix(3).joined(separator: "\n")
        #expect(rows.contains("Lighthouse") && rows.contains("Forest"), "Point Reyes and Muir Woods are within 100 km of Bodega Bay: \(rows)")
        #expect(!shown.contains { $0.contains("Mountains") }, "Zermatt is not")
        _ = wide.handle(.key(.enter))
        shown = lines(wide)
        #expect(shown[0].contains("Forest"), "the last row, the farther of the two: \(shown)")
    }

    @Test func theTabOrderFromMoresEditIsKeptAndComesBack() throws {
        let settings = AppSettings(store: nil)
        let first = try app(width: 60, settings: settings)
        for key in try Key.parseScript("5 E End A-Up A-Up D") { _ = first.handle(.key(key)) }
        #expect(settings.state.tabOrder == ["records", "tweets", "games", "photos", "forms", "settings"])
        #expect(lines(first)[28].contains("4 Photos"))
        let second = try app(width: 60, settings: settings)
        #expect(lines(second)[28].contains("4 Photos") && lines(second)[28].contains("5 More"))
        _ = second.handle(.key(.character("4")))
        deliver(second) { second.photos.board != nil }
        #expect(lines(second)[0].contains("Photos"))
    }

    @Test("a tab moved in More › Edit is kept at once: a quit before Done keeps it (found by the random walk)")
    func aTabOrderIsKeptWithoutDone() throws {
        let settings = AppSettings(store: nil)
        let first = try app(width: 60, settings: settings)
        for key in try Key.parseScript("5 E End A-Up") { _ = first.handle(.key(key)) }
        #expect(settings.state.tabOrder == ["records", "tweets", "games", "forms", "photos", "settings"], "the first move is kept")
        _ = first.handle(.key(.altUp))
        #expect(settings.state.tabOrder == ["records", "tweets", "games", "photos", "forms", "settings"], "and the second")
        #expect(first.handle(.key(.character("q"))) == .quit, "quitting mid-edit asks nothing: nothing is unsaved")
        let second = try app(width: 60, settings: settings)
        #expect(lines(second)[28].contains("4 Photos"), "\(lines(second)[28])")
    }

    @Test func aBoardMovedInOneRunIsWhereItWasInTheNext() throws {
        let settings = AppSettings(store: nil)
        let first = try app(width: 100, settings: settings)
        _ = first.handle(.key(.character("6")))
        deliver(first) { first.photos.board != nil }
        for key in try Key.parseScript("Right Right Down ]") { _ = first.handle(.key(key)) }
        let moved = try #require(first.photos.board?.item(named: "12-rainbow")?.placement)
        let second = try app(width: 100, settings: settings)
        _ = second.handle(.key(.character("6")))
        deliver(second) { second.photos.board != nil }
        let again = try #require(second.photos.board?.item(named: "12-rainbow")?.placement)
        #expect(again.centerX == moved.centerX && again.centerY == moved.centerY)
        // The turn is kept when its gesture ends, a quiet 0.3 s after its last step: a letter.
        let degrees = moved.rotation * 180 / .pi
        deliver(first) { abs((first.settings.state.photoLayout?["12-rainbow"]?.degrees ?? 0) - degrees) < 1e-9 }
        #expect(abs((first.settings.state.photoLayout?["12-rainbow"]?.degrees ?? 0) - degrees) < 1e-9, "kept once the turn ended")
        let third = try app(width: 100, settings: settings)
        _ = third.handle(.key(.character("6")))
        deliver(third) { third.photos.board != nil }
        #expect(abs((third.photos.board?.item(named: "12-rainbow")?.placement.rotation ?? 0) - moved.rotation) < 1e-9)
    }
}

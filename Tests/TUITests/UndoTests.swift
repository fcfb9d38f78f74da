import Foundation
import Testing
import TableKit
@testable import TUI

/// Undo and redo in the app, through the keys a person presses (`u`, `U`): every saved change
/// to a `--data` file is taken back by a save of its inverse, which gives the file back byte
/// for byte; the footer names what was undone; settings, favourites and the wishlist come back
/// as they were; and a failed undo keeps its change to undo again.
@MainActor
@Suite("Undo: u takes back a saved change (written back atomically), U makes it again")
struct UndoTests {
    private static let people = "[\n  {\"name\": \"Ann\", \"age\": 41},\n  {\"name\": \"Bob\", \"age\": 7},\n  {\"name\": \"Cy\", \"age\": 12},\n  {\"name\": \"Dee\", \"age\": 30}\n]\n"

    /// The app on a `--data` file of ``people`` (kept while `files` lives).
    private static func appOnPeople() throws -> (app: BrowserApp, path: String, files: TemporaryFiles) {
        let files = TemporaryFiles()
        let path = files.write(people)
        return (try headlessApp(["--data", path]), path, files)
    }

    private func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("each u gives the file back as it was before each change, and each U as it was after")
    func undoingEveryChangeGivesTheFileBack() throws {
        let (app, path, files) = try Self.appOnPeople()
        defer { withExtendedLifetime(files) {} }
        var versions = [contents(path)]
        // An edit of Ann, the deletion of one record (Bob, from his form), an added record and
        // the deletion of two checked ones (Cy and Dee): each a save.
        for script in ["e Tab C-u 4 2 C-s", "j e C-d d", "+ E v e Tab 5 C-s", "E g j Space j Space d Right Enter"] {
            try keys(app, script)
            #expect(!screen(app).contains("Not "), "\(script): \(screen(app))")
            versions.append(contents(path))
            if versions.count == 5 { #expect(versions[4] != versions[3], "\(screen(app))") }
        }
        #expect(Set(versions).count == 5, "every step changed the file: \(versions)")
        #expect(versions[2].contains("Cy") && !versions[2].contains("Bob"))
        #expect(text(app).last?.contains("u undo") == true, "the footer offers undo: \(text(app).last ?? "")")
        for step in (0 ..< 4).reversed() {
            try keys(app, "u")
            #expect(contents(path) == versions[step], "undo back to version \(step)")
        }
        #expect(contents(path) == Self.people, "byte for byte as at the start")
        try keys(app, "u")
        #expect(text(app).last == " Nothing to undo")
        for step in 1 ... 4 {
            try keys(app, "U")
            #expect(contents(path) == versions[step], "redo to version \(step)")
        }
    }

    @Test("the footer line names the change undone and redone; the focus goes to what came back")
    func theChangeIsNamed() throws {
        let (app, path, files) = try Self.appOnPeople()
        defer { withExtendedLifetime(files) {} }
        try keys(app, "E Space j Space j Space d Right Enter")
        #expect(!contents(path).contains("Bob") && contents(path).contains("Dee"))
        try keys(app, "u")
        #expect(text(app).last == " Undo Delete 3 Records", "\(text(app))")
        #expect(contents(path) == Self.people)
        #expect(screen(app).contains("▌Ann") || text(app).contains { $0.contains("Ann") }, "Ann is back")
        try keys(app, "U")
        #expect(text(app).last == " Redo Delete 3 Records")
        #expect(!contents(path).contains("Ann"))
        try keys(app, "u e Tab C-u 9 C-s")
        try keys(app, "u")
        #expect(text(app).last == " Undo Edit Record")
        try keys(app, "+ Z o e C-s u")
        #expect(text(app).last == " Undo Add Record")
        #expect(contents(path) == Self.people)
    }

    @Test("an undo whose save fails says why, changes nothing and can be tried again")
    func aFailedUndoIsOfferedAgain() throws {
        let (app, path, files) = try Self.appOnPeople()
        defer { withExtendedLifetime(files) {} }
        try keys(app, "e C-d d")
        let deleted = contents(path)
        let folder = (path as NSString).deletingLastPathComponent
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        try keys(app, "u")
        #expect(screen(app).contains("Not Undone"), "\(screen(app))")
        #expect(contents(path) == deleted, "nothing written")
        try keys(app, "Enter")
        chmod(folder, 0o755)
        #expect(text(app).last?.contains("u undo") == true, "still offered: \(text(app).last ?? "")")
        try keys(app, "u")
        #expect(contents(path) == Self.people)
    }

    @Test("the undo history goes when the file is read again from the disk, and only then")
    func readingTheFileAgainClearsTheHistory() throws {
        let (app, path, files) = try Self.appOnPeople()
        defer { withExtendedLifetime(files) {} }
        try keys(app, "e C-d d")
        #expect(app.root.undoManager.canUndo)
        // Another program changes the file; a save is refused, and Reload reads it again.
        try #"[{"name": "Zed"}]"#.write(toFile: path, atomically: true, encoding: .utf8)
        try keys(app, "e Tab C-u 1 C-s")
        #expect(screen(app).contains("Reload"), "\(screen(app))")
        #expect(app.root.undoManager.canUndo, "a refused save leaves the history")
        try keys(app, "r")
        #expect(!app.root.undoManager.canUndo, "read again: the changes no longer apply")
    }

    @Test("a setting switched, a theme chosen and a tweet favourited come back with u; other settings stay")
    func settingsAndFavouritesComeBack() throws {
        let app = try headlessApp()
        let before = app.settings.state
        // Settings' Behaviour: the Animations switch; then a theme.
        app.settings.update { $0.animations = false }
        _ = app.root.deliverPosted()
        app.settings.update { $0.theme = .monochrome }
        _ = app.root.deliverPosted()
        try keys(app, "u")
        #expect(text(app).last == " Undo Theme")
        #expect(app.settings.state.theme == before.theme && app.settings.state.animations == false, "the theme alone came back")
        try keys(app, "u")
        #expect(text(app).last == " Undo Animations")
        #expect(app.settings.state == before)
        try keys(app, "U")
        #expect(app.settings.state.animations == false && app.settings.state.theme == before.theme)
        let tweet = try #require(app.tweets.timeline.tweets.first)
        app.tweets.timeline.toggleFavorite(tweet)
        _ = app.root.deliverPosted()
        try keys(app, "u")
        #expect(text(app).last == " Undo Favourite")
        #expect(!app.tweets.timeline.isFavorite(tweet))
    }

    @Test("undoing a setting leaves another instance's change to another setting, saved meanwhile, as it is")
    func anotherInstancesSettingStays() throws {
        let files = TemporaryFiles()
        let url = files.directory.appendingPathComponent("state/table-browser/state.json")
        let undo = UndoManager()
        undo.groupsByEvent = false
        let mine = AppSettings(store: StateStore(url: url))
        mine.undoManager = undo
        let theirs = AppSettings(store: StateStore(url: url))
        mine.update { $0.animations = false }
        theirs.update { $0.theme = .monochrome }
        undo.undo()
        #expect(mine.state.animations == true, "mine taken back")
        #expect(mine.state.theme == .monochrome, "theirs, read from the file by the undo's save, stays")
        #expect(AppSettings(store: StateStore(url: url)).state.theme == .monochrome && AppSettings(store: StateStore(url: url)).state.animations)
    }

    @Test("a tab moved, a game wished for and a keyboard removed come back with u, on the screens that show them")
    func movesAndListsComeBack() throws {
        let app = try headlessApp()
        let usual = app.tabs.tabs.map(ObjectIdentifier.init)
        // More › Edit moved the Games tab first.
        let moved = [app.tabs.tabs[2]] + app.tabs.tabs.enumerated().filter { $0.offset != 2 }.map(\.element)
        app.tabs.setTabOrder(moved)
        app.tabs.didMoveTab?(moved)
        _ = app.root.deliverPosted()
        #expect(app.tabs.tabs.map(ObjectIdentifier.init) != usual)
        try keys(app, "u")
        #expect(text(app).last == " Undo Tab Order")
        #expect(app.tabs.tabs.map(ObjectIdentifier.init) == usual, "the tabs in their usual order again")
        // A game on the wishlist, then a keyboard removed.
        let game = "Undo Test Game"
        app.games.wishlist.onChange(.add(game))
        _ = app.root.deliverPosted()
        #expect(app.games.wishlist.titles.contains(game))
        let keyboards = app.settings.state.keyboardTypes
        app.settings.update { $0.editKeyboards(.remove([keyboards[0].rawValue])) }
        _ = app.root.deliverPosted()
        try keys(app, "u")
        #expect(app.settings.state.keyboardTypes == keyboards)
        try keys(app, "u")
        #expect(text(app).last == " Undo Wishlist Change")
        #expect(!app.games.wishlist.titles.contains(game), "the Wishlist shows it gone")
        try keys(app, "U")
        #expect(app.games.wishlist.titles.contains(game))
    }

    @Test("a bundled book deleted comes back with u in its place; its changes file says nothing of it")
    func aDeletedBookComesBack() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let changes = files.directory.appendingPathComponent("table-browser/book-changes.json").path
        let app = try headlessApp([], environment: environment)
        let before = text(app)
        try keys(app, "e C-d d")
        #expect(contents(changes).contains("\"delete\""), "\(contents(changes))")
        #expect(text(app) != before)
        try keys(app, "u")
        #expect(text(app).last == " Undo Delete Book")
        #expect(!contents(changes).contains("\"delete\""), "\(contents(changes))")
        #expect(Array(text(app).dropLast()) == Array(before.dropLast()), "the list as it was")
        // Another start reads the same books.
        let again = try headlessApp([], environment: environment)
        #expect(Array(text(again).dropLast()) == Array(before.dropLast()))
    }

    @Test("a book save that brings another instance's changes clears the undo history: the books are numbered anew")
    func anotherInstancesBookChangesClearTheHistory() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let mine = try headlessApp([], environment: environment)
        let theirs = try headlessApp([], environment: environment)
        try keys(mine, "e C-d d")
        #expect(mine.root.undoManager.canUndo)
        try keys(theirs, "G k e C-d d")
        try keys(mine, "G e C-d d")
        #expect(!screen(mine).contains("Not "), "\(screen(mine))")
        #expect(!mine.root.undoManager.canUndo, "their deletion came in with my save")
    }

    @Test("u with a record's form or detail over the list changes nothing under it: it says to go back, and the change stays to undo")
    func undoWaitsForTheListInFront() throws {
        let (app, path, files) = try Self.appOnPeople()
        defer { withExtendedLifetime(files) {} }
        try keys(app, "e C-d d")
        let deleted = contents(path)
        try keys(app, "Enter u")
        #expect(screen(app).contains("Not Undone") && screen(app).contains("Go back to the list"), "\(screen(app))")
        #expect(contents(path) == deleted)
        try keys(app, "Enter Esc u")
        #expect(contents(path) == Self.people, "from the list, undone")
    }
}

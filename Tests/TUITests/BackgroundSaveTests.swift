import Foundation
import Testing
import TableKit
@testable import TUI

/// A save held on the disk (a slow file system: the test lets its exchange go when it
/// chooses) while the app keeps answering: every key acts and draws at once, the rows being
/// saved say so, a second save waits its turn by being refused with its edit kept, quitting
/// waits for the save and never cuts it, and a save that fails after its form went brings the
/// form back with the edits.
@MainActor
@Suite("Saves in the background: the app answers every key while the disk is slow")
struct BackgroundSaveTests {
    /// A file system whose first exchange (the step that puts the new file in the old one's
    /// place) waits until the test opens the gate: that save is under way (written, flushed,
    /// the folder locked) for as long as the test likes; later saves pass.
    private final class Gate: @unchecked Sendable {
        let reachedRename = DispatchSemaphore(value: 0)
        let open = DispatchSemaphore(value: 0)
        /// The errno the held exchange fails with once the gate opens, or nil to make it.
        var failure: Int32?
        private var holds = true

        func fileSystem() -> RecordingFileSystem {
            let calls = RecordingFileSystem()
            calls.beforeCall = { [self] call in
                guard call.step == .exchange, holds else { return }
                reachedRename.signal()
                open.wait()
                holds = false
            }
            calls.failure = { [self] call in
                guard call.step == .exchange, let failure else { return nil }
                self.failure = nil
                return failure
            }
            return calls
        }
    }

    private static let people = #"[{"name": "Ann", "age": 41}, {"name": "Bob", "age": 7}, {"name": "Cy", "age": 12}, {"name": "Dee", "age": 30}]"#

    /// The app on a file of four people whose saves stop at the gate; Ann's age typed as 42
    /// and saved, the save now waiting at its exchange.
    private func savingAnn(_ gate: Gate) throws -> (app: BrowserApp, path: String, files: TemporaryFiles) {
        let files = TemporaryFiles()
        let path = files.write(Self.people)
        let app = try headlessApp(["--data", path])
        app.list.editable?.fileSystem = gate.fileSystem()
        try keys(app, "e Tab C-u 4 2")
        // Pressed as a person would, without waiting for the save the key starts.
        _ = app.handle(.key(.control("s")))
        #expect(gate.reachedRename.wait(timeout: .now() + 10) == .success, "the save reached its exchange")
        return (app, path, files)
    }

    @Test("while a save waits on the disk, the form has gone, the row and the prompt say Saving, and keys move and search at once")
    func keysAnswerDuringASave() throws {
        let gate = Gate()
        let (app, path, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        let during = screen(app)
        #expect(!during.contains("Edit “Ann”"), "the form went as the save started:\n\(during)")
        #expect(during.contains("Saving to") && during.contains("data.json…"), "the prompt says where it saves:\n\(during)")
        #expect(during.contains("Saving… "), "the edited row says it is being saved:\n\(during)")
        #expect(contents(path) == Self.people, "nothing replaced the file yet")
        // Navigation answers at once, while the save still waits.
        let focused = app.list.state.focusedRow
        _ = app.handle(.key(.character("j")))
        #expect(app.list.state.focusedRow != focused, "j moved the focus during the save")
        // A search answers at once too.
        for key in try Key.parseScript("/ D e e") { _ = app.handle(.key(key)) }
        let searching = text(app)
        #expect(searching.contains { $0.contains("Dee") } && !searching.contains { $0.contains("Bob") }, "the search filtered:\n\(searching.joined(separator: "\n"))")
        _ = app.handle(.key(.escape))
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing)
        let after = screen(app)
        #expect(contents(path) == #"[{"name": "Ann", "age": 42}, {"name": "Bob", "age": 7}, {"name": "Cy", "age": 12}, {"name": "Dee", "age": 30}]"#)
        #expect(!after.contains("Saving"), "landed, the marks go:\n\(after)")
        _ = files
    }

    @Test("u pressed while a save runs waits for it, then undoes it: an undo is a save, which would be refused meanwhile")
    func undoWaitsForTheSaveItUndoes() throws {
        let gate = Gate()
        let (app, path, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        _ = app.handle(.key(.character("u")))
        #expect(!screen(app).contains("Not Undone"), "not refused:\n\(screen(app))")
        #expect(contents(path) == Self.people, "nothing written yet")
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing)
        #expect(contents(path) == Self.people, "saved, then undone: the file as it was")
        #expect(text(app).last == " Undo Edit Record", "\(text(app))")
        _ = files
    }

    @Test("a search typed while a save runs goes on once the save lands, over the records as saved")
    func aSearchOutlivesTheSave() throws {
        let gate = Gate()
        let (app, _, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        for key in try Key.parseScript("/ A n n") { _ = app.handle(.key(key)) }
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing)
        #expect(app.list.searchController?.isActive == true, "the search is still on")
        let shown = text(app)
        #expect(shown.contains { $0.contains("Ann") } && !shown.contains { $0.contains("Bob") }, "and still filters:\n\(shown.joined(separator: "\n"))")
        _ = files
    }

    @Test("a second save while the first runs is refused with its edit kept in its form; saved again afterwards, both are in the file")
    func aSecondSaveWaitsItsTurn() throws {
        let gate = Gate()
        let (app, path, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        for key in try Key.parseScript("j e Tab C-u 8") { _ = app.handle(.key(key)) }
        _ = app.handle(.key(.control("s")))
        let refused = screen(app)
        #expect(refused.contains("still being saved"), "the second save says why it did not start:\n\(refused)")
        _ = app.handle(.key(.enter))
        #expect(screen(app).contains("Edit “Bob”"), "its form is still there")
        #expect(app.root.content.hasUnsavedChanges, "with its edit")
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing)
        try keys(app, "C-s")
        #expect(contents(path) == #"[{"name": "Ann", "age": 42}, {"name": "Bob", "age": 8}, {"name": "Cy", "age": 12}, {"name": "Dee", "age": 30}]"#)
        _ = files
    }

    @Test("q and Ctrl-C during a save wait for it, saying so; once it has landed the app quits, the edit in the file")
    func quittingWaitsForTheSave() throws {
        let gate = Gate()
        let (app, path, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        for quit in [Key.character("q"), .control("c"), .control("c")] {
            #expect(app.handle(.key(quit)) == .keepGoing, "\(quit) does not cut the save short")
        }
        let waiting = screen(app)
        #expect(waiting.contains("Saving… quits once saved"), "a sheet says why the app has not quit:\n\(waiting)")
        #expect(contents(path) == Self.people)
        gate.open.signal()
        #expect(finishWork(of: app) == .quit, "the save's end quits")
        #expect(contents(path).contains(#""age": 42"#), "and the edit was saved first")
        _ = files
    }

    @Test("Cancel on the quitting sheet stays in the app; the save lands and nothing quits")
    func cancellingTheQuitStays() throws {
        let gate = Gate()
        let (app, _, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        _ = app.handle(.key(.character("q")))
        _ = app.handle(.key(.escape))
        #expect(!screen(app).contains("quits once saved"))
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing, "no quit was left waiting")
        _ = files
    }

    @Test("a save that fails after its form went brings the form back with the edit and says why; the quit that waited for it stays")
    func aFailedSaveBringsTheFormBack() throws {
        let gate = Gate()
        gate.failure = EROFS
        let (app, path, files) = try savingAnn(gate)
        defer { gate.open.signal() }
        _ = app.handle(.key(.character("q")))
        gate.open.signal()
        #expect(finishWork(of: app) == .keepGoing, "a failed save does not quit")
        let failed = screen(app)
        #expect(failed.contains("Not Saved") && failed.contains("read-only"), "\(failed)")
        #expect(!failed.contains("quits once saved"), "the quit that waited is over")
        _ = app.handle(.key(.escape))
        let form = screen(app)
        #expect(form.contains("Edit “Ann”") && form.contains("42"), "the form is back with the edit:\n\(form)")
        #expect(contents(path) == Self.people, "nothing was written")
        #expect(app.handle(.key(.control("c"))) == .keepGoing)
        #expect(screen(app).contains("Discard changes?"), "quitting now asks before the edit is lost")
        _ = app.handle(.key(.escape))
        // Saved again, it lands.
        #expect(try keys(app, "C-s") == .keepGoing)
        #expect(contents(path).contains(#""age": 42"#))
        _ = files
    }
}

/// After a save lands, the list changes by what the save changed (a batch update of the rows
/// deleted, inserted or moved, worked out in the background), not by a whole new sort and a
/// fresh table: the rows on screen stay where they were, and the focus is carried.
@MainActor
@Suite("A save's change carried into the list: the screen stays where it was")
struct SaveChangeCarriedTests {
    /// Forty people, Name 00 to Name 39, in one section.
    private static let people = "[" + (0 ..< 40).map { #"{"name": "Name \#(String(format: "%02d", $0))", "age": \#($0)}"# }.joined(separator: ", ") + "]"

    /// The app on the forty people, scrolled down and back so that Name 20 has the focus
    /// mid-screen, a dozen rows below the top one.
    private func scrolled() throws -> (app: BrowserApp, path: String, files: TemporaryFiles) {
        let files = TemporaryFiles()
        let path = files.write(Self.people)
        let app = try headlessApp(["--data", path])
        try keys(app, String(repeating: "j ", count: 30) + String(repeating: "k ", count: 10))
        #expect(view(app).top == "Name 12", "set-up: the list scrolled")
        return (app, path, files)
    }

    /// The first record row on screen, and the focused record's name.
    private func view(_ app: BrowserApp) -> (top: String, focused: String) {
        let top = text(app).first { $0.contains("Name ") }.map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) } ?? "none"
        let focused = app.list.state.focusedRow.flatMap(app.list.dataSourceOfRecords.recordIndex(at:)).map { app.list.records.store.title(at: $0) } ?? "none"
        return (top, focused)
    }

    @Test("a record deleted from its form: the top row stays, the focus goes to the record after it")
    func deleteKeepsTheScreen() throws {
        let (app, _, files) = try scrolled()
        #expect(view(app).focused == "Name 20")
        try keys(app, "e C-d d")
        #expect(view(app).top == "Name 12", "the rows above stayed: \(view(app))")
        #expect(view(app).focused == "Name 21", "the focus went to the next record")
        _ = files
    }

    @Test("a record added: the top row stays, the focus is on the new record")
    func addKeepsTheScreen() throws {
        let (app, _, files) = try scrolled()
        try keys(app, "+ N a m e Space 1 5 x Tab 5 C-s")
        #expect(view(app).focused == "Name 15x", "\(view(app))")
        #expect(view(app).top == "Name 12", "the rows above stayed: \(view(app))")
        _ = files
    }

    @Test("an edit that moves its record: the focus follows it; the others keep their rows")
    func editFollowsTheRecord() throws {
        let (app, _, files) = try scrolled()
        try keys(app, "e C-e Backspace Backspace 1 2 x C-s")
        #expect(view(app).focused == "Name 12x", "\(view(app))")
        #expect(view(app).top == "Name 12", "the rows above stayed: \(view(app))")
        _ = files
    }
}

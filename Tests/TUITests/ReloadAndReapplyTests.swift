import Foundation
import Testing
import TableKit
@testable import TUI

/// A save refused because another writer changed the records first offers Reload and
/// Re-apply: the records are read again, the form's edits are made over the record as it is
/// now, and the next Save writes both writers' changes.
@MainActor
@Suite("Reload and Re-apply after another writer's save")
struct ReloadAndReapplyTests {
    /// The title and message of the alert in front, whole (the screen wraps them).
    private func alert(_ app: BrowserApp) -> String {
        guard let alert = (app.root.modals.last as? AlertController)?.alert else { return "no alert" }
        return (alert.title ?? "") + "\n" + (alert.message ?? "") + "\n" + alert.actions.map(\.title).joined(separator: " | ")
    }

    /// Ann's age typed as 42, the file written by "another program" meanwhile, and Save.
    private func refusedEdit(theirs: String) throws -> (app: BrowserApp, path: String, files: TemporaryFiles) {
        let files = TemporaryFiles()
        let path = files.write(#"[{"name": "Ann", "age": 41}, {"name": "Bo", "age": 7}]"#)
        let app = try headlessApp(["--data", path])
        try keys(app, "e Tab C-u 4 2")
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        try keys(app, "C-s")
        let refusal = alert(app)
        #expect(refusal.contains("Not Saved") && refusal.contains("changed on disk"), "\(refusal)")
        #expect(refusal.contains("Reload and Re-apply"), "\(refusal)")
        #expect(contents(path) == theirs)
        return (app, path, files)
    }

    @Test("their change to the record and its new place are kept, and the edit is made over them")
    func theirChangesAndMineAreBothSaved() throws {
        let theirs = #"[{"name": "Cy", "age": 1}, {"name": "Ann", "age": 41, "city": "Oslo"}, {"name": "Bo", "age": 7}]"#
        let (app, path, files) = try refusedEdit(theirs: theirs)
        try keys(app, "r")
        let reloaded = alert(app)
        #expect(reloaded.contains("Reloaded") && reloaded.contains("Your changes to age are made over them"), "\(reloaded)")
        #expect(!reloaded.contains("too: the form holds yours"), "no field was changed by both")
        #expect(contents(path) == theirs, "nothing is saved before Save")
        try keys(app, "Enter")
        #expect(screen(app).contains("42"), "the form still holds the edit:\n\(screen(app))")
        try keys(app, "C-s")
        #expect(contents(path) == #"[{"name": "Cy", "age": 1}, {"name": "Ann", "age": 42, "city": "Oslo"}, {"name": "Bo", "age": 7}]"#, "\(contents(path))")
        #expect(screen(app).contains("Cy"), "the list shows their record too:\n\(screen(app))")
        _ = files
    }

    @Test("a field both changed is named with their value and Save writes the form's; a record they removed is added again, as edited",
          arguments: [
              (#"[{"name": "Ann", "age": 50}, {"name": "Bo", "age": 8}]"#, "changed age (to 50) too: the form holds yours",
               #"[{"name": "Ann", "age": 42}, {"name": "Bo", "age": 8}]"#),
              (#"[{"name": "Bo", "age": 7}]"#, "no longer there: Save adds it again", #"[{"name": "Bo", "age": 7},{"name": "Ann", "age": 42}]"#),
          ])
    func theirChangeToTheSameRecord(theirs: String, said: String, saved: String) throws {
        let (app, path, files) = try refusedEdit(theirs: theirs)
        try keys(app, "r")
        #expect(alert(app).contains(said), "\(alert(app))")
        try keys(app, "Enter C-s")
        #expect(contents(path) == saved, "\(contents(path))")
        _ = files
    }

    @Test("OK keeps the form and the edit; a second Save is refused again, nothing written")
    func okKeepsTheEdit() throws {
        let theirs = #"[{"name": "Ann", "age": 41}, {"name": "Bo", "age": 9}]"#
        let (app, path, files) = try refusedEdit(theirs: theirs)
        try keys(app, "Esc")
        #expect(screen(app).contains("42"))
        try keys(app, "C-s")
        #expect(alert(app).contains("Not Saved"))
        #expect(contents(path) == theirs)
        _ = files
    }

    @Test("Books: two instances editing one book — the second's Reload and Re-apply keeps the first's change and adds its own")
    func booksFromTwoInstances() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let changes = files.directory.appendingPathComponent("table-browser/book-changes.json").path
        let first = try headlessApp([], environment: environment), second = try headlessApp([], environment: environment)
        let title = first.list.records.store.title(at: Int(first.list.records.order.order[0]))
        // The first instance changes the title; the second, the author.
        try keys(first, "e C-e")
        type(first, " (first)")
        try keys(first, "C-s")
        try keys(second, "e Tab C-u")
        type(second, "Someone Else")
        try keys(second, "C-s")
        #expect(alert(second).contains("Not Saved") && alert(second).contains("with a change to “\(title)”"), "\(alert(second))")
        try keys(second, "r")
        #expect(alert(second).contains("Your changes to Author are made over them"), "\(alert(second))")
        try keys(second, "Enter C-s")
        let written = contents(changes)
        #expect(written.contains("\"title\": \"\(title) (first)\"") && written.contains("Someone Else"), "\(written)")
    }

    @Test("a deletion refused because the file changed offers Reload; read again, the record can be deleted")
    func aRefusedDeletionReloads() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"name": "Ann", "age": 41}, {"name": "Bo", "age": 7}]"#)
        let app = try headlessApp(["--data", path])
        try keys(app, "e")
        let theirs = #"[{"name": "Ann", "age": 41}, {"name": "Bo", "age": 8}]"#
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        try keys(app, "C-d d")
        #expect(alert(app).contains("Not Deleted") && alert(app).contains("Reload"), "\(alert(app))")
        #expect(contents(path) == theirs)
        try keys(app, "r")
        #expect(alert(app).contains("Reloaded"), "\(alert(app))")
        try keys(app, "Enter C-d d")
        #expect(contents(path) == #"[{"name": "Bo", "age": 8}]"#, "\(contents(path))")
    }
}

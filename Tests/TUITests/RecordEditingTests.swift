import Foundation
import Testing
import TableKit
@testable import TUI

/// Editing records in the app: the book form (+, [✎], Edit, Delete) with its changes kept
/// beside the bundled books, and forms inferred from the records of a `--data` file.
@MainActor
@Suite("Editing records: book forms, forms inferred from a file's records, Save As")
struct RecordEditingTests {
    // MARK: Inference

    @Test("traits are inferred from a record's values")
    func inference() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"n": 3, "d": 2.5, "neg": -1, "s": "x", "m": "a@b.org", "u": "https://x.org/p", "b": true, "z": null, "o": {"k": 1}, "a": [1], "n": 9}]"#)
        let members = try JSONRecordStore.load(path: path).members(at: 0)
        let specs = RecordForm.inferredSpecs(from: members, locale: Locale(identifier: "en_US_POSIX"))
        #expect(specs.map(\.field.key) == ["n", "d", "neg", "s", "m", "u", "b", "z", "o", "a"], "one field per key, the first of duplicates")
        #expect(specs.map(\.field.traits.keyboardType) == [.numberPad, .decimalPad, .numberPad, .default, .emailAddress, .URL, .default, .default, .default, .default])
        #expect(specs.map(\.field.traits.allowsNegativeNumbers) == [false, false, true, false, false, false, false, false, false, false])
        #expect(specs.map(\.field.kind) == [.text, .text, .text, .text, .text, .text, .toggle, .text, .readOnly, .readOnly])
        #expect(RecordForm.values(of: members, specs: specs)["z"] == .null, "null is an empty field")
        #expect(RecordForm.values(of: members, specs: specs)["o"] == .text(#"{"k":1}"#))
    }

    @Test("ISBN-10 and ISBN-13 check digits")
    func isbn() {
        #expect(RecordForm.isbnProblem("0-306-40615-2") == nil)
        #expect(RecordForm.isbnProblem("080442957X") == nil)
        #expect(RecordForm.isbnProblem("978-0-306-40615-7") == nil)
        #expect(RecordForm.isbnProblem("9780306406158") == "has a wrong check digit")
        #expect(RecordForm.isbnProblem("0306406153") == "has a wrong check digit")
        #expect(RecordForm.isbnProblem("12345") == "must be 10 digits (the last may be X) or 13 digits")
        #expect(RecordForm.isbnProblem("X306406152") == "must be 10 digits (the last may be X) or 13 digits")
    }

    // MARK: --data files

    @Test("e on a row edits its record in the file; only what changed is rewritten")
    func editARecordOfAFile() throws {
        let files = TemporaryFiles()
        let path = files.write("[\n  {\"name\": \"Ann\", \"age\": 41, \"score\": 1.50, \"ok\": true},\n  {\"name\": \"Bob\", \"age\": 7, \"score\": 2.0, \"ok\": false}\n]\n")
        let app = try headlessApp(["--data", path])
        try keys(app, "e")
        #expect(screen(app).contains("Edit “Ann”"))
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(screen(app).contains("Ctrl-S saves to") && screen(app).contains(name) && !screen(app).contains("Saved"),
                "before a save, the form says where it will save, not that it did")
        try keys(app, "Tab C-u 4 2 Tab Tab Space C-s")
        #expect(contents(path) == "[\n  {\"name\": \"Ann\", \"age\": 42, \"score\": 1.50, \"ok\": false},\n  {\"name\": \"Bob\", \"age\": 7, \"score\": 2.0, \"ok\": false}\n]\n")
        #expect(!screen(app).contains("Edit “Ann”"), "saved, the form went back to the list")
    }

    @Test("a number emptied asks before it becomes null")
    func typeChangeAsks() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"name": "Ann", "age": 41}]"#)
        let app = try headlessApp(["--data", path])
        try keys(app, "e Tab C-u C-s")
        #expect(screen(app).contains("Save age as null?"))
        try keys(app, "Esc")
        #expect(contents(path) == #"[{"name": "Ann", "age": 41}]"#, "Keep Editing saves nothing")
        #expect(screen(app).contains("Edit “Ann”"), "and the edit is still in the form")
        try keys(app, "C-s Enter")
        #expect(contents(path) == #"[{"name": "Ann", "age": null}]"#, "\(screen(app))")
    }

    @Test("+ adds a record with the keys of the focused one")
    func addARecord() throws {
        let files = TemporaryFiles()
        let path = files.write("[\n  {\"name\": \"Ann\", \"age\": 41, \"tags\": [\"x\"]}\n]\n")
        let app = try headlessApp(["--data", path])
        try keys(app, "+")
        #expect(screen(app).contains("Add Record"))
        type(app, "Cy")
        try keys(app, "Tab 3 C-s")
        #expect(contents(path) == "[\n  {\"name\": \"Ann\", \"age\": 41, \"tags\": [\"x\"]},\n  {\"name\": \"Cy\", \"age\": 3, \"tags\": []}\n]\n")
        #expect(screen(app).contains("Cy"))
    }

    @Test("a refused save keeps the edit and offers Save As…, which writes a new file and edits it from then on")
    func saveAsAfterARefusal() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"name": "Ann", "age": 41}]"#)
        chmod(path, 0o444)
        let app = try headlessApp(["--data", path])
        try keys(app, "e Tab C-u 4 2 C-s")
        let refusal = screen(app)
        #expect(refusal.contains("Not Saved"))
        #expect(refusal.contains("is not writable"), "\(refusal)")
        #expect(contents(path) == #"[{"name": "Ann", "age": 41}]"#)
        try keys(app, "s")
        #expect(screen(app).contains("Save As"))
        // A path that exists is refused by the field's own rule.
        type(app, path)
        try keys(app, "C-s")
        #expect(screen(app).contains("already exists"), "\(screen(app))")
        let newPath = files.directory.appendingPathComponent("copy.json").path
        try keys(app, "C-u")
        type(app, newPath)
        try keys(app, "C-s")
        #expect(contents(newPath) == #"[{"name": "Ann", "age": 42}]"#)
        #expect(contents(path) == #"[{"name": "Ann", "age": 41}]"#, "the read-only file is untouched")
        let list = screen(app)
        #expect(list.contains(" copy "), "the list is the new file's:\n\(list)")
        #expect(!list.contains("Save As"), "both forms went back")
        // Later saves go to the new file.
        try keys(app, "e Tab C-u 4 3 C-s")
        #expect(contents(newPath) == #"[{"name": "Ann", "age": 43}]"#)
        // Settings › Data names the file shown now.
        let settings = app.tabs.tabs.lazy.compactMap { $0.navigation.stack.first as? SettingsScreen }.first
        let showing = settings?.facts().first { $0.title == "Data" }?.rows.first { $0.label == "Showing" }?.value
        #expect(showing == newPath)
    }

    /// Edit (E), check two records, Delete (2), and the alert: only the two go, every other
    /// byte of the file stays; Cancel keeps them, a refused save keeps them checked.
    @Test("Edit checks records and Delete (2) deletes them after asking, spliced out of the file")
    func deleteCheckedRecords() throws {
        let files = TemporaryFiles()
        let original = "[\n  {\"name\": \"Ann\"},\n  {\"name\": \"Bob\",  \"n\": 1.50},\n  {\"name\": \"Cy\"},\n  {\"name\": \"Dee\"}\n]\n"
        let path = files.write(original)
        let app = try headlessApp(["--data", path])
        try keys(app, "s")
        #expect(screen(app).contains("⊘ Hide"), "outside editing, s swipes a row aside")
        try keys(app, "Esc E s")
        #expect(screen(app).contains("○   Ann") && screen(app).contains("Done (E)"), "\(screen(app))")
        #expect(!screen(app).contains("⊘ Hide"), "in editing mode rows do not swipe")
        try keys(app, "Space j j Space")
        let checked = screen(app)
        #expect(checked.contains("2 Selected") && checked.contains("Delete 2 Records (d)") && !checked.contains(") (d)"), "\(checked)")
        #expect(checked.contains("◉   Ann") && checked.contains("◉   Cy") && checked.contains("○   Bob"))
        try keys(app, "d")
        #expect(screen(app).contains("Delete 2 Records?"))
        try keys(app, "Esc")
        #expect(contents(path) == original, "Cancel deletes nothing")
        #expect(screen(app).contains("2 Selected"), "and keeps the checks")
        try keys(app, "d Right Enter")
        #expect(contents(path) == "[\n  {\"name\": \"Bob\",  \"n\": 1.50},\n  {\"name\": \"Dee\"}\n]\n", "\(contents(path))")
        let after = screen(app)
        #expect(after.contains("Bob") && after.contains("Dee") && !after.contains("Ann") && !after.contains("Cy"))
        #expect(after.contains("Edit (E)") && !after.contains("Selected"), "editing ends with the deletion")
    }

    @Test("a refused multiple delete keeps the records, and their checks")
    func aRefusedDeleteOfCheckedRecordsKeepsThem() throws {
        let files = TemporaryFiles()
        let original = #"[{"name": "Ann"}, {"name": "Bob"}]"#
        let path = files.write(original)
        chmod(path, 0o444)
        let app = try headlessApp(["--data", path])
        try keys(app, "E Space d")
        #expect(screen(app).contains("Delete 1 Record?") && screen(app).contains("“Ann” is deleted"), "\(screen(app))")
        try keys(app, "Right Enter")
        #expect(screen(app).contains("Not Deleted") && screen(app).contains("is not writable"), "\(screen(app))")
        try keys(app, "Enter")
        #expect(contents(path) == original)
        #expect(screen(app).contains("1 Selected") && screen(app).contains("◉   Ann"), "\(screen(app))")
    }

    // MARK: Books

    @Test("Add Book, edit it from its detail, delete it: the bundled file is never written, the changes file is")
    func bookChangesLiveBesideTheBundledBooks() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let changes = files.directory.appendingPathComponent("table-browser/book-changes.json").path
        let app = try headlessApp([], environment: environment)
        try keys(app, "+")
        #expect(screen(app).contains("Add Book"))
        type(app, "zzz new book")
        try keys(app, "Tab")
        type(app, "ann lee")
        try keys(app, "Tab 1 2 0 0 Tab Tab")
        type(app, "0306406153")
        try keys(app, "C-s")
        let refused = screen(app)
        #expect(refused.contains("Year must be from 1450 to"), "\(refused)")
        #expect(refused.contains("ISBN has a wrong check digit"), "\(refused)")
        try keys(app, "C-u 1 9 9 9 Tab Tab C-u")
        type(app, "0306406152")
        try keys(app, "C-s")
        #expect(contents(changes).contains("""
            "record": {
                "title": "Zzz New Book",
                "author": "Ann Lee",
                "year": 1999,
                "isbn": "0306406152",
                "description": ""
              }}
            """), "\(contents(changes))")
        // A second start finds it.
        let again = try headlessApp([], environment: environment)
        try keys(again, "/")
        type(again, "zzz new")
        try keys(again, "Enter Enter")
        #expect(screen(again).contains("Ann Lee"), "\(screen(again))")
        try keys(again, "e Tab C-u")
        type(again, "Bo Ray")
        try keys(again, "C-s")
        #expect(screen(again).contains("Bo Ray"), "the detail shows the record as saved:\n\(screen(again))")
        try keys(again, "e C-d")
        #expect(screen(again).contains("Delete Book?"))
        try keys(again, "d")
        #expect(!screen(again).contains("Bo Ray"), "the detail went back too:\n\(screen(again))")
        #expect(contents(changes) == "[]\n")
    }

    @Test("in Books' editing mode + adds a book, and deleting checked books speaks of books, not of the file their changes are kept in")
    func booksEditingModeAddsAndDeletesInWordsOfBooks() throws {
        let files = TemporaryFiles()
        let app = try headlessApp([], environment: ["XDG_DATA_HOME": files.directory.path])
        let count = app.list.records.count
        try keys(app, "E Space")
        #expect(app.list.isEditing)
        try keys(app, "+")
        #expect(screen(app).contains("Add Book"), "+ opens the add form in editing mode: \(screen(app))")
        type(app, "zzz added while editing")
        try keys(app, "Tab")
        type(app, "ann lee")
        try keys(app, "C-s")
        _ = finishWork(of: app)
        #expect(app.list.records.count == count + 1, "\(screen(app))")
        #expect(app.list.isEditing, "still in editing mode, back on the list")
        try keys(app, "g")
        if !app.list.indexPathsForSelectedRows.isEmpty { try keys(app, "d") } else { try keys(app, "Space d") }
        let question = screen(app)
        #expect(question.contains("Delete 1 Book?"), "\(question)")
        #expect(question.contains("is deleted from the") && question.contains("books at once; the other books stay as they"), "\(question)")
        #expect(!question.contains("book-changes") && !question.contains(".json"), "\(question)")
    }

    @Test("in editing mode Books end with ⊕ Add Book… and a --data list with ⊕ Add Record…: it opens the add form, and is never checked")
    func editingModeEndsWithAnAddRow() throws {
        let files = TemporaryFiles()
        let app = try headlessApp([], environment: ["XDG_DATA_HOME": files.directory.path])
        #expect(!screen(app).contains("Add Book…"))
        try keys(app, "E G")
        #expect(screen(app).contains("⊕ Add Book…"), "\(screen(app))")
        try keys(app, "Space")
        #expect(app.list.numberOfSelectedItems == 0, "the ⊕ row is not checked")
        try keys(app, "+")
        #expect(screen(app).contains("Add Book"), "\(screen(app))")
        try keys(app, "Esc")
        #expect(app.list.isEditing && screen(app).contains("⊕ Add Book…"), "back on the list, still editing")
        try keys(app, "E")
        #expect(!screen(app).contains("Add Book…"), "the ⊕ row goes with editing mode")

        let data = try headlessApp(json: #"[{"name": "Ann"}, {"name": "Bob"}]"#)
        try keys(data, "E G")
        #expect(screen(data).contains("⊕ Add Record…"), "\(screen(data))")
        try keys(data, "+")
        #expect(screen(data).contains("Add Record"), "\(screen(data))")
    }

    @Test("editing a bundled book keeps the edit by its bundled title and author; deleting one hides it")
    func bundledBookEditAndDelete() throws {
        let files = TemporaryFiles()
        let environment = ["XDG_DATA_HOME": files.directory.path]
        let changes = files.directory.appendingPathComponent("table-browser/book-changes.json").path
        let app = try headlessApp([], environment: environment)
        let first = app.list.records.store.title(at: Int(app.list.records.order.order[0]))
        try keys(app, "e C-e")
        type(app, " (annotated)")
        try keys(app, "C-s")
        let written = contents(changes)
        #expect(written.contains(#"{"change": "edit", "title": "\#(first)""#), "\(written)")
        #expect(written.contains("\"title\": \"\(first) (annotated)\""), "\(written)")
        let again = try headlessApp([], environment: environment)
        #expect(screen(again).contains("\(first) (annotated)"))
        let count = again.list.records.count
        try keys(again, "e C-d d")
        #expect(contents(changes).contains(#"{"change": "delete", "title": "\#(first)""#))
        let third = try headlessApp([], environment: environment)
        #expect(!screen(third).contains(first), "\(screen(third))")
        #expect(third.list.records.count == count - 1)
    }

    @Test("an unreadable changes file is never saved over: the books show as bundled and saves are refused")
    func unreadableChangesFile() throws {
        let files = TemporaryFiles()
        let folder = files.directory.appendingPathComponent("table-browser")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let changes = folder.appendingPathComponent("book-changes.json").path
        try Data("[{\"change\": \"edit\"".utf8).write(to: URL(fileURLWithPath: changes))
        let app = try headlessApp([], environment: ["XDG_DATA_HOME": files.directory.path])
        #expect(screen(app).contains("Your changes to the books in"))
        try keys(app, "Enter e C-e x C-s")
        #expect(screen(app).contains("Not Saved"), "\(screen(app))")
        #expect(contents(changes) == "[{\"change\": \"edit\"")
    }
}

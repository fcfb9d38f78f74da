import Foundation
import Testing
import TableKit
@testable import TUI

/// A record with a key written twice (issue 41): `JSON.parse` and `json.loads` read the last
/// one, so the form shows and edits the last, says the key is duplicated, and a save leaves
/// the earlier ones byte for byte.
@MainActor
@Suite("Duplicate keys: the form edits the last, which other readers read")
struct DuplicateKeysTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The file.
        let file: String
        /// Keys that edit the first record's form and save it.
        let script: String
        /// The file after the save.
        let saved: String
        /// What Python reads of the first record's key, after the save.
        let pythonReads: String
        var testDescription: String { file }
    }

    nonisolated static let cases = [
        // Two: the number's last value is the form's, and the edit goes there.
        Case(file: #"[{"name": "a", "n": 1, "n": 2}]"#, script: "e Tab C-u 7 C-s",
             saved: #"[{"name": "a", "n": 1, "n": 7}]"#, pythonReads: #"{"name": "a", "n": 7}"#),
        // Three, in text, with another key between them.
        Case(file: #"[{"name": "a", "s": "x", "k": true, "s": "y", "s": "z"}]"#, script: "e Tab C-u q C-s",
             saved: #"[{"name": "a", "s": "x", "k": true, "s": "y", "s": "q"}]"#, pythonReads: #"{"name": "a", "s": "q", "k": true}"#),
        // A key edited that is not duplicated leaves the duplicated ones alone.
        Case(file: "[{\"name\": \"a\", \"n\": 1,\n  \"n\": 2, \"m\": 3}]", script: "e Tab Tab C-u 4 C-s",
             saved: "[{\"name\": \"a\", \"n\": 1,\n  \"n\": 2, \"m\": 4}]", pythonReads: #"{"name": "a", "n": 2, "m": 4}"#),
    ]

    /// What `python3`'s `json.load` reads of the first record of `path`, as compact JSON.
    private func pythonReads(_ path: String) throws -> String {
        let result = try TmuxSession.run("/usr/bin/env", ["python3", "-c",
            "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))[0]))", path])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: cases)
    func anEditOfADuplicatedKeyIsWhatPythonReads(_ example: Case) throws {
        let files = TemporaryFiles()
        let path = files.write(example.file)
        try keys(try headlessApp(["--data", path]), example.script)
        #expect(contents(path) == example.saved, "the last occurrence edited, the others byte for byte")
        #expect(try pythonReads(path) == example.pythonReads)
    }

    @Test func theFormShowsTheLastValueAndSaysTheKeyIsDuplicated() throws {
        let files = TemporaryFiles()
        let app = try headlessApp(["--data", files.write(#"[{"name": "a", "n": 111, "n": 222, "n": 333}]"#)])
        try keys(app, "e")
        let screen = text(app).joined(separator: "\n")
        #expect(screen.contains("333") && !screen.contains("111"), "the last value: \(screen)")
        #expect(screen.contains("“n” appears 3 times in this record"), "\(screen)")
        let plain = try headlessApp(["--data", files.write(#"[{"name": "a", "n": 1}]"#)])
        try keys(plain, "e")
        #expect(!text(plain).joined(separator: "\n").contains("appears"), "no note where no key is duplicated")
    }
}

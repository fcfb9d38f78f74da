import Foundation
import Testing
@testable import TUI

/// `--data -`: records piped in, as `jq … | table-browser --data -` would.
@MainActor
@Suite("Standard input: --data - reads the records from a pipe")
struct StandardInputTests {
    private func snapshot(stdin text: String, _ arguments: [String]) throws -> TmuxSession.ProcessResult {
        let files = TemporaryFiles()
        let input = files.write(text, named: "piped.json")
        return try TmuxSession.run(try TableBrowserBinary.url().path, ["snapshot", "--size", "60x8", "--data", "-"] + arguments,
                                   environment: TableBrowserBinary.environment, standardInput: input)
    }

    @Test func recordsFromAPipeAreListedAsStdinAndCannotBeEditedOrReloaded() throws {
        let result = try snapshot(stdin: #"[{"name": "Ada", "born": 1815}, {"name": "Grace", "born": 1906}]"#, [])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.components(separatedBy: "\n")
        #expect(lines[0].contains("stdin") && !lines[0].contains("⟳") && !lines[0].contains("+ (+)"), "no reload, no Add: \(lines[0])")
        #expect(lines.contains { $0.hasPrefix(" Ada") && !$0.contains("[✎]") })
    }

    @Test func aPointerFindsTheRecordsInAPipeToo() throws {
        let result = try snapshot(stdin: #"{"meta": 1, "people": [{"name": "Ada"}]}"#, ["--path", "/people"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Records at /people"))
    }

    @Test func badInputInAPipeSaysWhereAsAFileDoes() throws {
        let result = try snapshot(stdin: "[{\"name\": 1\n", [])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("table-browser: stdin:2:1: error:"), "\(result.standardError)")
        let empty = try snapshot(stdin: "", [])
        #expect(empty.status == 65 && empty.standardError.contains("stdin:1:1"))
    }

    @Test("a list read from <(cmd) is titled pipe, not after its descriptor's number; a file keeps its name")
    func aDescriptorsPathIsTitledPipe() {
        #expect(DataOptions.title(forDataPath: "/dev/fd/63") == "pipe")
        #expect(DataOptions.title(forDataPath: "/proc/self/fd/12") == "pipe")
        #expect(DataOptions.title(forDataPath: "/proc/4242/fd/3") == "pipe")
        #expect(DataOptions.title(forDataPath: "/tmp/fd/63") == "63", "a folder named fd elsewhere holds files")
        #expect(DataOptions.title(forDataPath: "/home/ann/books.json") == "books")
        #expect(DataOptions.title(forDataPath: "/dev/fd/notes.json") == "notes", "a name that is no number is a file's")
    }
}

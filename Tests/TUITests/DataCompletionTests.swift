import Foundation
import Testing
@testable import TUI

/// `--data <Tab>` completes to a file in bash and fish, by running each shell's completion
/// of the scripts the app generates, in a folder holding a JSON file, a JSON Lines file and
/// a text file: every one of them is offered (any file may hold JSON). zsh's script is
/// checked to complete files there (its completion cannot be run outside a prompt here).
@Suite("Shell completion of --data offers files")
struct DataCompletionTests {
    /// A folder with `books.json`, `notes.jsonl` and `readme.txt`, and the completion script
    /// for `shell` written into it.
    private func folder(script shell: String) throws -> (folder: URL, script: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-completion-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["books.json", "notes.jsonl", "readme.txt"] {
            try Data("[]".utf8).write(to: folder.appendingPathComponent(name))
        }
        let generated = try TmuxSession.run(try TableBrowserBinary.url().path, ["--generate-completion-script", shell], environment: TableBrowserBinary.environment)
        #expect(generated.status == 0, "\(generated.standardError)")
        let script = folder.appendingPathComponent("completion.\(shell)").path
        try Data(generated.standardOutput.utf8).write(to: URL(fileURLWithPath: script))
        return (folder, script)
    }

    private static let offered: Set<String> = ["books.json", "notes.jsonl", "readme.txt"]

    @Test("bash: the completion function offers the folder's files after --data")
    func bash() throws {
        let (folder, script) = try folder(script: "bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = "table-browser --data "
        let run = try TmuxSession.run("/bin/bash", ["--norc", "-c", """
            cd \(TmuxSession.shellQuoted(folder.path)) && source \(TmuxSession.shellQuoted(script)) || exit 2
            COMP_WORDS=(table-browser --data ""); COMP_CWORD=2; COMP_LINE='\(line)'; COMP_POINT=\(line.count)
            _table-browser table-browser "" --data
            printf '%s\\n' "${COMPREPLY[@]}"
            """], environment: TableBrowserBinary.environment)
        let words = Set(run.standardOutput.split(separator: "\n").map(String.init)).subtracting(["completion.bash"])
        #expect(words == Self.offered, "\(run.standardOutput) \(run.standardError)")
    }

    @Test("fish: complete -C offers the folder's files after --data")
    func fish() throws {
        let (folder, script) = try folder(script: "fish")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try TmuxSession.run("/usr/bin/fish", ["--no-config", "-c",
            "cd \(TmuxSession.shellQuoted(folder.path)); and source \(TmuxSession.shellQuoted(script)); and complete -C 'table-browser --data '"],
            environment: TableBrowserBinary.environment)
        let words = Set(run.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }).subtracting(["completion.fish"])
        #expect(words == Self.offered, "\(run.standardOutput) \(run.standardError)")
    }

    @Test("zsh: --data's value completes with _files")
    func zsh() throws {
        let (folder, script) = try folder(script: "zsh")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let data = text.split(separator: "\n").filter { $0.contains("'--data[") }
        #expect(!data.isEmpty && data.allSatisfy { $0.hasSuffix(":FILE.json:_files'") }, "\(data)")
    }
}

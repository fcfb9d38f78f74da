import Foundation
import Testing
@testable import TUI

/// The README cannot drift from what is there: every flag `--help` names, every folder of
/// TableKit and of the app, every example and every bundled file appear in it.
@Suite("README: every flag, folder, example and bundled file is named")
struct ReadmeDriftTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func readme() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The architecture block: the fenced block after "## Architecture".
    private func architecture() throws -> String {
        let text = try readme()
        let section = try #require(text.range(of: "## Architecture")).upperBound
        let blocks = text[section...].components(separatedBy: "```")
        return blocks.count > 1 ? blocks[1] : ""
    }

    private func entries(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyFlagOfHelpIsInTheReadme() throws {
        let help = TableBrowser.helpMessage(columns: 200) + "\n" + TableBrowser.helpMessage(for: SnapshotCommand.self, columns: 200)
        let flags = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) }).subtracting(["--help", "--version", "--generate-completion-script"])
        #expect(flags.count >= 10, "\(flags)")
        let text = try readme()
        for flag in flags.sorted() {
            #expect(text.contains(flag), "--help names \(flag); the README does not")
        }
    }

    @Test func everyFolderOfTableKitAndTheAppIsInTheArchitecture() throws {
        let block = try architecture()
        for folder in try entries(of: "Sources/TableKit") {
            #expect(block.contains("  \(folder) "), "Sources/TableKit/\(folder) is not in the architecture")
        }
        for folder in try entries(of: "Sources/TUI") where !folder.hasSuffix(".swift") {
            #expect(block.contains(folder), "Sources/TUI/\(folder) is not in the architecture")
        }
    }

    @Test func everyExampleAndEveryBundledFileIsNamed() throws {
        let block = try architecture()
        for example in try entries(of: "Examples") {
            // FruitList is the product fruit-list.
            let product = example.replacing(/([a-z])([A-Z])/) { "\($0.output.1)-\($0.output.2)" }.lowercased()
            #expect(block.contains(product), "the example \(product) is not named")
        }
        for file in try entries(of: "Resources") where !file.hasSuffix(".swift") {
            #expect(block.contains(file), "Resources/\(file) is not named")
        }
    }
}

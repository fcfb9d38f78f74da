import Foundation
import Testing

/// The README's first screen is what `table-browser snapshot --size 80x24` prints, as the
/// README says: a change to the first screen must change the README too.
@Suite("README: the first screen shown is the app's")
struct ReadmeFirstScreenTests {
    @Test func theReadmesFirstScreenIsTheSnapshot() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```")
        #expect(blocks.count > 2, "README.md has a code block")
        guard blocks.count > 2 else { return }
        // The block's text after its opening fence's line break, up to the closing fence.
        var shown = blocks[1].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        shown.removeFirst()
        if shown.last == "" { shown.removeLast() }
        #expect(shown == (try TableBrowserBinary.snapshot(size: "80x24")))
    }
}

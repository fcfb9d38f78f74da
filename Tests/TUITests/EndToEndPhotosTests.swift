import Foundation
import Testing

/// The photo board in a real terminal: a photo dragged by the mouse is where it was left after
/// a quit and a new start.
@Suite("End to end in tmux: the photo board", .serialized)
struct EndToEndPhotosTests {
    /// The board's lines (below the navigation bar, above the tab bar), styles and all.
    static func board(_ session: TmuxSession) -> [String] {
        Array(session.capture(escapes: true).dropFirst().prefix(20))
    }

    @Test("drag the rainbow by the mouse, quit, start again: it lies where it was left")
    func aDraggedPhotoStaysAcrossRuns() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"])
        session.send("6")
        await session.waitUntil("the board") { $0.first?.contains("Photos") == true && $0.dropFirst().first?.contains("▀") == true }
        let before = Self.board(session)
        // The rainbow, in front at the start, lies about column 70, line 17 (0-based) of an
        // 80 × 24 terminal: the last of a grid four across and three down. Drag it up and
        // left, step by step (SGR reports are 1-based; 32 is a drag with the button down).
        session.sendLiteral("\u{1B}[<0;71;18M")
        for (x, y) in [(66, 16), (60, 14), (52, 12), (45, 10)] { session.sendLiteral("\u{1B}[<32;\(x);\(y)M") }
        session.sendLiteral("\u{1B}[<0;45;10m")
        let moved = await session.waitUntil("the rainbow moved") { _ in Self.board(session) != before }
        #expect(moved != nil, "the drag moved a photo")
        // Frames settle; read the board once it stops changing.
        var after = Self.board(session)
        for _ in 0 ..< 20 {
            try await Task.sleep(for: .milliseconds(100))
            let again = Self.board(session)
            if again == after { break }
            after = again
        }
        session.send("q")
        await session.waitUntil("the first run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }

        session.type(commandLine: "clear; \"$APP\" --no-animation; echo \"EXIT:$?\"")
        await session.waitForTheBooksList("the Books list again")
        session.send("6")
        let again = await session.waitUntil("the board as it was left") { _ in Self.board(session) == after }
        #expect(again != nil, "the board after the new start is the board before the quit")
        #expect(Self.board(session) != before, "and not the board of a first start")
        session.send("q")
        await session.expectExitStatusZero("the second run's end")
    }
}

import Foundation
import Testing

/// The state that lasts, in a real terminal: what a person sets is still there after a quit
/// and a new start in the same home.
@Suite("End to end in tmux: settings and the wishlist last", .serialized)
struct EndToEndStateTests {
    @Test("star a game, choose Monochrome and sort by author, quit, start again: all three are still there")
    func stateLastsAcrossRuns() async throws {
        let session = try await TableBrowserBinary.launchInTmux(arguments: ["--no-animation"], width: 80, height: 24)
        await session.waitUntil("the Books list") { $0.first?.contains("Books") == true && $0.last?.contains("quit") == true }
        let coloured = CapturedScreen.cells(session.capture(escapes: true)).flatMap { $0 }.contains { !$0.style.foreground.isEmpty }
        #expect(coloured, "the default theme has colours (the test can see them)")

        // Star LastStandStan (the second Action game).
        session.send("3")
        await session.waitUntil("the Games tab") { $0.contains { $0.contains("LastStandStan") } }
        session.send("j", "e")
        await session.waitUntil("the star") { $0.contains { $0.contains("LastStandStan") && $0.contains("[★]") } }
        // Theme: Monochrome (third row); Sort Books By: Author (the next section's second row).
        session.send("5")
        await session.waitUntil("Settings") { $0.contains { $0.contains("THEME") } }
        session.send("j", "j", "Enter", "j", "j", "Enter")
        await session.waitUntil("Author chosen") { $0.contains { $0.contains("Author") && $0.contains("✓") } }
        session.send("q")
        await session.waitUntil("the first run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }

        // The same home, a new start.
        session.type(commandLine: "clear; \"$APP\" --no-animation; echo \"EXIT:$?\"")
        let books = await session.waitUntil("the Books list, sorted by author") { screen in
            screen.first?.contains("Books") == true && screen.contains { $0.hasPrefix(" Flatland") }
        }
        #expect(books?.contains { $0.hasPrefix(" Edwin A. Abbott") } == true, "Abbott comes first by last name")
        let cells = CapturedScreen.cells(session.capture(escapes: true)).flatMap { $0 }
        #expect(!cells.contains { !$0.style.foreground.isEmpty || !$0.style.background.isEmpty }, "Monochrome: no colour anywhere")
        session.send("3")
        await session.waitUntil("the starred game") { screen in
            screen.contains { $0.contains("LastStandStan") && $0.contains("[★]") } && screen.first?.contains("Wishlist: 1") == true
        }
        session.send("5")
        let settings = await session.waitUntil("Settings") { $0.contains { $0.contains("THEME") } }
        #expect(settings?.contains { $0.contains("Monochrome") && $0.contains("✓") } == true)
        #expect(settings?.contains { $0.contains("Author") && $0.contains("✓") } == true)
        session.send("q")
        let end = await session.waitUntil("the second run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }
        #expect(end?.contains("EXIT:0") == true)
    }
}

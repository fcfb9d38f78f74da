import Foundation
import Testing

/// The state that lasts, in a real terminal: what a person sets is still there after a quit
/// and a new start in the same home.
@Suite("End to end in tmux: settings and the wishlist last", .serialized)
struct EndToEndStateTests {
    @Test("star a game, choose Monochrome and sort by author, quit, start again: all three are still there")
    func stateLastsAcrossRuns() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"])
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
            screen.first?.contains("Title │ Author") == true && screen.contains { $0.hasPrefix(" Flatland") }
                && screen.contains { $0.hasPrefix(" Edwin A. Abbott") }
        }
        #expect(books?.contains { $0.hasPrefix(" Edwin A. Abbott") } == true, "Abbott comes first by last name")
        let cells = CapturedScreen.cells(session.capture(escapes: true)).flatMap { $0 }
        #expect(!cells.contains { !$0.style.foreground.isEmpty || !$0.style.background.isEmpty }, "Monochrome: no colour anywhere")
        session.send("3")
        await session.waitUntil("the starred game") { screen in
            screen.contains { $0.contains("LastStandStan") && $0.contains("[★]") } && screen.first?.contains("Wishlist: 1") == true
        }
        session.send("5")
        // A capture can catch curses half-way through a frame: wait for the rows that matter.
        let settings = await session.waitUntil("Settings with Monochrome and Author chosen") { screen in
            screen.contains { $0.contains("THEME") } && screen.contains { $0.contains("Monochrome") && $0.contains("✓") }
                && screen.contains { $0.contains("Author") && $0.contains("✓") }
        }
        #expect(settings?.contains { $0.contains("Monochrome") && $0.contains("✓") } == true)
        #expect(settings?.contains { $0.contains("Author") && $0.contains("✓") } == true)
        session.send("q")
        await session.expectExitStatusZero("the second run's end")
    }

    @Test("reorder the wishlist with Edit and Alt-↓, quit, start again: the same order")
    func wishlistOrderLastsAcrossRuns() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"])
        session.send("3")
        await session.waitUntil("the Games tab") { $0.contains { $0.contains("LastStandStan") } }
        // The first three games, starred in order; the wishlist lists them so.
        session.send("e", "j", "e", "j", "e", "w")
        let starred = ["Ironbloom Vanguard", "LastStandStan", "Rivetstorm Ravine"]
        await session.waitUntil("the wishlist in the stars' order") { Self.wishlist(in: $0) == starred }
        session.send("E", "M-Down")
        let moved = ["LastStandStan", "Ironbloom Vanguard", "Rivetstorm Ravine"]
        await session.waitUntil("Ironbloom moved down a place") { Self.wishlist(in: $0) == moved }
        session.send("Escape", "q")
        await session.waitUntil("the first run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }

        session.type(commandLine: "clear; \"$APP\" --no-animation; echo \"EXIT:$?\"")
        await session.waitForTheBooksList("the Books list again")
        session.send("3", "w")
        let again = await session.waitUntil("the wishlist in the order it was left") { Self.wishlist(in: $0) == moved }
        #expect(again != nil)
        session.send("q")
        await session.expectExitStatusZero("the second run's end")
    }

    /// The titles of the wishlist's rows, top to bottom (with or without check circles).
    private static func wishlist(in screen: [String]) -> [String]? {
        guard screen.first?.contains("Wishlist") == true else { return nil }
        return screen.dropFirst().compactMap { line -> String? in
            guard line.hasPrefix(" │ "), line.contains("$") else { return nil }
            let title = line.dropFirst(3).replacingOccurrences(of: "○   ", with: "").replacingOccurrences(of: "◉   ", with: "")
            return title.components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("a paste reaches a form's field as one insertion: a refused character refuses it, and q in it is a letter",
          arguments: EndToEndInputTests.terminals)
    func bracketedPasteIntoTheProfileForm(term: String) async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"], environment: ["TERM": term])
        session.send("4", "Enter")
        await session.waitUntil("the Profile form") { $0.first?.contains("Profile") == true }
        // Into Age: letters refuse the whole paste, said on the status line; digits go in.
        session.send("Tab")
        session.paste("4x2")
        await session.waitUntil("the refusal") { $0.last?.contains("Age takes digits only") == true }
        session.paste("42")
        await session.waitUntil("42 in Age") { $0.contains { $0.contains("Age") && $0.hasSuffix("42  │") } }
        // A line break in a single-line field becomes a space; q and Enter in a paste are text, not keys.
        session.send("BTab")
        session.paste("ann q\nlee")
        let form = await session.waitUntil("the pasted name") { $0.contains { $0.contains("Name") && $0.contains("ann q lee") } }
        #expect(form?.first?.contains("Profile") == true, "the paste quit or left nothing behind")
        session.send("C-c")
        await session.waitUntil("Discard changes?") { $0.contains { $0.contains("Discard changes?") } }
        session.send("C-c")
        let end = await TableBrowserBinary.waitForTheEnd(of: session)
        #expect(end?.contains("EXIT:0") == true)
        #expect(end?.contains("TTY-SAME") == true, "the terminal's modes are the shell's again")
    }
}

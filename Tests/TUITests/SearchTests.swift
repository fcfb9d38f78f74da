import Testing
import Foundation
import TableKit
import TableKitTerminal
@testable import TUI

@MainActor
@Suite("Search: / filters live, Enter keeps, Esc clears")
struct SearchTests {
    let size = Size(width: 50, height: 24)

    @Test func diacriticsAndCaseAreIgnoredBothWays() throws {
        let files = TemporaryFiles()
        let plain = try snapshot(fixtureBooks, size: size, keys: "/ E L A N", files: files)
        #expect(plain.contains(where: { $0.hasPrefix(" élan vital") }))
        #expect(!plain.contains(where: { $0.hasPrefix(" Emma") }))
        let accented = try snapshot(fixtureBooks, size: size, keys: "/ å n g s", files: files)
        #expect(accented.contains(where: { $0.hasPrefix(" Ångström Units") }))
    }

    @Test func subtitlesMatchAndSectionsStayInOrderWithTheHashSectionLast() throws {
        // "ro": Ångström, Bradford Ropes (the author of 42nd Street), B. Grower, Zebra Crossing.
        let lines = try snapshot(fixtureBooks, size: size, keys: "/ r o")
        let headers = lines.filter { $0.count >= 2 && $0.hasPrefix(" ") && $0.dropFirst().first.map { "ABEZ#".contains($0) } == true
            && ($0.dropFirst(2).first == " " || $0.count == 2) }
        #expect(headers.map { String($0.prefix(2)) } == [" A", " B", " Z", " #"])
        #expect(!lines.contains(" E"))
        #expect(lines.contains(where: { $0.hasPrefix(" 42nd Street") }))
    }

    @Test func theIndexShowsOnlyTheSectionsThatRemain() throws {
        let lines = try snapshot(fixtureBooks, size: size, keys: "/ e m m")
        let indexColumn = lines.dropFirst(2).prefix(18).compactMap { $0.count >= 50 ? String($0.suffix(1)) : nil }
        #expect(indexColumn == ["E"])
    }

    @Test func noResultsSaySo() throws {
        let lines = try snapshot(fixtureBooks, size: size, keys: "/ z z q x")
        #expect(lines.contains(where: { $0.contains("No Results") }))
        #expect(lines[lines.count - 2].hasPrefix(" 1 data (0)"), "the tab badge counts the matches")
    }

    @Test func escRestoresTheExactPreviousFocus() throws {
        let files = TemporaryFiles()
        // Styled: the plain text of "j j j" is the text of the untouched list, focus aside.
        let focused = try styledSnapshot(fixtureBooks, size: size, keys: "j j j", files: files)
        #expect(focused.contains { $0.hasPrefix("«rev| élan vital ") }, "the focus is on the fourth book:\n\(focused.joined(separator: "\n"))")
        #expect(try styledSnapshot(fixtureBooks, size: size, keys: "j j j / e m Esc", files: files) == focused)
        #expect(try styledSnapshot(fixtureBooks, size: size, keys: "j j j / e m Enter Esc", files: files) == focused)
        let before = try snapshot(fixtureBooks, size: size, keys: "j j j", files: files)
        // Enter keeps the filter and gives the rows the keyboard; a later Esc clears it.
        let kept = try snapshot(fixtureBooks, size: size, keys: "j j j / e m Enter", files: files)
        #expect(kept[1].contains("⌕ em"))
        #expect(try snapshot(fixtureBooks, size: size, keys: "j j j / e m Enter Esc", files: files) == before)
        // Opening a kept result goes to the matching record.
        let detail = try snapshot(fixtureBooks, size: size, keys: "/ e m m Enter Enter", files: files)
        #expect(detail[0].contains("Emma"))
    }

    @Test func typingQInTheFieldIsALetterNotQuit() throws {
        let lines = try snapshot(fixtureBooks, size: size, keys: "/ q")
        #expect(lines[1].contains("⌕ q"))
        #expect(lines.last?.contains("^C quit") == true)
        #expect(lines.last?.contains("? help") == false, "? is typed into the field, so the footer does not offer it")
    }

    @Test func whileTheIndexHasTheFocusDigitsJumpAndFunctionKeysSwitchTabs() throws {
        let files = TemporaryFiles()
        let index = try snapshot(fixtureBooks, size: size, keys: "Tab", files: files)
        #expect(index.last?.contains("^C quit") == true)
        #expect(index.last?.contains("? help") == false, "? jumps in the index, so the footer does not offer it")
        let digit = try snapshot(fixtureBooks, size: size, keys: "Tab 2", files: files)
        #expect(digit.suffix(3).dropLast() == index.suffix(3).dropLast(), "2 jumped in the index; the Books tab is still in front")
        #expect(digit != index, "2 moved the index to the # section")
        let function = try snapshot(fixtureBooks, size: size, keys: "Tab F2", files: files)
        #expect(function.first?.trimmingCharacters(in: .whitespaces).hasPrefix("Tweets") == true, "F2 switched to the Tweets tab:\n\(function.joined(separator: "\n"))")
    }
}

/// The search as the app runs it: filters in the background, whose results come back to the
/// list as events through the same run loop as a terminal's.
@MainActor
@Suite("Search in the background: results arrive as events")
struct BackgroundSearchTests {
    /// `keys` typed into the app over `count` generated books, through the run loop; the run
    /// ends once the keys are out and no result is still to come.
    private func run(_ keys: String, books count: Int, files: TemporaryFiles) throws -> (RecordListScreen, HeadlessTerminal) {
        let books = (0 ..< count).map { #"{"title": "Book \#($0) \#($0 % 7 == 0 ? "Emma" : "Walden")", "author": "A\#($0)"}"# }
        let list = try DataOptions.parse(["--data", files.write("[" + books.joined(separator: ",") + "]")]).loadListScreen()
        let size = Size(width: 50, height: 12)
        let app = BrowserApp(list: list, size: size, options: AppOptions(animates: false))
        let backend = HeadlessTerminal(size: size, events: try Key.parseScript(keys).map(Event.key))
        #expect(EventLoop(root: app.root, backend: backend).run() == .inputEnded)
        return (list, backend)
    }

    @Test func theResultsOfATypedQueryArriveWithoutATickAndTheWaitEnds() throws {
        let files = TemporaryFiles()
        let (list, backend) = try run("/ e m m", books: 20_000, files: files)
        let frame = try #require(backend.lastFrame).text
        #expect(list.shown.searchResult?.query == "emm", "the run waited for the result:\n\(frame)")
        #expect(list.searchController?.isPending == false, "the search controller was told the results are in")
        #expect(!list.wantsTicks)
        let rows = frame.split(separator: "\n").filter { $0.hasPrefix(" Book ") }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("Emma") }, "only the matches are shown:\n\(frame)")
        #expect(!frame.contains("Searching"), "no progress sheet is left over")
        #expect(list.state.focusedRow == IndexPath(row: 0, section: 0), "the focus is on the first result")
    }
}

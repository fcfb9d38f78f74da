import Testing
import TableKit
@testable import TUI

/// On ``fixtureBooks``, whose table order the tests name.
@MainActor
@Suite("Row actions: ⋯ opens an action sheet for the focused row")
struct RowActionsTests {
    let size = Size(width: 60, height: 24)

    @Test func theSheetNamesTheRowAndPutsHideOnTopAndCancelApart() throws {
        let lines = try snapshot(fixtureBooks, size: size, keys: "j a")
        let box = lines.drop { !$0.contains("╭") }
        let labels = box.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "│"), let close = line.lastIndex(of: "│"), open < close else { return nil }
            return line[line.index(after: open) ..< close].trimmingCharacters(in: .whitespaces)
        }
        #expect(labels == ["apple pie", "A. Baker", "Hide from List (x)", "Search for “A. Baker” (s)", "Cancel"])
        #expect(lines.last == " ↑ ↓ move  Enter choose  Esc cancel", "the footer offers the sheet's keys; the buttons show their own")
        #expect(lines[0].contains("⋯ (a)"), "the bar button that opens the sheet, with its key")
    }

    @Test func hideMovesTheFocusToTheNextRecordAndShowHiddenBringsItBack() throws {
        let files = TemporaryFiles()
        let hidden = try snapshot(fixtureBooks, size: size, keys: "j a x", files: files)
        #expect(!hidden.contains { $0.contains("apple pie") })
        #expect(hidden.contains { $0.contains("Ångström Units") })
        #expect(try fixtureBar(after: "j a x Enter", size: size, files: files).contains(" Banana Republic "), "the focus moved to the record after it")
        // The hidden record is out of Previous and Next too.
        let detail = try snapshot(fixtureBooks, size: size, keys: "j a x Enter", files: files)
        #expect(detail.contains { $0.contains("2 of 8") })
        #expect(try fixtureBar(after: "j a x Enter p", size: size, files: files).contains("Ångström Units"))
        // Show Hidden: the record is back, and the focus stays on the row it was on.
        let sheet = try snapshot(fixtureBooks, size: size, keys: "j a x j a", files: files)
        #expect(sheet.contains { $0.contains("Show 1 Hidden Record (u)") })
        let restored = try snapshot(fixtureBooks, size: size, keys: "j a x j a u", files: files)
        #expect(restored == (try snapshot(fixtureBooks, size: size, keys: "j j j", files: files)), "élan vital focused, apple pie back")
        #expect(try fixtureBar(after: "j a x j a u Enter", size: size, files: files).contains(" élan vital "))
    }

    @Test func hidingTheLastRecordOfASectionRemovesItsHeaderAndHidingTheLastRowFocusesTheNewLast() throws {
        let files = TemporaryFiles()
        let lines = try snapshot(fixtureBooks, size: size, keys: "j j a x", files: files)
        #expect(!lines.contains(" B"), "the B section had only Banana Republic")
        #expect(try fixtureBar(after: "G a x Enter", size: size, files: files).contains(" Zebra Crossing "), "42nd Street was last")
    }

    @Test func searchForTheSubtitleKeepsTheFilterAndEscGivesTheListBack() throws {
        let files = TemporaryFiles()
        let lines = try snapshot(fixtureBooks, size: size, keys: "j j a s", files: files)
        #expect(lines[1].contains("⌕ B. Grower"))
        #expect(lines.contains { $0.hasPrefix(" Banana Republic") })
        #expect(!lines.contains { $0.hasPrefix(" apple pie") })
        #expect(lines[lines.count - 2].contains("(1)"), "the Books tab counts the match")
        #expect(lines.last?.contains("Esc clear") == true, "the filter is kept, the rows have the keyboard")
        let before = try snapshot(fixtureBooks, size: size, keys: "j j", files: files)
        #expect(try snapshot(fixtureBooks, size: size, keys: "j j a s Esc", files: files) == before)
    }

    @Test func hidingDuringASearchNarrowsItAndTheBadgeFollows() throws {
        let files = TemporaryFiles()
        let search = try snapshot(fixtureBooks, size: size, keys: "/ e m Enter", files: files)
        let lines = try snapshot(fixtureBooks, size: size, keys: "/ e m Enter a x", files: files)
        let count = { (lines: [String]) in lines[lines.count - 2].split(separator: "(").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) } }
        #expect(count(lines) == (count(search) ?? 0) - 1)
        #expect(lines[1].contains("⌕ em"), "the search is kept")
        // Esc clears the search; the hidden record stays hidden.
        let cleared = try snapshot(fixtureBooks, size: size, keys: "/ e m Enter a x Esc", files: files)
        let firstMatch = try #require(search.dropFirst(2).first { $0.hasPrefix(" ") && $0.count > 3 && !$0.hasPrefix("  ") })
        #expect(!cleared.contains(firstMatch), "\(firstMatch) stays hidden after the search is cleared")
    }

    @Test func anEmptyListHasNoActions() throws {
        let lines = try snapshot("[]", size: size, keys: "a")
        #expect(!lines.contains { $0.contains("Cancel") })
    }
}

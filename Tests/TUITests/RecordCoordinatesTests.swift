import Foundation
import Testing
import TableKit
@testable import TUI

/// Where the four coordinate systems of a record (index path, result index, order position,
/// record index) differ, the list converts between them: under a search, after a hide, and
/// when a saved record moves in the order (in ``fixtureBooks``).
@MainActor
@Suite("Record coordinates: index paths, results, order and records are converted, not mixed")
struct RecordCoordinatesTests {
    let size = Size(width: 60, height: 24)

    @Test("in a search, the detail's Next shows the next match, not the next record of the whole list")
    func detailStepsThroughTheMatches() throws {
        let files = TemporaryFiles()
        // "ba" finds apple pie (A. Baker) and Banana Republic: result 1 is order position 2.
        let stepped = try fixtureBar(after: "/ b a Enter Enter n", size: size, files: files)
        #expect(stepped == (try fixtureBar(after: "/ b a Enter j Enter", size: size, files: files)))
        #expect(stepped.contains("Banana Republic"))
    }

    @Test("hiding a match moves the focus to the next match, counted among the matches")
    func hidingAMatchFocusesTheNextMatch() throws {
        let files = TemporaryFiles()
        // "o" skips apple pie, so the third match (élan vital) is at order position 3.
        let afterHide = try fixtureBar(after: "/ o Enter j j a x Enter", size: size, files: files)
        #expect(afterHide == (try fixtureBar(after: "/ o Enter j j j Enter", size: size, files: files)), "the match after élan vital")
        #expect(!afterHide.contains("élan vital"))
    }

    @Test("after a save moves a record in the order, the focus follows the record, not its place in the file")
    func aSavedRecordKeepsTheFocusWhereItMoved() throws {
        let files = TemporaryFiles()
        let list = try DataOptions.parse(["--data", files.write(fixtureBooks)]).loadListScreen(searchesSynchronously: true)
        list.layout(for: size)
        let editable = try #require(list.editable)
        // The Hobbit is record 2 of the file; renamed, it sorts after Zebra Crossing.
        let hobbit = RecordIndex(2)
        try editable.save(RecordChanges(replaced: [hobbit.rawValue: Array(#"{"title": "Zzyzx Road", "author": "J. R. R. Tolkien", "year": 1937}"#.utf8)]))
        list.recordsDidChange(focusing: hobbit)
        let focused = try #require(list.state.focusedRow)
        #expect(list.dataSourceOfRecords.recordIndex(at: focused) == hobbit)
        #expect(list.dataSourceOfRecords.position(at: focused) == OrderPosition(7))
    }
}

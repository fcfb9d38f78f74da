import Foundation
import TableKit
import Testing

@Suite("IndexPath as UIKit has it, with Foundation imported")
struct IndexPathTests {
    @Test func rowAndSectionAreFoundationsIndexPath() {
        var path = IndexPath(row: 2, section: 1)
        #expect(path.section == 1 && path.row == 2)
        #expect(path == IndexPath(indexes: [1, 2]))
        path.row += 1
        path.section = 4
        #expect(path == IndexPath(row: 3, section: 4))
        #expect(IndexPath(row: 9, section: 0) < IndexPath(row: 0, section: 1), "section first, then row")
    }

    @Test func anEmptyIndexPathReadsAsZeroInsteadOfTrapping() {
        var path = IndexPath()
        #expect(path.section == 0 && path.row == 0)
        path.row = 5
        #expect(path == IndexPath(row: 5, section: 0))
    }
}

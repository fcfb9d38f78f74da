import Foundation
import TableKit
import Testing

/// The big letter over the rows while the index is scrubbed names the section reached: a
/// title with no section of its own (`#`, `F`) falls to a section, and the letter says which.
@MainActor
@Suite("The index overlay names the section reached")
struct IndexOverlayTests {
    let size = Size(width: 30, height: 28)

    private func table() -> TableViewController {
        let fruit = ["Apple", "Apricot", "Banana", "Cherry"].map { Fruit(name: $0, colour: "") }
        let table = TableViewController(title: "Fruit", dataSource: fruitSections(fruit))
        table.layout(for: size)
        return table
    }

    /// The rows of the overlay's box: its lines that start and end with a box edge in the middle.
    private func overlay(_ table: TableViewController) -> String {
        drawnLines(of: table, size: size, glyphs: .ascii).filter { $0.contains("+") || $0.contains("|") }.joined(separator: "\n")
    }

    @Test func theLastTitleWithoutASectionShowsTheLastSection() {
        let withHash = table()
        _ = press([.tab, .end], on: withHash, size: size)
        let atHash = overlay(withHash)
        let atC = table()
        _ = press([.tab, .character("c")], on: atC, size: size)
        #expect(!atHash.isEmpty && atHash == overlay(atC), "End (#) reaches Cherry's section: the overlay is C's\n\(atHash)\n\(overlay(atC))")
        // The other side: a title with its own section shows itself.
        let atB = table()
        _ = press([.tab, .character("b")], on: atB, size: size)
        #expect(overlay(atB) != overlay(atC), "B has its section: B, not C")
        let atD = table()
        _ = press([.tab, .character("c"), .down], on: atD, size: size)
        #expect(overlay(atD) == overlay(atC), "D, with no section, falls to C's and says C")
    }

    /// Tab starts on the focused section's own letter, where that letter and the section
    /// coincide (issue 39: a mutant that started one letter early survived every test).
    @Test("Tab starts the index at the focused section's letter, both where it has its own and at the first")
    func tabStartsAtTheFocusedSectionsLetter() {
        // Focus Banana, the B section's row; Tab, then ↓: C, Cherry's section.
        let atBanana = table()
        atBanana.focusRow(at: IndexPath(row: 0, section: 1))
        _ = press([.tab, .down], on: atBanana, size: size)
        #expect(atBanana.state.focusedRow == IndexPath(row: 0, section: 2), "↓ from B reaches C, Cherry")
        let atC = table()
        _ = press([.tab, .character("c")], on: atC, size: size)
        #expect(overlay(atBanana) == overlay(atC), "the overlay names C")
        // The first section's own letter: Tab then ↓ from Apple reaches B.
        let atApple = table()
        _ = press([.tab, .down], on: atApple, size: size)
        #expect(atApple.state.focusedRow == IndexPath(row: 0, section: 1), "↓ from A reaches B, Banana")
    }
}

import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// An indexed list edited through the library alone (issue 41): ``IndexedSections`` deletes,
/// inserts and moves rows as a person edits them, tells the model each item typed, and the
/// table reads the items back without a cast.
@MainActor
@Suite("IndexedSections is editable")
struct IndexedSectionsEditingTests {
    static let size = Size(width: 24, height: 7)

    /// What the model behind the list heard.
    final class Book {
        var deleted: [String] = []
        var moved: [String] = []
    }

    private func contacts(_ book: Book, inserting: Bool = false, moving: Bool = false) -> IndexedSections<String> {
        let sections = IndexedSections(["Grace Hopper", "Ada Lovelace", "Alan Turing"], title: { $0 }) { TableViewCell(text: $0) }
        let delete: @MainActor (String) -> Void = { book.deleted.append($0) }
        let insert: @MainActor (IndexPath) -> String? = { _ in "Anita Borg" }
        let move: @MainActor (String, IndexPath, IndexPath) -> Void = { name, _, _ in book.moved.append(name) }
        return sections.editable(deleting: delete, inserting: inserting ? insert : nil, moving: moving ? move : nil)
    }

    /// A delegate whose rows insert, as UIKit's `editingStyleForRowAt`.
    final class Inserting: TableViewDelegate {
        func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .insert }
    }

    @Test func aDeletedRowLeavesTheSectionsAndTheModelHearsWhichItem() {
        let book = Book()
        let screen = TableViewController(title: "Contacts", dataSource: contacts(book))
        screen.layout(for: Self.size)
        screen.isEditing = true
        _ = press([.down, .delete, .enter], on: screen, size: Self.size)
        #expect(book.deleted == ["Alan Turing"])
        expectFrame(canvas(of: screen, size: Self.size), equals: [
            " A                     A",
            " ⊖ Ada Lovelace        •",
            " G                     K",
            " ⊖ Grace Hopper        •",
            "                       Z",
            "                       #",
            "",
        ], "Alan is gone; the focus goes on to Grace")
        // The last of a section: its header goes too.
        _ = press([.up, .delete, .enter], on: screen, size: Self.size)
        #expect(book.deleted == ["Alan Turing", "Ada Lovelace"])
        let item: String? = screen.item(at: IndexPath(row: 0, section: 0))
        #expect(item == "Grace Hopper", "read back typed, without a cast")
        #expect(lines(of: screen, size: Self.size)[0 ..< 2] == [" G                     A", " ⊖ Grace Hopper        •"])
    }

    @Test func anInsertedItemGoesWhereItsTitleSorts() {
        let book = Book()
        let delegate = Inserting()
        let screen = TableViewController(title: "Contacts", dataSource: contacts(book, inserting: true))
        screen.delegate = delegate
        screen.layout(for: Self.size)
        screen.isEditing = true
        _ = press([.character("+")], on: screen, size: Self.size)
        expectFrame(canvas(of: screen, size: Self.size), equals: [
            " A                     A",
            " ⊕ Ada Lovelace        •",
            " ⊕ Alan Turing         K",
            " ⊕ Anita Borg          •",
            " G                     Z",
            " ⊕ Grace Hopper        #",
            "",
        ], "Anita under A, after Alan")
        let items = (0 ..< 3).map { row -> String? in screen.item(at: IndexPath(row: row, section: 0)) }
        #expect(items == ["Ada Lovelace", "Alan Turing", "Anita Borg"])
    }

    @Test func aRowMovesWithinItsSectionAndNotOutOfIt() {
        let book = Book()
        let screen = TableViewController(title: "Contacts", dataSource: contacts(book, moving: true))
        screen.layout(for: Self.size)
        screen.isEditing = true
        _ = press([.altDown], on: screen, size: Self.size)
        #expect(book.moved == ["Ada Lovelace"])
        expectFrame(canvas(of: screen, size: Self.size), equals: [
            " A                     A",
            " ⊖ Alan Turing      ≡  •",
            " ⊖ Ada Lovelace     ≡  K",
            " G                     •",
            " ⊖ Grace Hopper     ≡  Z",
            "                       #",
            "",
        ], "Ada below Alan")
        // Into the next section: an item stays under its letter.
        _ = press([.altDown], on: screen, size: Self.size)
        #expect(book.moved == ["Ada Lovelace"], "no move out of A")
        let items = (0 ..< 2).map { row -> String? in screen.item(at: IndexPath(row: row, section: 0)) }
        #expect(items == ["Alan Turing", "Ada Lovelace"])
        let grace: String? = screen.item(at: IndexPath(row: 0, section: 1))
        #expect(grace == "Grace Hopper")
    }

    @Test func sectionsWithoutEditingEditNothing() {
        let sections = IndexedSections(["Grace Hopper"], title: { $0 }) { TableViewCell(text: $0) }
        #expect(!sections.canEditRow(at: IndexPath(row: 0, section: 0)) && !sections.canMoveRow(at: IndexPath(row: 0, section: 0)))
        var editable = sections.editable(deleting: { _ in })
        #expect(editable.canEditRow(at: IndexPath(row: 0, section: 0)) && !editable.canEditRow(at: IndexPath(row: 1, section: 0)))
        editable.commit(.delete, forRowAt: IndexPath(row: 0, section: 0))
        #expect(editable.items.isEmpty && editable.sections.numberOfSections == 0)
        // A move asked of the sections themselves, as the table asks it: within a section only.
        var moving = IndexedSections(["Ada", "Alan", "Grace"], title: { $0 }) { TableViewCell(text: $0) }.editable(moving: { _, _, _ in })
        moving.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(moving.items == ["Alan", "Ada", "Grace"])
        moving.moveRow(at: IndexPath(row: 0, section: 1), to: IndexPath(row: 0, section: 0))
        #expect(moving.items == ["Alan", "Ada", "Grace"], "Grace stays under G")
    }
}

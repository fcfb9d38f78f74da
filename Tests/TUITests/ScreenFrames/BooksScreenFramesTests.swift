import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Books: the list, a book, its form, help")
struct BooksScreenFramesTests {
    @Test("The Books list, the first screen") func booksList() throws {
        try expectScreen("books-list", keys: "")
    }

    @Test("A book's detail") func bookDetail() throws {
        try expectScreen("book-detail", keys: "Enter")
    }

    @Test("Edit Book, the form of a book's fields") func bookForm() throws {
        try expectScreen("book-form", keys: "e")
    }

    @Test("New Book, the same form empty") func newBookForm() throws {
        try expectScreen("new-book-form", keys: "+")
    }

    @Test("The help overlay over the Books list") func helpOverlay() throws {
        try expectScreen("books-help", keys: "?")
    }
}

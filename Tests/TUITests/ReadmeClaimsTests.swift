import Foundation
import Testing
import TableKit
@testable import TUI

/// What the README says of the reply's Send and of the title while editing is what the app
/// shows: each sentence is read from the README and checked on the screen it describes.
@MainActor
@Suite("README: Send and the editing title are as it says")
struct ReadmeClaimsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README with every run of white space one space.
    private func readme() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("Send is dimmed while the reply is only the handle or nothing, and Ctrl-S then sends nothing")
    func sendIsDimmedWhileTheReplySaysNothing() throws {
        #expect(try readme().contains("Send (Ctrl-S) dimmed while the reply says nothing but the handle it starts with, or nothing at all "
            + "(Ctrl-S then only says there is nothing to send yet)"))
        let app = try headlessApp()
        try keys(app, "2 j s r")
        let dimmed = "«bold dim fg=grey|Send (^S)»", enabled = "«bold fg=tint|Send (^S)»"
        #expect(styled(app)[0].contains(dimmed), "only the handle: \(styled(app)[0])")
        try keys(app, "C-u")
        #expect(styled(app)[0].contains(dimmed), "nothing: \(styled(app)[0])")
        type(app, "Hi")
        #expect(styled(app)[0].contains(enabled), "a word: \(styled(app)[0])")
        try keys(app, "C-u C-s")
        #expect(screen(app).contains("There is nothing to send yet."), "\(screen(app))")
        #expect(text(app)[0].contains("Reply"), "the reply stays open: nothing was sent")
    }

    @Test("the title counts the checked rows in the Wishlist and a --data list; Books keeps Title | Author")
    func theTitleCountsCheckedRowsWhereTheBarHasATitle() throws {
        #expect(try readme().contains(#"the title counts the checked rows ("2 Selected") in the Wishlist and a `--data` list (Books' bar keeps its Title \| Author control there"#))
        let books = try headlessApp()
        try keys(books, "E Space")
        #expect(text(books)[0].contains("Title │ Author") && !text(books)[0].contains("Selected"), "\(text(books)[0])")
        let list = try headlessApp(json: fixtureBooks)
        try keys(list, "E Space")
        #expect(text(list)[0].contains("1 Selected"), "\(text(list)[0])")
        let wishlist = try headlessApp()
        try keys(wishlist, "3 e j e j e w E j Space")
        #expect(text(wishlist)[0].contains("1 Selected"), "\(text(wishlist)[0])")
    }
}

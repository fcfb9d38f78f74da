import Foundation
import TableKit
import Testing

/// What the "Swipe Menus" article says the keys do with a menu open, on its own `Inbox`
/// (ArticleSnippetsTests.swift compiles the article's code): `s` again closes the menu and
/// performs nothing; the Shift-arrow that opened it, again, is the full swipe.
@MainActor
@Suite("The Swipe Menus article: a second s closes, a second Shift-arrow swipes fully")
struct SwipeMenusArticleTests {
    private static let size = Size(width: 40, height: 8)

    private static func article() throws -> String {
        let url = ArticleSnippetsTests.packageRoot.appendingPathComponent("Sources/TableKit/TableKit.docc/SwipeMenus.md")
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("`s` again closes the menu: a letter pressed twice performs nothing, not even Delete")
    func aSecondSCloses() throws {
        #expect(try Self.article().contains("`s` again closes the menu, as Esc, Backspace and the other Shift-arrow do"))
        let inbox = Inbox()
        inbox.animatesSwipeMenus = false
        let open = ArticleSnippetsTests.trimmed(snapshotLines(of: inbox, size: Self.size, keys: [.down, .character("s")]))
        #expect(inbox.isSwipeMenuOpen && open[2].contains("Delete"), "\(open)")
        let closed = ArticleSnippetsTests.trimmed(snapshotLines(of: inbox, size: Self.size, keys: [.character("s")]))
        #expect(!inbox.isSwipeMenuOpen && closed[2] == " ● Invoice", "\(closed)")
        #expect(inbox.mail.subjects == ["Lunch?", "Invoice", "Holiday photos"])
    }

    @Test("the Shift-arrow that opened the menu, again, performs the outermost button")
    func aSecondShiftArrowSwipesFully() throws {
        #expect(try Self.article().contains("The Shift-arrow that opened the menu, pressed again, carries the swipe on to the far side and performs the outermost button"))
        let inbox = Inbox()
        inbox.animatesSwipeMenus = false
        _ = snapshotLines(of: inbox, size: Self.size, keys: [.down, .shiftLeft, .shiftLeft])
        #expect(inbox.mail.subjects == ["Lunch?", "Holiday photos"], "Delete, outermost on the right")
        _ = snapshotLines(of: inbox, size: Self.size, keys: [.shiftRight, .shiftRight])
        #expect(inbox.mail.unread == ["Invoice", "Holiday photos"], "Shift-→ twice on the next row: the leading side's button, Unread")
    }
}

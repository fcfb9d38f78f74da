import Testing
import TableKit
@testable import TUI

/// Help and behaviour come from one key-binding table per layer; these tests hold them
/// together by behaviour: every key that changes what is on screen must be in the help
/// overlay, and every key in the help overlay must change something.
@MainActor
@Suite("Help lists exactly the keys the screen in front handles")
struct HelpConsistencyTests {
    /// Every key a person can press that the key-script syntax names.
    static let candidates: [Key] = {
        var keys: [Key] = (0x21...0x7E).map { .character(Character(UnicodeScalar(UInt8($0)))) }
        keys += [.space, .up, .down, .left, .right, .shiftLeft, .shiftRight, .enter, .escape, .tab, .backTab,
                 .backspace, .delete, .home, .end, .pageUp, .pageDown]
        keys += (1...12).map(Key.function)
        keys += "abdefghijklmnoprstuvwxy".map { .control($0) }
        return keys
    }()

    /// The keys a help label names: `↑ k`, `Enter → l`, `1…5 F1…F5`, `q ^C`.
    static func keys(inLabel label: String) -> [Key] {
        label.split(separator: " ").flatMap { token -> [Key] in
            let word = String(token)
            switch word {
            case "↑": return [.up]
            case "↓": return [.down]
            case "←": return [.left]
            case "→": return [.right]
            case "S-←": return [.shiftLeft]
            case "S-→": return [.shiftRight]
            default: break
            }
            if word.hasPrefix("^"), word.count == 2, let c = word.last { return [.control(Character(c.lowercased()))] }
            if let range = word.range(of: "…") {
                let first = word[..<range.lowerBound], last = word[range.upperBound...]
                if let a = Int(first), let b = Int(last) { return (a...b).map { .character(Character(String($0))) } }
                if first.hasPrefix("F"), last.hasPrefix("F"), let a = Int(first.dropFirst()), let b = Int(last.dropFirst()) {
                    return (a...b).map(Key.function)
                }
            }
            return Key(name: word).map { [$0] } ?? []
        }
    }

    private func app(_ setUp: String) throws -> BrowserApp {
        let files = TemporaryFiles()
        var books = (0..<60).map { #"{"title": "Book \#($0)", "author": "Author \#($0)"}"# }
        books += [#"{"title": "Zebra", "author": "Z"}"#, #"{"title": "Mango", "author": "M"}"#]
        let path = files.write("[" + books.joined(separator: ",") + "]")
        let app = try headlessApp(["--data", path])
        for key in try Key.parseScript(setUp) { _ = app.handle(.key(key)) }
        return app
    }

    /// Presses each candidate key on a fresh app in the state `setUp` leads to and compares.
    private func check(_ setUp: String, noVisibleEffect: Set<Key> = []) throws {
        let reference = try app(setUp)
        let listed = Set(reference.root.helpOverlay().sections.flatMap { $0.entries.flatMap { Self.keys(inLabel: $0.key) } })
        let before = reference.render(context: RenderContext())
        for key in Self.candidates {
            let pressed = try app(setUp)
            let outcome = pressed.handle(.key(key))
            let acted = outcome != .keepGoing || pressed.render(context: RenderContext()) != before
            if acted && !listed.contains(key) {
                Issue.record("after \"\(setUp)\", \(key) changes the screen but help does not list it")
            }
            if !acted && listed.contains(key) && !noVisibleEffect.contains(key) {
                Issue.record("after \"\(setUp)\", help lists \(key) but it does nothing")
            }
        }
    }

    @Test func theListInTheMiddle() throws {
        // 1 chooses the tab already in front, at its root: nothing to pop.
        try check("j j j j", noVisibleEffect: [.character("1"), .function(1)])
    }

    @Test func aRecordsDetail() throws {
        // The detail screen is tall enough for its three fields: paging has nowhere to go.
        try check("j Enter", noVisibleEffect: [.pageDown, .pageUp, .space, .end, .character("G"), .home, .character("g"),
                                               .up, .character("k"), .down, .character("j")])
    }

    @Test func theGamesTab() throws {
        // 3 again is the tab in front at its root; Space pages (the list is longer than the screen).
        try check("3 j", noVisibleEffect: [.character("3"), .function(3)])
    }

    @Test func theWishlistWithACheckedGame() throws {
        // Three starred games in editing mode, the middle one checked: Select All, Select None,
        // Remove, Alt-↑/↓ and Done all apply.
        try check("3 e j e j e w E j Space")
    }

    @Test func theKeyboardListInEditingMode() throws {
        // ⊖ and ≡ on a keyboard in the middle: Delete, Alt-↑/↓ and Done apply.
        try check("5 G k k k k k k Enter E j j")
    }

    @Test func settingsOnARadioRow() throws {
        // Enter and Space choose the row already chosen; 5 is the tab in front.
        try check("5", noVisibleEffect: [.character("5"), .function(5), .enter, .space, .right, .character("l"),
                                         .up, .character("k"), .home, .character("g"), .pageUp])
    }

    @Test func theSectionIndex() throws {
        // In the index every letter and digit jumps; help says so in one line ("A–Z #").
        let app = try app("Tab")
        let labels = app.root.helpOverlay().sections.flatMap { $0.entries.map(\.key) }
        #expect(labels.contains("A–Z #"))
        #expect(labels.contains("Enter Tab Esc ←"))
    }

    @Test func theHelpParserReadsEveryLabel() {
        #expect(Self.keys(inLabel: "↑ k") == [.up, .character("k")])
        #expect(Self.keys(inLabel: "1…3 F1…F2") == [.character("1"), .character("2"), .character("3"), .function(1), .function(2)])
        #expect(Self.keys(inLabel: "q ^C") == [.character("q"), .control("c")])
    }
}

import Testing
@testable import TableKit

@Suite("Key bindings: one table for the handler, help and the footer")
struct KeyBindingTests {
    private let bindings = [
        KeyBinding([.left], -1, label: "←", help: "move", footer: "move", footerLabel: "← →"),
        KeyBinding([.right], 1, label: "→", help: "move"),
        KeyBinding([.enter, .space], 0, label: "Enter Space", help: "choose", footer: "choose"),
        KeyBinding([.tab], 1, label: "Tab", help: "move"),
    ]

    @Test func bindingsInARowThatSayTheSameShareOneHelpLine() {
        #expect(bindings.helpHints() == [KeyHint("← →", "move"), KeyHint("Enter Space", "choose"), KeyHint("Tab", "move")],
                "Tab says the same as ← →, but not beside them: a line of its own")
    }

    @Test func theFooterNamesAPairWhereTheBindingSaysSoElseTheFirstKey() {
        #expect(bindings.footerHints() == [KeyHint("← →", "move"), KeyHint("Enter", "choose")])
    }

    @Test func theHandlerReadsTheSameTable() {
        #expect(bindings.action(for: .left) == -1 && bindings.action(for: .right) == 1 && bindings.action(for: .space) == 0)
        #expect(bindings.action(for: .escape) == nil)
    }
}

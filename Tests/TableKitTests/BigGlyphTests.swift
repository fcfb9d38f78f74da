import Testing
@testable import TableKit

@Suite("Big glyphs")
struct BigGlyphTests {
    private static let supported = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#•.?")

    @Test(arguments: supported + Array("aézßøÆ１ＺÅ@€😀東\u{7}") + ["e\u{301}"])
    func everyGlyphIsFiveRowsOfEqualWidth(character: Character) {
        for block in ["█", "#", "██", ""] {
            let rows = BigGlyph.rows(for: character, block: block)
            #expect(rows.count == BigGlyph.height)
            let widths = Set(rows.map(\.displayWidth))
            #expect(widths.count == 1, "\(character) with \(block): \(rows)")
            #expect(widths.first == 5 * max(1, block.displayWidth))
        }
    }

    @Test func letterAAndHashLookLikeThemselves() {
        #expect(BigGlyph.rows(for: "A", block: "█") == [
            " ███ ",
            "█   █",
            "█████",
            "█   █",
            "█   █",
        ])
        #expect(BigGlyph.rows(for: "#", block: "#") == [
            " # # ",
            "#####",
            " # # ",
            "#####",
            " # # ",
        ])
    }

    @Test func everySupportedGlyphIsDistinctAndLit() {
        let glyphs = Self.supported.filter { $0 != "." }.map { BigGlyph.rows(for: $0, block: "█") }
        #expect(Set(glyphs).count == glyphs.count)
        for rows in glyphs { #expect(rows.joined().contains("█")) }
    }

    @Test func foldedCharactersUseTheirBaseGlyph() {
        let e = BigGlyph.rows(for: "E", block: "█")
        #expect(BigGlyph.rows(for: "e", block: "█") == e)
        #expect(BigGlyph.rows(for: "é", block: "█") == e)
        #expect(BigGlyph.rows(for: "É", block: "█") == e)
        #expect(BigGlyph.rows(for: "e\u{301}", block: "█") == e)
        #expect(BigGlyph.rows(for: "ß", block: "█") == BigGlyph.rows(for: "S", block: "█"))
        #expect(BigGlyph.rows(for: "ø", block: "█") == BigGlyph.rows(for: "O", block: "█"))
        #expect(BigGlyph.rows(for: "Æ", block: "█") == BigGlyph.rows(for: "A", block: "█"))
        #expect(BigGlyph.rows(for: "１", block: "█") == BigGlyph.rows(for: "1", block: "█"))
        #expect(BigGlyph.rows(for: ".", block: "█") == BigGlyph.rows(for: "•", block: "█"))
    }

    @Test func otherCharactersAreFramed() {
        #expect(BigGlyph.rows(for: "@", block: "█") == [
            "█████",
            "█   █",
            "█ @ █",
            "█   █",
            "█████",
        ])
        #expect(BigGlyph.rows(for: "東", block: "█")[2] == "█東 █")
        #expect(BigGlyph.rows(for: "\u{7}", block: "#")[2] == "# ? #")
        #expect(BigGlyph.rows(for: "Ж", block: "██")[2] == "██  Ж   ██")
    }
}

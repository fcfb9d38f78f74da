import Testing
@testable import TableKit

@Suite("Toolbar")
struct ToolbarTests {
    private let edit = BarButtonItem(system: .edit, id: "edit", key: .character("e"))
    private let add = BarButtonItem(system: .add, id: "add", key: .character("a"))
    private let done = BarButtonItem(system: .done, id: "done", key: .enter)
    private let reply = BarButtonItem(id: "reply", title: "Reply", key: .character("r"))
    private let share = BarButtonItem(id: "share", title: "Share", key: .character("s"))
    private let delete = BarButtonItem(id: "delete", title: "Delete", key: .character("d"))

    private func canvas(_ items: [BarButtonItem], width: Int, glyphs: Glyphs = .unicode) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: 1))
        Toolbar(items: items).render(into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
        return canvas
    }

    private func draw(_ items: [BarButtonItem], width: Int, glyphs: Glyphs = .unicode) -> String {
        canvas(items, width: width, glyphs: glyphs).lines[0]
    }

    @Test func flexibleSpacePushesButtonsApart() {
        #expect(draw([edit, .flexibleSpace, add], width: 30) == "Edit (e)                 + (a)")
        #expect(draw([.flexibleSpace, delete, .flexibleSpace], width: 21) == "     Delete (d)      ")
    }

    @Test func flexibleSpacesShareTheFreeWidthEqually() {
        let items: [BarButtonItem] = [.flexibleSpace, reply, .flexibleSpace, share, .flexibleSpace]
        // Buttons keep a column between them; the spaces share the rest.
        #expect(draw(items, width: 31) == "    Reply (r)     Share (s)    ")
        // The remainder of an uneven split goes to the rightmost spaces, one column each.
        #expect(draw(items, width: 30) == "   Reply (r)     Share (s)    ")
        #expect(draw(items, width: 32) == "    Reply (r)     Share (s)     ")
        // With no room to share, the gap stays.
        #expect(draw(items, width: 19) == "Reply (r) Share (s)")
    }

    @Test func fixedSpaceTakesItsColumnsAndButtonsKeepAGap() {
        #expect(draw([.fixedSpace(2), edit, .fixedSpace(3), done], width: 30) == "  Edit (e)   Done (Enter)     ")
        #expect(draw([edit, add], width: 16) == "Edit (e) + (a)  ")
        #expect(draw([edit, .fixedSpace(0), add], width: 16) == "Edit (e)+ (a)   ")
    }

    @Test func stylesFollowTheItem() {
        let disabled = BarButtonItem(id: "trash", title: "Trash", key: .character("t"), isEnabled: false)
        let c = canvas([edit, done, disabled], width: 40)
        #expect(c.lines[0] == "Edit (e) Done (Enter) Trash (t)         ")
        #expect(c[0, 0].style == Theme.tint)
        #expect(c[9, 0].style == Theme.tint.adding(.bold))
        #expect(c[22, 0].style.attributes.contains(.dim))
        #expect(c[22, 0].style.foreground != .tint)
    }

    @Test func clicksMapToTheDrawnButtons() {
        let toolbar = Toolbar(items: [edit, .flexibleSpace, add])
        #expect((0..<8).allSatisfy { toolbar.itemID(atColumn: $0, width: 30) == "edit" })
        #expect((8..<25).allSatisfy { toolbar.itemID(atColumn: $0, width: 30) == nil })
        #expect((25..<30).allSatisfy { toolbar.itemID(atColumn: $0, width: 30) == "add" })
        #expect(toolbar.itemID(atColumn: 30, width: 30) == nil)
        #expect(toolbar.itemID(atColumn: -1, width: 30) == nil)
        // Every drawn (non-blank) column of the line maps to a button, for several widths.
        for width in [14, 20, 30, 50] {
            let line = Array(draw(toolbar.items, width: width))
            for (x, character) in line.enumerated() where character != " " {
                #expect(toolbar.itemID(atColumn: x, width: width) != nil, "width \(width) column \(x)")
            }
        }
    }

    @Test func hotkeysTriggerEnabledButtons() {
        let disabled = BarButtonItem(id: "trash", title: "Trash", key: .character("t"), isEnabled: false)
        let toolbar = Toolbar(items: [edit, .flexibleSpace, disabled, add])
        #expect(toolbar.itemID(for: .character("e")) == "edit")
        #expect(toolbar.itemID(for: .character("a")) == "add")
        #expect(toolbar.itemID(for: .character("t")) == nil)
        #expect(toolbar.itemID(for: .character("x")) == nil)
        #expect(Toolbar(items: [.flexibleSpace]).itemID(for: .character(" ")) == nil)
    }

    @Test func disabledButtonsIgnoreClicks() {
        let disabled = BarButtonItem(id: "trash", title: "Trash", key: .character("t"), isEnabled: false)
        let toolbar = Toolbar(items: [disabled, .flexibleSpace, add])
        #expect(draw(toolbar.items, width: 20) == "Trash (t)      + (a)")
        #expect(toolbar.itemID(atColumn: 0, width: 20) == nil)
        #expect(toolbar.itemID(atColumn: 15, width: 20) == "add")
    }

    @Test func trailingButtonsAreLeftOutWhenTheyDoNotFit() {
        let items: [BarButtonItem] = [edit, .flexibleSpace, share, delete]
        #expect(draw(items, width: 29) == "Edit (e) Share (s) Delete (d)")
        #expect(draw(items, width: 28) == "Edit (e)           Share (s)")
        #expect(draw(items, width: 20) == "Edit (e)   Share (s)")
        #expect(draw(items, width: 12) == "Edit (e)    ")
        #expect(draw(items, width: 5) == "     ")
        // A left-out button cannot be clicked, but its hotkey still works.
        let toolbar = Toolbar(items: items)
        #expect(toolbar.itemID(atColumn: 19, width: 20) == "share")
        #expect((0..<12).allSatisfy { toolbar.itemID(atColumn: $0, width: 12) != "share" && toolbar.itemID(atColumn: $0, width: 12) != "delete" })
        #expect(toolbar.itemID(for: .character("d")) == "delete")
    }

    @Test func neverDrawsOutsideItsArea() {
        var canvas = Canvas(size: Size(width: 14, height: 3))
        canvas.fill(canvas.bounds, with: "x", style: .plain)
        Toolbar(items: [edit, .flexibleSpace, share, delete]).render(into: &canvas, area: Rect(x: 2, y: 1, width: 10, height: 1), context: RenderContext())
        #expect(canvas.lines == [
            "xxxxxxxxxxxxxx",
            "xxEdit (e)  xx",
            "xxxxxxxxxxxxxx",
        ])
    }

    @Test func asciiTitles() {
        let refresh = BarButtonItem(system: .refresh, id: "refresh", key: .character("r"))
        #expect(draw([.flexibleSpace, refresh], width: 16, glyphs: .ascii) == "     Refresh (r)")
        #expect(Toolbar(items: [.flexibleSpace, refresh]).itemID(atColumn: 5, width: 16, glyphs: .ascii) == "refresh")
        #expect(draw([.flexibleSpace, refresh], width: 16) == "           ⟳ (r)")
    }

    @Test func tinyWidthsAndHugeSpacesNeverCrash() {
        for width in 0...3 {
            var canvas = Canvas(size: Size(width: width, height: width == 0 ? 0 : 1))
            Toolbar(items: [edit, .flexibleSpace, .fixedSpace(5), add]).render(into: &canvas, area: canvas.bounds, context: RenderContext())
            _ = Toolbar(items: [edit]).itemID(atColumn: 0, width: width)
        }
        #expect(draw([.fixedSpace(Int.max), edit, .fixedSpace(Int.max)], width: 10) == "          ")
        #expect(draw([], width: 4) == "    ")
    }
}

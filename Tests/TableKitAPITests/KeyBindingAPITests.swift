import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// What a counter's keys do.
private enum Count: Sendable {
    case add(Int)
    case reset
}

/// A screen of an app's own whose keys are one table of bindings: its handling, its help and
/// its footer all read the table, as the app's photo board does. A Shift-click counts ten.
@MainActor
private final class CounterScreen: Screen {
    static let keyBindings: [KeyBinding<Count>] = [
        KeyBinding([.up, .character("k")], .add(1), label: "↑ k", help: "count up", footer: "count"),
        KeyBinding([.down, .character("j")], .add(-1), label: "↓ j", help: "count down", footer: "count"),
        KeyBinding([.left], .add(-10), label: "←", help: "by ten"),
        KeyBinding([.right], .add(10), label: "→", help: "by ten"),
        KeyBinding([.character("0")], .reset, label: "0", help: "back to zero", footer: "reset"),
    ]

    var count = 0
    let title = "Counter"

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        canvas.draw(" \(count)", at: area.origin, style: .plain, clip: area)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        switch event {
        case .key(let key):
            switch Self.keyBindings.action(for: key) {
            case .add(let step): count += step
            case .reset: count = 0
            case nil: return .ignored
            }
        case .mouse(let mouse) where mouse.kind == .press:
            count += mouse.modifiers.contains(.shift) ? 10 : 1
        default:
            return .ignored
        }
        return .handled
    }

    var keyHelp: [KeyHint] { Self.keyBindings.helpHints() }
    var keyHints: [KeyHint] { Self.keyBindings.footerHints() }
}

/// A playlist whose rows play: Enter says "play", `p` plays too, and Space, which pages a
/// table, is left for the app (it would pause).
@MainActor
private final class Playlist: TableViewController {
    /// The rows played, as the delegate heard them (held here: the screen holds its delegate weakly).
    let played = SelectionRecorder()

    init() {
        super.init(title: "Songs", dataSource: StaticTableDataSource(cells: (1...8).map { TableViewCell(text: "Song \($0)") }))
        delegate = played
    }

    override var rowKeyBindings: [KeyBinding<TableViewAction>] {
        TableView.rowKeyBindings.map { binding in
            var binding = binding.removing(.space, named: "Space")
            if binding.action == .select {
                binding.keys.append(.character("p"))
                binding.label += " p"
                binding.help = "play the song"
                binding.footerHelp = "play"
            }
            if binding.action == .toggleIndexFocus { binding.footerHelp = nil }
            return binding
        }
    }
}

/// The screens below are drawn at this size.
private let screenSize = Size(width: 40, height: 8)

@MainActor
@Suite("Key bindings: one table for a screen's keys, its help and its footer; a table's keys edited")
struct KeyBindingAPITests {
    @Test func aScreensKeysItsHelpAndItsFooterAreReadFromOneTable() {
        let counter = CounterScreen()
        let root = RootController(content: NavigationController(root: counter), size: screenSize)
        for key: Key in [.character("k"), .up, .right, .character("j")] { _ = root.handle(.key(key)) }
        #expect(counter.count == 11)
        _ = root.handle(.key(.character("0")))
        #expect(counter.count == 0)
        expectFrame(root.render(context: RenderContext()), equals: [
            "                Counter",
            " 0",
            "",
            "",
            "",
            "",
            "",
            " ↑ ↓ count  0 reset  ? help  q quit",
        ], "↑ and ↓ share their short help in the footer")
        let tall = RootController(content: NavigationController(root: counter), size: Size(width: 40, height: 12))
        _ = tall.handle(.key(.character("?")))
        #expect(tall.modals.count == 1, "? presents help")
        expectFrame(tall.render(context: RenderContext()), equals: [
            "╭─ Keys ───────────────────────────────╮",
            "│ Counter                              │",
            "│ ↑ k    count up                      │",
            "│ ↓ j    count down                    │",
            "│ ← →    by ten                        │",
            "│ 0      back to zero                  │",
            "│                                      │",
            "│ Everywhere                           │",
            "│ ?      this help                     │",
            "│ Esc close  ↑↓ scroll                 │",
            "╰──────────────────────────────────────╯",
            " Esc close",
        ], "← and → share their long help")
    }

    @Test func aClickReachesTheScreenWithTheKeysHeld() {
        let counter = CounterScreen()
        let root = RootController(content: NavigationController(root: counter), size: screenSize)
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 2))))
        _ = root.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 2), modifiers: .shift)))
        #expect(counter.count == 11, "a click, then a Shift-click")
    }

    @Test func aTablesKeysEditedAsValuesChangeWhatTheKeysDoAndWhatHelpSays() {
        let playlist = Playlist()
        let root = RootController(content: NavigationController(root: playlist), size: screenSize)
        _ = root.handle(.key(.space))
        #expect(playlist.state.focusedRow == IndexPath(row: 0, section: 0), "Space no longer pages")
        _ = root.handle(.key(.character("j")))
        _ = root.handle(.key(.character("p")))
        #expect(playlist.played.selected == [IndexPath(row: 1, section: 0)])
        expectFrame(root.render(context: RenderContext()), equals: [
            "                 Songs",
            " Song 1",
            " Song 2",
            " Song 3",
            " Song 4",
            " Song 5",
            " Song 6",
            " ↓ move  Enter play  ? help  q quit",
        ], "Enter plays; the index has no footer hint")
        #expect(playlist.keyHelp.contains(KeyHint("Enter → l p", "play the song")), "\(playlist.keyHelp)")
        #expect(playlist.keyHelp.contains(KeyHint("PgDn", "page down")), "\(playlist.keyHelp)")
    }
}

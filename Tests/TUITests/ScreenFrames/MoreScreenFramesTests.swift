import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: More, where the bar has no room for every tab (40 columns only)")
struct MoreScreenFramesTests {
    @Test("More, the tabs the bar has no room for") func more() throws {
        try expectScreen(keys: "5", wide: nil, narrow: [
            "                  More          Edit (E)",
            " Settings                             ›",
            " Photos                               ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "───────────────────────────────────▲────",
            " 1 Boo…  2 Twe…  3 Gam…  4 For…  5 More",
            " ↓ move  Enter open  ? help  q quit",
        ])
    }

    @Test("More › Edit, the order of the tabs") func moreEdit() throws {
        try expectScreen(keys: "5 E", wide: nil, narrow: [
            "‹ More         Configure        Done (D)",
            " Books                     In the bar ≡",
            " Tweets                    In the bar ≡",
            " Games                     In the bar ≡",
            " Forms                     In the bar ≡",
            " Settings                  Under More ≡",
            " Photos                    Under More ≡",
            " Where the terminal is too narrow for",
            " every tab, the first four show in the",
            "───────────────────────────────────▲────",
            " 1 Boo…  2 Twe…  3 Gam…  4 For…  5 More",
            " ↓ move  A-↑↓ move  Esc done  q quit",
        ])
    }
}

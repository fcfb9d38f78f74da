import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: More, where the bar has no room for every tab (40 columns only)")
struct MoreScreenFramesTests {
    @Test("More, the tabs the bar has no room for") func more() throws {
        try expectScreen("more", keys: "5", sizes: [narrowScreen])
    }

    @Test("More › Edit, the order of the tabs") func moreEdit() throws {
        try expectScreen("more-edit", keys: "5 E", sizes: [narrowScreen])
    }
}

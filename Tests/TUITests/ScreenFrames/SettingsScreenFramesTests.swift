import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Settings (under More at 40 columns), Keyboards, a tab turned off")
struct SettingsScreenFramesTests {
    @Test("Settings") func settings() throws {
        try expectScreen("settings", keys: "5", narrowKeys: "5 Enter")
    }

    @Test("Settings › Keyboards") func keyboards() throws {
        try expectScreen("settings-keyboards", keys: "5 End k k k k k k Enter", narrowKeys: "5 Enter End k k k k k k Enter")
    }

    @Test("Settings › Keyboards › Add New Keyboard") func addKeyboard() throws {
        try expectScreen("settings-add-keyboard", keys: "5 End k k k k k k Enter End Enter", narrowKeys: "5 Enter End k k k k k k Enter End Enter")
    }

    @Test("A tab turned off in Settings says so") func turnedOffTab() throws {
        try expectScreen("settings-turned-off-tab", keys: "5 j j j j j j j j j j j j j j j j j j Space 1", narrowKeys: "5 Enter j j j j j j j j j j j j j j j j j j Space 1")
    }
}

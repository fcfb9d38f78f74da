import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Forms: the list and its two forms")
struct FormsScreenFramesTests {
    @Test("The Forms tab") func formsList() throws {
        try expectScreen("forms-list", keys: "4")
    }

    @Test("The Profile form") func profileForm() throws {
        try expectScreen("profile-form", keys: "4 Enter")
    }

    @Test("The Keyboard Types form") func keyboardTypesForm() throws {
        try expectScreen("keyboard-types-form", keys: "4 j Enter")
    }
}

import Testing
import TableKit
@testable import TUI

/// Whole frames of the app's screens at 80×24 and 40×12 (issue 39): what a person sees,
/// written out in `Frames/<frame>-<size>.txt`, so that a change anywhere on the screen shows in a test.
@MainActor
@Suite("Screens, whole: Photos (under More at 40 columns): the board and a photo's facts")
struct PhotosScreenFramesTests {
    @Test("The photo board") func photoBoard() throws {
        try expectScreen("photo-board", keys: "6", narrowKeys: "5 j Enter")
    }

    @Test("A photo's facts") func photoFacts() throws {
        try expectScreen("photo-facts", keys: "6 Enter", narrowKeys: "5 j Enter Enter")
    }
}

import Foundation
import Testing
import TableKit
@testable import TUI

/// The Forms tab through the headless app: the Profile form, its validation, and the question
/// asked before edits are lost, on every way out.
@MainActor
@Suite("Forms: the Profile form, validation on save, and Discard changes? on every exit")
struct FormsTests {
    private func app(settings: AppSettings = AppSettings(store: nil)) throws -> BrowserApp {
        try headlessApp(json: fixtureBooks, options: AppOptions(searchesSynchronously: true, animates: false, settings: settings))
    }

    private func asksToDiscard(_ app: BrowserApp) -> Bool { text(app).contains { $0.contains("Discard changes?") } }

    @Test func typingFillsTheFocusedFieldAndARefusedKeySaysWhyOnTheStatusLine() throws {
        let app = try app()
        try keys(app, "4 Enter a n n Space l e e Tab 4 x")
        let lines = text(app)
        #expect(lines[3].hasPrefix(" │ Name               Ann Lee"), "words are capitalised as typed")
        #expect(lines[4].hasSuffix("4  │"), "Age is right-aligned")
        #expect(lines.last == " Age takes digits only")
        try keys(app, "2")
        #expect(text(app).last?.contains("save") == true, "the next edit clears the message")
        // q, ? and digits are text here. Past Birthday, a date row, to Homepage.
        try keys(app, "Tab Tab")
        _ = app.handle(.paste("https://exa mple.org/q?x"))
        #expect(text(app).last == " Homepage takes no spaces", "one refused character refuses the paste")
    }

    @Test func aClickOnTheClearButtonEmptiesItsField() throws {
        let app = try app()
        try keys(app, "4 Enter Tab Tab Tab h t t p s : / / x . o r g")
        let lines = text(app)
        let row = try #require(lines.firstIndex { $0.contains("Homepage") })
        let column = try #require(lines[row].firstIndex(of: "×").map { lines[row].distance(from: lines[row].startIndex, to: $0) })
        #expect(lines[row].contains("https://x.org"))
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: column, y: row))))
        _ = app.handle(.mouse(MouseEvent(.release, at: Point(x: column, y: row))))
        let cleared = text(app)
        #expect(!cleared[row].contains("https://x.org"), "\(cleared.joined(separator: "\n"))")
        #expect(cleared[row].contains("Homepage"))
    }

    @Test func saveWithInvalidFieldsSaysWhyUnderThemAndSavesNothing() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "4 Enter Tab 2 0 0 Tab Tab e x a m p l e . c o m C-s")
        let lines = text(app)
        #expect(lines.contains(" │ Name is required                                                           │"))
        #expect(lines.contains(" │ Age must be from 0 to 150                                                  │"))
        #expect(lines.contains { $0.contains("Homepage must be a web address") })
        #expect(lines.last == " 3 fields need attention: nothing was saved")
        #expect(settings.state.profile == nil)
        // The focus went to the first invalid field: typing fills Name.
        try keys(app, "A n n Tab BS BS Tab Tab C-a h t t p s : / / C-s")
        #expect(text(app)[0].contains("Forms"), "saved and popped:\n\(text(app).joined(separator: "\n"))")
        #expect(settings.state.profile?["name"] == "Ann" && settings.state.profile?["age"] == "2")
        #expect(settings.state.profile?["homepage"] == "https://example.com")
        #expect(text(app)[3].contains("Ann"), "the Forms list shows the saved name")
    }

    @Test func thePasswordIsBulletsAndNeverStored() throws {
        let settings = AppSettings(store: nil)
        let app = try app(settings: settings)
        try keys(app, "4 Enter A n n Tab Tab Tab Tab s e c r e t")
        #expect(text(app)[7].contains("•••••"))
        try keys(app, "C-s")
        #expect(settings.state.profile?["name"] == "Ann")
        #expect(settings.state.profile?["password"] == nil)
    }

    @Test func escAndTheBackButtonAskBeforeEditsAreLost() throws {
        let app = try app()
        try keys(app, "4 Enter Esc")
        #expect(text(app)[0].contains("Forms") && !text(app)[0].contains("Profile"), "no edits: Esc leaves at once")
        try keys(app, "Enter a Esc")
        #expect(asksToDiscard(app))
        try keys(app, "Enter")
        #expect(!asksToDiscard(app) && text(app)[3].contains("A"), "Keep Editing is the default and keeps the text")
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: 2, y: 0))))
        #expect(asksToDiscard(app), "a click on the back button asks too")
        try keys(app, "Right Enter")
        #expect(text(app)[3].contains("Profile"), "Discard pops")
    }

    @Test func aTabSwitchAsksAndDiscardingPopsTheForm() throws {
        let app = try app()
        try keys(app, "4 Enter a F1")
        #expect(asksToDiscard(app))
        try keys(app, "Esc")
        #expect(text(app)[0].contains("Profile"), "Keep Editing stays")
        // A click on the Books tab asks too.
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 22))))
        #expect(asksToDiscard(app))
        try keys(app, "Right Enter")
        #expect(text(app)[0].contains("⟳ (r)"), "Discard switches to the records tab")
        try keys(app, "4")
        #expect(text(app)[3].contains("Profile"), "and the form is gone from its tab")
    }

    @Test func quittingAsksFirstQIsALetterAndASecondCtrlCQuits() throws {
        let app = try app()
        try keys(app, "4 Enter q")
        #expect(text(app)[3].contains("Q"), "q types a letter in a field")
        #expect(try keys(app, "C-c") == .keepGoing)
        #expect(asksToDiscard(app))
        #expect(try keys(app, "C-c") == .quit, "a second Ctrl-C quits anyway")
        let again = try self.app()
        try keys(again, "4 Enter q C-c")
        #expect(try keys(again, "Right Enter") == .quit, "Discard quits")
    }
}

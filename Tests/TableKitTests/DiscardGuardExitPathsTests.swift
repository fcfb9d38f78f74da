import Testing
@testable import TableKit

/// A screen holding edits that are not saved (until `hasUnsavedChanges` says otherwise); it
/// ignores every key but `p`, which pushes a plain screen, so q and the tab keys reach the
/// shell.
@MainActor
private final class EditedScreen: Screen {
    let title: String
    var hasUnsavedChanges: Bool

    init(_ title: String, hasUnsavedChanges: Bool = true) {
        self.title = title
        self.hasUnsavedChanges = hasUnsavedChanges
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        canvas.draw("[\(title)]", at: area.origin, style: .plain, clip: area)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        event == .key(.character("p")) ? .push(EditedScreen(title + "+", hasUnsavedChanges: false)) : .ignored
    }
}

/// The "Discard changes?" guard on the exit paths the shell owns: q (the quit key, when the
/// screen in front does not take it), and any screen of a stack holding edits, not only the
/// one in front.
@MainActor
@Suite("Discard changes? on quitting, whatever screen is in front")
struct DiscardGuardExitPathsTests {
    private func root(edited: Bool) -> (RootController, EditedScreen) {
        let form = EditedScreen("Form", hasUnsavedChanges: edited)
        let tabs = TabBarController(tabs: [.init(item: TabBarItem(title: "Form"), root: form),
                                           .init(item: TabBarItem(title: "Other"), root: EditedScreen("Other", hasUnsavedChanges: false))])
        return (RootController(content: tabs, size: Size(width: 40, height: 12)), form)
    }

    private func asksToDiscard(_ root: RootController) -> Bool {
        root.render(context: RenderContext()).lines.contains { $0.contains("Discard changes?") }
    }

    @Test("q with no unsaved edits quits at once")
    func quitWithoutEdits() {
        let (root, _) = root(edited: false)
        #expect(root.handle(.key(.character("q"))) == .quit)
    }

    @Test("q with unsaved edits asks first; Keep Editing stays, Discard quits")
    func quitAsksFirst() {
        let (root, _) = root(edited: true)
        #expect(root.handle(.key(.character("q"))) == .keepGoing)
        #expect(asksToDiscard(root))
        #expect(root.handle(.key(.enter)) == .keepGoing, "Keep Editing is the default")
        #expect(!asksToDiscard(root))
        #expect(root.handle(.key(.character("q"))) == .keepGoing)
        _ = root.handle(.key(.right))
        #expect(root.handle(.key(.enter)) == .quit, "Discard quits")
    }

    @Test("edits in a screen under another one (a Save As form over the edited form) still ask before quitting")
    func editsUnderThePushedScreenAsk() {
        let (root, _) = root(edited: true)
        _ = root.handle(.key(.character("p")))
        #expect(root.render(context: RenderContext()).lines[1].hasPrefix("[Form+]"), "the plain screen is in front")
        #expect(root.handle(.key(.character("q"))) == .keepGoing)
        #expect(asksToDiscard(root))
    }

    @Test("switching tabs from a stack with edits under its top screen asks too")
    func tabSwitchWithEditsUnderTheTop() {
        let (root, _) = root(edited: true)
        _ = root.handle(.key(.character("p")))
        _ = root.handle(.key(.character("2")))
        #expect(asksToDiscard(root))
    }
}

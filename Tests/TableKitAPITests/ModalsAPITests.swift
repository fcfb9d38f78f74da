import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// A banner along the bottom that goes by itself after three ticks, or at once with Enter: a
/// modal of an app's own, as a custom presented view controller is in UIKit.
@MainActor
private final class Banner: Modal {
    private let text: String
    private var ticksLeft = 3
    private let dismissed: @MainActor () -> Void

    init(_ text: String, dismissed: @escaping @MainActor () -> Void) {
        self.text = text
        self.dismissed = dismissed
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let line = area.bottomLines(1)
        canvas.fill(line, style: Style(attributes: [.reverse]))
        canvas.draw(" " + text, at: line.origin, style: Style(attributes: [.reverse]), clip: line)
    }

    func handle(_ event: Event, area: Rect) -> ModalResponse {
        switch event {
        case .tick:
            ticksLeft -= 1
            return ticksLeft == 0 ? .dismiss(then: dismissed) : .handled
        case .key(.enter):
            return .dismiss(then: dismissed)
        default:
            return .handled
        }
    }

    var keyHints: [KeyHint] { [KeyHint("Enter", "dismiss")] }

    var wantsTicks: Bool { ticksLeft > 0 }
}

@MainActor
@Suite("Modals: an app's own modal, and an alert whose content changes while it is up")
struct ModalsAPITests {
    static let size = Size(width: 40, height: 8)

    static func inbox() -> RootController {
        let list = TableViewController(title: "Inbox", dataSource: StaticTableDataSource(cells: ["Ada", "Grace", "Linus"].map { TableViewCell(text: $0) }))
        return RootController(content: NavigationController(root: list), size: size)
    }

    static let list = [
        "                 Inbox",
        " Ada",
        " Grace",
        " Linus",
        "",
        "",
        "",
        " ↓ move  ? help  q quit",
    ]

    @Test func anAppsOwnModalDrawsOverTheScreenTakesTheKeysAndTicksAndGoesByItself() {
        let root = Self.inbox()
        var dismissals = 0
        root.present(Banner("Message sent") { dismissals += 1 })
        var banner = Self.list
        banner[6] = " Message sent"
        banner[7] = " Enter dismiss"
        expectFrame(root.render(context: RenderContext()), equals: banner, "over the list's last line, its keys in the footer")
        #expect(root.wantsTicks)
        _ = root.handle(.key(.character("j")))
        expectFrame(root.render(context: RenderContext()), equals: banner, "j is the banner's, which swallows it")
        _ = root.handle(.tick)
        _ = root.handle(.tick)
        #expect(root.modals.count == 1 && dismissals == 0)
        _ = root.handle(.tick)
        #expect(root.modals.isEmpty && dismissals == 1 && !root.wantsTicks, "gone after its third tick, and told so")
        expectFrame(root.render(context: RenderContext()), equals: Self.list)
        root.present(Banner("Saved") { dismissals += 1 })
        _ = root.handle(.key(.enter))
        #expect(root.modals.isEmpty && dismissals == 2, "Enter takes it down at once")
    }

    /// Where the alerts below are drawn and pressed.
    static let alertArea = Rect(x: 0, y: 0, width: 32, height: 12)

    /// `controller`'s alert drawn over ``alertArea``.
    static func drawn(_ controller: AlertController) -> Canvas {
        var canvas = Canvas(size: alertArea.size)
        controller.render(into: &canvas, area: alertArea, context: RenderContext())
        return canvas
    }

    /// "Copy 3 files?" with Cancel, Skip and Copy; Copy preferred.
    static func copyAlert(skipped: @escaping @MainActor () -> Void = {}) -> Alert {
        var alert = Alert(title: "Copy 3 files?", message: "They go to Backups.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        var skip = AlertAction(title: "Skip", handler: skipped)
        skip.key = .character("s")
        alert.addAction(skip)
        alert.addAction(AlertAction(title: "Copy"))
        alert.preferredActionIndex = 2
        return alert
    }

    @Test func thePreferredActionIsBoldAndFocusedFirstSoEnterChoosesIt() {
        var chosen: [String] = []
        let controller = AlertController(alert: Self.copyAlert()) { chosen.append($0.title) }
        expectFrame(Self.drawn(controller), equals: [
            "«dim|                                »",
            "«dim|                                »",
            "«dim|    »╭──────────────────────╮«dim|    »",
            "«dim|    »│    «bold|Copy 3 files?»     │«dim|    »",
            "«dim|    »│ They go to Backups.  │«dim|    »",
            "«dim|    »├──────────────────────┤«dim|    »",
            "«dim|    »│«fg=tint|       Skip (s)       »│«dim|    »",
            "«dim|    »│«rev bold fg=tint|         Copy         »│«dim|    »",
            "«dim|    »│«fg=tint|        Cancel        »│«dim|    »",
            "«dim|    »╰──────────────────────╯«dim|    »",
            "«dim|                                »",
            "«dim|                                »",
        ], styled: true, "Copy bold in Cancel's stead, and focused")
        if case .dismiss(let completion) = controller.handle(.key(.enter), area: Self.alertArea) { _ = completion?() }
        #expect(chosen == ["Copy"])
    }

    @Test func theAlertChangedWhileItIsUpIsDrawnAsItIsNow() {
        let controller = AlertController(alert: Self.copyAlert())
        controller.alert.title = "Copying…"
        controller.alert.message = "2 of 3 copied."
        expectFrame(Self.drawn(controller), equals: [
            "",
            "",
            "    ╭──────────────────────╮",
            "    │       Copying…       │",
            "    │    2 of 3 copied.    │",
            "    ├──────────────────────┤",
            "    │       Skip (s)       │",
            "    │         Copy         │",
            "    │        Cancel        │",
            "    ╰──────────────────────╯",
            "",
            "",
        ])
        controller.alert.style = .actionSheet
        expectFrame(Self.drawn(controller), equals: [
            "",
            "",
            " ╭────────────────────────────╮",
            " │          Copying…          │",
            " │       2 of 3 copied.       │",
            " ├────────────────────────────┤",
            " │          Skip (s)          │",
            " │            Copy            │",
            " ╰────────────────────────────╯",
            " ╭────────────────────────────╮",
            " │           Cancel           │",
            " ╰────────────────────────────╯",
        ], "a sheet at the bottom, Cancel apart")
    }

    @Test func aDisabledActionIsDimAndDeafToItsKeyUntilTheAlertEnablesIt() {
        var skips = 0
        var alert = Self.copyAlert { skips += 1 }
        let controller = AlertController(alert: alert)
        guard case .dismiss(let completion) = controller.handle(.key(.character("s")), area: Self.alertArea) else {
            Issue.record("s did not choose Skip")
            return
        }
        _ = completion?()
        #expect(skips == 1)
        var skip = AlertAction(title: "Skip", handler: { skips += 1 })
        skip.key = .character("s")
        skip.isEnabled = false
        alert = Alert(title: "Copy 3 files?", actions: [AlertAction(title: "Cancel", style: .cancel), skip, AlertAction(title: "Copy")])
        let disabled = AlertController(alert: alert)
        if case .dismiss = disabled.handle(.key(.character("s")), area: Self.alertArea) { Issue.record("a disabled Skip was chosen") }
        expectFrame(Self.drawn(disabled), equals: [
            "«dim|                                »",
            "«dim|                                »",
            "«dim|    »╭──────────────────────╮«dim|    »",
            "«dim|    »│    «bold|Copy 3 files?»     │«dim|    »",
            "«dim|    »├──────────────────────┤«dim|    »",
            "«dim|    »│«dim fg=grey|       Skip (s)       »│«dim|    »",
            "«dim|    »│«rev fg=tint|         Copy         »│«dim|    »",
            "«dim|    »│«bold fg=tint|        Cancel        »│«dim|    »",
            "«dim|    »╰──────────────────────╯«dim|    »",
            "«dim|                                »",
            "«dim|                                »",
            "«dim|                                »",
        ], styled: true, "Skip greyed; the focus on Copy, past it")
        #expect(skips == 1)
    }

    @Test func theFooterNamesTheAlertsKeysForTheButtonsItHas() {
        let root = Self.inbox()
        root.present(AlertController(alert: Self.copyAlert()))
        #expect(textLines(of: root.render(context: RenderContext())).last == " ↑ ↓ move  Enter choose  Esc cancel")
        root.present(AlertController(alert: Alert(title: "Sent", actions: [AlertAction(title: "Good")])))
        #expect(textLines(of: root.render(context: RenderContext())).last == " Enter choose", "one button, no Cancel")
    }
}

import Testing
@testable import TableKit

/// Collects the actions whose handler ran.
@MainActor
private final class Recorder {
    var titles: [String] = []
}

private var cancel: AlertAction { AlertAction(title: "Cancel", style: .cancel) }

@MainActor
private func deleteAlert() -> Alert {
    Alert(title: "Delete “Dune”?", message: "This cannot be undone.", actions: [
        AlertAction(title: "Delete", style: .destructive, key: .character("d")),
        cancel,
    ])
}

@MainActor
private func saveAlert() -> Alert {
    Alert(title: "Save changes?", message: "Unsaved edits will be lost.", actions: [
        cancel,
        AlertAction(title: "Save", key: .control("s")),
        AlertAction(title: "Don't Save", style: .destructive),
    ])
}

@MainActor
private func bookSheet() -> Alert {
    Alert(title: "Dune", message: "Frank Herbert", style: .actionSheet, actions: [
        AlertAction(title: "Share"),
        cancel,
        AlertAction(title: "Delete", style: .destructive, key: .character("d")),
        AlertAction(title: "Rename"),
    ])
}

@MainActor
private func render(_ controller: AlertController, _ size: Size, glyphs: Glyphs = .unicode) -> Canvas {
    var canvas = Canvas(size: size)
    controller.render(into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
    return canvas
}

/// The canvas lines with trailing spaces removed.
@MainActor
private func rows(_ canvas: Canvas) -> [String] {
    canvas.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
}

/// A controller that records the title of every action whose handler runs.
@MainActor
private func controller(_ alert: Alert, _ recorder: Recorder) -> AlertController {
    AlertController(alert: alert) { recorder.titles.append($0.title) }
}

/// Runs a response as a presenter would: on dismissal, the completion (the handler) runs.
/// - Returns: Whether the modal asked to be dismissed.
@MainActor
@discardableResult
private func present(_ response: ModalResponse) -> Bool {
    guard case .dismiss(let completion) = response else { return false }
    _ = completion?()
    return true
}

@MainActor
private func key(_ controller: AlertController, _ keys: Key..., area: Rect = Rect(x: 0, y: 0, width: 40, height: 12)) -> Bool {
    var dismissed = false
    for key in keys where present(controller.handle(.key(key), area: area)) { dismissed = true }
    return dismissed
}

@MainActor
@Suite("Alert: order and rules")
struct AlertOrderTests {
    @Test func twoButtonAlertPutsCancelOnTheLeft() {
        #expect(deleteAlert().buttonArrangement == .sideBySide)
        #expect(deleteAlert().displayOrder == [1, 0])
        let noCancel = Alert(actions: [AlertAction(title: "A"), AlertAction(title: "B")])
        #expect(noCancel.displayOrder == [0, 1])
    }

    @Test func oneOrThreeButtonsStackWithCancelAtTheBottom() {
        #expect(saveAlert().buttonArrangement == .stacked)
        #expect(saveAlert().displayOrder == [1, 2, 0])
        #expect(Alert(actions: [cancel]).displayOrder == [0])
        #expect(Alert(actions: [cancel]).buttonArrangement == .stacked)
    }

    @Test func actionSheetListsDestructiveFirstAndCancelLast() {
        #expect(bookSheet().buttonArrangement == .sheet)
        #expect(bookSheet().displayOrder == [2, 0, 3, 1])
        let twoActions = Alert(style: .actionSheet, actions: [cancel, AlertAction(title: "Delete", style: .destructive)])
        #expect(twoActions.displayOrder == [1, 0])
    }

    @Test func aSecondCancelActionIsRejected() {
        var alert = Alert(actions: [cancel])
        let addedSecondCancel = alert.addAction(AlertAction(title: "Never mind", style: .cancel))
        let addedOK = alert.addAction(AlertAction(title: "OK"))
        #expect(!addedSecondCancel)
        #expect(addedOK)
        #expect(alert.actions.map(\.title) == ["Cancel", "OK"])
        let built = Alert(actions: [cancel, AlertAction(title: "Back", style: .cancel), AlertAction(title: "OK")])
        #expect(built.actions.map(\.title) == ["Cancel", "OK"])
    }

    @Test func preferredActionAppliesToAlertsOnly() {
        var alert = saveAlert()
        alert.preferredActionIndex = 1
        #expect(alert.effectivePreferredActionIndex == 1)
        #expect(alert.emphasizedActionIndex == 1)
        alert.preferredActionIndex = 7
        #expect(alert.effectivePreferredActionIndex == nil)
        #expect(alert.emphasizedActionIndex == 0)
        var sheet = bookSheet()
        sheet.preferredActionIndex = 3
        #expect(sheet.effectivePreferredActionIndex == nil)
        // With no preferred action the first plain action in display order takes the focus.
        #expect(AlertController(alert: sheet).focusedActionIndex == 0)
    }

    @Test func hotkeysAreShownInTheLabel() {
        #expect(AlertAction(title: "Delete", key: .character("d")).label == "Delete (d)")
        #expect(AlertAction(title: "Save", key: .control("s")).label == "Save (^S)")
        #expect(AlertAction(title: "OK").label == "OK")
    }
}

@MainActor
@Suite("Alert: drawing")
struct AlertRenderingTests {
    @Test func twoButtonAlertSideBySideWithCancelOnTheLeft() {
        let canvas = render(AlertController(alert: deleteAlert()), Size(width: 36, height: 7))
        #expect(rows(canvas) == [
            "    ╭─────────────────────────╮",
            "    │     Delete “Dune”?      │",
            "    │ This cannot be undone.  │",
            "    ├────────────┬────────────┤",
            "    │   Cancel   │ Delete (d) │",
            "    ╰────────────┴────────────╯",
            "",
        ])
        #expect(canvas[10, 1].style.attributes.contains(.bold))
        #expect(!canvas[6, 2].style.attributes.contains(.bold))
        #expect(canvas[22, 4].style.foreground == .destructive)
        // Enter never destroys by default: Cancel takes the first focus, drawn reversed across its cells.
        #expect(canvas[8, 4].style.attributes.contains(.reverse))
        #expect(!canvas[18, 4].style.attributes.contains(.reverse))
        #expect(!canvas[29, 4].style.attributes.contains(.reverse))
        // Cancel is bold while no preferred action takes the emphasis.
        #expect(canvas[8, 4].style.attributes.contains(.bold))
    }

    @Test func threeButtonAlertStacksWithCancelAtTheBottom() {
        let canvas = render(AlertController(alert: saveAlert()), Size(width: 36, height: 9))
        #expect(rows(canvas) == [
            "  ╭─────────────────────────────╮",
            "  │        Save changes?        │",
            "  │ Unsaved edits will be lost. │",
            "  ├─────────────────────────────┤",
            "  │          Save (^S)          │",
            "  │         Don't Save          │",
            "  │           Cancel            │",
            "  ╰─────────────────────────────╯",
            "",
        ])
        #expect(canvas[12, 5].style.foreground == .destructive)
        #expect(canvas[3, 4].style.attributes.contains(.reverse))
    }

    @Test func actionSheetSitsAtTheBottomWithCancelApart() {
        let canvas = render(AlertController(alert: bookSheet()), Size(width: 40, height: 12))
        #expect(rows(canvas) == [
            "",
            "     ╭────────────────────────────╮",
            "     │            Dune            │",
            "     │       Frank Herbert        │",
            "     ├────────────────────────────┤",
            "     │         Delete (d)         │",
            "     │           Share            │",
            "     │           Rename           │",
            "     ╰────────────────────────────╯",
            "     ╭────────────────────────────╮",
            "     │           Cancel           │",
            "     ╰────────────────────────────╯",
        ])
        #expect(canvas[15, 5].style.foreground == .destructive)
        #expect(canvas[17, 6].style.foreground != .destructive)
        #expect(canvas[18, 2].style.attributes.contains(.dim))
        #expect(canvas[13, 3].style.attributes.contains(.dim))
        #expect(canvas[17, 10].style.attributes.contains(.bold))
    }

    @Test func preferredActionIsBoldAndCancelIsNot() {
        var alert = saveAlert()
        alert.preferredActionIndex = 2
        let canvas = render(AlertController(alert: alert), Size(width: 36, height: 9))
        #expect(canvas[12, 5].style.attributes.contains(.bold))
        #expect(canvas[12, 5].style.attributes.contains(.reverse))
        #expect(!canvas[14, 6].style.attributes.contains(.bold))
        #expect(!canvas[13, 4].style.attributes.contains(.bold))
    }

    @Test func disabledButtonsAreDimmed() {
        let alert = Alert(title: "Sync", actions: [AlertAction(title: "Now", isEnabled: false), AlertAction(title: "Later"), cancel])
        let canvas = render(AlertController(alert: alert), Size(width: 30, height: 8))
        let row = rows(canvas).firstIndex { $0.contains("Now") } ?? -1
        let column = canvas.line(row).distance(of: "Now")
        #expect(canvas[column, row].style.attributes.contains(.dim))
        #expect(!canvas[column, row].style.attributes.contains(.reverse))
    }

    @Test func asciiGlyphs() {
        let canvas = render(AlertController(alert: deleteAlert()), Size(width: 36, height: 7), glyphs: .ascii)
        #expect(rows(canvas)[0] == "    +-------------------------+")
        #expect(rows(canvas)[3] == "    +------------+------------+")
        #expect(rows(canvas)[4] == "    |   Cancel   | Delete (d) |")
    }

    @Test func tinyScreensKeepTheButtons() {
        let sheet = render(AlertController(alert: bookSheet()), Size(width: 20, height: 6))
        #expect(rows(sheet) == [
            "╭──────────────────╮",
            "│    Delete (d)    │",
            "│      Share       │",
            "│      Rename      │",
            "│      Cancel      │",
            "╰──────────────────╯",
        ])
        let stacked = render(AlertController(alert: saveAlert()), Size(width: 20, height: 6))
        #expect(rows(stacked) == [
            "╭──────────────────╮",
            "│  Save changes?   │",
            "│    Save (^S)     │",
            "│    Don't Save    │",
            "│      Cancel      │",
            "╰──────────────────╯",
        ])
        // Side by side: the message is cut, and the hotkey gives way before the title.
        let pair = render(AlertController(alert: deleteAlert()), Size(width: 20, height: 6))
        #expect(rows(pair) == [
            "╭──────────────────╮",
            "│  Delete “Dune”?  │",
            "│ This cannot be…  │",
            "├────────┬─────────┤",
            "│ Cancel │ Delete  │",
            "╰────────┴─────────╯",
        ])
    }

    @Test func zeroAndDegenerateSizesDrawWithoutCrashing() {
        for alert in [deleteAlert(), saveAlert(), bookSheet(), Alert(), Alert(style: .actionSheet, actions: [cancel]), Alert(title: "控制\u{1B}字", style: .actionSheet)] {
            for size in [Size.zero, Size(width: 1, height: 1), Size(width: 3, height: 3), Size(width: 80, height: 1), Size(width: 1, height: 40)] {
                let controller = AlertController(alert: alert)
                let canvas = render(controller, size)
                #expect(canvas.size == size)
                for event in [Event.key(.enter), .key(.tab), .mouse(MouseEvent(.press, at: Point(x: 0, y: 0))), .resize(size)] {
                    _ = controller.handle(event, area: canvas.bounds)
                }
            }
        }
        #expect(rows(render(AlertController(alert: deleteAlert()), Size(width: 3, height: 3))) == ["╭─╮", "│ │", "╰─╯"])
    }

    @Test func aMessageLongerThanTheScreenIsCut() {
        let alert = Alert(title: "Title", message: String(repeating: "word ", count: 200), actions: [AlertAction(title: "OK")])
        #expect(rows(render(AlertController(alert: alert), Size(width: 30, height: 8))) == [
            "╭────────────────────────────╮",
            "│           Title            │",
            "│  word word word word word  │",
            "│  word word word word word  │",
            "│ word word word word word…  │",
            "├────────────────────────────┤",
            "│             OK             │",
            "╰────────────────────────────╯",
        ])
    }

    @Test func onAShortScreenTheFocusedButtonStaysInView() {
        let controller = AlertController(alert: saveAlert())
        #expect(rows(render(controller, Size(width: 20, height: 3))) == ["╭──────────────────╮", "│    Save (^S)     │", "╰──────────────────╯"])
        _ = key(controller, .down, .down)
        #expect(rows(render(controller, Size(width: 20, height: 3)))[1] == "│      Cancel      │")
        #expect(present(controller.handle(.mouse(MouseEvent(.press, at: Point(x: 8, y: 1))), area: Rect(x: 0, y: 0, width: 20, height: 3))))
    }
}

extension String {
    /// The display column where `needle` starts in this line (ASCII lines in these tests).
    fileprivate func distance(of needle: String) -> Int {
        guard let range = range(of: needle) else { return -1 }
        return self[..<range.lowerBound].displayWidth
    }
}

@MainActor
@Suite("Alert: keys and mouse")
struct AlertInteractionTests {
    @Test func enterTriggersTheFocusedButtonFirstThePreferredOne() {
        let recorder = Recorder()
        var alert = saveAlert()
        alert.preferredActionIndex = 2
        let alertController = controller(alert, recorder)
        #expect(alertController.focusedActionIndex == 2)
        #expect(key(alertController, .enter))
        #expect(recorder.titles == ["Don't Save"])

        let plain = controller(saveAlert(), recorder)
        #expect(key(plain, .enter))
        #expect(recorder.titles == ["Don't Save", "Save"])
    }

    @Test func theHandlerRunsOnlyAfterTheDismissal() {
        let recorder = Recorder()
        let response = controller(deleteAlert(), recorder).handle(.key(.character("d")), area: Rect(x: 0, y: 0, width: 40, height: 12))
        #expect(recorder.titles.isEmpty)
        #expect(present(response))
        #expect(recorder.titles == ["Delete"])
    }

    @Test func escapeTriggersCancelOrNothing() {
        let recorder = Recorder()
        #expect(key(controller(saveAlert(), recorder), .escape))
        #expect(recorder.titles == ["Cancel"])
        let noCancel = controller(Alert(title: "Done", actions: [AlertAction(title: "OK")]), recorder)
        #expect(!key(noCancel, .escape))
        #expect(recorder.titles == ["Cancel"])
        let disabledCancel = controller(Alert(actions: [AlertAction(title: "OK"), AlertAction(title: "Cancel", style: .cancel, isEnabled: false)]), recorder)
        #expect(!key(disabledCancel, .escape))
        #expect(recorder.titles == ["Cancel"])
    }

    @Test func hotkeysTriggerTheirButton() {
        let recorder = Recorder()
        #expect(key(controller(bookSheet(), recorder), .character("d")))
        #expect(key(controller(saveAlert(), recorder), .control("s")))
        #expect(recorder.titles == ["Delete", "Save"])
        let disabled = controller(Alert(actions: [AlertAction(title: "Go", key: .character("g"), isEnabled: false), cancel]), recorder)
        #expect(!key(disabled, .character("g")))
        #expect(recorder.titles == ["Delete", "Save"])
    }

    @Test func focusMovesOverEnabledButtonsInDisplayOrder() {
        let alert = Alert(actions: [
            AlertAction(title: "One"), AlertAction(title: "Two", isEnabled: false), AlertAction(title: "Three"), cancel,
        ])
        let controller = AlertController(alert: alert)
        #expect(controller.focusedActionIndex == 0)
        _ = key(controller, .down)
        #expect(controller.focusedActionIndex == 2)
        _ = key(controller, .right)
        #expect(controller.focusedActionIndex == 3)
        _ = key(controller, .down)
        #expect(controller.focusedActionIndex == 3, "arrows stop at the last button")
        _ = key(controller, .tab)
        #expect(controller.focusedActionIndex == 0, "Tab goes round")
        _ = key(controller, .backTab)
        #expect(controller.focusedActionIndex == 3)
        _ = key(controller, .up, .left)
        #expect(controller.focusedActionIndex == 0)
        _ = key(controller, .up)
        #expect(controller.focusedActionIndex == 0)
    }

    @Test func sideBySideFocusFollowsTheScreen() {
        let controller = AlertController(alert: deleteAlert())
        #expect(controller.focusedActionIndex == 1, "Cancel, on the left, has the first focus")
        _ = key(controller, .right)
        #expect(controller.focusedActionIndex == 0)
        let canvas = render(controller, Size(width: 36, height: 7))
        #expect(canvas[22, 4].style.attributes.contains(.reverse))
    }

    @Test func theFocusLeavesAButtonThatIsDisabled() {
        let controller = AlertController(alert: saveAlert())
        #expect(controller.focusedActionIndex == 1)
        var alert = saveAlert()
        alert.preferredActionIndex = nil
        alert = Alert(title: alert.title, message: alert.message, actions: alert.actions.enumerated().map { index, action in
            var action = action
            action.isEnabled = index != 1
            return action
        })
        controller.alert = alert
        // With Save disabled, Cancel is next in line: never the destructive Don't Save.
        #expect(controller.focusedActionIndex == 0)
        let allDisabled = AlertController(alert: Alert(actions: [AlertAction(title: "A", isEnabled: false)]))
        #expect(allDisabled.focusedActionIndex == nil)
        #expect(!key(allDisabled, .enter, .tab, .down))
    }

    @Test func everyOtherKeyIsSwallowed() {
        let recorder = Recorder()
        let controller = controller(bookSheet(), recorder)
        let keys: [Key] = [.character("q"), .character("j"), .character("k"), .space, .control("c"), .backspace, .delete,
                           .home, .end, .pageUp, .pageDown, .function(1), .shiftLeft, .shiftRight, .character("?")]
        for key in keys {
            guard case .handled = controller.handle(.key(key), area: Rect(x: 0, y: 0, width: 40, height: 12)) else {
                Issue.record("\(key) was not swallowed")
                continue
            }
        }
        #expect(controller.focusedActionIndex == 0)
        #expect(recorder.titles.isEmpty)
        guard case .handled = controller.handle(.resize(Size(width: 10, height: 4)), area: Rect(x: 0, y: 0, width: 10, height: 4)) else {
            Issue.record("resize was not handled")
            return
        }
        guard case .handled = controller.handle(.tick, area: Rect(x: 0, y: 0, width: 10, height: 4)) else {
            Issue.record("tick was not handled")
            return
        }
    }

    @Test(arguments: [(Size(width: 36, height: 7), 0), (Size(width: 36, height: 9), 1), (Size(width: 40, height: 12), 2), (Size(width: 20, height: 6), 2)])
    func aPressOnEachButtonTriggersIt(size: Size, which: Int) {
        let alert = [deleteAlert(), saveAlert(), bookSheet()][which]
        let area = Rect(origin: .zero, size: size)
        let layout = alert.layout(in: area, glyphs: .unicode, focus: nil)
        #expect(layout.buttons.count == alert.actions.count)
        let canvas = render(AlertController(alert: alert), size)
        for button in layout.buttons {
            let title = alert.actions[button.actionIndex].title
            // The cells the layout says are the button show its title…
            #expect(canvas.line(button.frame.minY).contains(title))
            // …and a press on any of them triggers it.
            for x in button.frame.minX..<button.frame.maxX {
                let recorder = Recorder()
                #expect(present(controller(alert, recorder).handle(.mouse(MouseEvent(.press, at: Point(x: x, y: button.frame.minY))), area: area)))
                #expect(recorder.titles == [title])
            }
        }
    }

    @Test func aPressOnTheTitleOrABorderDoesNothing() {
        let recorder = Recorder()
        let controller = controller(deleteAlert(), recorder)
        let area = Rect(x: 0, y: 0, width: 36, height: 7)
        for point in [Point(x: 10, y: 1), Point(x: 4, y: 4), Point(x: 17, y: 4), Point(x: 10, y: 5), Point(x: 10, y: 3)] {
            #expect(!present(controller.handle(.mouse(MouseEvent(.press, at: point)), area: area)))
        }
        #expect(recorder.titles.isEmpty)
    }

    @Test func aPressOutsideCancelsASheetButNotAnAlert() {
        let recorder = Recorder()
        let area = Rect(x: 0, y: 0, width: 40, height: 12)
        let outside = MouseEvent(.press, at: Point(x: 1, y: 0))
        #expect(!present(controller(saveAlert(), recorder).handle(.mouse(outside), area: area)))
        #expect(recorder.titles.isEmpty)
        #expect(present(controller(bookSheet(), recorder).handle(.mouse(outside), area: area)))
        #expect(recorder.titles == ["Cancel"])
        let noCancel = Alert(style: .actionSheet, actions: [AlertAction(title: "Share")])
        #expect(!present(controller(noCancel, recorder).handle(.mouse(outside), area: area)))
        // Between the sheet's two boxes there is no gap: their borders are the sheet.
        #expect(!present(controller(bookSheet(), recorder).handle(.mouse(MouseEvent(.press, at: Point(x: 10, y: 9))), area: area)))
        #expect(recorder.titles == ["Cancel"])
    }

    @Test func otherMouseEventsAreSwallowed() {
        let recorder = Recorder()
        let controller = controller(bookSheet(), recorder)
        let area = Rect(x: 0, y: 0, width: 40, height: 12)
        for kind in [MouseEvent.Kind.release, .drag, .scrollUp, .scrollDown] {
            for point in [Point(x: 15, y: 5), Point(x: 0, y: 0)] {
                #expect(!present(controller.handle(.mouse(MouseEvent(kind, at: point)), area: area)))
            }
        }
        #expect(recorder.titles.isEmpty)
    }

    @Test func footerHintsComeFromTheBindingTable() {
        let hints = AlertController(alert: bookSheet()).keyHints
        #expect(hints.map(\.key) == ["↑ ↓", "Enter", "Esc"], "a sheet's buttons are a column")
        #expect(hints.map(\.help) == ["move", "choose", "cancel"])
        var pair = Alert(title: "Delete?", message: nil)
        pair.addAction(AlertAction(title: "Cancel", style: .cancel))
        pair.addAction(AlertAction(title: "Delete", style: .destructive))
        #expect(AlertController(alert: pair).keyHints.first?.key == "← →", "two buttons side by side: a row")
        let footerLabels = AlertController.keyBindings.compactMap { $0.footerHelp == nil ? nil : $0.footerLabel }
        #expect(footerLabels == ["→", "Enter", "Esc"], "every footer hint is a row of the table that handles the keys")
    }

    @Test func aOneButtonAlertOffersEnterAndNoMovement() {
        let okOnly = AlertController.notice(title: "Could not reload", message: nil)
        #expect(okOnly.keyHints.map(\.key) == ["Enter", "Esc"])
        let noCancel = AlertController(alert: Alert(actions: [AlertAction(title: "OK")])).keyHints
        #expect(noCancel.map(\.key) == ["Enter"])
        let oneEnabled = AlertController(alert: Alert(actions: [
            AlertAction(title: "Cancel", style: .cancel), AlertAction(title: "Save", isEnabled: false),
        ])).keyHints
        #expect(oneEnabled.map(\.key) == ["Enter", "Esc"], "a disabled button cannot take the focus, so there is nowhere to move")
    }
}

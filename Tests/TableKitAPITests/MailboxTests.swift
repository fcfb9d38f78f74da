import Foundation
import TableKit
import Testing

/// A screen that logs what reaches it and answers with what it is told to.
private final class Recorder: TableViewController {
    var log: [String] = []

    init(_ title: String) {
        super.init(title: title, dataSource: StaticTableDataSource(cells: (1 ... 30).map { TableViewCell(text: "Row \($0)") }))
    }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if case .key(let key) = event { log.append("key \(BarButtonItem.keyLabel(key))") }
        return super.handle(event, area: area)
    }

    /// Whether keys wait for work in flight.
    var isWaiting = false
    override var defersEvents: Bool { isWaiting }
}

@MainActor
@Suite("Answers arrive as events: posts, timers, background results, alert answers, keys held for work")
struct MailboxTests {
    private let size = Size(width: 40, height: 12)

    /// A stack of `screens` (the last in front) under a root that delivers `mailbox`.
    private func app(_ screens: Recorder..., mailbox: Mailbox = Mailbox()) -> (RootController, NavigationController) {
        let navigation = NavigationController(root: screens[0])
        for screen in screens.dropFirst() { navigation.push(screen) }
        return (RootController(content: navigation, size: size, mailbox: mailbox), navigation)
    }

    @Test("a post reaches its screen after the event in hand, and its .pop is carried out")
    func aPostIsDeliveredAfterTheEvent() {
        let mailbox = Mailbox()
        let list = Recorder("List"), detail = Recorder("Detail")
        let (root, navigation) = app(list, detail, mailbox: mailbox)
        mailbox.post(to: detail) {
            detail.log.append("answered")
            return .pop
        }
        #expect(detail.log.isEmpty, "nothing is delivered before the root delivers")
        _ = root.handle(.key(.character("j")))
        #expect(detail.log == ["answered"], "posted before the key: delivered before it")
        #expect(navigation.top === list, "its .pop was carried out")
        #expect(list.log == ["key j"], "and the key went to the screen in front after it")
    }

    @Test("a pop answered for a screen that is not in front leaves the stack alone; one for a screen gone runs nothing")
    func aPopIsForTheScreenInFront() {
        let mailbox = Mailbox()
        let list = Recorder("List"), detail = Recorder("Detail")
        let (root, navigation) = app(list, detail, mailbox: mailbox)
        mailbox.post(to: list) { .pop }
        root.deliverPosted()
        #expect(navigation.top === detail, "the list is not in front: its pop does nothing")
        var gone: Recorder? = Recorder("Gone")
        var ran = false
        mailbox.post(to: gone!) {
            ran = true
            return .handled
        }
        gone = nil
        root.deliverPosted()
        #expect(!ran && !root.isAwaitingDeliveries, "a letter for a screen that is gone is dropped")
    }

    @Test("a letter for a screen of another app stays for that app")
    func lettersStayWithTheirApp() {
        let mailbox = Mailbox()
        let first = Recorder("First"), second = Recorder("Second")
        let firstRoot = RootController(content: NavigationController(root: first), size: size, mailbox: mailbox)
        let secondRoot = RootController(content: NavigationController(root: second), size: size, mailbox: mailbox)
        mailbox.post(to: second) {
            second.log.append("answered")
            return .handled
        }
        firstRoot.deliverPosted()
        #expect(second.log.isEmpty && !firstRoot.isAwaitingDeliveries)
        #expect(secondRoot.isAwaitingDeliveries)
        secondRoot.deliverPosted()
        #expect(second.log == ["answered"])
    }

    @Test("a timer falls due at its time, not before: nextDelivery says when")
    func aTimerFallsDueAtItsTime() {
        let mailbox = Mailbox()
        let screen = Recorder("List")
        let root = RootController(content: NavigationController(root: screen), size: size, mailbox: mailbox)
        let due = ContinuousClock.now + .seconds(60)
        mailbox.post(to: screen, at: due) {
            screen.log.append("timer")
            return .handled
        }
        #expect(root.nextDelivery == due)
        root.deliverPosted()
        #expect(screen.log.isEmpty, "not yet due")
        root.deliverPosted(now: due - .nanoseconds(1))
        #expect(screen.log.isEmpty, "not a nanosecond before")
        root.deliverPosted(now: due)
        #expect(screen.log == ["timer"], "due at its time")
        #expect(root.nextDelivery == nil)
    }

    @Test("keys typed while the screen defers them wait, in order, and are handed over once it stops; Ctrl-C does not wait")
    func deferredKeysKeepTheirOrder() {
        let mailbox = Mailbox()
        let screen = Recorder("List")
        let root = RootController(content: NavigationController(root: screen), size: size, mailbox: mailbox)
        screen.isWaiting = true
        _ = root.handle(.key(.character("j")))
        _ = root.handle(.key(.character("k")))
        #expect(screen.log.isEmpty && root.isAwaitingDeliveries, "held, not handled, not dropped")
        mailbox.post(to: screen) {
            screen.isWaiting = false
            return .handled
        }
        root.deliverPosted()
        #expect(screen.log == ["key j", "key k"])
        screen.isWaiting = true
        #expect(root.handle(.key(.control("c"))) == .quit, "Ctrl-C quits at once")
    }

    @Test("an alert's answer is the screen in front's: Delete pops, Cancel stays")
    func anAlertAnswerPops() {
        let list = Recorder("List"), detail = Recorder("Detail")
        let (root, navigation) = app(list, detail)
        for (key, expected) in [(Key.escape, "Detail"), (Key.character("d"), "List")] {
            if navigation.top !== detail { navigation.push(detail) }
            var alert = Alert(title: "Delete?", style: .actionSheet)
            alert.addAction(AlertAction.answering(title: "Delete", style: .destructive, key: .character("d"), answer: { .pop }))
            alert.addAction(AlertAction(title: "Cancel", style: .cancel))
            root.present(AlertController(alert: alert))
            _ = root.handle(.key(key))
            #expect(root.modals.isEmpty)
            #expect(navigation.top.title == expected, "after \(key)")
        }
    }

    @Test("work run in the background comes back to its screen as an event, without a tick")
    func backgroundWorkComesBackAsAnEvent() async throws {
        let screen = Recorder("List")
        let root = RootController(content: NavigationController(root: screen), size: size)
        screen.runInBackground({ (1 ... 1000).reduce(0, +) }) { screen, sum in
            screen.log.append("sum \(sum)")
            return .handled
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while screen.log.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
            root.deliverPosted()
        }
        #expect(screen.log == ["sum 500500"])
        #expect(!root.wantsTicks, "nothing ticked for it")
    }
}

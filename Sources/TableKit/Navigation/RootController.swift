/// The top of an app: its content (tabs or a navigation stack), the modals presented over it,
/// the help overlay, the one-line key-hint footer, and a notice when the terminal is too small.
///
/// Events reach the modal in front first and nothing behind it reacts; ticks reach both, so
/// animations keep moving under a progress sheet. Modals lay out over everything but the
/// footer, which then names the modal's keys.
///
/// Answers posted to the `mailbox` — results of background work, timers, a screen's answer
/// owed to its stack — are delivered before each event and whenever the run loop wakes for
/// them (``deliverPosted(now:)``). While the screen in front defers events until its work arrives
/// (``Screen/defersEvents``), keys, clicks and pastes wait here, in order.
@MainActor
public final class RootController {
    /// What the runner should do after an event.
    public enum Outcome: Equatable, Sendable {
        /// Keep going.
        case keepGoing
        /// Leave the app.
        case quit
        /// Give the terminal back until the shell resumes the app (Ctrl-Z).
        case suspend
    }

    /// The keys that work everywhere.
    package enum GlobalAction: Hashable, Sendable {
        /// Open the help overlay.
        case help
        /// Leave the app.
        case quit
        /// Suspend (Ctrl-Z).
        case suspend
        /// Take back the last change (``UndoManager/undo()``).
        case undo
        /// Make the last undone change again (``UndoManager/redo()``).
        case redo
    }

    /// The keys that work everywhere, as data: handling and help read this one table.
    package nonisolated static let globalBindings: [KeyBinding<GlobalAction>] = [
        KeyBinding([.character("?")], .help, label: "?", help: "this help", footer: "help"),
        KeyBinding([.character("q"), .control("c")], .quit, label: "q ^C", help: "quit", footer: "quit"),
        KeyBinding([.control("z")], .suspend, label: "^Z", help: "suspend (fg resumes)"),
        KeyBinding([.character("u")], .undo, label: "u", help: "undo the last change", footer: "undo"),
        KeyBinding([.character("U")], .redo, label: "U", help: "redo what was undone", footer: "redo"),
    ]

    /// The smallest terminal the app lays out in; below it a notice asks for more room.
    var minimumSize = Size(width: 20, height: 8)
    /// What the app shows.
    package let content: any ShellContent
    /// The modals, bottom first; the last one is in front.
    public private(set) var modals: [any Modal] = []
    /// The screen size.
    package private(set) var size: Size
    /// The glyphs the terminal can show (for hit-testing what was drawn).
    package var glyphs: Glyphs
    /// How every frame is coloured; a change shows at the next frame.
    package var colorScheme = ColorScheme.standard
    /// Whether the app wants mouse reports; the event loop passes a change on to the
    /// terminal, and mouse events are ignored while it is off.
    package var reportsMouse = true
    /// Where answers for the screens arrive; delivered before each event.
    package let mailbox: Mailbox
    /// Keys, clicks and pastes that came while the screen in front deferred them.
    private var deferredEvents: [Event] = []
    /// The app's changes, to undo with `u` and redo with `U`; screens register with it.
    public let undoManager: UndoManager
    /// What the last `u` or `U` did ("Undo Delete"), shown on the footer line until the next
    /// key, click or paste.
    private var undoNotice: String?

    /// The press under way: what it landed on, until its release.
    private var pressCapture = PressCapture<MouseTarget>()

    /// Creates the root of an app of one navigation stack, at `size` (a terminal runner sets
    /// the real size when it starts); the stack appears and is laid out.
    ///
    /// - Parameters:
    ///   - content: What the app shows.
    ///   - size: The terminal's size until the runner sets the real one.
    ///   - glyphs: The glyphs the terminal can show.
    ///   - mailbox: Where answers for the screens arrive.
    ///   - undoManager: The changes `u` undoes; screens that register changes are given the
    ///     same one.
    public convenience init(content: NavigationController, size: Size = Size(width: 80, height: 24), glyphs: Glyphs = .unicode, mailbox: Mailbox = .main,
                            undoManager: UndoManager = UndoManager()) {
        self.init(shell: content, size: size, glyphs: glyphs, mailbox: mailbox, undoManager: undoManager)
    }

    /// Creates the root of an app of tabs, at `size` (a terminal runner sets the real size
    /// when it starts); the tab in front appears and is laid out.
    ///
    /// - Parameters:
    ///   - content: What the app shows.
    ///   - size: The terminal's size until the runner sets the real one.
    ///   - glyphs: The glyphs the terminal can show.
    ///   - mailbox: Where answers for the screens arrive.
    ///   - undoManager: The changes `u` undoes; screens that register changes are given the
    ///     same one.
    public convenience init(content: TabBarController, size: Size = Size(width: 80, height: 24), glyphs: Glyphs = .unicode, mailbox: Mailbox = .main,
                            undoManager: UndoManager = UndoManager()) {
        self.init(shell: content, size: size, glyphs: glyphs, mailbox: mailbox, undoManager: undoManager)
    }

    /// Creates the root showing `content`; the content appears and is laid out.
    package init(shell content: any ShellContent, size: Size, glyphs: Glyphs, mailbox: Mailbox, undoManager: UndoManager = UndoManager()) {
        self.content = content
        self.size = size
        self.glyphs = glyphs
        self.mailbox = mailbox
        self.undoManager = undoManager
        content.layout(in: contentArea)
        content.viewWillAppear()
    }

    /// Whether the terminal is smaller than the app can use.
    var isTooSmall: Bool { size.width < minimumSize.width || size.height < minimumSize.height }

    /// Everything but the footer line.
    var contentArea: Rect { Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1)) }

    /// Whether `.tick` events are needed now (animations).
    public var wantsTicks: Bool { content.wantsTicks || modals.contains { $0.wantsTicks } }

    /// Whether something is still to come without a key: posted answers, work in flight, or
    /// events held for it. A headless run does not end while it is.
    public var isAwaitingDeliveries: Bool { !deferredEvents.isEmpty || mailbox.isAwaiting(hostedBy: content.hosts) }

    /// Whether work the app has started is still running (``Screen/runInBackground(_:then:)``,
    /// ``Mailbox/workDidBegin()``) or an answer is due now: what a scripted run delivers
    /// before its next key, so that the same script always draws the same frame. Timers
    /// posted for later do not count.
    package var isWorkInFlight: Bool { mailbox.isBusy(hostedBy: content.hosts) }

    /// When the next answer for one of the app's screens falls due, if any is posted.
    public var nextDelivery: ContinuousClock.Instant? { mailbox.nextDue(hostedBy: content.hosts) }

    /// Delivers the answers due in the `mailbox`, in order, each carried out by the stack of
    /// the screen it answers for; then hands over the events that waited for them, if the
    /// screen in front no longer defers them. Returns what the runner should do.
    ///
    /// - Parameter now: the time answers are due by; a test passes a later one to fire a
    ///   timer (``Screen/post(after:_:)``) without waiting for it.
    @discardableResult
    public func deliverPosted(now: ContinuousClock.Instant = .now) -> Outcome {
        var outcome = Outcome.keepGoing
        for (screen, answer) in mailbox.takeDue(now: now, hostedBy: content.hosts) {
            let response = answer()
            if case .quit = self.outcome(of: content.deliver(response, from: screen, area: contentArea)) { outcome = .quit }
        }
        // What an event or a delivery registered is one change to undo (groupsByEvent): this
        // runs before and after each event.
        undoManager.endEventGroup()
        if outcome == .quit { return .quit }
        if quitIfTheSaveWaitedForEnded() == .quit { return .quit }
        while let event = deferredEvents.first, !content.frontScreen.defers(event) {
            deferredEvents.removeFirst()
            let result = handleNow(event)
            if result != .keepGoing { return result }
        }
        return .keepGoing
    }

    /// Presents `modal` in front of everything.
    public func present(_ modal: any Modal) {
        modals.append(modal)
    }

    /// Handles an event and says what the runner should do. Answers already posted are
    /// delivered first, and answers the event itself posted (a form that pops once the modal
    /// above it is gone) right after it.
    public func handle(_ event: Event) -> Outcome {
        let before = deliverPosted()
        if before != .keepGoing { return before }
        switch event {
        case .key, .mouse, .paste:
            let isInterrupt = event.key == .control("c")
            if !isInterrupt, !deferredEvents.isEmpty || content.frontScreen.defers(event) {
                deferredEvents.append(event)
                return .keepGoing
            }
        case .resize, .tick:
            break
        }
        let outcome = handleNow(event)
        if outcome != .keepGoing { return outcome }
        return deliverPosted()
    }

    private func handleNow(_ event: Event) -> Outcome {
        if case .resize(let newSize) = event {
            size = newSize
            if !isTooSmall { content.layout(in: contentArea) }
            return .keepGoing
        }
        if case .tick = event {
            // Time passes for everything: the content animates even under a modal.
            var response = outcome(of: content.handle(.tick, area: contentArea, glyphs: glyphs))
            for modal in modals {
                if let answer = apply(modal.handle(.tick, area: contentArea), from: modal), outcome(of: answer) == .quit { response = .quit }
            }
            return response
        }
        if case .key(.control(let letter)) = event, letter == "c" || letter == "z" {
            // Ctrl-C asks once before unsaved edits go; a second Ctrl-C quits anyway. While a
            // save runs it waits for the save, however often it is pressed.
            guard letter == "c" else { return .suspend }
            if isAskingToDiscard, content.savingDescription == nil { return .quit }
            return quitWhenNothingIsLost()
        }
        if isTooSmall {
            guard event.key.flatMap({ Self.globalBindings.action(for: $0) }) == .quit else { return .keepGoing }
            return content.savingDescription.map(waitForSaveThenQuit) ?? .quit
        }
        if case .mouse = event, !reportsMouse { return .keepGoing }
        undoNotice = nil
        if let modal = modals.last {
            let answer = apply(modal.handle(event, area: contentArea), from: modal)
            // A button's action answers for the screen in front (a form pops after Discard).
            return answer.map(outcome(of:)) ?? .keepGoing
        }
        if case .mouse(let mouse) = event {
            // One hit test when the press lands; its drags and release go where it went.
            let target = pressCapture.target(for: mouse) { content.hitTest($0, area: contentArea, glyphs: glyphs) }
            return outcome(of: target.handle(mouse))
        }
        let response = content.handle(event, area: contentArea, glyphs: glyphs)
        if case .ignored = response, let key = event.key, let action = Self.globalBindings.action(for: key) {
            switch action {
            case .help: present(helpOverlay())
            case .quit: return quitWhenNothingIsLost()
            case .suspend: return .suspend
            case .undo: undoOrRedo(undo: true)
            case .redo: undoOrRedo(undo: false)
            }
            return .keepGoing
        }
        return outcome(of: response)
    }

    /// Undoes or redoes the last change, and names it on the footer line ("Undo Delete"), or
    /// says there is none.
    private func undoOrRedo(undo: Bool) {
        let manager = undoManager
        if undo ? manager.canUndo : manager.canRedo {
            undoNotice = undo ? manager.undoMenuItemTitle : manager.redoMenuItemTitle
            undo ? manager.undo() : manager.redo()
        } else {
            undoNotice = undo ? "Nothing to undo" : "Nothing to redo"
        }
    }

    /// Quits, unless a save is running (quitting waits for it) or a screen holds unsaved
    /// edits (quitting asks first).
    private func quitWhenNothingIsLost() -> Outcome {
        if let saving = content.savingDescription { return waitForSaveThenQuit(saving) }
        return content.hasUnsavedChanges ? askToDiscardThenQuit() : .quit
    }

    /// The sheet that says quitting waits for a save, while it is up.
    private weak var quitWaitSheet: ProgressModal?

    /// Quitting while a save runs (`saving` says which): a sheet says that the app quits once it is saved, and
    /// the save's end (an event) quits; its Cancel stays in the app. A second quit key
    /// changes nothing: a save is never cut short.
    private func waitForSaveThenQuit(_ saving: String) -> Outcome {
        guard quitWaitSheet.map({ sheet in !modals.contains { $0 === sheet } }) ?? true else { return .keepGoing }
        // The prompt of the screen saving says where; the sheet says what quitting waits for.
        let sheet = ProgressModal(title: "Saving… quits once saved", progress: { nil }, onCancel: {})
        quitWaitSheet = sheet
        present(sheet)
        return .keepGoing
    }

    /// After deliveries: the save that quitting waited for has ended. Saved, the app quits;
    /// failed, its edits are back in front with the reason, and the app stays.
    private func quitIfTheSaveWaitedForEnded() -> Outcome {
        guard let sheet = quitWaitSheet, modals.contains(where: { $0 === sheet }), content.savingDescription == nil else { return .keepGoing }
        modals.removeAll { $0 === sheet }
        quitWaitSheet = nil
        return content.hasUnsavedChanges ? .keepGoing : .quit
    }

    /// The modal asking before quitting, while it is up.
    private weak var discardQuestion: AlertController?
    private var isAskingToDiscard: Bool { discardQuestion.map { question in modals.contains { $0 === question } } ?? false }

    private func askToDiscardThenQuit() -> Outcome {
        let question = AlertController.discardChanges(answer: { .quit })
        discardQuestion = question
        present(question)
        return .keepGoing
    }

    private func outcome(of response: ScreenResponse) -> Outcome {
        switch response {
        case .quit: return .quit
        case .present(let modal): present(modal)
        case .dismiss(let modal): modals.removeAll { $0 === modal }
        case .handled, .ignored, .push, .pop: break
        }
        return .keepGoing
    }

    /// Dismisses `modal` if `response` says so and runs its completion, whose answer the
    /// stack of the screen in front carries out; returns what is left for the root, or `nil`
    /// when the modal stays.
    private func apply(_ response: ModalResponse, from modal: any Modal) -> ScreenResponse? {
        guard case .dismiss(let completion) = response else { return nil }
        modals.removeAll { $0 === modal }
        guard let answer = completion?() else { return .handled }
        return content.deliver(answer, from: content.frontScreen, area: contentArea)
    }

    /// What the mouse does, for help while mouse reports are on.
    static let mouseHelp = [
        KeyHint("click", "a row, a tab, a button or a control"),
        KeyHint("wheel", "scroll the rows, turn a picker's wheel"),
        KeyHint("drag", "scrub the index, slide a row aside, move a slider, move a row by its ≡"),
    ]

    /// The help overlay for what is in front now (the mouse's part while it reports).
    package func helpOverlay() -> HelpOverlay {
        let global = Self.globalBindings.helpHints()
        var sections = content.helpSections + [HelpOverlay.Section(title: "Everywhere", entries: global)]
        if reportsMouse { sections.append(HelpOverlay.Section(title: "Mouse", entries: Self.mouseHelp)) }
        // Written as this terminal can show it.
        return HelpOverlay(sections: sections.map { section in
            HelpOverlay.Section(title: glyphs.interface(section.title), entries: section.entries.map { $0.shown(with: glyphs) })
        })
    }

    /// Draws the content, the footer and the modals.
    public func render(context: RenderContext) -> Canvas {
        var canvas = Canvas(size: size)
        if isTooSmall {
            drawTooSmallNotice(into: &canvas)
            return canvas
        }
        content.render(into: &canvas, area: contentArea, context: RenderContext(glyphs: context.glyphs, isActive: modals.isEmpty, colorDepth: context.colorDepth))
        let line = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        if modals.isEmpty, let status = content.statusMessage {
            canvas.draw(TextLayout.truncate(context.glyphs.interface(status), width: max(0, size.width - 2)), at: Point(x: 1, y: line.minY), style: Style(foreground: .destructive), clip: line)
        } else if modals.isEmpty, let notice = undoNotice {
            canvas.draw(TextLayout.truncate(context.glyphs.interface(notice), width: max(0, size.width - 2)), at: Point(x: 1, y: line.minY), style: Theme.tint.adding(.bold), clip: line)
        } else {
            renderFooter((modals.last?.keyHints ?? (content.keyHints + globalFooterHints)).map { $0.shown(with: context.glyphs) }, into: &canvas)
        }
        for modal in modals {
            modal.render(into: &canvas, area: contentArea, context: context)
        }
        canvas.apply(colorScheme)
        return canvas
    }

    /// The footer's global hints. While letters are typed into the content, `?` and `q` are
    /// letters too: a hint is then shown by its first key that is not a character (`^C` for
    /// quit), or not at all when it has none (help).
    var globalFooterHints: [KeyHint] {
        // Undo and redo come first: the footer's last hint, quit, is the one that always shows.
        let isUndoOrRedo = { (binding: KeyBinding<GlobalAction>) in binding.action == .undo || binding.action == .redo }
        return (Self.globalBindings.filter(isUndoOrRedo) + Self.globalBindings.filter { !isUndoOrRedo($0) }).compactMap { binding in
            guard let help = binding.footerHelp else { return nil }
            // Undo and redo are offered only while there is something to take back or make again.
            if binding.action == .undo, !undoManager.canUndo { return nil }
            if binding.action == .redo, !undoManager.canRedo { return nil }
            guard content.capturesTextInput else { return KeyHint(binding.footerLabel, help) }
            return binding.keys.first { !$0.isCharacter }
                .map { KeyHint(BarButtonItem.keyLabel($0), help) }
        }
    }

    /// A sentence when there is room; short lines that each survive on their own when not.
    private func drawTooSmallNotice(into canvas: inout Canvas) {
        let needed = "\(minimumSize.width)×\(minimumSize.height)"
        let lines: [String]
        if size.width >= 40 {
            lines = TextLayout.wrap("Terminal too small: \(size.width)×\(size.height), needs \(needed). Enlarge it, or press q to quit.", width: size.width)
        } else {
            lines = ["Too small", "needs \(needed)", "q quits"].map { TextLayout.truncate($0, width: size.width) }
        }
        for (offset, line) in lines.prefix(size.height).enumerated() {
            canvas.draw(line, at: Point(x: 0, y: offset), style: .plain)
        }
    }

    private func renderFooter(_ hints: [KeyHint], into canvas: inout Canvas) {
        let line = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        // The last hint (quit, or close) always shows: the others give way when the line is short.
        var shown = hints
        let width = { (hints: [KeyHint]) in hints.reduce(0) { $0 + $1.key.displayWidth + $1.help.displayWidth + 3 } }
        while shown.count > 1, width(shown) > line.width { shown.remove(at: shown.count - 2) }
        var x = 1
        for hint in shown {
            x = canvas.draw(hint.key, at: Point(x: x, y: line.minY), style: Theme.tint.adding(.bold), clip: line) + 1
            x = canvas.draw(hint.help, at: Point(x: x, y: line.minY), style: Theme.secondaryText, clip: line) + 2
        }
    }
}

extension Event {
    /// The key, for a key event.
    var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }
}

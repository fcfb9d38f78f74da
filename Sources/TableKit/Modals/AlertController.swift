/// What a key asks of an alert; the alert's key-binding table maps keys to these.
enum AlertCommand: Hashable, Sendable {
    /// Move the focus by `by` enabled buttons in display order; `wraps` goes round at the ends.
    case moveFocus(by: Int, wraps: Bool)
    /// Trigger the focused button (Return, as in UIKit, triggers the preferred action).
    case activateFocused
    /// Trigger the cancel action, if there is one.
    case cancel
}

/// Presents an ``Alert`` as a modal, as `UIAlertController`: it owns the focus, handles keys
/// and clicks, and asks to be dismissed when a button is triggered.
///
/// Keys: ← → ↑ ↓ move the focus between enabled buttons, Tab and Shift-Tab also and go round,
/// Enter triggers the focused button (first the preferred action), Esc triggers Cancel (and
/// does nothing when there is none), a button's hotkey triggers it. Every other key is
/// swallowed. A click on a button triggers it; a click outside an action sheet is Cancel,
/// outside an alert nothing. The layout is computed from the area each time, so a resize
/// needs nothing stored.
@MainActor
public final class AlertController: Modal {
    /// The alert shown; the presenter may change it (say, enable a button) while it is up.
    public var alert: Alert {
        didSet { focusedActionIndex = Self.validFocus(focusedActionIndex, in: alert) }
    }
    /// The index in the alert's actions of the focused button; `nil` when no button is enabled.
    private(set) var focusedActionIndex: Int?
    /// Called with every triggered action, after the presenter has taken the alert down and
    /// the action's own ``AlertAction/handler`` has run.
    let handler: (AlertAction) -> Void

    /// Creates a controller. The first focus is the preferred action (alerts), or else the first
    /// enabled plain button in display order, or else Cancel: never a destructive button unless
    /// it is preferred or the only one.
    ///
    /// Each action's own handler runs when it is chosen; `handler`, if given, runs after it
    /// for whichever action was chosen.
    public init(alert: Alert, handler: @escaping (AlertAction) -> Void = { _ in }) {
        self.alert = alert
        self.handler = handler
        focusedActionIndex = Self.validFocus(nil, in: alert)
    }

    /// The keys an alert understands; handling and ``keyHints`` both read this table.
    static let keyBindings: [KeyBinding<AlertCommand>] = [
        KeyBinding([.left, .up], .moveFocus(by: -1, wraps: false), label: "← ↑", help: "previous button"),
        KeyBinding([.right, .down], .moveFocus(by: 1, wraps: false), label: "→ ↓", help: "next button", footer: "move"),
        KeyBinding([.backTab], .moveFocus(by: -1, wraps: true), label: "S-Tab", help: "previous button, round the end"),
        KeyBinding([.tab], .moveFocus(by: 1, wraps: true), label: "Tab", help: "next button, round the end"),
        KeyBinding([.enter], .activateFocused, label: "Enter", help: "press the focused button", footer: "choose"),
        KeyBinding([.escape], .cancel, label: "Esc", help: "cancel", footer: "cancel"),
    ]

    /// Draws the alert over `area`.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        alert.render(into: &canvas, area: area, context: context, focus: focusedActionIndex)
    }

    /// Handles an event: every event is used or swallowed, and a triggered button dismisses.
    public func handle(_ event: Event, area: Rect) -> ModalResponse {
        switch event {
        case .key(let key):
            let hotkeyed = alert.actions.indices.filter { alert.actions[$0].key == key }
            if !hotkeyed.isEmpty {
                return trigger(hotkeyed.first { alert.actions[$0].isEnabled } ?? hotkeyed[0])
            }
            guard let command = Self.keyBindings.action(for: key) else { return .handled }
            return perform(command)
        case .mouse(let mouse):
            mouseArea = area
            return gestures.handle(mouse, now: .now) ?? .handled
        case .resize, .tick, .paste:
            return .handled
        }
    }

    /// The area of the mouse report in hand.
    private var mouseArea = Rect(origin: .zero, size: .zero)
    /// The alert's mouse: a press on a button triggers it; outside an action sheet, cancels.
    private lazy var gestures: AreaGestures<ModalResponse> = {
        let gestures = AreaGestures<ModalResponse>()
        gestures.addButton(receives: { [unowned self] point in layout().actionIndex(at: point) != nil },
                           action: { [unowned self] point in layout().actionIndex(at: point).map(trigger) ?? .handled })
        gestures.addButton(receives: { [unowned self] point in alert.style == .actionSheet && !layout().contains(point) },
                           action: { [unowned self] _ in perform(.cancel) })
        return gestures
    }()

    /// Where the alert is drawn in the mouse's area. Glyphs change no position, so any set
    /// finds the cells that were drawn.
    private func layout() -> AlertLayout {
        alert.layout(in: mouseArea, glyphs: .unicode, focus: focusedActionIndex)
    }

    /// The footer's hints, from the binding table: moving only when two or more buttons are
    /// enabled, Enter, and Esc only with a Cancel button. Each button shows its own hotkey.
    public var keyHints: [KeyHint] {
        let enabledCount = alert.actions.filter(\.isEnabled).count
        // The arrows the footer names follow the buttons: a row of two, or a column.
        let arrows = alert.buttonArrangement == .sideBySide ? "← →" : "↑ ↓"
        return Self.keyBindings.filter { binding in
            switch binding.action {
            case .moveFocus: return enabledCount > 1
            case .activateFocused: return enabledCount > 0
            case .cancel: return alert.cancelActionIndex != nil
            }
        }.compactMap { binding in
            if case .moveFocus = binding.action { return binding.footerHelp.map { KeyHint(arrows, $0) } }
            return binding.footerHint
        }
    }

    /// Carries out a command; exposed for tests and scripted sessions.
    func perform(_ command: AlertCommand) -> ModalResponse {
        switch command {
        case .moveFocus(let by, let wraps):
            moveFocus(by: by, wraps: wraps)
            return .handled
        case .activateFocused:
            guard let focus = focusedActionIndex else { return .handled }
            return trigger(focus)
        case .cancel:
            guard let cancel = alert.cancelActionIndex else { return .handled }
            return trigger(cancel)
        }
    }

    // Dismisses, then calls the handler with the action, if the button is enabled.
    private func trigger(_ index: Int) -> ModalResponse {
        guard alert.actions.indices.contains(index), alert.actions[index].isEnabled else { return .handled }
        let action = alert.actions[index]
        let handler = self.handler
        return .dismiss(completion: {
            let response = action.handler?() ?? .handled
            handler(action)
            return response
        })
    }

    private func moveFocus(by offset: Int, wraps: Bool) {
        let stops = alert.displayOrder.filter { alert.actions[$0].isEnabled }
        guard !stops.isEmpty, offset != 0 else { return }
        guard let current = focusedActionIndex.flatMap({ stops.firstIndex(of: $0) }) else {
            focusedActionIndex = stops[offset > 0 ? 0 : stops.count - 1]
            return
        }
        let target = current + offset
        if wraps {
            focusedActionIndex = stops[((target % stops.count) + stops.count) % stops.count]
        } else {
            focusedActionIndex = stops[min(max(0, target), stops.count - 1)]
        }
    }

    // `focus` if it names an enabled button, or else the first focus as `init` describes it.
    private static func validFocus(_ focus: Int?, in alert: Alert) -> Int? {
        let enabled = { (index: Int) in alert.actions.indices.contains(index) && alert.actions[index].isEnabled }
        if let focus, enabled(focus) { return focus }
        if let preferred = alert.effectivePreferredActionIndex, enabled(preferred) { return preferred }
        let order = alert.displayOrder.filter(enabled)
        // Enter must never destroy by default: a plain action first, then Cancel, then the rest.
        return order.first { alert.actions[$0].style == .default } ?? order.first { alert.actions[$0].style == .cancel } ?? order.first
    }
}

extension AlertController {
    /// An alert that tells `message` under `title` and has one button, OK, which Enter or Esc
    /// chooses: what went wrong, or a fact the person asked for.
    ///
    /// - Parameters:
    ///   - title: The alert's title.
    ///   - message: The sentence under it, if any.
    public static func notice(title: String, message: String?) -> AlertController {
        AlertController(alert: Alert(title: title, message: message, actions: [.ok]))
    }

    /// "Discard changes?", asked before leaving unsaved edits: Discard (destructive) runs
    /// `answer`, whose response the stack of the screen in front carries out (`.pop`, say);
    /// Keep Editing, the default, stays.
    static func discardChanges(answer: @escaping @MainActor () -> ScreenResponse) -> AlertController {
        var alert = Alert(title: "Discard changes?", message: "Your edits have not been saved.")
        alert.addAction(AlertAction(title: "Keep Editing", style: .cancel))
        alert.addAction(AlertAction.answering(title: "Discard", style: .destructive, answer: answer))
        return AlertController(alert: alert)
    }
}

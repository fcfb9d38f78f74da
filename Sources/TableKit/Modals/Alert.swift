/// A button of an alert or an action sheet, as `UIAlertAction`: a title, a style, and the
/// handler that runs when the button is chosen, after the alert is taken down.
///
/// ```swift
/// var alert = Alert(title: "Delete “Emma”?", style: .actionSheet)
/// alert.addAction(AlertAction(title: "Delete", style: .destructive) { library.remove(emma) })
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// ```
public struct AlertAction {
    /// How the button looks and where it goes, as `UIAlertAction.Style`.
    public enum Style: Hashable, Sendable {
        /// An ordinary button.
        case `default`
        /// The button that backs out: Esc triggers it, and an action sheet keeps it apart at the bottom.
        case cancel
        /// A button that destroys data, drawn red; an action sheet lists it first.
        case destructive
    }

    /// OK, the cancel button of an alert that only tells something (see
    /// ``AlertController/notice(title:message:)``).
    public static var ok: AlertAction { AlertAction(title: "OK", style: .cancel) }

    /// The text on the button.
    public var title: String
    /// Default, cancel or destructive.
    public var style: Style
    /// A key that triggers the button, shown beside its title: `Delete (d)`.
    public var key: Key?
    /// A disabled button is drawn dimmed and ignores keys, clicks and the focus.
    public var isEnabled: Bool
    /// Runs when the button is chosen, after the alert is taken down, and answers for the
    /// screen in front: `.pop` leaves it ("Delete" on a detail), `.push` goes on, `.handled`
    /// stays. `nil` does nothing more.
    public var handler: (@MainActor () -> ScreenResponse)?

    /// Creates an action whose `handler` runs when it is chosen; the screen in front stays.
    ///
    /// This is the one initializer, as `UIAlertAction(title:style:handler:)`, so a trailing
    /// closure of any length picks it:
    ///
    /// ```swift
    /// alert.addAction(AlertAction(title: "Delete", style: .destructive) {
    ///     library.remove(emma)
    ///     undoList.append(emma)
    /// })
    /// ```
    ///
    /// An action that also says what the screen in front does next (leave it, push one) is
    /// made with ``answering(title:style:key:isEnabled:answer:)``.
    public init(title: String, style: Style = .default, key: Key? = nil, isEnabled: Bool = true, handler: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.style = style
        self.key = key
        self.isEnabled = isEnabled
        if let handler {
            self.handler = {
                handler()
                return .handled
            }
        } else {
            self.handler = nil
        }
    }

    /// An action whose `answer` runs when it is chosen and says what the screen in front
    /// does next, carried out by its stack at once:
    ///
    /// ```swift
    /// alert.addAction(.answering(title: "Delete", style: .destructive) {
    ///     library.remove(emma)
    ///     return .pop
    /// })
    /// ```
    ///
    /// A function of its own name, not a second initializer: with two initializers a trailing
    /// closure of two statements matched both, and Swift called the call ambiguous.
    public static func answering(title: String, style: Style = .default, key: Key? = nil, isEnabled: Bool = true,
                                 answer: @escaping @MainActor () -> ScreenResponse) -> AlertAction {
        var action = AlertAction(title: title, style: style, key: key, isEnabled: isEnabled)
        action.handler = answer
        return action
    }

    /// The former second initializer, which made a trailing closure ambiguous: use
    /// ``answering(title:style:key:isEnabled:answer:)``.
    @available(*, unavailable, renamed: "AlertAction.answering(title:style:key:isEnabled:answer:)",
               message: "a trailing closure matched both initializers; AlertAction.answering(title:style:key:isEnabled:answer:) says what the screen does next")
    public init(title: String, style: Style = .default, key: Key? = nil, isEnabled: Bool = true, answer: (@MainActor () -> ScreenResponse)?) {
        self.init(title: title, style: style, key: key, isEnabled: isEnabled)
        handler = answer
    }

    /// The text as drawn, with the hotkey if there is one: `Delete (d)`, `Save (^S)`.
    var label: String {
        guard let key else { return title }
        return title + " (" + BarButtonItem.keyLabel(key) + ")"
    }
}

/// The content of an alert or an action sheet, as `UIAlertController` holds it: a title, a
/// message and the actions, which it places the way UIKit does (see `displayOrder`).
public struct Alert {
    /// A centred alert or an action sheet anchored to the bottom, as `UIAlertController.Style`.
    public enum Style: Hashable, Sendable {
        /// A centred box.
        case alert
        /// A list of choices anchored to the bottom of the screen.
        case actionSheet
    }

    /// How the buttons are arranged on screen.
    enum ButtonArrangement: Hashable, Sendable {
        /// An alert with exactly two buttons: one row, Cancel on the left.
        case sideBySide
        /// An alert with one or three or more buttons: one per line, Cancel at the bottom.
        case stacked
        /// An action sheet: destructive actions first, Cancel in its own box at the bottom.
        case sheet
    }

    /// The bold line at the top; `nil` or empty for none.
    public var title: String?
    /// The text under the title, wrapped to the box; `nil` or empty for none.
    public var message: String?
    /// Alert or action sheet.
    public var style: Style
    /// The actions in the order they were added; add them with ``addAction(_:)``.
    public private(set) var actions: [AlertAction]
    /// The index in ``actions`` of the action that is emphasised (bold) and focused first, so
    /// that Enter triggers it, as `preferredAction`. Alerts only: an action sheet ignores it,
    /// and so does an index that names no action.
    public var preferredActionIndex: Int?

    /// Creates an alert; `actions` are added one by one with ``addAction(_:)``, so a second
    /// cancel action among them is left out.
    public init(title: String? = nil, message: String? = nil, style: Style = .alert, actions: [AlertAction] = []) {
        self.title = title
        self.message = message
        self.style = style
        self.actions = []
        for action in actions { addAction(action) }
    }

    /// Adds an action after the others.
    ///
    /// UIKit allows only one `.cancel` action (a second one raises an exception); here a second
    /// cancel action is not added and the call returns `false`.
    /// - Returns: Whether the action was added.
    @discardableResult
    public mutating func addAction(_ action: AlertAction) -> Bool {
        if action.style == .cancel && cancelActionIndex != nil { return false }
        actions.append(action)
        return true
    }

    /// The index of the cancel action, if there is one.
    var cancelActionIndex: Int? {
        actions.firstIndex { $0.style == .cancel }
    }

    /// The preferred action's index when it applies: an alert (not a sheet) and a valid index.
    var effectivePreferredActionIndex: Int? {
        guard style == .alert, let index = preferredActionIndex, actions.indices.contains(index) else { return nil }
        return index
    }

    /// The action drawn bold: the preferred action, or else Cancel (UIKit emphasises Cancel
    /// until a preferred action takes the emphasis from it).
    var emphasizedActionIndex: Int? {
        effectivePreferredActionIndex ?? cancelActionIndex
    }

    /// How the buttons are arranged: see ``ButtonArrangement``.
    var buttonArrangement: ButtonArrangement {
        switch style {
        case .actionSheet: return .sheet
        case .alert: return actions.count == 2 ? .sideBySide : .stacked
        }
    }

    /// The indices of ``actions`` in the order the buttons are drawn (left to right, then top
    /// to bottom), as UIKit places them.
    ///
    /// - An alert with two buttons: Cancel first (on the left).
    /// - An alert with one or three or more buttons: the others in order, Cancel last (at the bottom).
    /// - An action sheet: destructive actions, then the other actions, each in order, then Cancel.
    var displayOrder: [Int] {
        let cancel = actions.indices.filter { actions[$0].style == .cancel }
        let destructive = actions.indices.filter { actions[$0].style == .destructive }
        let others = actions.indices.filter { actions[$0].style != .cancel }
        switch buttonArrangement {
        case .sideBySide: return cancel + others
        case .stacked: return others + cancel
        case .sheet: return destructive + others.filter { actions[$0].style == .default } + cancel
        }
    }
}

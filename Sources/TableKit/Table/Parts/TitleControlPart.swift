import Foundation

/// A segmented control in the navigation bar: Shift-Tab gives it the keyboard, ← → move
/// along it, Enter or Space choose, Esc, Tab or ↓ give the keyboard back to the rows; a click
/// on a segment chooses it. Choosing the segment already chosen does nothing.
///
/// A ``TableViewPart``: a choice reaches the screen as a control's does in UIKit, through the
/// action it was given (``segmentChosen``), never by the part calling the screen.
@MainActor
final class TitleControlPart: TableViewPart {
    /// What the title control's keys ask.
    enum Action: Equatable, Sendable {
        /// Give the control the keyboard, on the chosen segment.
        case focus
        /// Move the keyboard along the segments by this many.
        case move(by: Int)
        /// Choose the segment the keyboard is on.
        case choose
        /// Give the keyboard back to the rows.
        case release
    }

    /// The control, as the screen set it.
    var control: SegmentedControl?
    /// The segment the keyboard is on while the control has the focus.
    var highlight: Int?
    /// What a person's choice of a segment (not the one chosen before) does: the screen's
    /// answer, as a `UIControl` sends its value-changed action to its target.
    let segmentChosen: @MainActor (Int) -> ScreenResponse

    /// A title control with no segments yet, whose choices go to `segmentChosen`.
    init(segmentChosen: @escaping @MainActor (Int) -> ScreenResponse) {
        self.segmentChosen = segmentChosen
    }

    override var hasKeyboardFocus: Bool { highlight != nil }

    /// The keys now: while focused, moving and choosing; else Shift-Tab to reach it.
    var keyBindings: [KeyBinding<Action>] {
        guard let control else { return [] }
        let names = control.segments.joined(separator: " | ")
        guard hasKeyboardFocus else { return [KeyBinding([.backTab], .focus, label: "S-Tab", help: "focus \(names) in the bar")] }
        return [
            KeyBinding([.left], .move(by: -1), label: "←", help: "move along \(names)", footer: "move", footerLabel: "← →"),
            KeyBinding([.right], .move(by: 1), label: "→", help: "move along \(names)"),
            KeyBinding([.enter, .space], .choose, label: "Enter Space", help: "choose", footer: "choose"),
            KeyBinding([.escape, .tab, .backTab, .down], .release, label: "Esc Tab ↓", help: "back to the rows", footer: "back"),
        ]
    }

    /// A key for the title control: Shift-Tab focuses it; while focused, its keys. `nil` when
    /// the key is the rows' (a key it does not use gives the keyboard back, then acts).
    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        guard let control, !control.segments.isEmpty else { return nil }
        guard let highlight else {
            guard keyBindings.action(for: key) == .focus, !context.state.isIndexFocused else { return nil }
            // An open swipe menu closes as the control takes the keyboard (resignKeyboardFocus).
            self.highlight = control.selectedSegmentIndex
            return .handled
        }
        // Help opens over the focused control and leaves it focused.
        if key == .character("?") { return .respond(.ignored) }
        switch keyBindings.action(for: key) {
        case .move(let step): self.highlight = min(control.segments.count - 1, max(0, highlight + step))
        case .choose:
            self.highlight = nil
            return .respond(choose(highlight))
        case .release, .focus: self.highlight = nil
        case nil:
            self.highlight = nil
            return nil
        }
        return .handled
    }

    /// Chooses segment `index`, unless it is already chosen, and tells the screen.
    func choose(_ index: Int) -> ScreenResponse {
        guard var control, control.segments.indices.contains(index), index != control.selectedSegmentIndex else { return .handled }
        control.selectedSegmentIndex = index
        self.control = control
        return segmentChosen(index)
    }

    override func resignKeyboardFocus(context: TableContext) { highlight = nil }

    override func helpHints(context: TableContext) -> [KeyHint] { keyBindings.helpHints() }

    override func footerHints(context: TableContext) -> [KeyHint] { keyBindings.footerHints() }
}

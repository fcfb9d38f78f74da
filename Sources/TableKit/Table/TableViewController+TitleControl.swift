/// A segmented control in the navigation bar (see `TitleControlPart`).
extension TableViewController {
    /// A segmented control shown in the navigation bar in place of the title (UIKit's
    /// `titleView`): Shift-Tab gives it the keyboard, and a person's choice reaches
    /// ``titleSegmentedControlChanged(to:)``.
    public var titleSegmentedControl: SegmentedControl? {
        get { titleControlPart.control }
        set { titleControlPart.control = newValue }
    }

    /// The control as the bar draws it, the segment the keyboard is on underlined.
    public var titleControl: SegmentedControl? {
        guard var control = titleSegmentedControl else { return nil }
        control.highlightedSegmentIndex = titleControlPart.highlight
        return control
    }

    /// Whether the title control has the keyboard.
    public var isTitleControlFocused: Bool { titleControlPart.hasKeyboardFocus }

    /// A click on a segment chooses it.
    public func titleControlTapped(segment: Int) -> ScreenResponse {
        titleControlPart.highlight = nil
        return titleControlPart.choose(segment)
    }
}

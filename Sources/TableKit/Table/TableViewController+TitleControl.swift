/// A segmented control in the navigation bar: Shift-Tab gives it the keyboard, ← → move
/// along it, Enter or Space choose, Esc, Tab or ↓ give the keyboard back to the rows; a click
/// on a segment chooses it. Choosing the segment already chosen does nothing.
extension TableViewController {
    /// The control as the bar draws it, the segment the keyboard is on underlined.
    public var titleControl: SegmentedControl? {
        guard var control = titleSegmentedControl else { return nil }
        control.highlightedSegmentIndex = titleControlHighlight
        return control
    }

    /// Whether the title control has the keyboard.
    public var isTitleControlFocused: Bool { titleControlHighlight != nil }

    /// A click on a segment chooses it.
    public func titleControlTapped(segment: Int) -> ScreenResponse {
        titleControlHighlight = nil
        return chooseTitleSegment(segment)
    }


    private func chooseTitleSegment(_ index: Int) -> ScreenResponse {
        guard var control = titleSegmentedControl, control.segments.indices.contains(index),
              index != control.selectedSegmentIndex else { return .handled }
        control.selectedSegmentIndex = index
        titleSegmentedControl = control
        return titleSegmentedControlChanged(to: index)
    }

    /// A key for the title control: Shift-Tab focuses it; while focused, its keys. `nil` when
    /// the key is the rows' (a key it does not use gives the keyboard back, then acts).
    func handleTitleControlKey(_ key: Key) -> ScreenResponse? {
        guard let control = titleSegmentedControl, !control.segments.isEmpty else { return nil }
        guard let highlight = titleControlHighlight else {
            guard key == .backTab, !state.isIndexFocused else { return nil }
            closeSwipeMenu()
            titleControlHighlight = control.selectedSegmentIndex
            return .handled
        }
        switch key {
        case .left: titleControlHighlight = max(0, highlight - 1)
        case .right: titleControlHighlight = min(control.segments.count - 1, highlight + 1)
        case .enter, .space:
            titleControlHighlight = nil
            return chooseTitleSegment(highlight)
        case .escape, .tab, .backTab, .down:
            titleControlHighlight = nil
        case .character("?"):
            return .ignored
        default:
            titleControlHighlight = nil
            return nil
        }
        return .handled
    }

    /// The title control's keys, for help and the footer.
    var titleControlKeyHints: (help: [KeyHint], footer: [KeyHint]) {
        guard let control = titleSegmentedControl else { return ([], []) }
        let names = control.segments.joined(separator: " | ")
        if isTitleControlFocused {
            return ([KeyHint("← →", "move along \(names)"), KeyHint("Enter Space", "choose"), KeyHint("Esc Tab ↓", "back to the rows")],
                    [KeyHint("← →", "move"), KeyHint("Enter", "choose"), KeyHint("Esc", "back")])
        }
        return ([KeyHint("S-Tab", "focus \(names) in the bar")], [])
    }
}

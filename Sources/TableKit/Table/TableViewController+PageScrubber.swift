import Foundation

/// The page scrubber under long tables (see `PageScrubberPart`; a row's slider popover is
/// `SliderPopoverPart`).
extension TableViewController {
    /// Whether a long table shows a page scrubber under its rows: a slider of pages, with
    /// "Page 57 of 300 · M" over its thumb while it moves. `p` gives it the keys.
    public var showsPageScrubber: Bool {
        get { pageScrubberPart.isEnabled }
        set { pageScrubberPart.isEnabled = newValue }
    }
}

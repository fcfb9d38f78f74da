/// What drawing needs to know besides the state: the glyphs and colours the terminal can show
/// and whether the view has the keyboard.
///
/// A view that draws its part with another context (a table that is not active while a
/// part over it has the keys) makes it from the one it was given, keeping the glyphs and the
/// colour depth.
public struct RenderContext: Sendable {
    /// Unicode or ASCII symbols.
    public var glyphs: Glyphs
    /// Whether the view being drawn has the keyboard focus (its focus highlight is strong).
    package var isActive: Bool
    /// How many colours the terminal shows, as its backend found out. Most drawing can ignore
    /// it (the backend lowers every colour to one the terminal has); an image dithers to it
    /// (``Canvas/drawHalfBlocks(_:at:clip:glyphs:colorDepth:)``).
    public var colorDepth: ColorDepth

    /// Creates a context; by default Unicode, active, in true colour.
    public init(glyphs: Glyphs = .unicode, isActive: Bool = true, colorDepth: ColorDepth = .trueColor) {
        self.glyphs = glyphs
        self.isActive = isActive
        self.colorDepth = colorDepth
    }
}

/// The colours TableKit draws with, named by role.
public enum Theme {
    /// A plain-style section header band: light text on dark grey, readable on any terminal.
    static let sectionHeader = Style(foreground: .rgb(235, 235, 245), background: .rgb(58, 58, 60), attributes: [.bold])
    /// Secondary text such as a subtitle.
    public static let secondaryText = Style(foreground: .secondary)
    /// The focused row.
    static let focus = Style(attributes: [.reverse])
    /// A selected row that does not have the focus (single selection), UIKit's grey.
    static let selectedRow = Style(background: .rgb(72, 72, 74))
    /// The focused row while another view has the keyboard.
    static let inactiveFocus = Style(attributes: [.underline])
    /// Tinted text: buttons, the index, checkmarks.
    public static let tint = Style(foreground: .tint)
    /// The section index while it is focused or scrubbed.
    static let indexTracking = Style(foreground: .rgb(235, 235, 245), background: .rgb(72, 72, 74))
    /// The edges of a grouped section's box: a quiet grey, like UIKit's separators.
    static let groupedBox = Style(foreground: .secondary)
    /// The navigation bar.
    static let navigationBar = Style(attributes: [.bold])
    /// The band across a picker's chosen rows.
    static let pickerBand = Style(foreground: .rgb(235, 235, 245), background: .rgb(58, 58, 60))
    /// The chosen segment of a segmented control: white on the tint colour.
    static let segmentSelected = Style(foreground: .rgb(255, 255, 255), background: .tint, attributes: [.bold])
    /// A side-swipe menu's buttons, on a band of grey.
    static let swipeMenu = Style(foreground: .rgb(235, 235, 245), background: .rgb(72, 72, 74))
    /// A destructive button of a side-swipe menu: white on red.
    static let swipeMenuDestructive = Style(foreground: .rgb(255, 255, 255), background: .destructive)
    /// A slider's value popover: white on the tint colour.
    static let popover = Style(foreground: .rgb(255, 255, 255), background: .tint, attributes: [.bold])
    /// Values that cannot be edited, in the slate blue of iOS Settings.
    static let readOnlyValue = Style(foreground: .slateBlue)
}

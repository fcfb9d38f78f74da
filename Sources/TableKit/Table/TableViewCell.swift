/// The layout of a cell's labels, as `UITableViewCell.CellStyle`.
public enum CellStyle: Hashable, Sendable {
    /// The text on the left; no detail text.
    case `default`
    /// The text, with the detail text below it in a dimmer style.
    case subtitle
    /// The text on the left, the detail text right-aligned in the slate blue of iOS Settings
    /// (a value that is not edited here).
    case value1
    /// A narrow right-aligned label in the tint colour, then the detail text (Contacts).
    case value2
}

/// What a cell shows at its trailing edge, as `UITableViewCell.AccessoryType`.
public enum Accessory: Hashable, Sendable {
    /// Nothing.
    case none
    /// A chevron `›`: there is more. A tap on it is a tap on the row.
    case disclosureIndicator
    /// An info button `ⓘ` and a chevron: the button has its own action, the rest selects.
    case detailDisclosureButton
    /// An info button `ⓘ` with its own action.
    case detailButton
    /// A checkmark `✓`.
    case checkmark
    /// A custom button such as `[✎]`, with its own action (the `e` key).
    case button(String)
    /// An info button `ⓘ` and a custom button such as `[★]`, each with its own action (`i`
    /// and `e`): a quick look and a toggle on one row.
    case detailAndButton(String)
    /// A switch, as a `UISwitch` in the accessory view: `[ ●]` on, `[○ ]` off. Space, Enter or
    /// a click on it flips it and tells the delegate
    /// (``TableViewDelegate/tableView(_:didChangeSwitchAt:to:)``); the row is not selected.
    /// The value shown is the data source's: a change made in code tells no one.
    case `switch`(Bool)

    /// Whether the accessory has an info button that acts without selecting the row.
    var hasDetailButton: Bool {
        switch self {
        case .detailButton, .detailDisclosureButton, .detailAndButton: return true
        default: return false
        }
    }

    /// The switch's value, if the accessory is a switch.
    var switchValue: Bool? {
        if case .switch(let isOn) = self { return isOn }
        return nil
    }

    /// The custom button's title, if the accessory has one.
    var customButtonTitle: String? {
        switch self {
        case .button(let title), .detailAndButton(let title): return title
        default: return nil
        }
    }
}

/// The content of one row, as a data source hands it to the table.
public struct TableViewCell: Hashable, Sendable {
    /// How the labels are laid out.
    public var style: CellStyle
    /// The main label.
    public var text: String
    /// The secondary label (shown by every style but `.default`).
    public var detailText: String?
    /// An optional glyph drawn at the leading edge, like a cell's image view.
    public var image: String?
    /// The trailing accessory.
    public var accessory: Accessory
    /// Lines the main label may take: 1 truncates with `…`; 0 wraps to as many as it needs.
    public var numberOfLines: Int
    /// Lines the detail label may take: 1 truncates; 0 wraps.
    public var detailNumberOfLines: Int
    /// Whether focusing the row highlights it.
    public var isHighlightable: Bool
    /// A text field in place of the detail label: the row is a form's field, its label in
    /// ``text`` (UIKit's cell with a text field in its content view). The row is as tall as
    /// the field's lines.
    public var textField: TextField?
    /// A line under a form field's row (one with a ``textField``) in the danger colour, such
    /// as why the field's value is refused; wrapped, it makes the row taller. Other rows do not
    /// draw it.
    public var footnote: String?
    /// The cell's content as paragraphs of styled text laid out one under another, in place
    /// of the labels (a custom cell's content view): see ``init(paragraphs:image:accessory:isHighlightable:)``.
    public var paragraphs: [CellParagraph] = []
    /// A slider in place of the detail label, the row's label in ``text`` and its value as
    /// ``detailText`` after the track (UIKit's cell with a slider in its content view). The
    /// value shown is the data source's: a person's change reaches
    /// ``TableViewDelegate/tableView(_:didChangeSliderAt:to:)``, which stores it.
    public var slider: Slider?
    /// Columns in place of the main label: ``columnValues`` laid out by this layout at the
    /// label's width, so that rows line up under a header drawn with the same layout (see
    /// ``TableViewController/renderColumnHeader(_:alignedWith:into:area:)``).
    public var columns: ColumnLayout?
    /// The values of ``columns``, one per column.
    public var columnValues: [String] = []
    /// Set by a table whose section draws trailing checks: the room of a `✓` is kept even
    /// when the row is not checked.
    var reservesCheckmark = false
    /// Set by a table whose section draws leading checks: `◉` when true, `○` when false.
    var leadingCheck: Bool?
    /// Set by a table in editing mode: the row's editing control (`nil` when the table is not
    /// editing); the accessory gives way to the reorder control, or to nothing.
    var editingControl: EditingStyle?
    /// Set by a table in editing mode on a row that can move: `≡` in place of the accessory.
    var showsReorderControl = false
    /// Set by a table on the row whose delete control was used: the red confirmation button
    /// ("Delete") in place of the accessory.
    var deleteConfirmationTitle: String?

    /// Creates a cell.
    public init(
        style: CellStyle = .default,
        text: String,
        detailText: String? = nil,
        image: String? = nil,
        accessory: Accessory = .none,
        numberOfLines: Int = 1,
        detailNumberOfLines: Int = 1,
        isHighlightable: Bool = true
    ) {
        self.style = style
        self.text = text
        self.detailText = detailText
        self.image = image
        self.accessory = accessory
        self.numberOfLines = numberOfLines
        self.detailNumberOfLines = detailNumberOfLines
        self.isHighlightable = isHighlightable
    }

    /// Creates a row of columns: `values` laid out by `layout` (the first is the title, and
    /// ``text`` holds them all, for whatever reads the row as text).
    ///
    /// ```swift
    /// TableViewCell(columns: layout, values: ["Apple", "1.20"], accessory: .disclosureIndicator)
    /// ```
    public init(columns layout: ColumnLayout, values: [String], accessory: Accessory = .none) {
        self.init(text: values.joined(separator: " "), accessory: accessory)
        columns = layout
        columnValues = values
    }

    /// Creates a row with a slider: `text` is its label, `valueText` the value as shown after
    /// the track ("72 columns").
    ///
    /// ```swift
    /// TableViewCell(text: "Speed", valueText: "1×", slider: Slider(value: 1, in: 0.5 ... 2, step: 0.25))
    /// ```
    public init(text: String, valueText: String, slider: Slider) {
        self.init(text: text, detailText: valueText)
        self.slider = slider
    }

    /// Creates a cell whose content is `paragraphs` of styled text, one under another, each
    /// wrapped or cut to the row's width: the row is exactly as tall as they are, measured
    /// again at every new width (a self-sizing cell). ``text`` holds their plain text.
    ///
    /// ```swift
    /// var header = StyledText("Ada", style: Style(attributes: [.bold]))
    /// header.append(" @ada", style: Theme.secondaryText)
    /// let cell = TableViewCell(paragraphs: [
    ///     CellParagraph(header, trailingText: StyledText("3m", style: Theme.secondaryText), wraps: false),
    ///     CellParagraph(StyledText("Tables in a terminal, at last.")),
    /// ])
    /// ```
    public init(paragraphs: [CellParagraph], image: String? = nil, accessory: Accessory = .none, isHighlightable: Bool = true) {
        self.init(text: paragraphs.map(\.text.string).joined(separator: "\n"), image: image, accessory: accessory,
                  numberOfLines: 0, isHighlightable: isHighlightable)
        self.paragraphs = paragraphs
    }
}

/// One paragraph of a cell laid out as styled text (see
/// ``TableViewCell/init(paragraphs:image:accessory:isHighlightable:)``).
public struct CellParagraph: Hashable, Sendable {
    /// The paragraph's text.
    public var text: StyledText
    /// Text set flush right on the paragraph's first line, such as a time; the paragraph's
    /// lines leave room for it.
    public var trailingText: StyledText?
    /// Whether the text wraps to as many lines as it needs (otherwise it is cut to one, with `…`).
    public var wraps: Bool

    /// Creates a paragraph.
    public init(_ text: StyledText, trailingText: StyledText? = nil, wraps: Bool = true) {
        self.text = text
        self.trailingText = trailingText
        self.wraps = wraps
    }

    /// The paragraph's lines in a label `width` columns wide.
    func lines(width: Int) -> [StyledText] {
        let room = trailingText.map { max(1, width - $0.displayWidth - 1) } ?? width
        let lines = wraps ? text.wrapped(width: room) : [text.truncated(width: room)]
        return lines.isEmpty ? [StyledText()] : lines
    }
}

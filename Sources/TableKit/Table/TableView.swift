import Foundation

/// How a table presents its sections, as `UITableView.Style`.
public enum TableStyle: Hashable, Sendable {
    /// Full-width rows; section headers stick to the top while their section scrolls.
    case plain
    /// Sections set apart with a gap; headers above in small caps and footers below, dimmed;
    /// nothing sticks.
    case grouped
}

/// A table's configuration: how it looks and behaves, independent of its content and state.
///
/// A table is driven as "actions in, state and events out": `update(_:action:dataSource:size:heightCache:)`
/// applies a ``TableViewAction`` to a ``TableViewState`` and returns the `TableViewEvent`s it
/// caused; `render(_:dataSource:into:area:context:heightCache:)` draws that state and never changes it.
/// The data source is asked only about the rows that are on screen.
public struct TableView: Sendable {
    /// Plain or grouped; fixed when the table is made, as in UIKit (an app passes it to the
    /// initializer; only the table reads it back).
    let style: TableStyle
    /// The lines a section header takes in the plain style.
    public var sectionHeaderHeight: Int
    /// Whether the section index is drawn when the data source has titles for it.
    public var showsSectionIndex: Bool
    /// What an empty table says in its middle.
    public var emptyMessage: String
    /// How rows are selected, unless the data source says otherwise for a section
    /// (``TableViewDataSource/selectionMode(forSection:)``).
    ///
    /// A section's own mode wins over this one, and governs that section's rows only: a tap,
    /// Enter or Space in one section never selects, deselects or moves a check in another.
    /// The sections this mode governs behave as one UIKit table: with `.single` (UIKit's
    /// `allowsMultipleSelection` off) they have one selected row among them.
    public var selectionMode: SelectionMode
    /// Set by a table controller in editing mode: what each row shows for it (its control,
    /// the reorder control, the Delete button), asked as the row is measured and drawn.
    var editingDecoration: (@MainActor @Sendable (IndexPath) -> EditingDecoration?)?
    /// Set by a table controller in editing mode that allows multiple selection: every
    /// section is selected this way meanwhile, whatever its own mode.
    var selectionModeDuringEditing: SelectionMode?

    /// Creates a table configuration.
    public init(
        style: TableStyle = .plain, sectionHeaderHeight: Int = 1, showsSectionIndex: Bool = true,
        emptyMessage: String = "No Items", selectionMode: SelectionMode = .single
    ) {
        self.selectionMode = selectionMode
        self.style = style
        self.sectionHeaderHeight = max(1, sectionHeaderHeight)
        self.showsSectionIndex = showsSectionIndex
        self.emptyMessage = emptyMessage
    }
}

/// One thing in a table's scrolling content: a section header, a row or a section footer.
public struct ContentItem: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Which kind of thing.
    enum Kind: Int, Hashable, Sendable {
        /// A section's header title.
        case header
        /// A row.
        case row
        /// A section's footer title.
        case footer
    }

    /// Which kind of thing.
    var kind: Kind
    /// The section it belongs to.
    var section: Int
    /// The row, for a row; 0 otherwise.
    var row: Int

    /// Creates an item.
    init(_ kind: Kind, section: Int, row: Int = 0) {
        self.kind = kind
        self.section = section
        self.row = row
    }

    /// The row item at `indexPath`.
    public static func row(_ indexPath: IndexPath) -> ContentItem {
        ContentItem(.row, section: indexPath.section, row: indexPath.row)
    }

    /// The index path of a row item; `nil` for headers and footers.
    var indexPath: IndexPath? {
        kind == .row ? IndexPath(row: row, section: section) : nil
    }

    /// Orders items as they appear on screen.
    public static func < (a: ContentItem, b: ContentItem) -> Bool {
        (a.section, a.kind.rawValue, a.row) < (b.section, b.kind.rawValue, b.row)
    }

    /// A short form for test failures.
    public var description: String {
        switch kind {
        case .header: return "header \(section)"
        case .row: return "row \(section).\(row)"
        case .footer: return "footer \(section)"
        }
    }
}

/// Where a table is scrolled to: the item on the top line and how many of its lines lie above it.
public struct ScrollPosition: Hashable, Comparable, Sendable {
    /// The item that covers the top line.
    var item: ContentItem
    /// How many lines of that item are scrolled off the top.
    var lineOffset: Int

    /// Creates a scroll position.
    public init(item: ContentItem, lineOffset: Int = 0) {
        self.item = item
        self.lineOffset = lineOffset
    }

    /// Orders positions from the top of the content to the bottom.
    public static func < (a: ScrollPosition, b: ScrollPosition) -> Bool {
        (a.item, a.lineOffset) < (b.item, b.lineOffset)
    }
}

/// What changes while a person uses a table: focus, scroll position and the section index.
public struct TableViewState: Hashable, Sendable {
    /// The row that the keyboard acts on; `nil` when the table has no rows.
    public var focusedRow: IndexPath?
    /// The item on the top line; `nil` means the top of the content.
    public var scrollPosition: ScrollPosition?
    /// Whether the section index has the keyboard focus (Tab).
    package internal(set) var isIndexFocused: Bool
    /// The position, in the full list of index titles, that the index is on while focused or scrubbed.
    var indexPosition: Int?
    /// Whether a mouse drag on the index is under way.
    var isScrubbing: Bool
    /// The row whose slider a mouse drag is moving.
    var draggedSlider: IndexPath?
    /// The selected rows: checked rows in radio and checkmark sections, the tapped row in a
    /// single-selection table.
    public var selectedRows: Set<IndexPath>

    /// A table at the top, with the focus on its first row once it has one.
    package init(focusedRow: IndexPath? = nil) {
        self.focusedRow = focusedRow
        scrollPosition = nil
        isIndexFocused = false
        indexPosition = nil
        isScrubbing = false
        draggedSlider = nil
        selectedRows = []
    }

    /// Whether the big overlay letter of the index is showing.
    var showsIndexOverlay: Bool { (isIndexFocused || isScrubbing) && indexPosition != nil }
}

/// What a person can do to a table; key bindings and mouse handling produce these.
public enum TableViewAction: Hashable, Sendable {
    /// Move the focus by this many rows (negative: up).
    case moveFocus(by: Int)
    /// Move the focus a page down.
    case pageDown
    /// Move the focus a page up.
    case pageUp
    /// Focus the first row.
    case home
    /// Focus the last row.
    case end
    /// Tap the focused row.
    case select
    /// Space on a checkable row: choose it (radio) or toggle its check (multiple).
    case toggleCheck
    /// Tap the focused row's detail (info) button.
    case tapDetailButton
    /// Tap the focused row's custom accessory button.
    case tapAccessoryButton
    /// Flip the focused row's switch.
    case toggleSwitch
    /// Move the focused row's slider.
    case moveSlider(Slider.Motion)
    /// Scroll the content by lines without choosing a row (the mouse wheel).
    case scroll(by: Int)
    /// Give the keyboard to the section index, or back to the rows.
    case toggleIndexFocus
    /// Give the keyboard back to the rows.
    case leaveIndex
    /// Move through the index titles by this many (the table jumps live).
    case moveIndex(by: Int)
    /// Jump to the index title for this letter, or the nearest one after it.
    case jumpToIndexLetter(Character)
    /// Jump to the title at this position in the full index list.
    case jumpToIndexPosition(Int)
    /// A press on the row at `indexPath`, on `part` of it (``TableViewController/hitTest(_:)``
    /// says which): the row takes the focus, and the press selects it, taps the button it is
    /// on, flips its switch or takes its slider's thumb to the value under it.
    case tap(IndexPath, TableHit.RowPart)
    /// A press or a drag on the section index, over the title at `position` of the full list
    /// (`nil`: between titles). The table jumps to that title's section as the press lands
    /// and each time the drag crosses into another title; once begun, the scrub follows the
    /// drag until ``endPress``.
    case scrubIndex(to: Int?)
    /// The drag of the slider whose thumb a ``tap(_:_:)`` took, to `value`.
    case slide(IndexPath, to: Double)
    /// The press ended: a scrub of the index or a slider's drag is over.
    case endPress
    /// Focus the row at `indexPath` and scroll it to `position`, as
    /// `UITableView.scrollToRow(at:at:animated:)` (see ``TableViewController/scrollToRow(at:at:animated:)``);
    /// a row that does not exist changes nothing.
    case scrollToRow(IndexPath, at: TableViewScrollPosition)
    /// Put back a state saved before — the table as a search found it, when the search ends —
    /// keeping the selection made since when the data source identifies its items. The
    /// delegate hears of no focus change: the table comes back as it was.
    case restoreState(TableViewState)
    /// Make sure the focus is valid and on screen (after a resize or a data change).
    case refresh
}

/// What a table reports back after an action.
enum TableViewEvent: Hashable, Sendable {
    /// A row was tapped (Enter, →, a click).
    case didSelectRow(IndexPath)
    /// A checkable row's check was toggled (Space).
    case didToggleRow(IndexPath)
    /// A row's detail (info) button was tapped; the row was not selected.
    case accessoryButtonTapped(IndexPath)
    /// A row's custom accessory button was tapped; the row was not selected.
    case customAccessoryTapped(IndexPath)
    /// The clear button `×` of a row's text field was clicked; the row has the focus.
    case clearButtonTapped(IndexPath)
    /// A row's switch was flipped (Space, Enter, a click on it): `isOn` is its new value.
    case switchToggled(IndexPath, isOn: Bool)
    /// A row's slider was moved (← →, PgUp PgDn, Home End, a click or a drag on its track):
    /// `value` is its new value.
    case sliderChanged(IndexPath, value: Double)
    /// The focus moved to another row.
    case focusChanged(IndexPath?)
}

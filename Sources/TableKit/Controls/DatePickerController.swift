extension BarButtonItem.Identifier {
    /// A date screen's Save.
    static let dateSave: Self = "dateSave"
    /// A date screen's Cancel.
    public static let dateCancel: Self = "dateCancel"
}

/// A screen for choosing one date, as the grouped date screens of iOS's Settings: the value
/// as "March 4, 2011" in a grouped row above the wheels of a ``DatePicker``, Cancel and Save
/// in the navigation bar. Save hands the value to `save` and goes back; Cancel (or Esc) goes
/// back with nothing changed.
///
/// ```swift
/// let screen = DatePickerController(title: "Released", datePicker: DatePicker(configuration: .init(mode: .date))) { picker in
///     release = picker.date
/// }
/// return .push(screen)
/// ```
///
/// Every ``Screen`` requirement but the ``title`` (the initialiser's) is an `open` member
/// here, so a subclass overrides what it needs and calls `super` for the rest.
@MainActor
open class DatePickerController: Screen {
    /// The navigation bar's title, and the row's label.
    public let title: String
    /// The wheels and the value.
    public private(set) var datePicker: DatePicker
    /// A line under the wheels (the allowed range, say); `nil` for none.
    package var footer: String?
    /// Reads the time for the roll-back; tests pass a clock they move by hand.
    var now: () -> ContinuousClock.Instant = { ContinuousClock.now }
    private let save: (DatePicker) -> Void

    /// A screen titled `title` showing `datePicker`; Save calls `save` with it.
    public init(title: String, datePicker: DatePicker, save: @escaping (DatePicker) -> Void) {
        self.title = title
        self.datePicker = datePicker
        self.save = save
    }

    /// Cancel, on the left.
    open var leftBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .dateCancel, title: "Cancel", key: .escape, help: "go back without changing the date")]
    }

    /// Save, on the right.
    open var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(id: .dateSave, title: "Save", key: .control("s"), isProminent: true, help: "keep this date")]
    }

    /// Save hands the value over and goes back; Cancel only goes back.
    open func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        switch id {
        case .dateSave:
            save(datePicker)
            return .pop
        case .dateCancel:
            return .pop
        default:
            return .ignored
        }
    }

    /// The size of the area of the mouse report in hand.
    private var mouseAreaSize = Size.zero
    /// The wheels' mouse (positions in the screen's area).
    private lazy var gestures: GestureArena = {
        let arena = GestureArena()
        let wheels: @MainActor () -> Rect = { [unowned self] in parts(of: Rect(origin: .zero, size: mouseAreaSize)).wheels }
        PickerView.addGestureRecognizers(to: arena, frame: wheels) { [unowned self] gesture in
            _ = datePicker.perform(gesture, size: wheels().size, at: now())
        }
        return arena
    }()

    /// The lines the wheels take.
    static let wheelHeight = 7

    /// The grouped row (a line below the bar), the wheels a line below it, then the footer.
    private func parts(of area: Rect) -> (row: Rect, wheels: Rect, footer: Rect) {
        let row = area.inset(top: 1).topLines(3)
        let wheels = area.inset(top: 5).topLines(Self.wheelHeight)
        return (row, wheels, area.inset(top: 6 + Self.wheelHeight).topLines(2))
    }

    /// Draws the value's row, the wheels and the footer.
    open func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let (row, wheels, footer) = parts(of: area)
        let table = TableView(style: .grouped, showsSectionIndex: false, selectionMode: SelectionMode.none)
        let value = StaticTableDataSource([TableSection(cells: [TableViewCell(style: .value1, text: title, detailText: datePicker.displayText)])])
        table.render(TableViewState(), dataSource: value, into: &canvas, area: row, context: RenderContext(glyphs: context.glyphs, isActive: false, colorDepth: context.colorDepth),
                     heightCache: RowHeightCache())
        datePicker.render(into: &canvas, rect: wheels, isFocused: context.isActive, context: context)
        if let text = self.footer {
            for (line, wrapped) in TextLayout.wrap(text, width: max(1, footer.width - 4)).prefix(footer.height).enumerated() {
                canvas.draw(wrapped, at: Point(x: footer.minX + 2, y: footer.minY + line), style: Theme.secondaryText, clip: footer)
            }
        }
    }

    /// Wheel keys and clicks turn the wheels; Enter saves; ticks roll the wheels back.
    open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        switch event {
        case .tick:
            datePicker.tick(at: now())
            return .handled
        case .key(let key) where Self.keyBindings.action(for: key) == .save:
            return barButtonTapped(.dateSave, area: area)
        case .key(let key):
            if key == .left && datePicker.wheels.focusedComponent == 0 { return .ignored }
            return datePicker.handle(key, at: now()) || PickerView.isWheelKey(key) ? .handled : .ignored
        case .mouse(let mouse):
            mouseAreaSize = area.size
            gestures.handle(mouse, now: now())
            return .handled
        case .resize, .paste:
            return .handled
        }
    }

    /// While the wheels roll back.
    open var wantsTicks: Bool { datePicker.isRollingBack }

    /// Letters turn the wheels to rows (the month named).
    open var capturesTextInput: Bool { true }

    // MARK: Screen's other requirements

    // Every `Screen` requirement but the constant `title` is an `open` member of the class, as
    // in `TableViewController`: one left to the protocol's extension is chosen once for the
    // class, so a subclass's own would compile without `override` and never be called. Each of
    // these does what the extension does.

    /// What the navigation bar shows while the screen is in front: the title, by default.
    open var navigationTitle: String { title }
    /// The back button title for screens pushed on this one: `nil`, the title, by default.
    open var backButtonTitle: String? { nil }
    /// A line above the navigation bar while the screen is in front: none, by default.
    open var prompt: String? { nil }
    /// A segmented control in place of the title: none, by default.
    open var titleControl: SegmentedControl? { nil }
    /// A segment of the ``titleControl`` was clicked: ignored, by default.
    ///
    /// - Parameter segment: the segment clicked.
    open func titleControlTapped(segment: Int) -> ScreenResponse { .ignored }
    /// The toolbar's items: none, by default (no toolbar).
    open var toolbarItems: [BarButtonItem] { [] }
    /// The tab bar's item for the screen when it is a tab's root: `nil`, by default, so the
    /// tab bar makes one from the title.
    open var tabBarItem: TabBarItem? { nil }
    /// Called before the screen comes to the front: nothing to do, by default.
    open func viewWillAppear() {}
    /// Called after the screen has left the front: nothing to do, by default.
    open func viewDidDisappear() {}
    /// Lays the screen out for an area of `size`: nothing to do, by default; drawing places
    /// the row, the wheels and the footer in the area it is given.
    ///
    /// - Parameter size: the size of the screen's area.
    open func layout(for size: Size) {}
    /// Asked before the screen is popped: popping is allowed, by default; Cancel and Esc
    /// leave with nothing changed.
    ///
    /// - Parameter confirm: pops the screen, for a modal that asks first.
    open func shouldPop(confirm: @escaping () -> Void) -> PopDecision { .allow }
    /// Whether leaving the screen would lose work: no, by default.
    open var hasUnsavedChanges: Bool { false }

    /// What the screen is saving in the background, in words (default: nothing); quitting
    /// waits for it.
    open var savingDescription: String? { nil }
    /// A sentence for the status line in place of the key hints: none, by default.
    open var statusMessage: String? { nil }
    /// Whether every event must wait for work in flight: no, by default.
    open var defersEvents: Bool { false }
    /// Whether `event` must wait for work in flight: as ``defersEvents`` says, by default.
    ///
    /// - Parameter event: the event that would be handled.
    open func defers(_ event: Event) -> Bool { defersEvents }

    /// What the screen's own keys do, besides the wheels'.
    enum KeyAction: Hashable, Sendable {
        /// Save the date, as the Save button does.
        case save
    }

    /// The screen's own keys, as data: ``handle(_:area:)`` looks keys up here, and help and
    /// the footer read it.
    static let keyBindings: [KeyBinding<KeyAction>] = [
        KeyBinding([.enter], .save, label: "Enter", help: "save the date", footer: "save"),
    ]

    /// The wheels' keys, and Enter (the bar's buttons list Save and Cancel).
    open var keyHelp: [KeyHint] { PickerView.keyHelp + Self.keyBindings.helpHints() }

    /// The footer's few: the wheels', Enter, and the Cancel button's key.
    open var keyHints: [KeyHint] {
        let cancel = leftBarButtonItems.compactMap { item in item.key.map { KeyHint(BarButtonItem.keyLabel($0), item.title.lowercased()) } }
        return PickerView.keyBindings.footerHints() + Self.keyBindings.footerHints() + cancel
    }
}

/// One wheel of a ``PickerView``: its rows' titles, and whether it turns endlessly.
public struct PickerComponent: Hashable, Sendable {
    /// The rows' titles, top to bottom.
    public var titles: [String]
    /// Whether the rows repeat all the way round, so the selection never reaches an end.
    public var isEndless: Bool
    /// Rows drawn greyed out, as the date picker's days a month does not have: they can still
    /// be turned to (the owner rolls back from them).
    public var disabledRows: Set<Int>

    /// Creates a wheel of `titles`.
    public init(_ titles: [String], isEndless: Bool = false, disabledRows: Set<Int> = []) {
        self.titles = titles
        self.isEndless = isEndless
        self.disabledRows = disabledRows
    }

    /// The columns the wheel takes: its widest title and a space each side.
    var width: Int { (titles.map(\.displayWidth).max() ?? 0) + 2 }
}

/// What a person changed on a ``PickerView``: the row now chosen in a component, as
/// `pickerView(_:didSelectRow:inComponent:)` hears it. Changes made in code report nothing.
public struct PickerChange: Hashable, Sendable {
    /// The component turned.
    public var component: Int
    /// The row now chosen in it.
    public var row: Int

    /// A change of `component` to `row`.
    public init(component: Int, row: Int) {
        self.component = component
        self.row = row
    }
}

/// Wheels of rows, as `UIPickerView`: each component's chosen row sits centred and bright on a
/// highlighted band, its neighbours above and below dimmer the further they are.
///
/// ↑ ↓ turn the focused component, ← → move between components, a letter turns to the next
/// row starting with it; the mouse wheel turns the wheel under it, and a click on a neighbour
/// turns to it. An endless component repeats its rows all the way round.
///
/// ```swift
/// var picker = PickerView(components: [PickerComponent(["Puzzle", "Action", "Racing"], isEndless: true)])
/// if let change = picker.handle(.down) { print("row \(change.row)") }
/// ```
public struct PickerView: Hashable, Sendable {
    /// The wheels, left to right.
    public var components: [PickerComponent]
    /// The chosen row of each component.
    public private(set) var selectedRows: [Int]
    /// The component the keys turn.
    public internal(set) var focusedComponent = 0
    /// Components turning on their own (a ``PickerSpin``): their text is dimmed until they stop.
    public internal(set) var spinningComponents: Set<Int> = []

    /// Creates a picker with the first row of each component chosen.
    public init(components: [PickerComponent]) {
        self.components = components
        selectedRows = Array(repeating: 0, count: components.count)
    }

    /// Chooses `row` in `component`, reporting nothing (UIKit's `selectRow(_:inComponent:animated:)`);
    /// an endless wheel takes any row round to its own, another is held to its ends.
    public mutating func selectRow(_ row: Int, inComponent component: Int) {
        guard components.indices.contains(component) else { return }
        selectedRows[component] = normalised(row, in: component)
    }

    private func normalised(_ row: Int, in component: Int) -> Int {
        let count = components[component].titles.count
        guard count > 0 else { return 0 }
        if components[component].isEndless { return ((row % count) + count) % count }
        return max(0, min(row, count - 1))
    }

    /// Turns `component` by `steps` rows for a person: the change, or `nil` when it stayed.
    mutating func turn(_ component: Int, by steps: Int) -> PickerChange? {
        guard components.indices.contains(component) else { return nil }
        let before = selectedRows[component]
        selectRow(before + steps, inComponent: component)
        return selectedRows[component] == before ? nil : PickerChange(component: component, row: selectedRows[component])
    }

    /// A key: ↑ ↓ turn, ← → move between components, PgUp PgDn turn by five, a
    /// letter or digit turns to the next row that starts with it. The change, if any.
    public mutating func handle(_ key: Key) -> PickerChange? {
        guard !components.isEmpty else { return nil }
        focusedComponent = max(0, min(focusedComponent, components.count - 1))
        switch Self.keyBindings.action(for: key) {
        case .turn(let rows): return turn(focusedComponent, by: rows)
        case .focusComponent(let offset):
            focusedComponent = max(0, min(components.count - 1, focusedComponent + offset))
        case nil:
            if let character = Self.typeAheadCharacter(key) { return jump(to: character) }
        }
        return nil
    }

    /// What a wheel key does.
    package enum KeyAction: Hashable, Sendable {
        /// Turns the focused wheel by this many rows.
        case turn(by: Int)
        /// Focuses the wheel this many components to the right (to the left when negative).
        case focusComponent(by: Int)
    }

    /// The wheels' keys, as data: ``handle(_:)-(Key)`` looks keys up here, and help and
    /// footers read it. A letter or digit also turns to a row (``typeAheadHint``).
    package static let keyBindings: [KeyBinding<KeyAction>] = [
        KeyBinding([.up], .turn(by: -1), label: "↑", help: "turn the wheel", footer: "turn"),
        KeyBinding([.down], .turn(by: 1), label: "↓", help: "turn the wheel", footer: "turn"),
        KeyBinding([.left], .focusComponent(by: -1), label: "←", help: "the wheel beside it", footer: "wheel"),
        KeyBinding([.right], .focusComponent(by: 1), label: "→", help: "the wheel beside it", footer: "wheel"),
        KeyBinding([.pageUp], .turn(by: -5), label: "PgUp", help: "turn five rows"),
        KeyBinding([.pageDown], .turn(by: 5), label: "PgDn", help: "turn five rows"),
    ]

    /// Help for the keys no table can list: a letter or digit turns to a row starting with it.
    static let typeAheadHint = KeyHint("A–Z", "turn to a row starting with the letter")

    /// The letter or digit `key` types, which turns the wheel to a row starting with it.
    private static func typeAheadCharacter(_ key: Key) -> Character? {
        guard case .character(let character) = key, character.isLetter || character.isNumber else { return nil }
        return character
    }

    /// Turns the focused component to the next row after the chosen one whose title starts
    /// with `character` (case and accents ignored), round the end.
    private mutating func jump(to character: Character) -> PickerChange? {
        let titles = components[focusedComponent].titles
        let start = selectedRows[focusedComponent]
        let wanted = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        for offset in 1 ... max(1, titles.count) {
            let row = (start + offset) % max(1, titles.count)
            let first = titles[row].prefix(1).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            if first == wanted { return row == start ? nil : turn(focusedComponent, by: row - start) }
        }
        return nil
    }

    /// Whether ``handle(_:)-(Key)`` uses `key`, whether or not a wheel turns.
    static func isWheelKey(_ key: Key) -> Bool {
        keyBindings.action(for: key) != nil || typeAheadCharacter(key) != nil
    }

    /// The keys ``handle(_:)-(Key)`` understands, for help: ``keyBindings``, then type-ahead.
    package static let keyHelp: [KeyHint] = keyBindings.helpHints() + [typeAheadHint]

    // MARK: Layout

    /// Each component's columns within a picker drawn in `width` columns, centred, a column
    /// apart.
    public func columns(width: Int) -> [Range<Int>] {
        let total = components.reduce(0) { $0 + $1.width } + max(0, components.count - 1)
        var x = max(0, (width - total) / 2)
        return components.map { component in
            defer { x += component.width + 1 }
            return x ..< x + component.width
        }
    }

    /// The title `offset` rows from the chosen one in `component`, or `nil` past an end.
    func title(_ component: Int, offset: Int) -> String? {
        row(component, offset: offset).map { components[component].titles[$0] }
    }

    /// The row `offset` rows from the chosen one in `component`, or `nil` past an end.
    private func row(_ component: Int, offset: Int) -> Int? {
        let wheel = components[component]
        let row = selectedRows[component] + offset
        guard !wheel.titles.isEmpty else { return nil }
        if wheel.isEndless { return normalised(row, in: component) }
        return wheel.titles.indices.contains(row) ? row : nil
    }

    // MARK: Gestures

    /// What a person does to the picker with the mouse, as its recognizers report it.
    public enum Gesture: Hashable, Sendable {
        /// A press at a point of the picker: the wheel under it takes the keys and turns to
        /// the row pressed.
        case press(at: Point)
        /// The wheel under a point turned by a number of rows, later rows positive: a drag up
        /// or down, or the mouse wheel.
        case spin(at: Point, rows: Int)
    }

    /// Carries out `gesture` on a picker drawn in `size` (points from its corner): the change,
    /// or `nil` when nothing turned (a press beside the wheels, past a wheel's end, on the
    /// chosen row).
    public mutating func perform(_ gesture: Gesture, size: Size) -> PickerChange? {
        switch gesture {
        case .press(let point):
            guard let component = component(atColumn: point.x, width: size.width) else { return nil }
            focusedComponent = component
            let offset = point.y - (size.height - 1) / 2
            return title(component, offset: offset) == nil ? nil : turn(component, by: offset)
        case .spin(let point, let rows):
            guard let component = component(atColumn: point.x, width: size.width) else { return nil }
            return turn(component, by: rows)
        }
    }

    /// The component drawn at column `x` of a picker `width` wide, if any.
    func component(atColumn x: Int, width: Int) -> Int? {
        columns(width: width).firstIndex { $0.contains(x) }
    }

    /// Adds a picker's mouse to `arena`, for a picker drawn at `frame` (in the arena's cells,
    /// asked at each gesture): a press on a row turns its wheel there, and a drag up or down
    /// from it spins that wheel a row a line, as a finger on `UIPickerView`'s wheel; the mouse
    /// wheel turns the wheel under the pointer a row a notch. `perform` hands each gesture,
    /// its points from the picker's corner, to the host, which applies it to the picker it
    /// keeps with ``perform(_:size:)``.
    ///
    /// ```swift
    /// PickerView.addGestureRecognizers(to: arena, frame: { wheelsRect }) { [unowned self] gesture in
    ///     if let change = picker.perform(gesture, size: wheelsRect.size) { pickerChanged(change) }
    /// }
    /// ```
    @MainActor
    public static func addGestureRecognizers(to arena: GestureArena, frame: @escaping @MainActor () -> Rect,
                                             perform: @escaping @MainActor (Gesture) -> Void) {
        func local(_ point: Point) -> Point {
            let origin = frame().origin
            return Point(x: point.x - origin.x, y: point.y - origin.y)
        }
        // The press follows the pointer from the moment it lands until the release.
        var lastLine = 0
        var pressedAt = Point.zero
        let press = LongPressGestureRecognizer { press in
            switch press.state {
            case .began:
                pressedAt = local(press.location)
                lastLine = press.location.y
                perform(.press(at: pressedAt))
            case .changed:
                // Content follows the pointer: a drag down brings earlier rows.
                let rows = lastLine - press.location.y
                lastLine -= rows
                if rows != 0 { perform(.spin(at: pressedAt, rows: rows)) }
            default:
                break
            }
        }
        press.minimumPressDuration = .zero
        arena.addGestureRecognizer(press, receivingPressesWhere: { frame().contains($0) })
        // The wheel, turned up (away from the person), brings earlier rows as a drag down does.
        var spun = 0
        let wheel = PanGestureRecognizer { pan in
            if pan.state == .began { spun = 0 }
            guard pan.state == .began || pan.state == .changed else { return }
            let rows = -pan.translation.y - spun
            spun += rows
            if rows != 0 { perform(.spin(at: local(pan.location), rows: rows)) }
        }
        wheel.allowedScrollTypesMask = .discrete
        // A drag cannot begin it: the press began first and made it fail.
        arena.addGestureRecognizer(wheel, receivingPressesWhere: { frame().contains($0) })
    }

    // MARK: Drawing

    /// Draws the wheels in `rect`: the chosen rows on the middle line's band (the focused
    /// component's underlined while `isFocused`), neighbours dimmer with distance; disabled
    /// rows and spinning wheels are dimmed throughout.
    public func render(into canvas: inout Canvas, rect: Rect, isFocused: Bool, context: RenderContext) {
        guard !rect.isEmpty else { return }
        canvas.fill(rect, style: .plain)
        let middle = (rect.height - 1) / 2
        let columns = columns(width: rect.width)
        if let first = columns.first, let last = columns.last {
            canvas.fill(Rect(x: rect.minX + first.lowerBound, y: rect.minY + middle, width: last.upperBound - first.lowerBound, height: 1),
                        style: Theme.pickerBand)
        }
        for (component, range) in columns.enumerated() {
            for line in 0 ..< rect.height {
                let offset = line - middle
                guard let row = row(component, offset: offset) else { continue }
                let title = components[component].titles[row]
                var style: Style
                switch abs(offset) {
                case 0: style = Theme.pickerBand.adding(.bold)
                case 1: style = .plain
                case 2: style = Theme.secondaryText
                default: style = Theme.secondaryText.adding(.dim)
                }
                if spinningComponents.contains(component) || components[component].disabledRows.contains(row) {
                    style = offset == 0 ? Theme.pickerBand.adding(.dim) : Theme.secondaryText.adding(.dim)
                }
                if offset == 0 && isFocused && component == focusedComponent { style.attributes.insert(.underline) }
                let cell = Rect(x: rect.minX + range.lowerBound, y: rect.minY + line, width: range.count, height: 1)
                let shown = TextLayout.truncate(title, width: range.count - 2)
                canvas.draw(shown, at: Point(x: cell.minX + (range.count - shown.displayWidth) / 2, y: cell.minY), style: style, clip: rect)
            }
        }
    }
}

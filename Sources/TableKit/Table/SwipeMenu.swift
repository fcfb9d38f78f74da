import Foundation

/// The content of a row coming back to rest after its menu closes: it overshoots its place,
/// comes back a little past it, and settles — a bounce. A pure timeline, as
/// ``SlideAnimation``: asked for its value at an instant.
struct SwipeBounce: Hashable, Sendable {
    /// Where the content starts, in columns from its place (negative: to the left).
    let from: Double
    /// How far past its place the content swings, in columns.
    let overshoot: Double
    let start: ContinuousClock.Instant
    let duration: Duration

    /// A bounce back from `from`; the swing is a tenth of the way, one to three columns.
    /// The bounce's length at the standard speed.
    static let standardDuration = Duration.milliseconds(350)

    init(from: Double, start: ContinuousClock.Instant, duration: Duration = standardDuration) {
        self.from = from
        overshoot = min(3, max(1, (abs(from) / 10).rounded()))
        self.start = start
        self.duration = abs(from) < 0.5 ? .zero : duration
    }

    /// Whether the content is at rest at `instant`.
    func isFinished(at instant: ContinuousClock.Instant) -> Bool {
        duration <= .zero || instant >= start + duration
    }

    /// The content's offset at `instant`: `from` at the start, past its place in the other
    /// direction at half time (the overshoot), a little back on this side at four fifths,
    /// then 0.
    func value(at instant: ContinuousClock.Instant) -> Double {
        if isFinished(at: instant) { return 0 }
        if instant <= start { return from }
        let t = min(max((instant - start) / duration, 0), 1)
        let side: Double = from < 0 ? -1 : 1
        let keyframes: [(time: Double, value: Double)] = [(0, from), (0.5, -side * overshoot), (0.8, side * overshoot * 0.4), (1, 0)]
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where t <= b.time {
            let local = (t - a.time) / (b.time - a.time)
            let eased = 1 - (1 - local) * (1 - local) * (1 - local)
            return a.value + (b.value - a.value) * eased
        }
        return 0
    }
}

/// Where a swiped row's content is over time, in columns from its place.
enum SwipeMotion {
    /// Sliding out to open the menu (or to rest, when closing without a bounce).
    case slide(SlideAnimation)
    /// Coming back with a bounce.
    case bounce(SwipeBounce)
    /// Following a mouse drag: exactly here until the button is released.
    case held(Double)

    func offset(at instant: ContinuousClock.Instant) -> Double {
        switch self {
        case .slide(let slide): return slide.value(at: instant)
        case .bounce(let bounce): return bounce.value(at: instant)
        case .held(let offset): return offset
        }
    }

    func isFinished(at instant: ContinuousClock.Instant) -> Bool {
        switch self {
        case .slide(let slide): return slide.isFinished(at: instant)
        case .bounce(let bounce): return bounce.isFinished(at: instant)
        case .held: return true
        }
    }
}

/// One row's side-swipe menu: open, opening, followed by a drag, or bouncing closed.
struct SwipeSession {
    /// The row.
    var indexPath: IndexPath
    /// The side whose buttons show.
    var edge: SwipeEdge
    /// The delegate's configuration, outermost button first.
    var configuration: SwipeActionsConfiguration
    /// The buttons left to right, with their keys.
    var buttons: [(action: ContextualAction, key: Character)]
    /// The chosen button, an index into ``buttons``.
    var selected: Int
    /// The row's width when the menu opened: the content slides this far.
    var width: Int
    var motion: SwipeMotion

    init(indexPath: IndexPath, edge: SwipeEdge, configuration: SwipeActionsConfiguration, width: Int, motion: SwipeMotion) {
        self.indexPath = indexPath
        self.edge = edge
        self.configuration = configuration
        self.width = max(1, width)
        self.motion = motion
        // Outermost first means rightmost first on the trailing side.
        let ordered = edge == .leading ? configuration.actions : configuration.actions.reversed()
        buttons = Self.assignKeys(ordered)
        // Start on the first button that destroys nothing: Enter at once is then harmless.
        selected = ordered.firstIndex { $0.style != .destructive } ?? 0
    }

    /// Where the content rests while the menu is open: fully out on the side it slid to.
    var openOffset: Double { Double(edge.direction * width) }

    /// Each button's key: its own, or the first letter of its title no earlier button has
    /// (buttons with keys of their own are served first).
    static func assignKeys(_ actions: [ContextualAction]) -> [(action: ContextualAction, key: Character)] {
        var taken = Set(actions.compactMap { $0.key.map { Character($0.lowercased()) } })
        return actions.map { action in
            if let key = action.key { return (action, Character(key.lowercased())) }
            let key = action.title.lowercased().first { $0.isLetter && !taken.contains($0) }
                ?? action.title.lowercased().first ?? " "
            taken.insert(key)
            return (action, key)
        }
    }

    /// The button whose key is `character`, if any.
    func button(forKey character: Character) -> Int? {
        let lower = Character(character.lowercased())
        return buttons.firstIndex { $0.key == lower }
    }

    // MARK: Layout

    /// The columns of each button in a row of `width`: equal slots, the spare columns going to
    /// the first ones.
    static func slots(count: Int, width: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let base = width / count, spare = width % count
        var x = 0
        return (0 ..< count).map { index in
            let slot = base + (index < spare ? 1 : 0)
            defer { x += slot }
            return x ..< x + slot
        }
    }

    /// The button under column `x` of the row (from its left edge).
    func button(atColumn x: Int) -> Int? {
        Self.slots(count: buttons.count, width: width).firstIndex { $0.contains(x) }
    }

    /// The buttons' labels, all in the fullest form that fits every slot: image and title,
    /// title, image, then the key alone.
    private func labels(slotWidth: Int, glyphs: Glyphs) -> [String] {
        let images = buttons.map { button -> String? in
            guard let image = button.action.image, glyphs != .ascii || image.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
            return image
        }
        let forms: [[String]] = [
            zip(buttons, images).map { button, image in image.map { $0 + " " + button.action.title } ?? button.action.title },
            buttons.map(\.action.title),
            zip(buttons, images).map { button, image in image ?? String(button.key) },
            buttons.map { String($0.key) },
        ]
        // A space on each side of the label, so the chosen one stands out.
        return forms.first { form in form.allSatisfy { $0.displayWidth + 2 <= slotWidth } } ?? forms[3]
    }

    /// Draws the menu across `rect` (the whole row): every button centred in its slot on the
    /// middle line of what is visible, a destructive one's slot red, the chosen one reversed,
    /// each title's key underlined.
    func drawMenu(into canvas: inout Canvas, rect: Rect, visibleLines: Range<Int>, showsSelection: Bool, glyphs: Glyphs) {
        canvas.fill(rect, style: Theme.swipeMenu)
        let slots = Self.slots(count: buttons.count, width: rect.width)
        let labels = labels(slotWidth: slots.map(\.count).min() ?? 0, glyphs: glyphs)
        let middle = visibleLines.isEmpty ? rect.minY : visibleLines.lowerBound + (visibleLines.count - 1) / 2
        for (index, (button, slot)) in zip(buttons, slots).enumerated() {
            let label = " " + labels[index] + " "
            let x = rect.minX + slot.lowerBound + max(0, (slot.count - label.displayWidth) / 2)
            var style = Theme.swipeMenu
            if button.action.style == .destructive {
                // A destructive button is a red block, as UIKit's.
                style = Theme.swipeMenuDestructive
                canvas.fill(Rect(x: rect.minX + slot.lowerBound, y: rect.minY, width: slot.count, height: rect.height), style: style)
            }
            if showsSelection && index == selected { style.attributes.insert([.reverse, .bold]) }
            let end = canvas.draw(label, at: Point(x: x, y: middle), style: style, clip: rect)
            underlineKey(button.key, in: label, from: x, to: end, y: middle, canvas: &canvas)
        }
    }

    /// Underlines the first `key` in the drawn `label` (when the label shows it).
    private func underlineKey(_ key: Character, in label: String, from x: Int, to end: Int, y: Int, canvas: inout Canvas) {
        var column = x
        for character in label {
            if Character(character.lowercased()) == key {
                canvas.restyle(Rect(x: column, y: y, width: DisplayWidth.of(character), height: 1)) { $0.attributes.insert(.underline) }
                return
            }
            column += DisplayWidth.of(character)
            if column >= end { return }
        }
    }
}

@MainActor
extension TableView {
    /// Where the row at `indexPath` is drawn in `area`: its cell's columns (without the index
    /// or a grouped box's sides) and all its lines, some maybe outside `area`; and the part
    /// of it that shows (below a pinned header). `nil` when the row is not on screen.
    func rowFrame<DataSource: TableViewDataSource>(
        of indexPath: IndexPath, state: TableViewState, dataSource: DataSource, area: Rect, heightCache: RowHeightCache?
    ) -> (rect: Rect, visible: Rect)? {
        let gutter = indexGutterWidth(dataSource)
        let contentRect = Rect(x: area.minX, y: area.minY, width: max(0, area.width - gutter), height: area.height)
        let content = TableContent(table: self, dataSource: dataSource, width: contentRect.width, heightCache: heightCache)
        let layout = content.layout(from: state.scrollPosition, viewportHeight: area.height)
        guard let placed = layout.placement(of: .row(indexPath)) else { return nil }
        let rect = Rect(x: contentRect.minX + content.rowInset, y: contentRect.minY + placed.y, width: content.rowWidth, height: placed.height)
        let top = layout.topInset(forSection: indexPath.section, headerHeight: sectionHeaderHeight)
        let visible = rect.intersection(contentRect.inset(top: top))
        return visible.isEmpty ? nil : (rect, visible)
    }
}

@MainActor
extension TableView {
    /// The row drawn on line `y` of a table area of `size`, if any.
    func row<DataSource: TableViewDataSource>(
        atLine y: Int, state: TableViewState, dataSource: DataSource, size: Size, heightCache: RowHeightCache?
    ) -> IndexPath? {
        let content = TableContent(table: self, dataSource: dataSource, width: max(0, size.width - indexGutterWidth(dataSource)), heightCache: heightCache)
        return content.layout(from: state.scrollPosition, viewportHeight: size.height).row(atLine: y)
    }
}

extension Canvas {
    /// Copies all of `source` to `origin`, only what falls inside `clip`.
    mutating func paste(_ source: Canvas, at origin: Point, clip: Rect) {
        let target = Rect(origin: origin, size: source.size).intersection(clip)
        guard !target.isEmpty else { return }
        copy(source, from: Rect(x: target.minX - origin.x, y: target.minY - origin.y, width: target.width, height: target.height), to: target.origin)
    }
}

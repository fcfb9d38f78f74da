/// A one-line progress bar, as `UIProgressView` with a label: `Loading ████░░░░  42%`.
///
/// Shown for background work that takes longer than half a second. A `nil` fraction (or NaN)
/// is indeterminate: a block bounces along the bar, moved by the `phase` the owner advances
/// on each tick. The percentage is rounded down, so the bar reads 100% only when done.
struct ProgressBar: Hashable, Sendable {
    /// How much is done, 0…1 (clamped when drawn); `nil` when unknown (indeterminate).
    var fraction: Double?
    /// The text before the bar; it is shortened, then left out, before the bar gets too short.
    var label: String

    /// Creates a progress bar.
    init(fraction: Double?, label: String = "") {
        self.fraction = fraction
        self.label = label
    }

    /// The lines the bar takes.
    static let height = 1
    /// The bar keeps at least this many columns before the label gives way.
    static let minimumBarWidth = 10

    /// ``fraction`` clamped to 0…1; `nil` when indeterminate or not a number.
    var clampedFraction: Double? {
        guard let fraction, !fraction.isNaN else { return nil }
        return min(max(fraction, 0), 1)
    }

    /// Draws the bar on the first line of `area`; `phase` moves the indeterminate block.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, phase: Int = 0) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: .plain)
        let layout = layout(width: line.width, ellipsis: context.glyphs.ellipsis)
        if !layout.label.isEmpty {
            canvas.draw(layout.label, at: line.origin, style: .plain, clip: line)
        }
        let filled = layout.filledColumns(phase: phase)
        let emptyGlyph = context.glyphs == .ascii ? "-" : "░"
        for column in layout.bar {
            let isFilled = filled.contains(column)
            canvas.draw(isFilled ? context.glyphs.block : emptyGlyph, at: Point(x: line.minX + column, y: line.minY),
                        style: isFilled ? Theme.tint : Theme.secondaryText, clip: line)
        }
        if let percent = layout.percent {
            canvas.draw(percent, at: Point(x: line.maxX - percent.displayWidth, y: line.minY), style: .plain, clip: line)
        }
    }

    /// Where the parts go on a line.
    struct Layout: Hashable {
        /// The label as drawn (possibly shortened or empty), from column 0.
        var label: String
        /// The columns of the bar.
        var bar: Range<Int>
        /// `" 42%"`, right-aligned at the end of the line; `nil` when indeterminate or too narrow.
        var percent: String?
        /// The clamped fraction; `nil` when indeterminate.
        var fraction: Double?

        /// The filled columns: a share of the bar, or the bouncing block at `phase`.
        func filledColumns(phase: Int) -> Range<Int> {
            let width = bar.count
            guard width > 0 else { return bar }
            if let fraction {
                let count = Int((fraction * Double(width)).rounded(.down))
                return bar.lowerBound..<(bar.lowerBound + min(width, max(0, count)))
            }
            let block = min(width, max(3, width / 5))
            let travel = width - block
            var offset = 0
            if travel > 0 {
                let period = 2 * travel
                let step = ((phase % period) + period) % period
                offset = step <= travel ? step : period - step
            }
            return (bar.lowerBound + offset)..<(bar.lowerBound + offset + block)
        }
    }

    /// The layout at `width`. The bar always gets a column; then the percentage; the label
    /// comes last and is kept only while the bar keeps ``minimumBarWidth`` columns.
    func layout(width: Int, ellipsis: Character = TextLayout.ellipsis) -> Layout {
        let width = max(0, width)
        let fraction = clampedFraction
        var percent: String?
        var rest = width
        if let fraction, width >= 6 {
            let value = String(Int((fraction * 100).rounded(.down))) + "%"
            percent = " " + String(repeating: " ", count: max(0, 4 - value.count)) + value
            rest -= 5
        }
        let full = ControlEscaping.escaped(label)
        let labelRoom = rest - 1 - Self.minimumBarWidth
        var shown = ""
        if !full.isEmpty {
            if full.displayWidth <= labelRoom {
                shown = full
            } else if labelRoom >= 2 {
                shown = TextLayout.truncate(full, width: labelRoom, ellipsis: ellipsis)
            }
        }
        let barStart = shown.isEmpty ? 0 : shown.displayWidth + 1
        return Layout(label: shown, bar: barStart..<max(barStart, rest), percent: percent, fraction: fraction)
    }
}

/// A modal look for long work: a centred rounded box with a title ("Loading books.json…"),
/// a ``ProgressBar`` and a "Cancel (Esc)" button. Drawing and the hit-testing of the
/// Cancel button share one layout. On a short screen the blank lines go first, then the title, then the
/// button; the bar stays while the box has an inside line.
struct ProgressSheet: Hashable, Sendable {
    /// What is happening, drawn bold and centred at the top.
    public var title: String
    /// The bar inside the box.
    public var progress: ProgressBar

    /// Creates a sheet.
    public init(title: String, progress: ProgressBar) {
        self.title = title
        self.progress = progress
    }

    /// The button that cancels the work: `Cancel (Esc)`.
    public static let cancelButton = BarButtonItem(system: .cancel, id: "cancel", key: .escape)
    /// The box grows with the title within these widths (and the screen).
    static let widths = 40...60

    /// Where the parts go.
    struct Layout {
        /// The box, borders included.
        var box: Rect
        /// The title as drawn and where it starts (nil when there is no room).
        var title: (text: String, origin: Point)?
        /// The bar's line.
        var bar: Rect?
        /// The button's label as drawn and its cells (nil when there is no room).
        var button: (label: String, frame: Rect)?
    }

    /// Lays the sheet out centred in `area` (the whole screen).
    func layout(in area: Rect, glyphs: Glyphs = .unicode) -> Layout {
        let titleText = ControlEscaping.escaped(title)
        let width = min(area.width, min(max(titleText.displayWidth + 4, Self.widths.lowerBound), Self.widths.upperBound))
        let height = min(area.height, 7)
        let box = Rect(x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2, width: width, height: height)
        var layout = Layout(box: box)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard !inner.isEmpty else { return layout }
        // Rows inside the box, by how many lines there are: title, bar, button (-1: none).
        let rows: (title: Int, bar: Int, button: Int)
        switch inner.height {
        case 1: rows = (-1, 0, -1)
        case 2: rows = (-1, 0, 1)
        case 3: rows = (0, 1, 2)
        case 4: rows = (0, 1, 3)
        default: rows = (0, 2, 4)
        }
        if rows.title >= 0 {
            let text = TextLayout.truncate(titleText, width: inner.width, ellipsis: glyphs.ellipsis)
            layout.title = (text, Point(x: inner.minX + (inner.width - text.displayWidth) / 2, y: inner.minY + rows.title))
        }
        layout.bar = Rect(x: inner.minX, y: inner.minY + rows.bar, width: inner.width, height: 1)
        if rows.button >= 0 {
            let label = TextLayout.truncate(Self.cancelButton.label(glyphs: glyphs), width: inner.width, ellipsis: glyphs.ellipsis)
            let labelWidth = label.displayWidth
            let frame = Rect(x: inner.minX + (inner.width - labelWidth) / 2, y: inner.minY + rows.button, width: labelWidth, height: 1)
            layout.button = (label, frame)
        }
        return layout
    }

    /// The cells of the Cancel button in `area` (the same area passed to `render`); an empty
    /// rectangle when the screen is too small to show it.
    func cancelButtonRect(in area: Rect) -> Rect {
        layout(in: area).button?.frame ?? Rect(x: area.minX, y: area.minY, width: 0, height: 0)
    }

    /// Draws the sheet centred in `area`, over what is already there; `phase` moves an
    /// indeterminate bar.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext, phase: Int = 0) {
        let layout = layout(in: area, glyphs: context.glyphs)
        canvas.drawBox(layout.box, glyphs: context.glyphs, style: .plain)
        if let title = layout.title {
            canvas.draw(title.text, at: title.origin, style: Style(attributes: [.bold]), clip: layout.box)
        }
        if let bar = layout.bar {
            progress.render(into: &canvas, area: bar, context: context, phase: phase)
        }
        if let button = layout.button {
            canvas.draw(button.label, at: button.frame.origin, style: Theme.tint, clip: layout.box)
        }
    }
}

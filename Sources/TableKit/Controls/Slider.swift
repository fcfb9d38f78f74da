/// A value chosen along a track, as `UISlider`: ← → step, PgUp PgDn take big steps, Home End
/// go to the ends, and the mouse drags the thumb. Drawn `━━━━●─────`, or `====o-----` in ASCII.
///
/// In a table a slider sits in a row (``TableViewCell/slider``) and a person's change
/// reaches the delegate (``TableViewDelegate/tableView(_:didChangeSliderAt:to:)``), which
/// stores it; a popover above the thumb shows the value while it moves.
///
/// ```swift
/// var width = Slider(value: 72, in: 40 ... 100, step: 4)
/// width.move(.stepUp) // 76
/// ```
public struct Slider: Hashable, Sendable {
    /// How a key moves the thumb.
    public enum Motion: Hashable, Sendable {
        /// One step down (←).
        case stepDown
        /// One step up (→).
        case stepUp
        /// One big step down (PgUp).
        case pageDown
        /// One big step up (PgDn).
        case pageUp
        /// To the lower end (Home).
        case minimum
        /// To the upper end (End).
        case maximum
    }

    /// The values the slider spans.
    let range: ClosedRange<Double>
    /// The value: within the range, on a step from its lower end.
    public private(set) var value: Double
    /// What ← and → add or take away.
    let step: Double
    /// What PgUp and PgDn add or take away.
    public let pageStep: Double

    /// A slider over `range` at `value` (held to the range, on a step); `pageStep` is a tenth
    /// of the range, in whole steps, unless given.
    public init(value: Double, in range: ClosedRange<Double>, step: Double = 1, pageStep: Double? = nil) {
        self.range = range
        self.step = step > 0 ? step : 1
        let tenth = ((range.upperBound - range.lowerBound) / 10 / self.step).rounded(.up) * self.step
        self.pageStep = pageStep ?? max(self.step, tenth)
        self.value = range.lowerBound
        setValue(value)
    }

    /// Sets the value in code: held to the range and put on the nearest step.
    public mutating func setValue(_ newValue: Double) {
        let steps = ((newValue - range.lowerBound) / step).rounded()
        value = min(max(range.lowerBound + steps * step, range.lowerBound), range.upperBound)
    }

    /// Moves the thumb; returns whether the value changed.
    @discardableResult
    public mutating func move(_ motion: Motion) -> Bool {
        let before = value
        switch motion {
        case .stepDown: setValue(value - step)
        case .stepUp: setValue(value + step)
        case .pageDown: setValue(value - pageStep)
        case .pageUp: setValue(value + pageStep)
        case .minimum: setValue(range.lowerBound)
        case .maximum: setValue(range.upperBound)
        }
        return value != before
    }

    /// The slider's keys, as data: `motion(for:)` looks keys up here, and help reads it.
    static let keyBindings: [KeyBinding<Motion>] = [
        KeyBinding([.left], .stepDown, label: "←", help: "slide a step"),
        KeyBinding([.right], .stepUp, label: "→", help: "slide a step"),
        KeyBinding([.pageUp], .pageDown, label: "PgUp", help: "slide a big step"),
        KeyBinding([.pageDown], .pageUp, label: "PgDn", help: "slide a big step"),
        KeyBinding([.home], .minimum, label: "Home", help: "to either end"),
        KeyBinding([.end], .maximum, label: "End", help: "to either end"),
    ]

    /// The motion of `key`: ← → step, PgUp PgDn take big steps, Home End go to the ends.
    static func motion(for key: Key) -> Motion? {
        keyBindings.action(for: key)
    }

    /// A value as a slider row or its popover shows it by default: `3`, or `2.5`.
    public static func text(of value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The slider's keys, for help: ``keyBindings`` as the overlay lists them.
    static let keyHelp: [KeyHint] = keyBindings.helpHints()

    // MARK: The track

    /// The column of the thumb on a track `width` columns wide.
    public func thumbColumn(width: Int) -> Int {
        let span = range.upperBound - range.lowerBound
        guard width > 1, span > 0 else { return 0 }
        return Int(((value - range.lowerBound) / span * Double(width - 1)).rounded())
    }

    /// The value the thumb takes at column `x` of a track `width` columns wide (clicked or
    /// dragged to), on a step.
    public func value(atColumn x: Int, width: Int) -> Double {
        guard width > 1 else { return value }
        let fraction = Double(min(max(x, 0), width - 1)) / Double(width - 1)
        var moved = self
        moved.setValue(range.lowerBound + fraction * (range.upperBound - range.lowerBound))
        return moved.value
    }

    /// Draws the track on the first line of `rect`: filled up to the thumb in the tint colour,
    /// grey after it; the thumb bold while `isFocused`.
    func render(into canvas: inout Canvas, rect: Rect, isFocused: Bool, context: RenderContext) {
        guard !rect.isEmpty else { return }
        let ascii = context.glyphs == .ascii
        let thumb = thumbColumn(width: rect.width)
        let y = rect.minY
        let filled = String(repeating: ascii ? "=" : "━", count: thumb)
        let rest = String(repeating: ascii ? "-" : "─", count: max(0, rect.width - thumb - 1))
        canvas.draw(filled, at: Point(x: rect.minX, y: y), style: Theme.tint, clip: rect)
        canvas.draw(ascii ? "o" : "●", at: Point(x: rect.minX + thumb, y: y), style: isFocused ? Theme.tint.adding(.bold) : .plain, clip: rect)
        canvas.draw(rest, at: Point(x: rect.minX + thumb + 1, y: y), style: Theme.secondaryText, clip: rect)
    }
}

/// The small label over a slider's thumb that shows its value while it moves, then fades:
/// sharp for 0.7 seconds after the value stops, dimmed for as long again, then gone.
///
/// It reads no clock: its owner says when the value moved and asks at each frame.
struct ValuePopover: Hashable, Sendable {
    /// When the value last moved.
    private(set) var movedAt: ContinuousClock.Instant?

    /// How long the popover stays sharp after the value stops.
    static let sharpDuration = Duration.milliseconds(700)

    /// No popover until the value moves.
    public init() {}

    /// The value moved at `instant`: the popover shows, sharp.
    public mutating func show(at instant: ContinuousClock.Instant) {
        movedAt = instant
    }

    /// Hides the popover at once.
    public mutating func hide() {
        movedAt = nil
    }

    /// The style to draw it in at `instant`, or `nil` once it has faded.
    public func style(at instant: ContinuousClock.Instant) -> Style? {
        guard let movedAt else { return nil }
        let age = instant - movedAt
        if age < Self.sharpDuration { return Theme.popover }
        if age < Self.sharpDuration * 2 { return Theme.popover.adding(.dim) }
        return nil
    }

    /// Whether it still needs frames at `instant` (it is showing or fading).
    public func isVisible(at instant: ContinuousClock.Instant) -> Bool { style(at: instant) != nil }

    /// Draws ` text ` in `style`, centred over column `x`, on line `y`, kept inside `clip`.
    public static func draw(_ text: String, overColumn x: Int, line y: Int, style: Style, into canvas: inout Canvas, clip: Rect) {
        let label = " " + TextLayout.truncate(text, width: max(1, clip.width - 2)) + " "
        let width = label.displayWidth
        let left = min(max(clip.minX, x - width / 2), max(clip.minX, clip.maxX - width))
        guard y >= clip.minY, y < clip.maxY else { return }
        canvas.draw(label, at: Point(x: left, y: y), style: style, clip: clip)
    }
}

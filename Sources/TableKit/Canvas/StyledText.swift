/// Text in runs of styles, as an `NSAttributedString` is for a label: a name in bold, a
/// mention in the tint colour, the rest plain.
///
/// It wraps and truncates exactly as ``TextLayout`` does its plain text, each character
/// keeping its style on whatever line it lands:
///
/// ```swift
/// var text = StyledText("Ada Lovelace", style: Style(attributes: [.bold]))
/// text.append(" @ada", style: Theme.secondaryText)
/// let lines = text.wrapped(width: 10)
/// ```
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of text in one style.
    public struct Run: Hashable, Sendable {
        /// The text.
        public var text: String
        /// How it is drawn.
        public var style: Style

        /// Creates a run.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order; no run is empty.
    public private(set) var runs: [Run]

    /// Text in one style (none: empty).
    public init(_ text: String = "", style: Style = .plain) {
        runs = text.isEmpty ? [] : [Run(text, style: style)]
    }

    /// Text made of `runs` (empty ones are dropped).
    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    /// Plain text written as a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without its styles.
    public var string: String { runs.map(\.text).joined() }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// The columns the text takes on one line (see ``DisplayWidth``).
    public var displayWidth: Int { runs.reduce(0) { $0 + $1.text.displayWidth } }

    /// Adds `text` in `style` at the end.
    public mutating func append(_ text: String, style: Style = .plain) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append(Run(text, style: style))
        }
    }

    /// Adds `other`'s runs at the end.
    public mutating func append(_ other: StyledText) {
        for run in other.runs { append(run.text, style: run.style) }
    }

    /// `a` followed by `b`.
    public static func + (a: StyledText, b: StyledText) -> StyledText {
        var joined = a
        joined.append(b)
        return joined
    }

    /// The text with `change` applied to every run's style.
    public func restyled(_ change: (inout Style) -> Void) -> StyledText {
        StyledText(runs: runs.map { run in
            var style = run.style
            change(&style)
            return Run(run.text, style: style)
        })
    }

    /// The text with layout's `…` drawn as `ellipsis` (an ASCII terminal's own).
    func replacingEllipsis(with ellipsis: Character) -> StyledText {
        guard ellipsis != TextLayout.ellipsis, string.contains(TextLayout.ellipsis) else { return self }
        return StyledText(runs: runs.map { Run($0.text.replacingOccurrences(of: String(TextLayout.ellipsis), with: String(ellipsis)), style: $0.style) })
    }

    /// The text broken into lines of at most `width` columns, as
    /// ``TextLayout/wrap(_:width:maximumLines:)`` breaks ``string``.
    public func wrapped(width: Int, maximumLines: Int = 0) -> [StyledText] {
        restyle(TextLayout.wrap(string, width: width, maximumLines: maximumLines))
    }

    /// The text cut to one line of at most `width` columns, as
    /// ``TextLayout/truncate(_:width:ellipsis:)`` cuts ``string``.
    public func truncated(width: Int) -> StyledText {
        restyle([TextLayout.truncate(string, width: width)]).first ?? StyledText()
    }

    /// Gives each character of laid-out `lines` the style it has here. Layout only drops
    /// spaces and line breaks and adds an ellipsis, so one walk through both texts pairs the
    /// characters up; anything layout changed (an escaped control character, the ellipsis)
    /// takes the style of the character before it.
    private func restyle(_ lines: [String]) -> [StyledText] {
        var source: [(character: Character, style: Style)] = []
        for run in runs {
            for character in run.text { source.append((character, run.style)) }
        }
        var position = 0
        var style = runs.first?.style ?? .plain
        return lines.map { line in
            var result = StyledText()
            for character in line {
                var probe = position
                while probe < source.count, source[probe].character != character, source[probe].character.isWhitespace {
                    probe += 1
                }
                if probe < source.count, source[probe].character == character {
                    style = source[probe].style
                    position = probe + 1
                }
                result.append(String(character), style: style)
            }
            return result
        }
    }
}

extension Canvas {
    /// Draws `text` at `point`, each run in its style, clipped to `clip`; returns the column
    /// after the last one drawn.
    @discardableResult
    public mutating func draw(_ text: StyledText, at point: Point, clip: Rect? = nil) -> Int {
        var x = point.x
        for run in text.runs {
            x = draw(run.text, at: Point(x: x, y: point.y), style: run.style, clip: clip)
        }
        return x
    }
}

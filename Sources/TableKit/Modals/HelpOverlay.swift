/// The `?` overlay: every key of the screen in front, grouped, in a scrollable box.
///
/// Its content comes from the same key-binding tables that handle the keys, so help and
/// behaviour cannot drift apart.
@MainActor
public final class HelpOverlay: Modal {
    /// A group of keys under a heading, such as "Books" or "Everywhere".
    package struct Section: Sendable {
        /// The heading.
        package var title: String
        /// Each entry's keys and what they do.
        package var entries: [KeyHint]

        /// Creates a section.
        package init(title: String, entries: [KeyHint]) {
            self.title = title
            self.entries = entries
        }
    }

    /// The groups shown.
    package let sections: [Section]
    private var scrollOffset = 0

    /// Creates an overlay showing `sections`.
    init(sections: [Section]) {
        self.sections = sections.filter { !$0.entries.isEmpty }
    }

    /// What the overlay's keys do.
    private enum Step: Hashable {
        case lines(Int), pages(Int), top, bottom, close
    }

    private static let bindings: [KeyBinding<Step>] = [
        KeyBinding([.up, .character("k")], .lines(-1), label: "↑ k", help: "scroll up"),
        KeyBinding([.down, .character("j")], .lines(1), label: "↓ j", help: "scroll down"),
        KeyBinding([.pageUp, .character("b")], .pages(-1), label: "PgUp b", help: "a page up"),
        KeyBinding([.pageDown, .space], .pages(1), label: "PgDn Space", help: "a page down"),
        KeyBinding([.home, .character("g")], .top, label: "Home g", help: "the top"),
        KeyBinding([.end, .character("G")], .bottom, label: "End G", help: "the end"),
        KeyBinding([.escape, .character("?"), .character("q"), .enter], .close, label: "Esc ? q Enter", help: "close help", footer: "close"),
    ]

    /// The keys of the overlay itself.
    public var keyHints: [KeyHint] { Self.bindings.footerHints() }

    /// The lines of the help text at a given width.
    func lines(width: Int) -> [(text: String, isHeading: Bool)] {
        let keyWidth = min(max(8, width / 3), sections.flatMap { $0.entries.map(\.key.displayWidth) }.max() ?? 8)
        var lines: [(text: String, isHeading: Bool)] = []
        for section in sections {
            if !lines.isEmpty { lines.append(("", false)) }
            lines.append((section.title, true))
            for entry in section.entries {
                let key = TextLayout.truncate(entry.key, width: keyWidth)
                let pad = String(repeating: " ", count: max(0, keyWidth - key.displayWidth))
                // A long description wraps under itself rather than losing its end.
                let wrapped = TextLayout.wrap(entry.help, width: max(1, width - keyWidth - 2))
                let helpLines = wrapped.isEmpty ? [""] : wrapped
                let indent = String(repeating: " ", count: keyWidth + 2)
                for (number, helpLine) in helpLines.enumerated() {
                    lines.append(((number == 0 ? key + pad + "  " : indent) + helpLine, false))
                }
            }
        }
        return lines
    }

    private func box(in area: Rect) -> Rect {
        let width = min(area.width, 64)
        let content = lines(width: width - 4)
        let height = min(area.height, content.count + 4)
        return Rect(x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2, width: width, height: height)
    }

    /// Draws the overlay centred in `area`.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let box = box(in: area)
        guard box.width >= 4, box.height >= 3 else { return }
        canvas.drawBox(box, glyphs: context.glyphs, style: .plain)
        canvas.draw(" Keys ", at: Point(x: box.minX + 2, y: box.minY), style: Style(attributes: [.bold]), clip: box)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let all = lines(width: inner.width)
        let visible = max(0, inner.height - 1)
        let offset = min(scrollOffset, max(0, all.count - visible))
        for (row, line) in all.dropFirst(offset).prefix(visible).enumerated() {
            let style = line.isHeading ? Theme.tint.adding(.bold) : Style.plain
            // A key column cut with `…` is cut with the terminal's own ellipsis.
            let text = TextLayout.truncate(line.text, width: inner.width).replacingOccurrences(of: String(TextLayout.ellipsis), with: String(context.glyphs.ellipsis))
            canvas.draw(text, at: Point(x: inner.minX, y: inner.minY + row), style: style, clip: inner)
        }
        let more = all.count > visible ? context.glyphs.interface("  ↑↓ scroll") : ""
        canvas.draw(TextLayout.truncate("Esc close" + more, width: inner.width), at: Point(x: inner.minX, y: inner.maxY - 1), style: Theme.secondaryText, clip: inner)
    }

    /// The area of the mouse report in hand.
    private var mouseArea = Rect(origin: .zero, size: .zero)
    /// The overlay's mouse: a press outside the box closes it.
    private lazy var gestures: AreaGestures<ModalResponse> = {
        let gestures = AreaGestures<ModalResponse>()
        gestures.addButton(receives: { [unowned self] point in !box(in: mouseArea).contains(point) },
                           action: { _ in .dismiss(completion: nil) })
        return gestures
    }()

    /// Scrolls with ↑ ↓, closes with Esc, `?`, `q` or Enter; swallows everything else.
    public func handle(_ event: Event, area: Rect) -> ModalResponse {
        guard case .key(let key) = event, let step = Self.bindings.action(for: key) else {
            if case .mouse(let mouse) = event {
                mouseArea = area
                return gestures.handle(mouse, now: .now) ?? .handled
            }
            return .handled
        }
        // The lines the box shows, and how far they scroll: never past the last page, so that
        // ↑ after End moves at once.
        let inner = box(in: area).inset(top: 1, left: 2, bottom: 1, right: 2)
        let page = max(1, inner.height - 1)
        let last = max(0, lines(width: inner.width).count - page)
        switch step {
        case .close: return .dismiss(completion: nil)
        case .lines(let count): scrollOffset += count
        case .pages(let count): scrollOffset += count * max(1, page - 1)
        case .top: scrollOffset = 0
        case .bottom: scrollOffset = last
        }
        scrollOffset = min(max(0, scrollOffset), last)
        return .handled
    }

    /// Every key the overlay lists, split into single key names where the label names several.
    var listedKeys: Set<String> {
        Set(sections.flatMap { $0.entries.flatMap { $0.key.split(separator: " ").map(String.init) } })
    }
}

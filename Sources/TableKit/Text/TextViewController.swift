import Foundation

/// What a key asks of a ``TextViewController``.
public enum TextViewAction: Hashable, Sendable {
    /// Scroll by this many lines (up when negative).
    case scroll(lines: Int)
    /// Scroll up by a page.
    case pageUp
    /// Scroll down by a page.
    case pageDown
    /// Show the start.
    case home
    /// Show the end.
    case end
}

/// A screen that shows a long text to read, as a read-only `UITextView` filling a pushed view
/// controller: wrapped to the width, scrolled by line and by page, with how far in the reader
/// is in the toolbar.
///
/// Only the lines on screen are laid out, so a text of 50 MB opens, scrolls to its end and
/// goes back as fast as a short one. Control and invisible format characters are shown
/// escaped, as everywhere (`ControlEscaping`).
///
/// ```swift
/// return .push(TextViewController(title: "notes", text: record.notes))
/// ```
///
/// Every ``Screen`` requirement is an `open` member here, so a subclass overrides what it
/// needs (bar buttons, ``hasUnsavedChanges``) and calls `super` for the rest.
@MainActor
open class TextViewController: Screen {
    /// The title in the navigation bar.
    open var title: String
    /// The text shown.
    let text: String
    /// The text laid out in blocks, wrapped as they are shown.
    private var blocks: TextBlocks
    /// The first line on screen.
    private var top = TextBlocks.Position(block: 0, line: 0)
    /// The lines the screen shows, as last laid out.
    private var height = 1

    /// A screen titled `title` that shows `text` from its start.
    public init(title: String, text: String) {
        self.title = title
        self.text = text
        blocks = TextBlocks(text: text[...], width: 80)
    }

    /// The keys of the screen, as data: handling, help and the footer read this one table.
    static let keyBindings: [KeyBinding<TextViewAction>] = [
        KeyBinding([.up, .character("k")], .scroll(lines: -1), label: "↑ k", help: "scroll up a line"),
        KeyBinding([.down, .character("j")], .scroll(lines: 1), label: "↓ j", help: "scroll down a line", footer: "scroll"),
        KeyBinding([.pageUp, .character("b")], .pageUp, label: "PgUp b", help: "page up"),
        KeyBinding([.pageDown, .space], .pageDown, label: "PgDn Space", help: "page down", footer: "page"),
        KeyBinding([.home, .character("g")], .home, label: "Home g", help: "the start"),
        KeyBinding([.end, .character("G")], .end, label: "End G", help: "the end", footer: "end"),
    ]

    /// The lines a mouse wheel's step scrolls.
    static let wheelLines = 3

    /// The keys, for the help overlay.
    open var keyHelp: [KeyHint] { Self.keyBindings.helpHints() }
    /// The keys that matter most, for the footer.
    open var keyHints: [KeyHint] { Self.keyBindings.footerHints() }

    /// How far into the text the screen's first line is, in words ("37 % of 50.0 MB").
    open var toolbarItems: [BarButtonItem] {
        let percent = Int((blocks.fraction(at: top) * 100).rounded(.down))
        let atEnd = blocks.lines(from: top, count: height + 1).count <= height
        let size = ByteCountFormatter.string(fromByteCount: Int64(text.utf8.count), countStyle: .file)
        return [.flexibleSpace, BarButtonItem(id: "position", title: atEnd ? "End · \(size)" : "\(percent) % of \(size)", isEnabled: false)]
    }

    /// Wraps the text to the area's width, keeping the first line's block on screen.
    open func layout(for size: Size) {
        height = max(1, size.height)
        if size.width != blocks.width {
            // The same share of the first line's block stays above the screen.
            let share = Double(top.line) / Double(blocks.lines(of: top.block).count)
            blocks.setWidth(size.width)
            top.line = Int((share * Double(blocks.lines(of: top.block).count)).rounded())
        }
        clamp()
    }

    /// Draws the lines from the first one on screen.
    open func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        canvas.fill(area, style: .plain)
        var shown = blocks
        for (offset, line) in shown.lines(from: top, count: area.height).enumerated() {
            canvas.draw(line, at: Point(x: area.minX, y: area.minY + offset), style: .plain, clip: area)
        }
    }

    /// Scrolls with its keys (↑ ↓, PgUp PgDn, Home End) and the mouse wheel.
    open func handle(_ event: Event, area: Rect) -> ScreenResponse {
        switch event {
        case .key(let key):
            guard let action = Self.keyBindings.action(for: key) else { return .ignored }
            perform(action)
            return .handled
        case .mouse(let mouse) where mouse.kind == .scrollUp:
            perform(.scroll(lines: -Self.wheelLines))
            return .handled
        case .mouse(let mouse) where mouse.kind == .scrollDown:
            perform(.scroll(lines: Self.wheelLines))
            return .handled
        default:
            return .ignored
        }
    }

    // MARK: Screen's other requirements

    // Every `Screen` requirement is an `open` member of the class, as in `TableViewController`:
    // one left to the protocol's extension is chosen once for the class, so a subclass's own
    // (`var hasUnsavedChanges: Bool { true }`) would compile without `override` and never be
    // called. Each of these does what the extension does.

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
    /// Buttons on the left of the navigation bar, after the back button: none, by default.
    open var leftBarButtonItems: [BarButtonItem] { [] }
    /// Buttons on the right of the navigation bar: none, by default.
    open var rightBarButtonItems: [BarButtonItem] { [] }
    /// The tab bar's item for the screen when it is a tab's root: `nil`, by default, so the
    /// tab bar makes one from the title.
    open var tabBarItem: TabBarItem? { nil }
    /// Called before the screen comes to the front: nothing to do, by default.
    open func viewWillAppear() {}
    /// Called after the screen has left the front: nothing to do, by default.
    open func viewDidDisappear() {}
    /// A bar button was triggered: ignored, by default (the position item is disabled).
    ///
    /// - Parameters:
    ///   - id: the button's identifier.
    ///   - area: the screen's area.
    open func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse { .ignored }
    /// Asked before the screen is popped: popping is allowed, by default.
    ///
    /// - Parameter confirm: pops the screen, for a modal that asks first.
    open func shouldPop(confirm: @escaping () -> Void) -> PopDecision { .allow }
    /// Whether the screen needs ticks now: no, by default.
    open var wantsTicks: Bool { false }
    /// Whether typed letters go to the screen now: no, by default; its letter keys are commands.
    open var capturesTextInput: Bool { false }
    /// Whether leaving the screen would lose work: no, by default; the text is read only.
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

    /// Scrolls as `action` says; never past the start, nor so far that the last line rises
    /// above the bottom of the screen.
    public func perform(_ action: TextViewAction) {
        switch action {
        case .scroll(let lines): top = blocks.position(lines, linesFrom: top)
        case .pageUp: top = blocks.position(-max(1, height - 1), linesFrom: top)
        case .pageDown: top = blocks.position(max(1, height - 1), linesFrom: top)
        case .home: top = TextBlocks.Position(block: 0, line: 0)
        case .end: top = lastTop
        }
        clamp()
    }

    /// The lines shown, from the first on screen: what a test reads.
    public var visibleLines: [String] {
        var shown = blocks
        return shown.lines(from: top, count: height)
    }

    /// The first line on screen when the text's end is at the bottom of the screen.
    private var lastTop: TextBlocks.Position {
        blocks.position(-(height - 1), linesFrom: blocks.lastLine())
    }

    private func clamp() {
        top = min(top, lastTop)
        // Wraps the blocks on screen now, so that drawing (which must not change state) finds them.
        _ = blocks.lines(from: top, count: height)
    }
}

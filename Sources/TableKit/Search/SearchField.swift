/// A one-line search field, as `UISearchBar` in a table's header: a magnifier, the text with
/// a cursor, and a dimmed placeholder while empty.
public struct SearchField: Hashable, Sendable {
    /// The text typed so far.
    public private(set) var text: String
    /// The cursor, as a count of characters from the start.
    public private(set) var cursor: Int
    /// Shown dimmed while the text is empty.
    public var placeholder: String

    /// Creates an empty field.
    public init(text: String = "", placeholder: String = "Search") {
        self.text = text
        cursor = text.count
        self.placeholder = placeholder
    }

    /// What an edit did.
    public enum Event: Hashable, Sendable {
        /// The text changed.
        case changed
        /// Enter: keep the text and return to the rows.
        case submitted
        /// Esc: clear the text and end the search.
        case cancelled
    }

    /// The keys the field understands, for help.
    public static let keyHelp: [(key: String, help: String)] = [
        ("type", "filter as you type"), ("Enter", "keep the filter, back to the rows"), ("Esc", "clear the search"),
        ("← → Home End", "move the cursor"), ("Backspace Delete", "erase"), ("^U", "clear the field"),
    ]

    /// Applies a key; returns what happened, or `nil` if the key means nothing here.
    public mutating func handle(_ key: Key) -> Event? {
        switch key {
        case .character(let c):
            guard !c.unicodeScalars.contains(where: ControlEscaping.isControl) else { return nil }
            let index = text.index(text.startIndex, offsetBy: cursor)
            text.insert(c, at: index)
            cursor += 1
            return .changed
        case .backspace:
            guard cursor > 0 else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
            return .changed
        case .delete:
            guard cursor < text.count else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
            return .changed
        case .control("u"):
            guard !text.isEmpty else { return nil }
            text = ""
            cursor = 0
            return .changed
        case .left: cursor = max(0, cursor - 1); return nil
        case .right: cursor = min(text.count, cursor + 1); return nil
        case .home: cursor = 0; return nil
        case .end: cursor = text.count; return nil
        case .enter: return .submitted
        case .escape: return .cancelled
        default: return nil
        }
    }

    /// Draws the field on the first line of `area`; the cursor shows only while `isEditing`.
    public func render(into canvas: inout Canvas, area: Rect, isEditing: Bool, context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: .plain)
        let magnifier = context.glyphs == .ascii ? "/" : "⌕"
        let x = canvas.draw(magnifier + " ", at: Point(x: line.minX + 1, y: line.minY), style: Theme.secondaryText, clip: line)
        let room = max(1, line.maxX - x - 1)
        if text.isEmpty {
            canvas.draw(TextLayout.truncate(placeholder, width: room), at: Point(x: x, y: line.minY), style: Theme.secondaryText.adding(.dim), clip: line)
            if isEditing { canvas.restyle(Rect(x: x, y: line.minY, width: 1, height: 1)) { $0.attributes.insert(.reverse) } }
            return
        }
        // Keep the cursor in view: show the tail of the text when it is longer than the room.
        let before = String(text.prefix(cursor))
        var start = 0
        while String(text.dropFirst(start).prefix(cursor - start)).displayWidth >= room, start < cursor { start += 1 }
        let visible = String(text.dropFirst(start))
        canvas.draw(visible, at: Point(x: x, y: line.minY), style: .plain, clip: Rect(x: x, y: line.minY, width: room, height: 1))
        if isEditing {
            let cursorX = x + String(before.dropFirst(start)).displayWidth
            canvas.restyle(Rect(x: cursorX, y: line.minY, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        }
    }
}

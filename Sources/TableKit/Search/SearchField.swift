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

    /// What a key asks of the field; ``keyBindings`` maps keys to these.
    public enum Command: Hashable, Sendable {
        /// Keep the text and return to the rows.
        case submit
        /// Clear the text and end the search.
        case cancel
        /// Move the cursor one character left.
        case moveLeft
        /// Move the cursor one character right.
        case moveRight
        /// Move the cursor to the start.
        case moveToStart
        /// Move the cursor to the end.
        case moveToEnd
        /// Erase the character before the cursor.
        case deleteBackward
        /// Erase the character after the cursor.
        case deleteForward
        /// Erase everything (the field's ⓧ).
        case clear
    }

    /// The field's keys, as data: handling, help and the footer read this one table.
    public static let keyBindings: [KeyBinding<Command>] = [
        KeyBinding([.enter], .submit, label: "Enter", help: "keep the filter, back to the rows", footer: "keep"),
        KeyBinding([.escape], .cancel, label: "Esc", help: "clear the search", footer: "clear"),
        KeyBinding([.left], .moveLeft, label: "←", help: "cursor left"),
        KeyBinding([.right], .moveRight, label: "→", help: "cursor right"),
        KeyBinding([.home], .moveToStart, label: "Home", help: "cursor to the start"),
        KeyBinding([.end], .moveToEnd, label: "End", help: "cursor to the end"),
        KeyBinding([.backspace], .deleteBackward, label: "Backspace", help: "erase before the cursor"),
        KeyBinding([.delete], .deleteForward, label: "Delete", help: "erase after the cursor"),
        KeyBinding([.control("u")], .clear, label: "^U", help: "clear the field"),
    ]

    /// The keys the field understands, for help: typing, then ``keyBindings``.
    public static var keyHelp: [KeyHint] {
        [KeyHint("type", "filter as you type")] + keyBindings.helpHints()
    }

    /// Sets the text, the cursor at its end, as a program does (no ``Event`` follows).
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Inserts pasted text at the cursor as one edit: line breaks and tabs become spaces,
    /// other control characters are dropped. Returns `.changed`, or `nil` when nothing was left.
    public mutating func paste(_ pasted: String) -> Event? {
        let kept = pasted.compactMap { character -> Character? in
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" { return " " }
            return character.unicodeScalars.contains(where: ControlEscaping.isControl) ? nil : character
        }
        guard !kept.isEmpty else { return nil }
        text.insert(contentsOf: kept, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += kept.count
        return .changed
    }

    /// Applies a key; returns what happened, or `nil` if the key means nothing here.
    public mutating func handle(_ key: Key) -> Event? {
        if case .character(let c) = key {
            guard !c.unicodeScalars.contains(where: ControlEscaping.isControl) else { return nil }
            let index = text.index(text.startIndex, offsetBy: cursor)
            text.insert(c, at: index)
            cursor += 1
            return .changed
        }
        guard let command = Self.keyBindings.action(for: key) else { return nil }
        switch command {
        case .deleteBackward:
            guard cursor > 0 else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
            return .changed
        case .deleteForward:
            guard cursor < text.count else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
            return .changed
        case .clear:
            guard !text.isEmpty else { return nil }
            setText("")
            return .changed
        case .moveLeft: cursor = max(0, cursor - 1); return nil
        case .moveRight: cursor = min(text.count, cursor + 1); return nil
        case .moveToStart: cursor = 0; return nil
        case .moveToEnd: cursor = text.count; return nil
        case .submit: return .submitted
        case .cancel: return .cancelled
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

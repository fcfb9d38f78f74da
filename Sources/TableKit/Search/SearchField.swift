/// A one-line search field, as `UISearchBar` in a table's header: a magnifier, the text with
/// a cursor, and a dimmed placeholder while empty. Its editing is a ``TextField``'s (a web
/// search keyboard, no capitals); Enter and Esc belong to the search.
package struct SearchField: Hashable, Sendable {
    /// The field that holds and edits the text.
    private var editor: TextField

    /// Creates an empty field.
    package init(text: String = "", placeholder: String = "Search") {
        var traits = TextInputTraits(keyboardType: .webSearch, autocapitalizationType: .none)
        traits.returnKeyType = .search
        editor = TextField(text: text, placeholder: placeholder, traits: traits)
        editor.beginEditing()
    }

    /// The text typed so far.
    package var text: String { editor.text }
    /// The cursor, as a count of characters from the start.
    var cursor: Int { editor.cursor }
    /// Shown dimmed while the text is empty.
    var placeholder: String {
        get { editor.placeholder }
        set { editor.placeholder = newValue }
    }

    /// What an edit did.
    package enum Event: Hashable, Sendable {
        /// The text changed.
        case changed
        /// Enter: keep the text and return to the rows.
        case submitted
        /// Esc: clear the text and end the search.
        case cancelled
    }

    /// What a key asks of the search, beyond editing; ``keyBindings`` maps keys to these.
    enum Command: Hashable, Sendable {
        /// Keep the text and return to the rows.
        case submit
        /// Clear the text and end the search.
        case cancel
    }

    /// The search's own keys, as data: handling, help and the footer read this one table.
    static let keyBindings: [KeyBinding<Command>] = [
        KeyBinding([.enter], .submit, label: "Enter", help: "keep the filter, back to the rows", footer: "keep"),
        KeyBinding([.escape], .cancel, label: "Esc", help: "clear the search", footer: "clear"),
    ]

    /// The keys the field understands, for help: typing, ``keyBindings``, then the editing keys.
    static var keyHelp: [KeyHint] {
        [KeyHint("type", "filter as you type")] + keyBindings.helpHints() + TextField.keyHelp
    }

    /// The most characters a search holds: text set or pasted beyond it is cut, and typing
    /// stops there. A query is a few words; a 50 MB value given to "Search for…" must not
    /// make every later key cost its length.
    package static let maximumLength = 1_000

    /// Sets the text, the cursor at its end, as a program does (no ``Event`` follows); only
    /// its first ``maximumLength`` characters are kept.
    package mutating func setText(_ newText: String) {
        editor.setText(String(newText.prefix(Self.maximumLength)))
    }

    /// Inserts pasted text at the cursor as one edit: line breaks and tabs become spaces,
    /// other control characters are dropped, and what would pass ``maximumLength`` is cut.
    /// Returns `.changed`, or `nil` when nothing was left.
    package mutating func paste(_ pasted: String) -> Event? {
        let room = Self.maximumLength - editor.storage.count
        guard room > 0 else { return nil }
        return editor.paste(String(pasted.prefix(room))) == .changed ? .changed : nil
    }

    /// Applies a key; returns what happened, or `nil` if the key changed no text (a character
    /// typed into a full field among them).
    package mutating func handle(_ key: Key) -> Event? {
        if let command = Self.keyBindings.action(for: key) {
            switch command {
            case .submit: return .submitted
            case .cancel: return .cancelled
            }
        }
        if case .character = key, editor.storage.count >= Self.maximumLength { return nil }
        return editor.handle(key) == .changed ? .changed : nil
    }

    /// Draws the field on the first line of `area`; the cursor shows only while `isEditing`.
    package func render(into canvas: inout Canvas, area: Rect, isEditing: Bool, context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: .plain)
        let magnifier = context.glyphs == .ascii ? "/" : "⌕"
        let x = canvas.draw(magnifier + " ", at: Point(x: line.minX + 1, y: line.minY), style: Theme.secondaryText, clip: line)
        var shown = editor
        if !isEditing { shown.endEditing() }
        shown.layout(width: max(1, line.maxX - x - 1))
        shown.render(into: &canvas, rect: Rect(x: x, y: line.minY, width: shown.width, height: 1), context: context)
    }
}

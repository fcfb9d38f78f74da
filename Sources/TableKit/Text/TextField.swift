import Foundation

/// An editable line of text, or several lines (a text view), as `UITextField` and
/// `UITextView` behave: a cursor that moves by character as a person sees it (an emoji, an
/// accented letter or a CJK character is one step and is never split), the editing keys of
/// terminal programs, and the rules of its ``TextInputTraits`` for what may be typed.
///
/// A field is a value: the screen that owns it passes it keys and pastes, draws it, and asks
/// it on save whether its text is valid.
///
/// ```swift
/// var age = TextField(placeholder: "Years", traits: TextInputTraits(keyboardType: .numberPad))
/// age.beginEditing()
/// age.handle(.character("4"))            // .changed
/// age.handle(.character("x"))            // .rejected("takes digits only")
/// age.text                               // "4"
/// ```
public struct TextField: Hashable, Sendable {
    /// The text, as characters (grapheme clusters).
    ///
    /// - Complexity: O(n): a copy of the field's storage.
    public var characters: [Character] { storage.array }
    /// The characters, with a gap where the last edit was.
    private(set) var storage: TextStorage
    /// Shown dimmed while the field is empty.
    public var placeholder: String
    /// How the field behaves.
    public var traits: TextInputTraits
    /// The cursor: how many characters precede it.
    public private(set) var cursor: Int
    /// Whether the field has the keyboard.
    public private(set) var isEditing = false
    /// The columns the field was last laid out in (the owner sets it with ``layout(width:)``).
    private(set) var width = 20
    /// The first character shown, when a single line is wider than the field.
    private(set) var scrollOffset = 0
    /// A secure field refocused: the next character typed replaces the text, as on iOS.
    private var replacesOnNextInput = false
    /// The last character typed into a secure field, shown until ``revealedUntil``.
    private(set) var revealedIndex: Int?
    private(set) var revealedUntil: ContinuousClock.Instant?
    /// A rejected key flashes the field until then.
    public private(set) var flashUntil: ContinuousClock.Instant?
    /// The column ↑ and ↓ keep in a text view while they move through lines.
    private var preferredColumn: Int?
    /// A text view's lines at the widths it is measured and drawn at, kept by every edit.
    var lineLayouts = LineLayouts()

    /// How long the last character typed into a secure field stays readable.
    static let revealDuration: Duration = .seconds(1)
    /// How long a rejected key flashes the field.
    static let flashDuration: Duration = .milliseconds(300)

    /// A field holding `text`, the cursor at its end.
    public init(text: String = "", placeholder: String = "", traits: TextInputTraits = TextInputTraits()) {
        storage = TextStorage(text)
        cursor = storage.count
        self.placeholder = placeholder
        self.traits = traits
        keepLineLayouts()
    }

    /// The text.
    public var text: String { storage.string }

    /// What a key or a paste did to the field.
    public enum Change: Hashable, Sendable {
        /// The text changed.
        case changed
        /// Only the cursor moved (or nothing visible changed).
        case moved
        /// The key or paste was refused; the text is unchanged. The reason ends a sentence
        /// that starts with the field's label: "takes digits only".
        case rejected(String)
        /// Enter, with its ``TextInputTraits/returnKeyType``: the owner does what its label says.
        case returned
    }

    // MARK: Editing state

    /// The field takes the keyboard: with ``TextInputTraits/clearsOnBeginEditing`` it
    /// empties; a secure field with text is replaced by the next character typed.
    public mutating func beginEditing() {
        isEditing = true
        if traits.clearsOnBeginEditing { replaceCharacters(storage.indices, with: []) }
        replacesOnNextInput = traits.isSecureTextEntry && !storage.isEmpty
        cursor = storage.count
        preferredColumn = nil
        keepCursorVisible()
    }

    /// The field gives the keyboard back.
    public mutating func endEditing() {
        isEditing = false
        replacesOnNextInput = false
        revealedIndex = nil
        revealedUntil = nil
        scrollOffset = 0
        keepLineLayouts()
    }

    /// Sets the text as a program does: the cursor at its end, no rules applied.
    public mutating func setText(_ newText: String) {
        storage = TextStorage(newText)
        lineLayouts.removeAll()
        cursor = storage.count
        replacesOnNextInput = false
        revealedIndex = nil
        keepCursorVisible()
    }

    /// Puts the cursor before the character at `position` (held to the text), as a program
    /// sets `UITextField.selectedTextRange`: no rules apply and nothing changes but the cursor.
    mutating func moveCursor(to position: Int) {
        _ = move(to: position)
    }

    /// Lays the field out in `width` columns (its text area); scrolling and a text view's
    /// lines follow.
    public mutating func layout(width: Int) {
        self.width = max(1, width)
        keepCursorVisible()
    }

    /// Whether the field needs ticks now: a secure character shown, or a flash.
    public var needsTicks: Bool { revealedUntil != nil || flashUntil != nil }

    /// Time passed: a revealed secure character turns into a bullet, a flash ends. Returns
    /// whether anything visible changed.
    @discardableResult
    public mutating func tick(now: ContinuousClock.Instant) -> Bool {
        var changed = false
        if let until = revealedUntil, now >= until {
            revealedUntil = nil
            revealedIndex = nil
            changed = true
        }
        if let until = flashUntil, now >= until {
            flashUntil = nil
            changed = true
        }
        return changed
    }

    /// Whether the clear button `×` shows now.
    public var showsClearButton: Bool {
        guard !storage.isEmpty else { return false }
        switch traits.clearButtonMode {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }

    // MARK: Keys

    /// What an editing key does to the text or the cursor.
    enum EditingAction: Hashable, Sendable {
        /// The cursor a character back or on.
        case moveByCharacter(forward: Bool)
        /// The cursor to the start of the word before it, or the end of the word after it.
        case moveByWord(forward: Bool)
        /// The cursor to the start or the end of its line.
        case moveToLineEdge(end: Bool)
        /// Erases the character before the cursor (`forward: false`) or after it.
        case eraseCharacter(forward: Bool)
        /// Erases the word before the cursor.
        case eraseWord
        /// Clears the field, as its `×` does.
        case clear
    }

    /// The field's editing keys, as data: ``handle(_:now:)`` looks keys up here, and help
    /// reads it.
    static let editingKeyBindings: [KeyBinding<EditingAction>] = [
        KeyBinding([.left], .moveByCharacter(forward: false), label: "←", help: "move by character"),
        KeyBinding([.right], .moveByCharacter(forward: true), label: "→", help: "move by character"),
        KeyBinding([.altLeft], .moveByWord(forward: false), label: "A-←", help: "move by word"),
        KeyBinding([.altRight], .moveByWord(forward: true), label: "A-→", help: "move by word"),
        KeyBinding([.home], .moveToLineEdge(end: false), label: "Home", help: "start and end of the line"),
        KeyBinding([.end], .moveToLineEdge(end: true), label: "End", help: "start and end of the line"),
        KeyBinding([.control("a")], .moveToLineEdge(end: false), label: "^A", help: "start and end of the line"),
        KeyBinding([.control("e")], .moveToLineEdge(end: true), label: "^E", help: "start and end of the line"),
        KeyBinding([.backspace], .eraseCharacter(forward: false), label: "Backspace", help: "erase a character"),
        KeyBinding([.delete], .eraseCharacter(forward: true), label: "Delete", help: "erase a character"),
        KeyBinding([.control("w")], .eraseWord, label: "^W", help: "erase the word before the cursor"),
        KeyBinding([.control("u")], .clear, label: "^U", help: "clear the field (×)"),
    ]

    /// The return key: a new line in a text view; otherwise the field returns
    /// (``Change/returned``) and its owner does what the return key's type says.
    static let returnKeyBinding = KeyBinding([.enter], (), label: "Enter", help: "return")

    /// The field's editing keys, for help: ``editingKeyBindings`` as the overlay lists them.
    static let keyHelp: [KeyHint] = editingKeyBindings.helpHints()

    /// Applies `key`; returns what it did, or `nil` when the key is not the field's (Tab,
    /// Esc, ↑ ↓ of a single line: the owner's).
    @discardableResult
    public mutating func handle(_ key: Key, now: ContinuousClock.Instant = .now) -> Change? {
        if let action = Self.editingKeyBindings.action(for: key) { return perform(action) }
        switch key {
        case .character(let character):
            if character.unicodeScalars.contains(where: ControlEscaping.isControl) { return nil }
            return type(character, now: now)
        case _ where Self.returnKeyBinding.keys.contains(key):
            if traits.isMultiline { return type("\n", now: now) }
            if traits.enablesReturnKeyAutomatically && storage.isEmpty { return .moved }
            return .returned
        case .up where traits.isMultiline: return moveLine(by: -1)
        case .down where traits.isMultiline: return moveLine(by: 1)
        default:
            return nil
        }
    }

    /// Does what an editing key does.
    private mutating func perform(_ action: EditingAction) -> Change {
        switch action {
        case .moveByCharacter(let forward): return move(to: cursor + (forward ? 1 : -1))
        case .moveByWord(let forward): return move(to: forward ? wordEnd(after: cursor) : wordStart(before: cursor))
        case .moveToLineEdge(let end): return move(to: end ? lineEnd : lineStart)
        case .eraseCharacter(forward: false):
            if replacesOnNextInput { return clear() }
            guard cursor > 0 else { return .moved }
            return erase(cursor - 1 ..< cursor)
        case .eraseCharacter(forward: true):
            guard cursor < storage.count else { return .moved }
            return erase(cursor ..< cursor + 1)
        case .eraseWord:
            guard cursor > 0 else { return .moved }
            return erase(wordStart(before: cursor) ..< cursor)
        case .clear:
            return clear()
        }
    }

    /// Pastes `text` as one insertion: a single line drops control characters and turns line
    /// breaks and tabs into spaces; the keyboard's rules apply to every character (one refused
    /// character refuses the paste); autocapitalisation does not. What does not fit the maximum
    /// length is cut, and the field says so.
    @discardableResult
    public mutating func paste(_ pasted: String, now: ContinuousClock.Instant = .now) -> Change {
        // One pass, the text built once: a paste of megabytes costs its length.
        var incoming: [Character] = []
        incoming.reserveCapacity(pasted.utf8.count)
        for character in pasted {
            if let byte = character.singleByte, byte >= 0x20, byte != 0x7F {
                incoming.append(character)
            } else if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                // CR LF is one character, as a line break typed is.
                incoming.append(traits.isMultiline && character != "\t" ? "\n" : " ")
            } else if !character.unicodeScalars.contains(where: ControlEscaping.isControl) {
                incoming.append(character)
            }
        }
        guard !incoming.isEmpty else { return .moved }
        if replacesOnNextInput { replaceCharacters(storage.indices, with: []); cursor = 0; replacesOnNextInput = false }
        if !traits.keyboardType.takesAnyCharacter,
           let reason = rejection(ofInserting: traits.isMultiline ? incoming.filter { $0 != "\n" } : incoming) {
            return reject(reason, now: now)
        }
        var cut = false
        if let maximum = traits.maximumLength, storage.count + incoming.count > maximum {
            incoming = Array(incoming.prefix(max(0, maximum - storage.count)))
            cut = true
        }
        replaceCharacters(cursor ..< cursor, with: incoming)
        cursor += incoming.count
        revealedIndex = nil
        keepCursorVisible()
        if cut, let maximum = traits.maximumLength { return reject("takes at most \(maximum) characters: the paste was cut", now: now) }
        return .changed
    }

    /// Why the keyboard refuses `inserted` at the cursor (into nothing, when the next input
    /// replaces a secure text).
    private func rejection(ofInserting inserted: [Character]) -> String? {
        // Only a number or decimal pad looks at the text: others are not handed a copy of it.
        let looksAtText = !replacesOnNextInput && (traits.keyboardType == .numberPad || traits.keyboardType == .decimalPad)
        return traits.keyboardType.rejection(ofInserting: inserted, into: looksAtText ? storage.array : [], at: looksAtText ? cursor : 0,
                                      decimalSeparator: traits.decimalSeparator, allowsNegativeNumbers: traits.allowsNegativeNumbers)
    }

    private mutating func type(_ typed: Character, now: ContinuousClock.Instant) -> Change {
        var character = typed
        if typed != "\n", let reason = rejection(ofInserting: [typed]) { return reject(reason, now: now) }
        if replacesOnNextInput {
            replaceCharacters(storage.indices, with: [])
            cursor = 0
            replacesOnNextInput = false
        }
        if let maximum = traits.maximumLength, storage.count >= maximum {
            return reject("takes at most \(maximum) characters", now: now)
        }
        if shouldCapitalise(at: cursor), character.isLetter {
            character = Character(String(character).uppercased())
        } else if traits.autocapitalizationType == .allCharacters {
            character = Character(String(character).uppercased())
        }
        replaceCharacters(cursor ..< cursor, with: CollectionOfOne(character))
        cursor += 1
        if traits.isSecureTextEntry {
            revealedIndex = cursor - 1
            revealedUntil = now + Self.revealDuration
        }
        preferredColumn = nil
        keepCursorVisible()
        return .changed
    }

    /// Whether a letter typed at `position` starts a word or a sentence the traits capitalise.
    private func shouldCapitalise(at position: Int) -> Bool {
        switch traits.autocapitalizationType {
        case .none, .allCharacters:
            return false
        case .words:
            return position == 0 || storage[position - 1].isWhitespace
        case .sentences:
            var index = position - 1
            var sawSpace = false
            while index >= 0, storage[index].isWhitespace {
                sawSpace = true
                index -= 1
            }
            if index < 0 { return true }
            return sawSpace && ".!?".contains(storage[index])
        }
    }

    private mutating func reject(_ reason: String, now: ContinuousClock.Instant) -> Change {
        flashUntil = now + Self.flashDuration
        return .rejected(reason)
    }

    private mutating func erase(_ range: Range<Int>) -> Change {
        replaceCharacters(range, with: [])
        cursor = range.lowerBound
        revealedIndex = nil
        preferredColumn = nil
        keepCursorVisible()
        return .changed
    }

    private mutating func clear() -> Change {
        replacesOnNextInput = false
        guard !storage.isEmpty else { return .moved }
        replaceCharacters(storage.indices, with: [])
        cursor = 0
        revealedIndex = nil
        keepCursorVisible()
        return .changed
    }

    private mutating func move(to position: Int) -> Change {
        cursor = max(0, min(storage.count, position))
        replacesOnNextInput = false
        preferredColumn = nil
        keepCursorVisible()
        return .moved
    }

    /// The start of the word before `position` (spaces before it skipped), as Ctrl-W and
    /// Alt-← find it.
    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !Self.isWordCharacter(storage[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(storage[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the word after `position`, as Alt-→ finds it.
    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < storage.count, !Self.isWordCharacter(storage[index]) { index += 1 }
        while index < storage.count, Self.isWordCharacter(storage[index]) { index += 1 }
        return index
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    // MARK: Lines

    private var lineStart: Int {
        guard traits.isMultiline else { return 0 }
        let lines = visualLines(width: width)
        return lines[cursorLine(in: lines)].range.lowerBound
    }

    private var lineEnd: Int {
        guard traits.isMultiline else { return storage.count }
        let lines = visualLines(width: width)
        return lines[cursorLine(in: lines)].range.upperBound
    }

    /// ↑ or ↓ in a text view: the same column on the line above or below; `nil` past the first
    /// or last line (the owner moves to the neighbouring field).
    private mutating func moveLine(by delta: Int) -> Change? {
        let lines = visualLines(width: width)
        let current = cursorLine(in: lines)
        let target = current + delta
        guard lines.indices.contains(target) else { return nil }
        let column = preferredColumn ?? columns(of: lines[current].range.lowerBound ..< cursor)
        var position = lines[target].range.lowerBound
        var used = 0
        while position < lines[target].range.upperBound {
            let next = used + DisplayWidth.of(storage[position])
            if next > column { break }
            used = next
            position += 1
        }
        cursor = position
        preferredColumn = column
        return .moved
    }

    /// The display width of the characters in `range`.
    func columns(of range: Range<Int>) -> Int {
        storage[range].reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// The columns the text may use in a single line: the width less the clear button and the
    /// counter, and one column for the cursor after the last character.
    var textRoom: Int {
        max(1, width - trailingDecorationWidth - 1)
    }

    /// The width of what the field draws after its text: the counter and the clear button.
    var trailingDecorationWidth: Int {
        var used = 0
        if let counter = counterText { used += counter.displayWidth + 1 }
        if showsClearButton { used += 2 }
        return used
    }

    /// `12/280` when the field has a maximum length.
    var counterText: String? {
        traits.maximumLength.map { "\(storage.count)/\($0)" }
    }

    /// Replaces the characters in `range` with `new`; a text view's kept lines follow.
    private mutating func replaceCharacters(_ range: Range<Int>, with new: some Collection<Character>) {
        storage.replaceSubrange(range, with: new)
        lineLayouts.replace(range, insertedCount: new.count, characters: storage)
    }

    /// Scrolls a single line the least that shows the cursor; a text view keeps its lines at
    /// the widths it is now measured and drawn at (after every change of text, width, or what
    /// is drawn after the text).
    private mutating func keepCursorVisible() {
        keepLineLayouts()
        guard !traits.isMultiline else { scrollOffset = 0; return }
        let room = textRoom
        if cursor < scrollOffset { scrollOffset = cursor }
        // The first character shown is the earliest, from the old one on, after which the text
        // up to the cursor fits: found back from the cursor, so that a paste at the end of a
        // long line measures the room, not the line.
        var start = cursor, beforeCursor = 0
        while start > scrollOffset {
            let previous = DisplayWidth.of(storage[start - 1])
            guard beforeCursor + previous < room else { break }
            beforeCursor += previous
            start -= 1
        }
        scrollOffset = start
        // Text removed at the end: show as much as fits again. What is shown is measured only
        // up to the room, so that a key in a long line costs the width, not the line.
        var shown = 0
        var index = scrollOffset
        while index < storage.count, shown < room {
            shown += DisplayWidth.of(storage[index])
            index += 1
        }
        while shown < room, scrollOffset > 0 {
            let previous = DisplayWidth.of(storage[scrollOffset - 1])
            guard shown + previous < room else { break }
            shown += previous
            scrollOffset -= 1
        }
    }

    // MARK: Validation

    /// Why the text cannot be saved, as a sentence starting with `label` ("Age must be from 0
    /// to 150"); `nil` when it can.
    public func validationError(label: String) -> String? {
        if storage.allSatisfy(\.isWhitespace) {
            return traits.isRequired ? "\(label) is required" : nil
        }
        return traits.keyboardType.validationError(of: text, range: traits.range, decimalSeparator: traits.decimalSeparator,
                                                   allowsNegativeNumbers: traits.allowsNegativeNumbers)
            .map { "\(label) \($0)" }
    }
}

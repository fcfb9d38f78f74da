/// One JSON value, parsed in order: an object keeps its members in file order (duplicate keys
/// included) and a number keeps the text it was written with (`1.50`, `1E3`, `1e999`), so a
/// nested value is shown exactly as the file says it.
///
/// Used for the nested values of a record (its objects and arrays), which the loader hands
/// over as compact JSON text that it has already checked strictly.
enum JSONTree: Equatable, Sendable {
    case string(String)
    /// A number as written.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONTree])
    /// Members in file order.
    case object([(key: String, value: JSONTree)])

    static func == (a: JSONTree, b: JSONTree) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Parses `text`, one JSON value; nil when it is not valid JSON.
    ///
    /// - Complexity: O(n) in the length of `text`; nesting is followed iteratively, so a
    ///   deep value cannot overflow the stack.
    init?(parsing text: String) {
        var text = text
        guard let value = text.withUTF8({ bytes in
            var parser = JSONParser(bytes: bytes)
            return parser.parseDocument()
        }) else { return nil }
        self = value
    }

    /// Whether this is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// The value as one line of text: a string as it is, a number as written, `true`,
    /// `false`, `null`, and a container as compact JSON.
    var text: String {
        switch self {
        case .string(let string): return string
        default: return compactJSON
        }
    }

    /// The value as compact JSON text.
    var compactJSON: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// The value as JSON indented by two spaces a level, one member or element a line.
    var prettyJSON: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    /// A short description of a container: "3 fields", "12 items", "empty".
    var summary: String {
        switch self {
        case .array(let items): return items.isEmpty ? "empty list" : items.count == 1 ? "1 item" : "\(items.count) items"
        case .object(let members): return members.isEmpty ? "empty object" : members.count == 1 ? "1 field" : "\(members.count) fields"
        default: return text
        }
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out += "\n" + String(repeating: indent, count: level)
        }
        /// An array's items or an object's members between `open` and `close`, each after
        /// its label (an object's key, or nothing) and on a line of its own when indented.
        func container(_ open: String, _ elements: [(label: String, value: JSONTree)], _ close: String) {
            guard !elements.isEmpty else { out += open + close; return }
            out += open
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                newline(level + 1)
                out += element.label
                element.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += close
        }
        switch self {
        case .string(let string): out += Self.quoted(string)
        case .number(let number): out += number
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items): container("[", items.map { (label: "", value: $0) }, "]")
        case .object(let members): container("{", members.map { (label: Self.quoted($0.key) + (indent == nil ? ":" : ": "), value: $0.value) }, "}")
        }
    }

    /// `string` as a JSON string literal.
    static func quoted(_ string: String) -> String {
        String(decoding: JSONValue.quoted(string), as: UTF8.self)
    }
}

/// Reading JSON text that is known to be valid, byte by byte: where strings end, what is
/// white space, and turning a string's body into its text.
enum JSONText {
    /// The string whose opening quote is at `start`: its body's range (between the quotes)
    /// and whether it holds an escape. The body ends at the end of `bytes` when the closing
    /// quote is missing.
    ///
    /// - Complexity: O(n) in the string's length.
    @inline(__always)
    static func string(in bytes: UnsafeBufferPointer<UInt8>, openingAt start: Int) -> (body: Range<Int>, hasEscape: Bool) {
        var index = start + 1
        var hasEscape = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                hasEscape = true
                index += 1
            }
            index += 1
        }
        return (min(start + 1, bytes.count) ..< min(index, bytes.count), hasEscape)
    }

    /// Whether `byte` is JSON white space.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` ends a number or a literal: `,`, `]`, `}` or white space.
    @inline(__always)
    static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || isSpace(byte)
    }

    /// The text of a string whose body (between its quotes) is `body`.
    static func text(ofBody body: UnsafeBufferPointer<UInt8>, hasEscape: Bool) -> String {
        hasEscape ? unescaped(body) : String(decoding: body, as: UTF8.self)
    }

    /// The text of a JSON string body: escapes replaced, a lone surrogate escape as U+FFFD.
    ///
    /// - Complexity: O(n) in the length of `body`.
    static func unescaped(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = 0
        func flush() {
            guard !utf8.isEmpty else { return }
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        func hex4(at start: Int) -> UInt32? {
            guard start + 4 <= body.count else { return nil }
            var value: UInt32 = 0
            for byte in body[start ..< start + 4] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < body.count else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"):
                flush()
                guard let unit = hex4(at: index) else {
                    scalars.append("\u{FFFD}")
                    continue
                }
                index += 4
                if (0xD800 ..< 0xDC00).contains(unit), index + 6 <= body.count, body[index] == UInt8(ascii: "\\"),
                   body[index + 1] == UInt8(ascii: "u"), let low = hex4(at: index + 2), (0xDC00 ..< 0xE000).contains(low) {
                    index += 6
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        flush()
        return String(scalars)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// A small parser for JSON that the loader has already checked: it keeps order and number
/// text, and gives up (nil) rather than guessing on anything malformed.
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A container being filled while the parser is inside it.
    private enum Frame {
        case array([JSONTree])
        case object([(key: String, value: JSONTree)], pendingKey: String?)
    }

    mutating func parseDocument() -> JSONTree? {
        guard let value = parseValue() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, JSONText.isSpace(bytes[index]) { index += 1 }
    }

    /// One value, containers followed with an explicit stack.
    private mutating func parseValue() -> JSONTree? {
        var stack: [Frame] = []
        while true {
            skipSpace()
            guard index < bytes.count else { return nil }
            var finished: JSONTree
            // A key comes first inside an object.
            if case .object(let members, nil)? = stack.last {
                if bytes[index] == UInt8(ascii: "}"), members.isEmpty {
                    index += 1
                    finished = .object([])
                    stack.removeLast()
                } else {
                    guard bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    stack[stack.count - 1] = .object(members, pendingKey: key)
                    continue
                }
            } else {
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    index += 1
                    stack.append(.object([], pendingKey: nil))
                    continue
                case UInt8(ascii: "["):
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        finished = .array([])
                    } else {
                        stack.append(.array([]))
                        continue
                    }
                case UInt8(ascii: "\""):
                    guard let string = parseString() else { return nil }
                    finished = .string(string)
                case UInt8(ascii: "t"): guard literal("true") else { return nil }; finished = .bool(true)
                case UInt8(ascii: "f"): guard literal("false") else { return nil }; finished = .bool(false)
                case UInt8(ascii: "n"): guard literal("null") else { return nil }; finished = .null
                default:
                    let start = index
                    while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
                    guard index > start else { return nil }
                    finished = .number(String(decoding: bytes[start ..< index], as: UTF8.self))
                }
            }
            // Hand the finished value to the container it is in, closing containers that end.
            while true {
                guard let top = stack.popLast() else { return finished }
                skipSpace()
                guard index < bytes.count else { return nil }
                let closer = bytes[index]
                switch top {
                case .array(var items):
                    items.append(finished)
                    if closer == UInt8(ascii: ",") {
                        index += 1
                        stack.append(.array(items))
                    } else if closer == UInt8(ascii: "]") {
                        index += 1
                        finished = .array(items)
                        continue
                    } else { return nil }
                case .object(var members, let key):
                    guard let key else { return nil }
                    members.append((key, finished))
                    if closer == UInt8(ascii: ",") {
                        index += 1
                        stack.append(.object(members, pendingKey: nil))
                    } else if closer == UInt8(ascii: "}") {
                        index += 1
                        finished = .object(members)
                        continue
                    } else { return nil }
                }
                break
            }
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, bytes[index ..< index + utf8.count].elementsEqual(utf8) else { return false }
        index += utf8.count
        return true
    }

    /// A string from its opening quote, unescaped.
    private mutating func parseString() -> String? {
        let string = JSONText.string(in: bytes, openingAt: index)
        guard string.body.upperBound < bytes.count else { return nil }
        index = string.body.upperBound + 1
        return JSONText.text(ofBody: UnsafeBufferPointer(rebasing: bytes[string.body]), hasEscape: string.hasEscape)
    }
}

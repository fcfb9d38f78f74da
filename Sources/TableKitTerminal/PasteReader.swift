import TableKit

/// The text of a bracketed paste, taken from the terminal's bytes a block at a time, up to
/// `ESC [201~`.
///
/// curses reads its input one byte per system call and decodes every byte as a possible key,
/// which makes a paste of megabytes take seconds; the terminal reads a paste's bytes itself
/// in blocks and hands them here. Text between escapes is copied in runs, and the end marker
/// is found by a matcher that never looks back, so a paste costs its length whatever the
/// blocks' sizes. What arrives after the marker (keys typed after the paste) is kept in
/// ``rest``, in order, for the terminal to decode.
struct PasteReader {
    /// What ends a bracketed paste: `ESC [201~`.
    static let endMarker: [UInt8] = [27, 91, 50, 48, 49, 126]

    /// The most bytes of text kept; the rest of a longer paste is read and dropped.
    let limit: Int
    /// The text's bytes (UTF-8), at most ``limit``.
    private(set) var text: [UInt8] = []
    /// Whether the end marker was read.
    private(set) var isFinished = false
    /// The bytes read after the end marker.
    private(set) var rest: [UInt8] = []
    /// How many bytes of the end marker the last bytes read match.
    private var matched = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next bytes read.
    ///
    /// - Complexity: O(n) in the number of bytes.
    mutating func consume(_ bytes: some Collection<UInt8>) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if isFinished {
                rest.append(contentsOf: bytes[index...])
                return
            }
            if matched == 0 {
                // Plain text up to the next escape, in one copy.
                let escape = bytes[index...].firstIndex(of: 27) ?? bytes.endIndex
                keep(bytes[index ..< escape])
                index = escape
                guard index != bytes.endIndex else { return }
            }
            let byte = bytes[index]
            if byte == Self.endMarker[matched] {
                matched += 1
                if matched == Self.endMarker.count {
                    isFinished = true
                    matched = 0
                }
            } else {
                // What looked like the marker's start was text; the byte itself may start it.
                keep(Self.endMarker.prefix(matched))
                matched = byte == 27 ? 1 : 0
                if byte != 27 { keep(CollectionOfOne(byte)) }
            }
            index = bytes.index(after: index)
        }
    }

    /// The text, once the marker was read or the bytes stopped coming: a marker begun and
    /// not finished is text, and a character cut by the limit is left out.
    mutating func finish() -> String {
        keep(Self.endMarker[0 ..< matched])
        matched = 0
        // A character cut in two by the limit: drop its first bytes.
        var end = text.count
        var back = 0
        while back < 4, end - back - 1 >= 0, text[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back - 1 >= 0, text.count == limit {
            let lead = text[end - back - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length > back + 1 { end -= back + 1 }
        }
        return String(decoding: text[..<end], as: UTF8.self)
    }

    private mutating func keep(_ bytes: some Collection<UInt8>) {
        let room = limit - text.count
        guard room > 0, !bytes.isEmpty else { return }
        if bytes.count <= room {
            text.append(contentsOf: bytes)
        } else {
            text.append(contentsOf: bytes.prefix(room))
        }
    }
}

/// Keys, mouse reports and pastes in bytes the terminal read past a paste's end, decoded as
/// curses and ``InputDecoder`` decode them when typed.
enum ReadAheadInput {
    /// What the bytes hold after their events.
    enum Rest: Equatable {
        /// Nothing: every byte was an event.
        case none
        /// The start of a key or character that needs bytes not read yet: they go back to
        /// curses, which reads the rest after them.
        case unfinished([UInt8])
        /// `ESC [200~`: another paste begins; these are its first bytes.
        case paste([UInt8])
    }

    /// The events in `bytes`, in order, and what follows them.
    static func decode(_ bytes: [UInt8]) -> (events: [Event], rest: Rest) {
        var events: [Event] = []
        var index = 0
        while index < bytes.count {
            guard let (scalar, length) = scalar(in: bytes, at: index) else { return (events, .unfinished(Array(bytes[index...]))) }
            guard scalar == 27 else {
                if let key = CursesKeyMap.key(forCharacter: scalar) { events.append(.key(key)) }
                index += length
                continue
            }
            // An escape: the characters after it, one at a time, until the decoder decides.
            var chars: [UInt32] = []
            var next = index + length
            var decided = false
            while !decided {
                switch InputDecoder.decode(chars) {
                case .complete(let event):
                    if let event { events.append(event) }
                    index = next
                    decided = true
                case .pasteBegins:
                    return (events, .paste(Array(bytes[next...])))
                case .notASequence:
                    events.append(.key(.escape))
                    index += length
                    decided = true
                case .needMore:
                    guard let (char, charLength) = self.scalar(in: bytes, at: next) else { return (events, .unfinished(Array(bytes[index...]))) }
                    chars.append(char)
                    next += charLength
                }
            }
        }
        return (events, .none)
    }

    /// The code point that starts at `index`, and its length in bytes; `nil` when its bytes
    /// are not all there. A byte that starts no UTF-8 sequence is read as U+FFFD.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        guard index < bytes.count else { return nil }
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard index + length <= bytes.count else { return nil }
        if length == 1 { return (lead < 0x80 ? UInt32(lead) : 0xFFFD, 1) }
        let decoded = String(decoding: bytes[index ..< index + length], as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD
        return (decoded, length)
    }
}

import Foundation

/// The folding behind ``Collation/sortKey(for:)``: a reference path on strings and a fast path
/// on UTF-8 bytes that gives the same keys.
///
/// The reference path (``referenceKey(for:)``):
/// 1. drops combining diacritics (U+0300–U+036F), so decomposed input folds like composed;
/// 2. folds with Foundation: case-, diacritic- and width-insensitive;
/// 3. spells out Latin letters Foundation leaves alone, by their Unicode names: a letter
///    "X WITH …" becomes x (`ø` → o, `ł` → l, `đ` → d, `ħ` → h), ligatures their letters
///    (`æ` → ae, `œ` → oe, `ĳ` → ij), and a few by name (`þ` → th, `ı` → i, `ŋ` → n);
/// 4. drops leading whitespace and format characters;
/// 5. prefixes the section: the first folded character if it is `a`…`z`, else "#" (26).
///
/// The fast path reads the bytes scalar by scalar; ASCII is lowercased in place, eight bytes
/// at a time, and the scalars of U+0080–U+07FF (Latin, IPA, Greek, Cyrillic, Armenian, Hebrew,
/// Arabic …), U+1E00–U+20CF (Latin Extended Additional, Greek Extended, general punctuation,
/// currency) and fullwidth ASCII are looked up in a table made by running the reference path
/// on each of them; the scalars the reference path leaves as they are in any company (most of
/// CJK, Hangul syllables, kana, Indic letters, emoji: ``FoldIdentity``, generated from it) are
/// copied. Anything else — other marks, conjoining jamo, malformed UTF-8 — sends the whole
/// title to the reference path.
enum CollationFolding {
    static var letterA: UInt8 { 0x61 }
    static var letterZ: UInt8 { 0x7A }

    // MARK: Fast path

    /// Appends the key of the title in `utf8` to `key`; returns its section.
    static func appendKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Int {
        let section: Int? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFastKeyLength(utf8.count)) { buffer in
            guard let out = buffer.baseAddress, let length = writeFastKey(utf8: utf8, to: out) else { return nil }
            key.append(contentsOf: UnsafeBufferPointer(start: out, count: length))
            return Int(out[0])
        }
        if let section { return section }
        let reference = referenceKey(for: String(decoding: utf8, as: UTF8.self))
        key.append(contentsOf: reference)
        return Int(reference.first ?? UInt8(Collation.otherSection))
    }

    /// The room ``writeFastKey(utf8:to:)`` needs for a title of `count` bytes: a section byte,
    /// and at most 7 bytes for each scalar of 2 or 3 bytes (ASCII stays 1 byte, a scalar of 4
    /// bytes is copied).
    @inline(__always)
    static func maxFastKeyLength(_ count: Int) -> Int { 1 + 4 * count }

    /// Writes the key of the title in `utf8` at `out`, which has room for
    /// ``maxFastKeyLength(_:)`` bytes; returns its length, or nil when the title needs the
    /// reference path.
    @inline(__always)
    static func writeFastKey(utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        var length = 1
        if let base = utf8.baseAddress {
            let count = utf8.count
            let table = FoldTable.shared
            var i = 0
            while i < count {
                // Eight ASCII bytes at once, lowercased, once leading whitespace is behind.
                if length > 1, count - i >= 8 {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        let atLeastA = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & 0x8080_8080_8080_8080
                        let pastZ = (word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
                        UnsafeMutableRawPointer(out + length).storeBytes(
                            of: word | (atLeastA & ~pastZ) >> 2, as: UInt64.self
                        )
                        i += 8
                        length += 8
                        continue
                    }
                }
                let byte = base[i]
                if byte < 0x80 {
                    i += 1
                    if length == 1, byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
                    out[length] = byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0)
                    length += 1
                    continue
                }
                guard let (scalar, width) = decodeScalar(base, count: count, at: i) else { return nil }
                i += width
                guard let slot = FoldTable.slot(of: scalar) else {
                    // CJK, Hangul, kana, Indic letters, emoji …: the key holds them as they are.
                    guard table.foldsToItself(scalar) else { return nil }
                    (out + length).update(from: base + i - width, count: width)
                    length += width
                    continue
                }
                let entry = table.entry(slot)
                if entry.needsReference { return nil }
                if entry.length == 0 || (length == 1 && entry.isIgnorable) { continue }
                length += table.copy(slot, to: out + length)
            }
        }
        let first = length > 1 ? out[1] : 0
        out[0] = first >= letterA && first <= letterZ ? first - letterA : UInt8(Collation.otherSection)
        return length
    }

    /// The scalar of the UTF-8 sequence of two to four bytes at `i`, and its width; nil
    /// when it is malformed or overlong.
    @inline(__always)
    static func decodeScalar(_ base: UnsafePointer<UInt8>, count: Int, at i: Int) -> (UInt32, Int)? {
        let byte = base[i]
        if byte & 0xE0 == 0xC0 {
            guard i + 1 < count, base[i + 1] & 0xC0 == 0x80 else { return nil }
            let scalar = UInt32(byte & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
            return scalar >= 0x80 ? (scalar, 2) : nil
        } else if byte & 0xF0 == 0xE0 {
            guard i + 2 < count, base[i + 1] & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80 else { return nil }
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
            return scalar >= 0x800 ? (scalar, 3) : nil
        } else if byte & 0xF8 == 0xF0 {
            guard i + 3 < count, base[i + 1] & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80, base[i + 3] & 0xC0 == 0x80
            else { return nil }
            let scalar = UInt32(byte & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12
                | UInt32(base[i + 2] & 0x3F) << 6 | UInt32(base[i + 3] & 0x3F)
            return scalar >= 0x10000 ? (scalar, 4) : nil
        }
        return nil
    }

    // MARK: Reference path

    /// The key of `title` by the reference path: slower, for any text.
    static func referenceKey(for title: some StringProtocol) -> [UInt8] {
        var scalars = fold(title)
        let firstKept = scalars.firstIndex { !isIgnorable($0) } ?? scalars.endIndex
        scalars.removeSubrange(..<firstKept)
        var key: [UInt8] = [UInt8(Collation.otherSection)]
        if let first = scalars.first, first.value >= UInt32(letterA), first.value <= UInt32(letterZ) {
            key[0] = UInt8(first.value) - letterA
        }
        for scalar in scalars {
            UTF8.encode(scalar) { key.append($0) }
        }
        return key
    }

    /// Steps 1–3 of the reference path: the folded scalars, leading whitespace kept.
    static func fold(_ title: some StringProtocol) -> [Unicode.Scalar] {
        var marksDropped = String.UnicodeScalarView()
        for scalar in title.unicodeScalars where !isCombiningDiacritic(scalar) {
            marksDropped.append(scalar)
        }
        let folded = String(marksDropped).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        )
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars where !isCombiningDiacritic(scalar) {
            if let letters = LatinLetters.spelling(of: scalar) {
                result.append(contentsOf: letters)
            } else {
                result.append(scalar)
            }
        }
        return result
    }

    static func isCombiningDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && scalar.value <= 0x36F
    }

    /// Whitespace and format characters, skipped at the start of a title.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    }
}

/// The fast path's table: the reference folding of every scalar in U+0000–U+07FF,
/// U+1E00–U+20CF and U+FF00–U+FF5F, as UTF-8, eight bytes an entry. Read on first use from
/// ``generated`` (made by ``computedEntries()``; a test checks they agree).
struct FoldTable: Sendable {
    /// An entry's first byte: the length in its low 3 bits, and flags.
    struct Entry {
        var header: UInt8
        var length: Int { Int(header & 0x07) }
        /// Whitespace or a format character: skipped at the start of a title.
        var isIgnorable: Bool { header & 0x08 != 0 }
        /// Folds in a way the table cannot hold: the title takes the reference path.
        var needsReference: Bool { header & 0x80 != 0 }
    }

    static let shared = FoldTable()

    private static let twoByteEnd: UInt32 = 0x800
    private static let extendedBase: UInt32 = 0x1E00, extendedEnd: UInt32 = 0x20D0
    private static let fullwidthBase: UInt32 = 0xFF00, fullwidthEnd: UInt32 = 0xFF60
    private static let slotCount = Int(twoByteEnd + (extendedEnd - extendedBase) + (fullwidthEnd - fullwidthBase))

    private let bytes: [UInt8]
    /// One bit per scalar below ``identityEnd``: set for those in ``FoldIdentity/ranges``.
    private let identity: [UInt64]
    private static let identityEnd: UInt32 = 0x30000

    /// Whether the reference path folds `scalar` to itself in any company (outside the table).
    @inline(__always)
    func foldsToItself(_ scalar: UInt32) -> Bool {
        guard scalar < Self.identityEnd else { return false }
        return identity.withUnsafeBufferPointer { bits in
            bits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
        }
    }

    /// The table slot of a scalar, or nil when the table does not cover it.
    @inline(__always)
    static func slot(of scalar: UInt32) -> Int? {
        if scalar < twoByteEnd { return Int(scalar) }
        if scalar >= extendedBase && scalar < extendedEnd { return Int(scalar - extendedBase + twoByteEnd) }
        if scalar >= fullwidthBase && scalar < fullwidthEnd {
            return Int(scalar - fullwidthBase + twoByteEnd + extendedEnd - extendedBase)
        }
        return nil
    }

    @inline(__always)
    func entry(_ slot: Int) -> Entry { Entry(header: bytes[slot &* 8]) }

    /// The first folded byte of `slot` (of an entry of length 1 or more).
    @inline(__always)
    func firstByte(_ slot: Int) -> UInt8 { bytes[slot &* 8 &+ 1] }

    /// Copies the folded bytes of `slot` to `out`; returns how many.
    @inline(__always)
    func copy(_ slot: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let base = slot &* 8
        let length = Int(bytes[base] & 0x07)
        for offset in 0..<length { out[offset] = bytes[base &+ 1 &+ offset] }
        return length
    }

    private init() {
        bytes = Self.expand(FoldTable.generated)
        var identity = [UInt64](repeating: 0, count: Int(Self.identityEnd >> 6))
        for range in FoldIdentity.ranges where range.upperBound < Self.identityEnd {
            for scalar in range { identity[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63) }
        }
        self.identity = identity
    }

    /// The table as the reference path makes it (a few milliseconds): what
    /// ``generated`` holds, so that start-up does not pay for it.
    static func computedEntries() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: slotCount * 8)
        var values: [UInt32] = Array(0..<twoByteEnd)
        values += Array(extendedBase..<extendedEnd)
        values += Array(fullwidthBase..<fullwidthEnd)
        for value in values {
            guard let slot = slot(of: value) else { continue }
            bytes[slot * 8] = 0x80
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Marks (and ZWNJ, which extends a grapheme too) other than U+0300–U+036F fold
            // differently alone and after a letter: Foundation drops them only after a letter.
            if !CollationFolding.isCombiningDiacritic(scalar) {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                default: if scalar.properties.isGraphemeExtend { continue }
                }
            }
            let folded = CollationFolding.fold(String(scalar))
            var utf8: [UInt8] = []
            for piece in folded { UTF8.encode(piece) { utf8.append($0) } }
            guard utf8.count <= 7 else { continue }
            let ignorable = folded.map(CollationFolding.isIgnorable)
            // Mixed whitespace and text would need the reference path's trimming.
            if let first = ignorable.first, first, ignorable.contains(false) { continue }
            bytes[slot * 8] = UInt8(utf8.count) | (ignorable.first == true ? 0x08 : 0)
            for (offset, byte) in utf8.enumerated() { bytes[slot * 8 + 1 + offset] = byte }
        }
        return bytes
    }

    /// `entries` (eight bytes a slot) written compactly, as hexadecimal digits: each slot's
    /// header, then as many bytes as its length. The inverse of ``expand(_:)``.
    static func compact(_ entries: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        for slot in 0 ..< entries.count / 8 {
            let header = entries[slot * 8]
            for byte in entries[slot * 8 ... slot * 8 + Int(header & 0x07)] {
                text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The entries (eight bytes a slot) that ``compact(_:)`` wrote; characters other than
    /// hexadecimal digits (line breaks) are skipped.
    static func expand(_ text: String) -> [UInt8] {
        var entries = [UInt8](repeating: 0, count: slotCount * 8)
        var slot = 0, written = 0, wanted = 0, high: UInt8?
        for character in text.utf8 {
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = character - UInt8(ascii: "A") + 10
            default: continue
            }
            guard let first = high else { high = digit; continue }
            high = nil
            guard slot < slotCount else { break }
            let byte = first << 4 | digit
            entries[slot * 8 + written] = byte
            if written == 0 { wanted = Int(byte & 0x07) }
            if written == wanted {
                slot += 1
                written = 0
            } else {
                written += 1
            }
        }
        // Slots the text does not reach send their titles to the reference path.
        for missing in slot ..< slotCount { entries[missing * 8] = 0x80 }
        return entries
    }
}

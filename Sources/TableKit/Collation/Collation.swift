import Foundation

/// Sections and sort order for titles, in the manner of `UILocalizedIndexedCollation` for
/// English: 27 sections, "A" … "Z" and "#".
///
/// A title goes under the first letter it starts with, ignoring case, accents and width
/// (`élan` under E, `the` under T, `Ångström` under A, `Łódź` under L, `Ørsted` under O, `ß`
/// under S, `Æsop` under A, `Ｆｕｌｌ` under F). Leading whitespace is skipped. Everything else —
/// digits, symbols, punctuation, emoji, other scripts, the empty title — goes under `#`, the
/// last section.
///
/// Within a section, titles sort by their `sortKey(for:)`: case- and accent-insensitive
/// ("apple", "Apple" and "Äpfel" interleave by their letters), then by their original UTF-8
/// bytes, so the order is total and the same on every run.
///
/// To section and sort many titles at once without creating strings, use
/// `CollatedOrder.build(count:collation:utf8:)`.
public struct Collation: Sendable, Equatable {
    /// The titles of the sections, in order: "A" … "Z", then "#" (for section headers).
    public let sectionTitles: [String]
    /// The titles the section index shows: the same 27 as ``sectionTitles`` in English.
    public let sectionIndexTitles: [String]

    /// The English collation: sections "A" … "Z" and "#".
    public static let english = Collation()

    /// The section of the catch-all title "#": the last one (26).
    public static let otherSection = 26

    private init() {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        sectionTitles = letters + ["#"]
        sectionIndexTitles = sectionTitles
    }

    /// The section that `title` belongs under: an index into ``sectionTitles``.
    ///
    /// The first letter decides, ignoring case, accents and width; leading whitespace is
    /// skipped. A title that does not start with a Latin letter goes under "#" (the last
    /// section).
    ///
    /// - Complexity: O(n) in the length of the title; titles in Latin script take a fast path.
    public func section(for title: some StringProtocol) -> Int {
        Int(sortKey(for: title).first ?? UInt8(Self.otherSection))
    }

    /// A key that orders titles when compared byte by byte (`lexicographicallyPrecedes`).
    ///
    /// The first byte is the title's section; the rest is the title folded for comparison:
    /// without leading whitespace, lowercase, accents and combining marks removed, fullwidth
    /// forms made ASCII, ligatures and special letters spelled out (`ß` → `ss`, `æ` → `ae`,
    /// `ø` → `o`, `þ` → `th`). Titles that differ only in case or accents have equal keys
    /// ("Zoë" and "zoe"); break such ties with the original UTF-8 bytes, as
    /// ``areInIncreasingOrder(_:_:)`` does.
    ///
    /// - Complexity: O(n) in the length of the title.
    package func sortKey(for title: some StringProtocol) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(title.utf8.count + 1)
        let done: Void? = title.utf8.withContiguousStorageIfAvailable { buffer in
            _ = appendSortKey(utf8: buffer, to: &key)
        }
        if done == nil {
            let bytes = Array(title.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                _ = appendSortKey(utf8: buffer, to: &key)
            }
        }
        return key
    }

    /// Appends the ``sortKey(for:)`` of a title given as UTF-8 bytes to `key`, and returns the
    /// title's section.
    ///
    /// This is the fast path for sorting many titles: no `String` is created for titles made of
    /// ASCII, the Latin blocks (Latin-1 Supplement, Extended-A/B, IPA, Extended Additional),
    /// combining diacritics U+0300–U+036F, the rest of U+0080–U+07FF (Greek, Cyrillic, Hebrew,
    /// Arabic letters …), general punctuation, fullwidth ASCII, and the letters and symbols
    /// that fold to themselves (CJK ideographs, kana, Hangul syllables, Thai and Indic letters,
    /// emoji). Other titles (marks outside U+0300–U+036F, such as Thai vowel signs or Indic
    /// matras, conjoining jamo, and malformed UTF-8, read with replacement characters) take a
    /// slower path through Foundation's folding and get exactly the key they would get as a
    /// `String`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @discardableResult
    package func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Int {
        CollationFolding.appendKey(utf8: utf8, to: &key)
    }

    /// Whether `a` sorts before `b`: by ``sortKey(for:)``, then by the original UTF-8 bytes.
    ///
    /// - Complexity: O(n) in the lengths of the titles.
    package func areInIncreasingOrder(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let keyA = sortKey(for: a), keyB = sortKey(for: b)
        if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The section that the index title at `index` of ``sectionIndexTitles`` stands for.
    ///
    /// In English the index and the sections are the same 27 titles, so this is `index`,
    /// clamped to the sections there are.
    public func section(forSectionIndexTitleAt index: Int) -> Int {
        max(0, min(index, sectionTitles.count - 1))
    }

    /// Which way an index title whose section is empty (and not shown) jumps.
    public enum MissingSectionRule: Sendable, Equatable {
        /// To the nearest shown section after it, or the last one when none follows.
        case nextAvailable
        /// To the nearest shown section before it, or the first one when none precedes.
        case previousAvailable
    }

    /// The table section that the index title at `index` jumps to when only the collation
    /// sections in `availableSections` are shown (apps drop the empty ones).
    ///
    /// - Parameters:
    ///   - index: The position of the title in ``sectionIndexTitles``.
    ///   - availableSections: The collation sections the table shows, ascending; table section
    ///     `n` shows collation section `availableSections[n]`.
    ///   - rule: Where a title without a shown section goes; by default the nearest section
    ///     after it (A–Z,# over sections B, D, Z: A→B, C→D, E…Y→Z, #→Z).
    /// - Returns: A table section, an index into `availableSections`; 0 when it is empty.
    /// - Complexity: O(log n) in the number of available sections.
    public func section(
        forSectionIndexTitleAt index: Int, availableSections: [Int], rule: MissingSectionRule = .nextAvailable
    ) -> Int {
        guard !availableSections.isEmpty else { return 0 }
        let wanted = section(forSectionIndexTitleAt: index)
        // The first available section ≥ wanted.
        var low = 0, high = availableSections.count
        while low < high {
            let mid = (low + high) / 2
            if availableSections[mid] < wanted { low = mid + 1 } else { high = mid }
        }
        if low < availableSections.count, availableSections[low] == wanted { return low }
        switch rule {
        case .nextAvailable:
            return min(low, availableSections.count - 1)
        case .previousAvailable:
            return max(low - 1, 0)
        }
    }
}

/// Latin letters that Foundation's folding leaves as they are, spelled with `a`…`z`.
enum LatinLetters {
    /// Spelled-out names for the letters not written "X" or "X WITH …".
    private static let named: [String: String] = [
        "AE": "ae", "OE": "oe", "IJ": "ij", "DZ": "dz", "LJ": "lj", "NJ": "nj", "OI": "oi", "OU": "ou",
        "HV": "hv", "SHARP S": "ss", "THORN": "th", "ETH": "d", "DOTLESS I": "i", "DOTLESS J": "j",
        "ENG": "n", "KRA": "k", "LONG S": "s", "SCHWA": "e", "EZH": "z", "MIDDLE-WELSH LL": "ll",
        "MIDDLE-WELSH V": "v",
    ]
    private static let prefixes = [
        "LATIN SMALL LETTER ", "LATIN CAPITAL LETTER ", "LATIN LETTER ",
        "LATIN SMALL LIGATURE ", "LATIN CAPITAL LIGATURE ",
    ]

    /// The Latin blocks: Latin-1 Supplement to IPA, Latin Extended Additional, -C and -D.
    private static let blocks: [Range<UInt32>] = [0x80..<0x2B0, 0x1E00..<0x1F00, 0x2C60..<0x2C80, 0xA720..<0xA800]

    /// Spellings of the letters of ``blocks`` that have one.
    private static let spellings: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        for block in blocks {
            for value in block { if let spelled = spell(value) { table[value] = spelled } }
        }
        return table
    }()

    /// The letters `scalar` stands for, or nil to keep it as it is.
    static func spelling(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        guard scalar.value >= 0x80 else { return nil }
        return spellings[scalar.value]
    }

    private static func spell(_ value: UInt32) -> [Unicode.Scalar]? {
        guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
              let name = scalar.properties.name,
              let prefix = prefixes.first(where: { name.hasPrefix($0) })
        else { return nil }
        var letter = Substring(name.dropFirst(prefix.count))
        if let with = letter.range(of: " WITH ") { letter = letter[..<with.lowerBound] }
        var spelled: String?
        if letter.count == 1, let only = letter.first, only.isASCII, only.isLetter {
            spelled = letter.lowercased()
        } else if let known = named[String(letter)] {
            spelled = known
        } else if let last = letter.split(separator: " ").last, last.count == 1,
                  let only = last.first, only.isASCII, only.isLetter,
                  ["TURNED", "SCRIPT", "OPEN", "BARRED", "REVERSED", "AFRICAN", "INSULAR", "SMALL CAPITAL"]
                      .contains(where: { letter.hasPrefix($0 + " ") }) {
            spelled = last.lowercased()
        }
        return spelled.map { Array($0.unicodeScalars) }
    }
}

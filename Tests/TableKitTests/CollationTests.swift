import Testing
@_spi(Benchmarks) @testable import TableKit

private let collation = Collation.english

/// The letter a title's section stands for.
private func sectionTitle(_ title: String) -> String {
    collation.sectionTitles[collation.section(for: title)]
}

extension SeededRandomNumberGenerator {
    /// A number in `0 ..< bound`.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0 ..< bound, using: &self) }
}

@Suite("Collation")
struct CollationTests {
    @Test func sectionTitlesAreAToZThenHash() {
        #expect(collation.sectionTitles.count == 27)
        #expect(collation.sectionTitles.first == "A")
        #expect(collation.sectionTitles[25] == "Z")
        #expect(collation.sectionTitles.last == "#")
        #expect(collation.sectionIndexTitles == collation.sectionTitles)
        #expect(Collation.otherSection == 26)
        #expect(collation.section(forSectionIndexTitleAt: 3) == 3)
        #expect(collation.section(forSectionIndexTitleAt: 99) == 26)
    }

    @Test(arguments: [
        ("élan", "E"), ("Élan", "E"), ("the", "T"), ("The Hobbit", "T"), ("Ångström", "A"),
        ("Łódź", "L"), ("Ørsted", "O"), ("ß", "S"), ("ẞ", "S"), ("Æsop", "A"), ("Œuvre", "O"),
        ("Ａpple", "A"), ("ｚｅｎ", "Z"), ("   leading spaces", "L"), ("\tTabbed", "T"),
        ("\u{00A0}\u{3000}Nbsp", "N"), ("\u{FEFF}Bom", "B"), ("zoë", "Z"), ("e\u{301}lan", "E"),
        ("\u{301}acute first", "A"), ("ıstanbul", "I"), ("đakovo", "D"), ("þing", "T"),
        ("ħamrun", "H"), ("ŋgoni", "N"), ("ǅemal", "D"), ("ĳsselmeer", "I"), ("Ḁbc", "A"),
        ("ỳ", "Y"), ("Ça va", "C"), ("ñandú", "N"), ("Ｆ\u{20DD}", "F"), ("ﬁsh", "F"),
    ])
    func firstLetterIgnoresCaseAndAccents(title: String, letter: String) {
        #expect(sectionTitle(title) == letter)
    }

    @Test(arguments: [
        "42nd Street", "@home", "😀 Smile", "Война и мир", "1984", "", "   ", "Ωmega", "三国演义",
        "العربية", "!Bang", "-dash", "“Quoted”", "\u{301}", "ʔglottal",
    ])
    func everythingElseGoesUnderHash(title: String) {
        #expect(collation.section(for: title) == 26)
        #expect(sectionTitle(title) == "#")
    }

    @Test func substringsAndStringsAgree() {
        let text = "xx Élan"
        #expect(collation.section(for: text.dropFirst(3)) == 4)
        #expect(collation.sortKey(for: text.dropFirst(3)) == collation.sortKey(for: "Élan"))
    }

    @Test func keysIgnoreCaseAndAccentsAtPrimaryStrength() {
        #expect(collation.sortKey(for: "Zoë") == collation.sortKey(for: "zoe"))
        #expect(collation.sortKey(for: "Straße") == collation.sortKey(for: "STRASSE"))
        #expect(collation.sortKey(for: "Æsop") == collation.sortKey(for: "aesop"))
        #expect(collation.sortKey(for: "Ørsted") == collation.sortKey(for: "orsted"))
        #expect(collation.sortKey(for: "Łódź") == collation.sortKey(for: "lodz"))
        #expect(collation.sortKey(for: "e\u{301}lan") == collation.sortKey(for: "élan"))
        #expect(collation.sortKey(for: "  apple") == collation.sortKey(for: "apple"))
        #expect(collation.sortKey(for: "Ａｐｐｌｅ") == collation.sortKey(for: "apple"))
        #expect(collation.sortKey(for: "apple").first == 0)
        #expect(collation.sortKey(for: "1984").first == 26)
    }

    @Test func equalKeysBreakTiesByOriginalBytes() {
        #expect(collation.areInIncreasingOrder("Zoë", "zoe"))
        #expect(!collation.areInIncreasingOrder("zoe", "Zoë"))
        #expect(collation.areInIncreasingOrder("Apple", "apple"))
        #expect(!collation.areInIncreasingOrder("apple", "apple"))
        #expect(collation.areInIncreasingOrder("apple", "Banana"))
        #expect(collation.areInIncreasingOrder("Zebra", "1984"))
    }

    @Test func caseAndAccentsInterleaveWithinASection() {
        let titles = ["apricot", "Banana", "apple", "Äpfel", "Apple", "ápple", "Avocado", "b", "ant"]
        let order = CollatedOrder.build(titles: titles)
        let sectionA = (0..<order.rows(inSection: 0)).map { titles[order.record(section: 0, row: $0)] }
        #expect(sectionA == ["ant", "Äpfel", "Apple", "apple", "ápple", "apricot", "Avocado"])
        let sectionB = (0..<order.rows(inSection: 1)).map { titles[order.record(section: 1, row: $0)] }
        #expect(sectionB == ["b", "Banana"])
    }

    @Test func shorterKeysSortFirstAndBytesCompareUnsigned() {
        let titles = ["abcdefghij", "abcdefgh", "abcdefghi", "abc", "abcdefghijklmnopq", "abcdefghijklmnop", "abcé"]
        let order = CollatedOrder.build(titles: titles)
        #expect(order.order.map { titles[Int($0)] } == [
            "abc", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijklmnop", "abcdefghijklmnopq", "abcé",
        ])
    }

    @Test func hashSectionIsLastAndHoldsEverythingElse() {
        let titles = ["1984", "Zebra", "@home", "apple", "Война и мир", "😀 Smile", "42nd Street", "the"]
        let order = CollatedOrder.build(titles: titles)
        #expect(order.sectionStarts.count == 28)
        #expect(order.sectionStarts.last == titles.count)
        #expect(order.nonEmptySections == [0, 19, 25, 26])
        let hash = (0..<order.rows(inSection: 26)).map { titles[order.record(section: 26, row: $0)] }
        // Digits and symbols by their bytes, then other scripts (after Latin, by their bytes).
        #expect(hash == ["1984", "42nd Street", "@home", "Война и мир", "😀 Smile"])
        #expect(order.order.suffix(5).map { titles[Int($0)] } == hash)
        #expect(order.section(ofPosition: 0) == 0)
        #expect(order.section(ofPosition: 1) == 19)
        #expect(order.section(ofPosition: 2) == 25)
        #expect(order.section(ofPosition: 3) == 26)
        #expect(order.section(ofPosition: 7) == 26)
    }

    @Test func duplicatesAndEmptyTitlesKeepIndexOrder() {
        let titles = ["b", "a", "", "b", "a", "", "B"]
        let order = CollatedOrder.build(titles: titles)
        #expect(order.order == [1, 4, 6, 0, 3, 2, 5])
        #expect(order.rows(inSection: 0) == 2)
        #expect(order.rows(inSection: 1) == 3)
        #expect(order.rows(inSection: 26) == 2)
        #expect(order.rows(inSection: 27) == 0)
        #expect(order.rows(inSection: -1) == 0)
        #expect(CollatedOrder.build(titles: []).order.isEmpty)
        #expect(CollatedOrder.build(titles: []).sectionStarts == [Int](repeating: 0, count: 28))
    }

    @Test func aRecordWhoseTitleIsNeverReadGoesUnderHash() {
        let order = CollatedOrder.build(count: 3) { index, body in
            if index != 1 { Array("x\(index)".utf8).withUnsafeBufferPointer(body) }
        }
        #expect(order.order == [0, 2, 1])
        #expect(order.rows(inSection: 26) == 1)
    }

    @Test func malformedUTF8IsReadWithReplacementCharacters() {
        for bytes: [UInt8] in [[0xC3], [0x41, 0xC3], [0xC1, 0x81], [0xE0, 0x81, 0x81], [0xED, 0xA0, 0x80], [0xFF, 0x41]] {
            var key: [UInt8] = []
            let section = bytes.withUnsafeBufferPointer { collation.appendSortKey(utf8: $0, to: &key) }
            #expect(key == CollationFolding.referenceKey(for: String(decoding: bytes, as: UTF8.self)))
            #expect(section == Int(key[0]))
        }
    }

    @Test func theTableFoldsASCIIAsTheFastPathDoes() {
        for byte in UInt8(0)..<0x80 {
            let expected = Array(String(UnicodeScalar(byte)).lowercased().utf8)
            #expect(Array(collation.sortKey(for: "x" + String(UnicodeScalar(byte))).dropFirst(2)) == expected)
            #expect(CollationFolding.fold(String(UnicodeScalar(byte))).map(\.value) == expected.map(UInt32.init))
        }
    }

    @Test func latinLettersAllFoldToASCIILetters() {
        let letters = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåçèéêëìíîïðñòóôõöøùúûüýþÿĀăĆčĐėĞħĲĸĿłŃŊōŒŕŚšŢŧŨůŴŷŹžſ"
            + "ƀƁƈƉƑƒƘƙƝƟƠƤƫƮưƳƶǄǅǆǇǊǍǎǞǢǤǦǰǱǴǸǺǽǾȀȍȘțȞȤȧȳȺȼɃɆɏḀḃḉḎḘḡḦḯḲḷḾṅṒṗṙṡṫṵṾẁẋẎẒẕẖẛẞạẤặẺễỉọỐờửỳỹỿ"
        for letter in letters {
            let key = collation.sortKey(for: String(letter))
            #expect(key.count >= 2, "\(letter)")
            #expect(key.dropFirst().allSatisfy { $0 >= 0x61 && $0 <= 0x7A }, "\(letter) → \(key)")
        }
    }

    @Test func emptySectionsJumpToTheNextShownSection() {
        // A–Z,# over sections B, D and Z only.
        let shown = [1, 3, 25]
        func jump(_ title: String, _ rule: Collation.MissingSectionRule = .nextAvailable) -> String {
            let index = collation.sectionIndexTitles.firstIndex(of: title) ?? -1
            let section = collation.section(forSectionIndexTitleAt: index, availableSections: shown, rule: rule)
            return collation.sectionTitles[shown[section]]
        }
        #expect(jump("A") == "B")
        #expect(jump("B") == "B")
        #expect(jump("C") == "D")
        #expect(jump("D") == "D")
        for letter in "EFGHIJKLMNOPQRSTUVWXY" { #expect(jump(String(letter)) == "Z") }
        #expect(jump("Z") == "Z")
        #expect(jump("#") == "Z")
        // The other rule, as some apps do it: the nearest section before, else the first.
        #expect(jump("A", .previousAvailable) == "B")
        #expect(jump("C", .previousAvailable) == "B")
        #expect(jump("E", .previousAvailable) == "D")
        #expect(jump("Y", .previousAvailable) == "D")
        #expect(jump("#", .previousAvailable) == "Z")
        #expect(collation.section(forSectionIndexTitleAt: 5, availableSections: []) == 0)
    }

    /// The order the collation promises, worked out the slow way: the key, then the title's
    /// bytes, then the index.
    private func referenceOrder(_ titles: [String]) -> [Int] {
        let keys = titles.map { collation.sortKey(for: $0) }
        return titles.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
            let bytesA = Array(titles[a].utf8), bytesB = Array(titles[b].utf8)
            if bytesA != bytesB { return bytesA.lexicographicallyPrecedes(bytesB) }
            return a < b
        }
    }

    @Test func buildMatchesSortingByKeyThenBytesThenIndex() {
        var random = SeededRandomNumberGenerator(seed: 7)
        let pieces = ["a", "A", "á", "b", "B", "ß", "ss", "SS", " ", "1", "é", "e\u{301}", "Ø", "o", "Я", "я", "😀", "ｚ", "z", "-"]
        let titles = (0..<3_000).map { _ in (0..<random.below(5)).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let expected = referenceOrder(titles)
        let order = CollatedOrder.build(titles: titles)
        #expect(order.order.map(Int.init) == expected)
        for section in 0..<27 {
            for row in 0..<order.rows(inSection: section) {
                #expect(collation.section(for: titles[order.record(section: section, row: row)]) == section)
            }
        }
    }

    /// The title's bytes travel in the key after a 0; bytes 0 and 1 of the key itself are
    /// escaped so that the order stays key, then bytes, then index, even for titles made of
    /// control characters and prefixes of one another.
    @Test func keysHoldingZeroAndOneBytesKeepTheOrder() {
        var random = SeededRandomNumberGenerator(seed: 11)
        let pieces = ["\u{0}", "\u{1}", "\u{2}", "a", "A", "á", "\u{0}a", "b", "", " ", "\u{1}\u{0}", "é", "e\u{301}", "Я", "ß", "ss"]
        let titles = (0..<4_000).map { _ in (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let expected = referenceOrder(titles)
        #expect(CollatedOrder.build(titles: titles).order.map(Int.init) == expected)
    }

    /// Keys made on several threads (from 100,000 records) give the order of one thread.
    @Test func keysMadeConcurrentlyGiveTheSameOrder() {
        var random = SeededRandomNumberGenerator(seed: 5)
        let pieces = ["a", "A", "á", "b", "ß", "ss", " ", "1", "é", "Я", "😀", "z", "-", "\u{0}", "naïve", "Zebra "]
        let titles = (0..<150_000).map { _ in (0..<random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let sequential = CollatedOrder.build(titles: titles)
        var timings = CollatedOrder.BuildTimings()
        let concurrent = CollatedOrder.build(count: titles.count, timings: &timings, concurrentUTF8: { index, body in
            var title = titles[index]
            title.withUTF8 { body($0) }
        })
        #expect(concurrent == sequential)
    }

    /// The first rows are chosen before the rest are sorted: they, and every section's start,
    /// are already the whole order's; the finished order is the one-step build's. Titles that
    /// share their first 8 key bytes by the hundred, duplicates and short sections test the
    /// partial selection's ties.
    @Test(arguments: [0, 1, 2, 7, 40, 333, 1_000, 2_999, 3_000, 5_000])
    func firstRowsAreTheWholeOrdersFirstRows(rows: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(rows) + 3)
        let starts = ["The Lord of the ", "The Lord of the", "the lord ", "Théâtre ", "A", "a", "Zz", "9", "Я", "", "Ab"]
        let tails = ["Rings", "rings", "Flies", "", "a", "b", " b", "Ring", "Rings 2", "😀", "\u{0}"]
        let titles = (0..<3_000).map { _ in starts[random.below(starts.count)] + tails[random.below(tails.count)] }
        let whole = CollatedOrder.build(titles: titles)
        let build = CollatedOrder.buildFirstRows(rows, count: titles.count) { index, body in
            var title = titles[index]
            title.withUTF8 { body($0) }
        }
        #expect(build.sortedRows == min(rows, titles.count))
        #expect(build.firstRows.sectionStarts == whole.sectionStarts)
        #expect(build.firstRows.order.prefix(rows) == whole.order.prefix(rows))
        #expect(Set(build.firstRows.order) == Set(whole.order), "every record is somewhere")
        #expect(build.finish() == whole)
        #expect(build.finish() == whole, "a second call returns the same order")
    }

    /// At 150,000 records (keys and sections on every core) the two steps agree too.
    @Test func firstRowsOfALargeListAreTheWholeOrders() {
        var random = SeededRandomNumberGenerator(seed: 9)
        let pieces = ["a", "A", "the ", "b", "ß", "ss", " ", "1", "é", "Я", "z", "-", "naïve", "Zebra "]
        let titles = (0..<150_000).map { _ in (0..<1 + random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let whole = CollatedOrder.build(titles: titles)
        let build = CollatedOrder.buildFirstRows(1_000, count: titles.count) { index, body in
            var title = titles[index]
            title.withUTF8 { body($0) }
        }
        #expect(build.firstRows.order.prefix(1_000) == whole.order.prefix(1_000))
        #expect(build.firstRows.order != whole.order, "the rest is not sorted yet")
        #expect(build.finish() == whole)
        #expect(build.timings.keys > .zero && build.timings.sortRest > .zero)
    }

    /// Sectioned from the titles' first bytes (honest, with some left 0 for the titles to
    /// decide), the first rows and the sections are the whole order's, and so is the finish;
    /// bytes that are not the titles' may misplace records until the finish, which is still
    /// the whole order.
    @Test(arguments: [0, 1, 40, 1_000, 2_999])
    func firstRowsFromLeadingBytesAreTheWholeOrdersFirstRows(rows: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(rows) + 11)
        let starts = ["The Lord of the ", "  the lord ", "Théâtre ", "A", "a", "Zz", "9", "Я", "", "Ab", "\u{200B}b", "\u{301}e", "東京", "Ǆ", "ﬁ", "Ａ"]
        let tails = ["Rings", "rings", "", "a", " b", "😀", "\u{0}", "\u{E40}\u{E48}"]
        let titles = (0 ..< 3_000).map { _ in starts[random.below(starts.count)] + tails[random.below(tails.count)] }
        let whole = CollatedOrder.build(titles: titles)
        let utf8: @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void = { index, body in
            var title = titles[index]
            title.withUTF8 { body($0) }
        }
        let honest = CollatedOrder.buildFirstRows(rows, count: titles.count, concurrentUTF8: utf8) { records, leads in
            for index in records {
                var lead: UInt32 = 0
                if index % 5 != 0 {
                    for (offset, byte) in titles[index].utf8.drop(while: { $0 == 0x20 }).prefix(4).enumerated() { lead |= UInt32(byte) << (8 * offset) }
                }
                leads[index - records.lowerBound] = lead
            }
        }
        #expect(honest.firstRows.sectionStarts == whole.sectionStarts)
        #expect(honest.firstRows.order.prefix(rows) == whole.order.prefix(rows))
        #expect(Set(honest.firstRows.order) == Set(whole.order))
        #expect(honest.finish() == whole)
        let lying = CollatedOrder.buildFirstRows(rows, count: titles.count, concurrentUTF8: utf8) { records, leads in
            for index in records { leads[index - records.lowerBound] = UInt32(index % 2 == 0 ? UInt8(ascii: "a") : UInt8(ascii: "z")) }
        }
        // Bytes that misplace records of the first sections are caught there: the keys decide.
        #expect(lying.firstRows.order.prefix(rows) == whole.order.prefix(rows))
        #expect(lying.finish() == whole)
    }

    /// 200,000 random titles: the fast path on bytes gives exactly the reference path's key
    /// (so the same section and the same relative order); the section alone, from the title
    /// or from its first four bytes, is the key's.
    @Test func fastPathMatchesReferencePath() {
        var random = SeededRandomNumberGenerator(seed: 2024)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x41...0x5A, 0x61...0x7A, 0x09...0x0D, 0xA0...0xFF, 0x100...0x17F, 0x180...0x24F,
            0x250...0x2FF, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x500...0x7FF, 0x1E00...0x1EFF,
            0x1F00...0x1FFF, 0x2000...0x20CF, 0xFF01...0xFF5E, 0xFF61...0xFF9F, 0x3040...0x30FF,
            0x4E00...0x4E80, 0x1F600...0x1F64F, 0x20D0...0x20FF, 0xAC00...0xAC80,
            // Thai and Devanagari (letters and marks), conjoining jamo, CJK punctuation,
            // variation selectors, skin tones, plane 2, and the private use area.
            0xE00...0xE7F, 0x900...0x97F, 0x1100...0x11FF, 0x3000...0x303F, 0xFE00...0xFE0F,
            0x1F3FB...0x1F3FF, 0x20000...0x20100, 0xE000...0xE010,
        ]
        // Mostly Latin, so most titles take the fast path; now and then anything.
        let weights = [30, 10, 30, 1, 12, 8, 6, 2, 4, 3, 3, 2, 4, 1, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1]
        let total = weights.reduce(0, +)
        func scalar() -> Unicode.Scalar {
            var pick = random.below(total), range = 0
            while pick >= weights[range] { pick -= weights[range]; range += 1 }
            let span = ranges[range]
            let value = span.lowerBound + UInt32(random.below(Int(span.upperBound - span.lowerBound) + 1))
            return Unicode.Scalar(value) ?? "?"
        }
        var fast = 0
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            var title = String.UnicodeScalarView()
            for _ in 0..<random.below(12) { title.append(scalar()) }
            let text = String(title)
            let reference = CollationFolding.referenceKey(for: text)
            var key: [UInt8] = []
            var bytes = Array(text.utf8)
            let section = bytes.withUnsafeBufferPointer { collation.appendSortKey(utf8: $0, to: &key) }
            let tookFastPath = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + 4 * bytes.count) { out in
                bytes.withUnsafeBufferPointer { CollationFolding.writeFastKey(utf8: $0, to: out.baseAddress!) != nil }
            }
            if tookFastPath { fast += 1 }
            // The section alone, as a first screen sections every record before any key: from
            // the title's first character the key keeps, and from its first four bytes.
            let sectionAlone = bytes.withUnsafeBufferPointer { CollationFolding.section(utf8: $0) }
            var lead: UInt32 = 0
            for (offset, byte) in bytes.drop(while: { $0 == 0x20 }).prefix(4).enumerated() { lead |= UInt32(byte) << (8 * offset) }
            let byLead = CollationFolding.section(ofLeadingBytes: lead)
            if sectionAlone != reference[0] || byLead != CollationFolding.unknownSection && byLead != reference[0] {
                if mismatches.count < 10 { mismatches.append("section: " + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
            }
            if key != reference || section != Int(reference[0]) {
                if mismatches.count < 10 { mismatches.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
            }
            bytes.removeAll()
        }
        #expect(mismatches.isEmpty, "fast ≠ reference for: \(mismatches)")
        #expect(fast > 100_000, "only \(fast) titles took the fast path")
    }
}

import Foundation
import PropertyBased
import Testing
@testable import TableKit

/// The collation's fast keys against the reference path (Foundation's folding), over random
/// titles from every script the fast path copies or folds (issue 23).
@Suite("Collation against the reference path, as a property")
struct CollationPropertyTests {
    static let pieces = ["a", "A", "á", "ß", "ss", "Œ", "ı", "İ", "ǅ", "ﬁ", " ", "1", "-", "é", "e\u{301}", "Я", "ё", "Ω", "日", "한", "ก", "क",
                         "\u{93F}", "😀", "👍🏽", "ｚ", "\u{0}", "\u{1}", "Ø", "Ꭰ", "\u{1100}\u{1161}", "ⓐ", "½", "\u{FE0F}"]

    @Test("every title's fast key is the reference key, and the order is key, then bytes, then index")
    func fastKeysAreReferenceKeys() async {
        let titles = Gen.element(of: Self.pieces).map { $0 ?? "a" }.array(of: 0 ... 6).map { $0.joined() }.array(of: 1 ... 40)
        await propertyCheck(count: 200, input: titles) { titles in
            let collation = Collation.english
            for title in titles {
                var key: [UInt8] = []
                let section = Array(title.utf8).withUnsafeBufferPointer { collation.appendSortKey(utf8: $0, to: &key) }
                #expect(key == CollationFolding.referenceKey(for: title), "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(section == collation.section(for: title))
            }
            let keys = titles.map { collation.sortKey(for: $0) }
            let expected = titles.indices.sorted { a, b in
                if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
                let bytesA = Array(titles[a].utf8), bytesB = Array(titles[b].utf8)
                return bytesA != bytesB ? bytesA.lexicographicallyPrecedes(bytesB) : a < b
            }
            #expect(CollatedOrder.build(titles: titles).order.map(Int.init) == expected)
        }
    }

    @Test("moving one record after its title changed gives the order a whole sort of the new titles gives")
    func movingOneRecordIsTheWholeSort() async {
        // Few pieces, short titles: equal titles (ordered by index) and prefixes come often.
        let title = Gen.element(of: ["a", "A", "b", "á", " ", "1", "\u{0}", "ß", "ss", "日"]).map { $0 ?? "a" }.array(of: 0 ... 3).map { $0.joined() }
        await propertyCheck(count: 300, input: title.array(of: 1 ... 30), Gen.int(in: 0 ... 29), title) { titles, pick, newTitle in
            let record = pick % titles.count
            var changed = titles
            changed[record] = newTitle
            let before = CollatedOrder.build(titles: titles)
            let moved = before.movingRecord(record) { index, body in Array(changed[index].utf8).withUnsafeBufferPointer(body) }
            #expect(moved == CollatedOrder.build(titles: changed), "\(titles) → record \(record) = \(newTitle.debugDescription)")
        }
    }

}

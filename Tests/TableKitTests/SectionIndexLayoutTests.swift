import Testing
@testable import TableKit

/// A–Z and #, the English index.
private let alphabet = Collation.english.sectionIndexTitles
private let withSearch = [SectionIndexLayout.searchTitle] + alphabet

/// The slots as text: titles by name, dots as "•".
private func describe(_ layout: SectionIndexLayout, _ titles: [String]) -> String {
    layout.slots.map { slot in
        switch slot {
        case .title(let index): titles[index]
        case .dot: "•"
        }
    }.joined(separator: " ")
}

@Suite("Section index layout")
struct SectionIndexLayoutTests {
    @Test func everythingFitsAndIsCentred() {
        let fits = SectionIndexLayout(titles: alphabet, height: 27)
        #expect(fits.slots == (0..<27).map(SectionIndexLayout.Slot.title))
        #expect(fits.top == 0)
        let tall = SectionIndexLayout(titles: alphabet, height: 40)
        #expect(tall.slots.count == 27)
        #expect(tall.top == 6)
        #expect(tall.titleCount == 27)
    }

    @Test func tinyHeights() {
        let none = SectionIndexLayout(titles: alphabet, height: 0)
        #expect(none.slots.isEmpty)
        #expect(none.top == 0)
        #expect(none.titleIndex(atLine: 0) == nil)
        #expect(none.line(forTitleIndex: 0) == nil)
        #expect(SectionIndexLayout(titles: alphabet, height: -3).slots.isEmpty)
        let one = SectionIndexLayout(titles: alphabet, height: 1)
        #expect(one.slots == [.title(0)])
        #expect(one.titleIndex(atLine: 0) == 0)
        #expect(one.titleIndex(atLine: 1) == 26)
        let two = SectionIndexLayout(titles: alphabet, height: 2)
        #expect(two.slots == [.title(0), .title(26)])
        #expect(two.line(forTitleIndex: 13) == 0)
        #expect(two.line(forTitleIndex: 26) == 1)
    }

    @Test func exactCondensedSlots() {
        #expect(SectionIndexLayout(titles: alphabet, height: 3).slots == [.title(0), .dot(1...25), .title(26)])
        let five = SectionIndexLayout(titles: alphabet, height: 5)
        #expect(five.slots == [.title(0), .dot(1...24), .title(25), .title(26)])
        #expect(five.top == 0)
        let ten = SectionIndexLayout(titles: alphabet, height: 10)
        #expect(ten.slots == [
            .title(0), .dot(1...5), .title(6), .dot(7...11), .title(12), .dot(13...16), .title(17),
            .dot(18...24), .title(25), .title(26),
        ])
        #expect(describe(ten, alphabet) == "A • G • M • R • Z #")
        let tall = SectionIndexLayout(titles: alphabet, height: 26)
        #expect(describe(tall, alphabet) == "A • C • E • G • I • K • M • P • R • T • V • X • Z #")
        #expect(tall.slots.count == 26)
        #expect(tall.slots[13] == .dot(13...14))
    }

    @Test func searchAndHashStayAtTheEnds() {
        let ten = SectionIndexLayout(titles: withSearch, height: 10)
        #expect(describe(ten, withSearch) == "{search} A • H • P • Z #")
        #expect(ten.slots.count == 9)
        #expect(ten.top == 0)
        #expect(ten.slots[2] == .dot(2...7))
        // Too little room between them: condense the whole list.
        #expect(describe(SectionIndexLayout(titles: withSearch, height: 4), withSearch) == "{search} • #")
        // Five titles or fewer: no special ends.
        let short = ["{search}", "A", "B", "C", "#"]
        #expect(describe(SectionIndexLayout(titles: short, height: 3), short) == "{search} • #")
        #expect(describe(SectionIndexLayout(titles: short, height: 4), short) == "{search} • #")
    }

    @Test(arguments: 0...60)
    func invariantsAtEveryHeight(height: Int) {
        for titles in [alphabet, withSearch, Array(alphabet.prefix(4)), (0..<100).map { "\($0)" }] {
            let layout = SectionIndexLayout(titles: titles, height: height)
            let count = titles.count
            #expect(layout.slots.count <= height)
            #expect(layout.top == (height - layout.slots.count) / 2)
            guard height > 0 else { continue }
            #expect(layout.slots.first == .title(0))
            if height >= 2 { #expect(layout.slots.last == .title(count - 1)) }
            // Titles in order, dots between titles, every title shown or under a dot.
            var covered: [Int] = []
            var previousWasDot = false
            for slot in layout.slots {
                switch slot {
                case .title(let index):
                    covered.append(index)
                    previousWasDot = false
                case .dot(let hidden):
                    #expect(!previousWasDot)
                    covered += Array(hidden)
                    previousWasDot = true
                }
            }
            if height >= 3 || count <= height { #expect(covered == Array(0..<count)) }
            // Between the kept ends, condensed slots alternate title, dot, …, title: odd.
            if count > height && height >= 3 {
                let keepsSearch = count > 5 && titles[0] == "{search}" && describe(layout, titles).hasPrefix("{search} A")
                let keepsHash = count > 5 && titles[count - 1] == "#" && layout.slots.dropLast().last == .title(count - 2)
                let core = layout.slots.dropFirst(keepsSearch ? 1 : 0).dropLast(keepsHash ? 1 : 0)
                #expect(core.count % 2 == 1)
                for (offset, slot) in core.enumerated() {
                    if case .dot = slot { #expect(offset % 2 == 1) } else { #expect(offset % 2 == 0) }
                }
            }
        }
    }

    @Test(arguments: [3, 5, 8, 10, 17, 26, 27, 40])
    func mappingRoundTripsAndClamps(height: Int) {
        for titles in [alphabet, withSearch] {
            let layout = SectionIndexLayout(titles: titles, height: height)
            #expect(layout.titleIndex(atLine: -10) == 0)
            #expect(layout.titleIndex(atLine: layout.top - 1) == 0)
            #expect(layout.titleIndex(atLine: layout.top + layout.slots.count) == titles.count - 1)
            #expect(layout.titleIndex(atLine: height + 50) == titles.count - 1)
            var previous = 0
            for line in -2 ..< height + 2 {
                let index = layout.titleIndex(atLine: line) ?? -1
                #expect(index >= previous, "monotonic at line \(line)")
                previous = index
            }
            for (offset, slot) in layout.slots.enumerated() {
                let line = layout.top + offset
                switch slot {
                case .title(let index):
                    #expect(layout.titleIndex(atLine: line) == index)
                    #expect(layout.line(forTitleIndex: index) == line)
                case .dot(let hidden):
                    let reached = layout.titleIndex(atLine: line) ?? -1
                    #expect(hidden.contains(reached))
                    for index in hidden { #expect(layout.line(forTitleIndex: index) == line) }
                }
            }
            #expect(layout.line(forTitleIndex: -1) == nil)
            #expect(layout.line(forTitleIndex: titles.count) == nil)
        }
    }

    @Test func scrubbingOverADotReachesAHiddenLetter() {
        let ten = SectionIndexLayout(titles: alphabet, height: 10)
        #expect(ten.titleIndex(atLine: 1) == 3) // • for B…F → D
        #expect(ten.titleIndex(atLine: 7) == 21) // • for S…Y → V
        let centred = SectionIndexLayout(titles: Array(alphabet.prefix(5)), height: 9)
        #expect(centred.top == 2)
        #expect(centred.titleIndex(atLine: 0) == 0)
        #expect(centred.titleIndex(atLine: 3) == 1)
        #expect(centred.titleIndex(atLine: 8) == 4)
    }

    @Test func widthIsTheWidestTitleUpToFiveColumns() {
        #expect(SectionIndexLayout(titles: alphabet, height: 10).width == 1)
        #expect(SectionIndexLayout(titles: withSearch, height: 10).width == 1)
        #expect(SectionIndexLayout(titles: ["A", "Ab"], height: 10).width == 2)
        #expect(SectionIndexLayout(titles: ["あ", "か"], height: 10).width == 2)
        #expect(SectionIndexLayout(titles: ["1970", "Other"], height: 10).width == 5, "ranges of values fit")
        #expect(SectionIndexLayout(titles: ["Long title"], height: 10).width == 5)
        #expect(SectionIndexLayout(titles: [""], height: 10).width == 1)
        #expect(SectionIndexLayout(titles: [], height: 10).width == 0)
        #expect(SectionIndexLayout(titles: [], height: 10).titleIndex(atLine: 0) == nil)
    }
}

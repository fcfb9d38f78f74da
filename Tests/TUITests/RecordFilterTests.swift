import Foundation
import TableKit
import Testing
@testable import TUI

/// Loads `json` (an array of objects) from a temporary file and collates it.
@MainActor
private func indexed(_ json: String) throws -> IndexedRecords {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("RecordFilterTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("records.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return IndexedRecords(store: try JSONRecordStore.load(path: path))
}

/// A JSON array of objects with these titles and authors (nil: no author member).
private func json(_ rows: [(String, String?)]) -> String {
    func quoted(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
    }
    let objects = rows.map { title, author in
        "{\"title\": \(quoted(title))" + (author.map { ", \"author\": \(quoted($0))" } ?? "") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
}

/// The titles of the records a result shows, in table order.
@MainActor
private func titles(_ result: FilterResult, _ records: IndexedRecords) -> [String] {
    (0 ..< result.count).map { records.store.title(at: Int(records.order.order[result.position(at: $0)])) }
}

private let library: [(String, String?)] = [
    ("Zebra Crossing", "Zed Zimmer"),
    ("élan vital", "Henri Bergson"),
    ("Élan", "Anonymous"),
    ("the Hobbit", "J. R. R. Tolkien"),
    ("Ångström Units", "Anders Å."),
    ("42nd Street", "Bradford Ropes"),
    ("1984", "George Orwell"),
    ("apple pie", "A. Baker"),
    ("Banana Republic", nil),
    ("Straße der Sterne", "Søren Ødegaard"),
    ("Emma", "Jane Austen"),
    ("東京物語", "Kōgo Noda"),
]

@MainActor
@Suite("RecordFilter")
struct RecordFilterTests {
    @Test("accents and case are ignored both ways")
    func diacriticsAndCase() throws {
        let records = try indexed(json(library))
        let filter = RecordFilter(records: records)
        #expect(titles(filter.filterNow(query: "elan"), records) == ["Élan", "élan vital"])
        #expect(titles(filter.filterNow(query: "ÉLAN"), records) == ["Élan", "élan vital"])
        #expect(titles(filter.filterNow(query: "ANGSTROM"), records) == ["Ångström Units"])
        #expect(titles(filter.filterNow(query: "ångström"), records) == ["Ångström Units"])
        #expect(titles(filter.filterNow(query: "strasse"), records) == ["Straße der Sterne"])
        #expect(titles(filter.filterNow(query: "STRAßE"), records) == ["Straße der Sterne"])
        #expect(titles(filter.filterNow(query: "HOBBIT"), records) == ["the Hobbit"])
        #expect(titles(filter.filterNow(query: "東京"), records) == ["東京物語"])
    }

    @Test("subtitles match too, and a match never joins title and subtitle")
    func subtitles() throws {
        let records = try indexed(json(library))
        let filter = RecordFilter(records: records)
        #expect(titles(filter.filterNow(query: "tolkien"), records) == ["the Hobbit"])
        #expect(titles(filter.filterNow(query: "soren odegaard"), records) == ["Straße der Sterne"])
        #expect(titles(filter.filterNow(query: "kogo"), records) == ["東京物語"])
        #expect(filter.filterNow(query: "crossingzed").isEmpty)
        #expect(filter.filterNow(query: "zimmerzebra").isEmpty)
        // Even a query holding the separators never runs from one record into the next.
        #expect(FilterHaystack.key(for: "anonymous\u{1E}elan", collation: .english)?.contains(0x1E) == true)
        #expect(filter.filterNow(query: "anonymous\u{1E}elan").isEmpty)
        #expect(filter.filterNow(query: "anonymous").count == 1)
    }

    @Test("an empty file filters to nothing without trouble")
    func emptyStore() throws {
        let records = try indexed("[]")
        let filter = RecordFilter(records: records)
        #expect(filter.filterNow(query: "a").isEmpty)
        #expect(filter.filterNow(query: "").isEmpty)
        #expect(RecordsDataSource(records: records, result: filter.filterNow(query: "a")).numberOfSections() == 0)
    }

    @Test("sections stay in collation order, # last")
    func sectionsInOrder() throws {
        let records = try indexed(json(library))
        let filter = RecordFilter(records: records)
        let result = filter.filterNow(query: "o")
        let expected = (0 ..< records.count).filter { position in
            let record = Int(records.order.order[position])
            return naiveFold(records.store.title(at: record)).contains("o")
                || naiveFold(records.store.subtitle(at: record) ?? "").contains("o")
        }
        #expect(result.matches == expected.map(Int32.init))
        #expect(titles(result, records).suffix(3) == ["1984", "42nd Street", "東京物語"])
        let sections = RecordsDataSource(records: records, result: result).sections
        #expect(sections.visibleSections.last == Collation.otherSection)
        #expect(sections.visibleSections == sections.visibleSections.sorted())
    }

    @Test("no match is an empty result; an empty query is everything")
    func emptyResultsAndEmptyQuery() throws {
        let records = try indexed(json(library))
        let filter = RecordFilter(records: records)
        let none = filter.filterNow(query: "qqqq")
        #expect(none.isEmpty && none.count == 0)
        let source = RecordsDataSource(records: records, result: none)
        #expect(source.numberOfSections() == 0 && source.sectionIndexTitles() == nil)
        for query in ["", "   "] {
            let all = filter.filterNow(query: query)
            #expect(all.isUnfiltered && all.count == records.count)
            #expect(titles(all, records) == (0 ..< records.count).map { records.store.title(at: Int(records.order.order[$0])) })
        }
        filter.submit(query: "")
        #expect(filter.takeFinishedResult()?.isUnfiltered == true)
    }

    @Test("the filtered data source maps sections, rows and index titles")
    func dataSource() throws {
        let records = try indexed(json(library))
        let filter = RecordFilter(records: records)
        let source = RecordsDataSource(records: records, result: filter.filterNow(query: "e"))
        let headers = (0 ..< source.numberOfSections()).compactMap { source.titleForHeader(inSection: $0) }
        #expect(headers == ["A", "B", "E", "S", "T", "Z", "#"])
        #expect(source.sectionIndexTitles() == headers)
        for (index, title) in headers.enumerated() {
            #expect(source.section(forSectionIndexTitle: title, at: index) == index)
        }
        var shown: [String] = []
        for section in 0 ..< source.numberOfSections() {
            for row in 0 ..< source.numberOfRows(inSection: section) {
                let cell = source.cell(for: IndexPath(row: row, section: section))
                shown.append(cell.text)
                #expect(cell.accessory == .disclosureIndicator)
            }
        }
        #expect(shown == titles(source.result, records))
        #expect(shown.contains("Élan") && shown.contains("1984") && !shown.contains("東京物語"))
        #expect(source.recordIndex(at: IndexPath(row: 99, section: 0)) == nil)
        #expect(source.recordIndex(at: IndexPath(row: 0, section: 99)) == nil)
        // Unfiltered: the full list and the full index, like RecordsDataSource.
        let all = RecordsDataSource(records: records, result: .all(records.order))
        let plain = RecordsDataSource(records: records)
        #expect(all.sectionIndexTitles() == plain.sectionIndexTitles())
        #expect(all.numberOfSections() == plain.numberOfSections())
        #expect(all.section(forSectionIndexTitle: "C", at: 2) == plain.section(forSectionIndexTitle: "C", at: 2))
    }

    @Test("hidden records leave a result, search or not; positions map to index paths and back")
    func excludingHiddenRecords() throws {
        let records = try indexed(json(library))
        let order = records.order
        let all = RecordsDataSource(records: records, result: .all(order)).result
        // Hide the first and the last record, and every record of one section (B: Banana Republic).
        let bSection = try #require(records.collation.sectionTitles.firstIndex(of: "B"))
        let bPositions = (order.sectionStarts[bSection] ..< order.sectionStarts[bSection + 1]).map { Int32($0) }
        let hidden = ([0] + bPositions + [Int32(order.count - 1)]).sorted()
        let shown = all.excluding(hidden, order: order)
        #expect(shown.count == records.count - hidden.count)
        #expect(!shown.isSearch && !shown.isUnfiltered)
        let expected = titles(all, records).enumerated().filter { !hidden.contains(Int32($0.offset)) }.map(\.element)
        #expect(titles(shown, records) == expected)
        // The index still lists every title, as the full list's does.
        let source = RecordsDataSource(records: records, result: shown)
        #expect(!source.sections.visibleSections.contains(bSection), "a section with only hidden records disappears")
        #expect(source.sectionIndexTitles() == RecordsDataSource(records: records).sectionIndexTitles())
        // A hidden position maps to the record after it; index paths count shown sections only.
        #expect(shown.index(atOrAfter: 0) == 0)
        #expect(shown.position(at: shown.index(atOrAfter: Int(bPositions[0]))) == Int(bPositions.last!) + 1)
        #expect(shown.index(atOrAfter: order.count) == shown.count)
        for index in [0, 1, shown.count - 1] {
            let path = try #require(source.sections.indexPath(ofIndex: index))
            #expect(source.recordIndex(at: path) == Int(order.order[shown.position(at: index)]))
        }
        #expect(source.sections.indexPath(ofIndex: shown.count) == nil && source.sections.indexPath(ofIndex: -1) == nil)
        // Over a search: hidden matches go, the query stays, the index shows what remains.
        let search = RecordFilter(records: records).filterNow(query: "e")
        let firstMatch = Int32(search.position(at: 0))
        let narrowed = search.excluding([firstMatch], order: order)
        #expect(narrowed.isSearch && narrowed.query == "e" && narrowed.count == search.count - 1)
        #expect(titles(narrowed, records) == Array(titles(search, records).dropFirst()))
        #expect(search.excluding([], order: order) == search)
    }

    @Test("background search delivers once; cancel leaves the previous result")
    func backgroundAndCancel() async throws {
        let records = try indexed(generatedLibrary(count: 60_000))
        let filter = RecordFilter(records: records)
        filter.submit(query: "the")
        let first = try await finished(filter)
        #expect(first == filter.filterNow(query: "the"))
        #expect(filter.takeFinishedResult() == nil)
        #expect(filter.progress == nil)
        // Cancelled before it can start: it waits behind the folding of every record.
        let cold = RecordFilter(records: records)
        cold.prepare()
        cold.submit(query: "river")
        cold.cancel()
        #expect(cold.progress == nil)
        while !cold.isPrepared { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(cold.takeFinishedResult() == nil)
        cold.submit(query: "river")
        #expect(try await finished(cold).count == filter.filterNow(query: "river").count)
        // A later query replaces an earlier one still running.
        filter.submit(query: "o")
        filter.submit(query: "ou")
        let latest = try await finished(filter)
        #expect(latest.query == "ou")
    }

    @Test("narrowing an earlier query gives what a fresh search gives")
    func incremental() throws {
        let records = try indexed(generatedLibrary(count: 40_000))
        let typed = RecordFilter(records: records)
        for query in ["w", "wi", "wil", "wild", "wild ", "wild o", "wild", "ild o"] {
            let narrowed = typed.filterNow(query: query)
            let fresh = RecordFilter(records: records).filterNow(query: query)
            #expect(narrowed == fresh, "\(query)")
        }
    }

    @Test("100,000 records: filterNow agrees with a plain String filter")
    func agreesWithNaiveFilter() throws {
        let records = try indexed(generatedLibrary(count: 100_000))
        let filter = RecordFilter(records: records)
        let order = records.order.order
        let folded = order.map { record in
            (naiveFold(records.store.title(at: Int(record))), records.store.subtitle(at: Int(record)).map(naiveFold))
        }
        for query in ["e", "the s", "ELAN", "strasse", "odegaard", "zoe", "東京", "война", "1984", "x9q"] {
            let key = naiveFold(query)
            let expected = folded.indices.filter { folded[$0].0.contains(key) || folded[$0].1?.contains(key) == true }
            let result = filter.filterNow(query: query)
            #expect(result.matches == expected.map(Int32.init), "\(query)")
            #expect(result.count == expected.count)
        }
    }
}

/// Waits for the filter's next finished result (at most 30 s).
@MainActor
private func finished(_ filter: RecordFilter) async throws -> FilterResult {
    for _ in 0 ..< 30_000 {
        if let result = filter.takeFinishedResult() { return result }
        try await Task.sleep(for: .milliseconds(1))
    }
    throw CancellationError()
}

/// Case, accents and the letters the collation spells out, folded with Foundation.
private func naiveFold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        .replacingOccurrences(of: "ß", with: "ss")
        .replacingOccurrences(of: "ø", with: "o")
        .replacingOccurrences(of: "æ", with: "ae")
        .trimmingCharacters(in: .whitespaces)
}

/// `count` made-up books: accents, ß, ø, lowercase starts, digits, Cyrillic and CJK titles,
/// and some without an author.
private func generatedLibrary(count: Int) -> String {
    let adjectives = ["Silent", "Élan", "Über", "wild", "Straße", "Naïve", "Zoë", "Ærø", "the", "Café", "Ødegaard", "Grim"]
    let nouns = ["River", "Garden", "Ångström", "Orchard", "Sparrow", "Winter", "Déjà", "Oracle", "Island", "Fjörd"]
    let specials = ["1984", "東京物語", "Война и мир", "42 Wild Nights", "(Untitled)", "¿Por Qué", "  spaced out"]
    let firstNames = ["Søren", "Zoë", "José", "Ada", "Björn", "Chloé", "Małgorzata", "Hugo"]
    let lastNames = ["Ødegaard", "Müller", "Núñez", "Xu", "Straßer", "Lefèvre", "Rossi", "Tanaka"]
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    var rows: [(String, String?)] = []
    rows.reserveCapacity(count)
    for _ in 0 ..< count {
        let title = next(10) == 0
            ? specials[next(specials.count)]
            : "\(adjectives[next(adjectives.count)]) \(nouns[next(nouns.count)])"
        let author = next(7) == 0 ? nil : "\(firstNames[next(firstNames.count)]) \(lastNames[next(lastNames.count)])"
        rows.append((title, author))
    }
    return json(rows)
}

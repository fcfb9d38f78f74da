import Foundation
import TableKit

/// Self-sizing rows at scale: a million rows of mixed heights (each row's text wraps to as
/// many lines as it needs), and a record whose one value is 200 KB or 1 MB without a space.
/// Figures only; `table-browser benchmark --self-sizing`.
@MainActor
func benchmarkSelfSizing(size: Size, repetitions: Int) throws -> String {
    var report = ""
    let clock = ContinuousClock()
    func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    // A million rows in 27 sections, one to a dozen lines each.
    let source = MixedHeightRows(count: 1_000_000)
    let list = TableViewController(title: "Mixed", dataSource: source)
    let root = RootController(content: NavigationController(root: list), size: size)
    let context = RenderContext(glyphs: .unicode)
    var frame = root.render(context: context)
    func timed(_ keys: [Key]) -> (milliseconds: Double, cells: Int) {
        source.requests = 0
        let start = clock.now
        for key in keys {
            _ = root.handle(.key(key))
            frame = root.render(context: context)
        }
        return (ms(clock.now - start), source.requests)
    }
    var lastRow: [(Double, Int)] = []
    for _ in 0 ..< repetitions {
        lastRow.append(timed([.end]))
        _ = root.handle(.key(.home))
    }
    _ = root.handle(.key(.tab))
    let letters: [Key] = "AMZEQ#BTK".map { .character($0) }
    let jumps = (0 ..< repetitions).map { timed([letters[$0 % letters.count]]) }
    _ = root.handle(.key(.enter))
    let moves = (0 ..< repetitions).map { _ in timed([.down]) }
    _ = frame
    func summary(_ runs: [(Double, Int)]) -> String {
        let mean = runs.map(\.0).reduce(0, +) / Double(max(1, runs.count))
        let worst = runs.map(\.0).max() ?? 0
        let cells = runs.map(\.1).max() ?? 0
        return String(format: "mean %.3f ms, worst %.3f ms, at most %d cells asked", mean, worst, cells)
    }
    report += "1,000,000 rows of mixed heights at \(size.width)x\(size.height) (frame drawn each time, \(repetitions) each):\n"
    report += "  jump to the last row: \(summary(lastRow))\n"
    report += "  index jump:           \(summary(jumps))\n"
    report += "  focus move:           \(summary(moves))\n"

    // One record whose value has no spaces: a hash, base64, minified JSON.
    for kilobytes in [200, 1024] {
        let value = String(repeating: "0123456789abcdef", count: kilobytes * 64)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-long-\(kilobytes).json").path
        try Data("[{\"title\": \"Long\", \"blob\": \"\(value)\"}]".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try JSONRecordStore.load(path: path, titleKey: nil, subtitleKey: nil)
        let openStart = clock.now
        let detail = RecordDetailScreen(store: store, record: 0)
        let navigation = NavigationController(root: detail)
        let detailRoot = RootController(content: navigation, size: size)
        var detailFrame = detailRoot.render(context: context)
        let open = ms(clock.now - openStart)
        let keyStart = clock.now
        for step in 0 ..< repetitions {
            _ = detailRoot.handle(.key(step % 20 < 10 ? .pageDown : .pageUp))
            detailFrame = detailRoot.render(context: context)
        }
        let perKey = ms(clock.now - keyStart) / Double(max(1, repetitions))
        _ = detailFrame
        report += String(format: "a record with one %d KB value without spaces: opens in %.1f ms, %.3f ms a key (PgDn/PgUp, frame drawn)\n",
                         kilobytes, open, perKey)
    }
    return report
}

/// A million rows in the 27 sections of the English index, each a text of its own length
/// (one to about a dozen lines at 80 columns), made on demand; counts what it is asked for.
final class MixedHeightRows: TableViewDataSource {
    let count: Int
    let sectionSize: Int
    var requests = 0

    init(count: Int) {
        self.count = count
        sectionSize = (count + 26) / 27
    }

    func numberOfSections() -> Int { 27 }

    func numberOfRows(inSection section: Int) -> Int {
        max(0, min(sectionSize, count - section * sectionSize))
    }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        requests += 1
        let index = indexPath.section * sectionSize + indexPath.row
        let words = 3 + (index &* 7919) % 160
        let text = (0 ..< words).map { "w\(($0 &+ index) % 97)" }.joined(separator: " ")
        return TableViewCell(style: .subtitle, text: "Row \(index)", detailText: text, detailNumberOfLines: 0)
    }

    func titleForHeader(inSection section: Int) -> String? { Collation.english.sectionTitles[section] }

    func sectionIndexTitles() -> [String]? { Collation.english.sectionIndexTitles }
}

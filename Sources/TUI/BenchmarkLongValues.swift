import Foundation
import TableKit

/// Long values, as a hostile file holds them: one value of 1 KB, 1 MB and 50 MB written as
/// words, as short lines, and without a space; and a title of each size. Times what a person
/// waits for — the record opening, a page down, the jump to its end, the value opened to read
/// and paged, a list whose first row carries the long title, and the long text pasted into the
/// search field — each with the frame drawn after it. Figures only;
/// `table-browser benchmark --long-values`.
@MainActor
func benchmarkLongValues(size: Size, repetitions: Int, sizes: [Int] = [1 << 10, 1 << 20, 50 << 20]) throws -> String {
    var report = "Long values at \(size.width)x\(size.height) (frame drawn after every key; keys are means of \(repetitions)):\n"
    let context = RenderContext(glyphs: .unicode)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-long-values-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    for bytes in sizes {
        let label = bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
        for (kind, value) in [("words", longWords(bytes)), ("lines", longLines(bytes)), ("no spaces", longRun(bytes))] {
            let path = directory.appendingPathComponent("value.json").path
            try writeRecords([["title": "Long", "value": value]], to: path)
            let store = try JSONRecordStore.load(path: path, titleKey: nil, subtitleKey: nil)
            let (root, open) = timed {
                let root = RootController(content: NavigationController(root: RecordDetailScreen(store: store, record: 0)), size: size)
                _ = root.render(context: context)
                return root
            }
            let pageDown = timedKeys(root, [.pageDown], repetitions: repetitions, context: context)
            let end = timedKeys(root, [.end], repetitions: 1, context: context)
            _ = root.handle(.key(.home))
            // The value's row, then Enter: the reader, where the detail shows a preview.
            _ = root.handle(.key(.down))
            let read = timedKeys(root, [.enter], repetitions: 1, context: context)
            let readerPage = timedKeys(root, [.pageDown], repetitions: repetitions, context: context)
            let readerEnd = timedKeys(root, [.end], repetitions: 1, context: context)
            let readerLine = timedKeys(root, [.up], repetitions: repetitions, context: context)
            let quit = timedKeys(root, [.character("q")], repetitions: 1, context: context)
            report += String(format: "  %@ value, %@: record opens %.1f ms; PgDn %.3f ms; End %.1f ms; Enter (read) %.1f ms, its PgDn %.3f ms, End %.1f ms, ↑ %.3f ms; q %.3f ms\n",
                             label, kind, open, pageDown, end, read, readerPage, readerEnd, readerLine, quit)
        }

        // A list whose one record has the long title (words), from the file to the first frame.
        let path = directory.appendingPathComponent("title.json").path
        let title = longWords(bytes)
        try writeRecords([["title": title, "subtitle": "short"], ["title": "Short", "subtitle": title]], to: path)
        let (app, listOpen) = try timed {
            let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
            let app = BrowserApp(list: list, size: size, options: AppOptions(animates: false))
            _ = app.render(context: context)
            return app
        }
        let listMove = timedKeys(app.root, [.down, .up], repetitions: repetitions, context: context)
        // The long text pasted into the search field (as "Search for …" sets it), then one more key.
        _ = app.handle(.key(.character("/")))
        let (_, paste) = timed {
            _ = app.handle(.paste(title))
            _ = app.render(context: context)
        }
        let typed = timedKeys(app.root, [.character("x"), .backspace], repetitions: max(1, repetitions / 10), context: context)
        report += String(format: "  %@ title: list opens %.1f ms, ↓↑ %.3f ms; pasted into search %.1f ms, then a key %.3f ms\n",
                         label, listOpen, listMove, paste, typed)
    }
    return report
}

/// Words of a few letters separated by spaces, `bytes` long.
func longWords(_ bytes: Int) -> String {
    let words = ["lorem", "ipsum", "dolor", "sit", "amet", "table", "kit", "río", "naïve", "word"]
    var text = ""
    text.reserveCapacity(bytes + 8)
    var index = 0
    while text.utf8.count < bytes {
        if !text.isEmpty { text += " " }
        text += words[index % words.count]
        index &+= 7
    }
    return text
}

/// Numbered lines of about 30 bytes, `bytes` long.
func longLines(_ bytes: Int) -> String {
    var text = ""
    text.reserveCapacity(bytes + 40)
    var line = 1
    while text.utf8.count < bytes {
        text += "line \(line) of a long value\n"
        line += 1
    }
    return text
}

/// Hexadecimal digits without a space (a hash, base64), `bytes` long.
func longRun(_ bytes: Int) -> String {
    String(repeating: "0123456789abcdef", count: max(1, bytes / 16))
}

private func writeRecords(_ records: [[String: String]], to path: String) throws {
    try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
}

/// What `body` returns, and the milliseconds it took.
func timed<Value>(_ body: () throws -> Value) rethrows -> (Value, Double) {
    let start = ContinuousClock.now
    let value = try body()
    return (value, milliseconds(ContinuousClock.now - start))
}

/// The mean time of each of `keys` sent `repetitions` times, each followed by a frame
/// (shared with the text-editing benchmark).
@MainActor
func timedKeys(_ root: RootController, _ keys: [Key], repetitions: Int, context: RenderContext) -> Double {
    let start = ContinuousClock.now
    for _ in 0 ..< repetitions {
        for key in keys {
            _ = root.handle(.key(key))
            _ = root.render(context: context)
        }
    }
    return milliseconds(ContinuousClock.now - start) / Double(max(1, repetitions * keys.count))
}

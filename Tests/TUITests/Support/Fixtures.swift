import Foundation
import Testing
@testable import TUI

/// JSON files written to a fresh temporary folder, removed when the value goes away.
final class TemporaryFiles {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to a file named `name` and returns its path.
    func write(_ text: String, named name: String = "data.json") -> String {
        let url = directory.appendingPathComponent(name)
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            Issue.record("the fixture \(url.path) could not be written: \(error)")
        }
        return url.path
    }
}

extension DataFileRecords {
    /// The records of the `--data` file at `path`, read to be edited and saved back.
    static func loaded(from path: String) throws -> DataFileRecords {
        DataFileRecords(store: try JSONRecordStore.load(path: path), path: path)
    }
}

/// The text of the file at `path`; empty when there is none.
func contents(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

/// A small library whose titles exercise the collation: accents, lowercase, digits, symbols.
/// In table order: Ångström Units, apple pie, Banana Republic, élan vital, Emma, Esc… in a
/// title, the Hobbit, Zebra Crossing, 42nd Street.
let fixtureBooks = """
[
  {"title": "Zebra Crossing", "author": "Zed Zimmer", "year": 2001},
  {"title": "élan vital", "author": "Henri Bergson", "year": 1907},
  {"title": "the Hobbit", "author": "J. R. R. Tolkien", "year": 1937},
  {"title": "Ångström Units", "author": "Anders Å.", "year": 1868},
  {"title": "42nd Street", "author": "Bradford Ropes", "year": 1932},
  {"title": "apple pie", "author": "A. Baker", "year": 1999},
  {"title": "Banana Republic", "author": "B. Grower", "year": 1904},
  {"title": "Emma", "author": "Jane Austen", "year": 1815},
  {"title": "Esc\\u001b[2J in a title", "author": "Mallory", "year": 2020}
]
"""

/// The navigation bar, the frame's first line, after `keys` on ``fixtureBooks`` at `size`,
/// the app's state kept in `files`: a detail's bar names its record.
@MainActor
func fixtureBar(after keys: String, size: Size, files: TemporaryFiles) throws -> String {
    try snapshot(fixtureBooks, size: size, keys: keys, files: files)[0]
}

/// The frame after `keys` on `json`, as trimmed lines.
@MainActor
func snapshot(_ json: String, size: Size = Size(width: 50, height: 14), keys: String = "", files: TemporaryFiles = TemporaryFiles()) throws -> [String] {
    try snapshotCanvas(json, size: size, keys: keys, files: files).lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
}

/// The frame after `keys` on `json` with its styles marked (``Canvas/styledText``): the form
/// to compare where the focus or a colour matters.
@MainActor
func styledSnapshot(_ json: String, size: Size = Size(width: 50, height: 14), keys: String = "", files: TemporaryFiles = TemporaryFiles()) throws -> [String] {
    try snapshotCanvas(json, size: size, keys: keys, files: files).styledText.components(separatedBy: "\n")
}

/// The canvas `table-browser snapshot --data` draws after `keys` on `json`.
@MainActor
private func snapshotCanvas(_ json: String, size: Size, keys: String, files: TemporaryFiles) throws -> Canvas {
    let list = try DataOptions.parse(["--data", files.write(json)]).loadListScreen(searchesSynchronously: true)
    return SnapshotCommand.render(list: list, size: size, keys: try Key.parseScript(keys))
}

import TableKit

/// How a form saves in a test that has no list: at once, on this thread, the records taking
/// what was written before the form hears how it went, as the list's background save does
/// when it lands.
@MainActor
func savingAtOnce(_ records: EditableRecords) -> RecordSaveStarter {
    { (save, landed) throws(SaveFailure) in
        let result = Result { () throws(SaveFailure) in try save.run() }
        if case .success(let outcome) = result { records.take(outcome) }
        _ = landed(result)
    }
}

import Foundation
import TableKit

/// Where a record list's records come from: the bundled books or a file, the reload (⟳)
/// that reads it again, the file's other arrays of objects, and the file a Save As moved to.
@MainActor
final class RecordSource {
    /// Loads the records on a background thread; it may stop early once its argument says
    /// the load was cancelled.
    typealias Load = @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Result<IndexedRecords, CommandFailure>

    /// Whether the records are the bundled books (Title | Author in the bar, the book form),
    /// not a `--data` file's.
    let isBookList: Bool
    /// Where ⟳ reloads from; nil for data that cannot change. A Save As points it at the new file.
    var reload: Load?
    /// Loads the file's array at a JSON Pointer instead (a top-level object with several
    /// arrays of objects); nil when the records cannot be loaded again.
    var loadArray: ((String) -> Load)?
    /// The file's arrays of objects, as first found (a load at a pointer finds no others).
    let arrayCandidates: [(pointer: String, bytes: Int)]
    /// The file the records were read from, when they were: after a Save As, the new file.
    private(set) var loadedPath: String?

    init(isBookList: Bool, reload: Load?, store: JSONRecordStore, editable: EditableRecords?) {
        self.isBookList = isBookList
        self.reload = reload
        arrayCandidates = store.candidates
        loadedPath = (editable as? DataFileRecords)?.path
    }

    /// Follows a Save As of `editable` (the records saved to another file): ⟳ reads the new
    /// file from now on. Returns the list's new title, or nil when the file is the same.
    func followSaveAs(of editable: EditableRecords, store: JSONRecordStore) -> String? {
        guard let file = editable as? DataFileRecords, file.path != loadedPath else { return nil }
        loadedPath = file.path
        let pointer = store.recordsPointer
        reload = DataOptions.load(path: file.path, pointer: pointer.isEmpty ? nil : pointer, titleKey: store.titleKey,
                                  subtitleKey: store.subtitleKey)
        return URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
    }

    /// The other arrays of the file that the row actions can open instead of `store`'s.
    func otherArrays(than store: JSONRecordStore) -> [(pointer: String, bytes: Int)] {
        loadArray == nil ? [] : arrayCandidates.filter { $0.pointer != store.recordsPointer }
    }

    /// Records found inside the file say where, above the bar: "Records at /3166-1", and
    /// how many other arrays the row actions (a) can open instead. Text replaced on loading
    /// says so there too, and that the list is read-only.
    func prompt(for store: JSONRecordStore) -> String? {
        let pointer = ControlEscaping.escaped(store.recordsPointer)
        var parts: [String] = []
        if store.recordsAreMembers {
            parts.append("Records keyed by name" + (pointer.isEmpty ? "" : " at " + pointer))
        } else if !pointer.isEmpty {
            let others = arrayCandidates.count - 1
            parts.append("Records at " + pointer + (others < 1 ? "" : others == 1 ? " · 1 other array (a)" : " · \(others) other arrays (a)"))
        }
        let replaced = store.replacementCount
        if replaced > 0 {
            parts.append((replaced == 1 ? "1 invalid character" : "\(replaced) invalid characters") + " replaced (read-only)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app's state file, `$XDG_STATE_HOME/table-browser/state.json` (by default under
/// `~/.local/state`): read once at start, and updated after every change.
///
/// - A change is merged, not written over: under the lock of the file's folder (the lock
///   every save of the app takes), the file is read again, the person's change is made to
///   what it holds, and the result is written, so a second instance's changes survive
///   (``update(_:)``).
/// - Writing goes to a temporary file in the same folder, which is flushed to the disk,
///   renamed over the old file, and the folder is flushed too: a reader (or a second instance)
///   sees the old file or the new one, never a mixture.
/// - A file of an older or newer version loads: a missing key is its default, a key or a name
///   this version does not know is kept and written back, and a value of the wrong kind costs
///   that field alone (it is back to its default, and said in words). See `AppState+Codable`.
/// - A file that cannot be read — unreadable, not a JSON object, or of another `version` — is
///   moved aside under a new name before anything is written (never overwritten, never
///   deleted), said once in words, and the defaults are used. One that cannot even be moved
///   aside is left as it is, and nothing is saved over it.
/// - A failed write is said in words; the state stays in memory and the next change tries
///   again.
struct StateStore: Sendable {
    /// The state file.
    let url: URL
    /// Reads the file's bytes: ``readRegularFile(_:)``, except in tests (a file root cannot be
    /// refused).
    var read: @Sendable (URL) throws -> Data = { try StateStore.readRegularFile($0) }

    /// A store of the state file at `url`.
    init(url: URL) {
        self.url = url
    }

    /// The state file for this environment: `XDG_STATE_HOME`, else `HOME/.local/state`.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> StateStore {
        StateStore(url: xdgDirectory("XDG_STATE_HOME", else: ".local/state", environment: environment)
            .appendingPathComponent("table-browser/state.json"))
    }

    /// What loading found.
    struct Loaded {
        /// The state to use.
        var state: AppState
        /// A sentence for the person when the file had to be set aside or could not be read,
        /// or when values in it were not understood and are back to their defaults.
        var problem: String?
    }

    /// Reads the state; a missing file is the defaults, silently. A file that cannot be read
    /// or used is moved aside unless `settingAside` is false (a snapshot only reads).
    func load(settingAside: Bool = true) -> Loaded {
        if settingAside { AtomicFile.removeLeftovers(besides: url.path) }
        switch readState() {
        case .success(let reading):
            return Loaded(state: reading?.state ?? AppState(), problem: reading.flatMap(notUnderstood(in:)))
        case .failure(let unusable):
            guard settingAside else { return Loaded(state: AppState(), problem: nil) }
            let whereTo = setAside().map { "it was moved to \($0.lastPathComponent)" } ?? "it could not be moved aside, and it is left as it is"
            return Loaded(state: AppState(), problem: "The settings file \(url.path) was not used: \(unusable.reason); \(whereTo). The defaults are in use.")
        }
    }

    /// Why the file cannot be used, in words.
    private struct Unusable: Error { var reason: String }

    /// The state in the file: nil when there is none.
    private func readState() -> Result<AppState.Reading?, Unusable> {
        let data: Data
        do {
            data = try read(url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return .success(nil)
        } catch {
            return .failure(Unusable(reason: Self.reason(of: error)))
        }
        // Only a file that is not a JSON object fails here: the fields are read one by one.
        guard let reading = try? JSONDecoder().decode(AppState.Reading.self, from: data) else {
            return .failure(Unusable(reason: "it is not a settings file this app can read"))
        }
        let version = reading.state.version
        guard version == AppState.currentVersion else {
            return .failure(Unusable(reason: "it is of version \(version), and this app reads version \(AppState.currentVersion)"))
        }
        return .success(reading)
    }

    /// The sentence that says which fields of the file were not understood, if any.
    private func notUnderstood(in reading: AppState.Reading) -> String? {
        guard !reading.notes.isEmpty else { return nil }
        return "In the settings file \(url.path), " + reading.notes.joined(separator: "; ") + "."
    }

    /// Renames the file to a name no file has yet: `state.json.unreadable-1`, `-2`, …
    private func setAside() -> URL? {
        for number in 1 ... 1000 {
            let target = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).unreadable-\(number)")
            // link + unlink never replaces an existing file, unlike rename.
            if link(url.path, target.path) == 0 {
                unlink(url.path)
                return target
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// What an update saved.
    struct Updated {
        /// The state as saved: the file's, with the change made to it.
        var state: AppState
        /// A sentence for the person when the file found had to be set aside first, or held
        /// values that were not understood (now saved as their defaults).
        var problem: String?
    }

    /// Makes `change` to the state in the file and saves the result, as one step under the
    /// folder's lock: what another instance saved meanwhile is kept. A file that cannot be
    /// used is moved aside first, and the change is made to the defaults.
    /// - Throws: `StateSaveError`, a sentence, when nothing could be saved (the file was
    ///   left as it was).
    func update(_ change: (inout AppState) -> Void) throws(StateSaveError) -> Updated {
        try makeFolder()
        do {
            return try AtomicFile.withFolderLocked(of: url.path) { isLocked throws(SaveFailure) in
                var problem: String?
                var state: AppState
                switch readState() {
                case .success(let found):
                    state = found?.state ?? AppState()
                    problem = found.flatMap(notUnderstood(in:))
                case .failure(let unusable):
                    guard let aside = setAside() else {
                        throw SaveFailure(reason: .other, message: "\(url.path) cannot be used (\(unusable.reason)) and cannot be moved aside, so nothing is saved over it.")
                    }
                    problem = "The settings file \(url.path) was not used: \(unusable.reason); it was moved to \(aside.lastPathComponent), and your change was saved to a new one."
                    state = AppState()
                }
                change(&state)
                try AtomicFile.write(encoded(state), to: url.path, mode: 0o600, folderIsLocked: isLocked)
                return Updated(state: state, problem: problem)
            }
        } catch {
            throw StateSaveError(message: "The settings cannot be saved: \(error.message) They are kept until the app quits.")
        }
    }

    /// Writes `state` over whatever the file holds (the tests' way to set a file up).
    func save(_ state: AppState) throws(StateSaveError) {
        try makeFolder()
        do {
            try AtomicFile.write(encoded(state), to: url.path, mode: 0o600)
        } catch {
            throw StateSaveError(message: "The settings cannot be saved: \(error.message) They are kept until the app quits.")
        }
    }

    private func makeFolder() throws(StateSaveError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StateSaveError(message: "The settings cannot be saved: the folder \(folder.path) cannot be made (\(Self.folderProblem(folder, error))). They are kept until the app quits.")
        }
    }

    private func encoded(_ state: AppState) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(state)) ?? Data())
    }
}

/// The XDG base directory `variable` names when it is an absolute path, else `fallback`
/// under the home directory.
func xdgDirectory(_ variable: String, else fallback: String, environment: [String: String]) -> URL {
    if let path = environment[variable], path.hasPrefix("/") { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(fallback)
}

/// A save that failed, in words.
struct StateSaveError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

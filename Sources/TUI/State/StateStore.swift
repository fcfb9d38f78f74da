import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app's state file, `$XDG_STATE_HOME/table-browser/state.json` (by default under
/// `~/.local/state`): read once at start, written atomically after every change.
///
/// - Writing goes to a temporary file in the same folder, which is flushed to the disk,
///   renamed over the old file, and the folder is flushed too: a reader (or a second instance)
///   sees the old file or the new one, never a mixture; the last complete write wins.
/// - A file that cannot be read as a state of this version is moved aside under a new name
///   (never overwritten, never deleted), said once in words, and the defaults are used.
/// - A failed write is said in words; the state stays in memory and the next change tries
///   again.
struct StateStore {
    /// The state file.
    let url: URL

    /// The state file for this environment: `XDG_STATE_HOME`, else `HOME/.local/state`.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> StateStore {
        StateStore(url: xdgDirectory("XDG_STATE_HOME", else: ".local/state", environment: environment)
            .appendingPathComponent("table-browser/state.json"))
    }

    /// What loading found.
    struct Loaded {
        /// The state to use.
        var state: AppState
        /// A sentence for the person when the file had to be set aside or could not be read.
        var problem: String?
    }

    /// Reads the state; a missing file is the defaults, silently. An unreadable file is moved
    /// aside unless `settingAside` is false (a snapshot only reads).
    func load(settingAside: Bool = true) -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return Loaded(state: AppState(), problem: nil)
        } catch {
            return Loaded(state: AppState(), problem: "The settings file \(url.path) cannot be read (\(error.localizedDescription)); the defaults are in use.")
        }
        let reason: String
        do {
            let state = try JSONDecoder().decode(AppState.self, from: data)
            if state.version == AppState.currentVersion { return Loaded(state: state, problem: nil) }
            reason = "it is of version \(state.version), and this app reads version \(AppState.currentVersion)"
        } catch {
            // A newer version may have fields this one does not know: say so rather than "corrupt".
            if let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version, version != AppState.currentVersion {
                reason = "it is of version \(version), and this app reads version \(AppState.currentVersion)"
            } else {
                reason = "it is not a settings file this app can read"
            }
        }
        guard settingAside else { return Loaded(state: AppState(), problem: nil) }
        let aside = setAside()
        let whereTo = aside.map { "it was moved to \($0.lastPathComponent)" } ?? "it could not be moved aside, and it is left as it is"
        return Loaded(state: AppState(), problem: "The settings file \(url.path) was not used: \(reason); \(whereTo). The defaults are in use.")
    }

    private struct VersionOnly: Decodable { var version: Int }

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

    /// Writes `state` atomically; throws a sentence when it cannot.
    func save(_ state: AppState) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StateSaveError(message: "The settings cannot be saved: the folder \(folder.path) cannot be made (\(error.localizedDescription)). They are kept until the app quits.")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(state)) ?? Data()
        do {
            try AtomicFile.write(Array(data), to: url.path, mode: 0o600)
        } catch {
            throw StateSaveError(message: "The settings cannot be saved: \(error.message) They are kept until the app quits.")
        }
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

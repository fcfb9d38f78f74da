import Foundation

/// Finds the files bundled with the app (the JSON files, the folder of photos) without ever
/// crashing when they are missing.
///
/// SwiftPM's generated `Bundle.module` stops the process when the bundle is not beside the
/// binary; a terminal app must instead say so in words. So the bundle is looked up by hand,
/// from the executable's real path (never `argv[0]`, which is a bare name when the shell found
/// the binary on `PATH`): beside it, as SwiftPM's `.build` folders and a copied binary have it;
/// in `../share/table-browser/`, as `make install` lays it out; then where
/// `TABLE_BROWSER_RESOURCES` points.
public enum BundledData {
    /// The bundled books.
    public static let booksFileName = "books.json"
    /// The bundled game reviews.
    public static let gamesFileName = "games.json"
    /// The folder of the photo board's PNG files (issue 27).
    public static let photosFolderName = "photos"
    /// The resource bundle SwiftPM builds from this target, which `make install` copies too.
    public static let bundleName = "TableKit_BundledData.resources"

    /// The places searched for a bundled file, most likely first.
    public static func candidateDirectories() -> [URL] {
        let executableDirectory = executableURL().deletingLastPathComponent()
        var candidates = [
            executableDirectory.appendingPathComponent(bundleName),
            executableDirectory.deletingLastPathComponent()
                .appendingPathComponent("share/table-browser", isDirectory: true)
                .appendingPathComponent(bundleName),
        ]
        if let override = ProcessInfo.processInfo.environment["TABLE_BROWSER_RESOURCES"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        return candidates
    }

    /// The running executable with every symbolic link resolved: Linux's `/proc/self/exe`, or
    /// Foundation's idea of it where there is no `/proc`.
    static func executableURL() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        let fallback = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        return fallback.resolvingSymlinksInPath()
    }

    /// The path of a bundled file, or a sentence saying where it was looked for.
    public static func url(forFile name: String) -> Result<URL, BundledDataMissing> {
        let directories = candidateDirectories()
        for directory in directories {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isReadableFile(atPath: url.path) { return .success(url) }
        }
        return .failure(BundledDataMissing(fileName: name, searched: directories.map(\.path)))
    }

    /// The path of a bundled folder, or a sentence saying where it was looked for. Unlike
    /// ``url(forFile:)`` this passes over a plain file of that name.
    public static func url(forFolder name: String) -> Result<URL, BundledDataMissing> {
        let directories = candidateDirectories()
        for directory in directories {
            let url = directory.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue,
               FileManager.default.isReadableFile(atPath: url.path) {
                return .success(url)
            }
        }
        return .failure(BundledDataMissing(fileName: name, searched: directories.map(\.path)))
    }
}

/// A bundled file could not be found.
public struct BundledDataMissing: Error, CustomStringConvertible {
    /// The file that was looked for.
    public var fileName: String
    /// Where it was looked for.
    public var searched: [String]
    /// A sentence for the user.
    public var description: String {
        "the bundled \(fileName) was not found (looked in: \(searched.joined(separator: ", "))); "
            + "run make install, copy TableKit_BundledData.resources beside the binary, set TABLE_BROWSER_RESOURCES to its folder, or use --data FILE"
    }
}

import Foundation

/// Finds the files bundled with the app (the JSON files, the folder of photos) without ever
/// crashing when they are missing.
///
/// SwiftPM's generated `Bundle.module` stops the process when the bundle is not beside the
/// binary; a terminal app must instead say so in words. So the bundle is looked up by hand:
/// beside the executable, then where `TABLE_BROWSER_RESOURCES` points, then in the source tree
/// this binary was built from.
public enum BundledData {
    /// The bundled books.
    public static let booksFileName = "books.json"
    /// The bundled game reviews.
    public static let gamesFileName = "games.json"
    /// The folder of the photo board's PNG files (issue 27).
    public static let photosFolderName = "photos"

    /// The places searched for a bundled file, most likely first.
    public static func candidateDirectories() -> [URL] {
        var candidates: [URL] = []
        let bundleName = "TableKit_BundledData.resources"
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        let executableDirectory = executable.deletingLastPathComponent()
        candidates.append(executableDirectory.appendingPathComponent(bundleName))
        let mainBundle = Bundle.main.bundleURL.appendingPathComponent(bundleName)
        if mainBundle.standardizedFileURL != candidates[0].standardizedFileURL { candidates.append(mainBundle) }
        if let override = ProcessInfo.processInfo.environment["TABLE_BROWSER_RESOURCES"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return candidates
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
            + "copy TableKit_BundledData.resources beside the binary, set TABLE_BROWSER_RESOURCES to its folder, or use --data FILE"
    }
}

import ArgumentParser
import BundledData
import Foundation
import TableKit

/// The options that choose what to browse, shared by browsing and `snapshot`.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("A JSON file holding an array of objects to browse.", valueName: "FILE.json"))
    var dataPath: String?

    @Option(help: ArgumentHelp("The key whose value titles each row (default: title, then name, then the first string field).", valueName: "KEY"))
    var titleKey: String?

    @Option(help: ArgumentHelp("The key whose value is shown under the title (default: inferred).", valueName: "KEY"))
    var subtitleKey: String?

    /// Loads what to browse, or says in one line why it cannot (exit status 65 or 66).
    func loadRootScreen() throws -> RecordListScreen {
        let path: String
        let title: String
        if let dataPath {
            path = dataPath
            title = URL(fileURLWithPath: dataPath).deletingPathExtension().lastPathComponent
        } else {
            switch BundledData.url(forFile: BundledData.booksFileName) {
            case .success(let url):
                path = url.path
                title = "Books"
            case .failure(let missing):
                throw CommandFailure(message: missing.description, exitCode: 66)
            }
        }
        do {
            let store = try JSONRecordStore.load(path: path, titleKey: titleKey, subtitleKey: subtitleKey)
            return RecordListScreen(title: title, records: IndexedRecords(store: store))
        } catch {
            throw CommandFailure(message: error.description, exitCode: error.exitCode)
        }
    }
}

/// A failure reported in one line on standard error, with a sysexits-style status.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32
    var description: String { message }
}

extension CommandFailure {
    /// Prints the message on standard error, control characters escaped.
    func printMessage() {
        FileHandle.standardError.write(Data(("table-browser: " + ControlEscaping.escaped(message) + "\n").utf8))
    }

    /// Prints the message and ends the command with its status (only at the top level).
    func report() -> ExitCode {
        printMessage()
        return ExitCode(exitCode)
    }
}

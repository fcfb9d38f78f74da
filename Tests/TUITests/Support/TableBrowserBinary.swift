import Foundation
import Testing

/// The real `table-browser` executable, which the end-to-end tests drive, and its headless
/// snapshots, which give them the frames to expect.
enum TableBrowserBinary {
    /// A fixed, UTF-8 environment for the binary run as a process.
    static var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "dumb",
            // A home with no saved settings: snapshots show the defaults.
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-empty-home").path,
        ]
    }

    /// `table-browser`, built next to the test bundle (or named by `TABLE_BROWSER_BINARY`).
    static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["TABLE_BROWSER_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw Missing(searched: ["TABLE_BROWSER_BINARY=\(path)"])
            }
            return URL(fileURLWithPath: path)
        }
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for test in Bundle.allBundles where test.bundleURL.pathExtension == "xctest" {
            directories.append(test.bundleURL.deletingLastPathComponent())
        }
        // Tests/TUITests/Support/TableBrowserBinary.swift → the package root → .build/debug.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 4 { root.deleteLastPathComponent() }
        directories.append(root.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("table-browser")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw Missing(searched: directories.map(\.path))
    }

    /// An example app built beside `table-browser` (`fruit-list`, `settings-example`, `inbox`).
    static func example(_ name: String) throws -> URL {
        let binary = try url().deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw Missing(searched: [binary.path]) }
        return binary
    }

    /// The binary was not found where a build puts it.
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "table-browser is not built: not found in \(searched.joined(separator: ", ")). "
                + "Run `swift build --build-tests` (the end-to-end tests drive the real binary), "
                + "or set TABLE_BROWSER_BINARY."
        }
    }

    /// `table-browser snapshot --size SIZE --keys KEYS [--data FILE]`: the frame the headless
    /// backend renders, as lines.
    static func snapshot(size: String, keys: String = "", data: String? = nil) throws -> [String] {
        let arguments = ["snapshot", "--size", size, "--keys", keys] + (data.map { ["--data", $0] } ?? [])
        let result = try TmuxSession.run(try url().path, arguments, environment: environment)
        guard result.status == 0 else {
            throw TmuxSession.RunError(description: "snapshot \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError)")
        }
        var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A fresh ``TmuxSession`` whose shell runs `table-browser ARGUMENTS`, wrapped so that a
    /// test can see what the shell saw: a marker before, the exit status after (`EXIT:n`), and
    /// whether the terminal's modes came back unchanged (`TTY-SAME` or `TTY-CHANGED`).
    static func launchInTmux(binary: URL? = nil, arguments: [String], width: Int, height: Int,
                             environment: [String: String] = [:]) async throws -> TmuxSession {
        let binary = try binary ?? url()
        let session = try await TmuxSession(width: width, height: height, environment: environment.merging(["APP": binary.path]) { _, new in new })
        let quotedArguments = arguments.map(TmuxSession.shellQuoted).joined(separator: " ")
        // The markers are printed with printf '%s-%s' so that the command line itself, echoed
        // by the shell, never contains them.
        session.type(commandLine: """
            S0=$(stty -g); printf '%s-%s\\n' BEFORE MARKER; "$APP" \(quotedArguments); echo "EXIT:$?"; \
            if [ "$(stty -g)" = "$S0" ]; then printf '%s-%s\\n' TTY SAME; else printf '%s-%s\\n' TTY CHANGED; fi
            """)
        return session
    }

    /// Starts the app with `arguments` in tmux, as
    /// ``launchInTmux(binary:arguments:width:height:environment:)``, and waits for its first
    /// screen, the Books list.
    static func launchAtTheBooksList(arguments: [String] = [], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> TmuxSession {
        let session = try await launchInTmux(arguments: arguments, width: width, height: height, environment: environment)
        await session.waitForTheBooksList(sourceLocation: sourceLocation)
        return session
    }

    /// Waits until the shell of ``launchInTmux(binary:arguments:width:height:environment:)``
    /// has printed the app's exit status and whether the terminal's modes came back
    /// (`TTY-SAME` or `TTY-CHANGED`), and returns that screen; `nil`, with an issue recorded,
    /// after the deadline.
    static func waitForTheEnd(of session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async -> [String]? {
        await session.waitUntil("the app's exit status and the terminal's modes", sourceLocation: sourceLocation) { screen in
            screen.contains(where: isExitLine) && screen.contains { $0.hasPrefix("TTY-") }
        }
    }

    /// "EXIT:" and digits: the status the shell printed after the app (a wrapped piece of the
    /// echoed command line reads `EXIT:$?"`).
    static func isExitLine(_ line: String) -> Bool {
        line.hasPrefix("EXIT:") && line.count > 5 && line.dropFirst(5).allSatisfy(\.isNumber)
    }
}

extension TmuxSession {
    /// Waits for table-browser's first screen, the Books list: its column titles on the top
    /// line and the footer's quit hint on the last.
    @discardableResult
    func waitForTheBooksList(_ description: String = "the Books list", sourceLocation: SourceLocation = #_sourceLocation) async -> [String]? {
        await waitUntil(description, sourceLocation: sourceLocation) { $0.first?.contains("Title │ Author") == true && $0.last?.contains("quit") == true }
    }

    /// Waits for the app's exit status, printed by the shell of
    /// ``TableBrowserBinary/launchInTmux(binary:arguments:width:height:environment:)`` (the
    /// wait named `description`), and expects it to be 0.
    func expectExitStatusZero(_ description: String = "the end", _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
        let end = await waitUntil(description, sourceLocation: sourceLocation) { $0.contains(where: TableBrowserBinary.isExitLine) }
        #expect(end?.contains("EXIT:0") == true, comment, sourceLocation: sourceLocation)
    }
}

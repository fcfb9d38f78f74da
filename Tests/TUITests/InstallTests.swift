import Foundation
import Testing
@testable import TUI

/// `make install` as a user meets it: Scripts/install.sh (which `make install` runs after the
/// release build) run on the debug build's products into a scratch prefix, the installed
/// binary started by its bare name from `/`, far from the checkout and its `.build`, and then
/// `uninstall`, which must leave the prefix as it found it.
@Suite("Install: the installed app finds its data from any folder; uninstall removes it all")
struct InstallTests {
    /// The files an install puts under its prefix, besides the resource bundle's.
    static let installedFiles = [
        "bin/table-browser",
        "share/bash-completion/completions/table-browser",
        "share/zsh/site-functions/_table-browser",
        "share/fish/vendor_completions.d/table-browser.fish",
        "share/man/man1/table-browser.1",
        "share/table-browser/TableKit_BundledData.resources/books.json",
        "share/table-browser/TableKit_BundledData.resources/games.json",
        "share/table-browser/TableKit_BundledData.resources/photos",
        "share/table-browser/install-manifest",
    ]

    /// The package root: Tests/TUITests/InstallTests.swift, three folders up.
    static var root: URL {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { root.deleteLastPathComponent() }
        return root
    }

    /// `Scripts/install.sh ARGUMENTS`, failing the test with its output when it fails.
    private func installScript(_ arguments: [String]) throws {
        let script = Self.root.appendingPathComponent("Scripts/install.sh").path
        let result = try TmuxSession.run("/bin/bash", [script] + arguments, environment: TableBrowserBinary.environment, timeout: .seconds(60))
        #expect(result.status == 0, "install.sh \(arguments.joined(separator: " ")): \(result.standardError)")
    }

    /// `table-browser ARGUMENTS` started by its bare name from `/`, found on a PATH that leads
    /// to the prefix.
    private func runInstalled(in prefix: URL, _ arguments: [String]) throws -> TmuxSession.ProcessResult {
        var environment = TableBrowserBinary.environment
        environment["PATH"] = prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        let command = "cd / && exec table-browser " + arguments.map(TmuxSession.shellQuoted).joined(separator: " ")
        return try TmuxSession.run("/bin/sh", ["-c", command], environment: environment)
    }

    /// Every file and folder under `folder`, relative to it.
    private func contents(of folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    @Test("install puts the app, its data, completions and man page under PREFIX; uninstall removes exactly that")
    func installThenUninstall() throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-install-\(UUID().uuidString.prefix(8))", isDirectory: true)
        // A space in the prefix, as a user's folder may have one.
        let prefix = scratch.appendingPathComponent("the prefix", isDirectory: true)
        // Something of the user's already there: uninstall must leave it and its folder.
        let theirs = prefix.appendingPathComponent("share/man/man1/theirs.1")
        try FileManager.default.createDirectory(at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("theirs\n".utf8).write(to: theirs)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let before = contents(of: prefix)
        let binDirectory = try TableBrowserBinary.url().deletingLastPathComponent().path

        try installScript(["install", binDirectory, prefix.path])
        // A second install over the first replaces it and still uninstalls to nothing.
        try installScript(["install", binDirectory, prefix.path])
        for file in Self.installedFiles {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) was not installed")
        }

        let snapshot = try runInstalled(in: prefix, ["snapshot", "--size", "80x24"])
        #expect(snapshot.status == 0, "the installed snapshot failed: \(snapshot.standardError)")
        #expect(snapshot.standardOutput.contains("A Brief History of Time"), "the bundled books are not shown:\n\(snapshot.standardOutput)")
        let version = try runInstalled(in: prefix, ["--version"])
        #expect(version.standardOutput == TableBrowser.version + "\n")

        let manualPage = prefix.appendingPathComponent("share/man/man1/table-browser.1")
        let manual = try String(contentsOf: manualPage, encoding: .utf8)
        #expect(manual.contains(".Nm table-browser") && manual.contains(#"Fl \-no\-animation"#), "not a man page of table-browser:\n\(manual.prefix(300))")
        // The installed page, read as `man` shows it, says what --help says.
        try ManualPageTests.expectAgreesWithHelp(pageAt: manualPage)
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/table-browser.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'table-browser'") || fish.contains("complete -c table-browser"))
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/table-browser"), encoding: .utf8)
        #expect(bash.contains("complete ") && bash.contains("table-browser"))
        // Each shell reads its completions without a syntax error (Scripts/install-deps.sh
        // installs zsh and fish for this), and fish, whose completions can be asked for
        // outside a prompt, offers the flags.
        for (shell, file) in [("/bin/bash", "share/bash-completion/completions/table-browser"), ("/usr/bin/zsh", "share/zsh/site-functions/_table-browser"),
                              ("/usr/bin/fish", "share/fish/vendor_completions.d/table-browser.fish")] {
            let check = try TmuxSession.run(shell, ["-n", prefix.appendingPathComponent(file).path], environment: TableBrowserBinary.environment)
            #expect(check.status == 0, "\(shell) -n \(file): \(check.standardError)")
        }
        let fishFile = prefix.appendingPathComponent("share/fish/vendor_completions.d/table-browser.fish").path
        let offered = try TmuxSession.run("/usr/bin/fish", ["--no-config", "-c", "source \(TmuxSession.shellQuoted(fishFile)); complete -C 'table-browser --no'"],
                                          environment: TableBrowserBinary.environment)
        #expect(offered.standardOutput.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["--no-animation", "--no-mouse"], "\(offered.standardOutput) \(offered.standardError)")

        try installScript(["uninstall", prefix.path])
        #expect(contents(of: prefix) == before)
    }

    @Test("a prefix the install made goes with the uninstall")
    func uninstallRemovesAPrefixItMade() throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-install-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("prefix", isDirectory: true)
        try installScript(["install", try TableBrowserBinary.url().deletingLastPathComponent().path, prefix.path])
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/table-browser").path))
        try installScript(["uninstall", prefix.path])
        #expect(contents(of: scratch) == [])
    }

    @Test("--version prints the version CHANGELOG.md's newest release names")
    func versionMatchesChangelog() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(releases.first)
        #expect(newest.hasPrefix("## [\(TableBrowser.version)] - "), "CHANGELOG's newest release is \(newest), --version says \(TableBrowser.version)")
        let result = try TmuxSession.run(try TableBrowserBinary.url().path, ["--version"], environment: TableBrowserBinary.environment)
        #expect(result.standardOutput == TableBrowser.version + "\n")
    }
}

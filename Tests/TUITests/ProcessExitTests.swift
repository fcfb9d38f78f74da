import Testing
@testable import TUI
@testable import TableKitTerminal

/// The real binary, run as a process: however it ends, it ends cleanly.
@MainActor
@Suite("Exit: a reload still running never crashes the way out")
struct ProcessExitTests {
    /// A reload (`r`) starts parsing on a background thread and the snapshot ends a few keys
    /// later, while it may still run. With `exit`, C++ static destructors could tear simdjson
    /// down under that parse ("pure virtual method called", SIGABRT), about one run in forty:
    /// `make fuzz` found it. The race is too narrow for a test to hit reliably; this one walks
    /// the path at a few moments and requires a clean end every time.
    @Test func endingDuringAReloadExitsWithStatusZero() throws {
        let files = TemporaryFiles()
        let path = files.write(fixtureBooks)
        let binary = try TableBrowserBinary.url().path
        for run in 0 ..< 10 {
            let keys = (["r"] + Array(repeating: "j", count: run * 2)).joined(separator: " ")
            let result = try TmuxSession.run(binary, ["snapshot", "--size", "40x10", "--data", path, "--keys", keys],
                                             environment: TableBrowserBinary.environment)
            #expect(result.status == 0 && result.standardError.isEmpty,
                    "keys \"\(keys)\": status \(result.status)\n\(result.standardError.prefix(300))")
        }
        withExtendedLifetime(files) {}
    }

    @Test func helpGoesToStandardOutputAndErrorsToStandardError() throws {
        let binary = try TableBrowserBinary.url().path
        let help = try TmuxSession.run(binary, ["--help"], environment: TableBrowserBinary.environment)
        #expect(help.status == 0 && help.standardOutput.contains("USAGE: table-browser") && help.standardError.isEmpty)
        let unknown = try TmuxSession.run(binary, ["--bogus"], environment: TableBrowserBinary.environment)
        #expect(unknown.status == 64 && unknown.standardError.contains("Unknown option '--bogus'") && unknown.standardOutput.isEmpty)
    }
}

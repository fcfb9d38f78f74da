import ArgumentParser
import CProcessStart
import Foundation
import TableKit
import TableKitTerminal

/// `table-browser`: browse the bundled books, or any JSON array of objects, in the terminal.
@main
struct TableBrowser: ParsableCommand {
    /// What `--version` prints; CHANGELOG.md's newest release must carry the same number
    /// (InstallTests checks).
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "table-browser",
        abstract: "Browse books, or any JSON array of objects, as an iOS-style table in the terminal.",
        // Every form a person may type, none with a required subcommand (ArgumentParser's own
        // usage ends in `<subcommand>`). The man page's synopsis spells each out (ManualPage).
        usage: usage,
        discussion: keysDiscussion,
        version: version,
        subcommands: [SnapshotCommand.self, BenchmarkCommand.self, BenchmarkDiffableCommand.self, BenchmarkPhotosCommand.self,
                      ManualPageCommand.self]
    )

    /// `--help`'s usage: the app alone, `snapshot`, and `help`.
    static let usage = """
        table-browser [<options>]
        table-browser snapshot [<options>]
        table-browser help [<subcommand>]
        """

    /// Parses, runs, and ends the process through ``ProcessExit`` whatever happened, so that
    /// work still running on a background thread can never crash the exit. Messages go where
    /// ArgumentParser sends them: help to standard output, errors to standard error.
    ///
    /// The signal handlers come first, before any argument or file is read: a signal during a
    /// load ends the process quietly with 128 + signo (``SignalEnding``), a crash in one line.
    static func main() {
        // Until now the crash signals ended the process quietly (CProcessStart, from the first
        // instruction); from here the app's own handlers take them. The call is the only use of
        // CProcessStart: it keeps its object, and so its .preinit_array entry, in the link
        // should the target ever be linked from an archive, where an unused object is dropped.
        _ = tk_process_start_kept_signals()
        ProcessSignals.install(programName: "table-browser")
        let status: Int32
        do {
            var command = try parseAsRoot()
            try command.run()
            status = 0
        } catch let ending as SignalEnding {
            status = 128 + ending.signal
        } catch {
            status = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = status == 0 ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
        }
        ProcessExit.now(status)
    }

    @OptionGroup var data: DataOptions

    @OptionGroup var mouse: MouseOptions

    @Flag(help: "Show every change at once: the tab indicator, swipe menus, rows coming and going, the Feeling Lucky spin and a flung photo's glide.")
    var noAnimation = false

    @OptionGroup var play: PlayOptions

    /// ArgumentParser calls this on the main thread; the app's screens live on the main actor.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        let bundled = BundledContent()
        // Everything that can fail on bad input fails here, before the terminal is touched.
        let list: RecordListScreen
        do {
            list = try data.loadListScreen(sortsWhileShowing: true, waitForData: data.waitForData(byDefault: nil), noticesOnTheScreen: true)
        } catch let failure as CommandFailure {
            throw failure.report()
        }
        let (animates, description, seed) = (!noAnimation, data.description, play.seed)
        let settings = AppSettings(store: StateStore.standard())
        let app = TerminalApp(options: TerminalApp.Options(mouse: !mouse.noMouse)) { capabilities in
            BrowserApp(list: list, options: AppOptions(
                animates: animates, capabilities: capabilities, dataDescription: description, games: bundled.games,
                tweets: bundled.tweets, settings: settings, seed: seed
            )).root
        }
        do {
            try app.run()
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1).report()
        }
    }
}

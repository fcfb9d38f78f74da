import Foundation
import ArgumentParser
import TableKit
import TableKitTerminal

/// `table-browser snapshot`: the frame after a key script, as text, with no terminal.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Print the screen after a sequence of keys as plain text, without a terminal."
    )

    @Option(help: ArgumentHelp("The screen size in columns and lines.", valueName: "WxH"))
    var size: String = "80x24"

    /// `--keys`' help: the names come from the one list a script is parsed by (`Key.namedKeys`).
    static let keysHelp = "Keys separated by spaces: a printable character stands for itself, and \(Key.scriptNameList) name keys."

    @Option(help: ArgumentHelp(keysHelp, valueName: "KEYS"))
    var keys: String = ""

    @Flag(help: "Press each key at once, racing the work the app has started (photo decodes, loads), as a fast typist would; by default each key waits for that work, so that the same keys always give the same frame.")
    var keysDuringWork = false

    @Flag(help: "Mark styles in the text: «rev|…» for the focus, «bold fg=tint|…» and the like (see Canvas.styledText).")
    var styles = false

    @OptionGroup var data: DataOptions

    @OptionGroup var play: PlayOptions

    @OptionGroup var mouse: MouseOptions

    /// ArgumentParser calls this on the main thread; the app's screens live on the main actor.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        guard let screenSize = Size(parsing: size) else {
            throw ValidationError("--size takes columns x lines, such as 80x24 (got '\(size)')")
        }
        let script: [Key]
        do {
            script = try Key.parseScript(keys)
        } catch {
            // One line naming the word and every name, not the usage: the rest of the command was right.
            throw CommandFailure(message: "--keys: \(error.description)", exitCode: ExitCode.validationFailure.rawValue).report()
        }
        let list: RecordListScreen
        do {
            list = try data.loadListScreen(searchesSynchronously: true, waitForData: data.waitForData(byDefault: .seconds(5)))
        } catch let failure as CommandFailure {
            throw failure.report()
        }
        // The saved settings are read, so that the frame is what a person would see; a
        // snapshot never writes them, nor sets an unreadable file aside.
        let saved = StateStore.standard().load(settingAside: false).state
        let glyphs = TerminalCapabilities.glyphs(forLocaleIn: ProcessInfo.processInfo.environment)
        let frame = Self.render(list: list, size: screenSize, keys: script, dataDescription: data.description, state: saved, seed: play.seed,
                                mouse: !mouse.noMouse, glyphs: glyphs, deliversWorkBeforeEachKey: !keysDuringWork)
        // What the person's terminal would show: its cells as curses writes them.
        print(styles ? frame.styledText : frame.terminalText(isUTF8: glyphs == .unicode))
    }

    /// The frame after `keys`, pressed one after another (stopping at a quit) through the
    /// same event loop as the terminal, on the headless backend; background work started by
    /// the keys (a reload) is waited for.
    @MainActor
    static func render(list: RecordListScreen, size: Size, keys: [Key], dataDescription: String = "bundled books", state: AppState = AppState(), seed: UInt64? = nil,
                       mouse: Bool = true, glyphs: Glyphs = .unicode, deliversWorkBeforeEachKey: Bool = true) -> Canvas {
        let app = TerminalApp { capabilities in
            BrowserApp(list: list, size: size, options: AppOptions(
                searchesSynchronously: true, animates: false, capabilities: capabilities, dataDescription: dataDescription,
                settings: AppSettings(store: nil, state: state), seed: seed
            )).root
        }
        // The headless run cannot fail: only the terminal's start can.
        var capabilities = TerminalCapabilities.headless
        capabilities.hasMouse = mouse
        capabilities.glyphs = glyphs
        return (try? app.snapshot(size: size, keys: keys, capabilities: capabilities, deliversWorkBeforeEachEvent: deliversWorkBeforeEachKey))
            ?? Canvas(size: size)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableKit

/// Runs a TableKit app in the terminal: takes it over with curses, runs its event loop
/// (keys, mouse, resize, Ctrl-Z suspend, ticks for animations and background work), and gives
/// the terminal back on every way out — quit, Ctrl-C, a termination signal, or a crash.
///
/// ```swift
/// import Foundation
/// import TableKit
/// import TableKitTerminal
///
/// let root = RootController(content: NavigationController(root: FruitList()))
/// try TerminalApp(root: root).run()
/// ```
///
/// **Headless.** With `TABLEKIT_SNAPSHOT=WxH` in the environment, ``main()`` does not touch the
/// terminal: it presses the keys of `TABLEKIT_KEYS` (a key script such as `"j j Enter"`, see
/// `Key.parseScript(_:)` in TableKit) through the same loop on a headless terminal of that
/// size and prints the last frame — with its styles marked (`Canvas.styledText`)
/// when `TABLEKIT_STYLES=1`. Tests of an app run its binary this way.
@MainActor
public struct TerminalApp {
    /// Choices made when the terminal is taken over.
    public struct Options: Sendable {
        /// Ask the terminal for mouse reports (press, release, drag, wheel).
        var mouse: Bool
        /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
        var escapeDelay: Duration

        /// Mouse on, a 25 ms escape delay.
        public init(mouse: Bool = true, escapeDelay: Duration = .milliseconds(25)) {
            self.mouse = mouse
            self.escapeDelay = escapeDelay
        }
    }

    private let options: Options
    private let makeRoot: (TerminalCapabilities) -> RootController

    /// An app showing `root`.
    public init(root: RootController, options: Options = Options()) {
        self.options = options
        makeRoot = { _ in root }
    }

    /// An app whose root is made once the terminal's capabilities are known (colours, glyphs,
    /// mouse), for an app that shows or adapts to them.
    public init(options: Options = Options(), root: @escaping (TerminalCapabilities) -> RootController) {
        self.options = options
        makeRoot = root
    }

    /// Runs until the person quits; the terminal is given back before this returns.
    ///
    /// A termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) restores the terminal and ends
    /// the process with status 128 + the signal's number, as a shell expects.
    ///
    /// - Throws: ``CursesTerminalError`` when standard output is not a terminal or `TERM` is
    ///   unknown; nothing has been written to the terminal then.
    package func run() throws {
        let environment = ProcessEnvironment.current
        if let snapshot = try environment.snapshotRequest {
            let frame = try self.snapshot(size: snapshot.size, keys: snapshot.keys)
            print(snapshot.styled ? frame.styledText : frame.text)
            return
        }
        let terminal = try CursesTerminal(options: CursesTerminal.Options(mouse: options.mouse, escapeDelay: options.escapeDelay))
        let root = makeRoot(terminal.capabilities)
        var loop = EventLoop(root: root, backend: terminal)
        loop.pendingSignal = { terminal.pendingTerminationSignal }
        loop.suspend = { terminal.suspend() }
        let ending = loop.run()
        terminal.restore()
        if case .signal(let signal) = ending {
            SignalHandling.exit(forSignal: signal)
        }
    }

    /// Runs the app and ends the process: status 0 after a quit, or one line on standard
    /// error and status 1 when the terminal cannot be taken over — for a `main.swift`, where
    /// an uncaught error would crash.
    ///
    /// ```swift
    /// TerminalApp(root: RootController(content: NavigationController(root: FruitList()))).main()
    /// ```
    public func main() -> Never {
        do {
            try run()
            ProcessExit.now(0)
        } catch {
            let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "app"
            let line = name + ": " + ControlEscaping.escaped("\(error)") + "\n"
            TerminalIO.writeOnce(STDERR_FILENO, line)
            ProcessExit.now(1)
        }
    }

    /// Runs the app headless at `size`: `keys` are pressed one after another through the
    /// event loop (stopping at a quit), and the last frame is returned.
    ///
    /// Before each key the work the app has already started (decodes, loads, posts) is
    /// delivered, so that the same keys always give the same frame; with
    /// `deliversWorkBeforeEachEvent` `false` the keys race that work instead.
    ///
    /// - Parameters:
    ///   - size: The screen size in cells.
    ///   - keys: The keys to press, in order.
    ///   - capabilities: What the headless terminal claims it can show.
    ///   - deliversWorkBeforeEachEvent: Whether each key waits for the work in flight.
    public func snapshot(size: Size, keys: [Key], capabilities: TerminalCapabilities = .headless,
                         deliversWorkBeforeEachEvent: Bool = true) throws -> Canvas {
        let backend = HeadlessTerminal(size: size, events: keys.map(Event.key), capabilities: capabilities,
                                       deliversWorkBeforeEachEvent: deliversWorkBeforeEachEvent)
        let root = makeRoot(capabilities)
        _ = EventLoop(root: root, backend: backend).run()
        return backend.lastFrame ?? root.render(context: RenderContext(glyphs: capabilities.glyphs, colorDepth: capabilities.colorDepth))
    }
}

/// The environment variables that ask ``TerminalApp/run()`` for a headless snapshot.
struct ProcessEnvironment {
    var variables: [String: String]

    static var current: ProcessEnvironment {
        var variables: [String: String] = [:]
        for name in ["TABLEKIT_SNAPSHOT", "TABLEKIT_KEYS", "TABLEKIT_STYLES"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return ProcessEnvironment(variables: variables)
    }

    /// A snapshot wanted, if `TABLEKIT_SNAPSHOT` is set.
    var snapshotRequest: (size: Size, keys: [Key], styled: Bool)? {
        get throws {
            guard let sizeText = variables["TABLEKIT_SNAPSHOT"], !sizeText.isEmpty else { return nil }
            guard let size = Size(parsing: sizeText) else {
                throw SnapshotRequestError(message: "TABLEKIT_SNAPSHOT takes columns x lines, such as 80x24 (got '\(sizeText)')")
            }
            let keys = try Key.parseScript(variables["TABLEKIT_KEYS"] ?? "")
            return (size, keys, variables["TABLEKIT_STYLES"] == "1")
        }
    }
}

/// A headless snapshot asked for with words that do not parse.
struct SnapshotRequestError: Error, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String
    /// The message.
    public var description: String { message }
}

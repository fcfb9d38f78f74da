import CNcurses
import TableKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the terminal could not be taken over. Thrown before anything is drawn, so the message
/// reaches an intact shell.
public enum CursesTerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard output (or, failing `/dev/tty`, standard input) is not a terminal.
    case notATerminal(String)
    /// `TERM` is unset, or names a terminal terminfo does not describe.
    case unknownTerminal(String)
    /// The terminal cannot move the cursor (`TERM=dumb`).
    case unsupportedTerminal(String)

    /// The reason, in one line.
    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "cannot start the terminal: \(stream) is not a terminal (TABLEKIT_SNAPSHOT=80x24 renders a frame as text)"
        case .unknownTerminal(let name) where name.isEmpty:
            return "cannot start the terminal: TERM is not set"
        case .unknownTerminal(let name):
            return "cannot start the terminal: TERM=\(ControlEscaping.escaped(name)) is not known (try TERM=xterm-256color)"
        case .unsupportedTerminal(let name):
            return "cannot start the terminal: TERM=\(ControlEscaping.escaped(name)) cannot move the cursor"
        }
    }
}

/// The curses backend: takes the terminal over in `init`, gives it back in ``restore()``.
///
/// Everything that changes the terminal's state lives here: locale, curses start-up and
/// tear-down, raw mode, colours, mouse reporting, signals (see ``SignalHandling``), suspend and
/// resume. Set-up order matters and is commented where it does.
///
/// Raw mode means Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q arrive as keys (`.control("c")` …); the
/// app decides what they do (quit, ``suspend()``, save). Signals sent with `kill` are noticed
/// by ``nextEvent(timeout:)``, which then returns `nil`; the app loop checks
/// ``pendingTerminationSignal``.
///
/// Not thread-safe: use it from one thread (curses itself is not thread-safe).
final class CursesTerminal: TerminalBackend {
    /// Choices made when the terminal is taken over.
    struct Options: Sendable {
        /// Ask the terminal for mouse reports (press, release, drag, wheel).
        var mouse: Bool
        /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
        var escapeDelay: Duration

        /// Mouse on, a 25 ms escape delay.
        init(mouse: Bool = true, escapeDelay: Duration = .milliseconds(25)) {
            self.mouse = mouse
            self.escapeDelay = escapeDelay
        }
    }

    /// The screen size in cells, updated when a resize is reported.
    private(set) var size: Size
    /// What the terminal shows, decided at start-up.
    let capabilities: TerminalCapabilities
    /// Whether curses owns the terminal (`false` after ``restore()``).
    private(set) var isActive = false

    let options: Options
    /// How many colours are drawn with: 0, 8, 16 or 256 (see `ColorLowering.lower(_:paletteSize:)`).
    let paletteSize: Int
    /// Whether -1 (the terminal's default colour) may be used in a pair.
    let defaultColorsAllowed: Bool
    let isUTF8: Bool
    var colorPairs: ColorPairCache
    var styleCache: [Style: (attributes: attr_t, pair: Int16)] = [:]
    var mouseButtonDown = false
    /// The size the app was last told about (a resize to the same size is not reported).
    var lastReportedSize = Size.zero
    /// Set when reading keeps failing at once: the terminal hung up without a SIGHUP.
    var inputLost = false
    /// Events produced as a side effect (a resize noticed on resume) or split in two (a click).
    var pendingEvents: [Event] = []
    /// Keys for the codes above `KEY_MAX` that ncurses assigned to extended terminfo keys.
    var extendedKeys: [Int32: Key?] = [:]
    /// The bytes that switch on button-event mouse tracking in SGR form; empty without a mouse.
    let mouseOnSequence: String
    /// Whether mouse reports are wanted now (Settings may turn them off while the app runs).
    private var isReportingMouse = true
    private var screen: OpaquePointer?
    private var ownedInput: CFileHandle?
    private let outputDescriptor: Int32
    /// The descriptor curses reads keys from: a paste's bytes are read from it in blocks.
    let inputDescriptor: Int32
    /// A pipe whose write end ``wake`` writes a byte to, so that a post to the app's mailbox
    /// ends a wait for input at once; `nil` when no pipe could be made (the wait then ends
    /// at its next slice).
    let wakePipe: (read: Int32, write: Int32)?

    /// Xterm's button-event tracking (1002: press, release, and motion while a button is down)
    /// in SGR encoding (1006), sent after `mousemask` because ncurses asks for 1000 only.
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h"
    /// Undoes ``mouseOn`` (and the 1000 that ncurses itself enables).
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    /// Bracketed paste (2004): pasted text arrives between `ESC [200~` and `ESC [201~`, so
    /// that it reaches a field as one insertion and never as commands. Terminals without it
    /// ignore the mode.
    static let pasteOn = "\u{1B}[?2004h"
    /// Undoes ``pasteOn``.
    static let pasteOff = "\u{1B}[?2004l"

    /// Takes the terminal over.
    ///
    /// - Throws: ``CursesTerminalError`` when standard output is not a terminal or `TERM` is
    ///   not known. Nothing has been written to the terminal then.
    init(options: Options = Options(), environment: [String: String] = CursesTerminal.processEnvironment()) throws(CursesTerminalError) {
        self.options = options
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal("standard output") }
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty else { throw .unknownTerminal("") }

        // The locale decides how ncursesw encodes wide characters and what wcwidth() says.
        _ = setlocale(LC_ALL, "")
        isUTF8 = tk_codeset_is_utf8() != 0

        var input = tk_stdin()
        var tty: CFileHandle?
        if isatty(STDIN_FILENO) != 1 {
            // Data piped into standard input: read keys from the controlling terminal instead.
            tty = fopen("/dev/tty", "r")
            guard let tty else { throw .notATerminal("standard input") }
            input = tty
        }
        ownedInput = tty
        outputDescriptor = STDOUT_FILENO
        inputDescriptor = fileno(input)
        wakePipe = Self.makeWakePipe()

        // Before newterm: ncurses installs its own SIGINT/SIGTERM/SIGTSTP handlers only where it
        // finds the default disposition, and ours must win. Keep the shell's modes for crashes.
        SignalHandling.install()
        SignalHandling.saveTerminalModes(fileDescriptor: outputDescriptor)

        // newterm (unlike initscr) returns NULL for an unknown terminal instead of exiting.
        guard let screen = newterm(term, tk_stdout(), input) else {
            SignalHandling.uninstall()
            if let tty { fclose(tty) }
            throw .unknownTerminal(term)
        }
        _ = set_term(screen)
        guard tk_tigetstr("cup") != nil else {
            // TERM=dumb and other terminals that cannot move the cursor: curses would print
            // every frame as a stream of text.
            _ = endwin()
            delscreen(screen)
            SignalHandling.uninstall()
            if let tty { fclose(tty) }
            throw .unsupportedTerminal(term)
        }
        self.screen = screen
        isActive = true
        // From here on a crash or an exit without restore() leaves the screen the shell's way.
        SignalHandling.setLeaveSequence(Array((Self.pasteOff + Self.mouseOff + Self.leaveSequence()).utf8))
        SignalHandling.setTerminalActive(true)

        _ = raw()
        _ = noecho()
        _ = nonl()
        _ = keypad(tk_stdscr(), true)
        _ = intrflush(tk_stdscr(), false)
        _ = curs_set(0)  // ERR on terminals that cannot hide the cursor; nothing to do about it
        _ = set_escdelay(Int32(clamping: Self.milliseconds(options.escapeDelay)))
        Self.defineMissingKeys()

        // Colours.
        // COLORS is only set by start_color(), which NO_COLOR must prevent: ask terminfo.
        let colorDepth = Self.colorDepth(
            environment: environment, hasColors: has_colors(), colors: Int(tigetnum("colors")))
        var allowsDefaults = false
        var palette = 0
        if colorDepth != .none, start_color() == OK {
            allowsDefaults = use_default_colors() == OK
            palette = colorDepth == .trueColor ? ColorLowering.directColorThreshold : colorDepth >= .indexed256 ? 256 : min(16, Int(tk_colors()))
        }
        defaultColorsAllowed = allowsDefaults
        paletteSize = palette
        colorPairs = ColorPairCache(colorPairs: palette > 0 ? Int(tk_color_pairs()) : 0)

        // Mouse.
        var hasMouse = false
        if options.mouse {
            hasMouse = mousemask(tk_mouse_all_events(), nil) != 0
            _ = mouseinterval(0)
        }
        // Only xterm-like terminals (those with a kmous capability) understand the modes.
        mouseOnSequence = hasMouse && tk_tigetstr("kmous") != nil ? Self.mouseOn : ""

        size = Size(width: Int(tk_cols()), height: Int(tk_lines()))
        lastReportedSize = size
        capabilities = TerminalCapabilities(
            colorDepth: palette > 0 ? colorDepth : .none,
            glyphs: isUTF8 ? .unicode : .ascii,
            hasMouse: hasMouse,
            withholdsTrueColor: palette > 0 && Self.withholdsTrueColor(environment: environment, depth: colorDepth)
        )

        _ = wnoutrefresh(tk_stdscr())
        _ = doupdate()
        sendModesOn()
    }

    isolated deinit {
        restore()
        if let wakePipe {
            close(wakePipe.read)
            close(wakePipe.write)
        }
    }

    /// Ends a wait for input from any thread: one byte down the wake pipe (a full pipe is
    /// already enough to wake).
    var wake: @Sendable () -> Void {
        guard let descriptor = wakePipe?.write else { return {} }
        return {
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }
    }

    /// A pipe, both ends non-blocking and closed on exec.
    private static func makeWakePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// The first termination signal received (SIGINT, SIGTERM, SIGHUP, SIGQUIT), if any; SIGHUP
    /// too when the terminal's input is gone. Once it is set, ``nextEvent(timeout:)`` returns
    /// `nil` at once: the app loop should end, call ``restore()``, and exit with
    /// `SignalHandling.exit(forSignal:)` (status 128 + signo).
    var pendingTerminationSignal: Int32? {
        SignalHandling.pendingTermination ?? (inputLost ? SIGHUP : nil)
    }

    /// Gives the terminal back: mouse reporting off, the shell's screen and modes restored,
    /// the cursor shown, signal dispositions put back. Safe to call more than once.
    func restore() {
        guard isActive, let screen else { return }
        isActive = false
        SignalHandling.setTerminalActive(false)
        sendModesOff()
        _ = mousemask(0, nil)
        _ = curs_set(1)
        _ = endwin()
        delscreen(screen)
        self.screen = nil
        if let tty = ownedInput {
            fclose(tty)
            ownedInput = nil
        }
        SignalHandling.uninstall()
    }

    /// Stops the process the way Ctrl-Z does in a shell: the shell's screen comes back, and on
    /// `fg` the app's screen is repainted as it was. Map `.control("z")` to this; a SIGTSTP
    /// sent with `kill` is handled by ``nextEvent(timeout:)`` the same way.
    ///
    /// If the terminal changed size meanwhile, the next event is a `.resize`.
    func suspend() {
        guard isActive else { return }
        sendModesOff()
        _ = endwin()
        SignalHandling.setTerminalActive(false)
        SignalHandling.stopProcess()
        // Continued (or never stopped, in an orphaned process group).
        _ = SignalHandling.takeContinueNotice()
        SignalHandling.setTerminalActive(true)
        repaintAfterContinue()
    }

    /// Puts curses' screen back after the process was stopped and continued: program modes,
    /// mouse reporting, a full repaint, and a resize event if the size changed meanwhile.
    func repaintAfterContinue() {
        guard isActive else { return }
        _ = reset_prog_mode()
        var rows: Int32 = 0
        var cols: Int32 = 0
        if tk_window_size(outputDescriptor, &rows, &cols) == 0, rows > 0, cols > 0,
           rows != tk_lines() || cols != tk_cols() {
            _ = resizeterm(rows, cols)
            size = Size(width: Int(cols), height: Int(rows))
            lastReportedSize = size
            pendingEvents.append(.resize(size))
        }
        _ = clearok(tk_curscr(), true)
        _ = wnoutrefresh(tk_stdscr())
        _ = doupdate()
        sendModesOn()
    }

    /// Records a new size after curses reported a resize.
    func updateSize() {
        size = Size(width: Int(tk_cols()), height: Int(tk_lines()))
    }

    /// Turns mouse reporting on or off while the app runs (a setting changed).
    func setMouseReporting(_ isOn: Bool) {
        guard isActive, options.mouse, capabilities.hasMouse else { return }
        isReportingMouse = isOn
        if isOn {
            _ = mousemask(tk_mouse_all_events(), nil)
            leaveMouseReportsToTheDecoder()
            writeToTerminal(mouseOnSequence)
        } else {
            if !mouseOnSequence.isEmpty { writeToTerminal(Self.mouseOff) }
            _ = mousemask(0, nil)
        }
    }

    /// Switches on bracketed paste and button-event mouse tracking. Call after a `doupdate()`: the bytes go straight
    /// to the terminal, after what curses has flushed (curses' `putp` would leave them in stdio's
    /// buffer until exit).
    func sendModesOn() {
        leaveMouseReportsToTheDecoder()
        writeToTerminal(Self.pasteOn + (isReportingMouse ? mouseOnSequence : ""))
    }

    /// Where the app asks for SGR reports itself (``mouseOnSequence``), ncurses must not take
    /// them: with a `kmous` of `ESC [<` (xterm-256color and most emulators' TERM) it would
    /// parse them into `MEVENT`s, which lose the horizontal wheel and, for some buttons, the
    /// modifiers. Turning its mouse key off (`keyok`) hands every report to ``InputDecoder``,
    /// whatever TERM says, the same path as under tmux's own TERM (`kmous=ESC [M`). Each
    /// `mousemask` turns the key back on, so this follows every one.
    func leaveMouseReportsToTheDecoder() {
        guard !mouseOnSequence.isEmpty else { return }
        _ = keyok(KEY_MOUSE, false)
    }

    // Before endwin(), whose own output follows.
    private func sendModesOff() {
        writeToTerminal(Self.pasteOff + (mouseOnSequence.isEmpty ? "" : Self.mouseOff))
    }

    private func writeToTerminal(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = TerminalIO.write(outputDescriptor, bytes)
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return  // the terminal is gone; nothing to restore on it
            }
        }
    }

    /// The colour depth sent to the terminal, as terminfo allows: `NO_COLOR` (set and not
    /// empty) turns colour off; a `*-direct` entry (2²⁴ colours) gets true colour; 256 and 8–16
    /// colours what they say. `COLORTERM` cannot raise the depth: without a direct entry curses
    /// has no way to send 24-bit colour (``withholdsTrueColor(environment:depth:)`` says so).
    static func colorDepth(environment: [String: String], hasColors: Bool, colors: Int) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard hasColors else { return .none }
        if colors >= ColorLowering.directColorThreshold { return .trueColor }
        if colors >= 256 { return .indexed256 }
        return colors >= 8 ? .ansi16 : .none
    }

    /// Whether the terminal announces true colour (`COLORTERM=truecolor` or `24bit`) that
    /// terminfo gives no way to send at `depth`: the app says so rather than claim it.
    static func withholdsTrueColor(environment: [String: String], depth: ColorDepth) -> Bool {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return (colorTerm == "truecolor" || colorTerm == "24bit") && depth != .trueColor && depth != .none
    }

    /// The variables the terminal's set-up reads, from the process environment.
    static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["TERM", "NO_COLOR", "COLORTERM"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return Int(max(0, min(total, Double(Int32.max))).rounded(.up))
    }

    // Teaches ncurses the xterm sequences its terminfo entry lacks (screen's lacks Shift-←, for
    // one), so that they arrive decoded; key_defined() is 0 only when nothing claims a sequence.
    private static func defineMissingKeys() {
        for (sequence, code) in CursesKeyMap.extraSequences where key_defined(sequence) == 0 {
            _ = define_key(sequence, code)
        }
    }

    // What leaves curses' screen when a crash handler or atexit must do it without curses:
    // attributes off, cursor visible, keypad transmit off, the alternate screen left.
    private static func leaveSequence() -> String {
        ["sgr0", "cnorm", "rmkx", "rmcup"].compactMap { name -> String? in
            guard let value = tk_tigetstr(name) else { return nil }
            return stripPadding(String(cString: value))
        }.joined()
    }

    // Terminfo strings may hold delays as `$<5>`; written raw they would show as text.
    static func stripPadding(_ text: String) -> String {
        var result = ""
        var inDelay = false
        var previous: Character = " "
        for character in text {
            if inDelay {
                if character == ">" { inDelay = false }
            } else if previous == "$" && character == "<" {
                result.removeLast()
                inDelay = true
            } else {
                result.append(character)
            }
            previous = inDelay ? " " : character
        }
        return result
    }
}

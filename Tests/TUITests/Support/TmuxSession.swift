import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal for end-to-end tests: a private tmux server (its own socket in its own
/// temporary directory) with one window of a fixed size running a clean, interactive
/// `bash --norc --noprofile`, in a UTF-8 locale, with a `TERM` that ncurses knows.
///
/// Everything is synchronised by polling the screen with a deadline (``waitUntil(_:timeout:recordingIssue:sourceLocation:_:)``),
/// never by fixed sleeps. The server is killed, and its directory removed, when the session goes away.
final class TmuxSession {
    /// Why a session could not be set up; the test should stop with this message.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The prompt of the pane's shell, so that tests can tell when a command has finished.
    static let prompt = "e2e$ "

    /// How often ``waitUntil(_:timeout:recordingIssue:sourceLocation:_:)`` looks at the screen.
    static let pollInterval: Duration = .milliseconds(25)

    /// The default deadline of ``waitUntil(_:timeout:recordingIssue:sourceLocation:_:)``: generous, because a
    /// loaded 2-core CI machine runs these tests in parallel with the compiler's leftovers.
    static let defaultTimeout: Duration = .seconds(10)

    let socketName: String
    let terminalName: String
    private let directory: URL
    private var isAlive = true
    private var hasReportedFailure = false
    /// The server's and the pane shell's pids, for making sure that they are gone at the end.
    private var serverPID: Int32?
    private var shellPIDAtStart: Int32?

    /// Starts the server and the shell, and waits for the shell's first prompt.
    /// - Parameters:
    ///   - environment: extra variables for the pane's shell (e.g. `APP` = the binary's path).
    init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) async throws {
        guard let terminalName = Self.terminfoName() else {
            throw SetupError(description: "no terminfo entry for tmux-256color, screen-256color or screen: cannot run curses under tmux")
        }
        self.terminalName = terminalName
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        socketName = "e2e-\(getpid())-\(UUID().uuidString.prefix(8))"

        var shellEnvironment: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": directory.path,
            "TERM": terminalName,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HISTFILE": "",
            "PS1": Self.prompt,
        ]
        shellEnvironment.merge(environment) { _, new in new }
        // `env -i` so that nothing of the test runner's environment (NO_COLOR, COLORTERM, TMUX,
        // a non-UTF-8 locale) leaks into the app; the pane's process is this bash (exec).
        let assignments = shellEnvironment.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.shellQuoted($0.value))" }
            .joined(separator: " ")
        let shellCommand = "exec env -i \(assignments) bash --norc --noprofile"

        let result = try Self.runTmux(socket: socketName, directory: directory, [
            "start-server", ";",
            "set-option", "-g", "default-terminal", terminalName, ";",
            "set-option", "-g", "status", "off", ";",
            "set-option", "-g", "escape-time", "0", ";",
            "new-session", "-d", "-x", String(width), "-y", String(height), shellCommand,
        ])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            isAlive = false
            throw SetupError(description: "tmux new-session failed (status \(result.status)): \(result.standardError)")
        }
        let pids = format("#{pid} #{pane_pid}").split(separator: " ").map { Int32($0) }
        serverPID = pids.first ?? nil
        shellPIDAtStart = pids.count > 1 ? pids[1] : nil
        guard await waitUntil("the shell's first prompt", recordingIssue: false, { screen in
            screen.contains { $0.hasPrefix(Self.prompt.trimmingCharacters(in: .whitespaces)) }
        }) != nil else {
            let screen = capture().joined(separator: "\n")
            kill()
            throw SetupError(description: "the shell in tmux never showed its prompt; screen:\n\(screen)")
        }
    }

    deinit {
        kill()
    }

    /// Kills the server and removes its directory (also done by `deinit`). Should the server,
    /// the pane's shell or a program the shell is running (the app, after a failed test)
    /// outlive `kill-server`, it is killed outright: no test leaves a process behind.
    func kill() {
        guard isAlive else { return }
        isAlive = false
        let running = shellPIDAtStart.map { Self.children(of: $0).map(\.pid) } ?? []
        _ = try? Self.runTmux(socket: socketName, directory: directory, ["kill-server"])
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        let leftovers = { [serverPID, shellPIDAtStart] in
            ([serverPID, shellPIDAtStart].compactMap { $0 } + running).filter(Self.isRunning)
        }
        while !leftovers().isEmpty, clock.now < deadline {
            usleep(10_000)
        }
        for pid in leftovers() {
            _ = sendSignal(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Input

    /// Pastes `text` as a terminal does: bracketed (`ESC [200~ … ESC [201~`) when the program
    /// in the pane asked for bracketed paste, plain otherwise.
    func paste(_ text: String) {
        tmux(["set-buffer", "-b", "e2e-paste", "--", text])
        tmux(["paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", "=0:"])
    }

    /// `tmux send-keys` with key names: `"j"`, `"Enter"`, `"Escape"`, `"Tab"`, `"C-c"`, `"Up"` …
    func send(_ keys: String...) {
        send(keys: keys)
    }

    func send(keys: [String]) {
        tmux(["send-keys", "-t", "=0:"] + keys)
    }

    /// `tmux send-keys -l`: the characters as they are (escape sequences included).
    func sendLiteral(_ text: String) {
        tmux(["send-keys", "-t", "=0:", "-l", text])
    }

    /// Types a command line into the shell and presses Enter.
    func type(commandLine: String) {
        sendLiteral(commandLine)
        send("Enter")
    }

    // MARK: Output

    /// The visible screen, one string per line, trailing spaces removed.
    /// - Parameter escapes: keep colours and attributes as SGR escape sequences (`capture-pane -e`).
    func capture(escapes: Bool = false) -> [String] {
        let output = tmux(["capture-pane", "-p", "-t", "=0:"] + (escapes ? ["-e"] : []))
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            escapes ? String($0) : Self.trimmingTrailingSpaces($0)
        }
        if lines.last == "" { lines.removeLast() }  // the final newline
        return lines
    }

    /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`, `#{pane_pid}`.
    func format(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", "=0:", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the pane's shell.
    var shellPID: Int32? { Int32(format("#{pane_pid}")) }

    /// Appends every byte the pane's program writes from now on to the file at `path`
    /// (`pipe-pane -o`): what reached the terminal, escape sequences and all.
    func recordOutput(to path: String) {
        tmux(["pipe-pane", "-o", "-t", "=0:", "cat >> " + Self.shellQuoted(path)])
    }

    // MARK: Window

    /// Resizes the window (and the pane): the app gets SIGWINCH.
    func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", "=0:", "-x", String(width), "-y", String(height)])
    }

    // MARK: Waiting

    /// Polls the screen until `predicate` holds or `timeout` passes.
    /// - Returns: the screen that satisfied the predicate, or `nil` after a timeout (which
    ///   records an issue showing the last screen, unless `recordingIssue` is false).
    @discardableResult
    func waitUntil(
        _ description: String,
        timeout: Duration = TmuxSession.defaultTimeout,
        recordingIssue: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: ([String]) -> Bool
    ) async -> [String]? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var screen: [String] = []
        while true {
            screen = capture()
            if predicate(screen) { return screen }
            if clock.now >= deadline { break }
            try? await Task.sleep(for: Self.pollInterval)
        }
        if recordingIssue {
            Issue.record(
                "Timed out after \(timeout) waiting for \(description). Last screen (\(format("#{window_width}x#{window_height}"))):\n\(Self.framed(screen))",
                sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Waits until the screen equals `expected` line by line, modulo trailing spaces (and
    /// missing trailing blank lines). On a timeout the issue shows both screens and the first
    /// difference.
    @discardableResult
    func waitUntilScreen(
        equals expected: [String],
        _ description: String,
        timeout: Duration = TmuxSession.defaultTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let wanted = Self.normalised(expected)
        if await waitUntil(description, timeout: timeout, recordingIssue: false, { Self.normalised($0) == wanted }) != nil {
            return true
        }
        let actual = Self.normalised(capture())
        let firstDifference = zip(actual, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, wanted.count)
        Issue.record(
            """
            Timed out after \(timeout) waiting for \(description): the screen never equalled the expected frame.
            First difference at line \(firstDifference + 1).
            Expected:
            \(Self.framed(wanted))
            Actual:
            \(Self.framed(actual))
            """,
            sourceLocation: sourceLocation)
        return false
    }

    /// Waits until the screen shows `line` as a line of its own (a marker that the shell
    /// prints after the command of interest), and returns the screen.
    @discardableResult
    func waitForLine(
        _ line: String,
        timeout: Duration = TmuxSession.defaultTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [String]? {
        await waitUntil("a line \"\(line)\"", timeout: timeout, sourceLocation: sourceLocation) {
            $0.contains(line)
        }
    }

    // MARK: Processes

    /// The pid of the child of the pane's shell whose command name is `name`, once it exists
    /// (after its exec), polled until `timeout`.
    func childPID(named name: String, timeout: Duration = TmuxSession.defaultTimeout) async -> Int32? {
        guard let shell = shellPID else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        // The kernel keeps only 15 bytes of the command name.
        let comm = String(name.utf8.prefix(15))!
        while clock.now < deadline {
            if let pid = Self.children(of: shell).first(where: { $0.name == comm })?.pid {
                return pid
            }
            try? await Task.sleep(for: Self.pollInterval)
        }
        return nil
    }

    /// Whether `pid` is a live process (a zombie, which init has not reaped yet, is not).
    static func isRunning(_ pid: Int32) -> Bool {
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
        }
        return FileManager.default.fileExists(atPath: "/proc/self") ? false : sendSignal(pid, 0) == 0
    }

    /// The children of `parent` with their command names, read from /proc (`pgrep -P` elsewhere).
    static func children(of parent: Int32) -> [(pid: Int32, name: String)] {
        let proc = URL(fileURLWithPath: "/proc")
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: proc.path) else {
            let result = try? run("/usr/bin/env", ["pgrep", "-P", String(parent), "-l"])
            return (result?.standardOutput ?? "").split(separator: "\n").compactMap { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let pid = Int32(parts[0]) else { return nil }
                return (pid, String(parts[1]))
            }
        }
        return entries.compactMap { entry -> (pid: Int32, name: String)? in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let name = String(stat[stat.index(after: open)..<close])
            // After ") ": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent else { return nil }
            return (pid, name)
        }
    }

    // MARK: Running programs

    struct ProcessResult {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var standardOutputData: Data
        var standardErrorData: Data
    }

    struct RunError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program to its end with standard input from `standardInput` (default
    /// /dev/null), collecting both outputs.
    ///
    /// Not `Foundation.Process`: called from a test on Linux, its `waitUntilExit()` missed the
    /// exit of `tmux new-session` (the client stayed a zombie, never reaped) and hung for ever.
    /// Here it is `posix_spawn` and `waitpid`, with the outputs in files (a daemon that kept a
    /// pipe open could not block us), and a deadline after which the child is killed.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Duration = .seconds(20), standardInput: String = "/dev/null"
    ) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablekit-e2e-run-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputPath = directory.appendingPathComponent("stdout").path
        let errorPath = directory.appendingPathComponent("stderr").path

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let environmentStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The test runner's worker threads block almost every signal, and a spawned process
        // inherits that mask: the tmux server, its shell and the app would never see SIGWINCH,
        // SIGTERM or SIGHUP. Start children with nothing blocked and every signal at its default.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw RunError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }

        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var status: Int32 = 0
        var timedOut = false
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1 && errno != EINTR {
                throw RunError(description: "waitpid(\(pid)) for \(executable): \(String(cString: strerror(errno)))")
            }
            if clock.now >= deadline, !timedOut {
                timedOut = true
                _ = sendSignal(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let outputData = FileManager.default.contents(atPath: outputPath) ?? Data()
        let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
        if timedOut {
            throw RunError(description: "\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout); killed")
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessResult(
            status: exitStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self),
            standardOutputData: outputData,
            standardErrorData: errorData)
    }

    /// Runs a tmux command against this session's server and returns its standard output.
    /// A failure is recorded once (a dead server would otherwise fail every poll).
    @discardableResult
    private func tmux(_ arguments: [String]) -> String {
        guard isAlive else { return "" }
        do {
            let result = try Self.runTmux(socket: socketName, directory: directory, arguments)
            if result.status != 0, !hasReportedFailure {
                hasReportedFailure = true
                Issue.record("tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.standardError)")
            }
            return result.standardOutput
        } catch {
            if !hasReportedFailure {
                hasReportedFailure = true
                Issue.record("could not run tmux: \(error)")
            }
            return ""
        }
    }

    private static func runTmux(socket: String, directory: URL, _ arguments: [String]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["TMUX_TMPDIR"] = directory.path
        let result = try run("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
        if result.status == 127 {
            throw SetupError(description: "tmux is not installed (it is needed for the end-to-end tests): \(result.standardError)")
        }
        return result
    }

    // MARK: Helpers

    /// The first of tmux-256color, screen-256color, screen that this machine's terminfo has.
    static func terminfoName() -> String? {
        ["tmux-256color", "screen-256color", "screen"].first(where: hasTerminfo)
    }

    /// Whether this machine's terminfo has an entry called `name`.
    static func hasTerminfo(_ name: String) -> Bool {
        let directories = [
            ProcessInfo.processInfo.environment["TERMINFO"],
            NSHomeDirectory() + "/.terminfo",
            "/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo",
            "/usr/share/lib/terminfo",
        ].compactMap { $0 }
        guard let first = name.first, let code = first.asciiValue else { return false }
        for directory in directories {
            for subdirectory in [String(first), String(code, radix: 16)]
            where FileManager.default.fileExists(atPath: "\(directory)/\(subdirectory)/\(name)") {
                return true
            }
        }
        if let result = try? run("/usr/bin/env", ["infocmp", name]), result.status == 0 {
            return true
        }
        return false
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func trimmingTrailingSpaces(_ line: some StringProtocol) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" || last == "\r" {
            line.removeLast()
        }
        return String(line)
    }

    /// Lines without trailing spaces and without trailing blank lines.
    static func normalised(_ lines: [String]) -> [String] {
        // tmux's capture leaves out emoji skin-tone modifiers (U+1F3FB–1F3FF) although it
        // lays the cluster out at its full width: the app's frame keeps them.
        var lines = lines.map { line in
            trimmingTrailingSpaces(String(String.UnicodeScalarView(line.unicodeScalars.filter { !(0x1F3FB ... 0x1F3FF).contains($0.value) })))
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A screen for an issue message: numbered lines between bars, so that blank lines and
    /// trailing spaces are visible.
    static func framed(_ lines: [String]) -> String {
        lines.enumerated().map { index, line in
            let number = String(index + 1)
            return String(repeating: " ", count: max(0, 3 - number.count)) + number + "│" + line + "│"
        }.joined(separator: "\n")
    }
}

/// `kill(2)`, under a name that ``TmuxSession/kill()`` does not shadow.
func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}

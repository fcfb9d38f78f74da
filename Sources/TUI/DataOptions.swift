import ArgumentParser
import BundledData
import Foundation
import TableKit
import TableKitTerminal

/// The options that make play repeatable, shared by browsing and `snapshot`.
struct PlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Makes Feeling Lucky's spins land the same on every run.", valueName: "N"))
    var seed: UInt64?
}

/// Whether to ask the terminal for the mouse, shared by browsing and `snapshot` (where it
/// snapshots a terminal without mouse reports). A group, because ArgumentParser hands an
/// option that the root command and a subcommand both declare to the root.
struct MouseOptions: ParsableArguments {
    @Flag(help: "Do not ask the terminal for mouse events.")
    var noMouse = false
}

/// The options that choose what to browse, shared by browsing and `snapshot`.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("A JSON file holding an array of objects (or JSON Lines: .jsonl, .ndjson, or detected) to browse; - reads standard input.", valueName: "FILE.json"),
            completion: .file())
    var dataPath: String?

    @Option(name: .customLong("path"), help: ArgumentHelp("A JSON Pointer to the array of records in the file, such as /3166-1 (default: the top-level array, or a top-level object's largest array of objects).", valueName: "POINTER"))
    var pointer: String?

    @Flag(help: "Refuse a file with ill-formed UTF-8 or lone surrogate escapes instead of showing U+FFFD in their place.")
    var strict = false

    @Option(help: ArgumentHelp("The key whose value titles each row (default: title, then name, then the first string field).", valueName: "KEY"))
    var titleKey: String?

    @Option(help: ArgumentHelp("The key whose value is shown under the title (default: inferred).", valueName: "KEY"))
    var subtitleKey: String?

    @Option(help: ArgumentHelp("How long a pipe, FIFO or standard input given as --data may stay silent (before its first byte, or between two writes) before it is refused (default: no limit when browsing, where Ctrl-C cancels the wait; 5 for snapshot).", valueName: "SECONDS"))
    var timeout: Double?

    @Option(help: ArgumentHelp("The most a pipe, FIFO or standard input given as --data may send, such as 500M or 2G; more is refused as soon as it arrives (default: 1G; at most 4G, less one byte). A file is only held to 4G less one byte.", valueName: "SIZE"))
    var streamLimit: ByteCount = DataOptions.defaultStreamLimit

    /// The most a pipe or FIFO may send unless `--stream-limit` says otherwise: a quarter of
    /// what can be loaded, so that a runaway writer (`yes`) is refused in seconds, not half a
    /// minute, and a buffer of doubling size never needs more than 2 GiB.
    static let defaultStreamLimit = ByteCount(bytes: 1 << 30)

    mutating func validate() throws {
        if let timeout, !(timeout > 0) || !timeout.isFinite {
            throw ValidationError("--timeout takes a number of seconds above 0, such as 0.5 or 30 (got \(timeout))")
        }
    }

    /// How long a pipe or FIFO may stay silent: `--timeout`, or `fallback` without it (nil: for ever).
    func waitForData(byDefault fallback: Duration?) -> Duration? {
        timeout.map { .milliseconds(Int(max(0.001, $0) * 1000)) } ?? fallback
    }

    /// What is browsed, in words (for Settings).
    var description: String {
        dataPath.map { ControlEscaping.escaped($0) } ?? "bundled books"
    }

    /// Loads what to browse, or says in one line why it cannot (exit status 65 or 66).
    /// A `--data` file can be reloaded from the list (⟳); the bundled books cannot change.
    ///
    /// - Parameter sortsWhileShowing: The interactive app and the benchmark pass `true`: the
    ///   file is read and checked before the terminal is touched (bad input must fail there);
    ///   the list shows as soon as its sections and first rows are in place, and the rest is
    ///   sorted behind it (``RecordListScreen/finishSorting(_:)``). If even the first rows are
    ///   not in place `firstRowsDeadline` (half a second) after the start, the app starts with
    ///   its progress sheet, with Cancel, and the rows replace it when they are chosen.
    ///   Snapshots wait for everything.
    /// - Parameter waitForData: How long a FIFO or pipe may stay silent, before its first byte
    ///   or between two writes (`--timeout`); nil waits until it sends, or Ctrl-C.
    /// - Parameter noticesOnTheScreen: The interactive app passes `true`: with standard error
    ///   not a terminal (`2>log`), the line that says what a slow load waits for goes to the
    ///   terminal the app is about to draw on (standard output), not nowhere.
    /// - Throws: ``CommandFailure``, or ``SignalEnding`` when a termination signal (Ctrl-C)
    ///   arrives during the load.
@MainActor
    func loadListScreen(searchesSynchronously: Bool = false, sortsWhileShowing: Bool = false, waitForData: Duration? = nil,
                        noticesOnTheScreen: Bool = false, firstRowsDeadline: Duration = ProgressModal.delay,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RecordListScreen {
        let started = ContinuousClock.now
        let (path, title) = try source()
        // Standard input, a FIFO or a pipe (`<(cmd)`) can be read once: no reload, and no
        // saving back (a save would put a file in the FIFO's place).
        let isReadOnce = dataPath == Self.standardInputPath || (dataPath != nil && !Self.isRegularFile(path))
        // What a killed save of this file left beside it goes before the file is read.
        if dataPath != nil, !isReadOnce { AtomicFile.removeLeftovers(besides: path) }
        let loadStore = Self.loadStore(path: path, fromStandardInput: dataPath == Self.standardInputPath, pointer: pointer, titleKey: titleKey,
                                       subtitleKey: subtitleKey, strict: strict, waitForData: waitForData, streamLimit: streamLimit.bytes)
        let reload = dataPath == nil || isReadOnce ? nil : Self.load(path: path, pointer: pointer, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict)
        let isBookList = dataPath == nil
        // The records as they are to be browsed: a file as read, the books with the changes
        // made to them merged over them.
        let editable = { (store: JSONRecordStore) -> EditableRecords? in
            // An object's members are read-only: adding or removing one would need its name
            // spliced as well as its value, which saves do not do.
            // Text with replaced characters is not the file's: saving it would change them all.
            if isReadOnce || store.recordsAreMembers || store.replacementCount > 0 { return nil }
            return isBookList ? BundledBookRecords(bundled: store, changesPath: BundledBookRecords.standardChangesPath(environment: environment))
                : DataFileRecords(store: store, path: path)
        }
        let (titleKey, subtitleKey, strict) = (self.titleKey, self.subtitleKey, self.strict)
        let list = { (records: IndexedRecords, editable: EditableRecords?) in
            let screen = RecordListScreen(title: title, records: records, searchesSynchronously: searchesSynchronously, reload: reload,
                                          editable: editable, isBookList: isBookList)
            // Another of the file's arrays of objects, chosen from the row actions.
            if reload != nil { screen.loadArray = { Self.load(path: path, pointer: $0, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict) } }
            return screen
        }
        // A redirected file (< big.json) is read, not waited for.
        let isStream = dataPath == Self.standardInputPath ? !Self.isRegularFile(descriptor: STDIN_FILENO) : isReadOnce
        let notice = Self.slowLoadNotice(name: dataPath == Self.standardInputPath ? nil : path, isStream: isStream)
        let store = try Self.loadReportingSlowness(path: path, notice: notice, orOnTheScreen: noticesOnTheScreen) { loadStore($0) }.get()
        let records = editable(store)
        let shown = records?.store ?? store
        guard sortsWhileShowing else {
            return list(IndexedRecords(store: shown), records)
        }
        // The list shows as soon as its first rows are chosen, at any size; the rest sorts
        // behind it while keys wait (``RecordListScreen/finishSorting(_:)``). Until the first
        // rows are chosen: nothing for up to `firstRowsDeadline` after the start, then the
        // app with its progress sheet, which gives way to the rows when they come.
        let showsFirstRows = !IndexedRecords.sortsTitlesByValue(shown)
        let sorting = BackgroundTask(startedAt: started) { _ in
            Result<IndexedRecords, CommandFailure>.success(showsFirstRows
                ? IndexedRecords.firstRowsFirst(store: shown, rows: Self.firstRowsShownBeforeTheSort)
                : IndexedRecords(store: shown))
        }
        while !sorting.isFinished, ContinuousClock.now - started < firstRowsDeadline {
            Wakeup.wait(until: started + firstRowsDeadline)
        }
        // Rows chosen after the deadline come as the sheet's answer, even when they are ready
        // by now: which way the list starts must not hang on a race with the check.
        if sorting.isFinished, ContinuousClock.now - started < firstRowsDeadline, case .success(let sorted)? = sorting.takeResult() {
            let screen = list(sorted, records)
            screen.sortRest(of: sorted)
            return screen
        }
        let screen = list(IndexedRecords(unsortedStore: shown), records)
        screen.showWhenLoaded(sorting)
        return screen
    }

    /// How many rows are put in place before the list shows: more than any screen holds, and
    /// enough that a search typed before the rest of the sort finds a screen of its results
    /// among them (a word in one title in a hundred), in a few milliseconds. Sorting them is
    /// a partial selection among the first sections' keys and a sort of these alone (2 ms).
    static let firstRowsShownBeforeTheSort = 25_000

    /// Reads the file at `path` (or standard input, named `path` in errors) into a store, on
    /// any thread. Reading stops at once when `isCancelled` says so (Cancel on the reload's
    /// sheet). Standard input is read once, to its end, by the loader: a pipe up to
    /// `streamLimit` bytes, refused as soon as more arrives; a redirected file against its
    /// size; a terminal or a device is refused at once.
    private static func loadStore(path: String, fromStandardInput: Bool = false, pointer: String?, titleKey: String?, subtitleKey: String?,
                                  strict: Bool, waitForData: Duration? = nil, streamLimit: Int? = nil)
        -> @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Result<JSONRecordStore, CommandFailure> {
        { isCancelled in
            do throws(JSONLoadError) {
                let options = JSONRecordStore.LoadOptions(pointer: pointer, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict,
                                                          format: pointer == nil ? .of(path: path) : .text,
                                                          isCancelled: isCancelled, waitForData: waitForData, streamLimit: streamLimit)
                let store = fromStandardInput
                    ? try JSONRecordStore.load(descriptor: STDIN_FILENO, name: path, options: options)
                    : try JSONRecordStore.load(path: path, options: options)
                // A key that no record has would show blank rows: a usage error (EX_USAGE).
                if let problem = store.missingKeyProblem(name: path, titleKey: titleKey, subtitleKey: subtitleKey) {
                    return .failure(CommandFailure(message: problem, exitCode: 64))
                }
                return .success(store)
            } catch {
                var message = error.description
                if let streamLimit, streamLimit < ByteCount.most, error.message.hasPrefix("more than "),
                   error.message.hasSuffix(" the most a pipe or FIFO may send") {
                    message += " (--stream-limit raises it above \(ByteCount(bytes: streamLimit)))"
                }
                return .failure(CommandFailure(message: message, exitCode: error.exitCode))
            }
        }
    }

    /// Reads, sections and sorts the file at `path` (⟳ on the list).
    static func load(path: String, pointer: String?, titleKey: String?, subtitleKey: String?, strict: Bool = false) -> RecordListScreen.Load {
        let loadStore = loadStore(path: path, pointer: pointer, titleKey: titleKey, subtitleKey: subtitleKey, strict: strict)
        return { isCancelled in
            loadStore(isCancelled).flatMap { store in
                // Cancelled while parsing: skip sectioning and sorting, about half the work.
                isCancelled() ? .failure(CommandFailure(message: "\(path): loading cancelled", exitCode: 66)) : .success(IndexedRecords(store: store))
            }
        }
    }

    /// Whether `path` names a regular file (after links); false for FIFOs, devices and
    /// paths that do not exist.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the open `descriptor` is a regular file (standard input redirected from one).
    static func isRegularFile(descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// `--data -`: the records come from standard input.
    static let standardInputPath = "-"

    /// The list's title for the file at `path`: its name without the extension, or "pipe" for
    /// a descriptor's path (`<(cmd)` gives `/dev/fd/63`, whose name says nothing).
    static func title(forDataPath path: String) -> String {
        let components = URL(fileURLWithPath: path).standardized.pathComponents
        let isDescriptor = components.count >= 2 && components[components.count - 2] == "fd"
            && Int(components[components.count - 1]) != nil && (components.starts(with: ["/", "dev"]) || components.starts(with: ["/", "proc"]))
        return isDescriptor ? "pipe" : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    private func source() throws -> (path: String, title: String) {
        if dataPath == Self.standardInputPath { return ("stdin", "stdin") }
        if let dataPath { return (dataPath, Self.title(forDataPath: dataPath)) }
        switch BundledData.url(forFile: BundledData.booksFileName) {
        case .success(let url): return (url.path, "Books")
        case .failure(let missing): throw CommandFailure(message: missing.description, exitCode: 66)
        }
    }

    /// Loads before the terminal is taken over; past half a second a line on standard error
    /// says what is happening and that Ctrl-C cancels it (the terminal was never touched) —
    /// or, with `orOnTheScreen` and standard error not a terminal, on standard output if that
    /// is one: a person looking at a blank terminal learns what it waits for all the same.
    /// A termination signal (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT from a process) stops the wait
    /// at once: ``SignalEnding``, which `main` turns into status 128 + signo, nothing printed.
    private static func loadReportingSlowness<Value: Sendable>(
        path: String, notice: String, orOnTheScreen: Bool = false, _ load: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Result<Value, CommandFailure>
    ) throws(SignalEnding) -> Result<Value, CommandFailure> {
        let task = BackgroundTask(load)
        // A notice is said only to a person (on a terminal), once.
        let noticeHandle: FileHandle? = isatty(STDERR_FILENO) != 0 ? .standardError
            : orOnTheScreen && isatty(STDOUT_FILENO) != 0 ? .standardOutput : nil
        var isNoticePending = noticeHandle != nil
        while !task.isFinished {
            if let signal = ProcessSignals.pendingTermination {
                task.cancel()
                throw SignalEnding(signal: signal)
            }
            if isNoticePending, task.isSlow {
                isNoticePending = false
                noticeHandle?.write(Data(notice.utf8))
            }
            // Woken by the load's end or a signal; while the notice is pending, by its time too.
            Wakeup.wait(until: isNoticePending ? task.slowSince : nil)
        }
        return task.takeResult() ?? .failure(CommandFailure(message: "\(path): loading stopped", exitCode: 66))
    }

    /// The line a load says on standard error past half a second about the file at `path`
    /// (nil: standard input), control characters escaped: waiting for a pipe or FIFO, loading
    /// a file.
    static func slowLoadNotice(name path: String?, isStream: Bool) -> String {
        let name = path.map { ControlEscaping.escaped($0) } ?? "standard input"
        return isStream ? "Waiting for data on \(name)… (Ctrl-C to cancel)\n" : "Loading \(name)… (Ctrl-C to cancel)\n"
    }
}

/// A termination signal that arrived before the terminal was taken over: the command ends with
/// status 128 + `signal`, and nothing is printed (the person asked for it).
struct SignalEnding: Error {
    var signal: Int32
}

/// A size given on the command line: a number of bytes, or of KiB, MiB or GiB (`K`, `M`, `G`,
/// with or without `iB`), from 1 byte to the most that can be loaded, 4 GiB less one byte
/// (`4G` means that).
struct ByteCount: ExpressibleByArgument, CustomStringConvertible, Sendable {
    var bytes: Int

    /// The most that can be loaded: simdjson's limit.
    static let most = (1 << 32) - 1

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        var text = Substring(argument.trimmingCharacters(in: .whitespaces).uppercased())
        if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
        let scale: Int
        switch text.last {
        case "K": scale = 1 << 10
        case "M": scale = 1 << 20
        case "G": scale = 1 << 30
        default: scale = 1
        }
        if scale > 1 { text = text.dropLast() }
        guard let count = Int(text), count > 0, count <= Self.most / scale + 1 else { return nil }
        bytes = min(count * scale, Self.most)
    }

    var description: String {
        for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return bytes == Self.most ? "4G" : "\(bytes)"
    }

    var defaultValueDescription: String { description }
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

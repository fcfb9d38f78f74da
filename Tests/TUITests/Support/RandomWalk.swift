import Foundation
import TableKit
@testable import TUI

// A seeded random walk through the whole headless app, on a real state folder and a real
// `--data` file, checking after every step that:
//
// - the files change only after a step that may ask for a change (`WalkStep.mayChange(at:)`,
//   in AppRandomWalkTests.swift):
//   visiting, scrolling, searching and backing out leave every byte as it was;
// - no file but the state file and the data file is ever left in their folders (a save's
//   `.NAME.saving-XXXXXX` is renamed away within the step);
// - the frame renders, and no control character from the data reaches it.
//
// A quit restarts the app on the same folders, and the restart is checked as a step too.

/// One thing a person does: a key, a click, a drag, the wheel, a paste or a new terminal size.
enum WalkStep: CustomStringConvertible {
    case key(Key)
    case click(Point, double: Bool)
    case drag(from: Point, to: Point)
    case wheel(up: Bool, at: Point, modifiers: MouseEvent.Modifiers)
    case paste(String)
    case resize(Size)

    /// The step as parts a person does one after the other: a double click is two clicks.
    var parts: [WalkStep] {
        if case .click(let point, double: true) = self { return [.click(point, double: false), .click(point, double: false)] }
        return [self]
    }

    /// The events the step sends, in order.
    var events: [Event] {
        switch self {
        case .key(let key):
            return [.key(key)]
        case .click(let point, let double):
            let click: [Event] = [.mouse(MouseEvent(.press, at: point)), .mouse(MouseEvent(.release, at: point))]
            return double ? click + click : click
        case .drag(let from, let to):
            let middle = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
            return [.mouse(MouseEvent(.press, at: from)), .mouse(MouseEvent(.drag, at: middle)),
                    .mouse(MouseEvent(.drag, at: to)), .mouse(MouseEvent(.release, at: to))]
        case .wheel(let up, let point, let modifiers):
            return [.mouse(MouseEvent(up ? .scrollUp : .scrollDown, at: point, modifiers: modifiers))]
        case .paste(let text):
            return [.paste(text)]
        case .resize(let size):
            return [.resize(size)]
        }
    }

    var description: String {
        switch self {
        case .key(let key): return key.description
        case .click(let point, let double): return "\(double ? "double-click" : "click")(\(point.x),\(point.y))"
        case .drag(let from, let to): return "drag(\(from.x),\(from.y)→\(to.x),\(to.y))"
        case .wheel(let up, let point, let modifiers):
            let held = (modifiers.contains(.control) ? "C-" : "") + (modifiers.contains(.alt) ? "A-" : "") + (modifiers.contains(.shift) ? "S-" : "")
            return "\(held)wheel\(up ? "↑" : "↓")(\(point.x),\(point.y))"
        case .paste(let text): return "paste(\(ControlEscaping.escaped(text).debugDescription))"
        case .resize(let size): return "resize(\(size.width)x\(size.height))"
        }
    }
}

/// Where a step is taken: what is in front, and what the focused row is. Read before the step.
struct WalkPlace: CustomStringConvertible {
    /// What the focused row of a table is, as far as a key on it is concerned.
    enum Row: String {
        /// No table in front, or no row focused, or a row that cannot be selected.
        case none
        /// A row that opens another screen (`›`).
        case disclosure
        /// A radio or checkmark row.
        case check
        /// A row with an on/off switch.
        case toggle
        /// A slider row.
        case slider
        /// A selectable row that does something other than opening a screen.
        case action
    }

    /// The type of the screen in front (`SettingsScreen`).
    var screen: String
    /// The alert or action sheet in front, if any.
    var alert: Alert?
    /// Another modal in front (the help overlay, a progress sheet), if any.
    var overlay: String?
    var isEditing = false
    var isSwipeMenuOpen = false
    var isTitleControlFocused = false
    /// A search field, the index or a form's field takes the keys.
    var capturesText = false
    var isForm = false
    var isDatePicker = false
    var row = Row.none
    /// The focused row has a button of its own (`[☆]`, `[✎]`), which `e` presses.
    var rowHasButton = false
    /// The line of the tab bar (a click there switches tabs).
    var tabBarLine: Int

    @MainActor
    init(_ app: BrowserApp) {
        let front = app.root.content.frontScreen
        screen = String(describing: type(of: front))
        tabBarLine = app.size.height - 2
        if let modal = app.root.modals.last {
            if let alert = modal as? AlertController { self.alert = alert.alert } else { overlay = String(describing: type(of: modal)) }
        }
        isForm = front is FormEditor
        isDatePicker = front is DatePickerController
        capturesText = front.capturesTextInput
        guard let table = front as? TableViewController else { return }
        isEditing = table.isEditing || screen == "TabCustomizingController"
        isSwipeMenuOpen = table.isSwipeMenuOpen
        isTitleControlFocused = table.isTitleControlFocused
        guard let focused = table.state.focusedRow, focused.section < table.dataSource.numberOfSections(),
              focused.row < table.dataSource.numberOfRows(inSection: focused.section) else { return }
        let cell = table.dataSource.cell(for: focused)
        if case .button = cell.accessory { rowHasButton = true }
        if case .detailAndButton = cell.accessory { rowHasButton = true }
        if cell.slider != nil {
            row = .slider
        } else if case .switch = cell.accessory {
            row = .toggle
        } else {
            switch table.tableView.selectionMode(forSection: focused.section, dataSource: table.dataSource) {
            case .none: row = .none
            case .radio, .multiple: row = .check
            case .single: row = cell.accessory == .disclosureIndicator || cell.accessory == .detailDisclosureButton ? .disclosure : .action
            }
        }
    }

    var description: String {
        var parts = [screen]
        if let alert { parts.append("alert “\(alert.title ?? alert.message ?? "")”") }
        if let overlay { parts.append(overlay) }
        if isEditing { parts.append("editing") }
        if isSwipeMenuOpen { parts.append("swipe menu open") }
        if isTitleControlFocused { parts.append("title control focused") }
        if capturesText { parts.append("typing") }
        if row != .none { parts.append("\(row.rawValue) row") }
        return parts.joined(separator: ", ")
    }
}

/// The board's clock in a walk: it moves on between steps, as a person pauses, so that a
/// double click's wait, a long press or the quiet that ends a pinch are over before the next.
@MainActor
final class WalkClock {
    var now = ContinuousClock.now
    func advance(by duration: Duration) { now += duration }
}

/// The walk: an app on a temporary state folder and `--data` file, a seeded source of steps,
/// and the checks after each step. Replay a walk with `WALK_SEED=N` (and `WALK_STEPS=M`).
@MainActor
final class RandomWalk {
    let seed: UInt64
    private(set) var app: BrowserApp
    /// Every step taken, in order, with where it was taken.
    private(set) var taken: [(step: WalkStep, place: String)] = []
    /// Steps after which the files were compared (not a change a person asked for).
    private(set) var checkedCount = 0
    private(set) var restartCount = 0
    /// Steps after which the state file, or the data file, had changed (each one a step that
    /// may ask for a change).
    private(set) var stateChangeCount = 0
    private(set) var dataChangeCount = 0
    /// The steps that changed the files, with what they changed (`WALK_VERBOSE=1` prints them).
    private(set) var changes: [String] = []
    /// The names of the screens the walk has been on (for the report).
    private(set) var visited: Set<String> = []

    private var random: SeededRandomNumberGenerator
    /// Whether the steps came from the seed (else from a script), for the replay hint.
    private var isRandom = false
    private let files = TemporaryFiles()
    private let clock = WalkClock()
    private let stateURL: URL
    private let dataURL: URL
    private let startSize: Size

    /// The sizes a walk starts at or resizes to: wide enough for six tabs, and under 78
    /// columns, where four tabs and More show.
    static let sizes = [Size(width: 100, height: 30), Size(width: 80, height: 24), Size(width: 60, height: 24),
                        Size(width: 77, height: 20), Size(width: 44, height: 16)]

    /// The bundled photos, decoded once for every app the walks start.
    nonisolated static let photos = PhotoDecoding.loadBundled()

    /// A walk for `seed`, starting at `size` (else a size the seed chooses).
    init(seed: UInt64, size: Size? = nil) throws {
        self.seed = seed
        random = SeededRandomNumberGenerator(seed: seed)
        startSize = size ?? Self.sizes[Int(seed % UInt64(Self.sizes.count))]
        stateURL = files.directory.appendingPathComponent("state/table-browser/state.json")
        dataURL = files.directory.appendingPathComponent("data/books.json")
        try FileManager.default.createDirectory(at: dataURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.records.utf8).write(to: dataURL)
        app = try Self.start(data: dataURL, state: stateURL, size: startSize, seed: seed, clock: clock)
        _ = settle()
    }

    private static func start(data: URL, state: URL, size: Size, seed: UInt64, clock: WalkClock) throws -> BrowserApp {
        let list = try DataOptions.parse(["--data", data.path]).loadListScreen(searchesSynchronously: true)
        var options = AppOptions(searchesSynchronously: true, animates: false, dataDescription: data.lastPathComponent,
                                 settings: AppSettings(store: StateStore(url: state)), seed: seed)
        options.photos = { RandomWalk.photos }
        let app = BrowserApp(list: list, size: size, options: options)
        app.photos.now = { [clock] in clock.now }
        return app
    }

    // MARK: Steps

    /// Takes `count` random steps (the last few keys typed may run over); the first broken
    /// rule, in words, or nil.
    func run(steps count: Int) -> String? {
        isRandom = true
        while taken.count < count {
            for step in nextSteps() {
                if let failure = take(step) { return failure }
            }
        }
        return nil
    }

    /// Takes the steps of a key script (`"5 End k Enter"`) one by one; the first broken rule, or nil.
    func take(script: String) throws -> String? {
        for key in try Key.parseScript(script) {
            if let failure = take(.key(key)) { return failure }
        }
        return nil
    }

    /// Takes one step and checks it: the first broken rule, in words, or nil.
    func take(_ step: WalkStep) -> String? {
        let place = WalkPlace(app)
        taken.append((step, place.description))
        let before = persisted()
        // Each part is judged where it lands: a double click's first click may open the
        // photo board, and its second then acts on a photo.
        var asksForChange = false
        var outcome = RootController.Outcome.keepGoing
        for part in step.parts where outcome != .quit {
            let place = WalkPlace(app)
            visited.insert(place.screen)
            asksForChange = asksForChange || part.mayChange(at: place)
            for event in part.events where outcome != .quit {
                outcome = app.handle(event)
                clock.advance(by: .milliseconds(40))
            }
        }
        if outcome != .quit { outcome = settle() }
        if outcome == .quit {
            // The person starts the app again on the same files.
            restartCount += 1
            do {
                app = try Self.start(data: dataURL, state: stateURL, size: app.size, seed: seed, clock: clock)
            } catch {
                return failure("the app did not start again on its files: \(error)")
            }
            if settle() == .quit { return failure("the app quit while starting") }
        }
        let after = persisted()
        let stray = Set(after.keys).subtracting([relative(stateURL), relative(dataURL)])
        if !stray.isEmpty {
            return failure("files were left in the folders: \(stray.sorted().joined(separator: ", "))")
        }
        if after[relative(stateURL)] != before[relative(stateURL)] { stateChangeCount += 1 }
        if after[relative(dataURL)] != before[relative(dataURL)] { dataChangeCount += 1 }
        if after != before { changes.append("\(taken.count). \(step)   [\(place)]\n" + Self.difference(before, after)) }
        if !asksForChange {
            checkedCount += 1
            if after != before {
                return failure("“\(step)” at \(place) is not a change a person asked for, yet the files changed:\n" + Self.difference(before, after))
            }
        }
        return checkFrame()
    }

    /// The frame renders at the app's size, and no control character reaches it.
    private func checkFrame() -> String? {
        let lines = app.render(context: RenderContext()).lines
        guard lines.count == app.size.height else { return failure("the frame has \(lines.count) lines at \(app.size)") }
        if let (number, scalar) = Self.firstUnescapedControl(in: lines) {
            return failure("line \(number) of the frame holds U+\(String(scalar.value, radix: 16, uppercase: true)) unescaped:\n"
                + lines.map(ControlEscaping.escaped).joined(separator: "\n"))
        }
        return nil
    }

    /// The first line (and code point) of `lines` that a terminal would act on rather than
    /// show: a C0 or C1 control, DEL, a bidi control or a line or paragraph separator.
    static func firstUnescapedControl(in lines: [String]) -> (line: Int, scalar: Unicode.Scalar)? {
        for (number, line) in lines.enumerated() {
            if let bad = line.unicodeScalars.first(where: { ControlEscaping.isControl($0) || isLayoutControl($0) }) { return (number, bad) }
        }
        return nil
    }

    /// A bidi control or a line or paragraph separator, which a terminal would act on.
    private static func isLayoutControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Lets what the step started finish before the next: background work (the photos'
    /// decoding, a reload, new tweets) is waited for, timers fall due as the person pauses,
    /// and animations run to their end.
    private func settle() -> RootController.Outcome {
        let deadline = ContinuousClock.now + .seconds(10)
        while app.root.isWorkInFlight, ContinuousClock.now < deadline {
            if app.root.deliverPosted() == .quit { return .quit }
            usleep(500)
        }
        for _ in 0 ..< 20 {
            guard let due = app.root.nextDelivery else { break }
            clock.advance(by: .seconds(2))
            if app.root.deliverPosted(now: max(due, .now)) == .quit { return .quit }
        }
        for _ in 0 ..< 60 where app.wantsTicks {
            clock.advance(by: .milliseconds(50))
            if app.handle(.tick) == .quit { return .quit }
        }
        return .keepGoing
    }

    // MARK: Choosing steps

    /// The next thing a person does: one step, or a few keys typed (each its own step).
    func nextSteps() -> [WalkStep] {
        let size = app.size
        func point() -> Point { Point(x: pick(0 ..< size.width), y: pick(0 ..< size.height)) }
        let roll = pick(0 ..< 104)
        switch roll {
        case 0 ..< 10:  // a tab, by digit or F-key
            let tab = pick(1 ..< 7)
            return [.key(pick(0 ..< 5) == 0 ? .function(tab) : .character(Character(String(tab))))]
        case 10 ..< 30:
            return [.key(choose([.character("j"), .character("k"), .up, .down, .pageDown, .pageUp, .home, .end, .character("g"), .character("G")]))]
        case 30 ..< 42:
            return [.key(choose([.enter, .enter, .right, .character("l")]))]
        case 42 ..< 51:
            return [.key(choose([.escape, .escape, .left, .character("h"), .backspace]))]
        case 51 ..< 55:
            return [.key(choose([.tab, .backTab]))]
        case 55 ..< 58:
            return [.key(.character("/"))]
        case 58 ..< 62:  // a word typed
            let letters = Array("abcdefghijklmnopqrstuvwxyzAEIO0123456789 @._-")
            return (0 ..< pick(1 ..< 5)).map { _ in .key(.character(choose(letters))) }
        case 62 ..< 66:
            return [.key(.space)]
        case 66 ..< 76:  // a screen's letter
            return [.key(.character(choose(Array("sieE?oawfpnrcxdDut+-[]zS"))))]
        case 76 ..< 79:
            return [.key(choose([.altUp, .altDown]))]
        case 79 ..< 81:
            return [.key(choose([.shiftLeft, .shiftRight, .delete, .altLeft, .altRight]))]
        case 81 ..< 84:
            return [.key(choose([.control("s"), .control("s"), .control("d"), .control("t"), .control("z")]))]
        case 84:
            return [.key(choose([.character("q"), .character("q"), .control("c")]))]
        case 85 ..< 90:
            return [.click(point(), double: pick(0 ..< 5) == 0)]
        case 90 ..< 93:
            let from = point()
            return [.drag(from: from, to: Point(x: from.x + pick(-12 ..< 13), y: from.y + pick(-4 ..< 5)))]
        case 93 ..< 97:
            let modifiers: MouseEvent.Modifiers = choose([[], [], [], [.control], [.alt]])
            return [.wheel(up: pick(0 ..< 2) == 0, at: point(), modifiers: modifiers)]
        case 97:
            return [.paste(choose(["pasted\u{1B}[2J text", "two\nlines\u{7}", "\u{202E}reversed"]))]
        case 98:
            return [.resize(choose(Self.sizes))]
        default:  // a way to a place deep in the app, key by key
            return ((try? Key.parseScript(choose(Self.journeys))) ?? []).map(WalkStep.key)
        }
    }

    /// Ways a person goes deep into the app (at six tabs; under 78 columns 5 is More). The
    /// tab's digit twice: the tab, then its first screen.
    static let journeys = [
        "5 5 End k k k k k k Enter", "5 5 End k k k k k k Enter E", "5 5 End k k k k k k Enter End Enter",
        "3 3 w", "3 3 w E", "3 3 e", "3 3 Enter", "3 3 f",
        "4 4 Enter", "4 4 j Enter", "1 1 e", "1 1 +", "1 1 E", "1 1 o", "1 1 c", "1 1 a", "1 1 S-Tab",
        "2 2 s", "2 2 Enter", "2 2 Enter End", "6 6 Tab", "5 5 E", "5 5 j Enter",
    ]

    private func pick(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
    private func choose<T>(_ items: [T]) -> T { items[pick(0 ..< items.count)] }

    // MARK: Files

    /// Every file under the walk's folder, by its path inside it, with its bytes.
    private func persisted() -> [String: Data] {
        var found: [String: Data] = [:]
        let root = files.directory.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return found }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found[relative(url)] = (try? Data(contentsOf: url)) ?? Data("<unreadable>".utf8)
        }
        return found
    }

    private func relative(_ url: URL) -> String {
        let root = files.directory.resolvingSymlinksInPath().path
        let path = url.resolvingSymlinksInPath().path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// What changed between two readings of the folders, file by file: the lines between
    /// the first and the last that differ, as `-` (before) and `+` (after).
    static func difference(_ before: [String: Data], _ after: [String: Data]) -> String {
        Set(before.keys).union(after.keys).sorted().compactMap { name -> String? in
            let old = before[name], new = after[name]
            guard old != new else { return nil }
            guard let old else { return "  \(name) appeared: \(excerpt(new ?? Data()))" }
            guard let new else { return "  \(name) disappeared" }
            let oldLines = String(decoding: old, as: UTF8.self).components(separatedBy: "\n")
            let newLines = String(decoding: new, as: UTF8.self).components(separatedBy: "\n")
            let prefix = zip(oldLines, newLines).prefix { $0 == $1 }.count
            let suffix = zip(oldLines.dropFirst(prefix).reversed(), newLines.dropFirst(prefix).reversed()).prefix { $0 == $1 }.count
            let removed = oldLines[prefix ..< oldLines.count - suffix].prefix(12).map { "    - " + excerpt(Data($0.utf8)) }
            let added = newLines[prefix ..< newLines.count - suffix].prefix(12).map { "    + " + excerpt(Data($0.utf8)) }
            return (["  \(name), from line \(prefix + 1):"] + removed + added).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    private static func excerpt(_ data: Data) -> String {
        ControlEscaping.escaped(String(decoding: data.prefix(400), as: UTF8.self))
    }

    // MARK: Reporting

    /// The rule broken, with the seed, the step and the steps since the start.
    private func failure(_ what: String) -> String {
        let recent = taken.suffix(80).enumerated().map { offset, entry in
            "  \(taken.count - min(taken.count, 80) + offset + 1). \(entry.step)   [\(entry.place)]"
        }
        return """
            \(isRandom ? "Random walk" : "Scripted walk"), seed \(seed) (started at \(startSize.width)x\(startSize.height)), step \(taken.count): \(what)
            \(isRandom ? "Replay: WALK_SEED=\(seed) WALK_STEPS=\(taken.count) swift test --filter AppRandomWalkTests" : "(scripted steps)")
            Steps since the start\(taken.count > 80 ? " (the last 80 of \(taken.count))" : ""), each with where it was taken:
            \(recent.joined(separator: "\n"))
            """
    }

    /// The steps taken, as one line (for a passing walk's report).
    var summary: String {
        "seed \(seed) at \(startSize.width)x\(startSize.height): \(taken.count) steps, \(checkedCount) checked byte for byte, "
            + "\(stateChangeCount) changed the state file and \(dataChangeCount) the data file, \(restartCount) restarts, \(visited.count) screens (\(visited.sorted().joined(separator: " ")))"
    }

    // MARK: The data file

    /// Forty records: titles, authors, years, links, dates, prices, a flag and tags, some of
    /// them holding control characters, bidi controls and separators that must never reach
    /// the frame unescaped.
    static let records: String = {
        let hostile = ["Bell\\u0007 ringer", "Esc\\u001b[31m red", "C1 \\u009b2J cleared", "RLO \\u202e reversed",
                       "Line\\u2028separated", "Tab\\there", "NUL\\u0000 byte", "DEL\\u007f key"]
        let words = ["Zebra", "élan", "apple", "Ångström", "Banana", "Emma", "Quartz", "Mango", "42nd", "Orchid"]
        let rows = (0 ..< 40).map { index -> String in
            let title = index % 5 == 3 ? hostile[index / 5] : "\(words[index % words.count]) \(index)"
            let author = index % 7 == 2 ? "Mallory \\u001b]0;pwned\\u0007" : "Author \(index % 9) Person"
            let month = 1 + index % 12, day = 1 + index % 28
            return #"{"title": "\#(title)", "author": "\#(author)", "year": \#(1900 + index * 3), "#
                + #""url": "https://example.com/books/\#(index)", "published": "\#(1950 + index)-\#(month < 10 ? "0" : "")\#(month)-\#(day < 10 ? "0" : "")\#(day)", "#
                + #""price": \#(index).5, "inPrint": \#(index % 2 == 0), "tags": ["t\#(index % 3)", "x"]}"#
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }()
}

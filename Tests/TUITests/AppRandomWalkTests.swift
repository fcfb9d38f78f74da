import Foundation
import Testing
import TableKit
@testable import TUI

/// Random walks through the whole app — every tab, More, Settings and its screens, forms,
/// editing, search, the photo board, alerts — on a real state folder and `--data` file (see
/// `RandomWalk`): only a change a person asks for reaches the files, no stray file is left,
/// and every frame renders without a control character from the data.
///
/// `WALK_SEED=N` replays one walk (the seed every failure prints), `WALK_STEPS=M` sets each
/// walk's length, `WALK_COUNT=K` adds K walks from the clock (`make fuzz` runs long ones), and
/// `WALK_VERBOSE=1` prints every step that changed a file, and how.
@MainActor
@Suite("A random walk through the app: visiting changes nothing persisted")
struct AppRandomWalkTests {
    nonisolated static let environment = ProcessInfo.processInfo.environment

    /// Steps per walk: 600 in all by default (about two seconds).
    nonisolated static let steps = environment["WALK_STEPS"].flatMap { Int($0) } ?? 150

    /// The seeds: WALK_SEED's alone when set (one, or several with commas); else three fixed
    /// ones, which start at 100, 77 and 60 columns (six tabs, then four and More) and reach
    /// Settings › Keyboards, forms, editing, the photo board and alerts, and WALK_COUNT
    /// (default 1) from the clock.
    nonisolated static let seeds: [UInt64] = {
        if let chosen = environment["WALK_SEED"] { return chosen.split(separator: ",").compactMap { UInt64($0) } }
        let count = environment["WALK_COUNT"].flatMap { Int($0) } ?? 1
        let clock = UInt64(Date().timeIntervalSince1970 * 1000)
        return [20, 8, 22] + (0 ..< UInt64(count)).map { clock &+ $0 }
    }()

    @Test("a walk changes the state file and the data file only when a step asks for a change", arguments: seeds)
    func walk(seed: UInt64) throws {
        let walk = try RandomWalk(seed: seed)
        let failure = walk.run(steps: Self.steps)
        print("Random walk \(walk.summary)")
        if Self.environment["WALK_VERBOSE"] != nil { print(walk.changes.joined(separator: "\n")) }
        #expect(failure == nil, Comment(rawValue: failure ?? ""))
    }

    /// The invariant that found issue 38: visiting Settings › General › Keyboards unticked
    /// Books, Tweets and Games and saved it. Each of these keys visits or moves, so each
    /// must leave the files as they were.
    @Test("visiting Settings › General › Keyboards and coming back changes no file")
    func visitingKeyboardsChangesNothing() throws {
        let walk = try RandomWalk(seed: 1, size: Size(width: 100, height: 30))
        let failure = try walk.take(script: "5 End k k k k k k Enter")
        #expect(failure == nil, Comment(rawValue: failure ?? ""))
        #expect(walk.app.root.content.frontScreen is KeyboardsScreen, "Enter on General › Keyboards opens it")
        #expect(try walk.take(script: "Esc 1 5 Enter Esc") == nil)
        #expect(walk.checkedCount == 14, "every step was checked: \(walk.summary)")
    }

    /// The frame check is not vacuous: the data's control characters reach the screen, shown
    /// escaped, and the check would catch one shown raw.
    @Test("the data's control characters reach the frame escaped, and a raw one would be caught")
    func controlCharactersShowEscaped() throws {
        let walk = try RandomWalk(seed: 1, size: Size(width: 100, height: 30))
        var seen = text(walk.app).joined(separator: "\n")
        for _ in 0 ..< 12 {
            #expect(walk.take(.key(.pageDown)) == nil)
            seen += text(walk.app).joined(separator: "\n")
        }
        for escaped in ["Bell^G ringer", "Esc^[[31m red", "C1 <9B>2J", "RLO <U+202E> reversed", "Line<U+2028>separated", "NUL^@ byte", "DEL^? key"] {
            #expect(seen.contains(escaped), "“\(escaped)” is on screen")
        }
        #expect(RandomWalk.firstUnescapedControl(in: seen.components(separatedBy: "\n")) == nil)
        #expect(RandomWalk.firstUnescapedControl(in: ["plain", "a\u{1B}[2Jb"])?.line == 1)
        #expect(RandomWalk.firstUnescapedControl(in: ["x\u{202E}y"])?.scalar == "\u{202E}")
        #expect(RandomWalk.firstUnescapedControl(in: ["C1 \u{9B}"]) != nil)
    }
}

// MARK: The rules: which steps may ask for a change

extension WalkStep {
    /// Screens where Enter, → and l open the focused row's detail (or a sheet about it), and a
    /// click can only open, scroll or read: browsing them changes nothing.
    static let browsingScreens: Set<String> = [
        "RecordListScreen", "RecordDetailScreen", "NestedValueScreen", "TweetsScreen", "GamesScreen", "WishlistScreen",
        "FeelingLuckyScreen", "GameReviewScreen", "PhotoFactsScreen", "MoreListController", "FormsScreen",
    ]
    /// Screens only read: a click there opens, scrolls or goes back.
    static let readingScreens: Set<String> = ["RecordDetailScreen", "NestedValueScreen", "PhotoFactsScreen", "MoreListController", "FormsScreen"]
    /// Screens whose choices last while the app runs and are not kept in the state file.
    static let unkeptChoiceScreens: Set<String> = ["SortByScreen", "ColumnsScreen"]
    /// Screens of the Games tab, where `e` (or a click on `[☆]`) stars a game at once.
    static let gamesScreens: Set<String> = ["GamesScreen", "WishlistScreen", "FeelingLuckyScreen", "GameReviewScreen"]

    /// Whether this step, taken at `place`, may ask for a change that is saved: the state file
    /// (a setting, a star, a favourite, the photo board's layout, the tabs' order…) or the
    /// data file (a record saved or deleted). Every other step must leave every byte as it was.
    /// (README: "Using it", the key tables, and "State".)
    @MainActor
    func mayChange(at place: WalkPlace) -> Bool {
        let key: Key? = if case .key(let key) = self { key } else { nil }
        let isClick: Bool = switch self {
        case .click(let point, _): point.y != place.tabBarLine  // a tab's button only switches tabs
        case .drag: true
        default: false
        }
        // More › Edit keeps the tabs' order when it ends: by Done, a tab, or a resize wide
        // enough for every tab (More goes, even under a modal).
        if place.screen == "TabCustomizingController" {
            if case .resize = self { return true }
            if place.alert == nil, place.overlay == nil, key?.isMove != true { return true }
        }
        // A new size lays out again; nothing is kept.
        if case .resize = self { return false }
        // The help overlay is read; a progress sheet's Cancel stops a load.
        if place.overlay != nil { return false }
        if let alert = place.alert {
            // An alert with only OK informs; "Discard changes?" discards (nothing is saved).
            let informs = alert.actions.allSatisfy { $0.style == .cancel }
            if informs || alert.title == "Discard changes?" { return false }
            // Enter, a click or a button's own key may confirm (Delete, Remove, Hide…).
            return key == .enter || isClick || alert.actions.contains { $0.key != nil && $0.key == key }
        }
        // The photo board keeps its layout after each gesture: choosing a photo brings it to
        // the front, and moving, scaling, turning and zooming it change it.
        if place.screen == "PhotoBoardScreen" {
            if isClick { return true }
            if case .wheel(_, _, let modifiers) = self { return !modifiers.isEmpty }
            let gestures: [Key] = [.tab, .backTab, .left, .right, .up, .down, .enter] + "+=-[]z".map(Key.character)
            return key.map(gestures.contains) ?? false
        }
        // Moves, the wheel, a paste and the keys that work everywhere never change anything
        // (in a text field, a letter is only text until Save; digits switch tabs).
        if case .wheel = self { return false }
        if case .paste = self { return false }
        if let key, key.isMove && place.row != .slider { return false }
        if let key, [.character("?"), .character("q"), .control("c"), .control("z"), .character("/")].contains(key) { return false }
        // u and U undo and redo a change (a setting, a record): asked for, where no text field
        // or form takes the letters (a form's own undo changes only its fields).
        if let key, key == .character("u") || key == .character("U") { return !place.capturesText && !place.isForm && !place.isDatePicker }
        // While editing a list (the Wishlist, Keyboards, records), a move (Alt-↑ ↓, a drag of
        // `≡`) is saved as it happens, and Delete, Backspace or - then Enter delete a keyboard;
        // checking rows (Space, a, n) and Done (E, Esc) keep nothing, and d only asks.
        if place.isEditing {
            let edits: [Key] = [.altUp, .altDown, .delete, .backspace, .character("-"), .enter]
            return isClick || key.map(edits.contains) ?? false
        }
        // A swipe menu's buttons act, by Enter or Space, a click, their own letters or the
        // same Shift-arrow again (Favorite, Retweet, Delete, Remove…); ← → and Tab choose one.
        if place.isSwipeMenuOpen {
            guard let key else { return isClick }
            if case .character(let letter) = key, letter.isLetter { return true }
            return [.enter, .space, .shiftLeft, .shiftRight].contains(key)
        }
        // Books' Title | Author chooses the sort order, as Settings does.
        if place.isTitleControlFocused { return key == .enter || key == .space || isClick }
        // A form saves on Ctrl-S (or its Save button) and deletes on Ctrl-D; all else is an edit
        // in the form until then. The date screen saves on Enter and Ctrl-S.
        if place.isForm { return key == .control("s") || key == .control("d") || isClick }
        if place.isDatePicker { return key == .enter || key == .control("s") || isClick }
        if isClick { return !Self.readingScreens.contains(place.screen) }
        if place.capturesText { return false }
        guard let key else { return false }
        // The focused row: a check or a switch flips, a slider moves, an action acts (but the
        // sort order and the columns of a `--data` list are not kept: README, "State").
        switch Self.unkeptChoiceScreens.contains(place.screen) ? .none : place.row {
        case .check: if [.enter, .space, .right, .character("l")].contains(key) { return true }
        case .toggle: if [.enter, .space, .left, .right, .character("h"), .character("l")].contains(key) { return true }
        case .slider: if key.isMove || [.left, .right, .character("h"), .character("l"), .space].contains(key) { return true }
        case .action: if [.enter, .right, .character("l")].contains(key), !Self.browsingScreens.contains(place.screen) { return true }
        case .disclosure, .none: break
        }
        // Games: `e` presses the focused game's star. Tweets: `r` brings the new tweets in (kept).
        if key == .character("e"), place.rowHasButton, Self.gamesScreens.contains(place.screen) { return true }
        if key == .character("r"), place.screen == "TweetsScreen" { return true }
        return false
    }
}

extension Key {
    /// j k ↑ ↓ PgUp PgDn Home End g G: the focus moves, nothing else.
    var isMove: Bool {
        [.up, .down, .pageUp, .pageDown, .home, .end, .character("j"), .character("k"), .character("g"), .character("G")].contains(self)
    }
}

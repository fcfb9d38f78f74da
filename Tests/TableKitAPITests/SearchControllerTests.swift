import Foundation
import TableKit
import Testing

/// A fruit list that searches at once, or slowly: results stay pending until `finish()`,
/// which delivers them as an event, as work in the background does.
@MainActor
private final class FruitSearch: TableViewController, SearchResultsUpdating {
    let all = fruitSections()
    var isSlow = false
    var pendingQuery: String?
    var log: [String] = []

    init() {
        super.init(title: "Fruit", dataSource: all)
        let search = SearchController(placeholder: "Search Fruit")
        search.searchResultsUpdater = self
        searchController = search
    }

    func willPresentSearch(_ searchController: SearchController) { log.append("begin") }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        let scope = searchController.scopeButtonTitles.isEmpty ? "" : " in " + searchController.scopeButtonTitles[searchController.selectedScopeButtonIndex]
        log.append("update \(searchController.text)" + scope)
        guard isSlow else {
            // "Names" searches names only; otherwise names and colours.
            dataSource = scope == " in Names"
                ? fruitSections(someFruit.filter { $0.name.localizedCaseInsensitiveContains(searchController.text) })
                : all.filtered(by: searchController.text)
            return .shown
        }
        pendingQuery = searchController.text
        return .pending(progress: 0.25)
    }

    /// How far the slow filter is, as the sheet reads it.
    var progress: Double? = 0.5
    func searchProgress(for searchController: SearchController) -> Double? { progress }

    /// The slow filter finishes: its result is posted, and shown when delivered.
    func finish() {
        guard let query = pendingQuery else { return }
        post { screen in
            screen.dataSource = screen.all.filtered(by: query)
            screen.pendingQuery = nil
            return screen.searchController?.finishPendingUpdate() ?? .handled
        }
    }

    func cancelSearchUpdate(_ searchController: SearchController) { log.append("cancel"); pendingQuery = nil }

    func didDismissSearch(_ searchController: SearchController) {
        log.append("dismiss")
        dataSource = all
    }
}

@MainActor
@Suite("SearchController: / filters live, Enter keeps, Esc puts the table back exactly")
struct SearchControllerTests {
    let size = Size(width: 30, height: 8)

    private func screen() -> FruitSearch {
        let screen = FruitSearch()
        screen.layout(for: size)
        return screen
    }

    /// `screen` in an app, so that what it posts is delivered.
    private func app(_ screen: FruitSearch) -> RootController {
        RootController(content: NavigationController(root: screen), size: size)
    }

    @Test func typingFiltersLiveAndTheSearchStateIsOneValue() {
        let screen = screen()
        press([.character("/"), .character("r"), .character("e"), .character("d")], on: screen, size: size)
        let shown = lines(of: screen, size: size)
        #expect(shown[0] == " ⌕ red")
        #expect(shown.hasLine(startingWith: " apple") && shown.hasLine(startingWith: " Cherry") && !shown.hasLine(startingWith: " Banana"))
        guard case .active(let session) = screen.searchController?.state else {
            Issue.record("no search in progress")
            return
        }
        #expect(session.isEditing && session.shownText == "red" && session.pending == nil)
        #expect(screen.capturesTextInput, "q and digits are typed into the field")
        #expect(screen.log == ["begin", "update r", "update re", "update red"])
    }

    @Test func escPutsBackTheExactFocusAndScrollPositionAfterEnterOrWhileTyping() {
        let screen = screen()
        press([.down, .down, .down, .down], on: screen, size: size)
        let before = styledLines(of: screen, size: size)
        let stateBefore = screen.state
        for keys: [Key] in [[.character("/"), .character("a"), .escape],
                            [.character("/"), .character("a"), .enter, .down, .escape]] {
            press(keys, on: screen, size: size)
            #expect(screen.state == stateBefore)
            #expect(styledLines(of: screen, size: size) == before)
            #expect(screen.searchController?.isActive == false)
        }
        #expect(screen.log.suffix(2) == ["update a", "dismiss"])
    }

    @Test func enterKeepsTheResultsAndGivesTheRowsTheKeyboard() {
        let screen = screen()
        let response = press([.character("/"), .character("c"), .enter, .enter], on: screen, size: size)
        #expect(screen.searchController?.isEditing == false)
        #expect(lines(of: screen, size: size)[0] == " ⌕ c")
        #expect(response.pushedTitle == nil, "no delegate: selecting does nothing")
        // `/` again edits the same search.
        press([.character("/"), .character("h")], on: screen, size: size)
        #expect(screen.searchController?.text == "ch")
    }

    @Test func settingTheTextSearchesAsIfTypedAndKept() {
        let screen = screen()
        screen.searchController?.text = "green"
        #expect(screen.searchController?.isEditing == false)
        #expect(lines(of: screen, size: size).filter { $0.hasPrefix(" ") && !$0.hasPrefix(" ⌕") }.count >= 2)
        #expect(lines(of: screen, size: size)[0] == " ⌕ green")
    }

    /// At 1,000,000 rows the first search builds its index for about half a second: the
    /// progress sheet appeared and closed, and the list stayed unfiltered until the next key,
    /// because showing the sheet stopped the polling. The results must come through the sheet,
    /// as an event: nothing waits on ticks.
    @Test func aSlowSearchShowsItsResultsAfterItsProgressSheet() throws {
        let screen = screen()
        let root = app(screen)
        screen.isSlow = true
        for key in ["/", "c", "h"] { _ = root.handle(.key(.character(Character(key)))) }
        #expect(!screen.wantsTicks, "results are awaited as an event, not polled on ticks")
        root.deliverPosted(now: .now + .milliseconds(400))
        #expect(root.modals.isEmpty, "not yet half a second: no sheet")
        root.deliverPosted(now: .now + .milliseconds(600))
        #expect(root.modals.count == 1, "the progress sheet, half a second after the first key owed")
        func sheet() -> String { root.render(context: RenderContext(glyphs: .unicode)).lines.joined(separator: "\n") }
        #expect(sheet().contains("50%"), "the sheet reads the updater's progress as it draws:\n\(sheet())")
        screen.progress = 0.75
        #expect(sheet().contains("75%"))
        root.deliverPosted(now: .now + .seconds(5))
        #expect(root.modals.count == 1, "one sheet only")
        screen.finish()
        root.deliverPosted()
        #expect(screen.searchController?.isPending == false)
        #expect(root.modals.isEmpty, "the sheet closes as the results arrive, not at a tick")
        let shown = lines(of: screen, size: size)
        #expect(shown.hasLine(startingWith: " Cherry") && !shown.hasLine(startingWith: " apple"), "the results arrived:\n\(shown.joined(separator: "\n"))")
        #expect(screen.state.focusedRow == IndexPath(row: 0, section: 0), "the focus goes to the first result")
    }

    /// The half second counts from the first key the results are owed for, and a wait that
    /// ended does not lend its timer to the next: results in quickly, then a new slow search,
    /// shows no sheet when the old timer falls due.
    @Test func theSheetsTimerBelongsToItsOwnWait() throws {
        let screen = screen()
        let root = app(screen)
        screen.isSlow = true
        _ = root.handle(.key(.character("/")))
        _ = root.handle(.key(.character("c")))
        let firstWait = try #require(screen.searchController?.session?.pending?.since)
        screen.finish()
        root.deliverPosted()
        #expect(screen.searchController?.isPending == false)
        _ = root.handle(.key(.character("h")))
        let secondWait = try #require(screen.searchController?.session?.pending?.since)
        #expect(secondWait > firstWait)
        // The first wait's timer is due now; the second's is not.
        root.deliverPosted(now: firstWait + ProgressModal.delay)
        #expect(root.modals.isEmpty, "the first wait's timer shows no sheet for the second")
        root.deliverPosted(now: .now + .seconds(1))
        #expect(root.modals.count == 1)
    }

    @Test func cancelOnASlowSearchKeepsTheResultsShownAndTheirText() throws {
        let screen = screen()
        let root = app(screen)
        _ = root.handle(.key(.character("/")))
        _ = root.handle(.key(.character("c")))
        screen.isSlow = true
        _ = root.handle(.key(.character("x")))
        root.deliverPosted(now: .now + .seconds(1))
        #expect(root.modals.count == 1, "the progress sheet")
        _ = root.handle(.key(.escape))
        #expect(root.modals.isEmpty, "Esc closed the sheet")
        #expect(screen.log.last == "cancel")
        #expect(screen.searchController?.text == "c", "the field goes back to the text of the results shown")
        #expect(screen.searchController?.isPending == false)
        #expect(lines(of: screen, size: size).hasLine(startingWith: " Cherry"))
        // The cancelled work's result, should it still come, changes nothing.
        screen.pendingQuery = "cx"
        screen.finish()
        root.deliverPosted()
        #expect(screen.searchController?.text == "c")
    }

    // MARK: ↓ and ↑ between the field and the results

    @Test func downGivesTheKeyboardToTheResultsOnTheFirstOfThem() {
        let screen = screen()
        press([.character("/"), .character("r"), .character("e"), .character("d"), .down], on: screen, size: size)
        #expect(screen.searchController?.isEditing == false, "the rows have the keyboard")
        #expect(screen.searchController?.text == "red", "the filter stays")
        #expect(screen.state.focusedRow == IndexPath(row: 0, section: 0), "on the first result, not the second")
        // j now moves in the results instead of typing a j.
        press([.character("j")], on: screen, size: size)
        #expect(screen.searchController?.text == "red")
        #expect(screen.state.focusedRow != IndexPath(row: 0, section: 0))
    }

    @Test func upOnTheFirstResultGoesBackToTheField() {
        let screen = screen()
        press([.character("/"), .character("r"), .character("e"), .down, .character("j")], on: screen, size: size)
        press([.up], on: screen, size: size)
        #expect(screen.searchController?.isEditing == false, "↑ from the second result moves to the first")
        press([.up], on: screen, size: size)
        #expect(screen.searchController?.isEditing == true, "↑ on the first result gives the field the keyboard")
        press([.character("d")], on: screen, size: size)
        #expect(screen.searchController?.text == "red")
    }

    @Test func theFieldsHelpAndFooterNameDown() {
        let screen = screen()
        press([.character("/")], on: screen, size: size)
        #expect(screen.keyHints.contains { $0.key == "↓" })
        #expect(screen.keyHelp.contains { $0.key == "↓" && $0.help == "into the results" })
    }

    // MARK: Scope bar

    private func scopedScreen() -> FruitSearch {
        let screen = screen()
        screen.searchController?.scopeButtonTitles = ["Names", "All"]
        screen.layout(for: Size(width: 40, height: 8))
        return screen
    }

    @Test func theScopeBarShowsUnderTheFieldOnlyWhileSearching() {
        let screen = scopedScreen()
        let wide = Size(width: 40, height: 8)
        #expect(!lines(of: screen, size: wide).contains { $0.contains("Names") }, "no search, no scope bar")
        press([.character("/")], on: screen, size: wide)
        let shown = lines(of: screen, size: wide)
        #expect(shown[0] == " ⌕ Search Fruit")
        #expect(shown[1] == "            ◖ Names │ All )")
        #expect(screen.keyHints.contains { $0.key == "Tab" && $0.help == "scope" })
    }

    @Test func tabChoosesTheNextScopeAndSearchesAgain() {
        let screen = scopedScreen()
        let wide = Size(width: 40, height: 8)
        press([.character("/"), .character("r"), .character("e"), .character("d")], on: screen, size: wide)
        #expect(!lines(of: screen, size: wide).hasLine(startingWith: " apple"), "Names: no fruit is named red")
        press([.tab], on: screen, size: wide)
        #expect(screen.searchController?.selectedScopeButtonIndex == 1)
        #expect(screen.log.last == "update red in All", "the scope change searched again")
        let shown = lines(of: screen, size: wide)
        #expect(shown[1] == "            ( Names │ All ◗")
        #expect(shown.hasLine(startingWith: " apple") && shown.hasLine(startingWith: " Cherry"))
        press([.backTab], on: screen, size: wide)
        #expect(screen.searchController?.selectedScopeButtonIndex == 0)
        #expect(screen.searchController?.text == "red", "Tab is not typed into the field")
    }

    @Test func aClickOnAScopeChoosesIt() {
        let screen = scopedScreen()
        let wide = Size(width: 40, height: 8)
        press([.character("/"), .character("r")], on: screen, size: wide)
        let area = Rect(origin: .zero, size: wide)
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: 24, y: 1))), area: area)
        #expect(screen.searchController?.selectedScopeButtonIndex == 1)
        #expect(screen.log.last == "update r in All")
        // A click between the segments' hit ranges and the table changes nothing else.
        let focus = screen.state.focusedRow
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1))), area: area)
        #expect(screen.state.focusedRow == focus)
    }

    @Test func settingTheScopeInCodeSearchesNothing() {
        let screen = scopedScreen()
        press([.character("/"), .character("r")], on: screen, size: Size(width: 40, height: 8))
        let logged = screen.log.count
        screen.searchController?.selectedScopeButtonIndex = 1
        #expect(screen.log.count == logged)
    }
}

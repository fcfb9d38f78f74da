import Foundation
import TableKit
import Testing

/// A fruit list that searches at once, or slowly: results stay pending until `finish()`.
@MainActor
private final class FruitSearch: TableViewController, SearchResultsUpdating {
    let all = fruitSections()
    var isSlow = false
    var pendingQuery: String?
    var log: [String] = []

    init(clock: @escaping () -> ContinuousClock.Instant) {
        super.init(title: "Fruit", dataSource: all)
        let search = SearchController(placeholder: "Search Fruit", now: clock)
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
        return .pending(progress: nil)
    }

    /// The slow filter finishes (its result is taken at the next poll).
    var finished: String?
    func finish() { finished = pendingQuery }

    func pollSearchResults(for searchController: SearchController) -> SearchUpdate {
        guard let query = finished else { return .pending(progress: 0.5) }
        dataSource = all.filtered(by: query)
        finished = nil
        pendingQuery = nil
        return .shown
    }

    func cancelSearchUpdate(_ searchController: SearchController) { log.append("cancel"); pendingQuery = nil }

    func didDismissSearch(_ searchController: SearchController) {
        log.append("dismiss")
        dataSource = all
    }
}

final class Clock: @unchecked Sendable {
    var now = ContinuousClock.now
}

@MainActor
@Suite("SearchController: / filters live, Enter keeps, Esc puts the table back exactly")
struct SearchControllerTests {
    let size = Size(width: 30, height: 8)
    let clock = Clock()

    private func screen() -> FruitSearch {
        let clock = self.clock
        let screen = FruitSearch { clock.now }
        screen.layout(for: size)
        return screen
    }

    private func tick(_ screen: FruitSearch) -> ScreenResponse {
        screen.handle(.tick, area: Rect(origin: .zero, size: size))
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
    /// because showing the sheet stopped the polling. The results must come through the sheet.
    @Test func aSlowSearchShowsItsResultsAfterItsProgressSheet() throws {
        let screen = screen()
        screen.isSlow = true
        press([.character("/"), .character("c"), .character("h")], on: screen, size: size)
        #expect(screen.wantsTicks)
        #expect(!tick(screen).isPresent, "not yet half a second: no sheet")
        clock.now += .milliseconds(600)
        let sheet = tick(screen)
        #expect(sheet.isPresent, "the progress sheet")
        #expect(screen.wantsTicks, "still waiting under the sheet")
        #expect(!tick(screen).isPresent && !tick(screen).isPresent, "one sheet only")
        screen.finish()
        _ = tick(screen)
        #expect(!screen.wantsTicks)
        let shown = lines(of: screen, size: size)
        #expect(shown.hasLine(startingWith: " Cherry") && !shown.hasLine(startingWith: " apple"), "the results arrived:\n\(shown.joined(separator: "\n"))")
        #expect(screen.state.focusedRow == IndexPath(row: 0, section: 0), "the focus goes to the first result")
    }

    @Test func cancelOnASlowSearchKeepsTheResultsShownAndTheirText() throws {
        let screen = screen()
        press([.character("/"), .character("c")], on: screen, size: size)
        screen.isSlow = true
        press([.character("x")], on: screen, size: size)
        clock.now += .seconds(1)
        guard case .present(let modal) = tick(screen) else {
            Issue.record("no progress sheet")
            return
        }
        guard case .dismiss(let completion) = modal.handle(.key(.escape), area: Rect(origin: .zero, size: size)) else {
            Issue.record("Esc did not close the sheet")
            return
        }
        _ = completion?()
        #expect(screen.log.last == "cancel")
        #expect(screen.searchController?.text == "c", "the field goes back to the text of the results shown")
        #expect(!screen.wantsTicks)
        #expect(lines(of: screen, size: size).hasLine(startingWith: " Cherry"))
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

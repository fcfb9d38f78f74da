import Foundation
import TableKit
import Testing

// The code of the DocC articles, compiled here as the articles show it: each ```swift block of
// an article below appears in this file verbatim (or, for an app's main file, in one of the
// examples the package builds), and `everyBlockOfEveryArticleIsCompiled` holds them together.
// The tests run the snippets and read what they draw, and an article's drawings (its code
// blocks that name no language) must be what the code draws.

// MARK: Tables and Cells

@MainActor
func earthFacts() -> TableViewController {
    let facts = StaticTableDataSource([
        TableSection(header: "Earth", footer: "The third planet from the Sun.", cells: [
            TableViewCell(text: "Blue Marble"),
            TableViewCell(style: .value1, text: "Moons", detailText: "1"),
            TableViewCell(style: .value2, text: "year", detailText: "365 days"),
            TableViewCell(style: .subtitle, text: "Atmosphere", detailText: "Nitrogen, oxygen",
                          accessory: .disclosureIndicator),
        ]),
    ])
    return TableViewController(title: "Earth", style: .grouped, dataSource: facts)
}

struct Countdown: TableViewDataSource {
    var start = 10

    func numberOfRows(inSection section: Int) -> Int { start }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        let number = start - indexPath.row
        return TableViewCell(text: "\(number)", accessory: number == 1 ? .checkmark : .none)
    }
}

// MARK: Sections and the Index

struct Composer {
    let name: String
    let born: Int
}

@MainActor
func composerList(_ composers: [Composer]) -> TableViewController {
    let sections = IndexedSections(composers, title: \.name) { composer in
        TableViewCell(style: .value1, text: composer.name, detailText: String(composer.born))
    }
    return TableViewController(title: "Composers", dataSource: sections)
}

func sectionsOfTitles() -> [Int] {
    let collation = Collation.english
    return [
        collation.section(for: "Éclair"),     // 4: accents and case are ignored, so E
        collation.section(for: "1812"),       // Collation.otherSection (26): #, last
    ]
}

struct Planets: TableViewDataSource {
    let inner = ["Mercury", "Venus", "Earth", "Mars"]
    let outer = ["Jupiter", "Saturn", "Uranus", "Neptune"]

    func numberOfSections() -> Int { 2 }
    func numberOfRows(inSection section: Int) -> Int { section == 0 ? inner.count : outer.count }
    func cell(for indexPath: IndexPath) -> TableViewCell {
        TableViewCell(text: (indexPath.section == 0 ? inner : outer)[indexPath.row])
    }
    func titleForHeader(inSection section: Int) -> String? { section == 0 ? "Inner" : "Outer" }
    func sectionIndexTitles() -> [String]? { ["I", "O"] }
}

// MARK: Selection and Accessories

final class SoundSettings: TableViewController, TableViewDelegate {
    let tones = ["Marimba", "Radar", "Chimes"]
    var tone = "Marimba"
    var vibrates = true
    var openedHaptics = false

    init() {
        super.init(title: "Sounds", style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        reload()
        selectRow(at: IndexPath(row: 0, section: 0))
    }

    func reload() {
        dataSource = StaticTableDataSource([
            TableSection(header: "Ringtone", selectionMode: .radio(.trailing),
                         cells: tones.map { TableViewCell(text: $0) }),
            TableSection(selectionMode: .single, cells: [
                TableViewCell(text: "Vibrate", accessory: .switch(vibrates)),
                TableViewCell(text: "Haptics", accessory: .detailButton),
            ]),
        ])
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        if indexPath.section == 0 { tone = tones[indexPath.row] }
        return .handled
    }

    func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        vibrates = isOn
        reload()
        return .handled
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        openedHaptics = true
        return .handled
    }
}

// MARK: Search

struct Book {
    let title: String
    let author: String
}

final class BookList: TableViewController, SearchResultsUpdating {
    let all: IndexedSections<Book>

    init(_ books: [Book]) {
        all = IndexedSections(books, title: \.title) { book in
            TableViewCell(style: .subtitle, text: book.title, detailText: book.author)
        }
        super.init(title: "Books", dataSource: all)
        let search = SearchController(placeholder: "Search Books")
        search.scopeButtonTitles = ["Title", "Author"]
        search.searchResultsUpdater = self
        searchController = search
    }

    func updateSearchResults(for searchController: SearchController) -> SearchUpdate {
        let text = searchController.text
        let byAuthor = searchController.selectedScopeButtonIndex == 1
        let books = all.items.filter { book in
            text.isEmpty || (byAuthor ? book.author : book.title).localizedStandardContains(text)
        }
        dataSource = IndexedSections(books, title: \.title) { book in
            TableViewCell(style: .subtitle, text: book.title, detailText: book.author)
        }
        return .shown
    }

    func didDismissSearch(_ searchController: SearchController) {
        dataSource = all
    }
}

// MARK: Swipe Menus

final class Inbox: TableViewController, TableViewDelegate {
    struct Mail: TableViewDataSource {
        var subjects = ["Lunch?", "Invoice", "Holiday photos"]
        var unread: Set<String> = ["Invoice"]

        func numberOfRows(inSection section: Int) -> Int { subjects.count }
        func cell(for indexPath: IndexPath) -> TableViewCell {
            let subject = subjects[indexPath.row]
            return TableViewCell(text: (unread.contains(subject) ? "● " : "  ") + subject)
        }
    }

    var mail = Mail() { didSet { dataSource = mail } }

    init() {
        super.init(title: "Inbox", dataSource: Mail())
        delegate = self
    }

    func tableView(_ tableView: TableViewController,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let subject = mail.subjects[indexPath.row]
        let isUnread = mail.unread.contains(subject)
        return SwipeActionsConfiguration(actions: [
            ContextualAction(title: isUnread ? "Read" : "Unread", image: "✉") { [unowned self] _ in
                if isUnread { mail.unread.remove(subject) } else { mail.unread.insert(subject) }
                return .handled
            },
        ])
    }

    func tableView(_ tableView: TableViewController,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] indexPath in
            mail.subjects.remove(at: indexPath.row)
            return .handled
        }
        let flag = ContextualAction(title: "Flag", key: "g") { _ in .handled }
        return SwipeActionsConfiguration(actions: [delete, flag])
    }
}

// MARK: Forms and Keyboard Types

final class ProfileSaver: FormEditorDelegate {
    var saved: [String: String] = [:]

    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult {
        saved = values
        return .saved(.pop)
    }
}

@MainActor
func profileForm(saver: ProfileSaver) -> FormEditor {
    var name = TextInputTraits(autocapitalizationType: .words)
    name.isRequired = true
    var age = TextInputTraits(keyboardType: .numberPad)
    age.range = 0 ... 150
    var email = TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none)
    email.clearButtonMode = .whileEditing
    let form = FormEditor(title: "Profile", sections: [
        FormSection(header: "About You", fields: [
            FormField(key: "name", label: "Name", placeholder: "Ann Smith", traits: name),
            FormField(key: "age", label: "Age", traits: age),
            FormField(key: "email", label: "Email", traits: email),
        ]),
        FormSection(fields: [
            FormField(key: "code", label: "Member", validate: { $0.hasPrefix("M-") ? nil : "must start with M-" }),
            FormField(key: "news", label: "Newsletter", kind: .toggle),
        ]),
    ], values: ["name": "Ann", "age": "41", "email": "ann@example.com", "code": "M-7", "news": "true"])
    form.formDelegate = saver
    return form
}

// MARK: Pickers and Controls

func pickerExamples() -> [String] {
    var sizes = PickerView(components: [
        PickerComponent(["Small", "Medium", "Large"]),
        PickerComponent(["Tea", "Coffee"], isEndless: true),
    ])
    let change = sizes.handle(.down)                  // PickerChange(component: 0, row: 1)
    sizes.selectRow(1, inComponent: 1)                // in code: reports nothing

    var volume = Slider(value: 5, in: 0 ... 10)
    _ = volume.move(.stepUp)                          // 6
    _ = volume.move(.maximum)                         // 10

    var view = SegmentedControl(segments: ["Day", "Week", "Month"])
    view.selectedSegmentIndex = 2

    return ["\(change?.row ?? -1)", "\(sizes.selectedRows)", Slider.text(of: volume.value), view.segments[view.selectedSegmentIndex]]
}

@MainActor
func releaseDateScreen(onSave: @escaping (Date) -> Void) -> DatePickerController {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let start = calendar.date(from: DateComponents(year: 2013, month: 6, day: 18)) ?? Date()
    let configuration = DatePicker.Configuration(mode: .date, calendar: calendar)
    let picker = DatePicker(configuration: configuration, date: start)
    return DatePickerController(title: "Released", datePicker: picker) { picker in
        onSave(picker.date)
    }
}

final class Ticket: Screen {
    let title = "Ticket"
    var zoom = SegmentedControl(segments: ["Small", "Large"])

    var titleControl: SegmentedControl? { zoom }

    func titleControlTapped(segment: Int) -> ScreenResponse {
        zoom.selectedSegmentIndex = segment
        return .handled
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let text = zoom.selectedSegmentIndex == 0 ? "Row 12, seat 4" : "ROW 12 · SEAT 4"
        canvas.draw(text, at: area.origin, style: .plain, clip: area)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse { .ignored }
}

// MARK: Navigation and Modals

final class NotesList: TableViewController, TableViewDelegate {
    var notes = ["Groceries", "Ideas"] { didSet { dataSource = StaticTableDataSource(cells: notes.map { TableViewCell(text: $0) }) } }
    /// The note deleted last, for an Undo.
    var lastDeleted: String?

    init() {
        super.init(title: "Notes", dataSource: StaticTableDataSource(cells: []))
        delegate = self
        notes = notes + []
    }

    override var rightBarButtonItems: [BarButtonItem] {
        [BarButtonItem(system: .add, id: "add", key: .character("+"))]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == "add" else { return super.barButtonTapped(id, area: area) }
        notes.append("Note \(notes.count + 1)")
        return .handled
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        let note = notes[indexPath.row]
        var alert = Alert(title: "Delete “\(note)”?", style: .actionSheet)
        alert.addAction(AlertAction(title: "Delete", style: .destructive, key: .character("d")) { [unowned self] in
            notes.removeAll { $0 == note }
            lastDeleted = note
        })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: alert))
    }
}

@MainActor
func notesApp() -> RootController {
    let tabs = TabBarController(tabs: [
        TabBarController.Tab(item: TabBarItem(title: "Notes"), root: NotesList()),
        TabBarController.Tab(item: TabBarItem(title: "Earth"), root: earthFacts()),
    ])
    return RootController(content: tabs)
}

@MainActor
func versionNotice() -> AlertController {
    AlertController.notice(title: "Version", message: "Notes 1.2")
}

@MainActor
func notSaved(reason: String, retry: @escaping @MainActor () -> Void) -> AlertController {
    var alert = Alert(title: "Not Saved", message: reason)
    alert.addAction(AlertAction(title: "Try Again", key: .character("t"), handler: retry))
    alert.addAction(.ok)
    return AlertController(alert: alert)
}

// MARK: Running an App

@MainActor
func snapshotLines(of screen: any Screen, size: Size, keys: [Key] = []) -> [String] {
    let root = RootController(content: NavigationController(root: screen), size: size)
    for key in keys { _ = root.handle(.key(key)) }
    return root.render(context: RenderContext()).lines
}

@Test @MainActor func earthShowsItsFacts() {
    let lines = snapshotLines(of: earthFacts(), size: Size(width: 30, height: 8))
    #expect(lines[4] == " │ Moons                  1 │ ")
    #expect(lines[5] == " │     year 365 days        │ ")
}

// MARK: - The tests

@MainActor
@Suite("The articles' code compiles, runs, and is the code the articles show")
struct ArticleSnippetsTests {
    nonisolated static let articles = [
        "TablesAndCells", "SectionsAndTheIndex", "SelectionAndAccessories", "SearchingATable", "SwipeMenus",
        "FormsAndKeyboardTypes", "PickersAndControls", "NavigationAndModals", "RunningAnApp",
    ]

    /// The ```swift blocks of a Markdown text, each without its fences.
    static func swiftBlocks(of markdown: String) -> [String] { blocks(of: markdown, language: "swift") }

    /// The code blocks of a Markdown text whose opening fence names `language` ("" for the
    /// blocks that name none: the drawings), each without its fences.
    static func blocks(of markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var isWanted = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("```") {
                current = []
                isWanted = trimmed == "```" + language
            } else if let lines = current, trimmed == "```" {
                if isWanted { blocks.append(lines.joined(separator: "\n")) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Expects the drawing at `index` among `article`'s drawings to be `lines`, in a run.
    static func expectDrawing(_ index: Int, of article: String, in lines: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = packageRoot.appendingPathComponent("Sources/TableKit/TableKit.docc/\(article).md")
        let drawings = blocks(of: try String(contentsOf: url, encoding: .utf8), language: "")
        guard index < drawings.count else {
            Issue.record("\(article).md has no drawing \(index)", sourceLocation: sourceLocation)
            return
        }
        let drawing = trimmed(drawings[index].components(separatedBy: "\n"))
        let shown = trimmed(lines)
        let found = shown.count >= drawing.count
            && (0 ... shown.count - drawing.count).contains { Array(shown[$0 ..< $0 + drawing.count]) == drawing }
        #expect(found, "\(article).md's drawing \(index) is not what the code draws:\n\(shown.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theBlockFinderFindsBlocks() {
        let markdown = "Text\n\n```swift\nlet a = 1\n\nlet b = 2\n```\n\n```sh\nls\n```\n```swift\nx()\n```\n```\n ab\n```\n"
        #expect(Self.swiftBlocks(of: markdown) == ["let a = 1\n\nlet b = 2", "x()"])
        #expect(Self.blocks(of: markdown, language: "") == [" ab"])
    }

    @Test(arguments: articles)
    func everyBlockOfEveryArticleIsCompiled(article: String) throws {
        let catalog = Self.packageRoot.appendingPathComponent("Sources/TableKit/TableKit.docc")
        let markdown = try String(contentsOf: catalog.appendingPathComponent(article + ".md"), encoding: .utf8)
        let compiled = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let examples = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Examples").path)
            .map { try String(contentsOf: Self.packageRoot.appendingPathComponent("Examples/\($0)/main.swift"), encoding: .utf8) }
            // The code that needs TableKitTerminal is compiled and run in a file of its own.
            + [try String(contentsOf: Self.packageRoot.appendingPathComponent("Tests/TableKitAPITests/ArticleTerminalSnippetsTests.swift"), encoding: .utf8)]
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(!blocks.isEmpty, "\(article) has no swift block")
        for block in blocks {
            #expect(compiled.contains(block) || examples.contains { $0.contains(block) },
                    "A block of \(article).md is neither in ArticleSnippetsTests.swift, ArticleTerminalSnippetsTests.swift nor an example:\n\(block)")
        }
        let catalogPage = try String(contentsOf: catalog.appendingPathComponent("TableKit.md"), encoding: .utf8)
        #expect(catalogPage.contains("<doc:\(article)>"), "TableKit.md's topics list \(article)")
    }

    /// Lines with their trailing spaces trimmed.
    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func tablesAndCells() throws {
        let shown = Self.trimmed(snapshotLines(of: earthFacts(), size: Size(width: 40, height: 10)))
        try Self.expectDrawing(0, of: "TablesAndCells", in: shown)
        #expect(Array(shown[1 ... 8]) == [
            "   EARTH",
            " ╭────────────────────────────────────╮",
            " │ Blue Marble                        │",
            " │ Moons                            1 │",
            " │        year 365 days               │",
            " │ Atmosphere                       › │",
            " │ Nitrogen, oxygen                   │",
            " ╰────────────────────────────────────╯",
        ])
        let countdown = Self.trimmed(snapshotLines(of: TableViewController(title: "Launch", dataSource: Countdown(start: 3)), size: Size(width: 20, height: 8)))
        #expect(Array(countdown[1 ... 3]) == [" 3", " 2", " 1                ✓"])
    }

    @Test func sectionsAndTheIndex() throws {
        let composers = [Composer(name: "Bach", born: 1685), Composer(name: "Élgar", born: 1857), Composer(name: "albéniz", born: 1860)]
        let shown = snapshotLines(of: composerList(composers), size: Size(width: 30, height: 8))
        try Self.expectDrawing(0, of: "SectionsAndTheIndex", in: shown)
        #expect(Array(shown[1 ... 6]) == [
            " A                           A",
            " albéniz               1860  •",
            " B                           K",
            " Bach                  1685  •",
            " E                           Z",
            " Élgar                 1857  #",
        ])
        #expect(sectionsOfTitles() == [4, Collation.otherSection])
        let planets = TableViewController(title: "Planets", dataSource: Planets())
        let jumped = snapshotLines(of: planets, size: Size(width: 30, height: 8), keys: [.tab, .down, .enter])
        #expect(jumped[3].hasSuffix("I") && jumped[4].hasSuffix("O"), "the index lists the titles the data source gives")
        #expect(jumped[3].hasPrefix(" Jupiter"), "the index jumped to Outer")
    }

    @Test func selectionAndAccessories() throws {
        let sounds = SoundSettings()
        let shown = Self.trimmed(snapshotLines(of: sounds, size: Size(width: 30, height: 12),
                                               keys: [.down, .space, .down, .down, .space, .down, .character("i"), .enter]))
        #expect(Array(shown[3 ... 5]) == [" │ Marimba                  │", " │ Radar                  ✓ │", " │ Chimes                   │"])
        try Self.expectDrawing(0, of: "SelectionAndAccessories", in: shown)
        #expect(Array(shown[9 ... 10]) == [" │ Vibrate             [○ ] │", " │ Haptics                ⓘ │"])
        #expect(sounds.tone == "Radar" && !sounds.vibrates && sounds.openedHaptics)
        // Enter on Haptics selects it in its own section; Radar keeps its check.
        #expect(sounds.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 1, section: 1)])
    }

    @Test func searchingATable() throws {
        let books = BookList([Book(title: "Emma", author: "Jane Austen"), Book(title: "Persuasion", author: "Jane Austen"),
                              Book(title: "Dracula", author: "Bram Stoker")])
        let byTitle = Self.trimmed(snapshotLines(of: books, size: Size(width: 30, height: 10), keys: [.character("/"), .character("a"), .character("u")]))
        #expect(byTitle[2] == "      ◖ Title │ Author )")
        #expect(!byTitle.contains(" Emma"))
        let byAuthor = Self.trimmed(snapshotLines(of: books, size: Size(width: 30, height: 10), keys: [.tab]))
        #expect(byAuthor[2] == "      ( Title │ Author ◗")
        try Self.expectDrawing(0, of: "SearchingATable", in: byAuthor)
        #expect(byAuthor.filter { $0.hasPrefix(" Emma") || $0.hasPrefix(" Persuasion") }.count == 2)
        #expect(!byAuthor.contains { $0.hasPrefix(" Dracula") })
        _ = snapshotLines(of: books, size: Size(width: 30, height: 10), keys: [.escape])
        #expect(books.dataSource.numberOfSections() == 3, "Esc brings every book back")
    }

    @Test func swipeMenus() {
        let inbox = Inbox()
        inbox.animatesSwipeMenus = false
        let open = Self.trimmed(snapshotLines(of: inbox, size: Size(width: 40, height: 8), keys: [.down, .shiftRight]))
        #expect(open[2].hasSuffix("✉ Read") && !open[2].contains("Invoice"))
        _ = snapshotLines(of: inbox, size: Size(width: 40, height: 8), keys: [.character("r")])
        #expect(inbox.mail.unread.isEmpty, "Read marked the mail read")
        let trailing = Self.trimmed(snapshotLines(of: inbox, size: Size(width: 40, height: 8), keys: [.shiftLeft]))
        #expect(trailing[2].range(of: "Flag").map { trailing[2][$0.upperBound...].contains("Delete") } == true, "Delete, first, is outermost")
        _ = snapshotLines(of: inbox, size: Size(width: 40, height: 8), keys: [.character("d")])
        #expect(inbox.mail.subjects == ["Lunch?", "Holiday photos"])
    }

    @Test func formsAndKeyboardTypes() throws {
        let saver = ProfileSaver()
        let form = profileForm(saver: saver)
        let navigation = NavigationController(root: earthFacts())
        let root = RootController(content: navigation, size: Size(width: 50, height: 16))
        navigation.push(form)
        let shown = Self.trimmed(root.render(context: RenderContext()).lines)
        try Self.expectDrawing(0, of: "FormsAndKeyboardTypes", in: shown)
        for key: Key in [.down, .character("x")] { _ = root.handle(.key(key)) }
        #expect(form.values["age"] == "41", "a number pad refuses a letter")
        #expect(Self.trimmed(root.render(context: RenderContext()).lines)[15] == " Age takes digits only")
        for key: Key in [.backspace, .backspace, .character("2"), .character("0"), .character("0"), .control("s")] { _ = root.handle(.key(key)) }
        #expect(saver.saved.isEmpty, "200 is out of the range")
        let refused = Self.trimmed(root.render(context: RenderContext()).lines)
        #expect(refused[5] == " │ Age must be from 0 to 150                    │")
        #expect(refused[15] == " 1 field needs attention: nothing was saved")
        for key: Key in [.backspace, .control("s")] { _ = root.handle(.key(key)) }
        #expect(saver.saved["age"] == "20" && saver.saved["news"] == "true")
    }

    @Test func pickersAndControls() throws {
        #expect(pickerExamples() == ["1", "[1, 1]", "10", "Month"])
        var saved: Date?
        let screen = releaseDateScreen { saved = $0 }
        let shown = Self.trimmed(snapshotLines(of: screen, size: Size(width: 40, height: 12), keys: [.down, .enter]))
        #expect(shown[3] == " │ Released             July 18, 2013 │")
        try Self.expectDrawing(0, of: "PickersAndControls", in: shown)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        #expect(saved == calendar.date(from: DateComponents(year: 2013, month: 7, day: 18)))
        let ticket = Ticket()
        let root = RootController(content: NavigationController(root: ticket), size: Size(width: 30, height: 8))
        #expect(Array(Self.trimmed(root.render(context: RenderContext()).lines)[0 ... 1]) == ["      ◖ Small │ Large )", "Row 12, seat 4"])
        _ = ticket.titleControlTapped(segment: 1)
        #expect(Array(Self.trimmed(root.render(context: RenderContext()).lines)[0 ... 1]) == ["      ( Small │ Large ◗", "ROW 12 · SEAT 4"])
    }

    @Test func navigationAndModals() throws {
        let app = notesApp()
        for key: Key in [.character("+"), .enter] { _ = app.handle(.key(key)) }
        let shown = Self.trimmed(app.render(context: RenderContext()).lines)
        #expect(shown[0].hasSuffix("Notes                                 + (+)"))
        #expect(shown[3] == " Note 3")
        #expect(shown.contains { $0.contains("│    Delete “Groceries”?     │") })
        try Self.expectDrawing(0, of: "NavigationAndModals", in: shown)
        _ = app.handle(.key(.character("d")))
        let after = Self.trimmed(app.render(context: RenderContext()).lines)
        #expect(Array(after[1 ... 2]) == [" Ideas", " Note 3"])
        _ = app.handle(.key(.character("2")))
        #expect(Self.trimmed(app.render(context: RenderContext()).lines)[0].hasSuffix("Earth"))
    }

    @Test func anAlertThatOnlyTells() {
        let area = Rect(x: 0, y: 0, width: 40, height: 10)
        let notice = versionNotice()
        var canvas = Canvas(size: area.size)
        notice.render(into: &canvas, area: area, context: RenderContext())
        #expect(canvas.text.contains("Version") && canvas.text.contains("Notes 1.2") && canvas.text.contains("OK"))
        #expect(notice.alert.actions.map(\.title) == ["OK"] && notice.alert.actions[0].style == .cancel)
        var retried = 0
        let notSaved = notSaved(reason: "The disk is full.") { retried += 1 }
        #expect(notSaved.alert.actions.map(\.title) == ["Try Again", "OK"], "OK comes after the other choices")
        #expect(notSaved.alert.actions.last?.style == .cancel, "Esc chooses OK")
        _ = notSaved.alert.actions[0].handler?()
        #expect(retried == 1)
    }
}

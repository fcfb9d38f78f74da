import Foundation
import TableKit
import Testing

// Issue 38, item 4: no silent override. A protocol requirement that an `open` class takes
// from the protocol's extension is chosen once for the class, so a subclass's own member of
// that name compiles without `override` and is never called through the protocol (a
// `TextViewController` subclass's `hasUnsavedChanges` would not stop a quit). Each test here
// subclasses one open class and overrides every requirement the class lets it override —
// with `override`, so a requirement the class left to the extension does not compile — then
// calls each requirement through the protocol and checks the override answered.
//
// The requirements are read from the protocol's declaration in the sources, so a requirement
// added to the protocol fails the test until it is called here, and so overridden.

/// Records which overrides were called, in the order they returned.
@MainActor
private final class CallLog {
    private(set) var names: [String] = []

    /// Records `name` and hands `value` (the superclass's answer) back.
    func callAsFunction<Value>(_ name: String, _ value: Value) -> Value {
        names.append(name)
        return value
    }

    func removeAll() { names.removeAll() }
}

// MARK: The subclasses

private final class RecordingTextViewController: TextViewController {
    let log = CallLog()

    override var title: String {
        get { log(#function, super.title) }
        set { super.title = newValue }
    }
    override var navigationTitle: String { log(#function, super.navigationTitle) }
    override var backButtonTitle: String? { log(#function, super.backButtonTitle) }
    override var prompt: String? { log(#function, super.prompt) }
    override var titleControl: SegmentedControl? { log(#function, super.titleControl) }
    override func titleControlTapped(segment: Int) -> ScreenResponse { log(#function, super.titleControlTapped(segment: segment)) }
    override var leftBarButtonItems: [BarButtonItem] { log(#function, super.leftBarButtonItems) }
    override var rightBarButtonItems: [BarButtonItem] { log(#function, super.rightBarButtonItems) }
    override var toolbarItems: [BarButtonItem] { log(#function, super.toolbarItems) }
    override var tabBarItem: TabBarItem? { log(#function, super.tabBarItem) }
    override func viewWillAppear() { log(#function, super.viewWillAppear()) }
    override func viewDidDisappear() { log(#function, super.viewDidDisappear()) }
    override func layout(for size: Size) { log(#function, super.layout(for: size)) }
    override func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        log(#function, super.render(into: &canvas, area: area, context: context))
    }
    override func handle(_ event: Event, area: Rect) -> ScreenResponse { log(#function, super.handle(event, area: area)) }
    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        log(#function, super.barButtonTapped(id, area: area))
    }
    override func shouldPop(confirm: @escaping () -> Void) -> PopDecision { log(#function, super.shouldPop(confirm: confirm)) }
    override var keyHelp: [KeyHint] { log(#function, super.keyHelp) }
    override var keyHints: [KeyHint] { log(#function, super.keyHints) }
    override var wantsTicks: Bool { log(#function, super.wantsTicks) }
    override var capturesTextInput: Bool { log(#function, super.capturesTextInput) }
    override var hasUnsavedChanges: Bool { log(#function, true) }
    override var savingDescription: String? { log(#function, "Saving to a test") }
    override var statusMessage: String? { log(#function, super.statusMessage) }
    override var defersEvents: Bool { log(#function, super.defersEvents) }
    override func defers(_ event: Event) -> Bool { log(#function, super.defers(event)) }
}

private final class RecordingDatePickerController: DatePickerController {
    let log = CallLog()

    override var navigationTitle: String { log(#function, super.navigationTitle) }
    override var backButtonTitle: String? { log(#function, super.backButtonTitle) }
    override var prompt: String? { log(#function, super.prompt) }
    override var titleControl: SegmentedControl? { log(#function, super.titleControl) }
    override func titleControlTapped(segment: Int) -> ScreenResponse { log(#function, super.titleControlTapped(segment: segment)) }
    override var leftBarButtonItems: [BarButtonItem] { log(#function, super.leftBarButtonItems) }
    override var rightBarButtonItems: [BarButtonItem] { log(#function, super.rightBarButtonItems) }
    override var toolbarItems: [BarButtonItem] { log(#function, super.toolbarItems) }
    override var tabBarItem: TabBarItem? { log(#function, super.tabBarItem) }
    override func viewWillAppear() { log(#function, super.viewWillAppear()) }
    override func viewDidDisappear() { log(#function, super.viewDidDisappear()) }
    override func layout(for size: Size) { log(#function, super.layout(for: size)) }
    override func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        log(#function, super.render(into: &canvas, area: area, context: context))
    }
    override func handle(_ event: Event, area: Rect) -> ScreenResponse { log(#function, super.handle(event, area: area)) }
    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        log(#function, super.barButtonTapped(id, area: area))
    }
    override func shouldPop(confirm: @escaping () -> Void) -> PopDecision { log(#function, super.shouldPop(confirm: confirm)) }
    override var keyHelp: [KeyHint] { log(#function, super.keyHelp) }
    override var keyHints: [KeyHint] { log(#function, super.keyHints) }
    override var wantsTicks: Bool { log(#function, super.wantsTicks) }
    override var capturesTextInput: Bool { log(#function, super.capturesTextInput) }
    override var hasUnsavedChanges: Bool { log(#function, true) }
    override var savingDescription: String? { log(#function, "Saving to a test") }
    override var statusMessage: String? { log(#function, super.statusMessage) }
    override var defersEvents: Bool { log(#function, super.defersEvents) }
    override func defers(_ event: Event) -> Bool { log(#function, super.defers(event)) }
}

private final class RecordingTableViewController: TableViewController {
    let log = CallLog()

    override var title: String {
        get { log(#function, super.title) }
        set { super.title = newValue }
    }
    override var navigationTitle: String { log(#function, super.navigationTitle) }
    override var backButtonTitle: String? { log(#function, super.backButtonTitle) }
    override var prompt: String? { log(#function, super.prompt) }
    override var leftBarButtonItems: [BarButtonItem] { log(#function, super.leftBarButtonItems) }
    override var rightBarButtonItems: [BarButtonItem] { log(#function, super.rightBarButtonItems) }
    override var toolbarItems: [BarButtonItem] { log(#function, super.toolbarItems) }
    override func viewWillAppear() { log(#function, super.viewWillAppear()) }
    override func viewDidDisappear() { log(#function, super.viewDidDisappear()) }
    override func layout(for size: Size) { log(#function, super.layout(for: size)) }
    override func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        log(#function, super.render(into: &canvas, area: area, context: context))
    }
    override func handle(_ event: Event, area: Rect) -> ScreenResponse { log(#function, super.handle(event, area: area)) }
    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        log(#function, super.barButtonTapped(id, area: area))
    }
    override func shouldPop(confirm: @escaping () -> Void) -> PopDecision { log(#function, super.shouldPop(confirm: confirm)) }
    override var keyHelp: [KeyHint] { log(#function, super.keyHelp) }
    override var keyHints: [KeyHint] { log(#function, super.keyHints) }
    override var wantsTicks: Bool { log(#function, super.wantsTicks) }
    override var capturesTextInput: Bool { log(#function, super.capturesTextInput) }
    override var hasUnsavedChanges: Bool { log(#function, true) }
    override var savingDescription: String? { log(#function, "Saving to a test") }
    override var statusMessage: String? { log(#function, super.statusMessage) }
    override var defersEvents: Bool { log(#function, super.defersEvents) }
    override func defers(_ event: Event) -> Bool { log(#function, super.defers(event)) }
}

/// Every `TableViewDelegate` method of the form, overridden. (Its `Screen` members are
/// `TableViewController`'s, which the test of that class covers.)
private final class RecordingFormEditor: FormEditor {
    let log = CallLog()

    override func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        log(#function, super.tableView(tableView, shouldHighlightRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log(#function, super.tableView(tableView, willSelectRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        log(#function, super.tableView(tableView, didSelectRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {
        log(#function, super.tableView(tableView, didDeselectRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        log(#function, super.tableView(tableView, accessoryButtonTappedForRowWith: indexPath))
    }
    override func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        log(#function, super.tableView(tableView, customAccessoryTappedForRowWith: indexPath))
    }
    override func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) {
        log(#function, super.tableView(tableView, didFocusRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        log(#function, super.tableView(tableView, canPerformPrimaryActionForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, performPrimaryActionForRowAt indexPath: IndexPath) -> ScreenResponse {
        log(#function, super.tableView(tableView, performPrimaryActionForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse {
        log(#function, super.tableView(tableView, didChangeSwitchAt: indexPath, to: isOn))
    }
    override func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse {
        log(#function, super.tableView(tableView, didChangeSliderAt: indexPath, to: value))
    }
    override func tableView(_ tableView: TableViewController,
                            leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        log(#function, super.tableView(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        log(#function, super.tableView(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        log(#function, super.tableView(tableView, editingStyleForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
        log(#function, super.tableView(tableView, titleForDeleteConfirmationButtonForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? {
        log(#function, super.tableView(tableView, insertActionForRowAt: indexPath))
    }
    override func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                            toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        log(#function, super.tableView(tableView, targetIndexPathForMoveFromRowAt: sourceIndexPath, toProposedIndexPath: proposedDestinationIndexPath))
    }
}

private final class RecordingDiffableDataSource: TableViewDiffableDataSource<String, String> {
    let log = CallLog()

    override func titleForHeader(inSection section: Int) -> String? { log(#function, super.titleForHeader(inSection: section)) }
    override func titleForFooter(inSection section: Int) -> String? { log(#function, super.titleForFooter(inSection: section)) }
    override func sectionIndexTitles() -> [String]? { log(#function, super.sectionIndexTitles()) }
    override func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        log(#function, super.section(forSectionIndexTitle: title, at: index))
    }
    override func selectionMode(forSection section: Int) -> SelectionMode? { log(#function, super.selectionMode(forSection: section)) }
    override func canEditRow(at indexPath: IndexPath) -> Bool { log(#function, super.canEditRow(at: indexPath)) }
    override func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        log(#function, super.commit(editingStyle, forRowAt: indexPath))
    }
    override func canMoveRow(at indexPath: IndexPath) -> Bool { log(#function, super.canMoveRow(at: indexPath)) }
    override func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log(#function, super.moveRow(at: sourceIndexPath, to: destinationIndexPath))
    }
}

// MARK: The requirements, called through the protocols

@MainActor
private enum Requirements {
    static let area = Rect(origin: .zero, size: Size(width: 30, height: 12))
    static let row = IndexPath(row: 0, section: 0)

    /// Each `Screen` requirement, by the name `#function` gives it, called through the protocol.
    static let screen: [String: @MainActor (any Screen) -> Void] = [
        "title": { _ = $0.title },
        "navigationTitle": { _ = $0.navigationTitle },
        "backButtonTitle": { _ = $0.backButtonTitle },
        "prompt": { _ = $0.prompt },
        "titleControl": { _ = $0.titleControl },
        "titleControlTapped(segment:)": { _ = $0.titleControlTapped(segment: 0) },
        "leftBarButtonItems": { _ = $0.leftBarButtonItems },
        "rightBarButtonItems": { _ = $0.rightBarButtonItems },
        "toolbarItems": { _ = $0.toolbarItems },
        "tabBarItem": { _ = $0.tabBarItem },
        "viewWillAppear()": { $0.viewWillAppear() },
        "viewDidDisappear()": { $0.viewDidDisappear() },
        "layout(for:)": { $0.layout(for: area.size) },
        "render(into:area:context:)": { screen in
            var canvas = Canvas(size: area.size)
            screen.render(into: &canvas, area: area, context: RenderContext())
        },
        "handle(_:area:)": { _ = $0.handle(.tick, area: area) },
        "barButtonTapped(_:area:)": { _ = $0.barButtonTapped("nothing", area: area) },
        "shouldPop(confirm:)": { _ = $0.shouldPop(confirm: {}) },
        "keyHelp": { _ = $0.keyHelp },
        "keyHints": { _ = $0.keyHints },
        "wantsTicks": { _ = $0.wantsTicks },
        "capturesTextInput": { _ = $0.capturesTextInput },
        "hasUnsavedChanges": { _ = $0.hasUnsavedChanges },
        "savingDescription": { _ = $0.savingDescription },
        "statusMessage": { _ = $0.statusMessage },
        "defersEvents": { _ = $0.defersEvents },
        "defers(_:)": { _ = $0.defers(.tick) },
    ]

    /// Each `TableViewDataSource` requirement, called through the protocol.
    static let dataSource: [String: @MainActor (inout any TableViewDataSource) -> Void] = [
        "numberOfSections()": { _ = $0.numberOfSections() },
        "numberOfRows(inSection:)": { _ = $0.numberOfRows(inSection: 0) },
        "cell(for:)": { _ = $0.cell(for: row) },
        "titleForHeader(inSection:)": { _ = $0.titleForHeader(inSection: 0) },
        "titleForFooter(inSection:)": { _ = $0.titleForFooter(inSection: 0) },
        "sectionIndexTitles()": { _ = $0.sectionIndexTitles() },
        "section(forSectionIndexTitle:at:)": { _ = $0.section(forSectionIndexTitle: "A", at: 0) },
        "selectionMode(forSection:)": { _ = $0.selectionMode(forSection: 0) },
        "itemIdentifier(for:)": { _ = $0.itemIdentifier(for: row) },
        "canEditRow(at:)": { _ = $0.canEditRow(at: row) },
        "commit(_:forRowAt:)": { $0.commit(.delete, forRowAt: row) },
        "canMoveRow(at:)": { _ = $0.canMoveRow(at: row) },
        "moveRow(at:to:)": { $0.moveRow(at: row, to: row) },
    ]

    /// Each `TableViewDelegate` requirement, called through the protocol about `table`'s first row.
    static let delegate: [String: @MainActor (any TableViewDelegate, TableViewController) -> Void] = [
        "tableView(_:shouldHighlightRowAt:)": { _ = $0.tableView($1, shouldHighlightRowAt: row) },
        "tableView(_:willSelectRowAt:)": { _ = $0.tableView($1, willSelectRowAt: row) },
        "tableView(_:didSelectRowAt:)": { _ = $0.tableView($1, didSelectRowAt: row) },
        "tableView(_:didDeselectRowAt:)": { $0.tableView($1, didDeselectRowAt: row) },
        "tableView(_:accessoryButtonTappedForRowWith:)": { _ = $0.tableView($1, accessoryButtonTappedForRowWith: row) },
        "tableView(_:customAccessoryTappedForRowWith:)": { _ = $0.tableView($1, customAccessoryTappedForRowWith: row) },
        "tableView(_:didFocusRowAt:)": { $0.tableView($1, didFocusRowAt: row) },
        "tableView(_:canPerformPrimaryActionForRowAt:)": { _ = $0.tableView($1, canPerformPrimaryActionForRowAt: row) },
        "tableView(_:performPrimaryActionForRowAt:)": { _ = $0.tableView($1, performPrimaryActionForRowAt: row) },
        "tableView(_:didChangeSwitchAt:to:)": { _ = $0.tableView($1, didChangeSwitchAt: row, to: true) },
        "tableView(_:didChangeSliderAt:to:)": { _ = $0.tableView($1, didChangeSliderAt: row, to: 0.5) },
        "tableView(_:leadingSwipeActionsConfigurationForRowAt:)": { _ = $0.tableView($1, leadingSwipeActionsConfigurationForRowAt: row) },
        "tableView(_:trailingSwipeActionsConfigurationForRowAt:)": { _ = $0.tableView($1, trailingSwipeActionsConfigurationForRowAt: row) },
        "tableView(_:editingStyleForRowAt:)": { _ = $0.tableView($1, editingStyleForRowAt: row) },
        "tableView(_:titleForDeleteConfirmationButtonForRowAt:)": { _ = $0.tableView($1, titleForDeleteConfirmationButtonForRowAt: row) },
        "tableView(_:insertActionForRowAt:)": { _ = $0.tableView($1, insertActionForRowAt: row) },
        "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)": {
            _ = $0.tableView($1, targetIndexPathForMoveFromRowAt: row, toProposedIndexPath: row)
        },
    ]

    /// The requirements of `protocolName`, as `#function` names them (`layout(for:)`,
    /// `hasUnsavedChanges`), read from its declaration in `file` under Sources/TableKit.
    static func declared(in protocolName: String, file: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent("Sources/TableKit/\(file)"), encoding: .utf8)
        return try #require(requirementNames(of: protocolName, in: source))
    }

    /// The names of the `var` and `func` requirements in the body of `protocol <name>` in
    /// `source` (comment lines left out); `nil` when there is no such protocol. A function's
    /// name carries its argument labels. Parameters are split at the commas outside
    /// parentheses and brackets: a generic parameter list in a requirement would confuse it.
    static func requirementNames(of protocolName: String, in source: String) -> Set<String>? {
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("protocol \(protocolName):") || $0.contains("protocol \(protocolName) {") })
        else { return nil }
        let body = lines[(start + 1)...].prefix { $0 != "}" }
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: " ")
        var names = Set<String>()
        var rest = Substring(body)
        while let keyword = rest.firstRange(where: { $0.hasPrefix("var ") || $0.hasPrefix("func ") }) {
            let isFunction = rest[keyword].hasPrefix("func")
            rest = rest[keyword.upperBound...].drop { $0 == " " }
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            rest = rest.dropFirst(name.count)
            guard isFunction else {
                names.insert(name)
                continue
            }
            let parameters = parameterList(&rest)
            names.insert(name + "(" + parameters.map { label(of: $0) + ":" }.joined() + ")")
        }
        return names
    }

    /// The parameters of the parenthesized list at the start of `rest`, which moves past it.
    private static func parameterList(_ rest: inout Substring) -> [Substring] {
        rest = rest.drop { $0 != "(" }.dropFirst()
        var depth = 0, parameters: [Substring] = [], start = rest.startIndex
        for index in rest.indices {
            switch rest[index] {
            case "(", "[": depth += 1
            case ")" where depth == 0, "," where depth == 0:
                let parameter = rest[start ..< index]
                if !parameter.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(parameter) }
                start = rest.index(after: index)
                if rest[index] == ")" {
                    rest = rest[start...]
                    return parameters
                }
            case ")", "]": depth -= 1
            default: break
            }
        }
        return parameters
    }

    /// The argument label of a parameter (`_ id: Identifier` → `_`, `confirm: …` → `confirm`).
    private static func label(of parameter: Substring) -> String {
        let names = parameter.prefix { $0 != ":" }.split(separator: " ")
        return names.first.map(String.init) ?? ""
    }
}

private extension Substring {
    /// The range of the first word (at the start or after a space or bracket) that `isMatch` accepts.
    func firstRange(where isMatch: (Substring) -> Bool) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            let isWordStart = index == startIndex || " ({[".contains(self[self.index(before: index)])
            if isWordStart, isMatch(self[index...]) {
                let end = self[index...].firstIndex(of: " ") ?? endIndex
                return index ..< end
            }
            index = self.index(after: index)
        }
        return nil
    }
}

// MARK: The tests

@Suite("Open classes: every requirement a subclass overrides is called through the protocol")
@MainActor
struct OpenClassOverridesTests {
    /// Calls each `Screen` requirement of `screen` through the protocol and checks that
    /// `log` says the override answered last (others it calls on the way may answer first);
    /// `fixed` are the requirements the class does not let a subclass override.
    private func expectScreenOverrides(of screen: any Screen, log: CallLog, fixed: Set<String>) throws {
        let declared = try Requirements.declared(in: "Screen", file: "Navigation/Screen.swift")
        #expect(declared.symmetricDifference(Requirements.screen.keys) == [], "Screen requirements the tests do not call, or call by a name they no longer have")
        screen.layout(for: Requirements.area.size)
        for name in declared.subtracting(fixed).sorted() {
            log.removeAll()
            Requirements.screen[name]?(screen)
            #expect(log.names.last == name, "\(name), called through Screen, reached the subclass's override")
        }
    }

    @Test("TextViewController: all 26 Screen requirements are open")
    func textViewController() throws {
        let controller = RecordingTextViewController(title: "Notes", text: "One\nTwo\nThree")
        try expectScreenOverrides(of: controller, log: controller.log, fixed: [])
        let screen: any Screen = controller
        #expect(screen.hasUnsavedChanges, "a subclass with edits is asked before a quit")
    }

    @Test("DatePickerController: every Screen requirement but the title is open")
    func datePickerController() throws {
        let controller = RecordingDatePickerController(title: "Released", datePicker: DatePicker(configuration: .init(mode: .date))) { _ in }
        // The title is a constant given to the initialiser, which also labels the value's row.
        try expectScreenOverrides(of: controller, log: controller.log, fixed: ["title"])
        let screen: any Screen = controller
        #expect(screen.hasUnsavedChanges)
    }

    @Test("TableViewController: every Screen requirement but the title control and the tab bar item is open")
    func tableViewController() throws {
        let controller = RecordingTableViewController(title: "Fruit", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Apple")]))
        // The title control is set through `titleSegmentedControl` and answered through
        // `titleSegmentedControlChanged(to:)`; the tab bar item is a stored property to badge.
        try expectScreenOverrides(of: controller, log: controller.log, fixed: ["titleControl", "titleControlTapped(segment:)", "tabBarItem"])
        let screen: any Screen = controller
        #expect(screen.hasUnsavedChanges)
    }

    @Test("FormEditor: all 17 TableViewDelegate requirements are open")
    func formEditor() throws {
        let form = RecordingFormEditor(title: "Profile", sections: [FormSection(fields: [FormField(key: "name", label: "Name")])])
        let declared = try Requirements.declared(in: "TableViewDelegate", file: "Table/TableViewDelegate.swift")
        #expect(declared.symmetricDifference(Requirements.delegate.keys) == [], "TableViewDelegate requirements the test does not call, or calls by an old name")
        let delegate: any TableViewDelegate = form
        for name in declared.sorted() {
            form.log.removeAll()
            Requirements.delegate[name]?(delegate, form)
            #expect(form.log.names.last == name, "\(name), called through TableViewDelegate, reached the subclass's override")
        }
    }

    @Test("TableViewDiffableDataSource: every TableViewDataSource requirement but the snapshot's counts, cells and identities is open")
    func diffableDataSource() throws {
        let shelves = RecordingDiffableDataSource { _, item in TableViewCell(text: item) }
        var snapshot = TableViewDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Fruit"])
        snapshot.appendItems(["Apple"])
        shelves.apply(snapshot, animatingDifferences: false)
        let declared = try Requirements.declared(in: "TableViewDataSource", file: "Table/TableViewDataSource.swift")
        #expect(declared.symmetricDifference(Requirements.dataSource.keys) == [], "TableViewDataSource requirements the test does not call, or calls by an old name")
        // What the snapshot shows is the snapshot's: a subclass changes it by applying another.
        let fixed: Set = ["numberOfSections()", "numberOfRows(inSection:)", "cell(for:)", "itemIdentifier(for:)"]
        var dataSource: any TableViewDataSource = shelves
        for name in declared.subtracting(fixed).sorted() {
            shelves.log.removeAll()
            Requirements.dataSource[name]?(&dataSource)
            #expect(shelves.log.names.last == name, "\(name), called through TableViewDataSource, reached the subclass's override")
        }
    }

    @Test("the requirement reader names vars, and functions with their labels, across lines and past comments")
    func requirementReader() {
        let source = """
        @MainActor
        public protocol Sample: AnyObject {
            /// A `var` in a comment, and func words.
            var title: String { get }
            // func commented(out: Int)
            func shouldPop(confirm: @escaping () -> Void) -> PopDecision
            mutating func commit(_ editingStyle: Style, forRowAt indexPath: IndexPath)
            func viewWillAppear()
            func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                           toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
            func pick(_ values: [String: (Int, Int)], at index: Int) -> Int
        }

        extension Sample {
            var ignored: Int { 0 }
        }
        """
        #expect(Requirements.requirementNames(of: "Sample", in: source) == [
            "title", "shouldPop(confirm:)", "commit(_:forRowAt:)", "viewWillAppear()",
            "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)", "pick(_:at:)",
        ])
        #expect(Requirements.requirementNames(of: "Missing", in: source) == nil)
    }
}

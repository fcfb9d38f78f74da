/// What a screen asks of the navigation stack after handling an event.
public enum ScreenResponse {
    /// The screen used the event.
    case handled
    /// The screen did not use the event; the stack or the app may.
    case ignored
    /// Show this screen on top (UIKit's push).
    case push(any Screen)
    /// Go back to the previous screen (asking ``Screen/shouldPop(confirm:)`` first).
    case pop
    /// Present a modal (an alert, an action sheet) over everything.
    case present(any Modal)
    /// Take down a modal the screen presented, as UIKit's `dismiss(animated:)`: a progress
    /// sheet once the work it waits for has arrived. Nothing happens if it is no longer up.
    case dismiss(any Modal)
    /// Leave the app.
    case quit
}

/// Whether a screen lets the stack pop it, as `navigationBar(_:shouldPop:)`.
public enum PopDecision {
    /// Pop.
    case allow
    /// Stay.
    case refuse
    /// Ask first: present this modal; it decides (its actions call back into the screen).
    case ask(any Modal)
}

/// One screen of an app, as `UIViewController`: a title and bar items for the navigation bar,
/// a way to draw itself and a way to handle events. Screens compose TableKit views; the
/// navigation stack owns the bars.
///
/// The stack that shows a screen tells it about its life, as UIKit does: ``viewWillAppear()``
/// before it comes to the front (pushed, uncovered by a pop, its tab chosen),
/// ``viewDidDisappear()`` after it leaves the front, and ``layout(for:)`` before it appears and
/// whenever its area changes size. Events bring only keys, clicks and ticks.
///
/// Most screens are a ``TableViewController``, or a subclass of it; a screen of another kind
/// conforms to this protocol directly:
///
/// ```swift
/// final class AboutScreen: Screen {
///     let title = "About"
///     func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
///         canvas.draw("TableKit", at: area.origin, style: .plain, clip: area)
///     }
///     func handle(_ event: Event, area: Rect) -> ScreenResponse { .ignored }
/// }
/// ```
@MainActor
public protocol Screen: AnyObject, Sendable {
    /// The screen's title: the tab bar's and the back button's, and the navigation bar's
    /// unless ``navigationTitle`` differs.
    var title: String { get }
    /// What the navigation bar shows for the screen while it is in front, as UIKit's
    /// `navigationItem.title` (default: the title). A list in multiple selection says
    /// "3 Selected" here while its back button keeps the title.
    var navigationTitle: String { get }
    /// The back button title for screens pushed on this one (default: the title).
    var backButtonTitle: String? { get }
    /// A line of text above the navigation bar while the screen is in front, as UIKit's
    /// `navigationItem.prompt` ("Records at /3166-1"); `nil` for none (default).
    var prompt: String? { get }
    /// A segmented control the navigation bar shows in place of the title while the screen
    /// is in front, as UIKit's `navigationItem.titleView` (default: none).
    var titleControl: SegmentedControl? { get }
    /// A segment of the ``titleControl`` was clicked (default: ignored).
    func titleControlTapped(segment: Int) -> ScreenResponse
    /// Buttons on the left of the navigation bar, after the back button.
    var leftBarButtonItems: [BarButtonItem] { get }
    /// Buttons on the right of the navigation bar.
    var rightBarButtonItems: [BarButtonItem] { get }
    /// Items of the toolbar above the tab bar; empty for no toolbar.
    var toolbarItems: [BarButtonItem] { get }
    /// The item the tab bar shows for this screen when it is a tab's root, as
    /// `UIViewController.tabBarItem`; `nil` lets the tab bar make one from the title. The item
    /// is shared: a badge set on it shows at once.
    var tabBarItem: TabBarItem? { get }
    /// Called before the screen comes to the front.
    func viewWillAppear()
    /// Called after the screen has left the front (covered by a push, popped, another tab chosen).
    func viewDidDisappear()
    /// Lays the screen out for an area of `size` (below the bars): called before the screen
    /// appears and whenever the terminal changes size.
    func layout(for size: Size)
    /// Draws the screen in `area` (between the bars). Must not change state.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext)
    /// Handles a key, a click or a tick; mouse positions are relative to `area`'s origin.
    func handle(_ event: Event, area: Rect) -> ScreenResponse
    /// A bar button (navigation bar or toolbar) was triggered by its key or a click.
    func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse
    /// Asked before the screen is popped (UIKit's `shouldPop`). To ask the person first,
    /// return `.ask(modal)` whose confirming action calls `confirm`, which pops.
    func shouldPop(confirm: @escaping () -> Void) -> PopDecision
    /// The keys the screen handles itself, for the help overlay.
    var keyHelp: [KeyHint] { get }
    /// The few keys that matter most, for the one-line footer.
    var keyHints: [KeyHint] { get }
    /// Whether the screen needs `.tick` events now (background work or an animation).
    var wantsTicks: Bool { get }
    /// Whether typed letters go to the screen now (a search field, the index's type-ahead),
    /// so that `q` is a letter and not quit.
    var capturesTextInput: Bool { get }
    /// Whether the screen holds work a person would lose by leaving it (a form's edits): a
    /// tab switch and quitting ask "Discard changes?" first, as a pop asks through
    /// ``shouldPop(confirm:)``.
    var hasUnsavedChanges: Bool { get }
    /// What the screen is saving now, in words ("Saving to books.json"), while a save it
    /// started runs in the background; `nil` when none is. Quitting waits for it, saying so,
    /// and never cuts it short.
    var savingDescription: String? { get }
    /// A sentence for the status line, in place of the key hints: why a key was refused,
    /// say. `nil` shows the hints.
    var statusMessage: String? { get }
    /// Whether keys, clicks and pastes must wait, in order, until work in flight has
    /// delivered its result (a list showing its first rows while the rest of its sort runs):
    /// the root holds them and hands them over once this turns false. Ctrl-C still quits.
    var defersEvents: Bool { get }
    /// Whether `event` must wait, as ``defersEvents`` says of every event: a screen whose work
    /// in flight leaves some keys able to act lets those through (a list that can be searched
    /// while the rest of its sort runs). Events that follow one that waits wait too, in order.
    func defers(_ event: Event) -> Bool
}

extension Screen {
    /// The title, by default.
    public var navigationTitle: String { title }
    /// The title, by default.
    public var backButtonTitle: String? { nil }
    /// No prompt, by default.
    public var prompt: String? { nil }
    /// No control, by default.
    public var titleControl: SegmentedControl? { nil }
    /// Ignored, by default.
    public func titleControlTapped(segment: Int) -> ScreenResponse { .ignored }
    /// No left items, by default.
    public var leftBarButtonItems: [BarButtonItem] { [] }
    /// No right items, by default.
    public var rightBarButtonItems: [BarButtonItem] { [] }
    /// No toolbar, by default.
    public var toolbarItems: [BarButtonItem] { [] }
    /// No item of its own, by default: the tab bar makes one from the title.
    public var tabBarItem: TabBarItem? { nil }
    /// Nothing to do, by default.
    public func viewWillAppear() {}
    /// Nothing to do, by default.
    public func viewDidDisappear() {}
    /// Nothing to lay out, by default.
    public func layout(for size: Size) {}
    /// Bar buttons do nothing, by default.
    public func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse { .ignored }
    /// Popping is allowed, by default.
    public func shouldPop(confirm: @escaping () -> Void) -> PopDecision { .allow }
    /// No keys, by default.
    public var keyHelp: [KeyHint] { [] }
    /// No hints, by default.
    public var keyHints: [KeyHint] { [] }
    /// No ticks, by default.
    public var wantsTicks: Bool { false }
    /// Letters are commands, by default.
    public var capturesTextInput: Bool { false }
    /// Nothing to lose, by default.
    public var hasUnsavedChanges: Bool { false }
    /// Nothing being saved, by default.
    public var savingDescription: String? { nil }
    /// No message, by default.
    public var statusMessage: String? { nil }
    /// Events are handled at once, by default.
    public var defersEvents: Bool { false }
    /// Every event waits while ``defersEvents`` says so, by default.
    public func defers(_ event: Event) -> Bool { defersEvents }
}

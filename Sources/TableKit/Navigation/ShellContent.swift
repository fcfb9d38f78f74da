/// What a ``RootController`` hosts: a navigation stack, or tabs of navigation stacks. The
/// library's two containers are the only ones: a root is made with either.
@MainActor
package protocol ShellContent: AnyObject {
    /// Draws into `area`.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext)
    /// Handles a key, a click or a tick; a mouse report goes to what ``hitTest(_:area:glyphs:)``
    /// finds at its position (the root keeps a press with it until the release).
    func handle(_ event: Event, area: Rect, glyphs: Glyphs) -> ScreenResponse
    /// What a press at `point` lands on, the containers descended once: a bar, the tab bar or
    /// the screen in front, with the area its positions are counted from.
    func hitTest(_ point: Point, area: Rect, glyphs: Glyphs) -> MouseTarget
    /// Lays the content out in `area`: at start and whenever the terminal changes size.
    func layout(in area: Rect)
    /// The content comes to the front: the app starts.
    func viewWillAppear()
    /// The keys of what is in front, grouped for the help overlay.
    var helpSections: [HelpOverlay.Section] { get }
    /// The few keys that matter most now, for the footer.
    var keyHints: [KeyHint] { get }
    /// Whether `.tick` events are needed now.
    var wantsTicks: Bool { get }
    /// Whether typed letters go to what is in front (so `q` is a letter, not quit).
    var capturesTextInput: Bool { get }
    /// Whether some screen holds edits that leaving would lose (quitting asks first).
    var hasUnsavedChanges: Bool { get }
    /// What some screen is saving in the background, if any (quitting waits for it).
    var savingDescription: String? { get }
    /// The status line's sentence from what is in front, if any.
    var statusMessage: String? { get }
    /// Carries out `response`, the answer of `screen` to a delivery of the ``Mailbox``, to a
    /// modal's button or to a press it had, as its stack would have carried out an answer to an
    /// event: a push goes on that screen's stack, a pop leaves it when it is in front. Returns
    /// what is left for the root (a modal to present, quit), or `.ignored` when no stack holds
    /// `screen`.
    func deliver(_ response: ScreenResponse, from screen: any Screen, area: Rect) -> ScreenResponse
    /// Whether `screen` is on one of the content's stacks, in front or not.
    func hosts(_ screen: any Screen) -> Bool
    /// The screen in front now, which answers for a modal presented over the content.
    var frontScreen: any Screen { get }
    /// Whether keys and clicks must wait for work in flight (see ``Screen/defersEvents``).
    var defersEvents: Bool { get }
}

/// What a press landed on, found by one descent through the containers
/// (``ShellContent/hitTest(_:area:glyphs:)``): the part that takes the press, its drags and its
/// release, and the area whose origin its positions are counted from. The root keeps it for the
/// press, so every report of the press reaches the same part, converted the same way.
@MainActor
package struct MouseTarget {
    /// The area the part's positions are counted from.
    let area: Rect
    /// The part's handling of a report, its position in `area`'s cells.
    let receive: @MainActor (MouseEvent) -> ScreenResponse

    /// Hands `mouse` (positions in the root's cells) to the part, converted into its area.
    func handle(_ mouse: MouseEvent) -> ScreenResponse {
        var local = mouse
        local.position = Point(x: mouse.position.x - area.minX, y: mouse.position.y - area.minY)
        return receive(local)
    }
}

extension NavigationController: ShellContent {
    /// The screen's own keys, then the stack's.
    package var helpSections: [HelpOverlay.Section] {
        [HelpOverlay.Section(title: top.title, entries: top.keyHelp + keyHelp)]
    }

    /// The screen's hints, then back when the bar shows a back button (a left bar button, such
    /// as Cancel, names its own key instead). A key the screen's hints already name is the
    /// screen's now (`Esc done` in editing mode): back is not hinted by it a second time.
    public var keyHints: [KeyHint] {
        let own = top.keyHints
        guard showsBackButton else { return own }
        let named = Set(own.map(\.key))
        return own + Self.keyBindings.footerHints().filter { !named.contains($0.key) }
    }

    /// Whether the screen in front wants ticks.
    package var wantsTicks: Bool { top.wantsTicks }

    /// Whether the screen in front takes typed letters.
    package var capturesTextInput: Bool { top.capturesTextInput }

    /// Whether a screen of the stack holds unsaved edits.
    package var hasUnsavedChanges: Bool { stack.contains { $0.hasUnsavedChanges } }

    /// What a screen of the stack is saving in the background, if any.
    package var savingDescription: String? { stack.lazy.compactMap(\.savingDescription).first }

    /// The screen in front's status.
    package var statusMessage: String? { top.statusMessage }

    /// The screen on top of the stack.
    package var frontScreen: any Screen { top }

    /// Whether `screen` is on the stack.
    package func hosts(_ screen: any Screen) -> Bool { stack.contains { $0 === screen } }

    /// Whether the screen in front holds keys until its work arrives.
    package var defersEvents: Bool { top.defersEvents }
}

/// A stack of screens with a navigation bar and an optional toolbar, as
/// `UINavigationController`.
///
/// The screen in front gets every event first. What it ignores, the stack handles: its bar
/// buttons' hotkeys, then Esc, ←, h and Backspace, which pop; clicks on the back button and
/// on bar buttons. Every pop asks the screen first (``Screen/shouldPop(confirm:)``). The root
/// is never popped.
///
/// The stack tells its screens about their life (``Screen/viewWillAppear()``,
/// ``Screen/viewDidDisappear()``, ``Screen/layout(for:)``) as they come and go.
@MainActor
public final class NavigationController {
    /// The screens, root first.
    public private(set) var stack: [any Screen]
    /// The area the stack was last laid out in (bars included); `nil` before the first layout.
    private(set) var area: Rect?

    /// Creates a stack with `root` at its bottom.
    public init(root: any Screen) {
        stack = [root]
    }

    /// The screen in front.
    public var top: any Screen { stack[stack.count - 1] }

    /// What the stack's own keys do.
    package enum KeyAction: Hashable, Sendable {
        /// Back to the previous screen.
        case back
    }

    /// The stack's own keys, as data: they pop when the screen in front does not use them;
    /// help and the footer read the same table.
    package nonisolated static let keyBindings: [KeyBinding<KeyAction>] = [
        KeyBinding([.escape, .left, .character("h"), .backspace], .back, label: "Esc ← h Backspace", help: "back", footer: "back"),
    ]

    /// The keys that pop when the screen in front does not use them.
    nonisolated static let backKeys: [Key] = keyBindings.filter { $0.action == .back }.flatMap(\.keys)

    /// The stack's own keys, for help: the hotkeys of the enabled bar buttons (not the typed
    /// ones while the screen takes typed letters), then the back keys.
    public var keyHelp: [KeyHint] {
        let items = top.leftBarButtonItems + top.rightBarButtonItems + top.toolbarItems
        let buttons = items.compactMap { item -> KeyHint? in
            guard item.kind == .button, item.isEnabled, let key = item.key,
                  !(top.capturesTextInput && key.isCharacter) else { return nil }
            return KeyHint(BarButtonItem.keyLabel(key), item.help ?? item.asciiTitle)
        }
        guard showsBackButton else { return buttons }
        return buttons + Self.keyBindings.map { binding in
            // While the screen takes typed letters, `h` is one of them.
            let shown = top.capturesTextInput ? binding.removing(.character("h"), named: "h") : binding
            return KeyHint(shown.label, "back to \(navigationBar.backTitle ?? "the previous screen")")
        }
    }

    /// Pushes `screen` on top: the screen in front disappears, `screen` appears and is laid out.
    public func push(_ screen: any Screen) {
        top.viewDidDisappear()
        stack.append(screen)
        topWillAppear()
    }

    /// Pops the screen in front without asking; returns whether it popped.
    @discardableResult
    public func pop() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast().viewDidDisappear()
        topWillAppear()
        return true
    }

    /// Pops to the root without asking (choosing the tab already in front does this).
    public func popToRoot() {
        guard stack.count > 1 else { return }
        stack.removeLast().viewDidDisappear()
        stack.removeLast(stack.count - 1)
        topWillAppear()
    }

    /// Lays the stack out in `area` (bars included): the screen in front is laid out for the
    /// room left between the bars. The others are laid out when they come back to the front.
    public func layout(in area: Rect) {
        self.area = area
        top.layout(for: contentArea(in: area).size)
    }

    /// Takes `area` as the stack's own without laying the screen out: the next appearance does.
    func adopt(area: Rect) {
        self.area = area
    }

    /// The stack comes to the front (its tab was chosen, or the app started).
    package func viewWillAppear() {
        topWillAppear()
    }

    /// The stack has left the front.
    func viewDidDisappear() {
        top.viewDidDisappear()
    }

    private func topWillAppear() {
        top.viewWillAppear()
        if let area { top.layout(for: contentArea(in: area).size) }
    }

    /// Whether the bar shows a back button: there is a screen to go back to, and the screen in
    /// front has no left bar button items — which take the back button's place, as in UIKit
    /// (a form's Cancel).
    public var showsBackButton: Bool { stack.count > 1 && top.leftBarButtonItems.isEmpty }

    /// The bar for the screen in front.
    public var navigationBar: NavigationBar {
        let previous = showsBackButton ? stack[stack.count - 2] : nil
        return NavigationBar(
            title: top.navigationTitle, backTitle: previous.map { $0.backButtonTitle ?? $0.title },
            leftItems: top.leftBarButtonItems, rightItems: top.rightBarButtonItems, titleControl: top.titleControl
        )
    }

    /// The toolbar of the screen in front, if it has items.
    var toolbar: Toolbar? {
        top.toolbarItems.isEmpty ? nil : Toolbar(items: top.toolbarItems)
    }

    /// The lines above the content: the bar, and the prompt above it when the screen in
    /// front has one.
    var barHeight: Int { top.prompt == nil ? 1 : 2 }

    /// The area where the screen in front draws: below the bar, above any toolbar.
    func contentArea(in area: Rect) -> Rect {
        area.inset(top: min(barHeight, area.height), bottom: toolbar == nil ? 0 : 1)
    }

    /// Draws the prompt, the bar, the screen in front and its toolbar.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        if let prompt = top.prompt {
            let line = area.topLines(1)
            let shown = TextLayout.truncate(prompt, width: line.width)
            canvas.draw(shown, at: Point(x: line.minX + (line.width - shown.displayWidth) / 2, y: line.minY), style: Theme.secondaryText, clip: line)
        }
        navigationBar.render(into: &canvas, area: area.inset(top: min(barHeight - 1, area.height)), context: context)
        top.render(into: &canvas, area: contentArea(in: area), context: context)
        if let toolbar {
            toolbar.render(into: &canvas, area: area.bottomLines(1), context: context)
        }
    }

    /// Handles an event (mouse positions in the coordinates of `area`). Returns `.present`
    /// for a modal the app must show, `.quit`, `.ignored` when nothing used the event, or
    /// `.handled`.
    ///
    /// A mouse report goes to what is where it points: the bars, or the screen in front with
    /// the position counted from its area's origin. A ``RootController`` keeps a press with
    /// what it landed on until the release, so that a drag from the rows over the bar stays
    /// the rows'.
    public func handle(_ event: Event, area: Rect, glyphs: Glyphs = .unicode) -> ScreenResponse {
        if case .mouse(let mouse) = event { return hitTest(mouse.position, area: area, glyphs: glyphs).handle(mouse) }
        if self.area != area { layout(in: area) }
        let content = contentArea(in: area)
        let response = top.handle(event, area: content)
        if case .ignored = response, case .key(let key) = event {
            if let id = navigationBar.itemID(for: key) ?? toolbar?.itemID(for: key) {
                return perform(top.barButtonTapped(id, area: content), area: area)
            }
            if Self.keyBindings.action(for: key) == .back, stack.count > 1 {
                return requestPop(area: area)
            }
        }
        return perform(response, area: area)
    }

    /// What a press at `point` lands on: the screen in front, in its area between the bars
    /// (its answers carried out as ``deliver(_:from:area:)`` does, so a screen that has left
    /// the front pops nothing); else the bars, in the stack's area.
    package func hitTest(_ point: Point, area: Rect, glyphs: Glyphs) -> MouseTarget {
        if self.area != area { layout(in: area) }
        let content = contentArea(in: area)
        guard content.contains(point) else {
            return MouseTarget(area: area) { [weak self] mouse in
                guard let self else { return .ignored }
                barGlyphs = glyphs
                return barGestures.handle(mouse, now: .now) ?? .handled
            }
        }
        let screen = top
        return MouseTarget(area: content) { [weak self, weak screen] mouse in
            guard let self, let screen else { return .ignored }
            return deliver(screen.handle(.mouse(mouse), area: content), from: screen, area: area)
        }
    }

    /// The glyphs of the mouse report in hand: the bar's layout depends on them.
    private var barGlyphs = Glyphs.unicode
    /// The bars' mouse: the back button, the bar buttons, the title's segments and the
    /// toolbar's buttons, each acting at the press (positions in the stack's area, from its
    /// top left corner).
    private lazy var barGestures = makeBarGestures()

    private func makeBarGestures() -> ScreenGestures {
        let gestures = ScreenGestures()
        gestures.addButton(receives: { [unowned self] point in
            barColumn(at: point).map { navigationBar.isBackButton(atColumn: $0, width: barWidth, glyphs: barGlyphs) && stack.count > 1 } ?? false
        }, action: { [unowned self] _ in requestPop(area: area ?? Rect(origin: .zero, size: .zero)) })
        gestures.addButton(receives: { [unowned self] point in
            barColumn(at: point).flatMap { navigationBar.itemID(atColumn: $0, width: barWidth, glyphs: barGlyphs) } != nil
        }, action: { [unowned self] point in
            guard let area, let x = barColumn(at: point), let id = navigationBar.itemID(atColumn: x, width: area.width, glyphs: barGlyphs) else { return .handled }
            return perform(top.barButtonTapped(id, area: contentArea(in: area)), area: area)
        })
        gestures.addButton(receives: { [unowned self] point in
            barColumn(at: point).flatMap { navigationBar.titleControlSegment(atColumn: $0, width: barWidth, glyphs: barGlyphs) } != nil
        }, action: { [unowned self] point in
            guard let area, let x = barColumn(at: point), let segment = navigationBar.titleControlSegment(atColumn: x, width: area.width, glyphs: barGlyphs) else { return .handled }
            return perform(top.titleControlTapped(segment: segment), area: area)
        })
        gestures.addButton(receives: { [unowned self] point in
            toolbarColumn(at: point).flatMap { toolbar?.itemID(atColumn: $0, width: barWidth) } != nil
        }, action: { [unowned self] point in
            guard let area, let x = toolbarColumn(at: point), let id = toolbar?.itemID(atColumn: x, width: area.width) else { return .handled }
            return perform(top.barButtonTapped(id, area: contentArea(in: area)), area: area)
        })
        return gestures
    }

    /// The width the stack was laid out in.
    private var barWidth: Int { area?.width ?? 0 }

    /// The navigation bar's column at `point` of the stack's area, when `point` is on the bar's line.
    private func barColumn(at point: Point) -> Int? {
        point.y == barHeight - 1 ? point.x : nil
    }

    /// The toolbar's column at `point` of the stack's area, when there is a toolbar and `point`
    /// is on its line.
    private func toolbarColumn(at point: Point) -> Int? {
        guard let area, toolbar != nil, point.y == area.height - 1 else { return nil }
        return point.x
    }

    /// Carries out `response` for `screen` if it is on this stack: a push goes on top, a pop
    /// leaves only when `screen` is in front (asking it first). Returns `.ignored` when
    /// `screen` is not on the stack, else what is left for the root.
    package func deliver(_ response: ScreenResponse, from screen: any Screen, area: Rect) -> ScreenResponse {
        guard stack.contains(where: { $0 === screen }) else { return .ignored }
        if case .pop = response, top !== screen { return .handled }
        return perform(response, area: area)
    }

    private func perform(_ response: ScreenResponse, area: Rect) -> ScreenResponse {
        switch response {
        case .push(let screen):
            push(screen)
            return .handled
        case .pop:
            return requestPop(area: area)
        case .handled, .ignored, .present, .dismiss, .quit:
            return response
        }
    }

    /// Pops if the screen in front allows it; presents its question if it wants to ask.
    private func requestPop(area: Rect) -> ScreenResponse {
        guard stack.count > 1 else { return .ignored }
        let leaving = top
        let decision = leaving.shouldPop { [weak self] in
            // Confirmed later, from a modal: pop only if that screen is still in front.
            guard let self, self.top === leaving else { return }
            self.pop()
        }
        switch decision {
        case .allow:
            pop()
            return .handled
        case .refuse:
            return .handled
        case .ask(let modal):
            return .present(modal)
        }
    }
}

/// A stack of screens with a navigation bar, as `UINavigationController`.
///
/// The screen in front gets every event first. What it ignores, the stack handles: Esc, ←, h
/// and Backspace pop; a click on the back button pops. The root is never popped.
public final class NavigationController {
    /// The screens, root first.
    public private(set) var stack: [any Screen]

    /// Creates a stack with `root` at its bottom.
    public init(root: any Screen) {
        stack = [root]
    }

    /// The screen in front.
    public var top: any Screen { stack[stack.count - 1] }

    /// The keys that pop when the screen in front does not use them.
    public static let backKeys: [Key] = [.escape, .left, .character("h"), .backspace]

    /// Pushes `screen` on top.
    public func push(_ screen: any Screen) {
        stack.append(screen)
    }

    /// Pops the screen in front unless it is the root; returns whether it popped.
    @discardableResult
    public func pop() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast()
        return true
    }

    /// The bar for the screen in front.
    public var navigationBar: NavigationBar {
        let previous = stack.count > 1 ? stack[stack.count - 2] : nil
        return NavigationBar(title: top.title, backTitle: previous.map { $0.backButtonTitle ?? $0.title })
    }

    /// The area below the bar where the screen in front draws.
    public func contentArea(in area: Rect) -> Rect {
        area.inset(top: 1)
    }

    /// Draws the bar and the screen in front.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        navigationBar.render(into: &canvas, area: area, context: context)
        top.render(into: &canvas, area: contentArea(in: area), context: context)
    }

    /// Handles an event (mouse positions in screen coordinates); returns `.quit` when the
    /// app should end, `.ignored` when nothing used the event, `.handled` otherwise.
    public func handle(_ event: Event, area: Rect) -> ScreenResponse {
        let content = contentArea(in: area)
        if case .mouse(let mouse) = event, mouse.position.y == area.minY {
            if mouse.kind == .press, navigationBar.isBackButton(atColumn: mouse.position.x - area.minX, width: area.width) {
                return popAndRefresh(area: area)
            }
            return .ignored
        }
        var forwarded = event
        if case .mouse(var mouse) = event {
            mouse.position = Point(x: mouse.position.x - content.minX, y: mouse.position.y - content.minY)
            forwarded = .mouse(mouse)
        }
        switch top.handle(forwarded, area: content) {
        case .handled: return .handled
        case .quit: return .quit
        case .push(let screen):
            push(screen)
            _ = screen.handle(.resize(area.size), area: content)
            return .handled
        case .pop:
            return popAndRefresh(area: area)
        case .ignored:
            if case .key(let key) = event, Self.backKeys.contains(key), stack.count > 1 {
                return popAndRefresh(area: area)
            }
            return .ignored
        }
    }

    private func popAndRefresh(area: Rect) -> ScreenResponse {
        guard pop() else { return .ignored }
        // The screen now in front may have missed a resize while it was covered.
        _ = top.handle(.resize(area.size), area: contentArea(in: area))
        return .handled
    }
}

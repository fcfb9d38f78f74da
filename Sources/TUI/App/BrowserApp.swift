import TableKit

/// The whole app as a value the runner drives: a navigation stack, the key-hint footer and
/// the keys that belong to no screen (quit, suspend).
final class BrowserApp {
    /// What the runner should do after an event.
    enum Outcome: Equatable {
        case keepGoing
        case quit
        case suspend
    }

    /// The smallest terminal the app lays out in; below it a notice asks for more room.
    static let minimumSize = Size(width: 20, height: 6)

    let navigation: NavigationController
    private(set) var size: Size

    init(root: any Screen, size: Size) {
        navigation = NavigationController(root: root)
        self.size = size
        _ = navigation.handle(.resize(size), area: Rect(origin: .zero, size: size))
    }

    private var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    /// The area of the navigation stack: everything but the footer line.
    private var stackArea: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height - 1) }

    func handle(_ event: Event) -> Outcome {
        switch event {
        case .resize(let newSize):
            size = newSize
            if isTooSmall { return .keepGoing }
            _ = navigation.handle(.resize(stackArea.size), area: stackArea)
            return .keepGoing
        case .key(.control("c")), .key(.control("q")):
            return .quit
        case .key(.control("z")):
            return .suspend
        default:
            break
        }
        if isTooSmall { return event == .key(.character("q")) ? .quit : .keepGoing }
        switch navigation.handle(event, area: stackArea) {
        case .quit:
            return .quit
        case .ignored:
            return event == .key(.character("q")) ? .quit : .keepGoing
        default:
            return .keepGoing
        }
    }

    func render(context: RenderContext) -> Canvas {
        var canvas = Canvas(size: size)
        if isTooSmall {
            let lines = TextLayout.wrap("Terminal too small: \(size.width)×\(size.height), needs \(Self.minimumSize.width)×\(Self.minimumSize.height). Enlarge it, or press q to quit.", width: max(1, size.width))
            for (offset, line) in lines.prefix(size.height).enumerated() {
                canvas.draw(line, at: Point(x: 0, y: offset), style: .plain)
            }
            return canvas
        }
        navigation.render(into: &canvas, area: stackArea, context: context)
        renderFooter(into: &canvas, context: context)
        return canvas
    }

    private func renderFooter(into canvas: inout Canvas, context: RenderContext) {
        let line = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        let backHint: [(key: String, help: String)] = navigation.stack.count > 1 ? [("Esc", "back")] : []
        // Quit is always shown: the screen's own hints give way first when the line is short.
        let quit = (key: "q", help: "quit")
        var hints = navigation.top.keyHints + backHint
        let width = { (hints: [(key: String, help: String)]) in
            hints.reduce(0) { $0 + $1.key.displayWidth + $1.help.displayWidth + 3 }
        }
        while !hints.isEmpty && width(hints + [quit]) > line.width { hints.removeLast() }
        var x = 1
        for hint in hints + [quit] {
            x = canvas.draw(hint.key, at: Point(x: x, y: line.minY), style: Theme.tint.adding(.bold), clip: line) + 1
            x = canvas.draw(hint.help, at: Point(x: x, y: line.minY), style: Theme.secondaryText, clip: line) + 2
        }
    }
}

import Foundation
import TableKit

/// A fruit, for tests that use TableKit as an app would.
struct Fruit: Equatable {
    let name: String
    let colour: String
}

let someFruit = [
    Fruit(name: "Banana", colour: "yellow"), Fruit(name: "apple", colour: "red"),
    Fruit(name: "Cherry", colour: "red"), Fruit(name: "Élan fruit", colour: "green"),
    Fruit(name: "avocado", colour: "green"), Fruit(name: "7up melon", colour: "pink"),
]

@MainActor
func fruitSections(_ fruits: [Fruit] = someFruit) -> IndexedSections<Fruit> {
    IndexedSections(fruits, title: \.name, searchText: { "\($0.name) \($0.colour)" }) { fruit in
        TableViewCell(style: .subtitle, text: fruit.name, detailText: fruit.colour, accessory: .disclosureIndicator)
    }
}

/// Draws a screen into a canvas of `size` and returns the lines, trailing spaces trimmed.
@MainActor
func lines(of screen: any Screen, size: Size) -> [String] {
    var canvas = Canvas(size: size)
    screen.render(into: &canvas, area: canvas.bounds, context: RenderContext())
    return canvas.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

extension Array where Element == String {
    /// Whether a line starts with `prefix` (rows end in accessories and the index).
    func hasLine(startingWith prefix: String) -> Bool { contains { $0.hasPrefix(prefix) } }
}

/// The lines of a screen drawn at `size` with `glyphs`, trailing spaces kept.
@MainActor
func drawnLines(of screen: any Screen, size: Size, glyphs: Glyphs = .unicode) -> [String] {
    var canvas = Canvas(size: size)
    screen.render(into: &canvas, area: canvas.bounds, context: RenderContext(glyphs: glyphs))
    return canvas.lines
}

/// A table screen over `rows`, which is also its delegate (held weakly: keep `rows` alive),
/// laid out `width` columns wide and four lines tall.
@MainActor
func tableController(showing rows: some TableViewDataSource & TableViewDelegate, width: Int) -> TableViewController {
    let controller = TableViewController(title: "Settings", dataSource: rows)
    controller.delegate = rows
    controller.layout(for: Size(width: width, height: 4))
    return controller
}

/// The styled lines of a screen (focus and colours marked).
@MainActor
func styledLines(of screen: any Screen, size: Size) -> [String] {
    var canvas = Canvas(size: size)
    screen.render(into: &canvas, area: canvas.bounds, context: RenderContext())
    return canvas.styledText.components(separatedBy: "\n")
}

/// Presses `keys` on a screen laid out at `size`; returns the last response.
@MainActor
@discardableResult
func press(_ keys: [Key], on screen: any Screen, size: Size) -> ScreenResponse {
    var last = ScreenResponse.ignored
    for key in keys { last = screen.handle(.key(key), area: Rect(origin: .zero, size: size)) }
    return last
}

@MainActor
extension ScreenResponse {
    /// The title of the pushed screen, if this is a push.
    var pushedTitle: String? {
        if case .push(let screen) = self { return screen.title }
        return nil
    }

    var isPresent: Bool {
        if case .present = self { return true }
        return false
    }
}

/// Notes the rows selected.
@MainActor
final class SelectionRecorder: TableViewDelegate {
    var selected: [IndexPath] = []
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        selected.append(indexPath)
        return .handled
    }
}

/// A clock moved by hand, for a screen's `now`.
@MainActor
final class TestClock {
    var instant = ContinuousClock.now
    func advance(_ milliseconds: Int) { instant += .milliseconds(milliseconds) }
}

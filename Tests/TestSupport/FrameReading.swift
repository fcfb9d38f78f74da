import TableKit

/// The lines of `canvas` as a person reads them: trailing spaces dropped.
public func textLines(of canvas: Canvas) -> [String] {
    canvas.lines.map(droppingTrailingSpaces)
}

/// The lines of `canvas` with their styles marked (``Canvas/styledText``): the form to
/// compare where the focus or a colour matters.
public func styledLines(of canvas: Canvas) -> [String] {
    (0..<canvas.size.height).map(canvas.styledLine)
}

/// `screen` drawn into a canvas of `size`.
@MainActor
public func canvas(of screen: any Screen, size: Size, context: RenderContext = RenderContext()) -> Canvas {
    var canvas = Canvas(size: size)
    screen.render(into: &canvas, area: canvas.bounds, context: context)
    return canvas
}

func droppingTrailingSpaces(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
}

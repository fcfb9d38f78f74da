/// The bar across the top of a navigation stack: a back button titled by the previous screen
/// and the centred title of the screen in front, as `UINavigationBar` draws them.
public struct NavigationBar: Hashable, Sendable {
    /// The title of the screen in front.
    public var title: String
    /// The back button's title (the previous screen's back title or title); `nil` at the root,
    /// where there is no back button.
    public var backTitle: String?

    /// Creates a bar.
    public init(title: String, backTitle: String? = nil) {
        self.title = title
        self.backTitle = backTitle
    }

    /// The back button as drawn at `width` columns: `‹ Title`, then `‹ Back`, then `‹` as the
    /// room shrinks (the title keeps its centre while the back button fits beside it).
    public func backButtonText(width: Int, glyphs: Glyphs = .unicode) -> String? {
        guard let backTitle else { return nil }
        let room = (width - min(title.displayWidth, max(0, width - 4))) / 2 - 1
        for candidate in [glyphs.back + " " + backTitle, glyphs.back + " Back"] where candidate.displayWidth <= room {
            return candidate
        }
        return glyphs.back
    }

    /// Whether column `x` lies on the back button at `width`.
    public func isBackButton(atColumn x: Int, width: Int, glyphs: Glyphs = .unicode) -> Bool {
        guard let text = backButtonText(width: width, glyphs: glyphs) else { return false }
        return x >= 0 && x < text.displayWidth + 1
    }

    /// Draws the bar on the first line of `area`.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = area.topLines(1)
        canvas.fill(line, style: Theme.navigationBar)
        var leftEdge = line.minX
        if let back = backButtonText(width: line.width, glyphs: context.glyphs) {
            leftEdge = canvas.draw(back, at: line.origin, style: Theme.tint, clip: line) + 1
        }
        let available = max(0, line.maxX - leftEdge - (leftEdge > line.minX ? leftEdge - line.minX : 0))
        let title = TextLayout.truncate(title, width: available > 0 ? available : line.maxX - leftEdge)
        let centred = line.minX + (line.width - title.displayWidth) / 2
        let x = max(centred, leftEdge)
        canvas.draw(title, at: Point(x: x, y: line.minY), style: Theme.navigationBar, clip: line)
    }
}

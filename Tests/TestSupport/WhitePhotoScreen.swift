import TableKit

/// A screen whose table header is a photo of 2×2 white pixels, drawn in its context's
/// colours (half blocks at a colour depth, full blocks in shades without colour): what
/// reaches a screen's drawing of the terminal's colour depth.
@MainActor
public final class WhitePhotoScreen: TableViewController {
    /// A list of one row, "Caption", under the photo.
    public init() { super.init(title: "Photo", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Caption")])) }

    /// One line: the photo's two rows of pixels as one row of half blocks.
    public override var tableHeaderHeight: Int { 1 }

    /// Draws the photo at the header's origin, in the context's glyphs and colour depth.
    public override func renderTableHeader(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        let white = Bitmap(width: 2, height: 2, pixels: Array(repeating: Bitmap.Pixel(red: 255, green: 255, blue: 255), count: 4))!
        canvas.drawHalfBlocks(white, at: area.origin, clip: area, glyphs: context.glyphs, colorDepth: context.colorDepth)
    }
}

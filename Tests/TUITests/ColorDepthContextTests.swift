import Testing
import TableKit
import TableKitTestSupport
@testable import TableKitTerminal

/// The terminal's colour depth reaches drawing: the backend's capabilities become the root's
/// `RenderContext`, so an image dithers for the terminal it is on (and `NO_COLOR` draws it in
/// shades).
@MainActor
@Suite("Colour depth: from the terminal to the drawing")
struct ColorDepthContextTests {
    /// The frame the event loop presents of a screen with a white photo, on a terminal of `depth`.
    private func frame(depth: ColorDepth) throws -> Canvas {
        let root = RootController(content: NavigationController(root: WhitePhotoScreen()), size: Size(width: 30, height: 8))
        let backend = HeadlessTerminal(size: Size(width: 30, height: 8), capabilities: TerminalCapabilities(colorDepth: depth, glyphs: .unicode, hasMouse: false))
        _ = EventLoop(root: root, backend: backend).run()
        return try #require(backend.lastFrame)
    }

    @Test(arguments: [(ColorDepth.trueColor, Color.rgb(255, 255, 255)), (.indexed256, .indexed(231)), (.ansi16, .ansi(15))])
    func theEventLoopDrawsWithTheBackendsDepth(depth: ColorDepth, white: Color) throws {
        let photo = try frame(depth: depth).cells.filter { $0.grapheme == "▀" }
        #expect(photo.count == 2 && photo.allSatisfy { $0.style.foreground == white && $0.style.background == white })
    }

    @Test func noColorDrawsThePhotoInShades() throws {
        let depth = CursesTerminal.colorDepth(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], hasColors: true, colors: 256)
        #expect(depth == .none)
        let frame = try frame(depth: depth)
        let photo = frame.cells.filter { $0.grapheme == "█" }
        #expect(photo.count == 2 && photo.allSatisfy { $0.style == .plain })
        #expect(!frame.cells.contains { $0.grapheme == "▀" })
    }

    @Test func aHeadlessSnapshotDrawsWithTheDepthItIsGiven() throws {
        let app = TerminalApp { _ in RootController(content: NavigationController(root: WhitePhotoScreen()), size: Size(width: 30, height: 8)) }
        let capabilities = TerminalCapabilities(colorDepth: .indexed256, glyphs: .unicode, hasMouse: false)
        let photo = try app.snapshot(size: Size(width: 30, height: 8), keys: [], capabilities: capabilities).cells.filter { $0.grapheme == "▀" }
        #expect(photo.count == 2 && photo.allSatisfy { $0.style.foreground == .indexed(231) })
    }
}

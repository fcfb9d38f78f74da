import ArgumentParser
import Foundation
import TableKit

/// `table-browser benchmark-photos`: the photo board's costs — decoding the bundled photos
/// (libpng, libexif), and a frame of all twelve at 200 × 60, composed and drawn in half blocks
/// at each colour depth, laid out as at the start and as a person might leave them (large,
/// turned, overlapping). Figures are printed; nothing is asserted.
struct BenchmarkPhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark-photos",
        abstract: "Time the photo board: decoding the photos, and a frame of twelve at 200x60 at each colour depth (release builds).",
        shouldDisplay: false
    )

    @Option(help: "The board's size in columns and lines.")
    var size: String = "200x60"

    @Option(help: "How many frames are timed for each layout and depth.")
    var repetitions: Int = 200

    /// ArgumentParser calls this on the main thread; the screen lives on the main actor.
    func run() throws {
        guard let size = Size(parsing: size) else { throw ValidationError("--size takes WxH, such as 200x60") }
        try MainActor.assumeIsolated { try runOnMainActor(size: size) }
    }

    @MainActor
    private func runOnMainActor(size: Size) throws {
        let clock = ContinuousClock()
        var decodes: [Double] = []
        var loaded = PhotoLoad(photos: [], errors: [])
        for _ in 0 ..< 10 {
            let start = clock.now
            loaded = PhotoDecoding.loadBundled()
            decodes.append(milliseconds(clock.now - start))
        }
        guard loaded.photos.count > 0 else {
            throw ValidationError("no photos decoded: " + loaded.errors.map(\.description).joined(separator: "; "))
        }
        print(String(format: "decode %d photos (libpng + libexif, off the main actor in the app): %.2f ms median", loaded.photos.count, median(decodes)))

        let settings = AppSettings(store: nil)
        let screen = PhotoBoardScreen(settings: settings, load: { PhotoLoad(photos: [], errors: []) })
        screen.layout(for: size)
        screen.receive(loaded)
        let area = Rect(origin: .zero, size: size)
        let layouts: [(String, () -> Void)] = [
            ("as at the start", {}),
            ("large and turned", {
                // Every photo at 2.5× and turned, all overlapping the middle: the most pixels
                // a frame resamples.
                screen.rearrange { board in
                    for (index, item) in board.items.enumerated() {
                        let name = item.photo.name
                        board.scale(name, by: 2.5 / (item.placement.scale / PhotoBoard.naturalScale))
                        board.rotate(name, by: Double(index) * 0.37)
                        board.moveCentre(of: name, toX: Double(size.width) * (0.3 + 0.04 * Double(index)), y: Double(size.height))
                    }
                }
            }),
        ]
        for (name, arrange) in layouts {
            arrange()
            for depth in [ColorDepth.trueColor, .indexed256, .ansi16, .none] {
                var frames: [Double] = []
                let context = RenderContext(glyphs: .unicode, colorDepth: depth)
                for _ in 0 ..< max(1, repetitions) {
                    var canvas = Canvas(size: size)
                    let start = clock.now
                    screen.render(into: &canvas, area: area, context: context)
                    frames.append(milliseconds(clock.now - start))
                }
                frames.sort()
                let p95 = frames[min(frames.count - 1, frames.count * 95 / 100)]
                print(String(format: "frame at %@, %@, %@: %.3f ms median, %.3f ms p95, %.3f ms max", size.description, name, "\(depth)",
                             median(frames), p95, frames.last ?? 0))
            }
        }
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

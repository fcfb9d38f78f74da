import Foundation
import TableKit

/// The photo board's model: where each photo lies, how large and how turned, and which lies on
/// which. Positions are in the board's pixels, two to a line (a half block each): a photo's
/// centre moves by a pixel across per column and two down per line.
struct PhotoBoard {
    /// A photo on the board.
    struct Item {
        /// The photo.
        let photo: DecodedPhoto
        /// Where it lies; its scale is ``PhotoBoard/naturalScale`` times the person's.
        var placement: BitmapPlacement
    }

    /// A photo's size on the board at scale 1 against its own pixels: a third, so that a
    /// dozen 96 × 64 prints lie side by side on a wide terminal and 3× shows every pixel.
    static let naturalScale = 1.0 / 3
    /// The scales a pinch may reach, against the natural size, as the seed's board.
    static let scales = 0.5 ... 3.0
    /// The white edge of a print, in pixels.
    static let border = 1
    /// The board's colour: a dark cork.
    static let background = Bitmap.Pixel(red: 44, green: 36, blue: 30)
    /// The edge of the chosen photo.
    static let chosenBorder = Bitmap.Pixel(red: 255, green: 204, blue: 0)

    /// The photos, from the back to the front.
    private(set) var items: [Item] = []
    /// The board's size in pixels (columns, and two per line).
    private(set) var width = 0
    private(set) var height = 0
    /// The photo chosen for the keys, by name.
    var chosen: String?
    /// The placements photos had before a double tap zoomed them to fit, by name.
    private var beforeZoom: [String: BitmapPlacement] = [:]

    /// A board of `photos` on `columns` × `lines` cells, laid out as `saved` says where it
    /// knows the photo (its order too), else in a loose grid of slightly turned prints.
    init(photos: [DecodedPhoto], columns: Int, lines: Int, saved: [String: PhotoPlacement] = [:], order: [String] = []) {
        width = max(1, columns)
        height = max(2, lines * 2)
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = photos.enumerated().sorted { a, b in
            (rank[a.element.name] ?? order.count + a.offset, a.offset) < (rank[b.element.name] ?? order.count + b.offset, b.offset)
        }
        items = ordered.map { index, photo in
            Item(photo: photo, placement: saved[photo.name].map { $0.placement } ?? Self.defaultPlacement(index: index, count: photos.count, width: width, height: height))
        }
        for index in items.indices { clampCentre(index) }
        chosen = items.last?.photo.name
    }

    /// Where photo `index` of `count` lies before anyone moved it: a grid of four across,
    /// each print turned a little one way or the other.
    static func defaultPlacement(index: Int, count: Int, width: Int, height: Int) -> BitmapPlacement {
        let across = 4, down = max(1, (count + across - 1) / across)
        let column = index % across, row = index / across
        let tilt = [-6.0, 4.0, -2.0, 7.0, -5.0, 3.0][index % 6] * .pi / 180
        return BitmapPlacement(centerX: Double(width) * (Double(column) + 0.5) / Double(across),
                               centerY: Double(height) * (Double(row) + 0.5) / Double(down),
                               scale: naturalScale, rotation: tilt)
    }

    /// The board takes a new size (the terminal changed): photos keep their places, pulled back
    /// onto the board if it shrank from under them.
    mutating func resize(columns: Int, lines: Int) {
        width = max(1, columns)
        height = max(2, lines * 2)
        for index in items.indices { clampCentre(index) }
    }

    /// The index of the photo named `name`.
    func index(of name: String) -> Int? { items.firstIndex { $0.photo.name == name } }

    /// The photo named `name`.
    func item(named name: String) -> Item? { index(of: name).map { items[$0] } }

    /// The front-most photo under the cell `point` (either of its two pixels), if any.
    func photo(atCell point: Point) -> String? {
        for item in items.reversed() {
            let size = item.photo.bitmap
            for y in [point.y * 2, point.y * 2 + 1]
            where item.placement.covers(x: point.x, y: y, width: size.width, height: size.height, border: Self.border) {
                return item.photo.name
            }
        }
        return nil
    }

    /// The cell at the centre of photo `name`: where its keys act.
    func centreCell(of name: String) -> Point? {
        item(named: name).map { Point(x: Int($0.placement.centerX.rounded(.down)), y: Int(($0.placement.centerY / 2).rounded(.down))) }
    }

    /// Brings photo `name` to the front.
    mutating func bringToFront(_ name: String) {
        guard let index = index(of: name), index != items.count - 1 else { return }
        items.append(items.remove(at: index))
    }

    /// Chooses the next photo (`forward`) or the previous one, in the order of their names,
    /// and brings it to the front.
    mutating func chooseNext(forward: Bool) {
        let names = items.map(\.photo.name).sorted()
        guard !names.isEmpty else { return }
        let current = chosen.flatMap { names.firstIndex(of: $0) }
        let next = current.map { ($0 + (forward ? 1 : names.count - 1)) % names.count } ?? (forward ? 0 : names.count - 1)
        chosen = names[next]
        bringToFront(names[next])
    }

    /// Sets photo `name`'s centre to `x`, `y` pixels (kept on the board).
    mutating func moveCentre(of name: String, toX x: Double, y: Double) {
        guard let index = index(of: name) else { return }
        items[index].placement.centerX = x
        items[index].placement.centerY = y
        beforeZoom[name] = nil
        clampCentre(index)
    }

    /// Scales photo `name` by `factor`, within ``scales``.
    mutating func scale(_ name: String, by factor: Double) {
        guard let index = index(of: name), factor.isFinite, factor > 0 else { return }
        let personal = items[index].placement.scale / Self.naturalScale * factor
        let low = min(Self.scales.lowerBound, personalScale(of: index)), high = max(Self.scales.upperBound, personalScale(of: index))
        // A zoomed photo may be past 3×: a pinch brings it back within reach, never further out.
        items[index].placement.scale = min(high, max(low, personal)) * Self.naturalScale
        beforeZoom[name] = nil
    }

    /// Turns photo `name` by `radians`, clockwise.
    mutating func rotate(_ name: String, by radians: Double) {
        guard let index = index(of: name), radians.isFinite else { return }
        let turned = (items[index].placement.rotation + radians).truncatingRemainder(dividingBy: 2 * .pi)
        items[index].placement.rotation = turned
        beforeZoom[name] = nil
    }

    /// The person's scale of photo `index`: 1 at the natural size.
    func personalScale(of index: Int) -> Double { items[index].placement.scale / Self.naturalScale }

    /// Zooms photo `name` to fit the board, upright and in the middle, in front; again, back
    /// where it was.
    mutating func toggleZoom(_ name: String) {
        guard let index = index(of: name) else { return }
        if let before = beforeZoom.removeValue(forKey: name) {
            items[index].placement = before
            clampCentre(index)
            return
        }
        let photo = items[index].photo.bitmap
        let fit = min(Double(width - 2 * Self.border) / Double(photo.width), Double(height - 2 * Self.border) / Double(photo.height))
        let before = items[index].placement
        items[index].placement = BitmapPlacement(centerX: Double(width) / 2, centerY: Double(height) / 2, scale: max(fit, 0.01), rotation: 0)
        bringToFront(name)
        beforeZoom[name] = before
    }

    /// Whether photo `name` is zoomed to fit.
    func isZoomed(_ name: String) -> Bool { beforeZoom[name] != nil }

    /// Keeps photo `index`'s centre on the board, so that it can always be reached.
    private mutating func clampCentre(_ index: Int) {
        var placement = items[index].placement
        placement.centerX = min(max(placement.centerX.isFinite ? placement.centerX : 0, 0), Double(width - 1))
        placement.centerY = min(max(placement.centerY.isFinite ? placement.centerY : 0, 0), Double(height - 1))
        items[index].placement = placement
    }

    /// The board as one picture: each photo over the ones behind it, the chosen one edged in
    /// yellow when `showsChoice` (the keys act on it).
    func composed(showsChoice: Bool) -> Bitmap {
        var composition = BitmapComposition(width: width, height: height, background: Self.background)
        for item in items {
            let isChosen = showsChoice && item.photo.name == chosen
            composition.draw(item.photo.bitmap, at: item.placement, border: Self.border,
                             borderColor: isChosen ? Self.chosenBorder : Bitmap.Pixel(red: 250, green: 250, blue: 245))
        }
        return composition.bitmap
    }

    /// The layout to keep in the state file: each photo's place, and their order.
    var saved: (placements: [String: PhotoPlacement], order: [String]) {
        var placements: [String: PhotoPlacement] = [:]
        for item in items { placements[item.photo.name] = PhotoPlacement(item.placement) }
        return (placements, items.map(\.photo.name))
    }
}

/// A photo's place as the state file keeps it, in the units a person sees: the centre's column
/// and line, the scale against the natural size, the turn in degrees.
struct PhotoPlacement: Codable, Equatable, Sendable {
    /// The centre's column (fractions kept).
    var column: Double
    /// The centre's line (fractions kept).
    var line: Double
    /// 1 at the natural size.
    var scale: Double
    /// Clockwise.
    var degrees: Double

    /// A place as the state file writes it.
    init(column: Double, line: Double, scale: Double, degrees: Double) {
        self.column = column
        self.line = line
        self.scale = scale
        self.degrees = degrees
    }

    /// The state file's form of `placement`.
    init(_ placement: BitmapPlacement) {
        column = placement.centerX
        line = placement.centerY / 2
        scale = placement.scale / PhotoBoard.naturalScale
        degrees = placement.rotation * 180 / .pi
    }

    /// The board's form; a scale out of reach (a hand-edited file) comes back within it.
    var placement: BitmapPlacement {
        let scale = self.scale.isFinite ? min(max(self.scale, 0.1), 50) : 1
        return BitmapPlacement(centerX: column.isFinite ? column : 0, centerY: line.isFinite ? line * 2 : 0,
                               scale: scale * PhotoBoard.naturalScale, rotation: degrees.isFinite ? degrees * .pi / 180 : 0)
    }
}

import Foundation

/// Where a bitmap sits in a ``BitmapComposition``: its centre, in the composition's pixels, how
/// much it is scaled and how far it is turned (radians, clockwise on screen, where y grows
/// downwards), as a view's `center` and `transform`.
public struct BitmapPlacement: Hashable, Sendable, Codable {
    /// The centre, across.
    package var centerX: Double
    /// The centre, down.
    package var centerY: Double
    /// The size against the bitmap's own (1: a pixel of the bitmap is a pixel of the composition).
    package var scale: Double
    /// The turn, in radians, clockwise.
    package var rotation: Double

    /// Creates a placement.
    public init(centerX: Double, centerY: Double, scale: Double = 1, rotation: Double = 0) {
        self.centerX = centerX
        self.centerY = centerY
        self.scale = scale
        self.rotation = rotation
    }

    /// The point of a `width` × `height` bitmap (in its own pixels, fractions kept) shown at
    /// `x`, `y` of the composition; it is inside the bitmap when both lie in 0..<width and
    /// 0..<height.
    func sourcePoint(x: Double, y: Double, width: Int, height: Int) -> (x: Double, y: Double) {
        let dx = x - centerX, dy = y - centerY
        let cosine = cos(rotation), sine = sin(rotation)
        let scale = self.scale > 0 ? self.scale : 1
        return ((dx * cosine + dy * sine) / scale + Double(width) / 2, (-dx * sine + dy * cosine) / scale + Double(height) / 2)
    }

    /// Whether the pixel at `x`, `y` of the composition shows a `width` × `height` bitmap so
    /// placed (its frame of `border` pixels included).
    public func covers(x: Int, y: Int, width: Int, height: Int, border: Int = 0) -> Bool {
        let source = sourcePoint(x: Double(x) + 0.5, y: Double(y) + 0.5, width: width, height: height)
        let margin = Double(border) / max(scale, 0.0001)
        return source.x >= -margin && source.y >= -margin && source.x < Double(width) + margin && source.y < Double(height) + margin
    }

    /// The pixels a `width` × `height` bitmap so placed may cover (its frame of `border`
    /// pixels included): the box around its turned corners.
    public func bounds(width: Int, height: Int, border: Int = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let halfWidth = (Double(width) / 2) * scale + Double(border), halfHeight = (Double(height) / 2) * scale + Double(border)
        let cosine = abs(cos(rotation)), sine = abs(sin(rotation))
        let extentX = halfWidth * cosine + halfHeight * sine, extentY = halfWidth * sine + halfHeight * cosine
        // Clamped so that a placement far off (or not finite) still gives whole numbers.
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            value.isNaN ? 0 : Int(min(max(value, -1e9), 1e9).rounded(rule))
        }
        return (whole(centerX - extentX, .down), whole(centerY - extentY, .down), whole(centerX + extentX, .up), whole(centerY + extentY, .up))
    }
}

/// A picture composed of bitmaps, each placed, scaled and turned, later ones over earlier
/// ones: the frame of a photo board, drawn into a ``Canvas`` with
/// ``Canvas/drawHalfBlocks(_:at:clip:glyphs:colorDepth:)``. Turned and scaled pixels are resampled
/// (bilinear), so a photo turned by any angle stays smooth.
public struct BitmapComposition: Sendable {
    /// The columns of pixels.
    let width: Int
    /// The rows of pixels.
    let height: Int
    private var pixels: [Bitmap.Pixel]

    /// An empty composition of `width` × `height` pixels in `background`.
    public init(width: Int, height: Int, background: Bitmap.Pixel) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: background, count: self.width * self.height)
    }

    /// The composition as a bitmap.
    public var bitmap: Bitmap { Bitmap(composedWidth: width, height: height, pixels: pixels) }

    /// Draws `image` over what is there, at `placement`, with a frame `border` pixels wide in
    /// `borderColor` (a print's white edge) that stays that wide at any scale.
    public mutating func draw(_ image: Bitmap, at placement: BitmapPlacement, border: Int = 0, borderColor: Bitmap.Pixel = Bitmap.Pixel(red: 255, green: 255, blue: 255)) {
        guard image.width > 0, image.height > 0, placement.scale > 0, placement.scale.isFinite,
              placement.centerX.isFinite, placement.centerY.isFinite, placement.rotation.isFinite else { return }
        let box = placement.bounds(width: image.width, height: image.height, border: border)
        let left = max(0, box.minX), right = min(width, box.maxX + 1), top = max(0, box.minY), bottom = min(height, box.maxY + 1)
        guard left < right, top < bottom else { return }
        let xs = left ..< right, ys = top ..< bottom
        let cosine = cos(placement.rotation), sine = sin(placement.rotation), inverse = 1 / placement.scale
        let imageWidth = Double(image.width), imageHeight = Double(image.height)
        let margin = Double(border) * inverse
        // Walking across a row moves the source point by a fixed step: add it, do not recompute.
        let stepX = (cosine * inverse, -sine * inverse)
        let source = image.pixels.span
        for y in ys {
            let dy = Double(y) + 0.5 - placement.centerY
            let dx = Double(xs.lowerBound) + 0.5 - placement.centerX
            var u = (dx * cosine + dy * sine) * inverse + imageWidth / 2
            var v = (-dx * sine + dy * cosine) * inverse + imageHeight / 2
            let row = y * width
            for x in xs {
                defer { u += stepX.0; v += stepX.1 }
                guard u >= -margin, v >= -margin, u < imageWidth + margin, v < imageHeight + margin else { continue }
                if u < 0 || v < 0 || u >= imageWidth || v >= imageHeight {
                    pixels[row + x] = borderColor
                    continue
                }
                pixels[row + x] = Self.sample(source, width: image.width, height: image.height, u: u, v: v)
            }
        }
    }

    /// The colour at `u`, `v` (pixel centres at half-integers), mixed from the four nearest
    /// pixels by how near each is.
    private static func sample(_ source: Span<Bitmap.Pixel>, width: Int, height: Int, u: Double, v: Double) -> Bitmap.Pixel {
        let fx = u - 0.5, fy = v - 0.5
        let x0 = min(max(Int(fx.rounded(.down)), 0), width - 1), y0 = min(max(Int(fy.rounded(.down)), 0), height - 1)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let tx = min(max(fx - Double(x0), 0), 1), ty = min(max(fy - Double(y0), 0), 1)
        let a = source[y0 * width + x0], b = source[y0 * width + x1], c = source[y1 * width + x0], d = source[y1 * width + x1]
        func mix(_ p: UInt8, _ q: UInt8, _ r: UInt8, _ s: UInt8) -> UInt8 {
            let top = Double(p) + (Double(q) - Double(p)) * tx, bottom = Double(r) + (Double(s) - Double(r)) * tx
            return UInt8(min(255, max(0, (top + (bottom - top) * ty).rounded())))
        }
        return Bitmap.Pixel(red: mix(a.red, b.red, c.red, d.red), green: mix(a.green, b.green, c.green, d.green), blue: mix(a.blue, b.blue, c.blue, d.blue))
    }
}

extension Bitmap {
    /// A bitmap from a composition, whose pixel count is width × height by construction.
    fileprivate init(composedWidth width: Int, height: Int, pixels: [Pixel]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

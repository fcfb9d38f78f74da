import Foundation
import PropertyBased
import TableKit
import Testing
@testable import TUI

/// The photo board's photos through libpng and libexif (issue 27): the twelve bundled PNGs
/// decode to the pixels and facts `Scripts/generate-photos.py` wrote; every colour type
/// comes out as RGB; damaged files give a sentence naming the file, never a crash.
@Suite("Photo decoding: the bundled PNGs, every colour type, damaged files")
struct PhotoDecodingTests {
    /// `Resources/photos` in the source tree.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/photos")

    /// The bytes of a bundled photo.
    static func bytes(_ fileName: String) throws -> [UInt8] {
        try Array(Data(contentsOf: folder.appendingPathComponent(fileName)))
    }

    /// Decodes `bytes` as `fileName`.
    static func decode(_ bytes: [UInt8], _ fileName: String = "01-sunset.png") throws(PhotoDecodingError) -> DecodedPhoto {
        try PhotoDecoding.decode(Data(bytes), fileName: fileName)
    }

    /// The error of decoding `bytes`, or `nil` if they decoded.
    static func error(_ bytes: [UInt8], _ fileName: String = "01-sunset.png") -> PhotoDecodingError? {
        do { _ = try decode(bytes, fileName) } catch { return error }
        return nil
    }

    /// `FACTS` of the generator, copied as it writes them: place, latitude, longitude,
    /// taken, exposure, aperture, ISO, focal length.
    static let generated: [(file: String, place: String, latitude: Double, longitude: Double, taken: String,
                            shutter: ExifRational, aperture: ExifRational, iso: Int, focal: ExifRational)] = [
        ("01-sunset.png", "Bodega Bay", 38.3332, -123.0481, "2019:06:21 20:41:07", .init(numerator: 1, denominator: 250), .init(numerator: 8, denominator: 1), 100, .init(numerator: 35, denominator: 1)),
        ("02-mountains.png", "Zermatt", 46.0207, 7.7491, "2020:08:14 09:12:30", .init(numerator: 1, denominator: 500), .init(numerator: 11, denominator: 1), 100, .init(numerator: 24, denominator: 1)),
        ("03-forest.png", "Muir Woods", 37.8970, -122.5811, "2018:10:03 11:05:44", .init(numerator: 1, denominator: 60), .init(numerator: 4, denominator: 1), 800, .init(numerator: 28, denominator: 1)),
        ("04-night-sky.png", "Atacama", -24.5000, -69.2500, "2021:03:11 23:58:02", .init(numerator: 20, denominator: 1), .init(numerator: 28, denominator: 10), 3200, .init(numerator: 14, denominator: 1)),
        ("05-dunes.png", "Merzouga", 31.0802, -4.0134, "2017:12:28 16:22:10", .init(numerator: 1, denominator: 1000), .init(numerator: 8, denominator: 1), 100, .init(numerator: 50, denominator: 1)),
        ("06-skyline.png", "Shanghai", 31.2397, 121.4998, "2022:05:02 19:47:55", .init(numerator: 1, denominator: 30), .init(numerator: 28, denominator: 10), 1600, .init(numerator: 35, denominator: 1)),
        ("07-lake.png", "Lake Bled", 46.3636, 14.0938, "2020:08:16 07:31:18", .init(numerator: 1, denominator: 125), .init(numerator: 56, denominator: 10), 200, .init(numerator: 35, denominator: 1)),
        ("08-snow-peak.png", "Matterhorn", 45.9763, 7.6586, "2020:08:15 06:58:41", .init(numerator: 1, denominator: 800), .init(numerator: 11, denominator: 1), 100, .init(numerator: 85, denominator: 1)),
        ("09-aurora.png", "Tromsø", 69.6492, 18.9553, "2023:01:19 22:14:09", .init(numerator: 8, denominator: 1), .init(numerator: 28, denominator: 10), 1600, .init(numerator: 20, denominator: 1)),
        ("10-meadow.png", "Alpe di Siusi", 46.5440, 11.6200, "2021:06:30 14:03:27", .init(numerator: 1, denominator: 320), .init(numerator: 56, denominator: 10), 100, .init(numerator: 50, denominator: 1)),
        ("11-lighthouse.png", "Point Reyes", 37.9957, -123.0225, "2019:06:22 21:10:33", .init(numerator: 1, denominator: 15), .init(numerator: 4, denominator: 1), 800, .init(numerator: 50, denominator: 1)),
        ("12-rainbow.png", "Reykjavík", 64.1466, -21.9426, "2018:07:09 18:36:12", .init(numerator: 1, denominator: 200), .init(numerator: 8, denominator: 1), 200, .init(numerator: 24, denominator: 1)),
    ]

    /// The generator's `camera(focal)`: make, model, lens.
    static func camera(_ focal: Double) -> (String, String, String) {
        if focal <= 24 { return ("Lumen", "Lumen L1", "Lumen 14-24mm F2.8") }
        if focal < 70 { return ("Aperio", "Aperio X-7", "Aperio 24-70mm F2.8") }
        return ("Lumen", "Lumen L1", "Lumen 70-200mm F4")
    }

    // MARK: - The bundled photos

    @Test func theTwelveBundledPhotosDecodeWithTheFactsTheGeneratorWrote() throws {
        let load = PhotoDecoding.loadBundled()
        #expect(load.errors.isEmpty, "\(load.errors)")
        #expect(load.photos.map { $0.name + ".png" } == Self.generated.map(\.file))
        for (photo, expected) in zip(load.photos, Self.generated) {
            #expect(photo.bitmap.width == 96 && photo.bitmap.height == 64, "\(photo.name)")
            #expect(photo.exifProblem == nil)
            let facts = photo.facts, (make, model, lens) = Self.camera(expected.focal.value ?? 0)
            #expect(facts.make == make && facts.model == model && facts.lens == lens, "\(photo.name)")
            #expect(facts.caption == expected.place)
            #expect(facts.dateTaken == ExifDateTime(exif: expected.taken) && facts.dateTaken != nil)
            #expect(facts.exposureTime == expected.shutter)
            #expect(facts.fNumber == expected.aperture.value)
            #expect(facts.iso == expected.iso)
            #expect(facts.focalLength == expected.focal.value)
            // The generator writes seconds to a hundredth: within 0.005″ of its decimals.
            let coordinate = try #require(facts.coordinate, "\(photo.name)")
            #expect(abs(coordinate.latitude - expected.latitude) < 0.005 / 3600, "\(photo.name) \(coordinate)")
            #expect(abs(coordinate.longitude - expected.longitude) < 0.005 / 3600, "\(photo.name) \(coordinate)")
        }
    }

    /// Two photos fact by fact, exactly: north-west with a fraction of a second, and
    /// south-west with whole seconds and a decimal aperture.
    @Test func twoPhotosFactByFactExactly() throws {
        let sunset = try Self.decode(Self.bytes("01-sunset.png"))
        #expect(sunset.name == "01-sunset" && sunset.title == "Sunset")
        #expect(sunset.facts == PhotoFacts(
            make: "Aperio", model: "Aperio X-7", lens: "Aperio 24-70mm F2.8", caption: "Bodega Bay",
            exposureTime: ExifRational(numerator: 1, denominator: 250), fNumber: 8, iso: 100, focalLength: 35,
            dateTaken: ExifDateTime(year: 2019, month: 6, day: 21, hour: 20, minute: 41, second: 7),
            // degrees(38.3332) and degrees(-123.0481): [(38,1),(19,1),(5952,100)], [(123,1),(2,1),(5316,100)].
            coordinate: PhotoCoordinate(latitude: 38 + 19 / 60 + 59.52 / 3600, longitude: -(123 + 2 / 60 + 53.16 / 3600))))
        #expect(sunset.facts.shutterSpeedText == "1/250 s")
        #expect(sunset.facts.apertureText() == "ƒ/8")
        #expect(sunset.facts.coordinate?.text() == "38° 19′ 59.5″ N, 123° 2′ 53.2″ W")

        let night = try Self.decode(Self.bytes("04-night-sky.png"), "04-night-sky.png")
        #expect(night.name == "04-night-sky" && night.title == "Night sky")
        #expect(night.facts == PhotoFacts(
            make: "Lumen", model: "Lumen L1", lens: "Lumen 14-24mm F2.8", caption: "Atacama",
            exposureTime: ExifRational(numerator: 20, denominator: 1), fNumber: 2.8, iso: 3200, focalLength: 14,
            dateTaken: ExifDateTime(year: 2021, month: 3, day: 11, hour: 23, minute: 58, second: 2),
            coordinate: PhotoCoordinate(latitude: -24.5, longitude: -69.25)))
        #expect(night.facts.shutterSpeedText == "20 s")
        #expect(night.facts.apertureText(.ascii) == "f/2.8")
        #expect(night.facts.cameraText == "Lumen L1")
        #expect(night.facts.coordinate?.text() == "24° 30′ 0.0″ S, 69° 15′ 0.0″ W")
    }

    /// Every pixel of the sunset is the generator's `sunset(x, y)`, ported here with Python's
    /// rounding (half to even).
    @Test func theSunsetIsTheGeneratorsFormulaPixelForPixel() throws {
        let bitmap = try Self.decode(Self.bytes("01-sunset.png")).bitmap
        func mix(_ a: [Int], _ b: [Int], _ t: Double) -> [Int] {
            let t = max(0, min(1, t))
            return zip(a, b).map { x, y in Int((Double(x) + Double(y - x) * t).rounded(.toNearestOrEven)) }
        }
        func sunset(_ x: Int, _ y: Int) -> [Int] {
            let horizon = 40
            if y < horizon {
                let sky = mix([40, 30, 90], [250, 140, 60], Double(y) / Double(horizon))
                return hypot(Double(x - 60), Double(y - 34)) < 7 ? [255, 220, 120] : sky
            }
            let depth = Double(y - horizon) / Double(64 - horizon)
            if Double(abs(x - 60)) < 4 + depth * 6, (x + y) % 3 == 0 { return [255, 200, 110] }
            return mix([200, 110, 70], [20, 30, 70], depth)
        }
        var wrong: [String] = []
        for y in 0 ..< 64 {
            for x in 0 ..< 96 {
                let pixel = try #require(bitmap[x, y]), expected = sunset(x, y)
                if [Int(pixel.red), Int(pixel.green), Int(pixel.blue)] != expected { wrong.append("(\(x), \(y)): \(pixel) not \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Spelled out, in case the port and the decoder ever share a mistake.
        #expect(bitmap[0, 20] == Bitmap.Pixel(red: 145, green: 85, blue: 75))
        #expect(bitmap[60, 34] == Bitmap.Pixel(red: 255, green: 220, blue: 120))
        #expect(bitmap[60, 42] == Bitmap.Pixel(red: 255, green: 200, blue: 110))
    }

    @Test func theLighthousesStripesAreWhereTheGeneratorPaintedThem() throws {
        let bitmap = try Self.decode(Self.bytes("11-lighthouse.png"), "11-lighthouse.png").bitmap
        #expect(bitmap[43, 14] == Bitmap.Pixel(red: 220, green: 40, blue: 40))
        #expect(bitmap[43, 18] == Bitmap.Pixel(red: 245, green: 245, blue: 245))
    }

    // MARK: - Damaged files

    @Test func anEmptyFileSaysSo() {
        #expect(Self.error([])?.description == "01-sunset.png: empty file")
    }

    @Test func randomBytesAreNotAPNG() {
        var generator = SystemRandomNumberGenerator()
        let noise = (0 ..< 500).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
        #expect(Self.error(noise)?.description == "01-sunset.png: not a PNG file (bad signature)")
        #expect(Self.error(Array(TestPNG.signature.prefix(7)))?.reason == .notPNG)
        #expect(Self.error(Array("GIF89a plus some more bytes".utf8))?.reason == .notPNG)
    }

    @Test func aTruncatedPNGSaysItEndsTooSoon() throws {
        let file = try Self.bytes("01-sunset.png")
        for length in [8, 20, 33, file.count / 2, file.count - 13, file.count - 1] {
            let error = try #require(Self.error(Array(file.prefix(length))), "cut at \(length)")
            #expect(error.description == "01-sunset.png: damaged PNG (unexpected end of file (truncated))", "cut at \(length)")
        }
    }

    @Test func aBadCRCInTheImageDataIsAnError() throws {
        var file = try Self.bytes("01-sunset.png")
        let data = try #require(TestPNG.chunk("IDAT", in: file))
        file[data.end - 1] ^= 0x01
        #expect(Self.error(file)?.description == "01-sunset.png: damaged PNG (IDAT: CRC error)")
    }

    /// With the CRC made to match, the damage reaches zlib, which refuses it.
    @Test func damagedCompressedDataIsAnErrorInZlibsWords() throws {
        var file = try Self.bytes("01-sunset.png")
        let data = try #require(TestPNG.chunk("IDAT", in: file))
        file[data.dataStart + 2] |= 0x06 // the first deflate block's type: 11, reserved
        let error = try #require(Self.error(TestPNG.fixingCRCs(file)))
        #expect(error.description == "01-sunset.png: damaged PNG (IDAT: invalid block type)")

        var header = try Self.bytes("01-sunset.png")
        header[data.dataStart] = 0x00 // the zlib header: no compression method
        #expect(Self.error(TestPNG.fixingCRCs(header))?.reason == .damaged("IDAT: incorrect header check"))
    }

    @Test func aHeaderClaimingTooManyPixelsIsRefusedBeforeAnyAllocation() throws {
        let file = try Self.bytes("01-sunset.png")
        let header = try #require(TestPNG.chunk("IHDR", in: file))
        func claiming(_ width: UInt32, _ height: UInt32) -> [UInt8] {
            var changed = file
            changed.replaceSubrange(header.dataStart ..< header.dataStart + 8, with: TestPNG.bigEndian(width) + TestPNG.bigEndian(height))
            return TestPNG.fixingCRCs(changed)
        }
        #expect(Self.error(claiming(20_000, 1))?.description
            == "01-sunset.png: too large: 20000 x 1 pixels is larger than the 16384 x 16384 (64 M pixels) decoded")
        #expect(Self.error(claiming(16_384, 16_384))?.reason
            == .tooLarge("16384 x 16384 pixels is larger than the 16384 x 16384 (64 M pixels) decoded"))
        #expect(Self.error(claiming(0x7FFF_FFFF, 0x7FFF_FFFF))?.reason == .tooLarge(
            "2147483647 x 2147483647 pixels is larger than the 16384 x 16384 (64 M pixels) decoded"))
        // Within the limits, the missing rows are libpng's to report.
        #expect(Self.error(claiming(96, 65))?.reason == .damaged("Not enough image data"))
    }

    @Test func aPNGWithoutExifDecodesWithNoFacts() throws {
        let photo = try Self.decode(TestPNG.removing("eXIf", from: Self.bytes("01-sunset.png")))
        #expect(photo.bitmap.width == 96 && photo.bitmap.height == 64)
        #expect(photo.facts == .none && photo.facts.isEmpty)
        #expect(photo.exifProblem == nil)
    }

    /// A bad CRC in an ancillary chunk is libpng's warning, not its error: the chunk is
    /// skipped, the photo shown, and nothing printed on the terminal.
    @Test func anExifChunkWithABadCRCIsSkipped() throws {
        var file = try Self.bytes("01-sunset.png")
        let exif = try #require(TestPNG.chunk("eXIf", in: file))
        file[exif.end - 1] ^= 0xFF
        let photo = try Self.decode(file)
        #expect(photo.facts == .none && photo.bitmap.width == 96)
    }

    @Test func unreadableExifLeavesThePhotoAndSaysWhy() throws {
        let broken = Array("II*\0".utf8) + TestPNG.bigEndian(0xFFFF_FF00).reversed() + [UInt8](repeating: 0xAB, count: 24)
        let file = TestPNG.file(width: 2, height: 1, depth: 8, colourType: 0, before: [("eXIf", broken)]) { x, _ in [x * 255] }
        let photo = try Self.decode(file)
        #expect(photo.bitmap.pixels == [Bitmap.Pixel(red: 0, green: 0, blue: 0), Bitmap.Pixel(red: 255, green: 255, blue: 255)])
        #expect(photo.facts == .none)
        #expect(photo.exifProblem == "the Exif data could not be read: no Exif tag could be read")

        // A byte order that is neither II nor MM: libpng drops the chunk (a warning nobody
        // sees), so there is nothing to read and nothing to complain of.
        let unknownOrder = Array("XX*\0".utf8) + [8, 0, 0, 0]
        let other = try Self.decode(TestPNG.file(width: 1, height: 1, depth: 8, colourType: 0, before: [("eXIf", unknownOrder)]) { _, _ in [7] })
        #expect(other.facts == .none && other.exifProblem == nil)
        #expect(other.bitmap.pixels == [Bitmap.Pixel(red: 7, green: 7, blue: 7)])
    }

    /// Reading facts straight from Exif bytes: nothing gives nothing, with a reason.
    @Test func exifStreamsWithoutTagsSaySo() {
        #expect(PhotoFacts.read(exif: []) == PhotoFacts.ExifReading(facts: .none, problem: "no Exif data"))
        #expect(PhotoFacts.read(exif: Array("II*\0".utf8) + [8, 0, 0, 0, 0, 0, 0, 0, 0, 0]).facts == .none)
        #expect(PhotoFacts.read(exif: Array("MM\0*".utf8) + [0, 0, 0, 8, 0x50, 0]).problem != nil)
    }

    /// The eXIf chunk may follow the image data (PNG 1.2 and the 2017 extensions allow it).
    @Test func exifAfterTheImageDataIsReadToo() throws {
        let file = try Self.bytes("01-sunset.png")
        let exif = try #require(TestPNG.chunk("eXIf", in: file))
        let moved = TestPNG.removing("eXIf", from: file)
        let end = try #require(TestPNG.chunk("IEND", in: moved))
        let reordered = Array(moved[..<end.start]) + file[exif.start ..< exif.end] + moved[end.start...]
        #expect(try Self.decode(reordered).facts == Self.decode(file).facts)
    }

    @Test func aFolderWithBrokenFilesStillGivesTheGoodOnes() throws {
        let files = TemporaryFiles()
        let sunset = try Self.bytes("01-sunset.png")
        try Data(sunset).write(to: files.directory.appendingPathComponent("01-sunset.png"))
        try Data("not a picture".utf8).write(to: files.directory.appendingPathComponent("02-broken.png"))
        try Data().write(to: files.directory.appendingPathComponent("03-empty.PNG"))
        try Data(sunset.prefix(300)).write(to: files.directory.appendingPathComponent("04-cut.png"))
        try Data(sunset).write(to: files.directory.appendingPathComponent("05-again.png"))
        try Data("notes".utf8).write(to: files.directory.appendingPathComponent("notes.txt"))
        let load = PhotoDecoding.load(folder: files.directory)
        #expect(load.photos.map(\.name) == ["01-sunset", "05-again"])
        #expect(load.errors.map(\.description) == [
            "02-broken.png: not a PNG file (bad signature)", "03-empty.PNG: empty file",
            "04-cut.png: damaged PNG (unexpected end of file (truncated))",
        ])

        let missing = PhotoDecoding.load(folder: files.directory.appendingPathComponent("nowhere"))
        #expect(missing.photos.isEmpty)
        #expect(missing.errors.map(\.description) == ["nowhere: cannot be read (No such file or directory)"])
    }

    // MARK: - Every colour type as RGB

    @Test func grayAtEightAndOneBitsBecomesRGB() throws {
        let gray = try Self.decode(TestPNG.file(width: 3, height: 1, depth: 8, colourType: 0) { x, _ in [[0, 128, 255][x]] })
        #expect(gray.bitmap.pixels.map(\.red) == [0, 128, 255] && gray.bitmap.pixels.allSatisfy { $0.red == $0.green && $0.green == $0.blue })
        let bits = try Self.decode(TestPNG.file(width: 10, height: 2, depth: 1, colourType: 0) { x, y in [(x + y) % 2] })
        #expect(bits.bitmap.width == 10 && bits.bitmap.height == 2)
        #expect(bits.bitmap.pixels.map(\.green) == [0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0])
    }

    @Test func aPaletteWithTransparencyIsCompositedOverBlack() throws {
        let palette: [UInt8] = [10, 20, 30, 200, 100, 50, 255, 255, 255]
        let file = TestPNG.file(width: 3, height: 1, depth: 2, colourType: 3,
                                before: [("PLTE", palette), ("tRNS", [255, 128])]) { x, _ in [x] }
        let pixels = try Self.decode(file).bitmap.pixels
        // Index 1 at alpha 128: each channel × 128 / 255, rounded; index 2 has no tRNS entry.
        #expect(pixels == [Bitmap.Pixel(red: 10, green: 20, blue: 30), Bitmap.Pixel(red: 100, green: 50, blue: 25),
                           Bitmap.Pixel(red: 255, green: 255, blue: 255)])
    }

    /// Scaled, rounded (`png_set_scale_16`), not cut to the high byte: 0x00FF is 1, not 0.
    @Test func sixteenBitSamplesAreScaledToEight() throws {
        let file = TestPNG.file(width: 2, height: 1, depth: 16, colourType: 2) { x, _ in x == 0 ? [0, 0x8080, 0xFFFF] : [0xFFFF, 0x00FF, 0x7F80] }
        #expect(try Self.decode(file).bitmap.pixels == [Bitmap.Pixel(red: 0, green: 128, blue: 255), Bitmap.Pixel(red: 255, green: 1, blue: 127)])
    }

    @Test func alphaChannelsAreCompositedOverBlack() throws {
        let rgba = TestPNG.file(width: 3, height: 1, depth: 8, colourType: 6) { x, _ in [[200, 100, 50, 0], [200, 100, 50, 255], [255, 255, 255, 128]][x] }
        #expect(try Self.decode(rgba).bitmap.pixels == [Bitmap.Pixel(red: 0, green: 0, blue: 0), Bitmap.Pixel(red: 200, green: 100, blue: 50),
                                                        Bitmap.Pixel(red: 128, green: 128, blue: 128)])
        let grayAlpha = TestPNG.file(width: 1, height: 1, depth: 8, colourType: 4) { _, _ in [255, 64] }
        #expect(try Self.decode(grayAlpha).bitmap.pixels == [Bitmap.Pixel(red: 64, green: 64, blue: 64)])
    }

    @Test func anInterlacedImageComesOutInRowOrder() throws {
        let colour = { (x: Int, y: Int) in [x * 20, y * 20, (x * 7 + y * 11) % 256] }
        let interlaced = try Self.decode(TestPNG.file(width: 11, height: 9, depth: 8, colourType: 2, interlaced: true, samples: colour))
        let plain = try Self.decode(TestPNG.file(width: 11, height: 9, depth: 8, colourType: 2, samples: colour))
        #expect(interlaced.bitmap == plain.bitmap)
        #expect(interlaced.bitmap[10, 8] == Bitmap.Pixel(red: 200, green: 160, blue: 158))
    }

    // MARK: - Mutations

    /// The sunset's bytes with `flips` (offset, mask) applied, then cut to `length`.
    static func mutated(_ file: [UInt8], flips: [(Int, UInt8)], length: Int) -> [UInt8] {
        var bytes = file
        for (offset, mask) in flips { bytes[offset % bytes.count] ^= mask }
        return Array(bytes.prefix(length))
    }

    /// Any flipped bytes and any cut: a photo of the file's size, or an error naming the file.
    @Test func anyMutationOfAValidPNGDecodesOrFailsInWords() async throws {
        let file = try Self.bytes("01-sunset.png")
        let flips = zip(Gen.int(in: 0 ... file.count - 1), Gen.uint8(in: 1 ... 255)).array(of: 0 ... 6)
        await propertyCheck(count: 400, input: flips, Gen.int(in: 0 ... file.count)) { flips, length in
            Self.expectPhotoOrError(Self.mutated(file, flips: flips, length: length))
        }
    }

    /// The same with every CRC made to match, so that the damage reaches libpng's chunk
    /// readers, zlib and libexif instead of the CRC check: the size is then the one IHDR says.
    @Test func anyMutationWithMatchingCRCsDecodesOrFailsInWords() async throws {
        let file = try Self.bytes("01-sunset.png")
        let flips = zip(Gen.int(in: 8 ... file.count - 1), Gen.uint8(in: 1 ... 255)).array(of: 1 ... 4)
        await propertyCheck(count: 400, input: flips, Gen.int(in: 0 ... file.count)) { flips, length in
            Self.expectPhotoOrError(Array(TestPNG.fixingCRCs(Self.mutated(file, flips: flips, length: file.count)).prefix(length)))
        }
    }

    /// A photo whose bitmap has the size IHDR gives, or an error that names the file and
    /// says something.
    static func expectPhotoOrError(_ bytes: [UInt8]) {
        do {
            let photo = try decode(bytes)
            let size = TestPNG.size(bytes)
            #expect(size?.width == photo.bitmap.width && size?.height == photo.bitmap.height)
            #expect(photo.bitmap.pixels.count == photo.bitmap.width * photo.bitmap.height)
        } catch {
            #expect(error.description.hasPrefix("01-sunset.png: ") && error.description.count > "01-sunset.png: ".count + 4)
        }
    }
}

import Foundation
import TableKit
import Testing
@testable import TUI

/// The photo facts as the info screen words them (issue 27): shutter, aperture, ISO, focal
/// length and date as iOS Photos writes them, coordinates in degrees, minutes and seconds at
/// both hemispheres and at the rounding edges, and the distance between two places.
@Suite("Photo decoding: facts worded as iOS Photos does, coordinates, distances")
struct PhotoDecodingFactsTests {
    // MARK: - Coordinates

    @Test func theEiffelTowerInDegreesMinutesAndSeconds() throws {
        let tower = try #require(PhotoCoordinate(latitude: 48.858222, longitude: 2.2945))
        #expect(tower.latitudeText() == "48° 51′ 29.6″ N")
        #expect(tower.longitudeText() == "2° 17′ 40.2″ E")
        #expect(tower.text(.ascii) == #"48 deg 51' 29.6" N, 2 deg 17' 40.2" E"#)
    }

    @Test func southAndWestAreTheNegativeHalves() throws {
        let sydney = try #require(PhotoCoordinate(latitude: -33.8688, longitude: 151.2093))
        #expect(sydney.text() == "33° 52′ 7.7″ S, 151° 12′ 33.5″ E")
        let newYork = try #require(PhotoCoordinate(latitude: 40.7128, longitude: -74.0060))
        #expect(newYork.text() == "40° 42′ 46.1″ N, 74° 0′ 21.6″ W")
        let capeHorn = try #require(PhotoCoordinate(latitude: -55.98, longitude: -67.2736))
        #expect(capeHorn.text(.ascii) == #"55 deg 58' 48.0" S, 67 deg 16' 25.0" W"#)
    }

    @Test func theEquatorAndTheMeridianAreNorthAndEast() throws {
        #expect(try #require(PhotoCoordinate(latitude: 0, longitude: 0)).text() == "0° 0′ 0.0″ N, 0° 0′ 0.0″ E")
        // A hair south of the equator that rounds to nothing is not "0° 0′ 0.0″ S".
        #expect(try #require(PhotoCoordinate(latitude: -0.000_000_1, longitude: -0.000_000_1)).text() == "0° 0′ 0.0″ N, 0° 0′ 0.0″ E")
    }

    /// 59.95″ rounds to 60.0″, which is a minute: it carries, and from 59′ on into the degree.
    @Test func secondsThatRoundToSixtyCarryIntoTheMinuteAndTheDegree() {
        func text(_ degrees: Double, _ minutes: Double, _ seconds: Double) -> String {
            PhotoCoordinate.sexagesimal(degrees + minutes / 60 + seconds / 3600, positive: "N", negative: "S", glyphs: .unicode)
        }
        #expect(text(10, 30, 59.95) == "10° 31′ 0.0″ N")
        #expect(text(10, 59, 59.95) == "11° 0′ 0.0″ N")
        #expect(text(89, 59, 59.96) == "90° 0′ 0.0″ N")
        #expect(text(10, 30, 59.94) == "10° 30′ 59.9″ N")
        #expect(text(10, 30, 29.65) == "10° 30′ 29.7″ N")
        #expect(text(10, 30, 0.04) == "10° 30′ 0.0″ N")
        #expect(PhotoCoordinate.sexagesimal(-(10 + 59 / 60 + 59.95 / 3600), positive: "E", negative: "W", glyphs: .ascii) == #"11 deg 0' 0.0" W"#)
    }

    @Test func exifDegreesNeedAHemisphereAndSenseToMakeAPlace() {
        func rationals(_ values: [(UInt32, UInt32)]) -> [ExifRational] { values.map { ExifRational(numerator: $0.0, denominator: $0.1) } }
        let north = rationals([(38, 1), (19, 1), (5952, 100)]), west = rationals([(123, 1), (2, 1), (5316, 100)])
        let latitude: Double = 38 + 19 / 60 + 59.52 / 3600, longitude: Double = 123 + 2 / 60 + 53.16 / 3600
        let place = PhotoCoordinate(latitude: north, "N", longitude: west, "W")
        #expect(place?.latitude == latitude && place?.longitude == -longitude)
        let mirrored = PhotoCoordinate(latitude: north, "S", longitude: west, "E")
        #expect(mirrored?.latitude == -latitude && mirrored?.longitude == longitude)
        #expect(PhotoCoordinate(latitude: north, nil, longitude: west, "W") == nil, "no hemisphere, no guess")
        #expect(PhotoCoordinate(latitude: north, "N", longitude: west, "X") == nil)
        #expect(PhotoCoordinate(latitude: rationals([(38, 0), (0, 1), (0, 1)]), "N", longitude: west, "W") == nil, "a zero denominator")
        #expect(PhotoCoordinate(latitude: rationals([(38, 1), (61, 1), (0, 1)]), "N", longitude: west, "W") == nil, "61 minutes")
        #expect(PhotoCoordinate(latitude: rationals([(91, 1), (0, 1), (0, 1)]), "N", longitude: west, "W") == nil, "past the pole")
        #expect(PhotoCoordinate(latitude: rationals([(38, 1), (0, 1)]), "N", longitude: west, "W") == nil, "two parts")
        #expect(PhotoCoordinate(latitude: 90.5, longitude: 0) == nil && PhotoCoordinate(latitude: 0, longitude: .nan) == nil)
    }

    // MARK: - Distances

    @Test func distancesAreGreatCirclesOnTheMeanEarth() throws {
        let origin = try #require(PhotoCoordinate(latitude: 0, longitude: 0))
        let degreeEast = try #require(PhotoCoordinate(latitude: 0, longitude: 1))
        let antipode = try #require(PhotoCoordinate(latitude: 0, longitude: 180))
        // One degree of arc is 2πR / 360; half the earth is πR.
        #expect(abs(origin.distance(to: degreeEast) - 6371.0088 * Double.pi / 180) < 1e-9)
        #expect(abs(origin.distance(to: antipode) - 6371.0088 * Double.pi) < 1e-6)
        #expect(origin.distance(to: origin) == 0)
        let paris = try #require(PhotoCoordinate(latitude: 48.8566, longitude: 2.3522))
        let london = try #require(PhotoCoordinate(latitude: 51.5074, longitude: -0.1278))
        #expect(abs(paris.distance(to: london) - 343.5565) < 0.001)
        #expect(paris.distance(to: london) == london.distance(to: paris))
        let north = try #require(PhotoCoordinate(latitude: 90, longitude: 0)), south = try #require(PhotoCoordinate(latitude: -90, longitude: 77))
        #expect(abs(north.distance(to: south) - 6371.0088 * Double.pi) < 1e-6)
    }

    @Test func twoBundledPhotosTakenNearEachOther() throws {
        let photos = PhotoDecoding.loadBundled().photos
        let sunset = try #require(photos.first { $0.name == "01-sunset" }?.facts.coordinate)
        let lighthouse = try #require(photos.first { $0.name == "11-lighthouse" }?.facts.coordinate)
        let aurora = try #require(photos.first { $0.name == "09-aurora" }?.facts.coordinate)
        #expect(sunset.distance(to: lighthouse) < 50)
        #expect(sunset.distance(to: aurora) > 5000)
    }

    // MARK: - Exposure, aperture, ISO, focal length, camera

    @Test func shutterSpeedsAsFractionsBelowFourTenthsAndSecondsFromThere() {
        func text(_ numerator: UInt32, _ denominator: UInt32) -> String? { ExifRational(numerator: numerator, denominator: denominator).shutterSpeedText }
        #expect(text(1, 250) == "1/250 s")
        #expect(text(10, 2500) == "1/250 s")
        #expect(text(1, 3) == "1/3 s")
        #expect(text(3, 10) == "1/3 s")
        #expect(text(2, 5) == "0.4 s")
        #expect(text(1, 2) == "0.5 s")
        #expect(text(1, 1) == "1 s")
        #expect(text(5, 2) == "2.5 s")
        #expect(text(20, 1) == "20 s")
        #expect(text(0, 1) == nil)
        #expect(text(1, 0) == nil)
    }

    @Test func apertureISOAndFocalLengthAsIOSPhotosWritesThem() {
        var facts = PhotoFacts(fNumber: 2.8, iso: 100, focalLength: 35)
        #expect(facts.apertureText() == "ƒ/2.8" && facts.apertureText(.ascii) == "f/2.8")
        #expect(facts.isoText == "ISO 100")
        #expect(facts.focalLengthText == "35 mm")
        facts = PhotoFacts(fNumber: 1.78, iso: 25, focalLength: 4.25)
        #expect(facts.apertureText() == "ƒ/1.78" && facts.focalLengthText == "4.3 mm" && facts.isoText == "ISO 25")
        facts = PhotoFacts(fNumber: 8, iso: 0, focalLength: 0)
        #expect(facts.apertureText() == "ƒ/8" && facts.isoText == nil && facts.focalLengthText == nil)
        #expect(PhotoFacts.none.apertureText() == nil && PhotoFacts.none.shutterSpeedText == nil && PhotoFacts.none.dateTakenText == nil)
    }

    @Test func theCameraNamesItsMakerOnce() {
        #expect(PhotoFacts(make: "Lumen", model: "Lumen L1").cameraText == "Lumen L1")
        #expect(PhotoFacts(make: "Aperio", model: "X-7").cameraText == "Aperio X-7")
        #expect(PhotoFacts(make: "Aperio").cameraText == "Aperio" && PhotoFacts(model: "X-7").cameraText == "X-7")
        #expect(PhotoFacts.none.cameraText == nil)
    }

    @Test func decimalsKeepAPointAndDropTrailingZeros() {
        #expect(PhotoFacts.decimal(2.8, fractionDigits: 2) == "2.8")
        #expect(PhotoFacts.decimal(0.05, fractionDigits: 1) == "0.1")
        #expect(PhotoFacts.decimal(0.5, fractionDigits: 1) == "0.5")
        #expect(PhotoFacts.decimal(12, fractionDigits: 1) == "12")
        #expect(PhotoFacts.decimal(-1.25, fractionDigits: 1) == "-1.3")
        #expect(PhotoFacts.decimal(-0.01, fractionDigits: 1) == "0")
    }

    // MARK: - Dates

    @Test func exifDatesAreWallClockTimesWithAWeekday() throws {
        let taken = try #require(ExifDateTime(exif: "2019:06:21 20:41:07"))
        #expect(taken == ExifDateTime(year: 2019, month: 6, day: 21, hour: 20, minute: 41, second: 7))
        #expect(taken.text == "Friday 21 June 2019, 20:41:07")
        #expect(ExifDateTime(exif: "2000:01:01 00:00:00")?.text == "Saturday 1 January 2000, 00:00:00")
        #expect(ExifDateTime(exif: "2024:02:29 09:05:03 ")?.text == "Thursday 29 February 2024, 09:05:03")
        #expect(ExifDateTime(exif: "2019:06:21 20:41:07")! < ExifDateTime(exif: "2019:06:21 20:41:08")!)
    }

    @Test func unknownOrImpossibleExifDatesAreNone() {
        for text in ["0000:00:00 00:00:00", "    :  :     :  :  ", "2019:02:29 10:00:00", "2019:13:01 10:00:00",
                     "2019:06:21 24:00:00", "2019:06:21 20:60:00", "2019-06-21 20:41:07", "2019:06:21", "2019:06:21T20:41:07",
                     "2019:06:21 20:41:07.5", "", "２０１９:06:21 20:41:07"] {
            #expect(ExifDateTime(exif: text) == nil, "\(text)")
        }
    }

    // MARK: - Names

    @Test func titlesComeFromFileNames() {
        #expect(PhotoDecoding.name(ofFile: "01-sunset.png") == "01-sunset")
        #expect(PhotoDecoding.name(ofFile: ".png") == ".png")
        #expect(PhotoDecoding.title(forName: "01-sunset") == "Sunset")
        #expect(PhotoDecoding.title(forName: "04-night-sky") == "Night sky")
        #expect(PhotoDecoding.title(forName: "snow_peak") == "Snow peak")
        #expect(PhotoDecoding.title(forName: "12") == "12")
    }
}

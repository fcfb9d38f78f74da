import Foundation

/// What a photo's Exif metadata says about how and where it was taken: the facts the photo
/// board shows under a photo, as iOS Photos does. Every fact is optional: a photo may carry
/// none of them, some, or values too broken to use (which are left out, not guessed at).
struct PhotoFacts: Sendable, Hashable {
    /// The camera's maker (Exif `Make`), e.g. `Aperio`.
    var make: String?
    /// The camera (Exif `Model`), e.g. `Aperio X-7`.
    var model: String?
    /// The lens (Exif `LensModel`), e.g. `Aperio 24-70mm F2.8`.
    var lens: String?
    /// The photo's caption (Exif `ImageDescription`); the bundled photos hold the place.
    var caption: String?
    /// How long the shutter was open, in seconds, as the camera wrote it (`1/250`).
    var exposureTime: ExifRational?
    /// The aperture's f-number, e.g. 2.8.
    var fNumber: Double?
    /// The sensitivity, e.g. 100.
    var iso: Int?
    /// The lens's focal length in millimetres (the real one, not the 35 mm equivalent).
    var focalLength: Double?
    /// When it was taken (Exif `DateTimeOriginal`), on the camera's clock.
    var dateTaken: ExifDateTime?
    /// Where it was taken.
    var coordinate: PhotoCoordinate?

    /// No facts at all: a photo without Exif metadata, or with none that could be read.
    static let none = PhotoFacts()

    /// Whether there is no fact at all to show.
    var isEmpty: Bool { self == .none }
}

/// An Exif `RATIONAL`: two unsigned 32-bit integers, kept as written so that `1/250` stays
/// `1/250` rather than the nearest binary fraction.
struct ExifRational: Sendable, Hashable {
    /// The part above the line.
    var numerator: UInt32
    /// The part below the line; 0 in a broken file.
    var denominator: UInt32

    /// The value, or `nil` when the denominator is 0.
    var value: Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }
}

/// A date and time as an Exif tag writes it, `YYYY:MM:DD HH:MM:SS`: the wall-clock time of
/// the camera, in no particular time zone. It is kept that way — turning it into a `Date`
/// would need a time zone the file does not give — so a photo taken at 20:41 in California
/// shows 20:41 wherever it is looked at, as on iOS.
struct ExifDateTime: Sendable, Hashable, Comparable {
    /// 1…9999.
    var year: Int
    /// 1…12.
    var month: Int
    /// 1…31, within the month's length.
    var day: Int
    /// 0…23.
    var hour: Int
    /// 0…59.
    var minute: Int
    /// 0…60 (60 for a leap second).
    var second: Int

    /// Parses `YYYY:MM:DD HH:MM:SS` (surrounding spaces and NULs ignored); `nil` for any other
    /// shape, for a field out of range (February 30th, hour 24), and for the all-zero and
    /// all-blank values Exif uses for "unknown".
    init?(exif text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\0")))
        let characters = Array(trimmed.utf8)
        // Digits everywhere but the separators: 0000:00:00 00:00:00.
        let separators: [Int: UInt8] = [4: UInt8(ascii: ":"), 7: UInt8(ascii: ":"), 10: UInt8(ascii: " "), 13: UInt8(ascii: ":"), 16: UInt8(ascii: ":")]
        guard characters.count == 19 else { return nil }
        for (index, byte) in characters.enumerated() {
            if let separator = separators[index] {
                guard byte == separator else { return nil }
            } else if !(UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) {
                return nil
            }
        }
        func number(_ range: Range<Int>) -> Int {
            characters[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        self.init(year: number(0 ..< 4), month: number(5 ..< 7), day: number(8 ..< 10),
                  hour: number(11 ..< 13), minute: number(14 ..< 16), second: number(17 ..< 19))
    }

    /// A date and time from its fields; `nil` when one is out of range.
    init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard (1 ... 9999).contains(year), (1 ... 12).contains(month),
              (1 ... Self.days(inMonth: month, of: year)).contains(day),
              (0 ... 23).contains(hour), (0 ... 59).contains(minute), (0 ... 60).contains(second) else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The days of `month` (1…12) in the proleptic Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Earlier first, field by field.
    static func < (lhs: ExifDateTime, rhs: ExifDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}

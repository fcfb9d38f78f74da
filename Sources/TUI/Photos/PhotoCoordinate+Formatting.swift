import TableKit

/// A coordinate in degrees, minutes and seconds, as iOS Photos and maps show one:
/// `48° 51′ 29.6″ N, 2° 17′ 40.2″ E`, or in ASCII `48 deg 51' 29.6" N, 2 deg 17' 40.2" E`.
extension PhotoCoordinate {
    /// Both halves, latitude first, separated by a comma.
    func text(_ glyphs: Glyphs = .unicode) -> String {
        latitudeText(glyphs) + ", " + longitudeText(glyphs)
    }

    /// The latitude, `48° 51′ 29.6″ N` or `33° 52′ 7.7″ S`.
    func latitudeText(_ glyphs: Glyphs = .unicode) -> String {
        Self.sexagesimal(latitude, positive: "N", negative: "S", glyphs: glyphs)
    }

    /// The longitude, `2° 17′ 40.2″ E` or `122° 25′ 9.7″ W`.
    func longitudeText(_ glyphs: Glyphs = .unicode) -> String {
        Self.sexagesimal(longitude, positive: "E", negative: "W", glyphs: glyphs)
    }

    /// `value` in whole degrees, whole minutes and seconds to a tenth, then its hemisphere.
    /// The rounding happens once, on the tenths of a second, so that 59.95″ carries into the
    /// minute (and 59′ 59.95″ into the degree) instead of showing `60.0″`. A millionth of a
    /// tenth is added first: a decimal like 29.65″ arrives here as the nearest binary
    /// fraction, often a hair below the half it was written as. A value that rounds to zero
    /// takes the positive hemisphere.
    static func sexagesimal(_ value: Double, positive: String, negative: String, glyphs: Glyphs) -> String {
        let tenths = Int((abs(value) * 36_000 + 1e-6).rounded())
        let degrees = tenths / 36_000, minutes = tenths % 36_000 / 600, seconds = tenths % 600
        let hemisphere = value < 0 && tenths > 0 ? negative : positive
        let secondsText = "\(seconds / 10).\(seconds % 10)"
        if glyphs == .ascii {
            return "\(degrees) deg \(minutes)' \(secondsText)\" \(hemisphere)"
        }
        return "\(degrees)° \(minutes)′ \(secondsText)″ \(hemisphere)"
    }
}

import Foundation

/// A place on the earth, in signed decimal degrees (north and east positive), as a photo's
/// Exif GPS tags give it.
struct PhotoCoordinate: Sendable, Hashable {
    /// −90…90, north positive.
    var latitude: Double
    /// −180…180, east positive.
    var longitude: Double

    /// The earth's mean radius in kilometres (IUGG), the sphere ``distance(to:)`` measures on.
    static let earthRadius = 6371.0088

    /// A coordinate; `nil` when either value is not finite or out of its range.
    init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A coordinate from Exif's degrees, minutes and seconds and the hemispheres'
    /// letters (`N`/`S`, `E`/`W`); `nil` when a denominator is 0, a minute or second is
    /// 60 or more, a letter is missing (a hemisphere is not guessed) or the result is out
    /// of range.
    init?(latitude: [ExifRational], _ latitudeRef: Character?, longitude: [ExifRational], _ longitudeRef: Character?) {
        guard let north = Self.degrees(latitude), let east = Self.degrees(longitude) else { return nil }
        let latitudeSign: Double, longitudeSign: Double
        switch latitudeRef {
        case "N": latitudeSign = 1
        case "S": latitudeSign = -1
        default: return nil
        }
        switch longitudeRef {
        case "E": longitudeSign = 1
        case "W": longitudeSign = -1
        default: return nil
        }
        self.init(latitude: latitudeSign * north, longitude: longitudeSign * east)
    }

    /// Degrees, minutes, seconds as decimal degrees.
    private static func degrees(_ parts: [ExifRational]) -> Double? {
        guard parts.count == 3, let degrees = parts[0].value, let minutes = parts[1].value, let seconds = parts[2].value,
              minutes < 60, seconds < 60 else { return nil }
        return degrees + minutes / 60 + seconds / 3600
    }

    /// The great-circle distance to `other` in kilometres, by the haversine formula on a
    /// sphere of ``earthRadius`` — within 0.5 % of the distance on the ellipsoid, plenty for
    /// "taken near here".
    func distance(to other: PhotoCoordinate) -> Double {
        let radians = Double.pi / 180
        let φ1 = latitude * radians, φ2 = other.latitude * radians
        let Δφ = (other.latitude - latitude) * radians, Δλ = (other.longitude - longitude) * radians
        let a = pow(sin(Δφ / 2), 2) + cos(φ1) * cos(φ2) * pow(sin(Δλ / 2), 2)
        // Rounding can carry `a` a hair past 1 for antipodes.
        return 2 * Self.earthRadius * asin(min(1, sqrt(max(0, a))))
    }
}

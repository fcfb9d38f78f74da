import CPhotoDecoding
import Foundation

extension PhotoFacts {
    /// What libexif read from an Exif stream: the facts, and why there are none when it
    /// could read no tag at all.
    struct ExifReading: Sendable, Hashable {
        /// The usable facts; ``PhotoFacts/none`` when none were.
        var facts: PhotoFacts
        /// Why no tag could be read, in libexif's words where it gave some; `nil` when at
        /// least one tag was read.
        var problem: String?
    }

    /// The facts of libexif's answer, each checked for sense.
    init(_ raw: tk_photo_exif) {
        self.init()
        make = Self.text(raw.make)
        model = Self.text(raw.model)
        lens = Self.text(raw.lens_model)
        caption = Self.text(raw.image_description)
        if raw.has_exposure_time != 0 {
            let exposure = ExifRational(raw.exposure_time)
            exposureTime = (exposure.value ?? 0) > 0 ? exposure : nil
        }
        if raw.has_f_number != 0, let value = ExifRational(raw.f_number).value, value > 0 { fNumber = value }
        if raw.has_iso != 0, raw.iso > 0 { iso = Int(raw.iso) }
        if raw.has_focal_length != 0, let value = ExifRational(raw.focal_length).value, value > 0 { focalLength = value }
        dateTaken = Self.text(raw.date_time_original).flatMap(ExifDateTime.init(exif:))
        if raw.has_latitude != 0, raw.has_longitude != 0 {
            let latitude = [raw.latitude.0, raw.latitude.1, raw.latitude.2].map(ExifRational.init)
            let longitude = [raw.longitude.0, raw.longitude.1, raw.longitude.2].map(ExifRational.init)
            coordinate = PhotoCoordinate(latitude: latitude, Self.letter(raw.latitude_ref), longitude: longitude, Self.letter(raw.longitude_ref))
        }
    }

    /// A hemisphere's letter, or `nil` for the 0 that means none.
    private static func letter(_ reference: CChar) -> Character? {
        reference == 0 ? nil : Character(Unicode.Scalar(UInt8(bitPattern: reference)))
    }
}

extension ExifRational {
    /// The rational as the C layer hands it over.
    init(_ raw: tk_photo_rational) {
        self.init(numerator: raw.numerator, denominator: raw.denominator)
    }
}

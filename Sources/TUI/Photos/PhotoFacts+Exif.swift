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

    /// Reads the facts of an Exif TIFF stream, as PNG's eXIf chunk holds it (starting `II*`
    /// or `MM*`, without JPEG's `Exif\0\0`), through libexif. A fact whose tag is missing,
    /// of the wrong type or meaningless (a zero denominator, a date of zeros, GPS without a
    /// hemisphere) is left `nil`; the others are still read.
    static func read(exif tiff: UnsafeRawBufferPointer) -> ExifReading {
        var raw = tk_photo_exif()
        var message = [CChar](repeating: 0, count: Int(TK_PHOTO_TEXT_CAPACITY))
        let found = tk_photo_read_exif(tiff.baseAddress?.assumingMemoryBound(to: UInt8.self), tiff.count, &raw, &message)
        guard found != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ExifReading(facts: .none, problem: reason.isEmpty ? "no Exif tag could be read" : reason)
        }
        return ExifReading(facts: PhotoFacts(raw), problem: nil)
    }

    /// Reads the facts of an Exif TIFF stream held in an array; see the raw-buffer form.
    static func read(exif tiff: [UInt8]) -> ExifReading {
        tiff.withUnsafeBytes { read(exif: $0) }
    }

    /// The facts of libexif's answer, each checked for sense.
    private init(_ raw: tk_photo_exif) {
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

    /// A fixed C string field as text: up to its NUL, ill-formed UTF-8 repaired, blanks
    /// trimmed (Exif pads some fields with spaces); `nil` when nothing is left.
    private static func text<Field>(_ field: Field) -> String? {
        let text = withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
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

import CPhotoDecoding
import Foundation

// Where the photos meet C's memory (issue 39: unsafe code fenced in `+Unsafe` files): bytes lent
// to libpng and libexif for one call, and the fixed C strings of libexif's answer read.

extension PhotoFacts {
    /// `tk_photo_decode_png` of `data`'s bytes into `image` (freed by its caller), its message in `message`.
    static func decodePNG(_ data: Data, into image: inout tk_photo_image, message: inout [CChar]) -> tk_photo_status {
        data.withUnsafeBytes { bytes in
            tk_photo_decode_png(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &image, &message)
        }
    }

    /// The facts of the Exif stream a decoded image holds (``read(exif:)-(UnsafeRawBufferPointer)``).
    static func readExif(of image: tk_photo_image) -> ExifReading {
        read(exif: UnsafeRawBufferPointer(start: image.exif, count: image.exif_length))
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

    /// A fixed C string field as text: up to its NUL, ill-formed UTF-8 repaired, blanks
    /// trimmed (Exif pads some fields with spaces); `nil` when nothing is left.
    static func text<Field>(_ field: Field) -> String? {
        let text = withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

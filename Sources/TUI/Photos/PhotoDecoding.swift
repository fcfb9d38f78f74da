import BundledData
import CPhotoDecoding
import Foundation
import TableKit

/// One photo of the board: its pixels and what its Exif metadata says.
struct DecodedPhoto: Sendable, Hashable, Identifiable {
    /// The file's name without its extension, `01-sunset`; unique in a folder, so it is also
    /// the photo's identity.
    var name: String
    /// A title for people, from the name: `Sunset`, `Night sky`.
    var title: String
    /// The pixels, 8-bit RGB.
    var bitmap: Bitmap
    /// The Exif facts; ``PhotoFacts/none`` for a PNG without an eXIf chunk.
    var facts: PhotoFacts
    /// Why the photo's eXIf chunk gave no facts, in libexif's words, when it was there but
    /// unreadable; the photo itself is still shown.
    var exifProblem: String?

    /// The name.
    var id: String { name }
}

/// Why a photo (or the folder of photos) could not be decoded, in words that name the file.
struct PhotoDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    enum Reason: Sendable, Hashable {
        /// The file has no bytes.
        case empty
        /// The file does not start with PNG's signature.
        case notPNG
        /// The PNG claims more pixels than are decoded; the C layer's sentence.
        case tooLarge(String)
        /// libpng stopped, in its words: truncated, a bad CRC, bad compressed data.
        case damaged(String)
        /// Memory ran out.
        case outOfMemory(String)
        /// The file could not be read from the disk.
        case unreadable(String)
        /// The folder of photos was not found; the sentence says where it was looked for.
        case folderMissing(String)
    }

    /// The file's name, `01-sunset.png` (the folder's for ``Reason/folderMissing(_:)``).
    var fileName: String
    /// What went wrong.
    var reason: Reason

    /// `01-sunset.png: not a PNG file (bad signature)`.
    var description: String {
        switch reason {
        case .empty: "\(fileName): empty file"
        case .notPNG: "\(fileName): not a PNG file (bad signature)"
        case .tooLarge(let text): "\(fileName): too large: \(text)"
        case .damaged(let text): "\(fileName): damaged PNG (\(text))"
        case .outOfMemory(let text): "\(fileName): \(text)"
        case .unreadable(let text): "\(fileName): cannot be read (\(text))"
        case .folderMissing(let text): text
        }
    }
}

/// The photos of a folder: those that decoded, in file-name order, and a sentence for each
/// that did not. One broken file never keeps the others away.
struct PhotoLoad: Sendable {
    /// The decoded photos, in the order of their file names.
    var photos: [DecodedPhoto]
    /// One error per file that failed, or one for a folder that could not be listed.
    var errors: [PhotoDecodingError]
}

/// Decodes the photo board's PNG files with libpng and their Exif metadata with libexif
/// (through the C target CPhotoDecoding). Pure functions of their input: call them from any
/// thread, as the app does at start-up off the main actor.
enum PhotoDecoding {
    /// Decodes one PNG file's bytes.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - fileName: The file's name, `01-sunset.png`, for the photo's name and title and for
    ///     the error's words.
    /// - Returns: The photo: its pixels as 8-bit RGB whatever the PNG's colour type (alpha
    ///   composited over black), and its facts (``PhotoFacts/none`` without an eXIf chunk).
    /// - Throws: ``PhotoDecodingError`` naming the file: empty, not a PNG, too large (more
    ///   than 16384 pixels a side or 64 M pixels, refused before any pixel is allocated), or
    ///   damaged in libpng's words.
    static func decode(_ data: Data, fileName: String) throws(PhotoDecodingError) -> DecodedPhoto {
        var image = tk_photo_image()
        defer { tk_photo_image_free(&image) }
        var message = [CChar](repeating: 0, count: Int(TK_PHOTO_TEXT_CAPACITY))
        let status = PhotoFacts.decodePNG(data, into: &image, message: &message)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case TK_PHOTO_OK: break
        case TK_PHOTO_EMPTY: throw PhotoDecodingError(fileName: fileName, reason: .empty)
        case TK_PHOTO_NOT_PNG: throw PhotoDecodingError(fileName: fileName, reason: .notPNG)
        case TK_PHOTO_TOO_LARGE: throw PhotoDecodingError(fileName: fileName, reason: .tooLarge(text))
        case TK_PHOTO_NO_MEMORY: throw PhotoDecodingError(fileName: fileName, reason: .outOfMemory(text))
        default: throw PhotoDecodingError(fileName: fileName, reason: .damaged(text))
        }

        let width = Int(image.width), height = Int(image.height)
        var pixels: [Bitmap.Pixel] = []
        pixels.reserveCapacity(width * height)
        if let rgb = image.pixels {
            for index in 0 ..< width * height {
                pixels.append(Bitmap.Pixel(red: rgb[index * 3], green: rgb[index * 3 + 1], blue: rgb[index * 3 + 2]))
            }
        }
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
            throw PhotoDecodingError(fileName: fileName, reason: .damaged("libpng returned no pixels"))
        }
        var reading = PhotoFacts.ExifReading(facts: .none, problem: nil)
        if image.exif != nil { reading = PhotoFacts.readExif(of: image) }
        let name = Self.name(ofFile: fileName)
        return DecodedPhoto(name: name, title: Self.title(forName: name), bitmap: bitmap, facts: reading.facts,
                            exifProblem: reading.problem.map { "the Exif data could not be read: \($0)" })
    }

    /// The bundled photos (`Resources/photos`), or an error saying where they were looked for.
    static func loadBundled() -> PhotoLoad {
        switch BundledData.url(forFolder: BundledData.photosFolderName) {
        case .success(let folder): return load(folder: folder)
        case .failure(let missing):
            return PhotoLoad(photos: [], errors: [PhotoDecodingError(fileName: missing.fileName, reason: .folderMissing(missing.description))])
        }
    }

    /// Every `.png` file of `folder` (any case of the extension, hidden files left out), in
    /// file-name order; each that cannot be read or decoded becomes an error instead.
    static func load(folder: URL) -> PhotoLoad {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
                .filter { $0.pathExtension.lowercased() == "png" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            return PhotoLoad(photos: [], errors: [PhotoDecodingError(fileName: folder.lastPathComponent, reason: .unreadable(Self.words(error)))])
        }
        var load = PhotoLoad(photos: [], errors: [])
        for file in files {
            do throws(PhotoDecodingError) {
                let data: Data
                do { data = try Data(contentsOf: file) } catch {
                    throw PhotoDecodingError(fileName: file.lastPathComponent, reason: .unreadable(Self.words(error)))
                }
                load.photos.append(try decode(data, fileName: file.lastPathComponent))
            } catch {
                load.errors.append(error)
            }
        }
        return load
    }

    /// `01-sunset.png` → `01-sunset`: the name without its last extension.
    static func name(ofFile fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// `01-sunset` → `Sunset`, `04-night-sky` → `Night sky`: the leading number and its
    /// hyphen dropped, hyphens and underscores as spaces, the first letter capitalised. A name
    /// that is only a number stays as it is.
    static func title(forName name: String) -> String {
        let words = name.drop { $0.isNumber }.drop { $0 == "-" || $0 == "_" || $0 == " " }
            .map { $0 == "-" || $0 == "_" ? " " : $0 }
        guard let first = words.first else { return name }
        return first.uppercased() + String(words.dropFirst())
    }

    /// The reason of a file-system error, as the system says it (`No such file or
    /// directory`), without Foundation's sentence about the file around it.
    private static func words(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}

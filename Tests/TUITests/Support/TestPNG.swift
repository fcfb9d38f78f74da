/// PNG files written and taken apart byte by byte for the photo decoding tests: every
/// colour type and depth, interlaced or not, with chunks moved, dropped or damaged. The
/// writer stores its pixels uncompressed (deflate's stored blocks), so that no compressor is
/// needed and a test can say exactly which bytes it spoils. It decodes nothing.
enum TestPNG {
    /// PNG's eight-byte signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk of a file: its type and where its data lies.
    struct Chunk {
        /// `IHDR`, `eXIf`, `IDAT`…
        var type: String
        /// The offset of its length field (the chunk's first byte).
        var start: Int
        /// The offset of its data.
        var dataStart: Int
        /// The length of its data.
        var length: Int
        /// The offset just past its CRC.
        var end: Int { dataStart + length + 4 }
    }

    /// The chunks of `file`, as far as they can be followed (a damaged file yields fewer).
    static func chunks(_ file: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = [], offset = 8
        while offset + 12 <= file.count {
            let length = Int(bigEndian(file, at: offset))
            let type = String(decoding: file[offset + 4 ..< offset + 8], as: UTF8.self)
            guard offset + 12 + length <= file.count else { break }
            chunks.append(Chunk(type: type, start: offset, dataStart: offset + 8, length: length))
            offset += 12 + length
        }
        return chunks
    }

    /// The first chunk of `type`.
    static func chunk(_ type: String, in file: [UInt8]) -> Chunk? {
        chunks(file).first { $0.type == type }
    }

    /// `file` with every chunk's CRC recomputed, so that a change to a chunk's data reaches
    /// the decoder instead of being stopped by the CRC check.
    static func fixingCRCs(_ file: [UInt8]) -> [UInt8] {
        var fixed = file
        for chunk in chunks(file) {
            let crc = crc32(file[chunk.start + 4 ..< chunk.dataStart + chunk.length])
            fixed.replaceSubrange(chunk.dataStart + chunk.length ..< chunk.end, with: bigEndian(crc))
        }
        return fixed
    }

    /// `file` without its chunks of `type`.
    static func removing(_ type: String, from file: [UInt8]) -> [UInt8] {
        var result = Array(file[0 ..< 8])
        for chunk in chunks(file) where chunk.type != type { result += file[chunk.start ..< chunk.end] }
        return result
    }

    /// The width and height an IHDR says.
    static func size(_ file: [UInt8]) -> (width: Int, height: Int)? {
        guard let header = chunk("IHDR", in: file), header.length >= 8 else { return nil }
        return (Int(bigEndian(file, at: header.dataStart)), Int(bigEndian(file, at: header.dataStart + 4)))
    }

    /// A whole file: IHDR, `before` (PLTE, tRNS, eXIf… in order), the image in one IDAT,
    /// `after`, IEND.
    ///
    /// - Parameters:
    ///   - depth: Bits per sample: 1, 2, 4, 8 or 16.
    ///   - colourType: 0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGBA.
    ///   - samples: The samples of pixel (x, y), one per channel (an index for a palette),
    ///     each below 2^depth.
    static func file(width: Int, height: Int, depth: Int, colourType: UInt8, interlaced: Bool = false,
                     before: [(String, [UInt8])] = [], after: [(String, [UInt8])] = [],
                     samples: (Int, Int) -> [Int]) -> [UInt8] {
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [UInt8(depth), colourType, 0, 0, interlaced ? 1 : 0]
        var raw: [UInt8] = []
        // Adam7's seven passes, or the whole image as one.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx)), rows = Array(stride(from: y0, to: height, by: dy))
            guard !columns.isEmpty else { continue }
            for y in rows {
                raw.append(0) // filter: none
                raw += packed(columns.flatMap { samples($0, y) }, depth: depth)
            }
        }
        var file = signature + chunkBytes("IHDR", header)
        for (type, data) in before { file += chunkBytes(type, data) }
        file += chunkBytes("IDAT", zlibStored(raw))
        for (type, data) in after { file += chunkBytes(type, data) }
        return file + chunkBytes("IEND", [])
    }

    /// One chunk's bytes: length, type, data, CRC.
    static func chunkBytes(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// Samples packed at `depth` bits, high bits first; a row ends on a byte.
    private static func packed(_ samples: [Int], depth: Int) -> [UInt8] {
        if depth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if depth == 8 { return samples.map { UInt8($0) } }
        var bytes: [UInt8] = [], current = 0, used = 0
        for sample in samples {
            current = current << depth | sample
            used += depth
            if used == 8 {
                bytes.append(UInt8(current))
                (current, used) = (0, 0)
            }
        }
        if used > 0 { bytes.append(UInt8(current << (8 - used))) }
        return bytes
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset), last: UInt8 = offset + count == data.count ? 1 : 0
            stream += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream += data[offset ..< offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + bigEndian(b << 16 | a)
    }

    /// CRC-32 as PNG and zlib compute it (reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The four bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The big-endian 32-bit number at `offset` of `bytes`.
    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

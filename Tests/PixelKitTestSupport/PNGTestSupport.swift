import PixelKit
import PixelKitPNG

/// Shared helpers for the PNG tests.
package enum PNGTestSupport {
    package static let codec = PNGCodec()

    /// Every PngSuite file that must decode (not the corrupt `x*` ones) plus the photo PNGs, with their reference.
    package static var referenceFiles: [String] {
        (Fixtures.files(in: "pngsuite") { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
            + Fixtures.files(in: "photos") { $0.hasSuffix(".png") })
            .filter { Fixtures.referenceMeans[$0] != nil }
    }

    /// PngSuite files (not corrupt) whose names start with one of `prefixes`.
    package static func suiteFiles(_ prefixes: String...) -> [String] {
        Fixtures.files(in: "pngsuite") { name in name.hasSuffix(".png") && prefixes.contains { name.hasPrefix($0) } }
    }

    package static func sums(_ source: ImageSource, options: DecodeOptions = .init()) throws -> (SummingSink, DecodeReport) {
        var sink = SummingSink()
        let report = try codec.decode(source, options: options, into: &sink)
        return (sink, report)
    }

    package static func image(_ source: ImageSource, options: DecodeOptions = .init()) throws -> (RGBAImage, DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try codec.decode(source, options: options, into: &collector)
        return (collector.image, report)
    }

    /// The error a decode throws, or nil when it succeeds.
    package static func decodeError(_ source: ImageSource, options: DecodeOptions = .init()) -> ImageError? {
        var sink = SummingSink()
        do {
            _ = try codec.decode(source, options: options, into: &sink)
            return nil
        } catch {
            return error  // typed throws: the compiler checks that every error is an ImageError
        }
    }
}

/// Builds PNG files chunk by chunk, with CRCs computed by `PNGCRC32` (independent of libspng).
package struct PNGFileBuilder {
    package init() {}

    package private(set) var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Appends a chunk with a correct CRC and a length field equal to `declaredLength ?? data.count`.
    package mutating func chunk(_ type: String, _ data: [UInt8], declaredLength: UInt32? = nil) {
        let typeBytes = Array(type.utf8)
        bytes += Self.bigEndian(declaredLength ?? UInt32(data.count))
        bytes += typeBytes + data
        bytes += Self.bigEndian(PNGCRC32.checksum(typeBytes + data))
    }

    package static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 0, interlace: UInt8 = 0) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace]
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The chunks of an existing PNG file: (offset of the length field, length, type).
    package static func chunks(of file: [UInt8]) -> [(offset: Int, length: Int, type: String)] {
        var result: [(Int, Int, String)] = []
        var offset = 8
        while offset + 8 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            result.append((offset, length, String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)))
            offset += 12 + length
        }
        return result
    }
}

/// CRC-32 as PNG defines it (ISO 3309 / ITU-T V.42, polynomial 0xEDB88320 reflected).
package enum PNGCRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        (0..<8).reduce(UInt32(byte)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

/// A zlib stream (RFC 1950/1951) of one byte repeated `1 + 258 × runs` times, as one fixed-Huffman
/// block of a literal and `runs` (length 258, distance 1) matches: 13 bits per 258 bytes, a
/// decompression bomb.
package enum PNGDeflateBomb {
    package static func zlib(repeating byte: UInt8, runs: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, count: 1)  // BFINAL
        writer.bits(1, count: 2)  // BTYPE 01: fixed Huffman
        writer.code(0x30 + Int(byte), length: 8)  // literals 0…143: 8-bit codes from 0x30
        for _ in 0..<runs {
            writer.code(0xC5, length: 8)  // length code 285 (= 258): codes 280… are 8 bits from 0xC0
            writer.code(0, length: 5)  // distance code 0 (= 1)
        }
        writer.code(0, length: 7)  // end of block (256)
        return [0x78, 0x01] + writer.bytes + PNGFileBuilder.bigEndian(adler32(byte: byte, count: 1 + 258 * runs))
    }

    private static func adler32(byte: UInt8, count: Int) -> UInt32 {
        var a: UInt64 = 1, b: UInt64 = 0
        for _ in 0..<count {
            a = (a + UInt64(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return UInt32(b << 16 | a)
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        private var bitCount = 0

        /// Appends `count` bits of `value`, least significant first (deflate's packing order).
        mutating func bits(_ value: Int, count: Int) {
            for index in 0..<count {
                if bitCount % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << UInt8(bitCount % 8)
                bitCount += 1
            }
        }

        /// Appends a Huffman code, most significant bit first.
        mutating func code(_ value: Int, length: Int) {
            for index in (0..<length).reversed() { bits((value >> index) & 1, count: 1) }
        }
    }
}

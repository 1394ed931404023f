import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// Work and memory that follow what a lossless WebP codes (issue 43, row 4): libwebp holds a
/// full-size ARGB buffer beside the RGBA output and runs its transforms over it, so a lossless
/// pixel counts twice, against what the input's length allows (`DecodingLimits.workAllowance`,
/// `memoryAllowance`). The files are made at run time: a VP8L bitstream whose five prefix codes
/// each have one symbol, so that every pixel takes no bits at all (one color, any size, 30 bytes).
@Suite struct WebPWorkEstimateTests {
    static let codec = WebPCodec()

    /// A lossless `width × height` image of one color (`argb`), with alpha.
    static func flatLossless(width: Int, height: Int, argb: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var bits = LSBFirstBits()
        bits.append(width - 1, count: 14)
        bits.append(height - 1, count: 14)
        bits.append(1, count: 1)  // alpha is used
        bits.append(0, count: 3)  // version
        bits.append(0, count: 1)  // no transform
        bits.append(0, count: 1)  // no color cache
        bits.append(0, count: 1)  // no meta prefix codes
        // Green, red, blue, alpha: a simple code of one 8-bit symbol; distance: one 1-bit symbol.
        for symbol in [argb.2, argb.1, argb.3, argb.0] {
            bits.append(1, count: 1)  // simple code
            bits.append(0, count: 1)  // one symbol
            bits.append(1, count: 1)  // of 8 bits
            bits.append(Int(symbol), count: 8)
        }
        bits.append(0b001, count: 3)  // simple, one symbol, 1 bit: symbol 0
        bits.append(0, count: 1)
        let bitstream = [0x2F] + bits.bytes
        return riff(chunk("VP8L", bitstream))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + littleEndian(data.count) + data + (data.count.isMultiple(of: 2) ? [] : [0])
    }

    static func riff(_ chunks: [UInt8]) -> [UInt8] { Array("RIFF".utf8) + littleEndian(chunks.count + 4) + Array("WEBP".utf8) + chunks }

    static func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    struct LSBFirstBits {
        var bytes: [UInt8] = []
        private var count = 0

        mutating func append(_ value: Int, count bits: Int) {
            for index in 0..<bits {
                if count % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << UInt8(count % 8)
                count += 1
            }
        }
    }

    /// 600×600 of one color from a few dozen bytes: with the pixels just within the per-byte rule,
    /// the lossless decode's twice-counted work is refused before libwebp runs; with twice the
    /// room it decodes, every pixel that color.
    @Test func losslessPixelsCostTwiceAndAreRefusedPastTheAllowance() throws {
        let bytes = Self.flatLossless(width: 600, height: 600, argb: (200, 10, 20, 30))
        let pixels = 600 * 600
        let ratio = (pixels + bytes.count - 1) / bytes.count
        let limits = DecodingLimits(maxPixelsPerInputByte: ratio, ratioFreePixelCount: 0)
        #expect(throws: ImageError.limitExceeded(.work(pixels: 2 * pixels, inputBytes: bytes.count, limit: bytes.count * ratio))) {
            var sink = SummingSink()
            _ = try Self.codec.decode(.bytes(bytes), options: DecodeOptions(limits: limits), into: &sink)
        }
        var collector = RGBAImageCollector()
        let roomy = DecodingLimits(maxPixelsPerInputByte: 2 * ratio, ratioFreePixelCount: 0)
        _ = try Self.codec.decode(.bytes(bytes), options: DecodeOptions(limits: roomy), into: &collector)
        #expect(collector.image.size == PixelSize(width: 600, height: 600))
        #expect(collector.image.pixels.prefix(4) == [10, 20, 30, 200] && Set(collector.image.pixels).count <= 4)
        // Full size: the RGBA output and libwebp's ARGB buffer, 4 bytes a pixel each.
        #expect(try Self.codec.open(.bytes(bytes), options: DecodeOptions()).estimateWork(options: DecodeOptions()) == DecodeWorkEstimate(workPixels: 2 * pixels, memoryBytes: 8 * pixels))
    }
}

import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Work that follows what a PNG stores (issue 43, row 3): a 16-bit RGBA pixel inflates and
/// unfilters twice a plain one's bytes, an interlaced image is gathered in a full frame and sent
/// again. Each is charged against what the input's length allows (`DecodingLimits.workAllowance`),
/// here with limits scaled down to small files: no ratio-free size, the pixels-per-byte limit just
/// above what each file's pixels need. The files are black (all-zero rows) made at run time.
@Suite struct PNGWorkEstimateTests {
    static let codec = PNGCodec()

    /// A black PNG whose zlib stream holds exactly its rows' bytes (`1 + 258 × runs` of them: the
    /// sizes below are chosen so).
    static func black(width: Int, height: Int, bitDepth: UInt8, interlaced: Bool, runs: Int) -> [UInt8] {
        var file = PNGFileBuilder()
        file.chunk("IHDR", PNGFileBuilder.ihdr(width: UInt32(width), height: UInt32(height), bitDepth: bitDepth, colorType: 6, interlace: interlaced ? 1 : 0))
        file.chunk("IDAT", PNGDeflateBomb.zlib(repeating: 0, runs: runs))
        file.chunk("IEND", [])
        return file.bytes
    }

    /// Limits under which `bytes`' `pixels` just pass the pixels-per-byte rule.
    static func limits(for bytes: [UInt8], pixels: Int) -> DecodingLimits {
        DecodingLimits(maxPixelsPerInputByte: (pixels + bytes.count - 1) / bytes.count, ratioFreePixelCount: 0)
    }

    /// 258×259 RGBA: 16-bit rows are 1 + 258 × 2073 bytes, 8-bit ones 1 + 258 × 1037.
    @Test func sixteenBitPixelsCostTwiceAndAreRefusedPastTheAllowance() throws {
        let pixels = 258 * 259
        let deep = Self.black(width: 258, height: 259, bitDepth: 16, interlaced: false, runs: 2073)
        let plain = Self.black(width: 258, height: 259, bitDepth: 8, interlaced: false, runs: 1037)
        let limits = Self.limits(for: deep, pixels: pixels)
        let allowance = deep.count * limits.maxPixelsPerInputByte
        #expect(throws: ImageError.limitExceeded(.work(pixels: 2 * pixels, inputBytes: deep.count, limit: allowance))) {
            try PNGTestSupport.image(.bytes(deep), options: DecodeOptions(limits: limits))
        }
        // Without the scaled limits the same file decodes: black, every row.
        let (image, report) = try PNGTestSupport.image(.bytes(deep))
        #expect(report.warnings.isEmpty && image.size == PixelSize(width: 258, height: 259) && image.pixels.allSatisfy { $0 == 0 })
        #expect(try PNGTestSupport.image(.bytes(plain), options: DecodeOptions(limits: Self.limits(for: plain, pixels: pixels))).0.width == 258)
        #expect(try Self.codec.open(.bytes(deep), options: DecodeOptions()).estimateWork(options: DecodeOptions()) == DecodeWorkEstimate(workPixels: 2 * pixels, memoryBytes: 0))
    }

    /// 201×259 RGBA interlaced: its seven passes are 1 + 258 × 809 bytes. The full frame is
    /// 4 bytes a pixel, and sending it again half a pass more.
    @Test func interlacedPixelsCostTheirFrameAndAreRefusedPastTheAllowance() throws {
        let pixels = 201 * 259
        let interlaced = Self.black(width: 201, height: 259, bitDepth: 8, interlaced: true, runs: 809)
        let limits = Self.limits(for: interlaced, pixels: pixels)
        let allowance = interlaced.count * limits.maxPixelsPerInputByte
        #expect(throws: ImageError.limitExceeded(.work(pixels: pixels + pixels / 2, inputBytes: interlaced.count, limit: allowance))) {
            try PNGTestSupport.image(.bytes(interlaced), options: DecodeOptions(limits: limits))
        }
        #expect(try PNGTestSupport.image(.bytes(interlaced)).0.pixels.allSatisfy { $0 == 0 })
        let estimate = try CodecRegistry([Self.codec]).estimateWork(of: interlaced)
        #expect(estimate == DecodeWorkEstimate(workPixels: pixels + pixels / 2, memoryBytes: 4 * pixels))
    }
}

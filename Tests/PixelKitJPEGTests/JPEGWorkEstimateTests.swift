import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Work and memory that follow what a JPEG actually codes (issue 43, row 2): refinement scans each
/// revisit their blocks, and a progressive file's coefficients fill memory for the whole image, so
/// both are charged against what the input's length allows (`DecodingLimits.workAllowance`,
/// `memoryAllowance`), here with limits scaled down to small files (no ratio-free size, the
/// pixels-per-byte limit just above what each file's pixels need).
@Suite struct JPEGWorkEstimateTests {
    static let codec = JPEGCodec()
    static let progressive = "jpeg/libjpeg-turbo/testimgp.jpg"

    /// Limits under which `bytes`' pixels pass the pixels-per-byte rule with `headroom` times room to spare.
    static func limits(for bytes: [UInt8], pixels: Int, headroom: Int) -> DecodingLimits {
        DecodingLimits(maxPixelsPerInputByte: headroom * ((pixels + bytes.count - 1) / bytes.count), ratioFreePixelCount: 0)
    }

    /// 90 extra refinement scans of the first component: the pixels pass the per-byte rule, the
    /// scans' work does not, and libjpeg is stopped at the scan that passes it. The original file,
    /// under the same rule for its own length, decodes.
    @Test func refinementScansPastTheWorkAllowanceAreRefused() throws {
        let original = try Fixtures.bytes(Self.progressive)
        let bomb = JPEGScanBomb.make(from: original, extraScans: 90)
        let pixels = 227 * 149
        let limits = Self.limits(for: bomb, pixels: pixels, headroom: 2)
        let allowance = bomb.count * limits.maxPixelsPerInputByte
        for strictness in [DecodeOptions.Strictness.lenient, .strict] {
            let error = #expect(throws: ImageError.self) {
                try JPEGTesting.image(bomb, options: DecodeOptions(strictness: strictness, limits: limits))
            }
            guard case .limitExceeded(.work(let work, let inputBytes, let limit)) = error else {
                Issue.record("expected a work limit, got \(String(describing: error))")
                continue
            }
            #expect(limit == allowance && inputBytes == bomb.count && work > allowance)
        }
        let originalLimits = Self.limits(for: original, pixels: pixels, headroom: 2)
        #expect(try JPEGTesting.image(original, options: DecodeOptions(strictness: .strict, limits: originalLimits)).image.width == 227)
    }

    /// A smooth 512×512 image, progressive: at 4:4:4 its coefficients (6 bytes a pixel) are more
    /// than the 4 bytes a pixel the per-byte rule allows when the pixels just pass it, and the full
    /// decode is refused before libjpeg allocates them; at 4:2:0 (3 bytes a pixel) it decodes. The
    /// 1/8 fast path, which needs no coefficient buffers, decodes both.
    @Test func progressiveCoefficientsPastTheMemoryAllowanceAreRefused() throws {
        var gradient = RGBAImage(width: 512, height: 512, filledWith: (0, 0, 0, 255))
        for y in 0..<512 {
            for x in 0..<512 {
                gradient.pixels[(y * 512 + x) * 4] = UInt8(x / 2)
                gradient.pixels[(y * 512 + x) * 4 + 1] = UInt8(y / 2)
            }
        }
        for (subsampling, coefficientBytes) in [(EncodeOptions.ChromaSubsampling.yuv444, 512 * 512 * 6), (.yuv420, 512 * 512 * 3)] {
            let bytes = try Self.codec.encode(gradient, options: EncodeOptions(quality: 0.9, chromaSubsampling: subsampling, progressive: true))
            let limits = Self.limits(for: bytes, pixels: 512 * 512, headroom: 1)
            let allowance = bytes.count * limits.maxPixelsPerInputByte * 4
            let full = Result { () throws(ImageError) in try JPEGTesting.image(bytes, options: DecodeOptions(limits: limits)) }
            if coefficientBytes > allowance {
                #expect(throws: ImageError.limitExceeded(.memory(bytes: coefficientBytes, limit: allowance))) { try full.get() }
            } else {
                #expect(try full.get().image.width == 512)
            }
            let fast = DecodeOptions(minimumSize: PixelSize(width: 64, height: 64), limits: limits)
            #expect(try JPEGTesting.image(bytes, options: fast).image.width == 64)
        }
    }

    /// The estimate a service asks before it decodes: the pixels, and a progressive file's
    /// coefficient bytes; what the decode would refuse, it refuses.
    @Test func theEstimateCountsCoefficientsAndRefusesWhatTheDecodeRefuses() throws {
        let original = try Fixtures.bytes(Self.progressive)
        let estimate = try Self.codec.open(.bytes(original), options: DecodeOptions()).estimateWork(options: DecodeOptions())
        // testimgp.jpg: 227×149, 4:2:0, so luma 29×19 blocks padded to 30×20, chroma 15×10 each.
        #expect(estimate == DecodeWorkEstimate(workPixels: 227 * 149, memoryBytes: (30 * 20 + 2 * 15 * 10) * 128))
        // An input the decode refuses is refused by the estimate, with the decode's error.
        let tight = DecodeOptions(limits: DecodingLimits(maxPixelsPerInputByte: 1, ratioFreePixelCount: 0))
        let refusal = ImageError.limitExceeded(.pixelsPerInputByte(width: 227, height: 149, inputBytes: original.count, limit: 1))
        #expect(throws: refusal) { try JPEGTesting.image(original, options: tight) }
        #expect(throws: refusal) { try CodecRegistry([Self.codec]).estimateWork(of: original, options: tight) }
    }
}

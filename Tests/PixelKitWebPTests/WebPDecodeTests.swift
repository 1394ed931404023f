import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// WebP through libwebp: means against libvips, scaled decoding, the first frame of an animation,
/// limits before allocation, typed errors on damage.
@Suite struct WebPDecodeTests {
    static let codec = WebPCodec()

    static func sums(_ source: ImageSource, options: DecodeOptions = .init()) throws -> (SummingSink, DecodeReport) {
        var sink = SummingSink()
        let report = try codec.decode(source, options: options, into: &sink)
        return (sink, report)
    }

    static func sums(_ file: String, options: DecodeOptions = .init()) throws -> (SummingSink, DecodeReport) {
        try sums(.file(path: Fixtures.path(file)), options: options)
    }

    @Test func referenceListsTheCorpusFiles() {
        #expect(CodecPluginReference.files(in: "webp").count == 12)
    }

    @Test(arguments: CodecPluginReference.files(in: "webp"))
    func exactMeansMatchLibvips(_ file: String) throws {
        let reference = try #require(CodecPluginReference.all[file])
        let means = try #require(reference.mean_per_band), bands = try #require(reference.bands)
        let size = PixelSize(width: try #require(reference.width), height: try #require(reference.height))
        let info = try Self.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        #expect(info.size == size && info.format == .webp)
        #expect(info.hasAlpha == (bands == 4))
        let (sink, report) = try Self.sums(file)
        #expect(report.outputSize == size && sink.rows == size.height && report.warnings.isEmpty)
        for band in 0..<bands {
            #expect(abs(sink.means[band] - means[band]) < 0.5, "band \(band): \(sink.means[band]) against libvips's \(means[band])")
        }
    }

    /// Lossy files with alpha are decoded at full size (`WebPAlphaWeightingTests`).
    @Test(arguments: ["webp/lossy_extreme_probabilities.webp", "webp/lossless_color_transform.webp", "webp/lossy_q0_f100.webp"])
    func scaledDecodesDeliverTheSmallestSizeCoveringTheMinimum(_ file: String) throws {
        let (full, fullReport) = try Self.sums(file)
        let stored = fullReport.info.size
        let minimum = PixelSize(width: stored.width / 5, height: 10)
        let (scaled, report) = try Self.sums(file, options: DecodeOptions(minimumSize: minimum))
        #expect(report.outputSize.width == minimum.width)
        #expect(report.outputSize.height >= minimum.height && report.outputSize.height <= (stored.height + 4) / 5 + 1)
        #expect(scaled.rows == report.outputSize.height && scaled.size == report.outputSize)
        // libwebp's rescaler averages areas: the mean moves by little more than the rounding.
        for band in 0..<3 { #expect(abs(scaled.means[band] - full.means[band]) < 1.5, "band \(band)") }
        let (_, tiny) = try Self.sums(file, options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1)))
        #expect(tiny.outputSize.pixelCount <= 4 && tiny.outputSize.width >= 1)
        let (_, larger) = try Self.sums(file, options: DecodeOptions(minimumSize: PixelSize(width: stored.width * 2, height: 1)))
        #expect(larger.outputSize == stored, "never enlarged")
    }

    @Test func animatedFilesDeliverTheFirstFrameWithoutAWarning() throws {
        for strictness in [DecodeOptions.Strictness.lenient, .strict] {
            let (sink, report) = try Self.sums("webp/red-then-blue-animated.webp", options: DecodeOptions(strictness: strictness))
            #expect(report.outputSize == PixelSize(width: 32, height: 24))
            #expect(sink.means == [255, 0, 0, 255], "the first frame is red, the second blue")
            #expect(report.warnings.isEmpty && report.info.frames == 2 && report.info.isAnimated)
        }
    }

    @Test func limitsAreEnforcedBeforeDecoding() throws {
        let path = "webp/lossy_extreme_probabilities.webp"
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 800, height: 534, limit: 100_000))) {
            try Self.sums(path, options: DecodeOptions(limits: DecodingLimits(maxPixelCount: 100_000)))
        }
        #expect(throws: ImageError.limitExceeded(.dimension(width: 800, height: 534, limit: 512))) {
            try Self.codec.probe(.file(path: Fixtures.path(path)), limits: DecodingLimits(maxDimension: 512))
        }
        #expect(throws: ImageError.limitExceeded(.memory(bytes: 800 * 534 * 4, limit: 1 << 20))) {
            try Self.sums(path, options: DecodeOptions(limits: DecodingLimits(maxMemoryBytes: 1 << 20)))
        }
        #expect(throws: ImageError.limitExceeded(.inputSize(bytes: 1001, limit: 1000))) {
            try Self.sums(path, options: DecodeOptions(limits: DecodingLimits(maxInputBytes: 1000)))
        }
        // A scaled decode's buffer has the output's size, so it fits where the full decode does not.
        let (_, scaled) = try Self.sums(path, options: DecodeOptions(
            minimumSize: PixelSize(width: 200, height: 100), limits: DecodingLimits(maxMemoryBytes: 1 << 20)))
        #expect(scaled.outputSize == PixelSize(width: 200, height: 134))
    }

    @Test(arguments: [13, 30, 2000, 200_000, 468_000])
    func truncatedFilesGiveTypedErrors(_ length: Int) throws {
        let bytes = Array(try Fixtures.bytes("webp/lossy_extreme_probabilities.webp").prefix(length))
        #expect { try Self.sums(.bytes(bytes)) } throws: { error in
            guard case .truncated(.webp, let message) = error as? ImageError else { return false }
            return message.contains("NOT_ENOUGH_DATA")
        }
    }

    @Test func corruptBitstreamsGiveTypedErrors() throws {
        var bytes = try Fixtures.bytes("webp/lossless1.webp")
        for index in stride(from: 40, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        #expect(throws: ImageError.self) { try Self.sums(.bytes(bytes)) }
        #expect(throws: ImageError.emptyInput) { try Self.sums(.bytes([])) }
    }

    @Test func sniffsTheRIFFHeader() {
        #expect(Self.codec.recognizes(Array("RIFF\u{10}\0\0\0WEBP".utf8)))
        #expect(!Self.codec.recognizes(Array("RIFF\u{10}\0\0\0WAVE".utf8)), "a WAV file is RIFF too")
        #expect(!Self.codec.recognizes(Array("RIFF".utf8)))
    }
}

import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// HEIF/HEIC/AVIF through libheif: means against libvips, the embedded-thumbnail fast path,
/// limits before allocation, typed errors on what libheif 1.15 cannot read.
@Suite struct HEIFDecodeTests {
    static let codec = HEIFCodec()
    static let registry = CodecRegistry([HEIFCodec()])

    static func sums(_ file: String, options: DecodeOptions = .init()) throws -> (SummingSink, DecodeReport) {
        var sink = SummingSink()
        let report = try codec.decode(.file(path: Fixtures.path(file)), options: options, into: &sink)
        return (sink, report)
    }

    @Test func referenceListsTheCorpusFiles() {
        #expect(CodecPluginReference.files(in: "heif").count == 6)
    }

    @Test(arguments: CodecPluginReference.files(in: "heif"))
    func exactMeansMatchLibvips(_ file: String) throws {
        let reference = try #require(CodecPluginReference.all[file])
        guard let means = reference.mean_per_band, let width = reference.width, let height = reference.height, let bands = reference.bands else {
            // libvips cannot decode it over libheif 1.15 either: a typed error, never a crash.
            #expect(reference.vips == "error")
            #expect(throws: ImageError.self) { try Self.sums(file) }
            return
        }
        let info = try Self.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        #expect(info.size == PixelSize(width: width, height: height))
        #expect(info.hasAlpha == (bands == 4))
        #expect(info.orientation == .up)
        let (sink, report) = try Self.sums(file)
        #expect(report.outputSize == info.size && sink.rows == height)
        for band in 0..<bands {
            #expect(abs(sink.means[band] - means[band]) < 0.5, "band \(band): \(sink.means[band]) against libvips's \(means[band])")
        }
        if bands == 3 { #expect(sink.means[3] == 255) }
    }

    @Test func filesLibheif115CannotReadGiveTypedErrors() throws {
        // An AVIF in the new `mini` box layout (libheif ≥ 1.19) and an ISO 23001-17 uncompressed image.
        #expect { try Self.sums("heif/simple_osm_tile_alpha.avif") } throws: { error in
            guard case .malformed(_, let message) = error as? ImageError else { return false }
            return message.contains("ftyp")
        }
        #expect { try Self.sums("heif/uncompressed_comp_RGB.heif") } throws: { error in
            guard case .malformed(.heif, let message) = error as? ImageError else { return false }
            return message.contains("pitm")
        }
    }

    @Test func avifDecodesThroughAnAV1PluginAndReportsAVIF() throws {
        // libvips 8.14 over the same libheif: 600×400, means 158.610842, 85.831371, 51.646354.
        let info = try Self.registry.probe(.file(path: Fixtures.path("heif/coffee.avif")))
        #expect(info.format == .avif && info.format.rawValue == "avif")
        let (sink, _) = try Self.sums("heif/coffee.avif")
        for (band, mean) in [158.610842, 85.831371, 51.646354].enumerated() {
            #expect(abs(sink.means[band] - mean) < 0.5)
        }
    }

    @Test func tenBitImagesAreReducedToEightBits() throws {
        // libvips delivers 16-bit samples (v << 6): means 40709.534933, 22020.9256, 13218.6296 ÷ 256.
        let info = try Self.codec.probe(.file(path: Fixtures.path("heif/coffee-10bit.heic")), limits: .init())
        #expect(info.bitDepth == 10 && info.format == .heif)
        let (sink, _) = try Self.sums("heif/coffee-10bit.heic")
        for (band, mean) in [40709.534933, 22020.9256, 13218.6296].enumerated() {
            #expect(abs(sink.means[band] - mean / 256) < 0.5)
        }
    }

    @Test func exifOrientationIsNotAppliedOnTop() throws {
        // EXIF orientation 6 in the metadata, no irot box: HEIF's own boxes rule, the size stays as coded.
        // libvips decodes the same 120×180 pixels (means 98.523935, 115.669583, 134.171481).
        let info = try Self.codec.probe(.file(path: Fixtures.path("heif/landscape-6.heic")), limits: .init())
        #expect(info.size == PixelSize(width: 120, height: 180) && info.orientation == .up)
        let (sink, _) = try Self.sums("heif/landscape-6.heic")
        for (band, mean) in [98.523935, 115.669583, 134.171481].enumerated() {
            #expect(abs(sink.means[band] - mean) < 0.5)
        }
    }

    @Test func reducedDecodesUseTheEmbeddedThumbnailWhenLargeEnough() throws {
        // example.heic: 1280×854 with a 320×212 thumbnail.
        let (small, smallReport) = try Self.sums("heif/example.heic", options: DecodeOptions(minimumSize: PixelSize(width: 300, height: 200)))
        #expect(smallReport.outputSize == PixelSize(width: 320, height: 212))
        #expect(smallReport.info.size == PixelSize(width: 1280, height: 854))
        let (full, _) = try Self.sums("heif/example.heic")
        for band in 0..<3 { #expect(abs(small.means[band] - full.means[band]) < 2, "the thumbnail shows the same picture") }
        let (_, tooSmall) = try Self.sums("heif/example.heic", options: DecodeOptions(minimumSize: PixelSize(width: 321, height: 100)))
        #expect(tooSmall.outputSize == PixelSize(width: 1280, height: 854), "a thumbnail below the minimum is not used")
        let (_, alpha) = try Self.sums("heif/colors-with-alpha-thumbnail.heic", options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1)))
        #expect(alpha.outputSize == PixelSize(width: 64, height: 64))
        let (_, exact) = try Self.sums("heif/colors-with-alpha-thumbnail.heic")
        #expect(exact.outputSize == PixelSize(width: 72, height: 72))
    }

    @Test func fastAverageUsesTheThumbnail() throws {
        let registry = CodecRegistry([HEIFCodec()])
        let fast = try registry.averageColor(of: Fixtures.path("heif/example.heic"), options: AverageOptions(accuracy: .fast))
        let exact = try registry.averageColor(of: Fixtures.path("heif/example.heic"), options: AverageOptions(accuracy: .exact))
        #expect(fast.decodedSize == PixelSize(width: 320, height: 212))
        #expect(exact.decodedSize == PixelSize(width: 1280, height: 854))
        #expect(abs(fast.color.red - exact.color.red) < 2 && abs(fast.color.blue - exact.color.blue) < 2)
    }

    @Test func limitsAreEnforcedBeforeDecoding() throws {
        let path = Fixtures.path("heif/example.heic")
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 1280, height: 854, limit: 1_000_000))) {
            try Self.codec.probe(.file(path: path), limits: DecodingLimits(maxPixelCount: 1_000_000))
        }
        #expect(throws: ImageError.limitExceeded(.dimension(width: 1280, height: 854, limit: 1000))) {
            try Self.codec.probe(.file(path: path), limits: DecodingLimits(maxDimension: 1000))
        }
        #expect(throws: ImageError.limitExceeded(.inputSize(bytes: 100_001, limit: 100_000))) {
            try Self.codec.probe(.file(path: path), limits: DecodingLimits(maxInputBytes: 100_000))
        }
        #expect(throws: ImageError.limitExceeded(.memory(bytes: 1280 * 854 * 8, limit: 1 << 20))) {
            try Self.sums("heif/example.heic", options: DecodeOptions(limits: DecodingLimits(maxMemoryBytes: 1 << 20)))
        }
        // The thumbnail fits a limit the primary image does not.
        let (_, report) = try Self.sums("heif/example.heic", options: DecodeOptions(
            minimumSize: PixelSize(width: 1, height: 1), limits: DecodingLimits(maxMemoryBytes: 1 << 20)))
        #expect(report.outputSize == PixelSize(width: 320, height: 212))
    }

    @Test(arguments: [100, 4096, 300_000, 700_000])
    func truncatedFilesGiveTypedErrors(_ length: Int) throws {
        let bytes = Array(try Fixtures.bytes("heif/example.heic").prefix(length))
        for strictness in [DecodeOptions.Strictness.strict, .lenient] {
            var sink = SummingSink()
            #expect(throws: ImageError.self) {
                _ = try Self.codec.decode(.bytes(bytes), options: DecodeOptions(strictness: strictness), into: &sink)
            }
        }
    }

    @Test func sniffsFtypBrands() throws {
        func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        }
        for brand in ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "avif", "avis"] {
            #expect(Self.codec.recognizes(ftyp(brand)), "\(brand)")
        }
        #expect(Self.codec.recognizes(ftyp("isom", ["mif1", "heic"])))
        #expect(!Self.codec.recognizes(ftyp("isom", ["mp41"])), "an MP4 video is not ours")
        #expect(!Self.codec.recognizes(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)))
        #expect(!Self.codec.recognizes([0x89, 0x50, 0x4E, 0x47]))
        let registry = CodecRegistry([HEIFCodec()])
        #expect(try registry.decoder(for: .file(path: Fixtures.path("heif/example.heic"))).format == .heif)
    }
}

/// Inputs the heif fuzz target found, each a regression test of its own (they are also replayed by
/// `FuzzRegressionTests`).
@Suite struct HEIFFuzzFindingTests {
    @Test func decodedPixelsMustHaveTheHeadersSize() throws {
        // The item's header says 72×9, the coded stream holds 72×72: rows of another size than the
        // probe reported used to be delivered.
        let bytes = try Fixtures.bytes("fuzz-regressions/heif/crash-2001f7b3e9cdb98dc9ab410b241eeebfe6b93e8a")
        let info = try HEIFCodec().probe(.bytes(bytes), limits: .init())
        #expect(info.size == PixelSize(width: 72, height: 9))
        var sink = SummingSink()
        #expect { _ = try HEIFCodec().decode(.bytes(bytes), options: DecodeOptions(), into: &sink) } throws: { error in
            guard case .malformed(.heif, let message) = error as? ImageError else { return false }
            return message.contains("72×72") && message.contains("72×9")
        }
        #expect(sink.rows == 0, "no row of the wrong size reaches the sink")
    }
}

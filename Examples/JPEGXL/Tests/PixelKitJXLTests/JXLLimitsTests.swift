import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import Testing
import PixelKitJXL

/// Limits, strictness, the deadline, and the codec registered beside PixelKit's own.
@Suite struct JXLLimitsTests {
    /// chelsea.png (451×300) as lossy JPEG XL, made once per test.
    static func lossyChelsea() throws -> String {
        try JXLTestFiles.encode(JXLCodecTests.chelsea, ["-d", "1"], into: JXLTestFiles.temporaryFolder(), name: "chelsea.jxl")
    }

    @Test("Size limits are checked from the basic info, before any pixel is allocated")
    func sizeLimits() throws {
        let source = ImageSource.file(path: try Self.lossyChelsea())
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 451, height: 300, limit: 100_000))) {
            try JXLCodec().probe(source, limits: DecodingLimits(maxPixelCount: 100_000))
        }
        #expect(throws: ImageError.limitExceeded(.dimension(width: 451, height: 300, limit: 400))) {
            try JXLCodec().probe(source, limits: DecodingLimits(maxDimension: 400))
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: source.displayName)[.size] as? Int)
        #expect(throws: ImageError.limitExceeded(.inputSize(bytes: size, limit: 1000))) {
            try JXLCodec().probe(source, limits: DecodingLimits(maxInputBytes: 1000))
        }
    }

    @Test("The pixels per input byte are checked when decoding, against the input's length")
    func pixelsPerInputByte() throws {
        let path = try Self.lossyChelsea()
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // chelsea.jxl has about 5 pixels a byte: refused at 1, once past the ratio-free size.
        let limits = DecodingLimits(maxPixelsPerInputByte: 1, ratioFreePixelCount: 1000)
        #expect(try JXLCodec().probe(.file(path: path), limits: limits).size == PixelSize(width: 451, height: 300))
        #expect(throws: ImageError.limitExceeded(.pixelsPerInputByte(width: 451, height: 300, inputBytes: bytes, limit: 1))) {
            try JXLCodecTests.decode(.file(path: path), options: DecodeOptions(limits: limits))
        }
    }

    @Test("The output and libjxl's working memory are reserved from maxMemoryBytes before the decode")
    func memoryLimit() throws {
        let source = ImageSource.file(path: try Self.lossyChelsea())
        let needed = 451 * 300 * (4 + JXLCodec.workingBytesPerPixel)
        #expect(throws: ImageError.limitExceeded(.memory(bytes: needed, limit: needed - 1))) {
            try JXLCodecTests.decode(source, options: DecodeOptions(limits: DecodingLimits(maxMemoryBytes: needed - 1)))
        }
        #expect(try JXLCodecTests.decode(source, options: DecodeOptions(limits: DecodingLimits(maxMemoryBytes: needed))).1.outputSize.width == 451)
        // A batch's shared budget is drawn from as well, and given back.
        let budget = MemoryBudget(limitBytes: needed - 1)
        #expect(throws: ImageError.self) {
            try JXLCodecTests.decode(source, options: DecodeOptions(limits: DecodingLimits(memoryBudget: budget)))
        }
        #expect(budget.reservedBytes == 0)
    }

    @Test("A truncated file is an error in strict mode, and its decoded rows with a warning in lenient mode")
    func truncated() throws {
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.lossyChelsea())))
        let cut = ImageSource.bytes(Array(whole.prefix(whole.count * 2 / 3)))
        #expect(throws: ImageError.truncated(format: .jxl, message: "the file ends before its image does")) {
            try JXLCodecTests.decode(cut, options: DecodeOptions(strictness: .strict))
        }
        let (image, report) = try JXLCodecTests.decode(cut, options: DecodeOptions(strictness: .lenient))
        #expect(report.warnings.count == 1)
        #expect(report.outputSize == PixelSize(width: 451, height: 300))
        let (complete, _) = try JXLCodecTests.decode(.bytes(whole))
        // libjxl renders every group, those whose AC did not arrive from their DC: the whole image is
        // there, approximately.
        #expect(image.isOpaque)
        for channel in 0..<3 {
            #expect(abs(JXLCodecTests.mean(image, channel) - JXLCodecTests.mean(complete, channel)) < 1)
        }
        // A file cut within its header is truncated in either mode.
        #expect(throws: ImageError.truncated(format: .jxl, message: "the file ends within its header")) {
            try JXLCodecTests.decode(.bytes(Array(whole.prefix(8))))
        }
        // Cut before the frame's data: nothing to deliver, truncated even when lenient.
        #expect(throws: ImageError.truncated(format: .jxl, message: "the file ends before its image does")) {
            try JXLCodecTests.decode(.bytes(Array(whole.prefix(200))))
        }
    }

    @Test("A passed deadline and a cancelled task stop the decode")
    func deadlineAndCancellation() async throws {
        let source = ImageSource.file(path: try Self.lossyChelsea())
        let session = try JXLCodec().open(source, options: .init())
        let passed = DecodeOptions(deadline: .after(.zero))
        try await Task.sleep(for: .milliseconds(1))
        #expect(throws: ImageError.limitExceeded(.deadline(timeout: .zero))) {
            var collector = RGBAImageCollector()
            _ = try session.decode(options: passed, into: &collector)
        }
        let task = Task { () throws(ImageError) -> DecodeReport in
            withUnsafeCurrentTask { $0?.cancel() }
            return try JXLCodecTests.decode(source).1
        }
        await #expect(throws: ImageError.cancelled) { try await task.value }
    }

    @Test("A session decodes once")
    func sessionDecodesOnce() throws {
        let session = try JXLCodec().open(.file(path: try Self.lossyChelsea()), options: .init())
        let copy = session
        var collector = RGBAImageCollector()
        _ = try session.decode(options: .init(), into: &collector)
        #expect(throws: ImageError.invalidOptions("a JPEG XL session decodes once")) {
            _ = try copy.decode(options: .init(), into: &collector)
        }
    }

    @Test("Registered beside the built-in codecs: sniffed, averaged and thumbnailed")
    func registry() throws {
        let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), JXLCodec()])
        let path = try Self.lossyChelsea()
        #expect(try codecs.decoder(for: .file(path: path)).format == .jxl)
        #expect(try codecs.decoder(for: .file(path: JXLCodecTests.chelsea)).format == .png)
        let fast = try codecs.averageColor(of: path)
        let exact = try codecs.averageColor(of: path, options: AverageOptions(accuracy: .exact))
        #expect(fast.decodedSize == PixelSize(width: 57, height: 38))
        #expect(exact.decodedSize == PixelSize(width: 451, height: 300))
        #expect(abs(fast.color.red - exact.color.red) < 1 && abs(fast.color.green - exact.color.green) < 1 && abs(fast.color.blue - exact.color.blue) < 1)
        // The PNG it came from has (nearly) the same mean: lossy at distance 1.
        let png = try codecs.averageColor(of: JXLCodecTests.chelsea, options: AverageOptions(accuracy: .exact))
        #expect(abs(png.color.red - exact.color.red) < 2)

        // A thumbnail of the oriented file is upright.
        let oriented = try JXLTestFiles.encode(
            JXLTestFiles.fixture("exif-orientation/Landscape_6.jpg"), [], into: JXLTestFiles.temporaryFolder(), name: "oriented.jxl")
        let thumbnail = try Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 60)).thumbnail(of: oriented)
        #expect(thumbnail.size == PixelSize(width: 60, height: 40))
        #expect(thumbnail.orientationApplied)
        #expect(thumbnail.decodedSize == PixelSize(width: 150, height: 225))
    }
}

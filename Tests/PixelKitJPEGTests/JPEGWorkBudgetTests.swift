import PixelKit
@testable import PixelKitJPEG
import PixelKitTestSupport
import PropertyBased
import Testing

/// The work budget inside every JPEG decoder (issue 27): a progressive file repeating an empty scan
/// is refused at scan `maxScans + 1` before its work is done, marker spam at `maxChunkCount`, and a
/// passed deadline or a cancelled task stops libjpeg, the DC-scan decoder and the split decoder
/// from inside their loops.
@Suite struct JPEGWorkBudgetTests {
    static let codec = JPEGCodec()
    static let codecs = CodecRegistry([JPEGCodec()])
    static let progressive = "jpeg/libjpeg-turbo/testimgp.jpg"
    static let scanLimitError = ImageError.limitExceeded(.scanCount(scans: 101, limit: 100))

    /// A 1024×1024 noise image as a progressive and as a baseline JPEG: slow to decode (the baseline
    /// one has the entropy-coded data the split decoder takes at 1/4 scale).
    static let noise = NoiseImage.make(width: 1024, height: 1024)
    static let slowProgressive = try! codec.encode(noise, options: EncodeOptions(quality: 0.95, progressive: true))
    static let slowBaseline = try! codec.encode(noise, options: EncodeOptions(quality: 0.95))

    static func decode(_ bytes: [UInt8], _ options: DecodeOptions, into sink: inout InterruptionSink) throws(ImageError) {
        _ = try codec.decode(.bytes(bytes), options: options, into: &sink)
    }

    /// The reproducer: 163 KB of repeated empty scans took 19.5 s for `average --exact --strict`.
    @Test func scanBombIsRefusedByEveryDecodeThatReachesItsScans() throws {
        let bytes = JPEGScanBomb.make(from: try Fixtures.bytes(Self.progressive), extraScans: 10_000)
        #expect(JPEGScanBomb.scanCount(bytes) == 10_010)
        for strictness in [DecodeOptions.Strictness.lenient, .strict] {
            var sink = InterruptionSink()
            #expect(throws: Self.scanLimitError) { try Self.decode(bytes, DecodeOptions(strictness: strictness), into: &sink) }
            #expect(!sink.began)
            let exact = AverageOptions(accuracy: .exact, decoding: DecodeOptions(strictness: strictness))
            #expect(throws: Self.scanLimitError) { try Self.codecs.averageColor(of: bytes, options: exact) }
            // 227×149 to 100 px: decoded at 4/8 by libjpeg, which consumes every scan first.
            let thumbnailer = Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(maxPixelSize: 100, decoding: DecodeOptions(strictness: strictness)))
            #expect(throws: Self.scanLimitError) { try thumbnailer.thumbnail(of: bytes) }
        }
        // A strict fast average reads to EOI (one verdict): it meets scan 101 too. A lenient one
        // stops after the DC scans and never reads the extra scans, which then cost it nothing.
        let strictFast = AverageOptions(accuracy: .fast, decoding: DecodeOptions(strictness: .strict))
        #expect(throws: Self.scanLimitError) { try Self.codecs.averageColor(of: bytes, options: strictFast) }
        #expect(try Self.codecs.averageColor(of: bytes, options: AverageOptions(accuracy: .fast)).info.size.width == 227)
        // Streamed from a file, the refusal names the file.
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(bytes, to: "bomb.jpg")
        #expect(throws: ImageError.inFile(path: directory.file("bomb.jpg"), Self.scanLimitError)) {
            try Self.codecs.averageColor(of: directory.file("bomb.jpg"), options: AverageOptions(accuracy: .exact))
        }
        // The header alone (one scan) is all a probe reads.
        #expect(try Self.codec.probe(.bytes(bytes), limits: .init()).isProgressive)
    }

    /// The bomb's pixels are the original's: an extra scan within the limit is accepted and harmless.
    @Test func bombScansAreValidAndHarmless() throws {
        let original = try Fixtures.bytes(Self.progressive)
        let bytes = JPEGScanBomb.make(from: original, extraScans: 90)
        let strict = DecodeOptions(strictness: .strict)
        let bomb = try JPEGTesting.image(bytes, options: strict)
        #expect(bomb.report.warnings.isEmpty)
        #expect(bomb.image == (try JPEGTesting.image(original, options: strict)).image)
    }

    /// Accepted exactly when the file's scans are at most `maxScans`, for counts around the limit.
    @Test func scanCountsAroundTheLimitAreAcceptedExactlyUpToIt() async throws {
        let original = try Fixtures.bytes(Self.progressive)
        let originalScans = JPEGScanBomb.scanCount(original)
        await propertyCheck(count: 60, input: Gen.int(in: 0...24), Gen.int(in: 1...32)) { extra, limit in
            let bytes = JPEGScanBomb.make(from: original, extraScans: extra)
            let scans = originalScans + extra
            let options = DecodeOptions(strictness: .strict, limits: DecodingLimits(maxScans: limit))
            let result = Result { () throws(ImageError) in try JPEGTesting.image(bytes, options: options) }
            switch result {
            case .success: #expect(scans <= limit, "\(scans) scans accepted with a limit of \(limit)")
            case .failure(let error): #expect(error == .limitExceeded(.scanCount(scans: limit + 1, limit: limit)), "\(scans) scans, limit \(limit)")
            }
        }
    }

    /// Scans are counted as a decoder reads them: the progressive 1/8 shortcut (the DC-scan decoder)
    /// stops after the scans carrying the DC, so scans it never reads cost it nothing and are not
    /// counted; libjpeg's full decode reads them all.
    @Test func scansAreCountedAsEachDecoderReadsThem() throws {
        // testimgp's first scan carries every component's DC: the shortcut reads that scan alone.
        let bytes = try Fixtures.bytes(Self.progressive)
        let oneScan = DecodingLimits(maxScans: 1)
        var sink = InterruptionSink()
        try Self.decode(bytes, DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), limits: oneScan), into: &sink)
        #expect(sink.rows == 19 && sink.size == PixelSize(width: 29, height: 19))
        sink = InterruptionSink()
        #expect(throws: ImageError.limitExceeded(.scanCount(scans: 2, limit: 1))) {
            try Self.decode(bytes, DecodeOptions(limits: oneScan), into: &sink)
        }
        #expect(!sink.began)
    }

    /// Repeated APPn/COM segments past `maxChunkCount` are refused by the header read (probe too) and
    /// by the shim's own decoders, which count every marker.
    @Test func markerSpamIsRefusedAtTheChunkCountLimit() throws {
        let original = try Fixtures.bytes(Self.progressive)
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x04, 0x41, 0x42]
        let spam = Array(original.prefix(2)) + Array((0..<50).map { _ in comment }.joined()) + original.dropFirst(2)
        let limits = DecodingLimits(maxChunkCount: 20)
        let refusal = ImageError.limitExceeded(.chunkCount(kind: "JPEG marker segments", count: 21, limit: 20))
        #expect(throws: refusal) { try Self.codec.probe(.bytes(spam), limits: limits) }
        var sink = InterruptionSink()
        #expect(throws: refusal) { try Self.decode(spam, DecodeOptions(limits: limits), into: &sink) }
        // Within the limit, the comments change nothing.
        #expect(try JPEGTesting.image(spam).image == (try JPEGTesting.image(original)).image)
        // The DC-scan decoder's front end counts SOI's successors: 50 COM segments and the rest.
        #expect(throws: ImageError.limitExceeded(.chunkCount(kind: "JPEG marker segments", count: 21, limit: 20))) {
            try spam.withUnsafeBufferPointer { (buffer) throws(ImageError) in
                _ = try JPEGProgressiveDCDecoder(
                    .memory(buffer), colorModel: .ycbcr, strict: false, maxMemoryBytes: 1 << 30,
                    budget: JPEGBudget(limits: limits, deadline: nil))
            }
        }
    }

    /// A deadline that has passed stops every decoder: libjpeg (full size, progressive and baseline),
    /// the DC-scan decoder (1/8 of a progressive file) and the split decoder (1/4 of a large baseline file).
    @Test(arguments: [(true, 8), (true, 1), (false, 8), (false, 2)])
    func anExpiredDeadlineStopsEveryDecoder(progressive: Bool, eighths: Int) throws {
        let bytes = progressive ? Self.slowProgressive : Self.slowBaseline
        let minimum = PixelSize(width: 1024 * eighths / 8, height: 1024 * eighths / 8)
        var sink = InterruptionSink()
        #expect(throws: DecodeDeadline.expiredError) {
            try Self.decode(bytes, DecodeOptions(minimumSize: minimum, deadline: .expired), into: &sink)
        }
        #expect(sink.rows == 0)
    }

    /// A deadline that passes while libjpeg consumes a progressive file's scans (before the first row)
    /// stops it there, from its progress monitor.
    @Test func aDeadlineStopsLibjpegInsideAProgressiveDecode() throws {
        var sink = InterruptionSink()
        #expect(throws: ImageError.limitExceeded(.deadline(timeout: .milliseconds(2)))) {
            try Self.decode(Self.slowProgressive, DecodeOptions(deadline: .after(.milliseconds(2))), into: &sink)
        }
        #expect(!sink.began)
    }

    /// A task cancelled during a decode (here by its own sink, at the first row) stops it with
    /// `.cancelled` before the last row, on libjpeg's path and on the split decoder's.
    @Test(arguments: [8, 2])
    func cancellingTheTaskStopsTheDecode(eighths: Int) async throws {
        let minimum = PixelSize(width: 1024 * eighths / 8, height: 1024 * eighths / 8)
        let outcome = await Task { () -> (Result<Void, ImageError>, InterruptionSink) in
            var sink = InterruptionSink(cancelsAtFirstRow: true)
            let result = Result { () throws(ImageError) in try Self.decode(Self.slowBaseline, DecodeOptions(minimumSize: minimum), into: &sink) }
            return (result, sink)
        }.value
        #expect(throws: ImageError.cancelled) { try outcome.0.get() }
        #expect(outcome.1.rows >= 1 && outcome.1.rows < outcome.1.size.height)
    }

    /// A task cancelled before the decode starts decodes nothing.
    @Test func aCancelledTaskDecodesNothing() async throws {
        let task = Task { () -> Result<Void, ImageError> in
            withUnsafeCurrentTask { $0?.cancel() }
            var sink = InterruptionSink()
            return Result { () throws(ImageError) in try Self.decode(Self.slowProgressive, DecodeOptions(), into: &sink) }
        }
        let result = await task.value
        #expect(throws: ImageError.cancelled) { try result.get() }
    }
}

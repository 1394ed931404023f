import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// The WebP decode paths must agree: a still file on disk is fed to libwebp's incremental decoder
/// chunk by chunk, bytes in memory go through `WebPDecode`, and `maxThreads` ≥ 2 lets libwebp
/// filter and emit rows on a second thread. None of it may change a pixel or an error.
@Suite struct WebPDecodePathTests {
    /// The pixels of a decode, or its error.
    static func outcome(_ source: ImageSource, _ options: DecodeOptions = .init()) -> Result<RGBAImage, ImageError> {
        Result { () throws(ImageError) -> RGBAImage in
            var collector = RGBAImageCollector()
            _ = try WebPCodec().decode(source, options: options, into: &collector)
            return collector.image
        }
    }

    /// An outcome in a line: the image's size and a checksum of its pixels, or the error.
    static func summary(_ outcome: Result<RGBAImage, ImageError>) -> String {
        switch outcome {
        case .success(let image): "\(image.size), pixel sum \(image.pixels.reduce(0) { $0 + Int($1) })"
        case .failure(let error): "\(error)"
        }
    }

    /// Whether two outcomes are the same pixels or the same error.
    static func identical(_ first: Result<RGBAImage, ImageError>, _ second: Result<RGBAImage, ImageError>) -> Bool {
        first == second
    }

    /// Full size, and scaled by libwebp to about a third.
    static func optionSets(for file: String, threads: Int) throws -> [DecodeOptions] {
        let size = try WebPCodec().probe(.file(path: Fixtures.path(file)), limits: .init()).size
        let third = PixelSize(width: max(size.width / 3, 1), height: max(size.height / 3, 1))
        return [DecodeOptions(maxThreads: threads), DecodeOptions(minimumSize: third, maxThreads: threads)]
    }

    @Test(arguments: Fixtures.files(in: "webp") { $0.hasSuffix(".webp") })
    func filesDecodeAsTheirBytesDo(_ file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for options in try Self.optionSets(for: file, threads: 1) {
            let fromFile = Self.outcome(.file(path: Fixtures.path(file)), options)
            let fromBytes = Self.outcome(.bytes(bytes), options)
            #expect(Self.identical(fromFile, fromBytes), "\(options.minimumSize.map { "scaled to \($0)" } ?? "full size")")
        }
    }

    @Test(arguments: ["webp/lossy_extreme_probabilities.webp", "webp/lossy_alpha1.webp", "webp/lossless_color_transform.webp",
                      "webp/red-then-blue-animated.webp"])
    func threadedDecodesMatchUnthreadedOnes(_ file: String) throws {
        for (single, threaded) in zip(try Self.optionSets(for: file, threads: 1), try Self.optionSets(for: file, threads: 2)) {
            let expected = Self.outcome(.file(path: Fixtures.path(file)), single)
            #expect(throws: Never.self) { try expected.get() }
            #expect(Self.identical(Self.outcome(.file(path: Fixtures.path(file)), threaded), expected))
            #expect(Self.identical(Self.outcome(.bytes(try Fixtures.bytes(file)), threaded), expected))
        }
    }

    @Test(arguments: [13, 30, 2000, 70_000, 200_000, 468_000])
    func truncatedFilesGiveTheErrorTheirBytesGive(_ length: Int) throws {
        let bytes = Array(try Fixtures.bytes("webp/lossy_extreme_probabilities.webp").prefix(length))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "truncated.webp")
        for threads in [1, 2] {
            let fromFile = Self.outcome(.file(path: scratch.file("truncated.webp")), DecodeOptions(maxThreads: threads))
            guard case .failure(.truncated(.webp, let message)) = fromFile else {
                Issue.record("\(length) bytes, \(threads) threads: not a truncation error")
                continue
            }
            #expect(message.contains("NOT_ENOUGH_DATA"))
            #expect(Self.identical(fromFile, Self.outcome(.bytes(bytes), DecodeOptions(maxThreads: threads))))
        }
    }

    /// A file shorter than its RIFF header declares is `NOT_ENOUGH_DATA` for `WebPDecode` even when
    /// the image inside is whole; the incremental decoder alone would decode it (a fuzz finding).
    /// Bytes past the declared end are read by both (another fuzz finding: a chunk may run past it).
    @Test(arguments: [-1, 0, 1, 5000])
    func theRIFFSizeBoundsTheFileOnEveryPath(_ declaredExtra: Int) throws {
        let original = try Fixtures.bytes("webp/lossless1.webp")
        var bytes = original + [UInt8](repeating: 0x5A, count: 64)     // trailing bytes past the RIFF end
        let declared = original.count - 8 + declaredExtra
        bytes[4..<8] = ArraySlice((0..<4).map { UInt8(truncatingIfNeeded: declared >> (8 * $0)) })
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "resized.webp")
        let fromFile = Self.outcome(.file(path: scratch.file("resized.webp")))
        #expect(Self.identical(fromFile, Self.outcome(.bytes(bytes))))
        if declaredExtra > 64 {
            guard case .failure(.truncated(.webp, _)) = fromFile else { Issue.record("a short file decoded"); return }
        } else if declaredExtra >= 0 {
            #expect(throws: Never.self) { try fromFile.get() }
        }
    }

    /// An image chunk whose size field is smaller than its bitstream: `WebPDecode` reads the
    /// bitstream on to the end of the data, while libwebp's incremental lossless decoder stops at the
    /// declared end of the chunk and fails (a fuzz finding: a VP8L chunk of a 163,810-byte file
    /// declared 32,726 bytes). Each path must give what the bytes give.
    @Test(arguments: [
        ("webp/lossless_color_transform.webp", 1_000), ("webp/lossless_color_transform.webp", 32_726),
        ("webp/lossless_color_transform.webp", 65_600), ("webp/lossless_color_transform.webp", 100_000),
        ("webp/lossy_extreme_probabilities.webp", 30_000), ("webp/lossy_extreme_probabilities.webp", 200_000),
    ])
    func anImageChunkShorterThanItsBitstreamDecodesAsItsBytesDo(_ name: String, declaredSize: Int) throws {
        var bytes = try Fixtures.bytes(name)
        try #require(bytes.count > 64 << 10, "the file must be longer than the first read (64 KiB), or it is decoded as bytes")
        try #require(Array(bytes[12..<15]) == Array("VP8".utf8), "the image chunk must follow the RIFF header")
        bytes[16..<20] = ArraySlice((0..<4).map { UInt8(truncatingIfNeeded: declaredSize >> (8 * $0)) })
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "short-chunk.webp")
        for threads in [1, 2] {
            for options in [DecodeOptions(maxThreads: threads), DecodeOptions(minimumSize: PixelSize(width: 64, height: 64), maxThreads: threads)] {
                let fromBytes = Self.outcome(.bytes(bytes), options)
                let fromFile = Self.outcome(.file(path: scratch.file("short-chunk.webp")), options)
                let same = Self.identical(fromFile, fromBytes)
                #expect(same, "\(threads) thread(s), \(options.minimumSize.map { "scaled to \($0)" } ?? "full size"): file \(Self.summary(fromFile)), bytes \(Self.summary(fromBytes))")
            }
        }
    }

    /// The input limit holds while the file is read chunk by chunk, not only on the first read.
    @Test func filesLargerThanTheInputLimitAreRefusedAsTheyAreRead() throws {
        let path = Fixtures.path("webp/lossy_extreme_probabilities.webp")  // 468,740 bytes
        for limit in [100, 70_000, 468_739] {
            let outcome = Self.outcome(.file(path: path), DecodeOptions(limits: DecodingLimits(maxInputBytes: limit)))
            #expect(Self.identical(outcome, .failure(.limitExceeded(.inputSize(bytes: limit + 1, limit: limit)))))
        }
        #expect(throws: Never.self) { try Self.outcome(.file(path: path), DecodeOptions(limits: DecodingLimits(maxInputBytes: 468_740))).get() }
    }

    /// A file whose image chunk lies beyond the first 64 KiB read (after a large ICC profile) is
    /// decoded as its bytes are, its lossless work buffer counted against the memory limit.
    @Test(arguments: ["webp/lossy_q0_f100.webp", "webp/lossless1.webp"])
    func imageDataAfterALargeMetadataChunkDecodes(_ name: String) throws {
        let plain = try Fixtures.bytes(name)
        let size = try WebPCodec().probe(.bytes(plain), limits: .init()).size
        let file = Self.extendedFile(image: Array(plain[12...]), canvas: size, iccProfile: [UInt8](repeating: 7, count: 80_000))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(file, to: "icc.webp")
        let expected = Self.outcome(.bytes(plain))
        #expect(throws: Never.self) { try expected.get() }
        #expect(Self.identical(Self.outcome(.file(path: scratch.file("icc.webp"))), expected))
        #expect(Self.identical(Self.outcome(.bytes(file)), expected))
        let lossless = name.contains("lossless")
        let tight = DecodeOptions(limits: DecodingLimits(maxMemoryBytes: size.pixelCount * 4 * (lossless ? 2 : 1) - 1))
        let refusal = Self.outcome(.file(path: scratch.file("icc.webp")), tight)
        #expect(Self.identical(refusal, Self.outcome(.bytes(plain), tight)))
        guard case .failure(.limitExceeded(.memory)) = refusal else {
            Issue.record("the decode was not refused for its memory")
            return
        }
    }

    /// `RIFF`, `WEBP`, a `VP8X` chunk announcing an ICC profile, an `ICCP` chunk, then `image` (the
    /// chunks of a simple file).
    static func extendedFile(image: [UInt8], canvas: PixelSize, iccProfile: [UInt8]) -> [UInt8] {
        func littleEndian(_ value: Int, bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + littleEndian(payload.count, bytes: 4) + payload + (payload.count.isMultiple(of: 2) ? [] : [0])
        }
        let header = [0x20, 0, 0, 0] + littleEndian(canvas.width - 1, bytes: 3) + littleEndian(canvas.height - 1, bytes: 3)
        let body = Array("WEBP".utf8) + chunk("VP8X", header) + chunk("ICCP", iccProfile) + image
        return Array("RIFF".utf8) + littleEndian(body.count, bytes: 4) + body
    }
}

/// libwebp's rescaler sums each output pixel's block in 32 bits: scaled to 1×1, 5000×5000 white
/// pixels wrapped around to grey 55, so the fast average (which asks for 1×1) said #373737.
@Suite("A large WebP scaled far down keeps its colors")
struct WebPScalingOverflowTests {
    static let path = Fixtures.path("webp-scaling/white-5000x5000.webp")
    /// The file is 44 KB for 25 MP: allowed here, whatever the pixels-per-byte limit.
    static let decoding = DecodeOptions(limits: DecodingLimits(ratioFreePixelCount: 100_000_000))

    @Test("The fast average of 5000×5000 white pixels is white, from the file and from memory")
    func fastAverageIsWhite() throws {
        let codecs = CodecRegistry([WebPCodec()])
        for source in [ImageSource.file(path: Self.path), .bytes(try Fixtures.bytes("webp-scaling/white-5000x5000.webp"))] {
            let result = try codecs.averageColor(of: source, options: AverageOptions(accuracy: .fast, decoding: Self.decoding))
            #expect(result.color.hex == "#FFFFFF", "\(source.displayName): decoded at \(result.decodedSize)")
        }
    }

    @Test("Asked for 1×1, the decoder scales by at most 1024 per side (5×5 here)")
    func scaledSizeKeepsBlocksSmall() throws {
        var options = Self.decoding
        options.minimumSize = PixelSize(width: 1, height: 1)
        var collector = RGBAImageCollector()
        let report = try WebPCodec().decode(.file(path: Self.path), options: options, into: &collector)
        #expect(report.outputSize == PixelSize(width: 5, height: 5))
        #expect(collector.image.pixels.allSatisfy { $0 == 255 })
    }
}

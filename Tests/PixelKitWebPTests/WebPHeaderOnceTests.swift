import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// Issue 30, "parse once": `readHeader` reads a WebP file's features and walks its chunks once, and
/// `decode(_:header:options:into:)` continues from that header — the same pixels and report as a
/// plain decode, the file's start read once for the header, stricter decode limits still enforced.
@Suite struct WebPHeaderOnceTests {
    static let codec = WebPCodec()
    static let registry = CodecRegistry([WebPCodec()])

    /// Every WebP fixture; the 5000×5000 one only scaled (its full-size decode is 100 MB).
    static let fixtures = Fixtures.files(in: "webp") { $0.hasSuffix(".webp") }
        + Fixtures.files(in: "orientation") { $0.hasSuffix(".webp") } + ["pillow/transparent.webp"]

    /// Full size, and scaled by libwebp to about a third.
    static func optionSets(_ size: PixelSize?, fullSize: Bool = true) -> [DecodeOptions] {
        let third = size.map { PixelSize(width: max($0.width / 3, 1), height: max($0.height / 3, 1)) } ?? PixelSize(width: 1, height: 1)
        return (fullSize ? [DecodeOptions()] : []) + [DecodeOptions(minimumSize: third)]
    }

    @Test(arguments: fixtures + ["webp-scaling/white-5000x5000.webp"])
    func aHeaderReadOnceDecodesAsAPlainDecode(_ file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for source in [ImageSource.file(path: Fixtures.path(file)), .bytes(bytes)] {
            let probed = Result { () throws(ImageError) in try Self.codec.probe(source, limits: .init()) }
            #expect(probed == Result { () throws(ImageError) in try Self.codec.open(source, options: .init()).info })
            for options in Self.optionSets(try? probed.get().size, fullSize: !file.hasPrefix("webp-scaling")) {
                let plain = DecodeOutcome.plain(Self.codec, source, options)
                #expect(DecodeOutcome.continued(Self.codec, source, decoding: options) == plain, "\(source.displayName), \(options.minimumSize.map { "scaled to \($0)" } ?? "full size")")
                // Through the registry: a reader, against the registry's plain decode (both name the file in errors).
                let registered = DecodeOutcome.of { (sink) throws(ImageError) in try Self.registry.decode(source, options: options, into: &sink) }
                let read = DecodeOutcome.of { (sink) throws(ImageError) in try Self.registry.reader(for: source).decode(options: options, into: &sink) }
                #expect(read == registered)
                if case .success(let decoded) = plain {
                    #expect(decoded.report.info == (try Self.registry.reader(for: source).info))
                    #expect(read == .success(decoded))
                }
            }
        }
    }

    /// The file's start is read twice in all: by the open (the sniff's 64 bytes) and by the header;
    /// the decode continues from the header without reading it again (the old code read it 3 times
    /// for a decode: the features, the decode and the chunk walk).
    @Test(arguments: ["webp/lossy_alpha1.webp", "webp/lossy_extreme_probabilities.webp", "webp/lossless1.webp",
                      "webp/red-then-blue-animated.webp", "orientation/orientation-6.webp"])
    func theFileStartIsReadOnceForTheHeader(_ file: String) throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path(file))
        #expect(recorded.readsOfTheStart == 1)
        let header = try Self.codec.open(recorded.source, options: .init())
        #expect(recorded.readsOfTheStart == 2)
        var collector = RGBAImageCollector()
        _ = try header.decode(options: .init(), into: &collector)
        #expect(recorded.readsOfTheStart == 2, "reads at: \(recorded.readOffsets)")

        for operation in ["plain decode", "reader"] {
            let fresh = try ReadRecordingFile(path: Fixtures.path(file))
            var sink = RGBAImageCollector()
            if operation == "reader" {
                _ = try Self.registry.reader(for: fresh.file).decode(into: &sink)
            } else {
                _ = try Self.codec.decode(fresh.source, options: .init(), into: &sink)
            }
            #expect(fresh.readsOfTheStart == 2, "\(operation): reads at \(fresh.readOffsets)")
            #expect(sink.image == collector.image)
        }
    }

    /// A header read under the default limits and decoded under stricter ones fails with the error
    /// the plain decode gives under those limits, from a file and from memory.
    @Test(arguments: [
        ("webp/lossy_extreme_probabilities.webp", DecodingLimits(maxPixelCount: 1_000)),
        ("webp/lossy_alpha1.webp", DecodingLimits(maxDimension: 300)),
        ("webp/lossy_extreme_probabilities.webp", DecodingLimits(maxInputBytes: 1_000)),
        ("webp/lossless1.webp", DecodingLimits(maxInputBytes: 15_367)),
        ("webp/lossless1.webp", DecodingLimits(maxMemoryBytes: 1_000)),
        ("webp/red-then-blue-animated.webp", DecodingLimits(maxFrames: 1)),
        ("webp/lossy_alpha1.webp", DecodingLimits(maxChunkCount: 2)),
        ("orientation/orientation-6.webp", DecodingLimits(maxChunkBytes: 25)),
    ])
    func stricterDecodeLimitsStillHold(_ file: String, _ limits: DecodingLimits) throws {
        for source in [ImageSource.file(path: Fixtures.path(file)), .bytes(try Fixtures.bytes(file))] {
            let strict = DecodeOptions(limits: limits)
            #expect(throws: Never.self) { try DecodeOutcome.continued(Self.codec, source, decoding: DecodeOptions()).get() }
            let plain = DecodeOutcome.plain(Self.codec, source, strict)
            guard case .failure(.limitExceeded) = plain else {
                Issue.record("\(source.displayName): the plain decode was not refused: \(plain)")
                continue
            }
            #expect(DecodeOutcome.continued(Self.codec, source, decoding: strict) == plain, "\(source.displayName)")
        }
    }

    /// Truncated and damaged files give the errors they gave before the header was kept, on every
    /// path (header then decode, plain decode, from the file and from memory).
    @Test(arguments: [0, 5, 13, 30, 2000, 70_000, 200_000])
    func truncatedFilesGiveTheSameErrorsOnEveryPath(_ length: Int) throws {
        let bytes = Array(try Fixtures.bytes("webp/lossy_extreme_probabilities.webp").prefix(length))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "truncated.webp")
        let expected: ImageError = switch length {
        case 0: .emptyInput
        default: .truncated(format: .webp, message: "")
        }
        for source in [ImageSource.file(path: scratch.file("truncated.webp")), .bytes(bytes)] {
            let plain = DecodeOutcome.plain(Self.codec, source, DecodeOptions())
            #expect(DecodeOutcome.continued(Self.codec, source, decoding: DecodeOptions()) == plain)
            switch (plain, expected) {
            case (.failure(.emptyInput), .emptyInput), (.failure(.truncated(.webp, _)), .truncated): break
            default: Issue.record("\(length) bytes from \(source.displayName): \(plain)")
            }
        }
    }
}

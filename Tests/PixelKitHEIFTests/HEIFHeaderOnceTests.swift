import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// Issue 30, "parse once": `readHeader` reads a HEIF file whole once and has libheif parse it once;
/// `decode(_:header:options:into:)` decodes from that context — the same pixels and report as a
/// plain decode, stricter decode limits still enforced, the same errors for damaged files.
@Suite struct HEIFHeaderOnceTests {
    static let codec = HEIFCodec()
    static let registry = CodecRegistry([HEIFCodec()])

    /// Every HEIF, HEIC and AVIF fixture.
    static let fixtures = Fixtures.files(in: "heif") { !$0.hasSuffix(".py") } + Fixtures.files(in: "heif-transforms") { !$0.hasSuffix(".py") }
        + ["pillow/transparency.avif"]

    /// Full size, strict, and reduced (an embedded thumbnail where there is one).
    static let optionSets = [
        DecodeOptions(), DecodeOptions(strictness: .strict), DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), maxThreads: 2),
    ]

    @Test(arguments: fixtures)
    func aHeaderReadOnceDecodesAsAPlainDecode(_ file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for source in [ImageSource.file(path: Fixtures.path(file)), .bytes(bytes)] {
            let probed = Result { () throws(ImageError) in try Self.codec.probe(source, limits: .init()) }
            #expect(probed == Result { () throws(ImageError) in try Self.codec.open(source, options: .init()).info })
            for options in Self.optionSets {
                let plain = DecodeOutcome.plain(Self.codec, source, options)
                #expect(DecodeOutcome.continued(Self.codec, source, decoding: options) == plain, "\(source.displayName), \(options)")
                let registered = DecodeOutcome.of { (sink) throws(ImageError) in try Self.registry.decode(source, options: options, into: &sink) }
                let read = DecodeOutcome.of { (sink) throws(ImageError) in try Self.registry.reader(for: source).decode(options: options, into: &sink) }
                #expect(read == registered)
                if case .success(let decoded) = plain {
                    #expect(read == .success(decoded))
                    #expect(probed == .success(decoded.report.info))
                }
            }
        }
    }

    /// The file is read once, whole, for the header (after the open's 64 bytes), and the decode
    /// reads nothing more: the old code read it whole twice, for the probe and for the decode.
    @Test(arguments: ["heif/example.heic", "heif/coffee.avif", "heif/sequence-5-frames.avif"])
    func theFileIsReadOnceForTheHeader(_ file: String) throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path(file))
        let header = try Self.codec.open(recorded.source, options: .init())
        let afterHeader = recorded.readOffsets
        #expect(recorded.readsOfTheStart == 2, "reads at \(afterHeader)")
        var collector = RGBAImageCollector()
        _ = try header.decode(options: .init(), into: &collector)
        #expect(recorded.readOffsets == afterHeader)

        let throughReader = try ReadRecordingFile(path: Fixtures.path(file))
        var sink = RGBAImageCollector()
        let reader = try Self.registry.reader(for: throughReader.file)
        #expect(throughReader.readsOfTheStart == 2)
        _ = try reader.decode(into: &sink)
        #expect(throughReader.readsOfTheStart == 2 && sink.image == collector.image)
    }

    /// A header holds libheif's context: decoding it again, one decode after the other (full size,
    /// then its thumbnail, then full size), gives each decode's pixels without reading the file.
    @Test func aHeaderDecodesAgain() throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path("heif/example.heic"))
        let header = try Self.codec.open(recorded.source, options: .init())
        let reads = recorded.readOffsets.count
        let options = [DecodeOptions(), DecodeOptions(minimumSize: PixelSize(width: 300, height: 200)), DecodeOptions(maxThreads: 2)]
        let decoded = options.map { options in
            DecodeOutcome.of { (sink) throws(ImageError) in try header.decode(options: options, into: &sink) }
        }
        #expect(recorded.readOffsets.count == reads)
        #expect(try decoded.map { try $0.get().report.outputSize } == [
            PixelSize(width: 1280, height: 854), PixelSize(width: 320, height: 212), PixelSize(width: 1280, height: 854),
        ])
        #expect(decoded[0] == decoded[2])
        #expect(decoded[0] == DecodeOutcome.plain(Self.codec, .file(path: Fixtures.path("heif/example.heic")), .init()))
    }

    /// A header read under the default limits and decoded under stricter ones fails with the error
    /// the plain decode gives under those limits, from a file and from memory.
    @Test(arguments: [
        ("heif/example.heic", DecodingLimits(maxPixelCount: 1_000_000)),
        ("heif/example.heic", DecodingLimits(maxDimension: 1000)),
        ("heif/example.heic", DecodingLimits(maxMemoryBytes: 1 << 20)),
        ("heif/example.heic", DecodingLimits(maxInputBytes: 100_000)),
        ("heif/sequence-5-frames.avif", DecodingLimits(maxFrames: 4)),
    ])
    func stricterDecodeLimitsStillHold(_ file: String, _ limits: DecodingLimits) throws {
        for source in [ImageSource.file(path: Fixtures.path(file)), .bytes(try Fixtures.bytes(file))] {
            #expect(throws: Never.self) { try DecodeOutcome.continued(Self.codec, source, decoding: DecodeOptions()).get() }
            let plain = DecodeOutcome.plain(Self.codec, source, DecodeOptions(limits: limits))
            guard case .failure(.limitExceeded) = plain else {
                Issue.record("\(source.displayName): the plain decode was not refused: \(plain)")
                continue
            }
            #expect(DecodeOutcome.continued(Self.codec, source, decoding: DecodeOptions(limits: limits)) == plain, "\(source.displayName)")
        }
    }

    /// Truncated files fail alike on every path: header then decode, plain decode, file and memory.
    @Test(arguments: [0, 7, 100, 4096, 300_000, 700_000])
    func truncatedFilesGiveTheSameErrorsOnEveryPath(_ length: Int) throws {
        let bytes = Array(try Fixtures.bytes("heif/example.heic").prefix(length))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "truncated.heic")
        let fromBytes = DecodeOutcome.plain(Self.codec, .bytes(bytes), DecodeOptions())
        #expect(throws: ImageError.self) { try fromBytes.get() }
        if length == 0 { #expect(fromBytes == .failure(.emptyInput)) }
        for source in [ImageSource.file(path: scratch.file("truncated.heic")), .bytes(bytes)] {
            #expect(DecodeOutcome.plain(Self.codec, source, DecodeOptions()) == fromBytes)
            #expect(DecodeOutcome.continued(Self.codec, source, decoding: DecodeOptions()) == fromBytes)
        }
    }
}

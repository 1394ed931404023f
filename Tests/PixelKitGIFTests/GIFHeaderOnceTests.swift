import Foundation
import PixelKit
import PixelKitGIF
import PixelKitTestSupport
import Testing

/// The header read once (`readHeader`: the block walk and giflib opened up to the first frame's
/// data) and the decode continuing from it (`decode(header:)`): the same pixels, report and errors
/// as a plain decode on every GIF fixture and on damaged variants of them, through the codec and
/// through `CodecRegistry.reader(for:)`; the decode's own limits applied; the file's start read once.
@Suite struct GIFHeaderOnceTests {
    static let codec = GIFCodec()

    static let files = Fixtures.files(in: "gif") { $0.hasSuffix(".gif") }

    /// The file, and damaged variants in memory: cut at a few places, a stray byte after the
    /// screen descriptor's color table, and the first image's code size set to 12.
    static func variants(_ file: String) throws -> [ImageSource] {
        let bytes = try Fixtures.bytes(file)
        var sources: [ImageSource] = [.file(path: Fixtures.path(file)), .openFile(try ImageFile(path: Fixtures.path(file))), .bytes(bytes), .data(Data(bytes))]
        for fraction in [0.02, 0.3, 0.6, 0.95] { sources.append(.bytes(Array(bytes.prefix(Int(Double(bytes.count) * fraction))))) }
        let tableEnd = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        sources.append(.bytes(Array(bytes[..<tableEnd]) + [0x55] + Array(bytes[tableEnd...])))
        if let descriptor = bytes.firstIndex(of: 0x2C), descriptor > tableEnd {
            var badCode = bytes
            let localColors = badCode[descriptor + 9] & 0x80 != 0 ? 3 << (Int(badCode[descriptor + 9] & 7) + 1) : 0
            if descriptor + 10 + localColors < badCode.count {
                badCode[descriptor + 10 + localColors] = 12
                sources.append(.bytes(badCode))
            }
        }
        return sources
    }

    @Test(arguments: files)
    func continuingEqualsThePlainDecode(_ file: String) throws {
        for source in try Self.variants(file) {
            for strictness in [DecodeOptions.Strictness.lenient, .strict] {
                let options = DecodeOptions(strictness: strictness)
                #expect(DecodeOutcome.continued(Self.codec, source, reading: options, decoding: options) == DecodeOutcome.plain(Self.codec, source, options), "\(source.displayName) \(strictness)")
            }
        }
    }

    @Test(arguments: files)
    func readerEqualsTheRegistryDecode(_ file: String) throws {
        let registry = CodecRegistry([GIFCodec()])
        let source = ImageSource.file(path: Fixtures.path(file))
        let viaReader = DecodeOutcome.of { (sink) throws(ImageError) in
            let reader = try registry.reader(for: source)
            #expect(reader.info == (try registry.probe(source)))
            return try reader.decode(into: &sink)
        }
        let viaRegistry = DecodeOutcome.of { (sink) throws(ImageError) in try registry.decode(source, into: &sink) }
        #expect(viaReader == viaRegistry)
        #expect(try Self.codec.open(source, options: DecodeOptions()).info == (try Self.codec.probe(source, limits: .init())))
    }

    /// A header decodes once; used again, the decode reads the header again and gives the same result.
    @Test func aHeaderUsedTwiceIsReadAgain() throws {
        for source in try Self.variants("gif/chelsea-interlaced.gif").prefix(4) {
            let header = try Self.codec.open(source, options: DecodeOptions())
            let first = DecodeOutcome.of { (sink) throws(ImageError) in try header.decode(options: DecodeOptions(), into: &sink) }
            let second = DecodeOutcome.of { (sink) throws(ImageError) in try header.decode(options: DecodeOptions(), into: &sink) }
            #expect(first.error == nil && first == second && first == DecodeOutcome.plain(Self.codec, source, DecodeOptions()))
        }
    }

    /// Limits stricter at the decode than at the header read fail with the decode's limit, as a
    /// plain decode under them does.
    @Test func stricterDecodeLimitsFail() throws {
        let animated = GIFDecodeTests.gif(
            canvas: PixelSize(width: 2, height: 1), rect: PixelRect(x: 0, y: 0, width: 2, height: 1), indices: [1, 2], transparent: 0, frames: 12)
        let cases: [(ImageSource, DecodingLimits, ImageError)] = [
            (.file(path: Fixtures.path("gif/chelsea-interlaced.gif")), DecodingLimits(maxDimension: 10),
             .limitExceeded(.dimension(width: 72, height: 48, limit: 10))),
            (.bytes(animated), DecodingLimits(maxFrames: 5), .limitExceeded(.frameCount(frames: 6, limit: 5))),
            (.bytes(animated), DecodingLimits(maxChunkCount: 5), .limitExceeded(.chunkCount(kind: "GIF extensions", count: 6, limit: 5))),
            (.bytes(animated), DecodingLimits(maxInputBytes: 20), .limitExceeded(.inputSize(bytes: animated.count, limit: 20))),
            (.bytes(try Fixtures.bytes("gif/chelsea-interlaced.gif")), DecodingLimits(maxMemoryBytes: 1000),
             .limitExceeded(.memory(bytes: 72 * 48, limit: 1000))),
        ]
        for (source, limits, error) in cases {
            let decoding = DecodeOptions(limits: limits)
            #expect(DecodeOutcome.plain(Self.codec, source, decoding).error == error)
            #expect(DecodeOutcome.continued(Self.codec, source, reading: DecodeOptions(), decoding: decoding).error == error)
        }
    }

    @Test func theDecodesDeadlineApplies() throws {
        let source = ImageSource.file(path: Fixtures.path("gif/chelsea-interlaced.gif"))
        #expect(DecodeOutcome.continued(Self.codec, source, reading: DecodeOptions(), decoding: DecodeOptions(deadline: .expired)).error == DecodeDeadline.expiredError)
    }

    /// Through the registry's reader, an opened file's first bytes are read twice: once by the open
    /// (the sniff), once by the header read (the walk; giflib reads them from the kept head).
    @Test(arguments: ["gif/chelsea-interlaced.gif", "gif/second_frame_comment.gif"])
    func theFilesStartIsReadOnceAfterTheOpen(_ file: String) throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path(file))
        let registry = CodecRegistry([GIFCodec()])
        var sink = SummingSink()
        _ = try registry.reader(for: recorded.source).decode(into: &sink)
        #expect(recorded.readsOfTheStart == 2)
        var again = SummingSink()
        _ = try registry.decode(recorded.source, into: &again)
        #expect(recorded.readsOfTheStart == 3)
    }
}

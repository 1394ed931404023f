import Foundation
import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// The header read once (`readHeader`) and the decode continuing from it (`decode(header:)`): the
/// same pixels, report and errors as a plain decode on every PNG fixture (the corrupt PngSuite `x*`
/// files included), through the codec and through `CodecRegistry.reader(for:)`; the decode's own
/// limits, strictness and deadline applied; the file's first bytes read once.
@Suite struct PNGHeaderOnceTests {
    static let codec = PNGTestSupport.codec

    /// Every PNG fixture, corrupt ones too.
    static let files: [String] = ["pngsuite", "photos", "apng", "orientation", "pillow"].flatMap { folder in
        Fixtures.files(in: folder) { $0.hasSuffix(".png") }
    }

    static func sources(_ file: String) throws -> [ImageSource] {
        [.file(path: Fixtures.path(file)), .openFile(try ImageFile(path: Fixtures.path(file))), .bytes(try Fixtures.bytes(file)),
         .data(Data(try Fixtures.bytes(file)))]
    }

    @Test func fixturesIncludeTheCorruptSuiteFiles() {
        #expect(Self.files.count >= 190)
        #expect(Self.files.filter { $0.hasPrefix("pngsuite/x") }.count == 14)
    }

    @Test(arguments: files)
    func continuingEqualsThePlainDecode(_ file: String) throws {
        for source in try Self.sources(file) {
            for strictness in [DecodeOptions.Strictness.lenient, .strict] {
                let options = DecodeOptions(strictness: strictness)
                let expected = DecodeOutcome.plain(Self.codec, source, options)
                #expect(DecodeOutcome.continued(Self.codec, source, reading: options, decoding: options) == expected, "\(source.displayName) \(strictness)")
            }
        }
    }

    /// The corrupt files fail the same way whichever path reads them (the plain decode's errors are
    /// pinned by PNGCorruptInputTests).
    @Test(arguments: files.filter { $0.hasPrefix("pngsuite/x") })
    func corruptFilesFailAlike(_ file: String) throws {
        let source = ImageSource.file(path: Fixtures.path(file))
        let expected = DecodeOutcome.plain(Self.codec, source, DecodeOptions())
        #expect(expected.error != nil)
        #expect(DecodeOutcome.continued(Self.codec, source, reading: DecodeOptions(), decoding: DecodeOptions()).error == expected.error)
        let registry = CodecRegistry([PNGCodec()])
        var viaReader: ImageError?
        do {
            var sink = SummingSink()
            _ = try registry.reader(for: source).decode(into: &sink)
        } catch {
            viaReader = error
        }
        var viaRegistry: ImageError?
        do {
            var sink = SummingSink()
            _ = try registry.decode(source, into: &sink)
        } catch {
            viaRegistry = error
        }
        #expect(viaReader != nil && viaReader == viaRegistry)
    }

    @Test(arguments: files.filter { !$0.hasPrefix("pngsuite/x") })
    func readerEqualsTheRegistryDecode(_ file: String) throws {
        let registry = CodecRegistry([PNGCodec()])
        let source = ImageSource.file(path: Fixtures.path(file))
        let reader = try registry.reader(for: source)
        #expect(reader.info == (try registry.probe(source)))
        var viaReader = RGBAImageCollector()
        let report = try reader.decode(into: &viaReader)
        let (image, expected) = try registry.decodeImage(source)
        #expect(report == expected)
        #expect(viaReader.image.pixels == image.pixels)
    }

    @Test(arguments: files.filter { !$0.hasPrefix("pngsuite/x") })
    func headerFactsAreTheProbe(_ file: String) throws {
        let source = ImageSource.file(path: Fixtures.path(file))
        #expect(try Self.codec.open(source, options: DecodeOptions()).info == (try Self.codec.probe(source, limits: .init())))
    }

    /// A header decodes once; used again, the decode reads the header again and gives the same result.
    @Test(arguments: ["pngsuite/basn6a08.png", "pngsuite/basi3p04.png", "photos/chelsea.png"])
    func aHeaderUsedTwiceIsReadAgain(_ file: String) throws {
        for source in try Self.sources(file) {
            let header = try Self.codec.open(source, options: DecodeOptions())
            let first = DecodeOutcome.of { (sink) throws(ImageError) in try header.decode(options: DecodeOptions(), into: &sink) }
            let second = DecodeOutcome.of { (sink) throws(ImageError) in try header.decode(options: DecodeOptions(), into: &sink) }
            #expect(first.error == nil)
            #expect(first == second)
            #expect(first == DecodeOutcome.plain(Self.codec, source, DecodeOptions()))
        }
    }

    /// A session decodes the input it was opened on (it holds it): no caller can hand it another.
    @Test func aSessionDecodesTheInputItWasOpenedOn() throws {
        let opened = ImageSource.bytes(try Fixtures.bytes("pngsuite/basn0g08.png"))
        let session = try Self.codec.open(opened, options: DecodeOptions())
        let outcome = DecodeOutcome.of { (sink) throws(ImageError) in try session.decode(options: DecodeOptions(), into: &sink) }
        #expect(outcome == DecodeOutcome.plain(Self.codec, opened, DecodeOptions()))
        #expect(outcome != DecodeOutcome.plain(Self.codec, .bytes(try Fixtures.bytes("pngsuite/basn2c08.png")), DecodeOptions()))
    }

    /// Limits stricter at the decode than at the header read fail with the decode's limit, as a
    /// plain decode under them does.
    @Test(arguments: [
        ("photos/chelsea.png", DecodingLimits(maxDimension: 100)),
        ("photos/chelsea.png", DecodingLimits(maxPixelCount: 1000)),
        ("apng/delay.png", DecodingLimits(maxFrames: 2)),
        ("pngsuite/ct1n0g04.png", DecodingLimits(maxChunkCount: 2)),
        ("pngsuite/cten0g04.png", DecodingLimits(maxChunkBytes: 10)),
    ])
    func stricterDecodeLimitsFail(_ file: String, limits: DecodingLimits) throws {
        for source in try Self.sources(file) {
            let decoding = DecodeOptions(limits: limits)
            let expected = DecodeOutcome.plain(Self.codec, source, decoding)
            guard case .limitExceeded = expected.error else {
                Issue.record("\(file): the plain decode under \(limits) gave \(String(describing: expected.error))")
                continue
            }
            #expect(DecodeOutcome.continued(Self.codec, source, reading: DecodeOptions(), decoding: decoding) == expected)
        }
    }

    @Test func readingUnderStricterLimitsFailsAtTheHeader() throws {
        let source = ImageSource.file(path: Fixtures.path("photos/chelsea.png"))
        #expect(throws: ImageError.limitExceeded(.dimension(width: 451, height: 300, limit: 100))) {
            try Self.codec.open(source, options: DecodeOptions(limits: DecodingLimits(maxDimension: 100)))
        }
    }

    /// The decode's deadline stops it, not the header read's.
    @Test func theDecodesDeadlineApplies() throws {
        for source in try Self.sources("photos/coffee.png") {
            let decoding = DecodeOptions(deadline: .expired)
            #expect(DecodeOutcome.continued(Self.codec, source, reading: DecodeOptions(), decoding: decoding).error == DecodeDeadline.expiredError)
        }
    }

    /// A bad ancillary CRC before the image data: a lenient header read drops the chunk; a strict
    /// decode from it still fails, as a strict plain decode does.
    @Test func theDecodesStrictnessApplies() throws {
        var bytes = try Fixtures.bytes("pngsuite/tbbn0g04.png")
        let trns = try #require(PNGHeaderOnceTests.offset(of: "tRNS", in: bytes))
        let length = bytes[trns..<trns + 4].reduce(0) { $0 << 8 | Int($1) }
        bytes[trns + 8 + length] ^= 0xFF  // the chunk's CRC no longer matches
        for source in [ImageSource.bytes(bytes)] {
            let strict = DecodeOptions(strictness: .strict)
            let lenient = DecodeOptions(strictness: .lenient)
            let expectedStrict = DecodeOutcome.plain(Self.codec, source, strict)
            #expect(expectedStrict.error != nil)
            #expect(DecodeOutcome.continued(Self.codec, source, reading: lenient, decoding: strict) == expectedStrict)
            let expectedLenient = DecodeOutcome.plain(Self.codec, source, lenient)
            #expect(expectedLenient.report?.warnings.isEmpty == false, "\(String(describing: expectedLenient.error))")
            #expect(DecodeOutcome.continued(Self.codec, source, reading: lenient, decoding: lenient) == expectedLenient)
        }
    }

    /// Where the chunk `type` starts (its length field), if present.
    static func offset(of type: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(type.utf8)
        guard bytes.count >= 8 else { return nil }
        for index in 4..<(bytes.count - 4) where Array(bytes[index..<index + 4]) == pattern { return index - 4 }
        return nil
    }

    /// Through the registry's reader, an opened file's first bytes are read twice: once by the open
    /// (the sniff), once by the header read, never by the decode; the same for a plain decode.
    @Test(arguments: ["photos/coffee.png", "pngsuite/basi0g01.png", "apng/delay.png"])
    func theFilesStartIsReadOnceAfterTheOpen(_ file: String) throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path(file))
        let registry = CodecRegistry([PNGCodec()])
        var sink = SummingSink()
        _ = try registry.reader(for: recorded.source).decode(into: &sink)
        #expect(recorded.readsOfTheStart == 2)
        var again = SummingSink()
        _ = try registry.decode(recorded.source, into: &again)
        #expect(recorded.readsOfTheStart == 3)
    }
}

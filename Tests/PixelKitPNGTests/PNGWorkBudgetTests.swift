import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// The work budget inside the PNG decoder (issue 27): a deadline or a cancelled task stops the decode
/// within a row (and a file's reads, chunks before and after the image included, within one read),
/// and metadata chunks past `maxChunkCount` are refused.
@Suite struct PNGWorkBudgetTests {
    static let codec = PNGCodec()
    /// 1024×1024 noise, plain and interlaced: a decode long enough to stop in its middle.
    static let noise = NoiseImage.make(width: 1024, height: 1024)
    static let sequential = try! codec.encode(noise, options: EncodeOptions())
    static let interlaced = try! codec.encode(noise, options: EncodeOptions(progressive: true))

    static func decode(_ source: ImageSource, _ options: DecodeOptions, into sink: inout InterruptionSink) throws(ImageError) {
        _ = try codec.decode(source, options: options, into: &sink)
    }

    /// A passed deadline stops the decode before any row, from memory and from a file, plain or interlaced.
    @Test(arguments: [false, true])
    func anExpiredDeadlineStopsTheDecode(interlaced: Bool) throws {
        let bytes = interlaced ? Self.interlaced : Self.sequential
        var sink = InterruptionSink()
        #expect(throws: DecodeDeadline.expiredError) { try Self.decode(.bytes(bytes), DecodeOptions(deadline: .expired), into: &sink) }
        #expect(sink.rows == 0)
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(bytes, to: "noise.png")
        #expect(throws: DecodeDeadline.expiredError) {
            try Self.decode(.file(path: directory.file("noise.png")), DecodeOptions(deadline: .expired), into: &sink)
        }
        #expect(sink.rows == 0)
    }

    /// A file's reads stop too: a decode whose deadline passes while libspng reads the
    /// chunks before the image data (here 2,000 of them) fails with the deadline, not as damage.
    @Test func aDeadlineStopsTheReadsOfAFile() throws {
        var file = PNGFileBuilder()
        file.chunk("IHDR", PNGFileBuilder.ihdr(width: 258, height: 1))
        for _ in 0..<2000 { file.chunk("prVt", [UInt8](repeating: 7, count: 64)) }
        file.chunk("IDAT", PNGDeflateBomb.zlib(repeating: 0, runs: 1))
        file.chunk("IEND", [])
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(file.bytes, to: "chunks.png")
        var sink = InterruptionSink()
        #expect(throws: DecodeDeadline.expiredError) {
            try Self.decode(.file(path: directory.file("chunks.png")), DecodeOptions(deadline: .expired), into: &sink)
        }
        #expect(!sink.began)
    }

    /// A task cancelled in the middle of a decode (by its sink, at the first row) stops before the last row.
    @Test func cancellingTheTaskStopsTheDecode() async {
        let (result, sink) = await Task { () -> (Result<Void, ImageError>, InterruptionSink) in
            var sink = InterruptionSink(cancelsAtFirstRow: true)
            let result = Result { () throws(ImageError) in try Self.decode(.bytes(Self.sequential), DecodeOptions(), into: &sink) }
            return (result, sink)
        }.value
        #expect(throws: ImageError.cancelled) { try result.get() }
        #expect(sink.rows == 1)
    }

    /// Text chunks past `maxChunkCount` are refused by name, before the image data is decoded.
    @Test func textChunksPastTheLimitAreRefused() throws {
        var file = PNGFileBuilder()
        file.chunk("IHDR", PNGFileBuilder.ihdr(width: 258, height: 1))
        for index in 0..<30 { file.chunk("tEXt", Array("Comment\u{0}note \(index)".utf8)) }
        file.chunk("IDAT", PNGDeflateBomb.zlib(repeating: 0, runs: 1))
        file.chunk("IEND", [])
        var sink = InterruptionSink()
        let limits = DecodingLimits(maxChunkCount: 20)
        #expect(throws: ImageError.limitExceeded(.chunkCount(kind: "PNG ancillary chunks", count: 21, limit: 20))) {
            try Self.decode(.bytes(file.bytes), DecodeOptions(limits: limits), into: &sink)
        }
        #expect(!sink.began)
        try Self.decode(.bytes(file.bytes), DecodeOptions(limits: DecodingLimits(maxChunkCount: 30)), into: &sink)
        #expect(sink.rows == 1)
    }
}

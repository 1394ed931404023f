import Foundation
import PixelKit
import PixelKitTestSupport
import Testing

/// Operations that need the header before they decode open the input once and continue the
/// decode from that session's header, never opening it a second time to decode (issue 30, "parse
/// once"; issue 38, one path through a decoder).
@Suite("One header read per operation")
struct HeaderOnceTests {
    /// A 4×2 PPM.
    static let image: [UInt8] = Array("P6\n4 2\n255\n".utf8) + (0..<24).map { UInt8($0 * 10) }

    private func calls(_ body: (CodecRegistry) throws -> Void) throws -> HeaderCountingCodec.Calls {
        let codec = HeaderCountingCodec()
        try body(CodecRegistry([codec]))
        return codec.calls.withLock { $0 }
    }

    private var readOnce: HeaderCountingCodec.Calls { .init(opens: 1, decodes: [1]) }

    @Test func averagesReadTheHeaderOnce() throws {
        for accuracy in [AverageAccuracy.fast, .exact] {
            #expect(try calls { _ = try $0.averageColor(of: Self.image, options: AverageOptions(accuracy: accuracy)) } == readOnce)
        }
        let region = PixelRect(x: 1, y: 0, width: 2, height: 2)
        #expect(try calls { _ = try $0.averageColor(of: Self.image, options: AverageOptions(region: region)) } == readOnce)
    }

    @Test func thumbnailsReadTheHeaderOnce() throws {
        #expect(try calls { _ = try Thumbnailer(codecs: $0, options: ThumbnailOptions(maxPixelSize: 2)).thumbnailImage(of: Self.image) } == readOnce)
    }

    @Test func aReaderDecodesFromItsHeader() throws {
        var size: PixelSize?
        let counted = try calls { codecs in
            let reader = try codecs.reader(for: Self.image)
            size = reader.info.size
            var collector = RGBAImageCollector()
            _ = try reader.decode(into: &collector)
            #expect(collector.image.pixels == Array(Self.image.dropFirst(11)).chunks(of: 3).flatMap { $0 + [255] })
        }
        #expect(size == PixelSize(width: 4, height: 2))
        #expect(counted == readOnce)
    }

    @Test func probingReadsOnlyTheHeader() throws {
        #expect(try calls { _ = try $0.probe(Self.image) } == .init(opens: 1))
    }

    /// The header was read within the reader's limits; the decode's own limits still hold.
    @Test func aDecodeChecksItsOwnLimits() throws {
        let codecs = CodecRegistry([HeaderCountingCodec()])
        let reader = try codecs.reader(for: Self.image)
        var collector = RGBAImageCollector()
        // A reader is consumed by its decode, so not inside `#expect(throws:)`'s closure.
        var failure: ImageError?
        do { _ = try reader.decode(options: DecodeOptions(limits: DecodingLimits(maxPixelCount: 4)), into: &collector) } catch { failure = error }
        #expect(failure == .limitExceeded(.pixelCount(width: 4, height: 2, limit: 4)))
    }

    /// A codec's own session type is copyable: decoded a second time, it must still decode right
    /// (the toy codec reads from its source again), and the second decode is counted as such.
    @Test func aSessionDecodedTwiceDecodesAgain() throws {
        let codec = HeaderCountingCodec()
        let session = try codec.open(.bytes(Self.image), options: .init())
        var first = RGBAImageCollector(), second = RGBAImageCollector()
        _ = try session.decode(options: .init(), into: &first)
        _ = try session.decode(options: .init(), into: &second)
        #expect(first.image == second.image)
        #expect(first.image.pixels == Array(Self.image.dropFirst(11)).chunks(of: 3).flatMap { $0 + [255] })
        #expect(codec.calls.withLock { $0 } == .init(opens: 1, decodes: [1, 1]))
    }

    /// Errors are named after the file a reader opened, as every operation's are.
    @Test func aReaderNamesItsFileInErrors() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Array("P6\n4 2\n255\n".utf8) + [1, 2, 3], to: "short.ppm")
        let codecs = CodecRegistry([HeaderCountingCodec()])
        let reader = try codecs.reader(for: directory.file("short.ppm"))
        var collector = RGBAImageCollector()
        var failure: ImageError?
        do { _ = try reader.decode(options: DecodeOptions(strictness: .strict), into: &collector) } catch { failure = error }
        #expect(failure == .inFile(path: directory.file("short.ppm"), .truncated(format: ToyPNMCodec.format, message: "pixel data ends at row 0 of 2")))
    }
}

private extension Array {
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

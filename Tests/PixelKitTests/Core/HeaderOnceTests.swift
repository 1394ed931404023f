import Foundation
import PixelKit
import PixelKitTestSupport
import Testing

/// Operations that need the header before they decode read it once and continue the decode from
/// it (`readHeader`, then `decode(_:header:…)` with that header), never `probe` then a plain
/// `decode` that would parse it again (issue 30, "parse once").
@Suite("One header read per operation")
struct HeaderOnceTests {
    /// A 4×2 PPM.
    static let image: [UInt8] = Array("P6\n4 2\n255\n".utf8) + (0..<24).map { UInt8($0 * 10) }

    private func calls(_ body: (CodecRegistry) throws -> Void) throws -> HeaderCountingCodec.Calls {
        let codec = HeaderCountingCodec()
        try body(CodecRegistry([codec]))
        return codec.calls.withLock { $0 }
    }

    private var readOnce: HeaderCountingCodec.Calls { .init(probes: 0, headerReads: 1, plainDecodes: 0, headerDecodes: [1]) }

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
        #expect(try calls { _ = try $0.probe(Self.image) } == .init(probes: 1))
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

    /// A decoder without a header type of its own (`Header == ImageInfo`) reads through `probe`
    /// and decodes through its plain `decode`: third-party codecs need no change.
    @Test func aDecoderWithoutAHeaderTypeUsesProbeAndDecode() throws {
        let codecs = CodecRegistry([ToyPNMCodec()])
        let reader = try codecs.reader(for: Self.image)
        #expect(reader.info.size == PixelSize(width: 4, height: 2))
        var collector = RGBAImageCollector()
        let report = try reader.decode(into: &collector)
        #expect(report.outputSize == PixelSize(width: 4, height: 2))
        #expect(collector.image.pixels.count == 32)
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
        do { _ = try reader.decode(into: &collector) } catch { failure = error }
        #expect(failure == .inFile(path: directory.file("short.ppm"), .truncated(format: ToyPNMCodec.format, message: "pixel data ends early")))
    }
}

private extension Array {
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Decoded pixels against sums computed by three independent decoders (`reference_means.json`).
@Suite struct PNGReferenceDecodeTests {
    @Test func referenceListCoversTheSuite() {
        // 162 PngSuite entries minus none missing, plus 3 photos: guards against an empty parameter list.
        #expect(PNGTestSupport.referenceFiles.count >= 150)
    }

    @Test(arguments: PNGTestSupport.referenceFiles)
    func sumsMatchReference(_ file: String) throws {
        let reference = try #require(Fixtures.referenceMeans[file])
        let (sink, report) = try PNGTestSupport.sums(.file(path: Fixtures.path(file)))
        #expect(sink.sums == reference.sum_rgba)
        #expect(sink.rows == reference.height)
        #expect(sink.size == PixelSize(width: reference.width, height: reference.height))
        #expect(report.outputSize == sink.size)
        #expect(report.warnings.isEmpty)
    }

    @Test(arguments: PNGTestSupport.referenceFiles)
    func probeMatchesReferenceSize(_ file: String) throws {
        let reference = try #require(Fixtures.referenceMeans[file])
        let info = try PNGTestSupport.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        #expect(info.size == PixelSize(width: reference.width, height: reference.height))
        #expect(info.format == .png)
    }

    @Test(arguments: PNGTestSupport.referenceFiles)
    func fileAndBytesDecodeIdentically(_ file: String) throws {
        let (fromFile, _) = try PNGTestSupport.image(.file(path: Fixtures.path(file)))
        let (fromBytes, _) = try PNGTestSupport.image(.bytes(Fixtures.bytes(file)))
        #expect(fromFile == fromBytes)
    }
}

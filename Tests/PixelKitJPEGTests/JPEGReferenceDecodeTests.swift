import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Decodes every JPEG fixture that has reference values from three independent decoders
/// (`Fixtures/reference_means.json`) and compares.
@Suite struct JPEGReferenceDecodeTests {
    /// The 8-bit JPEG fixtures with reference sums (the 12-bit one is covered by the error tests).
    static let files = Fixtures.referenceMeans.keys
        .filter { $0.hasSuffix(".jpg") && !$0.hasSuffix("testorig12.jpg") }
        .sorted()

    @Test func everyReferencedJPEGIsCovered() {
        #expect(Self.files.count == 14)
    }

    /// libjpeg's default decoding (ISLOW DCT, fancy upsampling) is what the references used, so the
    /// integer sums match exactly.
    @Test(arguments: files)
    func fullSizeSumsEqualReference(file: String) throws {
        let reference = try #require(Fixtures.referenceMeans[file])
        let (sink, report) = try JPEGTesting.sums(file)
        #expect(report.outputSize == PixelSize(width: reference.width, height: reference.height))
        #expect(sink.rows == reference.height)
        #expect(sink.sums == reference.sum_rgba)
        #expect(report.warnings.isEmpty)
    }

    /// At 1/8 each output pixel is one 8×8 block's DC. The mean is weighted by the stored pixels each
    /// output pixel covers: on these 227×149 images a plain mean of the 29×19 output is off by up to
    /// 1.6, because the last block column and row stand for only 3 and 5 pixels.
    @Test(arguments: files)
    func oneEighthMeanIsWithinOneOfReference(file: String) throws {
        let reference = try #require(Fixtures.referenceMeans[file])
        let (sink, report) = try JPEGTesting.sums(file, options: .init(minimumSize: PixelSize(width: 1, height: 1)))
        #expect(report.outputSize == PixelSize(width: (reference.width + 7) / 8, height: (reference.height + 7) / 8))
        for (mean, expected) in zip(sink.weightedMeans, reference.mean_rgba) {
            #expect(abs(mean - expected) < 1.0, "\(file): \(sink.weightedMeans) vs \(reference.mean_rgba)")
        }
    }

    @Test(arguments: files)
    func probeReportsReferenceSize(file: String) throws {
        let reference = try #require(Fixtures.referenceMeans[file])
        let info = try JPEGTesting.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        #expect(info.format == .jpeg)
        #expect(info.size == PixelSize(width: reference.width, height: reference.height))
        #expect(info.bitDepth == 8)
        #expect(!info.hasAlpha)
    }

    /// The same bytes from memory and from a file decode identically.
    @Test func memoryAndFileSourcesAgree() throws {
        let file = "photos/rocket.jpg"
        let (fromFile, _) = try JPEGTesting.sums(file)
        var fromMemory = SummingSink()
        _ = try JPEGTesting.codec.decode(.bytes(try Fixtures.bytes(file)), options: .init(), into: &fromMemory)
        #expect(fromMemory.sums == fromFile.sums)
    }

    /// Through the registry, as applications use it.
    @Test func registryDispatchesToTheJPEGCodec() throws {
        let registry = CodecRegistry([JPEGCodec()])
        let bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let decoded = try registry.decodeImage(.bytes(bytes))
        let reference = try #require(Fixtures.referenceMeans["jpeg/libjpeg-turbo/testorig.jpg"])
        var sums = [0, 0, 0, 0]
        for (index, value) in decoded.image.pixels.enumerated() { sums[index & 3] += Int(value) }
        #expect(sums == reference.sum_rgba)
        #expect(try registry.encoder(for: .jpeg).fileExtension == "jpg")
    }
}

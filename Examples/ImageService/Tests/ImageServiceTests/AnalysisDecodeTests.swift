import Foundation
import PixelKit
import PixelKitJPEG
import Synchronization
import Testing
@testable import ImageServiceCore

/// An upload's analysis (strict verdict, average, BlurHash, palette, smallest thumbnail) reads the
/// file's header once and decodes it once.
struct AnalysisDecodeTests {
    /// PixelKit's JPEG codec, counting the headers it reads and the decodes it makes.
    struct CountedJPEG: ImageDecoder {
        let codec = JPEGCodec()
        let passes = PassCount()

        var format: ImageFormat { codec.format }
        var signatureLength: Int { codec.signatureLength }
        func recognizes(_ leadingBytes: [UInt8]) -> Bool { codec.recognizes(leadingBytes) }

        func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> CountedSession {
            passes.headers.add(1, ordering: .relaxed)
            return CountedSession(session: try codec.open(source, options: options), passes: passes)
        }
    }

    final class PassCount: Sendable {
        let headers = Atomic(0)
        let decodes = Atomic(0)
    }

    struct CountedSession: ImageDecodingSession {
        let session: JPEGCodec.Session
        let passes: PassCount

        var info: ImageInfo { session.info }
        var colorSpace: ColorSpace { session.colorSpace }

        consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            passes.decodes.add(1, ordering: .relaxed)
            return try session.decode(options: options, into: &sink)
        }
    }

    @Test func anUploadIsDecodedOnce() throws {
        let counted = CountedJPEG()
        var codecs = CodecRegistry([counted])
        codecs.register(encoder: JPEGCodec())
        var analyzer = ImageAnalyzer(limits: DecodingLimits())
        analyzer.codecs = codecs
        let folder = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(folder) }
        let path = folder + "/rocket.jpg"
        try Data(try TestSupport.fixture("rocket.jpg")).write(to: URL(fileURLWithPath: path))
        let (analysis, thumbnail) = try analyzer.analyze(fileAt: path, in: DecodeSlot(deadline: .after(.seconds(60)), inFlight: 1))
        #expect(analysis.info.format == .jpeg)
        #expect(counted.passes.headers.load(ordering: .relaxed) == 1)
        #expect(counted.passes.decodes.load(ordering: .relaxed) == 1)
        // The thumbnail is the one a request for the smallest size serves.
        let served = try ImageAnalyzer(limits: DecodingLimits()).thumbnail(ofFileAt: path, size: ImageRoutes.thumbnailSizes.min()!, in: DecodeSlot(deadline: .after(.seconds(60)), inFlight: 1))
        #expect(thumbnail == served)
    }
}

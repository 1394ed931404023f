import BlurHash
import Foundation
import ImagePipeline
import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// A preparation's results come from one decode of the loaded image, whatever it asks for.
struct PreparationSharedDecodeTests {
    @Test(".gallery reads the header for the probe and once more for one decode feeding thumbnail, average and BlurHash")
    func galleryDecodesOnce() async throws {
        let counting = CountingDecoder(JPEGCodec())
        var codecs = CodecRegistry([counting])
        codecs.register(encoder: JPEGCodec())
        let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(codecs: codecs))
        let bytes = try TestSupport.fixture("rocket.jpg")
        let image = try await pipeline.image(for: ImageRequest(key: "rocket", bytes: bytes, preparation: .gallery(maxPixelSize: 64)))
        #expect(counting.decodes == 1)
        #expect(counting.opens == 2)
        #expect(image.thumbnail?.size == PixelSize(width: 64, height: 43))
        // The BlurHash's own decode (longest side at least 128: 1/4) is the thumbnail's: the same hash.
        #expect(image.blurHash == (try await TestSupport.codecs.blurHash(of: bytes)).hash)
        // The fast average's own decode is smaller (1/8): within the fast mode's budget of it.
        let alone = try await TestSupport.codecs.averageColor(of: bytes).color
        let average = try #require(image.averageColor)
        #expect(max(abs(average.red - alone.red), abs(average.green - alone.green), abs(average.blue - alone.blue)) <= 1)
    }

    @Test("A download's file is opened once: the load stage's probe and the .gallery decode read the same opening")
    func downloadOpenedOnce() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/rocket.jpg", .body(rocket))
        let counting = CountingDecoder(JPEGCodec())
        var codecs = CodecRegistry([counting])
        codecs.register(encoder: JPEGCodec())
        let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(codecs: codecs, loader: URLSessionImageDataLoader()))
        let image = try await pipeline.image(for: ImageRequest(url: server.url("/rocket.jpg"), preparation: .gallery(maxPixelSize: 64)))
        #expect(pipeline.metrics.decodesFromFiles == 1)
        #expect(counting.fileOpenings == 1)
        #expect(counting.opens == 2)
        #expect(counting.decodes == 1)
        #expect(image.thumbnail?.size == PixelSize(width: 64, height: 43))
        #expect(image.blurHash == (try await TestSupport.codecs.blurHash(of: rocket)).hash)
    }
}

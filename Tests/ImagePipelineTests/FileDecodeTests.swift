import Foundation
import ImagePipeline
import PixelKit
import Testing

/// A downloaded body is decoded from the file it streamed into and copied into the disk cache in
/// chunks: memory does not follow the body's size.
@Suite("A download is decoded from its file and stored from it", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct FileDecodeTests {
    @Test("The decode reads the body's file; the disk cache gets the same bytes; the file is removed afterwards")
    func decodedFromFile() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/rocket.jpg", .cacheable(rocket, headers: ["Cache-Control: max-age=3600"], entityTag: nil))
        let directory = try TestSupport.scratchDirectory()
        let disk = try DiskCache(directory: directory)
        let url = server.url("/rocket.jpg")
        var pipeline: ImagePipeline? = TestSupport.pipeline(diskCache: disk)
        let image = try await pipeline!.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 64)))
        #expect(image.origin == .network)
        #expect(pipeline!.metrics.decodesFromFiles == 1)
        #expect(pipeline!.metrics.decodes == 1)
        #expect(image.thumbnail?.size == PixelSize(width: 64, height: 43))
        let average = try #require(image.averageColor)
        // Converted from the embedded Adobe RGB profile; a fast average is within 3 levels (issue 40).
        let reference = TestSupport.rocketSRGBReferenceMean
        #expect(abs(average.red - reference.red) <= 3 && abs(average.green - reference.green) <= 3 && abs(average.blue - reference.blue) <= 3)
        #expect(disk.entry(forKey: "url:" + url.absoluteString)?.data == rocket)
        pipeline = nil
        // The file goes with the load's result, which the finished work releases.
        let removed = await TestSupport.eventually(within: 10) {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).allSatisfy { !$0.hasPrefix(".download.") }
        }
        #expect(removed)
        // From the disk cache the bytes are in memory (the entry was verified whole): no file decode.
        let again = TestSupport.pipeline(diskCache: disk)
        let cached = try await again.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 32)))
        #expect(cached.origin == .disk)
        #expect(again.metrics.decodesFromFiles == 0)
    }

    @Test("Without a disk cache the body's file lives in the temporary folder; data(for:) still hands out the bytes")
    func withoutDiskCache() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/rocket.jpg", .body(rocket))
        let pipeline = TestSupport.pipeline()
        let image = try await pipeline.image(for: ImageRequest(url: server.url("/rocket.jpg"), preparation: ImagePreparation(averageColor: true)))
        #expect(image.averageColor != nil)
        #expect(pipeline.metrics.decodesFromFiles == 1)
        let bytes = try await TestSupport.pipeline().data(for: ImageRequest(url: server.url("/rocket.jpg")))
        #expect(bytes == rocket)
    }
}
